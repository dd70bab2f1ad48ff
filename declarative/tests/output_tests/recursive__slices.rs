//! Port of `cmd/validation-gen/output_tests/recursive/slices`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (`ValidateFixtures`, `testdata/validate-false.json`),
//! the fixture's filled values built by hand to the filler's depth (see
//! [`crate::randfill_depth`]; the filler's random map keys are `a` and `b`
//! here, `""` where the keys are at the depth limit).

#![allow(non_snake_case)]

use crate::randfill_depth::{slice, string, zero};
use crate::support::value;
use apimachinery::Validate;

// This test case is carefully constructed to test recursion through slices.
//
// Expectations:
// * T1 is validated because T3 has validation.
// * T2 is validated because it uses T1, which has validation.
// * T3 is validated because it has validation.
// * T4 is validated because it uses T3, which has validation.
// * T5 and T6 hold slices of themselves, reached via T1.

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T1 {
    t2: T2,
    t3: T3,
    t5: Vec<T5>,
    t6: Vec<T6>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T2 {
    st1: Vec<T1>,
}

/// +k8s:validateFalse="type T3"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T3 {
    t4: T4,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T4 {
    st3: Vec<T3>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T5 {
    /// +k8s:validateFalse="type T5.T5"
    t5: Vec<T5>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T6 {
    /// +k8s:validateFalse="type T6.S"
    s: String,
    t6: Vec<T6>,
}

fn t1(depth: usize) -> T1 {
    if zero(depth) {
        return T1::default();
    }
    T1 {
        t2: t2(depth + 1),
        t3: t3(depth + 1),
        t5: slice(depth + 1, t5),
        t6: slice(depth + 1, t6),
    }
}

fn t2(depth: usize) -> T2 {
    if zero(depth) {
        return T2::default();
    }
    T2 {
        st1: slice(depth + 1, t1),
    }
}

fn t3(depth: usize) -> T3 {
    if zero(depth) {
        return T3::default();
    }
    T3 { t4: t4(depth + 1) }
}

fn t4(depth: usize) -> T4 {
    if zero(depth) {
        return T4::default();
    }
    T4 {
        st3: slice(depth + 1, t3),
    }
}

fn t5(depth: usize) -> T5 {
    if zero(depth) {
        return T5::default();
    }
    T5 {
        t5: slice(depth + 1, t5),
    }
}

fn t6(depth: usize) -> T6 {
    if zero(depth) {
        return T6::default();
    }
    T6 {
        s: string(depth + 1),
        t6: slice(depth + 1, t6),
    }
}

#[test]
fn t1_fixture() {
    value(t1(0)).expect_validate_false_by_path(&[
        ("t2.st1[0].t2.st1[0].t3", &["type T3"]),
        ("t2.st1[0].t2.st1[0].t5[0].t5", &["type T5.T5"]),
        ("t2.st1[0].t2.st1[0].t5[1].t5", &["type T5.T5"]),
        ("t2.st1[0].t2.st1[0].t6[0].s", &["type T6.S"]),
        ("t2.st1[0].t2.st1[0].t6[1].s", &["type T6.S"]),
        ("t2.st1[0].t2.st1[1].t3", &["type T3"]),
        ("t2.st1[0].t2.st1[1].t5[0].t5", &["type T5.T5"]),
        ("t2.st1[0].t2.st1[1].t5[1].t5", &["type T5.T5"]),
        ("t2.st1[0].t2.st1[1].t6[0].s", &["type T6.S"]),
        ("t2.st1[0].t2.st1[1].t6[1].s", &["type T6.S"]),
        ("t2.st1[0].t3", &["type T3"]),
        ("t2.st1[0].t3.t4.st3[0]", &["type T3"]),
        ("t2.st1[0].t3.t4.st3[1]", &["type T3"]),
        ("t2.st1[0].t5[0].t5", &["type T5.T5"]),
        ("t2.st1[0].t5[0].t5[0].t5", &["type T5.T5"]),
        ("t2.st1[0].t5[0].t5[1].t5", &["type T5.T5"]),
        ("t2.st1[0].t5[1].t5", &["type T5.T5"]),
        ("t2.st1[0].t5[1].t5[0].t5", &["type T5.T5"]),
        ("t2.st1[0].t5[1].t5[1].t5", &["type T5.T5"]),
        ("t2.st1[0].t6[0].s", &["type T6.S"]),
        ("t2.st1[0].t6[0].t6[0].s", &["type T6.S"]),
        ("t2.st1[0].t6[0].t6[1].s", &["type T6.S"]),
        ("t2.st1[0].t6[1].s", &["type T6.S"]),
        ("t2.st1[0].t6[1].t6[0].s", &["type T6.S"]),
        ("t2.st1[0].t6[1].t6[1].s", &["type T6.S"]),
        ("t2.st1[1].t2.st1[0].t3", &["type T3"]),
        ("t2.st1[1].t2.st1[0].t5[0].t5", &["type T5.T5"]),
        ("t2.st1[1].t2.st1[0].t5[1].t5", &["type T5.T5"]),
        ("t2.st1[1].t2.st1[0].t6[0].s", &["type T6.S"]),
        ("t2.st1[1].t2.st1[0].t6[1].s", &["type T6.S"]),
        ("t2.st1[1].t2.st1[1].t3", &["type T3"]),
        ("t2.st1[1].t2.st1[1].t5[0].t5", &["type T5.T5"]),
        ("t2.st1[1].t2.st1[1].t5[1].t5", &["type T5.T5"]),
        ("t2.st1[1].t2.st1[1].t6[0].s", &["type T6.S"]),
        ("t2.st1[1].t2.st1[1].t6[1].s", &["type T6.S"]),
        ("t2.st1[1].t3", &["type T3"]),
        ("t2.st1[1].t3.t4.st3[0]", &["type T3"]),
        ("t2.st1[1].t3.t4.st3[1]", &["type T3"]),
        ("t2.st1[1].t5[0].t5", &["type T5.T5"]),
        ("t2.st1[1].t5[0].t5[0].t5", &["type T5.T5"]),
        ("t2.st1[1].t5[0].t5[1].t5", &["type T5.T5"]),
        ("t2.st1[1].t5[1].t5", &["type T5.T5"]),
        ("t2.st1[1].t5[1].t5[0].t5", &["type T5.T5"]),
        ("t2.st1[1].t5[1].t5[1].t5", &["type T5.T5"]),
        ("t2.st1[1].t6[0].s", &["type T6.S"]),
        ("t2.st1[1].t6[0].t6[0].s", &["type T6.S"]),
        ("t2.st1[1].t6[0].t6[1].s", &["type T6.S"]),
        ("t2.st1[1].t6[1].s", &["type T6.S"]),
        ("t2.st1[1].t6[1].t6[0].s", &["type T6.S"]),
        ("t2.st1[1].t6[1].t6[1].s", &["type T6.S"]),
        ("t3", &["type T3"]),
        ("t3.t4.st3[0]", &["type T3"]),
        ("t3.t4.st3[0].t4.st3[0]", &["type T3"]),
        ("t3.t4.st3[0].t4.st3[1]", &["type T3"]),
        ("t3.t4.st3[1]", &["type T3"]),
        ("t3.t4.st3[1].t4.st3[0]", &["type T3"]),
        ("t3.t4.st3[1].t4.st3[1]", &["type T3"]),
        ("t5[0].t5", &["type T5.T5"]),
        ("t5[0].t5[0].t5", &["type T5.T5"]),
        ("t5[0].t5[0].t5[0].t5", &["type T5.T5"]),
        ("t5[0].t5[0].t5[0].t5[0].t5", &["type T5.T5"]),
        ("t5[0].t5[0].t5[0].t5[1].t5", &["type T5.T5"]),
        ("t5[0].t5[0].t5[1].t5", &["type T5.T5"]),
        ("t5[0].t5[0].t5[1].t5[0].t5", &["type T5.T5"]),
        ("t5[0].t5[0].t5[1].t5[1].t5", &["type T5.T5"]),
        ("t5[0].t5[1].t5", &["type T5.T5"]),
        ("t5[0].t5[1].t5[0].t5", &["type T5.T5"]),
        ("t5[0].t5[1].t5[0].t5[0].t5", &["type T5.T5"]),
        ("t5[0].t5[1].t5[0].t5[1].t5", &["type T5.T5"]),
        ("t5[0].t5[1].t5[1].t5", &["type T5.T5"]),
        ("t5[0].t5[1].t5[1].t5[0].t5", &["type T5.T5"]),
        ("t5[0].t5[1].t5[1].t5[1].t5", &["type T5.T5"]),
        ("t5[1].t5", &["type T5.T5"]),
        ("t5[1].t5[0].t5", &["type T5.T5"]),
        ("t5[1].t5[0].t5[0].t5", &["type T5.T5"]),
        ("t5[1].t5[0].t5[0].t5[0].t5", &["type T5.T5"]),
        ("t5[1].t5[0].t5[0].t5[1].t5", &["type T5.T5"]),
        ("t5[1].t5[0].t5[1].t5", &["type T5.T5"]),
        ("t5[1].t5[0].t5[1].t5[0].t5", &["type T5.T5"]),
        ("t5[1].t5[0].t5[1].t5[1].t5", &["type T5.T5"]),
        ("t5[1].t5[1].t5", &["type T5.T5"]),
        ("t5[1].t5[1].t5[0].t5", &["type T5.T5"]),
        ("t5[1].t5[1].t5[0].t5[0].t5", &["type T5.T5"]),
        ("t5[1].t5[1].t5[0].t5[1].t5", &["type T5.T5"]),
        ("t5[1].t5[1].t5[1].t5", &["type T5.T5"]),
        ("t5[1].t5[1].t5[1].t5[0].t5", &["type T5.T5"]),
        ("t5[1].t5[1].t5[1].t5[1].t5", &["type T5.T5"]),
        ("t6[0].s", &["type T6.S"]),
        ("t6[0].t6[0].s", &["type T6.S"]),
        ("t6[0].t6[0].t6[0].s", &["type T6.S"]),
        ("t6[0].t6[0].t6[0].t6[0].s", &["type T6.S"]),
        ("t6[0].t6[0].t6[0].t6[1].s", &["type T6.S"]),
        ("t6[0].t6[0].t6[1].s", &["type T6.S"]),
        ("t6[0].t6[0].t6[1].t6[0].s", &["type T6.S"]),
        ("t6[0].t6[0].t6[1].t6[1].s", &["type T6.S"]),
        ("t6[0].t6[1].s", &["type T6.S"]),
        ("t6[0].t6[1].t6[0].s", &["type T6.S"]),
        ("t6[0].t6[1].t6[0].t6[0].s", &["type T6.S"]),
        ("t6[0].t6[1].t6[0].t6[1].s", &["type T6.S"]),
        ("t6[0].t6[1].t6[1].s", &["type T6.S"]),
        ("t6[0].t6[1].t6[1].t6[0].s", &["type T6.S"]),
        ("t6[0].t6[1].t6[1].t6[1].s", &["type T6.S"]),
        ("t6[1].s", &["type T6.S"]),
        ("t6[1].t6[0].s", &["type T6.S"]),
        ("t6[1].t6[0].t6[0].s", &["type T6.S"]),
        ("t6[1].t6[0].t6[0].t6[0].s", &["type T6.S"]),
        ("t6[1].t6[0].t6[0].t6[1].s", &["type T6.S"]),
        ("t6[1].t6[0].t6[1].s", &["type T6.S"]),
        ("t6[1].t6[0].t6[1].t6[0].s", &["type T6.S"]),
        ("t6[1].t6[0].t6[1].t6[1].s", &["type T6.S"]),
        ("t6[1].t6[1].s", &["type T6.S"]),
        ("t6[1].t6[1].t6[0].s", &["type T6.S"]),
        ("t6[1].t6[1].t6[0].t6[0].s", &["type T6.S"]),
        ("t6[1].t6[1].t6[0].t6[1].s", &["type T6.S"]),
        ("t6[1].t6[1].t6[1].s", &["type T6.S"]),
        ("t6[1].t6[1].t6[1].t6[0].s", &["type T6.S"]),
        ("t6[1].t6[1].t6[1].t6[1].s", &["type T6.S"]),
    ]);
}

#[test]
fn t2_fixture() {
    value(t2(0)).expect_validate_false_by_path(&[
        ("st1[0].t2.st1[0].t2.st1[0].t3", &["type T3"]),
        ("st1[0].t2.st1[0].t2.st1[1].t3", &["type T3"]),
        ("st1[0].t2.st1[0].t3", &["type T3"]),
        ("st1[0].t2.st1[0].t5[0].t5", &["type T5.T5"]),
        ("st1[0].t2.st1[0].t5[1].t5", &["type T5.T5"]),
        ("st1[0].t2.st1[0].t6[0].s", &["type T6.S"]),
        ("st1[0].t2.st1[0].t6[1].s", &["type T6.S"]),
        ("st1[0].t2.st1[1].t2.st1[0].t3", &["type T3"]),
        ("st1[0].t2.st1[1].t2.st1[1].t3", &["type T3"]),
        ("st1[0].t2.st1[1].t3", &["type T3"]),
        ("st1[0].t2.st1[1].t5[0].t5", &["type T5.T5"]),
        ("st1[0].t2.st1[1].t5[1].t5", &["type T5.T5"]),
        ("st1[0].t2.st1[1].t6[0].s", &["type T6.S"]),
        ("st1[0].t2.st1[1].t6[1].s", &["type T6.S"]),
        ("st1[0].t3", &["type T3"]),
        ("st1[0].t3.t4.st3[0]", &["type T3"]),
        ("st1[0].t3.t4.st3[1]", &["type T3"]),
        ("st1[0].t5[0].t5", &["type T5.T5"]),
        ("st1[0].t5[0].t5[0].t5", &["type T5.T5"]),
        ("st1[0].t5[0].t5[0].t5[0].t5", &["type T5.T5"]),
        ("st1[0].t5[0].t5[0].t5[1].t5", &["type T5.T5"]),
        ("st1[0].t5[0].t5[1].t5", &["type T5.T5"]),
        ("st1[0].t5[0].t5[1].t5[0].t5", &["type T5.T5"]),
        ("st1[0].t5[0].t5[1].t5[1].t5", &["type T5.T5"]),
        ("st1[0].t5[1].t5", &["type T5.T5"]),
        ("st1[0].t5[1].t5[0].t5", &["type T5.T5"]),
        ("st1[0].t5[1].t5[0].t5[0].t5", &["type T5.T5"]),
        ("st1[0].t5[1].t5[0].t5[1].t5", &["type T5.T5"]),
        ("st1[0].t5[1].t5[1].t5", &["type T5.T5"]),
        ("st1[0].t5[1].t5[1].t5[0].t5", &["type T5.T5"]),
        ("st1[0].t5[1].t5[1].t5[1].t5", &["type T5.T5"]),
        ("st1[0].t6[0].s", &["type T6.S"]),
        ("st1[0].t6[0].t6[0].s", &["type T6.S"]),
        ("st1[0].t6[0].t6[0].t6[0].s", &["type T6.S"]),
        ("st1[0].t6[0].t6[0].t6[1].s", &["type T6.S"]),
        ("st1[0].t6[0].t6[1].s", &["type T6.S"]),
        ("st1[0].t6[0].t6[1].t6[0].s", &["type T6.S"]),
        ("st1[0].t6[0].t6[1].t6[1].s", &["type T6.S"]),
        ("st1[0].t6[1].s", &["type T6.S"]),
        ("st1[0].t6[1].t6[0].s", &["type T6.S"]),
        ("st1[0].t6[1].t6[0].t6[0].s", &["type T6.S"]),
        ("st1[0].t6[1].t6[0].t6[1].s", &["type T6.S"]),
        ("st1[0].t6[1].t6[1].s", &["type T6.S"]),
        ("st1[0].t6[1].t6[1].t6[0].s", &["type T6.S"]),
        ("st1[0].t6[1].t6[1].t6[1].s", &["type T6.S"]),
        ("st1[1].t2.st1[0].t2.st1[0].t3", &["type T3"]),
        ("st1[1].t2.st1[0].t2.st1[1].t3", &["type T3"]),
        ("st1[1].t2.st1[0].t3", &["type T3"]),
        ("st1[1].t2.st1[0].t5[0].t5", &["type T5.T5"]),
        ("st1[1].t2.st1[0].t5[1].t5", &["type T5.T5"]),
        ("st1[1].t2.st1[0].t6[0].s", &["type T6.S"]),
        ("st1[1].t2.st1[0].t6[1].s", &["type T6.S"]),
        ("st1[1].t2.st1[1].t2.st1[0].t3", &["type T3"]),
        ("st1[1].t2.st1[1].t2.st1[1].t3", &["type T3"]),
        ("st1[1].t2.st1[1].t3", &["type T3"]),
        ("st1[1].t2.st1[1].t5[0].t5", &["type T5.T5"]),
        ("st1[1].t2.st1[1].t5[1].t5", &["type T5.T5"]),
        ("st1[1].t2.st1[1].t6[0].s", &["type T6.S"]),
        ("st1[1].t2.st1[1].t6[1].s", &["type T6.S"]),
        ("st1[1].t3", &["type T3"]),
        ("st1[1].t3.t4.st3[0]", &["type T3"]),
        ("st1[1].t3.t4.st3[1]", &["type T3"]),
        ("st1[1].t5[0].t5", &["type T5.T5"]),
        ("st1[1].t5[0].t5[0].t5", &["type T5.T5"]),
        ("st1[1].t5[0].t5[0].t5[0].t5", &["type T5.T5"]),
        ("st1[1].t5[0].t5[0].t5[1].t5", &["type T5.T5"]),
        ("st1[1].t5[0].t5[1].t5", &["type T5.T5"]),
        ("st1[1].t5[0].t5[1].t5[0].t5", &["type T5.T5"]),
        ("st1[1].t5[0].t5[1].t5[1].t5", &["type T5.T5"]),
        ("st1[1].t5[1].t5", &["type T5.T5"]),
        ("st1[1].t5[1].t5[0].t5", &["type T5.T5"]),
        ("st1[1].t5[1].t5[0].t5[0].t5", &["type T5.T5"]),
        ("st1[1].t5[1].t5[0].t5[1].t5", &["type T5.T5"]),
        ("st1[1].t5[1].t5[1].t5", &["type T5.T5"]),
        ("st1[1].t5[1].t5[1].t5[0].t5", &["type T5.T5"]),
        ("st1[1].t5[1].t5[1].t5[1].t5", &["type T5.T5"]),
        ("st1[1].t6[0].s", &["type T6.S"]),
        ("st1[1].t6[0].t6[0].s", &["type T6.S"]),
        ("st1[1].t6[0].t6[0].t6[0].s", &["type T6.S"]),
        ("st1[1].t6[0].t6[0].t6[1].s", &["type T6.S"]),
        ("st1[1].t6[0].t6[1].s", &["type T6.S"]),
        ("st1[1].t6[0].t6[1].t6[0].s", &["type T6.S"]),
        ("st1[1].t6[0].t6[1].t6[1].s", &["type T6.S"]),
        ("st1[1].t6[1].s", &["type T6.S"]),
        ("st1[1].t6[1].t6[0].s", &["type T6.S"]),
        ("st1[1].t6[1].t6[0].t6[0].s", &["type T6.S"]),
        ("st1[1].t6[1].t6[0].t6[1].s", &["type T6.S"]),
        ("st1[1].t6[1].t6[1].s", &["type T6.S"]),
        ("st1[1].t6[1].t6[1].t6[0].s", &["type T6.S"]),
        ("st1[1].t6[1].t6[1].t6[1].s", &["type T6.S"]),
    ]);
}

#[test]
fn t3_fixture() {
    value(t3(0)).expect_validate_false_by_path(&[
        ("", &["type T3"]),
        ("t4.st3[0]", &["type T3"]),
        ("t4.st3[0].t4.st3[0]", &["type T3"]),
        ("t4.st3[0].t4.st3[1]", &["type T3"]),
        ("t4.st3[1]", &["type T3"]),
        ("t4.st3[1].t4.st3[0]", &["type T3"]),
        ("t4.st3[1].t4.st3[1]", &["type T3"]),
    ]);
}

#[test]
fn t4_fixture() {
    value(t4(0)).expect_validate_false_by_path(&[
        ("st3[0]", &["type T3"]),
        ("st3[0].t4.st3[0]", &["type T3"]),
        ("st3[0].t4.st3[0].t4.st3[0]", &["type T3"]),
        ("st3[0].t4.st3[0].t4.st3[1]", &["type T3"]),
        ("st3[0].t4.st3[1]", &["type T3"]),
        ("st3[0].t4.st3[1].t4.st3[0]", &["type T3"]),
        ("st3[0].t4.st3[1].t4.st3[1]", &["type T3"]),
        ("st3[1]", &["type T3"]),
        ("st3[1].t4.st3[0]", &["type T3"]),
        ("st3[1].t4.st3[0].t4.st3[0]", &["type T3"]),
        ("st3[1].t4.st3[0].t4.st3[1]", &["type T3"]),
        ("st3[1].t4.st3[1]", &["type T3"]),
        ("st3[1].t4.st3[1].t4.st3[0]", &["type T3"]),
        ("st3[1].t4.st3[1].t4.st3[1]", &["type T3"]),
    ]);
}

#[test]
fn t5_fixture() {
    value(t5(0)).expect_validate_false_by_path(&[
        ("t5", &["type T5.T5"]),
        ("t5[0].t5", &["type T5.T5"]),
        ("t5[0].t5[0].t5", &["type T5.T5"]),
        ("t5[0].t5[0].t5[0].t5", &["type T5.T5"]),
        ("t5[0].t5[0].t5[0].t5[0].t5", &["type T5.T5"]),
        ("t5[0].t5[0].t5[0].t5[1].t5", &["type T5.T5"]),
        ("t5[0].t5[0].t5[1].t5", &["type T5.T5"]),
        ("t5[0].t5[0].t5[1].t5[0].t5", &["type T5.T5"]),
        ("t5[0].t5[0].t5[1].t5[1].t5", &["type T5.T5"]),
        ("t5[0].t5[1].t5", &["type T5.T5"]),
        ("t5[0].t5[1].t5[0].t5", &["type T5.T5"]),
        ("t5[0].t5[1].t5[0].t5[0].t5", &["type T5.T5"]),
        ("t5[0].t5[1].t5[0].t5[1].t5", &["type T5.T5"]),
        ("t5[0].t5[1].t5[1].t5", &["type T5.T5"]),
        ("t5[0].t5[1].t5[1].t5[0].t5", &["type T5.T5"]),
        ("t5[0].t5[1].t5[1].t5[1].t5", &["type T5.T5"]),
        ("t5[1].t5", &["type T5.T5"]),
        ("t5[1].t5[0].t5", &["type T5.T5"]),
        ("t5[1].t5[0].t5[0].t5", &["type T5.T5"]),
        ("t5[1].t5[0].t5[0].t5[0].t5", &["type T5.T5"]),
        ("t5[1].t5[0].t5[0].t5[1].t5", &["type T5.T5"]),
        ("t5[1].t5[0].t5[1].t5", &["type T5.T5"]),
        ("t5[1].t5[0].t5[1].t5[0].t5", &["type T5.T5"]),
        ("t5[1].t5[0].t5[1].t5[1].t5", &["type T5.T5"]),
        ("t5[1].t5[1].t5", &["type T5.T5"]),
        ("t5[1].t5[1].t5[0].t5", &["type T5.T5"]),
        ("t5[1].t5[1].t5[0].t5[0].t5", &["type T5.T5"]),
        ("t5[1].t5[1].t5[0].t5[1].t5", &["type T5.T5"]),
        ("t5[1].t5[1].t5[1].t5", &["type T5.T5"]),
        ("t5[1].t5[1].t5[1].t5[0].t5", &["type T5.T5"]),
        ("t5[1].t5[1].t5[1].t5[1].t5", &["type T5.T5"]),
    ]);
}

#[test]
fn t6_fixture() {
    value(t6(0)).expect_validate_false_by_path(&[
        ("s", &["type T6.S"]),
        ("t6[0].s", &["type T6.S"]),
        ("t6[0].t6[0].s", &["type T6.S"]),
        ("t6[0].t6[0].t6[0].s", &["type T6.S"]),
        ("t6[0].t6[0].t6[0].t6[0].s", &["type T6.S"]),
        ("t6[0].t6[0].t6[0].t6[1].s", &["type T6.S"]),
        ("t6[0].t6[0].t6[1].s", &["type T6.S"]),
        ("t6[0].t6[0].t6[1].t6[0].s", &["type T6.S"]),
        ("t6[0].t6[0].t6[1].t6[1].s", &["type T6.S"]),
        ("t6[0].t6[1].s", &["type T6.S"]),
        ("t6[0].t6[1].t6[0].s", &["type T6.S"]),
        ("t6[0].t6[1].t6[0].t6[0].s", &["type T6.S"]),
        ("t6[0].t6[1].t6[0].t6[1].s", &["type T6.S"]),
        ("t6[0].t6[1].t6[1].s", &["type T6.S"]),
        ("t6[0].t6[1].t6[1].t6[0].s", &["type T6.S"]),
        ("t6[0].t6[1].t6[1].t6[1].s", &["type T6.S"]),
        ("t6[1].s", &["type T6.S"]),
        ("t6[1].t6[0].s", &["type T6.S"]),
        ("t6[1].t6[0].t6[0].s", &["type T6.S"]),
        ("t6[1].t6[0].t6[0].t6[0].s", &["type T6.S"]),
        ("t6[1].t6[0].t6[0].t6[1].s", &["type T6.S"]),
        ("t6[1].t6[0].t6[1].s", &["type T6.S"]),
        ("t6[1].t6[0].t6[1].t6[0].s", &["type T6.S"]),
        ("t6[1].t6[0].t6[1].t6[1].s", &["type T6.S"]),
        ("t6[1].t6[1].s", &["type T6.S"]),
        ("t6[1].t6[1].t6[0].s", &["type T6.S"]),
        ("t6[1].t6[1].t6[0].t6[0].s", &["type T6.S"]),
        ("t6[1].t6[1].t6[0].t6[1].s", &["type T6.S"]),
        ("t6[1].t6[1].t6[1].s", &["type T6.S"]),
        ("t6[1].t6[1].t6[1].t6[0].s", &["type T6.S"]),
        ("t6[1].t6[1].t6[1].t6[1].s", &["type T6.S"]),
    ]);
}
