//! Port of `cmd/validation-gen/output_tests/ordering/structs`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (types with a `TypeMeta` field registered: `T00`,
//! `T01`, `T02`, `T03`, `TMultiple`) of every combination of regular and
//! `ShortCircuit` `+k8s:validateFalse` on a type and its fields: a failing
//! short-circuit validator on the type stops everything else.

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Tother {
    /// +k8s:validateFalse="Tother, no flags"
    #[serde(rename = "os")]
    os: String,
}

// Note: No validations.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T00 {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,
    #[serde(rename = "s")]
    s: String,
    #[serde(rename = "ps")]
    ps: Option<String>,
    #[serde(rename = "t")]
    t: Tother,
    #[serde(rename = "pt")]
    pt: Option<Tother>,
}

/// +k8s:validateFalse="T01, no flags"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T01 {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,
    /// +k8s:validateFalse="T01.S, no flags"
    #[serde(rename = "s")]
    s: String,
    /// +k8s:validateFalse="T01.PS, no flags"
    #[serde(rename = "ps")]
    ps: Option<String>,
    /// +k8s:validateFalse="T01.T, no flags"
    #[serde(rename = "t")]
    t: Tother,
    /// +k8s:validateFalse="T01.PT, no flags"
    #[serde(rename = "pt")]
    pt: Option<Tother>,
}

/// +k8s:validateFalse(flags: "ShortCircuit")="T02, ShortCircuit"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T02 {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,
    /// +k8s:validateFalse(flags: "ShortCircuit")="T02.S, ShortCircuit"
    #[serde(rename = "s")]
    s: String,
    /// +k8s:validateFalse(flags: "ShortCircuit")="T02.PS, ShortCircuit"
    #[serde(rename = "ps")]
    ps: Option<String>,
    /// +k8s:validateFalse(flags: "ShortCircuit")="T02.T, ShortCircuit"
    #[serde(rename = "t")]
    t: Tother,
    /// +k8s:validateFalse(flags: "ShortCircuit")="T02.PT, ShortCircuit"
    #[serde(rename = "pt")]
    pt: Option<Tother>,
}

/// +k8s:validateFalse="T03, no flags"
/// +k8s:validateFalse(flags: "ShortCircuit")="T03, ShortCircuit"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T03 {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,
    /// +k8s:validateFalse="T03.S, no flags"
    /// +k8s:validateFalse(flags: "ShortCircuit")="T03.S, ShortCircuit"
    #[serde(rename = "s")]
    s: String,
    /// +k8s:validateFalse="T03.PS, no flags"
    /// +k8s:validateFalse(flags: "ShortCircuit")="T03.PS, ShortCircuit"
    #[serde(rename = "ps")]
    ps: Option<String>,
    /// +k8s:validateFalse="T03.T, no flags"
    /// +k8s:validateFalse(flags: "ShortCircuit")="T03.T, ShortCircuit"
    #[serde(rename = "t")]
    t: Tother,
    /// +k8s:validateFalse="T03.PT, no flags"
    /// +k8s:validateFalse(flags: "ShortCircuit")="T03.PT, ShortCircuit"
    #[serde(rename = "pt")]
    pt: Option<Tother>,
}

// Note: these are intentionally in the wrong final order.
/// +k8s:validateFalse="TMultiple, no flags 1"
/// +k8s:validateFalse(flags: "ShortCircuit")="TMultiple, ShortCircuit 1"
/// +k8s:validateFalse="T0, string payload"
/// +k8s:validateFalse="TMultiple, no flags 2"
/// +k8s:validateFalse(flags: "ShortCircuit")="TMultiple, ShortCircuit 2"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct TMultiple {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,
    /// +k8s:validateFalse="TMultiple.S, no flags 1"
    /// +k8s:validateFalse(flags: "ShortCircuit")="TMultiple.S, ShortCircuit 1"
    /// +k8s:validateFalse="T0, string payload"
    /// +k8s:validateFalse="TMultiple.S, no flags 2"
    /// +k8s:validateFalse(flags: "ShortCircuit")="TMultiple.S, ShortCircuit 2"
    #[serde(rename = "s")]
    s: String,
    /// +k8s:validateFalse="TMultiple.PS, no flags 1"
    /// +k8s:validateFalse(flags: "ShortCircuit")="TMultiple.PS, ShortCircuit 1"
    /// +k8s:validateFalse="T0, string payload"
    /// +k8s:validateFalse="TMultiple.PS, no flags 2"
    /// +k8s:validateFalse(flags: "ShortCircuit")="TMultiple.PS, ShortCircuit 2"
    #[serde(rename = "ps")]
    ps: Option<String>,
    /// +k8s:validateFalse="TMultiple.T, no flags 1"
    /// +k8s:validateFalse(flags: "ShortCircuit")="TMultiple.T, ShortCircuit 1"
    /// +k8s:validateFalse="T0, string payload"
    /// +k8s:validateFalse="TMultiple.T, no flags 2"
    /// +k8s:validateFalse(flags: "ShortCircuit")="TMultiple.T, ShortCircuit 2"
    #[serde(rename = "t")]
    t: Tother,
    /// +k8s:validateFalse="TMultiple.PT, no flags 1"
    /// +k8s:validateFalse(flags: "ShortCircuit")="TMultiple.PT, ShortCircuit 1"
    /// +k8s:validateFalse="T0, string payload"
    /// +k8s:validateFalse="TMultiple.PT, no flags 2"
    /// +k8s:validateFalse(flags: "ShortCircuit")="TMultiple.PT, ShortCircuit 2"
    #[serde(rename = "pt")]
    pt: Option<Tother>,
}

fn other(v: &str) -> Tother {
    Tother { os: v.into() }
}

#[test]
fn t00() {
    value(T00 {
        type_meta: 7,
        s: "a".into(),
        ps: Some("b".into()),
        t: other("c"),
        pt: Some(other("d")),
    })
    .expect_validate_false_by_path(&[
        ("pt.os", &["Tother, no flags"]),
        ("t.os", &["Tother, no flags"]),
    ]);
}

#[test]
fn t01() {
    value(T01 {
        type_meta: 7,
        s: "a".into(),
        ps: Some("b".into()),
        t: other("c"),
        pt: Some(other("d")),
    })
    .expect_validate_false_by_path(&[
        ("", &["T01, no flags"]),
        ("ps", &["T01.PS, no flags"]),
        ("pt", &["T01.PT, no flags"]),
        ("pt.os", &["Tother, no flags"]),
        ("s", &["T01.S, no flags"]),
        ("t", &["T01.T, no flags"]),
        ("t.os", &["Tother, no flags"]),
    ]);
}

#[test]
fn t02() {
    value(T02 {
        type_meta: 7,
        s: "a".into(),
        ps: Some("b".into()),
        t: other("c"),
        pt: Some(other("d")),
    })
    .expect_validate_false_by_path(&[("", &["T02, ShortCircuit"])]);
}

#[test]
fn t03() {
    value(T03 {
        type_meta: 7,
        s: "a".into(),
        ps: Some("b".into()),
        t: other("c"),
        pt: Some(other("d")),
    })
    .expect_validate_false_by_path(&[("", &["T03, ShortCircuit"])]);
}

#[test]
fn t_multiple() {
    value(TMultiple {
        type_meta: 7,
        s: "a".into(),
        ps: Some("b".into()),
        t: other("c"),
        pt: Some(other("d")),
    })
    .expect_validate_false_by_path(&[(
        "",
        &["TMultiple, ShortCircuit 1", "TMultiple, ShortCircuit 2"],
    )]);
}
