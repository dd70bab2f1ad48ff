//! Port of `cmd/validation-gen/output_tests/maps/multiple_validations`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (types with a `TypeMeta` field registered: `Struct`)
//! of several `+k8s:validateFalse`, `+k8s:eachKey` and `+k8s:eachVal` tags
//! on one map field.

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

    /// +k8s:validateFalse="field Struct.MapField #1"
    /// +k8s:validateFalse="field Struct.MapField #2"
    /// +k8s:eachKey=+k8s:validateFalse="field Struct.MapField(keys) #1"
    /// +k8s:eachKey=+k8s:validateFalse="field Struct.MapField(keys) #2"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapField[*] #1"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.MapField[*] #2"
    #[serde(rename = "mapField")]
    map_field: BTreeMap<String, String>,

    #[serde(rename = "UnvalidatedMapField")]
    unvalidated_map_field: Vec<String>,
}

#[test]
fn struct_() {
    value(Struct {
        type_meta: 7,
        map_field: [
            ("a".to_string(), "A".to_string()),
            ("b".to_string(), "B".to_string()),
        ]
        .into(),
        unvalidated_map_field: vec!["x".into(), "y".into()],
    })
    .expect_validate_false_by_path(&[
        ("", &["type Struct"]),
        (
            "mapField",
            &[
                "field Struct.MapField #1",
                "field Struct.MapField #2",
                "field Struct.MapField(keys) #1",
                "field Struct.MapField(keys) #1",
                "field Struct.MapField(keys) #2",
                "field Struct.MapField(keys) #2",
            ],
        ),
        (
            "mapField[a]",
            &["field Struct.MapField[*] #1", "field Struct.MapField[*] #2"],
        ),
        (
            "mapField[b]",
            &["field Struct.MapField[*] #1", "field Struct.MapField[*] #2"],
        ),
    ]);
}
