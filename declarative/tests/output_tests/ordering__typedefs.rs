//! Port of `cmd/validation-gen/output_tests/ordering/typedefs`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (`ValidateFixtures`, `testdata/validate-false.json`).
//! Short-circuiting validators run first and, when one fails, the others
//! on the same value do not run.

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;

// Note: no validations (not in the fixture's JSON).
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
#[allow(dead_code)]
struct E00(String);

/// +k8s:validateFalse="E01, no flags"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct E01(String);

/// +k8s:validateFalse(flags: "ShortCircuit")="E02, ShortCircuit"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct E02(String);

/// +k8s:validateFalse="E03, no flags"
/// +k8s:validateFalse(flags: "ShortCircuit")="E03, ShortCircuit"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct E03(String);

// Note: these are intentionally in the wrong final order.
/// +k8s:validateFalse="EMultiple, no flags 1"
/// +k8s:validateFalse(flags: "ShortCircuit")="EMultiple, ShortCircuit 1"
/// +k8s:validateFalse="E0, string payload"
/// +k8s:validateFalse="EMultiple, no flags 2"
/// +k8s:validateFalse(flags: "ShortCircuit")="EMultiple, ShortCircuit 2"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct EMultiple(String);

#[test]
fn e00() {
    value(E00("x9".into())).expect_valid();
}

#[test]
fn e01() {
    value(E01("x9".into())).expect_validate_false_by_path(&[("", &["E01, no flags"])]);
}

#[test]
fn e02() {
    value(E02("x9".into())).expect_validate_false_by_path(&[("", &["E02, ShortCircuit"])]);
}

#[test]
fn e03() {
    value(E03("x9".into())).expect_validate_false_by_path(&[("", &["E03, ShortCircuit"])]);
}

#[test]
fn e_multiple() {
    value(EMultiple("x9".into())).expect_validate_false_by_path(&[(
        "",
        &["EMultiple, ShortCircuit 1", "EMultiple, ShortCircuit 2"],
    )]);
}
