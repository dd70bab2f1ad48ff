//! Port of `cmd/validation-gen/output_tests/tags/eachval/slice_of_primitive`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListField[*]"
    #[serde(rename = "listField")]
    list_field: Vec<String>,
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListTypedefField[*]"
    #[serde(rename = "listTypedefField")]
    list_typedef_field: Vec<StringType>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct StringType(String);

fn mk(a: &str, b: &str) -> Struct {
    Struct {
        list_field: vec![a.into(), b.into()],
        list_typedef_field: vec![StringType(a.into()), StringType(b.into())],
    }
}

const ALL: &[(&str, &[&str])] = &[
    ("listField[0]", &["field Struct.ListField[*]"]),
    ("listField[1]", &["field Struct.ListField[*]"]),
    ("listTypedefField[0]", &["field Struct.ListTypedefField[*]"]),
    ("listTypedefField[1]", &["field Struct.ListTypedefField[*]"]),
];

#[test]
fn test() {
    value(Struct::default()).expect_valid();
    value(mk("zero", "one")).expect_validate_false_by_path(ALL);
    // Ratcheting: same data, different order still fails.
    value(mk("zero", "one"))
        .old_value(mk("one", "zero"))
        .expect_validate_false_by_path(ALL);
    value(mk("zero", "one"))
        .old_value(mk("zero", "one"))
        .expect_valid();
}
