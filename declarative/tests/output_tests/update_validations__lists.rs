//! Port of `cmd/validation-gen/output_tests/update_validations/lists`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (`ValidateFixtures`, `testdata/validate-false.json`),
//! the fixture's filled value built by hand (every slice with 2 elements).

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T1 {
    lm1: Vec<M1>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct M1 {
    /// +k8s:validateFalse="M1.S"
    s: String,
}

#[test]
fn m1() {
    value(M1 { s: "m".into() }).expect_validate_false_by_path(&[("s", &["M1.S"])]);
}

#[test]
fn t1() {
    value(T1 {
        lm1: vec![M1 { s: "a".into() }, M1 { s: "b".into() }],
    })
    .expect_validate_false_by_path(&[("lm1[0].s", &["M1.S"]), ("lm1[1].s", &["M1.S"])]);
}
