//! Port of `cmd/validation-gen/output_tests/update_validations/primitives`
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
    #[serde(rename = "s")]
    s: String,
    /// +k8s:immutable
    #[serde(rename = "i")]
    i: i64,
    /// +k8s:immutable
    #[serde(rename = "b")]
    b: bool,
    /// +k8s:immutable
    #[serde(rename = "f")]
    f: f64,
}

#[test]
fn test() {
    let a = Struct {
        s: "zero".into(),
        i: 0,
        b: false,
        f: 0.0,
    };
    // Different data.
    let b = Struct {
        s: "one".into(),
        i: 1,
        b: true,
        f: 1.1,
    };
    value(a.clone()).old_value(a.clone()).expect_valid();
    value(a).old_value(b).expect_matches(
        ErrorMatcher::default()
            .by_type()
            .by_field()
            .by_detail_substring()
            .by_origin(),
        ErrorList(
            ["s", "i", "b", "f"]
                .into_iter()
                .map(|f| Error::invalid(&path(f), Value::Null, "").with_origin("immutable"))
                .collect(),
        ),
    );
}
