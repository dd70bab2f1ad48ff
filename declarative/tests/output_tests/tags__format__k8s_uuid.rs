//! Port of `cmd/validation-gen/output_tests/tags/format/k8s-uuid`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct MyType {
    /// +k8s:optional
    /// +k8s:format=k8s-uuid
    #[serde(rename = "uuidField")]
    field: String,
    /// +k8s:optional
    /// +k8s:format=k8s-uuid
    #[serde(rename = "uuidPtrField")]
    ptr_field: Option<String>,
    // Note: no validation here.
    #[serde(rename = "uuidTypedefField")]
    typedef_field: UUIDStringType,
}

/// +k8s:validation-gen-nolint
/// +k8s:format=k8s-uuid
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct UUIDStringType(String);

fn mk(a: &str, b: &str, c: &str) -> MyType {
    MyType {
        field: a.to_string(),
        ptr_field: Some(b.to_string()),
        typedef_field: UUIDStringType(c.to_string()),
    }
}

/// The three fields' format errors (details `da`, `db`, `dc`).
fn invalid(a: &str, b: &str, c: &str, d: [&str; 3]) -> ErrorList {
    let o = "format=k8s-uuid";
    ErrorList(vec![
        Error::invalid(&path("uuidField"), a, d[0].to_owned()).with_origin(o),
        Error::invalid(&path("uuidPtrField"), b, d[1].to_owned()).with_origin(o),
        Error::invalid(&path("uuidTypedefField"), c, d[2].to_owned()).with_origin(o),
    ])
}

fn matcher() -> ErrorMatcher {
    ErrorMatcher::default().by_type().by_field().by_origin()
}

#[test]
fn test_k8s_uuid() {
    value(mk(
        "123e4567-e89b-12d3-a456-426614174000",
        "123e4567-e89b-12d3-a456-426614174000",
        "123e4567-e89b-12d3-a456-426614174000",
    ))
    .expect_valid();
    let v = mk(
        "123E4567-E89B-12D3-A456-426614174000",
        "123E4567-E89B-12D3-A456-426614174000",
        "123E4567-E89B-12D3-A456-426614174000",
    );
    value(v.clone()).expect_matches(
        matcher(),
        invalid(
            "123E4567-E89B-12D3-A456-426614174000",
            "123E4567-E89B-12D3-A456-426614174000",
            "123E4567-E89B-12D3-A456-426614174000",
            ["", "", ""],
        ),
    );
    // Ratcheting.
    value(v.clone()).old_value(v).expect_valid();
    let v = mk("not-a-uuid", "not-a-uuid", "not-a-uuid");
    value(v.clone()).expect_matches(
        matcher(),
        invalid("not-a-uuid", "not-a-uuid", "not-a-uuid", ["", "", ""]),
    );
    // Ratcheting.
    value(v.clone()).old_value(v).expect_valid();
}
