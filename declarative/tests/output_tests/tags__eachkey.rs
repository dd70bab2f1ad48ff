//! Port of `cmd/validation-gen/output_tests/tags/eachkey`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;
use std::collections::BTreeMap;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:eachKey=+k8s:validateFalse="Struct.MapField(keys)"
    #[serde(rename = "mapField")]
    map_field: BTreeMap<String, String>,
    /// +k8s:eachKey=+k8s:validateFalse="Struct.MapTypedefField(keys)"
    #[serde(rename = "mapTypedefField")]
    map_typedef_field: BTreeMap<UnvalidatedStringType, String>,
    /// +k8s:eachKey=+k8s:validateFalse="Struct.MapValidatedTypedefField(keys)"
    #[serde(rename = "mapValidatedTypedefField")]
    map_validated_typedef_field: BTreeMap<ValidatedStringType, String>,
    /// +k8s:eachKey=+k8s:validateFalse="Struct.MapTypeField(keys)"
    #[serde(rename = "mapTypeField")]
    #[dv(typedef = "BTreeMap<String, String>")]
    map_type_field: UnvalidatedMapType,
    /// +k8s:eachKey=+k8s:validateFalse="Struct.ValidatedMapTypeField(keys)"
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

// Note: no validations.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct UnvalidatedMapType(BTreeMap<String, String>);

/// +k8s:eachKey=+k8s:validateFalse="ValidatedMapType(keys)"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct ValidatedMapType(BTreeMap<String, String>);

fn ab() -> BTreeMap<String, String> {
    [
        ("a".to_string(), "A".to_string()),
        ("b".to_string(), "B".to_string()),
    ]
    .into()
}

#[test]
fn test() {
    value(Struct::default()).expect_valid();
    value(Struct {
        map_field: ab(),
        map_typedef_field: ab()
            .into_iter()
            .map(|(k, v)| (UnvalidatedStringType(k), v))
            .collect(),
        map_validated_typedef_field: ab()
            .into_iter()
            .map(|(k, v)| (ValidatedStringType(k), v))
            .collect(),
        map_type_field: UnvalidatedMapType(ab()),
        validated_map_type_field: ValidatedMapType(ab()),
    })
    .expect_validate_false_by_path(&[
        (
            "mapField",
            &["Struct.MapField(keys)", "Struct.MapField(keys)"],
        ),
        (
            "mapTypedefField",
            &[
                "Struct.MapTypedefField(keys)",
                "Struct.MapTypedefField(keys)",
            ],
        ),
        (
            "mapValidatedTypedefField",
            &[
                "Struct.MapValidatedTypedefField(keys)",
                "ValidatedStringType",
                "Struct.MapValidatedTypedefField(keys)",
                "ValidatedStringType",
            ],
        ),
        (
            "mapTypeField",
            &["Struct.MapTypeField(keys)", "Struct.MapTypeField(keys)"],
        ),
        (
            "validatedMapTypeField",
            &[
                "Struct.ValidatedMapTypeField(keys)",
                "ValidatedMapType(keys)",
                "Struct.ValidatedMapTypeField(keys)",
                "ValidatedMapType(keys)",
            ],
        ),
    ]);
}
