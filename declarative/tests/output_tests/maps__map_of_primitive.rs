//! Port of `cmd/validation-gen/output_tests/maps/map_of_primitive`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (types with a `TypeMeta` field registered: `Struct`)
//! of `+k8s:eachVal` on maps of strings and of a validated string typedef.

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;
use std::collections::BTreeMap;

/// +k8s:validateFalse="type Struct"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:validateFalse="field Struct.MapField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapField[*]"
    #[serde(rename = "mapField")]
    map_field: BTreeMap<String, String>,

    /// +k8s:validateFalse="field Struct.MapTypedefField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapTypedefField[*]"
    #[serde(rename = "mapTypedefField")]
    map_typedef_field: BTreeMap<String, StringType>,

    #[serde(rename = "UnvalidatedMapField")]
    unvalidated_map_field: BTreeMap<String, String>,
}

/// +k8s:validateFalse="type StringType"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct StringType(String);

/// Two entries, as the filler makes.
fn two<V>(val: impl Fn(&str) -> V) -> BTreeMap<String, V> {
    [("a".to_string(), val("A")), ("b".to_string(), val("B"))].into()
}

#[test]
fn struct_() {
    value(Struct {
        type_meta: 7,
        map_field: two(|k| k.to_string()),
        map_typedef_field: two(|v| StringType(v.into())),
        unvalidated_map_field: two(|k| k.to_string()),
    })
    .expect_validate_false_by_path(&[
        ("", &["type Struct"]),
        ("mapField", &["field Struct.MapField"]),
        ("mapField[a]", &["field Struct.MapField[*]"]),
        ("mapField[b]", &["field Struct.MapField[*]"]),
        ("mapTypedefField", &["field Struct.MapTypedefField"]),
        (
            "mapTypedefField[a]",
            &["field Struct.MapTypedefField[*]", "type StringType"],
        ),
        (
            "mapTypedefField[b]",
            &["field Struct.MapTypedefField[*]", "type StringType"],
        ),
    ]);
}
