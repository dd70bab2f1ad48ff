//! Port of `cmd/validation-gen/output_tests/tags/format/k8s-label-value`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:format=k8s-label-value
    #[serde(rename = "labelValueField")]
    field: String,
    /// +k8s:format=k8s-label-value
    #[serde(rename = "labelValuePtrField")]
    ptr_field: Option<String>,
    // Note: no validation here.
    #[serde(rename = "labelValueTypedefField")]
    typedef_field: LabelValueStringType,
}

/// +k8s:validation-gen-nolint
/// +k8s:format=k8s-label-value
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct LabelValueStringType(String);

fn mk(a: &str, b: &str, c: &str) -> Struct {
    Struct {
        field: a.to_string(),
        ptr_field: Some(b.to_string()),
        typedef_field: LabelValueStringType(c.to_string()),
    }
}

/// The three fields' format errors (details `da`, `db`, `dc`).
fn invalid(a: &str, b: &str, c: &str, d: [&str; 3]) -> ErrorList {
    let o = "format=k8s-label-value";
    ErrorList(vec![
        Error::invalid(&path("labelValueField"), a, d[0].to_owned()).with_origin(o),
        Error::invalid(&path("labelValuePtrField"), b, d[1].to_owned()).with_origin(o),
        Error::invalid(&path("labelValueTypedefField"), c, d[2].to_owned()).with_origin(o),
    ])
}

fn matcher() -> ErrorMatcher {
    ErrorMatcher::default().by_type().by_field().by_origin()
}

#[test]
fn test() {
    for s in [
        String::from("valid-value"),
        String::from("valid.value"),
        String::from("valid_value"),
        String::from("a"),
        String::from("123-abc"),
        String::from("Valid-Value"),
        "a".to_string() + &"b".repeat(61) + "c",
        String::new(),
    ] {
        let s: &str = &s;
        value(mk(s, s, s)).expect_valid();
    }
    for s in [
        String::from("-invalid-value"),
        String::from("invalid-value-"),
        String::from(".invalid.value"),
        String::from("invalid.value."),
        String::from("_invalid_value"),
        String::from("invalid_value_"),
        String::from("invalid@value"),
        String::from("Not a LabelValue"),
        "a".to_string() + &"b".repeat(62) + "c",
    ] {
        let s: &str = &s;
        let v = mk(s, s, s);
        value(v.clone()).expect_matches(matcher(), invalid(s, s, s, ["", "", ""]));
        value(v.clone()).old_value(v).expect_valid();
    }
}
