//! Port of `cmd/validation-gen/output_tests/tags/format/k8s-extended-resource-name`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};

// Not ported: Go's type-level `+k8s:validation:Required` on MyType (not a
// validation-gen tag; it generates nothing).

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct MyType {
    /// +k8s:optional
    /// +k8s:format=k8s-extended-resource-name
    #[serde(rename = "nameField")]
    field: String,
    /// +k8s:optional
    /// +k8s:format=k8s-extended-resource-name
    #[serde(rename = "namePtrField")]
    ptr_field: Option<String>,
    // Note: no validation here.
    #[serde(rename = "nameTypedefField")]
    typedef_field: NameStringType,
}

/// +k8s:validation-gen-nolint
/// +k8s:format=k8s-extended-resource-name
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct NameStringType(String);

fn mk(a: &str, b: &str, c: &str) -> MyType {
    MyType {
        field: a.to_string(),
        ptr_field: Some(b.to_string()),
        typedef_field: NameStringType(c.to_string()),
    }
}

/// The three fields' format errors (details `da`, `db`, `dc`).
fn invalid(a: &str, b: &str, c: &str, d: [&str; 3]) -> ErrorList {
    let o = "format=k8s-extended-resource-name";
    ErrorList(vec![
        Error::invalid(&path("nameField"), a, d[0].to_owned()).with_origin(o),
        Error::invalid(&path("namePtrField"), b, d[1].to_owned()).with_origin(o),
        Error::invalid(&path("nameTypedefField"), c, d[2].to_owned()).with_origin(o),
    ])
}

fn matcher() -> ErrorMatcher {
    ErrorMatcher::default().by_type().by_field().by_origin()
}

#[test]
fn test_k8s_extended_resource_name() {
    value(mk(
        "example.com/my-resource",
        "my-domain.org/foo",
        "example.com/another-resource",
    ))
    .expect_valid();
    value(mk(
        "example.com/my_resource",
        "example.com/My-Resource",
        "example.com/my.resource",
    ))
    .expect_valid();
    let v = mk(
        "kubernetes.io/my-resource",
        "requests.example.com/my-resource",
        "my-resource",
    );
    value(v.clone()).expect_matches(
        matcher(),
        invalid(
            "kubernetes.io/my-resource",
            "requests.example.com/my-resource",
            "my-resource",
            [
                "a qualified name must not be a reserved name",
                "a qualified name must not have a reserved prefix",
                "a qualified name must be a valid domain prefix and a name separated by a slash",
            ],
        ),
    );
    // Ratcheting.
    value(v.clone()).old_value(v).expect_valid();
    let common = "a valid extended resource name must consist of a domain name prefix and a path segment separated by a slash, where the path segment consists of alphanumeric characters, '-', and must start and end with an alphanumeric character, and the domain name prefix is a valid DNS subdomain name, with the exception that 'requests' is a valid domain name prefix";
    let v = mk(
        "example.com/my-resource-",
        "example.com/-my-resource",
        "example.com/",
    );
    value(v.clone()).expect_matches(
        matcher(),
        invalid(
            "example.com/my-resource-",
            "example.com/-my-resource",
            "example.com/",
            [common, common, common],
        ),
    );
    // Ratcheting.
    value(v.clone()).old_value(v).expect_valid();
}
