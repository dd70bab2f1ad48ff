//! Port of `cmd/validation-gen/output_tests/ratcheting/maps/eachkey`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;
use std::collections::BTreeMap;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:eachKey=+k8s:validateFalse="field Struct.MapField(keys)"
    #[serde(rename = "mapField")]
    map_field: BTreeMap<String, String>,
    /// +k8s:eachKey=+k8s:validateFalse="field Struct.MapTypedefField(keys)"
    #[serde(rename = "mapTypedefField")]
    map_typedef_field: BTreeMap<UnvalidatedStringType, String>,
    /// +k8s:eachKey=+k8s:validateFalse="field Struct.MapValidatedTypedefField(keys)"
    #[serde(rename = "mapValidatedTypedefField")]
    map_validated_typedef_field: BTreeMap<ValidatedStringType, String>,
    /// +k8s:eachKey=+k8s:validateFalse="field Struct.ValidatedMapTypeField(keys)"
    #[serde(rename = "validatedMapTypeField")]
    #[dv(typedef = "BTreeMap<String, String>")]
    validated_map_type_field: ValidatedMapType,
}

// Note: no validations.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Eq, PartialOrd, Ord, Clone, Default)]
#[serde(transparent)]
struct UnvalidatedStringType(String);

/// +k8s:validateFalse="ValidatedStringType"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Eq, PartialOrd, Ord, Clone, Default)]
#[serde(transparent)]
struct ValidatedStringType(String);

/// +k8s:eachKey=+k8s:validateFalse="type ValidatedMapType(keys)"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct ValidatedMapType(BTreeMap<String, String>);

#[test]
fn test_struct() {
    let mk = || Struct {
        map_field: [("x".to_string(), "y".to_string())].into(),
        map_typedef_field: [(UnvalidatedStringType("x".into()), "y".to_string())].into(),
        map_validated_typedef_field: [(ValidatedStringType("x".into()), "y".to_string())].into(),
        validated_map_type_field: ValidatedMapType([("x".to_string(), "y".to_string())].into()),
    };
    value(mk()).expect_validate_false_by_path(&[
        ("mapField", &["field Struct.MapField(keys)"]),
        ("mapTypedefField", &["field Struct.MapTypedefField(keys)"]),
        (
            "mapValidatedTypedefField",
            &[
                "ValidatedStringType",
                "field Struct.MapValidatedTypedefField(keys)",
            ],
        ),
        (
            "validatedMapTypeField",
            &[
                "field Struct.ValidatedMapTypeField(keys)",
                "type ValidatedMapType(keys)",
            ],
        ),
    ]);
    value(mk()).old_value(mk()).expect_valid();
}
