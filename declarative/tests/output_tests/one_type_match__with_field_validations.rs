//! Port of `cmd/validation-gen/output_tests/one_type_match/with_field_validations`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test registering only the types with a `TypeMeta` field
//! (`+k8s:validation-gen=TypesWithField=TypeMeta`), i.e. `T1`. The derive
//! is per type, so the selection is this port's choice of tested types:
//! `T2`, `T3`, `E1` and `E2` derive `Validate` because `T1` links them;
//! `T4`, `T5`, `E3` and `E4` are neither registered nor linked, so they
//! have no validators (no derive) as in Go.

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T1 {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:validateFalse="field T1.S"
    #[serde(rename = "s")]
    s: String,
    /// +k8s:validateFalse="field T1.T2"
    #[serde(rename = "t2")]
    t2: T2,
    /// +k8s:validateFalse="field T1.T3"
    #[serde(rename = "t3")]
    t3: T3,

    /// +k8s:validateFalse="field T1.E1"
    #[serde(rename = "e1")]
    e1: E1,
    /// +k8s:validateFalse="field T1.E2"
    #[serde(rename = "e2")]
    e2: E2,
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
#[allow(dead_code)]
struct T4 {
    /// +k8s:validateFalse="field T4.S"
    s: String,
}

// Note: this has no validations and is not linked into T1.
#[allow(dead_code)]
struct T5 {
    s: String,
}

// Note: this has validations and is linked into T1.
/// +k8s:validateFalse="type E1"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct E1(String);

// Note: this has no validations and is linked into T1.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct E2(String);

// Note: this has validations and is not linked into T1.
/// +k8s:validateFalse="field type E3"
#[allow(dead_code)]
struct E3(String);

// Note: this has no validations and is not linked into T1.
#[allow(dead_code)]
struct E4(String);

#[test]
fn t1() {
    value(T1 {
        type_meta: 7,
        s: "a".into(),
        t2: T2 { s: "b".into() },
        t3: T3 { s: "c".into() },
        e1: E1("d".into()),
        e2: E2("e".into()),
    })
    .expect_validate_false_by_path(&[
        ("e1", &["field T1.E1", "type E1"]),
        ("e2", &["field T1.E2"]),
        ("s", &["field T1.S"]),
        ("t2", &["field T1.T2"]),
        ("t2.s", &["field T2.S"]),
        ("t3", &["field T1.T3"]),
    ]);
}
