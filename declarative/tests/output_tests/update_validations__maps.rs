//! Port of `cmd/validation-gen/output_tests/update_validations/maps`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (`ValidateFixtures`, `testdata/validate-false.json`),
//! the fixture's filled value built by hand (every map with 2 entries, keys
//! `a` and `b` for the filler's random strings).

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;
use std::collections::BTreeMap;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T1 {
    msm1: BTreeMap<String, M1>,
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
        msm1: BTreeMap::from([
            ("a".to_string(), M1 { s: "x".into() }),
            ("b".to_string(), M1 { s: "y".into() }),
        ]),
    })
    .expect_validate_false_by_path(&[("msm1[a].s", &["M1.S"]), ("msm1[b].s", &["M1.S"])]);
}
