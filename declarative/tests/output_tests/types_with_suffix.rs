//! Port of `cmd/validation-gen/output_tests/types_with_suffix`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (`ValidateFixtures`, `testdata/validate-false.json`),
//! the fixture's filled value built by hand. The registered types are the
//! ones named `...Request`.

use crate::support::value;
use apimachinery::Validate;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct StructRequest {
    /// +k8s:validateFalse="field StructRequest.S"
    s: String,

    /// +k8s:validateFalse="field StructRequest.T2"
    t2: T2,

    // No internal validations.
    t3: T3,
}

// Note: This has validations and is linked into the type-graph of StructRequest.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T2 {
    /// +k8s:validateFalse="field T2.I"
    i: i64,
}

// Note: This has no validations and is linked into the type-graph of StructRequest.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T3 {
    b: bool,
    f: f64,
}

// Note: This has validations and is not linked into the type-graph of
// StructRequest.
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

/// +k8s:validateFalse="type EnumRequest"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct EnumRequest(String);

#[test]
fn enum_request() {
    value(EnumRequest("r1".into())).expect_validate_false_by_path(&[("", &["type EnumRequest"])]);
}

#[test]
fn struct_request() {
    value(StructRequest {
        s: "r2".into(),
        t2: T2 { i: 8 },
        t3: T3 { b: true, f: 0.75 },
    })
    .expect_validate_false_by_path(&[
        ("s", &["field StructRequest.S"]),
        ("t2", &["field StructRequest.T2"]),
        ("t2.i", &["field T2.I"]),
    ]);
}
