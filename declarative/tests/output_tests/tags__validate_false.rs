//! Port of `cmd/validation-gen/output_tests/tags/validate_false`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:validateFalse="field Struct.StringField"
    #[serde(rename = "stringField")]
    string_field: String,
}

#[test]
fn test() {
    let s = |v: &str| Struct {
        string_field: v.into(),
    };
    value(s("")).expect_validate_false_by_path(&[("stringField", &["field Struct.StringField"])]);
    // Ratcheting.
    value(s("")).old_value(s("")).expect_valid();
    value(s("abc"))
        .expect_validate_false_by_path(&[("stringField", &["field Struct.StringField"])]);
    // Ratcheting.
    value(s("abc")).old_value(s("abc")).expect_valid();
}
