//! Port of `cmd/validation-gen/output_tests/maps/keys`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (types with a `TypeMeta` field registered: `Struct`)
//! of `+k8s:eachKey` on maps of strings, of string typedefs and on map
//! typedefs; key failures are reported at the map's path.

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
    /// +k8s:eachKey=+k8s:validateFalse="field Struct.MapField(keys)"
    #[serde(rename = "mapField")]
    map_field: BTreeMap<String, String>,

    /// +k8s:validateFalse="field Struct.MapTypedefField"
    /// +k8s:eachKey=+k8s:validateFalse="field Struct.MapTypedefField(keys)"
    #[serde(rename = "mapTypedefField")]
    map_typedef_field: BTreeMap<UnvalidatedStringType, String>,

    /// +k8s:validateFalse="field Struct.MapValidatedTypedefField"
    /// +k8s:eachKey=+k8s:validateFalse="field Struct.MapValidatedTypedefField(keys)"
    #[serde(rename = "mapValidatedTypedefField")]
    map_validated_typedef_field: BTreeMap<ValidatedStringType, String>,

    /// +k8s:validateFalse="field Struct.MapTypeField"
    /// +k8s:eachKey=+k8s:validateFalse="field Struct.MapTypeField(keys)"
    #[serde(rename = "mapTypeField")]
    #[dv(typedef = "BTreeMap<String, String>")]
    map_type_field: UnvalidatedMapType,

    /// +k8s:validateFalse="field Struct.ValidatedMapTypeField"
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

// Note: no validations.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct UnvalidatedMapType(BTreeMap<String, String>);

/// +k8s:validateFalse="ValidatedMapType"
/// +k8s:eachKey=+k8s:validateFalse="type ValidatedMapType(keys)"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct ValidatedMapType(BTreeMap<String, String>);

/// Two entries, as the filler makes.
fn two<K: Ord>(key: impl Fn(&str) -> K) -> BTreeMap<K, String> {
    [(key("a"), "A".to_string()), (key("b"), "B".to_string())].into()
}

#[test]
fn struct_() {
    value(Struct {
        type_meta: 7,
        map_field: two(|k| k.to_string()),
        map_typedef_field: two(|k| UnvalidatedStringType(k.into())),
        map_validated_typedef_field: two(|k| ValidatedStringType(k.into())),
        map_type_field: UnvalidatedMapType(two(|k| k.to_string())),
        validated_map_type_field: ValidatedMapType(two(|k| k.to_string())),
    })
    .expect_validate_false_by_path(&[
        ("", &["type Struct"]),
        (
            "mapField",
            &[
                "field Struct.MapField",
                "field Struct.MapField(keys)",
                "field Struct.MapField(keys)",
            ],
        ),
        (
            "mapTypeField",
            &[
                "field Struct.MapTypeField",
                "field Struct.MapTypeField(keys)",
                "field Struct.MapTypeField(keys)",
            ],
        ),
        (
            "mapTypedefField",
            &[
                "field Struct.MapTypedefField",
                "field Struct.MapTypedefField(keys)",
                "field Struct.MapTypedefField(keys)",
            ],
        ),
        (
            "mapValidatedTypedefField",
            &[
                "ValidatedStringType",
                "ValidatedStringType",
                "field Struct.MapValidatedTypedefField",
                "field Struct.MapValidatedTypedefField(keys)",
                "field Struct.MapValidatedTypedefField(keys)",
            ],
        ),
        (
            "validatedMapTypeField",
            &[
                "ValidatedMapType",
                "field Struct.ValidatedMapTypeField",
                "field Struct.ValidatedMapTypeField(keys)",
                "field Struct.ValidatedMapTypeField(keys)",
                "type ValidatedMapType(keys)",
                "type ValidatedMapType(keys)",
            ],
        ),
    ]);
}
