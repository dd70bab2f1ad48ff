//! Port of `cmd/validation-gen/output_tests/tags/eachval/map_of_struct`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;
use std::collections::BTreeMap;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapField[*]"
    #[serde(rename = "mapField")]
    map_field: BTreeMap<String, OtherStruct>,
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapTypedefField[*]"
    #[serde(rename = "mapTypedefField")]
    map_typedef_field: BTreeMap<String, OtherTypedefStruct>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct OtherStruct {}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct OtherTypedefStruct(OtherStruct);

#[test]
fn test() {
    value(Struct::default()).expect_valid();
    value(Struct {
        map_field: [
            ("a".to_string(), OtherStruct {}),
            ("b".to_string(), OtherStruct {}),
        ]
        .into(),
        map_typedef_field: [
            ("a".to_string(), OtherTypedefStruct(OtherStruct {})),
            ("b".to_string(), OtherTypedefStruct(OtherStruct {})),
        ]
        .into(),
    })
    .expect_validate_false_by_path(&[
        ("mapField[a]", &["field Struct.MapField[*]"]),
        ("mapField[b]", &["field Struct.MapField[*]"]),
        ("mapTypedefField[a]", &["field Struct.MapTypedefField[*]"]),
        ("mapTypedefField[b]", &["field Struct.MapTypedefField[*]"]),
    ]);
}
