//! Port of `cmd/validation-gen/output_tests/all_types_match/trivial`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (`+k8s:validation-gen=*`, every type registered)
//! whose types carry no tags, so the filled values have no
//! `+k8s:validateFalse` failures (`testdata/validate-false.json` is `{}`).

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T1 {}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T2 {}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct E1(String);

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct E2(String);

#[test]
fn t1() {
    value(T1 {}).expect_validate_false_by_path(&[]);
}

#[test]
fn t2() {
    value(T2 {}).expect_validate_false_by_path(&[]);
}

#[test]
fn e1() {
    value(E1("e1".into())).expect_validate_false_by_path(&[]);
}

#[test]
fn e2() {
    value(E2("e2".into())).expect_validate_false_by_path(&[]);
}
