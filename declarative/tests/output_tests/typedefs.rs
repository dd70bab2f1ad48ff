//! Port of `cmd/validation-gen/output_tests/typedefs`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (`ValidateFixtures`, `testdata/validate-false.json`),
//! the fixture's filled value built by hand (every pointer set). A Go
//! typedef of another named type (`type E3 E1`, `type E4 T2`) gets the
//! underlying shape (and, for a struct, its fields with their tags) but not
//! the other type's own tags: `E3` wraps `String`, `E4` repeats `T2`'s field.

use crate::support::value;
use apimachinery::Validate;

/// +k8s:validateFalse="type E1"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct E1(String);

/// +k8s:validateFalse="type E2"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct E2(i64);

/// +k8s:validateFalse="type E3"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct E3(String);

/// +k8s:validateFalse="type E4"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct E4 {
    /// +k8s:validateFalse="field T2.S"
    s: String,
}

/// +k8s:validateFalse="type T1"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T1 {
    #[serde(rename = "TypeMeta")]
    type_meta: i64,

    /// +k8s:validateFalse="field T1.E1"
    e1: E1,
    /// +k8s:validateFalse="field T1.PE1"
    pe1: Option<E1>,

    /// +k8s:validateFalse="field T1.E2"
    e2: E2,
    /// +k8s:validateFalse="field T1.PE2"
    pe2: Option<E2>,

    /// +k8s:validateFalse="field T1.E3"
    e3: E3,
    /// +k8s:validateFalse="field T1.PE3"
    pe3: Option<E3>,

    /// +k8s:validateFalse="field T1.E4"
    e4: E4,
    /// +k8s:validateFalse="field T1.PE4"
    pe4: Option<E4>,

    /// +k8s:validateFalse="field T1.T2"
    t2: T2,
    /// +k8s:validateFalse="field T1.PT2"
    pt2: Option<T2>,
}

/// +k8s:validateFalse="type T2"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T2 {
    /// +k8s:validateFalse="field T2.S"
    s: String,
}

#[test]
fn t1() {
    let e4 = |v: &str| E4 { s: v.into() };
    let t2 = |v: &str| T2 { s: v.into() };
    value(T1 {
        type_meta: 6,
        e1: E1("a".into()),
        pe1: Some(E1("b".into())),
        e2: E2(3),
        pe2: Some(E2(-4)),
        e3: E3("c".into()),
        pe3: Some(E3("d".into())),
        e4: e4("e"),
        pe4: Some(e4("f")),
        t2: t2("g"),
        pt2: Some(t2("h")),
    })
    .expect_validate_false_by_path(&[
        ("", &["type T1"]),
        ("e1", &["field T1.E1", "type E1"]),
        ("e2", &["field T1.E2", "type E2"]),
        ("e3", &["field T1.E3", "type E3"]),
        ("e4", &["field T1.E4", "type E4"]),
        ("e4.s", &["field T2.S"]),
        ("pe1", &["field T1.PE1", "type E1"]),
        ("pe2", &["field T1.PE2", "type E2"]),
        ("pe3", &["field T1.PE3", "type E3"]),
        ("pe4", &["field T1.PE4", "type E4"]),
        ("pe4.s", &["field T2.S"]),
        ("pt2", &["field T1.PT2", "type T2"]),
        ("pt2.s", &["field T2.S"]),
        ("t2", &["field T1.T2", "type T2"]),
        ("t2.s", &["field T2.S"]),
    ]);
}
