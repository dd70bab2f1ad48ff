//! Port of `cmd/validation-gen/output_tests/type_args`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (`ValidateFixtures`, `testdata/validate-false.json`),
//! the fixture's filled value built by hand (every pointer set). The tags'
//! `typeArg` names the Go type argument of the generated (generic) call; the
//! Rust validators infer it, so the argument is accepted and has no effect
//! on the result, which is what the JSON checks. Go's import of the
//! `primitives` test package is the `primitives` port's `T1`.

use crate::primitives;
use crate::support::value;
use apimachinery::Validate;

// Explicitly set the type-arg to prove it renders properly.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T1 {
    #[serde(rename = "TypeMeta")]
    type_meta: i64,

    /// +k8s:validateFalse(typeArg: "k8s.io/code-generator/cmd/validation-gen/output_tests/primitives.T1")="T1.S1"
    s1: Option<primitives::T1>,
    /// +k8s:validateFalse(typeArg: "k8s.io/code-generator/cmd/validation-gen/output_tests/primitives.T1")="PT1.PS1"
    ps1: Option<primitives::T1>,

    /// +k8s:validateFalse(typeArg: "k8s.io/code-generator/cmd/validation-gen/output_tests/type_args.E1")="T1.E1"
    e1: E1,
    /// +k8s:validateTrue(typeArg: "k8s.io/code-generator/cmd/validation-gen/output_tests/type_args.E1")="T1.PE1"
    pe1: Option<E1>,

    /// +k8s:validateFalse(typeArg: "int")="T1.I1"
    i1: i64,
    /// +k8s:validateTrue(typeArg: "int")="T1.PI1"
    pi1: Option<i64>,
}

/// +k8s:validateFalse="type E1"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct E1(String);

#[test]
fn t1() {
    value(T1 {
        type_meta: 10,
        s1: Some(primitives::filled_t1()),
        ps1: Some(primitives::filled_t1()),
        e1: E1("e".into()),
        pe1: Some(E1("p".into())),
        i1: 17,
        pi1: Some(-9),
    })
    .expect_validate_false_by_path(&[
        ("e1", &["T1.E1", "type E1"]),
        ("i1", &["T1.I1"]),
        ("pe1", &["type E1"]),
        ("ps1", &["PT1.PS1"]),
        ("ps1.anothert2.b", &["field T2.B"]),
        ("ps1.anothert2.f", &["field T2.F"]),
        ("ps1.anothert2.i", &["field T2.I"]),
        ("ps1.anothert2.s", &["field T2.S"]),
        ("ps1.b", &["field T1.B"]),
        ("ps1.f", &["field T1.F"]),
        ("ps1.i", &["field T1.I"]),
        ("ps1.s", &["field T1.S"]),
        ("ps1.t2", &["field T1.T2"]),
        ("ps1.t2.b", &["field T2.B"]),
        ("ps1.t2.f", &["field T2.F"]),
        ("ps1.t2.i", &["field T2.I"]),
        ("ps1.t2.s", &["field T2.S"]),
        ("s1", &["T1.S1"]),
        ("s1.anothert2.b", &["field T2.B"]),
        ("s1.anothert2.f", &["field T2.F"]),
        ("s1.anothert2.i", &["field T2.I"]),
        ("s1.anothert2.s", &["field T2.S"]),
        ("s1.b", &["field T1.B"]),
        ("s1.f", &["field T1.F"]),
        ("s1.i", &["field T1.I"]),
        ("s1.s", &["field T1.S"]),
        ("s1.t2", &["field T1.T2"]),
        ("s1.t2.b", &["field T2.B"]),
        ("s1.t2.f", &["field T2.F"]),
        ("s1.t2.i", &["field T2.I"]),
        ("s1.t2.s", &["field T2.S"]),
    ]);
}
