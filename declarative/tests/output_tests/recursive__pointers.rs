//! Port of `cmd/validation-gen/output_tests/recursive/pointers`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (`ValidateFixtures`, `testdata/validate-false.json`),
//! the fixture's filled values built by hand to the filler's depth (see
//! [`crate::randfill_depth`]).

#![allow(non_snake_case)]

use crate::randfill_depth::{int, ptr, zero};
use crate::support::value;
use apimachinery::Validate;

// This test case is carefully constructed to test recursion.
//
// Expectations:
// * T1 is validated because it uses T2 which uses T3, which has validation.
// * T2 is validated because it uses T3, which has validation.
// * T3 is validated because it has validation.
// * T4 has no validation.

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T1 {
    /// +k8s:optional
    pt1: Option<Box<T1>>,

    t2: T2,

    /// +k8s:optional
    pt2: Option<T2>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T2 {
    /// +k8s:optional
    pt1: Option<Box<T1>>,

    /// +k8s:optional
    pt2: Option<Box<T2>>,

    /// +k8s:optional
    pt3: Option<T3>,
}

/// +k8s:validateFalse="type T3"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T3 {
    i: i64,
}

// NOTE: no validations.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[allow(dead_code)]
struct T4 {
    // NOTE: no validations.
    pt4: Option<Box<T4>>,
}

fn t1(depth: usize) -> T1 {
    if zero(depth) {
        return T1::default();
    }
    T1 {
        pt1: ptr(depth + 1, |d| Box::new(t1(d))),
        t2: t2(depth + 1),
        pt2: ptr(depth + 1, t2),
    }
}

fn t2(depth: usize) -> T2 {
    if zero(depth) {
        return T2::default();
    }
    T2 {
        pt1: ptr(depth + 1, |d| Box::new(t1(d))),
        pt2: ptr(depth + 1, |d| Box::new(t2(d))),
        pt3: ptr(depth + 1, t3),
    }
}

fn t3(depth: usize) -> T3 {
    if zero(depth) {
        return T3::default();
    }
    T3 { i: int(depth + 1) }
}

#[test]
fn t1_fixture() {
    value(t1(0)).expect_validate_false_by_path(&[
        ("pt1.pt1.pt2.pt3", &["type T3"]),
        ("pt1.pt1.t2.pt3", &["type T3"]),
        ("pt1.pt2.pt2.pt3", &["type T3"]),
        ("pt1.pt2.pt3", &["type T3"]),
        ("pt1.t2.pt1.t2.pt3", &["type T3"]),
        ("pt1.t2.pt2.pt3", &["type T3"]),
        ("pt1.t2.pt3", &["type T3"]),
        ("pt2.pt1.pt2.pt3", &["type T3"]),
        ("pt2.pt1.t2.pt3", &["type T3"]),
        ("pt2.pt2.pt2.pt3", &["type T3"]),
        ("pt2.pt2.pt3", &["type T3"]),
        ("pt2.pt3", &["type T3"]),
        ("t2.pt1.pt1.t2.pt3", &["type T3"]),
        ("t2.pt1.pt2.pt3", &["type T3"]),
        ("t2.pt1.t2.pt2.pt3", &["type T3"]),
        ("t2.pt1.t2.pt3", &["type T3"]),
        ("t2.pt2.pt1.t2.pt3", &["type T3"]),
        ("t2.pt2.pt2.pt3", &["type T3"]),
        ("t2.pt2.pt3", &["type T3"]),
        ("t2.pt3", &["type T3"]),
    ]);
}

#[test]
fn t2_fixture() {
    value(t2(0)).expect_validate_false_by_path(&[
        ("pt1.pt1.pt2.pt3", &["type T3"]),
        ("pt1.pt1.t2.pt3", &["type T3"]),
        ("pt1.pt2.pt2.pt3", &["type T3"]),
        ("pt1.pt2.pt3", &["type T3"]),
        ("pt1.t2.pt1.t2.pt3", &["type T3"]),
        ("pt1.t2.pt2.pt3", &["type T3"]),
        ("pt1.t2.pt3", &["type T3"]),
        ("pt2.pt1.pt2.pt3", &["type T3"]),
        ("pt2.pt1.t2.pt3", &["type T3"]),
        ("pt2.pt2.pt2.pt3", &["type T3"]),
        ("pt2.pt2.pt3", &["type T3"]),
        ("pt2.pt3", &["type T3"]),
        ("pt3", &["type T3"]),
    ]);
}

#[test]
fn t3_fixture() {
    value(t3(0)).expect_validate_false_by_path(&[("", &["type T3"])]);
}
