//! Port of `cmd/validation-gen/output_tests/tags/format/k8s-long-name/k8s-long-name`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:format=k8s-long-name
    #[serde(rename = "longNameField")]
    field: String,
    /// +k8s:format=k8s-long-name
    #[serde(rename = "longNamePtrField")]
    ptr_field: Option<String>,
    // Note: no validation here.
    #[serde(rename = "longNameTypedefField")]
    typedef_field: LongNameStringType,
}

/// +k8s:validation-gen-nolint
/// +k8s:format=k8s-long-name
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct LongNameStringType(String);

fn mk(a: &str, b: &str, c: &str) -> Struct {
    Struct {
        field: a.to_string(),
        ptr_field: Some(b.to_string()),
        typedef_field: LongNameStringType(c.to_string()),
    }
}

/// The three fields' format errors (details `da`, `db`, `dc`).
fn invalid(a: &str, b: &str, c: &str, d: [&str; 3]) -> ErrorList {
    let o = "format=k8s-long-name";
    ErrorList(vec![
        Error::invalid(&path("longNameField"), a, d[0].to_owned()).with_origin(o),
        Error::invalid(&path("longNamePtrField"), b, d[1].to_owned()).with_origin(o),
        Error::invalid(&path("longNameTypedefField"), c, d[2].to_owned()).with_origin(o),
    ])
}

fn matcher() -> ErrorMatcher {
    ErrorMatcher::default().by_type().by_field().by_origin()
}

#[test]
fn test() {
    value(mk("foo.bar", "foo.bar", "foo.bar")).expect_valid();
    value(mk("1.2.3.4", "1.2.3.4", "1.2.3.4")).expect_valid();
    let v = mk("", "", "");
    value(v.clone()).expect_matches(matcher(), invalid("", "", "", ["", "", ""]));
    // Ratcheting.
    value(v.clone()).old_value(v).expect_valid();
    let v = mk("Not a LongName", "Not a LongName", "Not a LongName");
    value(v.clone()).expect_matches(
        matcher(),
        invalid(
            "Not a LongName",
            "Not a LongName",
            "Not a LongName",
            ["", "", ""],
        ),
    );
    // Ratcheting.
    value(v.clone()).old_value(v).expect_valid();
}
