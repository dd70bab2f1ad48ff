//! Port of `cmd/validation-gen/output_tests/tags/format/k8s-resource-fully-qualified-name`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:format=k8s-resource-fully-qualified-name
    #[serde(rename = "fullyQualifiedNameField")]
    field: String,
    /// +k8s:format=k8s-resource-fully-qualified-name
    #[serde(rename = "fullyQualifiedNamePtrField")]
    ptr_field: Option<String>,
    // Note: no validation here.
    #[serde(rename = "fullyQualifiedNameTypedefField")]
    typedef_field: FullyQualifiedNameStringType,
}

/// +k8s:validation-gen-nolint
/// +k8s:format=k8s-resource-fully-qualified-name
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct FullyQualifiedNameStringType(String);

fn mk(a: &str, b: &str, c: &str) -> Struct {
    Struct {
        field: a.to_string(),
        ptr_field: Some(b.to_string()),
        typedef_field: FullyQualifiedNameStringType(c.to_string()),
    }
}

/// The three fields' format errors (details `da`, `db`, `dc`).
fn invalid(a: &str, b: &str, c: &str, d: [&str; 3]) -> ErrorList {
    let o = "format=k8s-resource-fully-qualified-name";
    ErrorList(vec![
        Error::invalid(&path("fullyQualifiedNameField"), a, d[0].to_owned()).with_origin(o),
        Error::invalid(&path("fullyQualifiedNamePtrField"), b, d[1].to_owned()).with_origin(o),
        Error::invalid(&path("fullyQualifiedNameTypedefField"), c, d[2].to_owned()).with_origin(o),
    ])
}

fn matcher() -> ErrorMatcher {
    ErrorMatcher::default().by_type().by_field().by_origin()
}

#[test]
fn test_fully_qualified_name() {
    value(mk(
        "my-prefix/my_name",
        "my-prefix/my_name",
        "my-prefix/my_name",
    ))
    .expect_valid();
    let v = mk("my_name", "", "my-prefix/");
    value(v.clone()).expect_matches(matcher(), invalid("my_name", "", "my-prefix/", ["a fully qualified name must be a domain and a name separated by a slash", "a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_'", "name must not be empty"]));
    // Ratcheting.
    value(v.clone()).old_value(v).expect_valid();
}
