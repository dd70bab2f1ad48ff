//! Port of `cmd/validation-gen/output_tests/all_types_match/with_field_validations`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (`+k8s:validation-gen=*`, every type registered);
//! each registered type is filled as the fixture's filler would and its
//! `+k8s:validateFalse` failures by path equal `testdata/validate-false.json`.

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T1 {
    /// +k8s:validateFalse="field T1.S"
    #[serde(rename = "s")]
    s: String,
    /// +k8s:validateFalse="field T1.T2"
    #[serde(rename = "t2")]
    t2: T2,
    /// +k8s:validateFalse="field T1.T3"
    #[serde(rename = "t3")]
    t3: T3,
}

// Note: this has validations and is linked into T1.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T2 {
    /// +k8s:validateFalse="field T2.S"
    #[serde(rename = "s")]
    s: String,
}

// Note: this has no validations and is linked into T1.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T3 {
    #[serde(rename = "s")]
    s: String,
}

// Note: this has validations and is not linked into T1.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T4 {
    /// +k8s:validateFalse="field T4.S"
    #[serde(rename = "s")]
    s: String,
}

// Note: this has no validations and is not linked into T1.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T5 {
    #[serde(rename = "s")]
    s: String,
}

#[test]
fn t1() {
    value(T1 {
        s: "a".into(),
        t2: T2 { s: "b".into() },
        t3: T3 { s: "c".into() },
    })
    .expect_validate_false_by_path(&[
        ("s", &["field T1.S"]),
        ("t2", &["field T1.T2"]),
        ("t2.s", &["field T2.S"]),
        ("t3", &["field T1.T3"]),
    ]);
}

#[test]
fn t2() {
    value(T2 { s: "a".into() }).expect_validate_false_by_path(&[("s", &["field T2.S"])]);
}

#[test]
fn t3() {
    value(T3 { s: "a".into() }).expect_validate_false_by_path(&[]);
}

#[test]
fn t4() {
    value(T4 { s: "a".into() }).expect_validate_false_by_path(&[("s", &["field T4.S"])]);
}

#[test]
fn t5() {
    value(T5 { s: "a".into() }).expect_validate_false_by_path(&[]);
}
