//! Port of `cmd/validation-gen/output_tests/maps/typedef_to_map`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (types with a `TypeMeta` field registered: `Struct`)
//! of map typedefs (newtypes here) with type-level `+k8s:validateFalse` and
//! `+k8s:eachVal`, used by fields with their own tags.

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;
use std::collections::BTreeMap;

// Note: no validation here
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
#[allow(dead_code)]
struct UnvalidatedType(BTreeMap<String, String>);

/// +k8s:validateFalse="type MapType"
/// +k8s:eachVal=+k8s:validateFalse="type MapType[*]"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct MapType(BTreeMap<String, String>);

// Note: no validation here
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
#[allow(dead_code)]
struct UnvalidatedPtrType(BTreeMap<String, Option<String>>);

/// +k8s:validateFalse="type StringType"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct StringType(String);

/// +k8s:validateFalse="type MapTypedefType"
/// +k8s:eachVal=+k8s:validateFalse="type MapTypedefType[*]"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct MapTypedefType(BTreeMap<String, StringType>);

/// +k8s:validateFalse="type Struct"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:validateFalse="field Struct.MapField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapField[*]"
    #[serde(rename = "mapField")]
    #[dv(typedef = "BTreeMap<String, String>")]
    map_field: MapType,

    /// +k8s:validateFalse="field Struct.MapTypedefField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapTypedefField[*]"
    #[serde(rename = "mapTypedefField")]
    #[dv(typedef = "BTreeMap<String, StringType>")]
    map_typedef_field: MapTypedefType,
}

/// Two entries, as the filler makes.
fn two<V>(val: impl Fn(&str) -> V) -> BTreeMap<String, V> {
    [("a".to_string(), val("A")), ("b".to_string(), val("B"))].into()
}

#[test]
fn struct_() {
    value(Struct {
        type_meta: 7,
        map_field: MapType(two(|k| k.to_string())),
        map_typedef_field: MapTypedefType(two(|v| StringType(v.into()))),
    })
    .expect_validate_false_by_path(&[
        ("", &["type Struct"]),
        ("mapField", &["field Struct.MapField", "type MapType"]),
        (
            "mapField[a]",
            &["field Struct.MapField[*]", "type MapType[*]"],
        ),
        (
            "mapField[b]",
            &["field Struct.MapField[*]", "type MapType[*]"],
        ),
        (
            "mapTypedefField",
            &["field Struct.MapTypedefField", "type MapTypedefType"],
        ),
        (
            "mapTypedefField[a]",
            &[
                "field Struct.MapTypedefField[*]",
                "type MapTypedefType[*]",
                "type StringType",
            ],
        ),
        (
            "mapTypedefField[b]",
            &[
                "field Struct.MapTypedefField[*]",
                "type MapTypedefType[*]",
                "type StringType",
            ],
        ),
    ]);
}
