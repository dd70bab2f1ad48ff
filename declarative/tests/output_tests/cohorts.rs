//! Port of `cmd/validation-gen/output_tests/cohorts`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (types with a `TypeMeta` field registered: `T`) of
//! `+k8s:validateFalse` in cohorts, regular and `ShortCircuit`, on a type
//! and a field: the type's own failing short-circuit validator stops all
//! the others, cohorts included.

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;

// Note: the following are out of order on purpose.
/// +k8s:validateFalse(cohort: "c2")="type T c2 Regular"
/// +k8s:validateFalse(cohort: "c1")="type T c1 Regular"
/// +k8s:validateFalse(cohort: "c1", flags: "ShortCircuit")="type T c1 ShortCircuit"
/// +k8s:validateFalse(cohort: "c2", flags: "ShortCircuit")="type T c2 ShortCircuit"
/// +k8s:validateFalse="type T Regular"
/// +k8s:validateFalse(flags: "ShortCircuit")="type T ShortCircuit"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    // Note: the following are out of order on purpose.
    /// +k8s:validateFalse(cohort: "c2")="field T.S c2 Regular"
    /// +k8s:validateFalse(cohort: "c1")="field T.S c1 Regular"
    /// +k8s:validateFalse(cohort: "c1", flags: "ShortCircuit")="field T.S c1 ShortCircuit"
    /// +k8s:validateFalse(cohort: "c2", flags: "ShortCircuit")="field T.S c2 ShortCircuit"
    /// +k8s:validateFalse="field T.S Regular"
    /// +k8s:validateFalse(flags: "ShortCircuit")="field T.S ShortCircuit"
    #[serde(rename = "s")]
    s: String,
}

#[test]
fn t() {
    value(T {
        type_meta: 7,
        s: "a".into(),
    })
    .expect_validate_false_by_path(&[("", &["type T ShortCircuit"])]);
}
