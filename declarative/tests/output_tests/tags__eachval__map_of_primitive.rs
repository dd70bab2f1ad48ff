//! Port of `cmd/validation-gen/output_tests/tags/eachval/map_of_primitive`
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
    map_field: BTreeMap<String, String>,
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapTypedefField[*]"
    #[serde(rename = "mapTypedefField")]
    map_typedef_field: BTreeMap<String, StringType>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct StringType(String);

#[test]
fn test() {
    value(Struct::default()).expect_valid();
    let ab = [("a", "A"), ("b", "B")];
    value(Struct {
        map_field: ab
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        map_typedef_field: ab
            .iter()
            .map(|(k, v)| (k.to_string(), StringType(v.to_string())))
            .collect(),
    })
    .expect_validate_false_by_path(&[
        ("mapField[a]", &["field Struct.MapField[*]"]),
        ("mapField[b]", &["field Struct.MapField[*]"]),
        ("mapTypedefField[a]", &["field Struct.MapTypedefField[*]"]),
        ("mapTypedefField[b]", &["field Struct.MapTypedefField[*]"]),
    ]);
}
