//! Port of `cmd/validation-gen/output_tests/maps/map_of_struct`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (types with a `TypeMeta` field registered: `Struct`)
//! of `+k8s:eachVal` on maps of validated structs. Go's
//! `type OtherTypedefStruct OtherStruct` is a distinct struct type with the
//! same (no) fields and only its own type-level tags, so it is a struct
//! here, not a newtype over `OtherStruct`.

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
    map_field: BTreeMap<String, OtherStruct>,

    /// +k8s:validateFalse="field Struct.MapTypedefField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapTypedefField[*]"
    #[serde(rename = "mapTypedefField")]
    map_typedef_field: BTreeMap<String, OtherTypedefStruct>,

    #[serde(rename = "UnvalidatedMapField")]
    unvalidated_map_field: BTreeMap<String, String>,
}

/// +k8s:validateFalse="type OtherStruct"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct OtherStruct {}

/// +k8s:validateFalse="type OtherTypedefStruct"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct OtherTypedefStruct {}

/// Two entries, as the filler makes.
fn two<V>(val: impl Fn() -> V) -> BTreeMap<String, V> {
    [("a".to_string(), val()), ("b".to_string(), val())].into()
}

#[test]
fn struct_() {
    value(Struct {
        type_meta: 7,
        map_field: two(|| OtherStruct {}),
        map_typedef_field: two(|| OtherTypedefStruct {}),
        unvalidated_map_field: two(|| "v".to_string()),
    })
    .expect_validate_false_by_path(&[
        ("", &["type Struct"]),
        ("mapField", &["field Struct.MapField"]),
        (
            "mapField[a]",
            &["field Struct.MapField[*]", "type OtherStruct"],
        ),
        (
            "mapField[b]",
            &["field Struct.MapField[*]", "type OtherStruct"],
        ),
        ("mapTypedefField", &["field Struct.MapTypedefField"]),
        (
            "mapTypedefField[a]",
            &["field Struct.MapTypedefField[*]", "type OtherTypedefStruct"],
        ),
        (
            "mapTypedefField[b]",
            &["field Struct.MapTypedefField[*]", "type OtherTypedefStruct"],
        ),
    ]);
}
