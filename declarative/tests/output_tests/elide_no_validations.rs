//! Port of `cmd/validation-gen/output_tests/elide_no_validations`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (types with a `TypeMeta` field registered: `T1`) of
//! linked types with and without validations, and of slice and map
//! typedefs (newtypes here) of typedefs. Types neither registered nor
//! linked into `T1` (`HasTypeValNotLinked`, `HasFieldValNotLinked`,
//! `HasNoValNotLinked`) have no validators (no derive), as in Go.
//!
//! Go's `type DoubleDeepTypedefSlice DeepTypedefSlice` does not get
//! `DeepTypedefSlice`'s `+k8s:eachVal` (Go resolves the typedef to its
//! underlying slice type; a FIXME in the Go package), so
//! `DoubleDeepTypedefSlice` is a newtype over the slice itself, without
//! tags. Not ported: the generated coverage test
//! (`+k8s:validation-gen-test-targets`, declared rules per path).

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;
use std::collections::BTreeMap;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T1 {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    #[serde(rename = "hasTypeVal")]
    has_type_val: HasTypeVal,

    #[serde(rename = "hasFieldVal")]
    has_field_val: HasFieldVal,

    #[serde(rename = "hasNoVal")]
    has_no_val: HasNoVal,

    /// +k8s:validateFalse="field T1.HasNoValFieldVal"
    #[serde(rename = "hasNoValFieldVal")]
    has_no_val_field_val: HasNoVal,

    #[serde(rename = "validatedSlice")]
    validated_slice: TypedefSliceWithValidations,
    #[serde(rename = "validatedMap")]
    validated_map: TypedefMapWithValidations,
    #[serde(rename = "validatedMapKey")]
    validated_map_key: TypedefMapWithKeyValidations,

    #[serde(rename = "deepValidatedSlice")]
    deep_validated_slice: DeepTypedefSlice,
    #[serde(rename = "deepValidatedMap")]
    deep_validated_map: DeepTypedefMap,

    // The JSON name's trailing spaces are the Go tag's.
    #[serde(rename = "doubleDeepValidatedSlice           ")]
    double_deep_validated_slice: DoubleDeepTypedefSlice,
    #[serde(rename = "doubleDeepValidatedMap")]
    double_deep_validated_map: DoubleDeepTypedefMap,
}

/// +k8s:validateFalse="type HasTypeVal"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct HasTypeVal {
    // Note: no field validation.
    #[serde(rename = "s")]
    s: String,
}

// Note: no type validation.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct HasFieldVal {
    /// +k8s:validateFalse="field HasFieldVal.S"
    #[serde(rename = "s")]
    s: String,
}

// Note: no type validation.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct HasNoVal {
    // Note: no field validation.
    #[serde(rename = "s")]
    s: String,
}

/// +k8s:validateFalse="type HasTypeValNotLinked"
#[allow(dead_code)]
struct HasTypeValNotLinked {
    s: String,
}

#[allow(dead_code)]
struct HasFieldValNotLinked {
    /// +k8s:validateFalse="field HasFieldValNotLinked.S"
    s: String,
}

#[allow(dead_code)]
struct HasNoValNotLinked {
    s: String,
}

/// +k8s:validateFalse="type OtherStruct"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct OtherStruct {
    #[serde(rename = "s")]
    s: String,
}

/// +k8s:validateFalse="type ValidatedKeyType"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Eq, PartialOrd, Ord, Clone, Default)]
#[serde(transparent)]
struct ValidatedKeyType(String);

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct TypedefSliceWithValidations(Vec<OtherStruct>);

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct TypedefMapWithValidations(BTreeMap<String, OtherStruct>);

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct TypedefMapWithKeyValidations(BTreeMap<ValidatedKeyType, String>);

/// +k8s:eachVal=+k8s:validateFalse="type DeepTypedefSlice"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct DeepTypedefSlice(Vec<OtherStruct>);

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct DeepTypedefMap(BTreeMap<String, OtherStruct>);

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct DoubleDeepTypedefSlice(Vec<OtherStruct>);

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct DoubleDeepTypedefMap(BTreeMap<String, OtherStruct>);

fn other(v: &str) -> OtherStruct {
    OtherStruct { s: v.into() }
}

fn two_structs() -> BTreeMap<String, OtherStruct> {
    [("a".to_string(), other("A")), ("b".to_string(), other("B"))].into()
}

#[test]
fn t1() {
    value(T1 {
        type_meta: 7,
        has_type_val: HasTypeVal { s: "a".into() },
        has_field_val: HasFieldVal { s: "b".into() },
        has_no_val: HasNoVal { s: "c".into() },
        has_no_val_field_val: HasNoVal { s: "d".into() },
        validated_slice: TypedefSliceWithValidations(vec![other("0"), other("1")]),
        validated_map: TypedefMapWithValidations(two_structs()),
        validated_map_key: TypedefMapWithKeyValidations(
            [
                (ValidatedKeyType("a".into()), "A".to_string()),
                (ValidatedKeyType("b".into()), "B".to_string()),
            ]
            .into(),
        ),
        deep_validated_slice: DeepTypedefSlice(vec![other("0"), other("1")]),
        deep_validated_map: DeepTypedefMap(two_structs()),
        double_deep_validated_slice: DoubleDeepTypedefSlice(vec![other("0"), other("1")]),
        double_deep_validated_map: DoubleDeepTypedefMap(two_structs()),
    })
    .expect_validate_false_by_path(&[
        ("deepValidatedMap[a]", &["type OtherStruct"]),
        ("deepValidatedMap[b]", &["type OtherStruct"]),
        (
            "deepValidatedSlice[0]",
            &["type DeepTypedefSlice", "type OtherStruct"],
        ),
        (
            "deepValidatedSlice[1]",
            &["type DeepTypedefSlice", "type OtherStruct"],
        ),
        ("doubleDeepValidatedMap[a]", &["type OtherStruct"]),
        ("doubleDeepValidatedMap[b]", &["type OtherStruct"]),
        (
            "doubleDeepValidatedSlice           [0]",
            &["type OtherStruct"],
        ),
        (
            "doubleDeepValidatedSlice           [1]",
            &["type OtherStruct"],
        ),
        ("hasFieldVal.s", &["field HasFieldVal.S"]),
        ("hasNoValFieldVal", &["field T1.HasNoValFieldVal"]),
        ("hasTypeVal", &["type HasTypeVal"]),
        (
            "validatedMapKey",
            &["type ValidatedKeyType", "type ValidatedKeyType"],
        ),
        ("validatedMap[a]", &["type OtherStruct"]),
        ("validatedMap[b]", &["type OtherStruct"]),
        ("validatedSlice[0]", &["type OtherStruct"]),
        ("validatedSlice[1]", &["type OtherStruct"]),
    ]);
}
