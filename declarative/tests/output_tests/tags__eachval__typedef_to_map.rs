//! Port of `cmd/validation-gen/output_tests/tags/eachval/typedef_to_map`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;
use std::collections::BTreeMap;

// Note: no validation here.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
#[allow(dead_code)]
struct UnvalidatedType(BTreeMap<String, String>);

/// +k8s:eachVal=+k8s:validateFalse="type MapType[*]"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct MapType(BTreeMap<String, String>);

// Note: no validation here.
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

/// +k8s:eachVal=+k8s:validateFalse="type MapTypedefType[*]"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct MapTypedefType(BTreeMap<String, StringType>);

/// +k8s:validateFalse="type Struct"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapField[*]"
    #[serde(rename = "mapField")]
    #[dv(typedef = "BTreeMap<String, String>")]
    map_field: MapType,
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapTypedefField[*]"
    #[serde(rename = "mapTypedefField")]
    #[dv(typedef = "BTreeMap<String, StringType>")]
    map_typedef_field: MapTypedefType,
}

#[test]
fn test() {
    value(Struct::default()).expect_validate_false_by_path(&[("", &["type Struct"])]);
    value(Struct {
        map_field: MapType(
            [
                ("a".to_string(), "A".to_string()),
                ("b".to_string(), "B".to_string()),
            ]
            .into(),
        ),
        map_typedef_field: MapTypedefType(
            [
                ("a".to_string(), StringType("A".into())),
                ("b".to_string(), StringType("B".into())),
            ]
            .into(),
        ),
    })
    .expect_validate_false_by_path(&[
        ("", &["type Struct"]),
        (
            "mapField[a]",
            &["type MapType[*]", "field Struct.MapField[*]"],
        ),
        (
            "mapField[b]",
            &["type MapType[*]", "field Struct.MapField[*]"],
        ),
        (
            "mapTypedefField[a]",
            &[
                "type MapTypedefType[*]",
                "field Struct.MapTypedefField[*]",
                "type StringType",
            ],
        ),
        (
            "mapTypedefField[b]",
            &[
                "type MapTypedefType[*]",
                "field Struct.MapTypedefField[*]",
                "type StringType",
            ],
        ),
    ]);
}
