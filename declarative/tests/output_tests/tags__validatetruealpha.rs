//! Port of `cmd/validation-gen/output_tests/tags/validatetruealpha`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:validateTrueAlpha="field Struct.StringField"
    #[serde(rename = "stringField")]
    string_field: String,
}

#[test]
fn test() {
    value(Struct::default()).expect_valid();
    value(Struct {
        string_field: "abc".into(),
    })
    .expect_valid();
}
