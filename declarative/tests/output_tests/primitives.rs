//! Port of `cmd/validation-gen/output_tests/primitives`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (`ValidateFixtures`, `testdata/validate-false.json`),
//! the fixture's filled value built by hand. Only `T1` (with `TypeMeta`) is
//! registered in the scheme, so only it is in the JSON.

use crate::support::value;
use apimachinery::Validate;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
pub(crate) struct T1 {
    #[serde(rename = "TypeMeta")]
    type_meta: i64,

    /// +k8s:validateFalse="field T1.S"
    s: String,
    /// +k8s:validateFalse="field T1.I"
    i: i64,
    /// +k8s:validateFalse="field T1.B"
    b: bool,
    /// +k8s:validateFalse="field T1.F"
    f: f64,

    /// +k8s:validateFalse="field T1.T2"
    t2: T2,

    // No internal validations.
    t3: T3,

    // Duplicate types with no validation.
    anothers: String,
    anotheri: i64,
    anotherb: bool,
    anotherf: f64,
    anothert2: T2,
}

// Note: This has validations and is linked into the type-graph of T1.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T2 {
    /// +k8s:validateFalse="field T2.S"
    s: String,
    /// +k8s:validateFalse="field T2.I"
    i: i64,
    /// +k8s:validateFalse="field T2.B"
    b: bool,
    /// +k8s:validateFalse="field T2.F"
    f: f64,
}

// Note: This has no validations and is linked into the type-graph of T1.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T3 {
    s: String,
    i: i64,
    b: bool,
    f: f64,
}

// Note: This has validations and is not linked into the type-graph of T1.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[allow(dead_code)]
struct T4 {
    /// +k8s:validateFalse="field T4.S"
    s: String,
    /// +k8s:validateFalse="field T4.I"
    i: i64,
    /// +k8s:validateFalse="field T4.B"
    b: bool,
    /// +k8s:validateFalse="field T4.F"
    f: f64,
}

// Note: This has no validations and is not linked into the type-graph of T1.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[allow(dead_code)]
struct T5 {
    s: String,
    i: i64,
    b: bool,
    f: f64,
}

/// The fixture's filled `T1` (also used by the `type_args` port, which
/// refers to this package's `T1` as Go's does).
pub(crate) fn filled_t1() -> T1 {
    T1 {
        type_meta: 3,
        s: "s1".into(),
        i: 7,
        b: true,
        f: 0.5,
        t2: T2 {
            s: "s2".into(),
            i: -2,
            b: false,
            f: 1.25,
        },
        t3: T3 {
            s: "s3".into(),
            i: 9,
            b: true,
            f: 2.0,
        },
        anothers: "s4".into(),
        anotheri: 12,
        anotherb: true,
        anotherf: 3.5,
        anothert2: T2 {
            s: "s5".into(),
            i: 5,
            b: true,
            f: 4.75,
        },
    }
}

#[test]
fn t1() {
    value(filled_t1()).expect_validate_false_by_path(&[
        ("anothert2.b", &["field T2.B"]),
        ("anothert2.f", &["field T2.F"]),
        ("anothert2.i", &["field T2.I"]),
        ("anothert2.s", &["field T2.S"]),
        ("b", &["field T1.B"]),
        ("f", &["field T1.F"]),
        ("i", &["field T1.I"]),
        ("s", &["field T1.S"]),
        ("t2", &["field T1.T2"]),
        ("t2.b", &["field T2.B"]),
        ("t2.f", &["field T2.F"]),
        ("t2.i", &["field T2.I"]),
        ("t2.s", &["field T2.S"]),
    ]);
}
