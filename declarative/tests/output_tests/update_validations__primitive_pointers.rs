//! Port of `cmd/validation-gen/output_tests/update_validations/primitive_pointers`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};
use serde_json::Value;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:immutable
    #[serde(rename = "sp")]
    sp: Option<String>,
    /// +k8s:immutable
    #[serde(rename = "ip")]
    ip: Option<i64>,
    /// +k8s:immutable
    #[serde(rename = "bp")]
    bp: Option<bool>,
    /// +k8s:immutable
    #[serde(rename = "fp")]
    fp: Option<f64>,
}

#[test]
fn test() {
    let a1 = Struct {
        sp: Some("zero".into()),
        ip: Some(0),
        bp: Some(false),
        fp: Some(0.0),
    };
    // Same data, different pointers (an equal copy in Rust).
    let a2 = a1.clone();
    // Different data.
    let b = Struct {
        sp: Some("one".into()),
        ip: Some(1),
        bp: Some(true),
        fp: Some(1.1),
    };
    value(a1.clone()).old_value(a1.clone()).expect_valid();
    value(a1.clone()).old_value(a2).expect_valid();
    value(a1).old_value(b).expect_matches(
        ErrorMatcher::default()
            .by_type()
            .by_field()
            .by_detail_substring()
            .by_origin(),
        ErrorList(
            ["sp", "ip", "bp", "fp"]
                .into_iter()
                .map(|f| Error::invalid(&path(f), Value::Null, "").with_origin("immutable"))
                .collect(),
        ),
    );
}
