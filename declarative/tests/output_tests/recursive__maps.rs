//! Port of `cmd/validation-gen/output_tests/recursive/maps`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (`ValidateFixtures`, `testdata/validate-false.json`),
//! the fixture's filled values built by hand to the filler's depth (see
//! [`crate::randfill_depth`]; the filler's random map keys are `a` and `b`
//! here, `""` where the keys are at the depth limit).

#![allow(non_snake_case)]

use crate::randfill_depth::{map, string, zero};
use crate::support::value;
use apimachinery::Validate;
use std::collections::BTreeMap;

// This test case is carefully constructed to test recursion through maps.
//
// Expectations:
// * T1 is validated because T3 has validation.
// * T2 is validated because it uses T1, which has validation.
// * T3 is validated because it has validation.
// * T4 is validated because it uses T3, which has validation.
// * T5 and T6 hold maps of themselves, reached via T1.

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T1 {
    t2: T2,
    t3: T3,
    t5: BTreeMap<String, T5>,
    t6: BTreeMap<String, T6>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T2 {
    mt1: BTreeMap<String, T1>,
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
    mt3: BTreeMap<String, T3>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T5 {
    /// +k8s:validateFalse="type T5.T5"
    t5: BTreeMap<String, T5>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T6 {
    /// +k8s:validateFalse="type T6.S"
    s: String,
    t6: BTreeMap<String, T6>,
}

fn t1(depth: usize) -> T1 {
    if zero(depth) {
        return T1::default();
    }
    T1 {
        t2: t2(depth + 1),
        t3: t3(depth + 1),
        t5: map(depth + 1, t5),
        t6: map(depth + 1, t6),
    }
}

fn t2(depth: usize) -> T2 {
    if zero(depth) {
        return T2::default();
    }
    T2 {
        mt1: map(depth + 1, t1),
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
        mt3: map(depth + 1, t3),
    }
}

fn t5(depth: usize) -> T5 {
    if zero(depth) {
        return T5::default();
    }
    T5 {
        t5: map(depth + 1, t5),
    }
}

fn t6(depth: usize) -> T6 {
    if zero(depth) {
        return T6::default();
    }
    T6 {
        s: string(depth + 1),
        t6: map(depth + 1, t6),
    }
}

#[test]
fn t1_fixture() {
    value(t1(0)).expect_validate_false_by_path(&[
        ("t2.mt1[a].t2.mt1[a].t3", &["type T3"]),
        ("t2.mt1[a].t2.mt1[a].t5[].t5", &["type T5.T5"]),
        ("t2.mt1[a].t2.mt1[a].t6[].s", &["type T6.S"]),
        ("t2.mt1[a].t2.mt1[b].t3", &["type T3"]),
        ("t2.mt1[a].t2.mt1[b].t5[].t5", &["type T5.T5"]),
        ("t2.mt1[a].t2.mt1[b].t6[].s", &["type T6.S"]),
        ("t2.mt1[a].t3", &["type T3"]),
        ("t2.mt1[a].t3.t4.mt3[a]", &["type T3"]),
        ("t2.mt1[a].t3.t4.mt3[b]", &["type T3"]),
        ("t2.mt1[a].t5[a].t5", &["type T5.T5"]),
        ("t2.mt1[a].t5[a].t5[a].t5", &["type T5.T5"]),
        ("t2.mt1[a].t5[a].t5[b].t5", &["type T5.T5"]),
        ("t2.mt1[a].t5[b].t5", &["type T5.T5"]),
        ("t2.mt1[a].t5[b].t5[a].t5", &["type T5.T5"]),
        ("t2.mt1[a].t5[b].t5[b].t5", &["type T5.T5"]),
        ("t2.mt1[a].t6[a].s", &["type T6.S"]),
        ("t2.mt1[a].t6[a].t6[a].s", &["type T6.S"]),
        ("t2.mt1[a].t6[a].t6[b].s", &["type T6.S"]),
        ("t2.mt1[a].t6[b].s", &["type T6.S"]),
        ("t2.mt1[a].t6[b].t6[a].s", &["type T6.S"]),
        ("t2.mt1[a].t6[b].t6[b].s", &["type T6.S"]),
        ("t2.mt1[b].t2.mt1[a].t3", &["type T3"]),
        ("t2.mt1[b].t2.mt1[a].t5[].t5", &["type T5.T5"]),
        ("t2.mt1[b].t2.mt1[a].t6[].s", &["type T6.S"]),
        ("t2.mt1[b].t2.mt1[b].t3", &["type T3"]),
        ("t2.mt1[b].t2.mt1[b].t5[].t5", &["type T5.T5"]),
        ("t2.mt1[b].t2.mt1[b].t6[].s", &["type T6.S"]),
        ("t2.mt1[b].t3", &["type T3"]),
        ("t2.mt1[b].t3.t4.mt3[a]", &["type T3"]),
        ("t2.mt1[b].t3.t4.mt3[b]", &["type T3"]),
        ("t2.mt1[b].t5[a].t5", &["type T5.T5"]),
        ("t2.mt1[b].t5[a].t5[a].t5", &["type T5.T5"]),
        ("t2.mt1[b].t5[a].t5[b].t5", &["type T5.T5"]),
        ("t2.mt1[b].t5[b].t5", &["type T5.T5"]),
        ("t2.mt1[b].t5[b].t5[a].t5", &["type T5.T5"]),
        ("t2.mt1[b].t5[b].t5[b].t5", &["type T5.T5"]),
        ("t2.mt1[b].t6[a].s", &["type T6.S"]),
        ("t2.mt1[b].t6[a].t6[a].s", &["type T6.S"]),
        ("t2.mt1[b].t6[a].t6[b].s", &["type T6.S"]),
        ("t2.mt1[b].t6[b].s", &["type T6.S"]),
        ("t2.mt1[b].t6[b].t6[a].s", &["type T6.S"]),
        ("t2.mt1[b].t6[b].t6[b].s", &["type T6.S"]),
        ("t3", &["type T3"]),
        ("t3.t4.mt3[a]", &["type T3"]),
        ("t3.t4.mt3[a].t4.mt3[a]", &["type T3"]),
        ("t3.t4.mt3[a].t4.mt3[b]", &["type T3"]),
        ("t3.t4.mt3[b]", &["type T3"]),
        ("t3.t4.mt3[b].t4.mt3[a]", &["type T3"]),
        ("t3.t4.mt3[b].t4.mt3[b]", &["type T3"]),
        ("t5[a].t5", &["type T5.T5"]),
        ("t5[a].t5[a].t5", &["type T5.T5"]),
        ("t5[a].t5[a].t5[a].t5", &["type T5.T5"]),
        ("t5[a].t5[a].t5[a].t5[].t5", &["type T5.T5"]),
        ("t5[a].t5[a].t5[b].t5", &["type T5.T5"]),
        ("t5[a].t5[a].t5[b].t5[].t5", &["type T5.T5"]),
        ("t5[a].t5[b].t5", &["type T5.T5"]),
        ("t5[a].t5[b].t5[a].t5", &["type T5.T5"]),
        ("t5[a].t5[b].t5[a].t5[].t5", &["type T5.T5"]),
        ("t5[a].t5[b].t5[b].t5", &["type T5.T5"]),
        ("t5[a].t5[b].t5[b].t5[].t5", &["type T5.T5"]),
        ("t5[b].t5", &["type T5.T5"]),
        ("t5[b].t5[a].t5", &["type T5.T5"]),
        ("t5[b].t5[a].t5[a].t5", &["type T5.T5"]),
        ("t5[b].t5[a].t5[a].t5[].t5", &["type T5.T5"]),
        ("t5[b].t5[a].t5[b].t5", &["type T5.T5"]),
        ("t5[b].t5[a].t5[b].t5[].t5", &["type T5.T5"]),
        ("t5[b].t5[b].t5", &["type T5.T5"]),
        ("t5[b].t5[b].t5[a].t5", &["type T5.T5"]),
        ("t5[b].t5[b].t5[a].t5[].t5", &["type T5.T5"]),
        ("t5[b].t5[b].t5[b].t5", &["type T5.T5"]),
        ("t5[b].t5[b].t5[b].t5[].t5", &["type T5.T5"]),
        ("t6[a].s", &["type T6.S"]),
        ("t6[a].t6[a].s", &["type T6.S"]),
        ("t6[a].t6[a].t6[a].s", &["type T6.S"]),
        ("t6[a].t6[a].t6[a].t6[].s", &["type T6.S"]),
        ("t6[a].t6[a].t6[b].s", &["type T6.S"]),
        ("t6[a].t6[a].t6[b].t6[].s", &["type T6.S"]),
        ("t6[a].t6[b].s", &["type T6.S"]),
        ("t6[a].t6[b].t6[a].s", &["type T6.S"]),
        ("t6[a].t6[b].t6[a].t6[].s", &["type T6.S"]),
        ("t6[a].t6[b].t6[b].s", &["type T6.S"]),
        ("t6[a].t6[b].t6[b].t6[].s", &["type T6.S"]),
        ("t6[b].s", &["type T6.S"]),
        ("t6[b].t6[a].s", &["type T6.S"]),
        ("t6[b].t6[a].t6[a].s", &["type T6.S"]),
        ("t6[b].t6[a].t6[a].t6[].s", &["type T6.S"]),
        ("t6[b].t6[a].t6[b].s", &["type T6.S"]),
        ("t6[b].t6[a].t6[b].t6[].s", &["type T6.S"]),
        ("t6[b].t6[b].s", &["type T6.S"]),
        ("t6[b].t6[b].t6[a].s", &["type T6.S"]),
        ("t6[b].t6[b].t6[a].t6[].s", &["type T6.S"]),
        ("t6[b].t6[b].t6[b].s", &["type T6.S"]),
        ("t6[b].t6[b].t6[b].t6[].s", &["type T6.S"]),
    ]);
}

#[test]
fn t2_fixture() {
    value(t2(0)).expect_validate_false_by_path(&[
        ("mt1[a].t2.mt1[a].t2.mt1[].t3", &["type T3"]),
        ("mt1[a].t2.mt1[a].t3", &["type T3"]),
        ("mt1[a].t2.mt1[a].t5[a].t5", &["type T5.T5"]),
        ("mt1[a].t2.mt1[a].t5[b].t5", &["type T5.T5"]),
        ("mt1[a].t2.mt1[a].t6[a].s", &["type T6.S"]),
        ("mt1[a].t2.mt1[a].t6[b].s", &["type T6.S"]),
        ("mt1[a].t2.mt1[b].t2.mt1[].t3", &["type T3"]),
        ("mt1[a].t2.mt1[b].t3", &["type T3"]),
        ("mt1[a].t2.mt1[b].t5[a].t5", &["type T5.T5"]),
        ("mt1[a].t2.mt1[b].t5[b].t5", &["type T5.T5"]),
        ("mt1[a].t2.mt1[b].t6[a].s", &["type T6.S"]),
        ("mt1[a].t2.mt1[b].t6[b].s", &["type T6.S"]),
        ("mt1[a].t3", &["type T3"]),
        ("mt1[a].t3.t4.mt3[a]", &["type T3"]),
        ("mt1[a].t3.t4.mt3[b]", &["type T3"]),
        ("mt1[a].t5[a].t5", &["type T5.T5"]),
        ("mt1[a].t5[a].t5[a].t5", &["type T5.T5"]),
        ("mt1[a].t5[a].t5[a].t5[].t5", &["type T5.T5"]),
        ("mt1[a].t5[a].t5[b].t5", &["type T5.T5"]),
        ("mt1[a].t5[a].t5[b].t5[].t5", &["type T5.T5"]),
        ("mt1[a].t5[b].t5", &["type T5.T5"]),
        ("mt1[a].t5[b].t5[a].t5", &["type T5.T5"]),
        ("mt1[a].t5[b].t5[a].t5[].t5", &["type T5.T5"]),
        ("mt1[a].t5[b].t5[b].t5", &["type T5.T5"]),
        ("mt1[a].t5[b].t5[b].t5[].t5", &["type T5.T5"]),
        ("mt1[a].t6[a].s", &["type T6.S"]),
        ("mt1[a].t6[a].t6[a].s", &["type T6.S"]),
        ("mt1[a].t6[a].t6[a].t6[].s", &["type T6.S"]),
        ("mt1[a].t6[a].t6[b].s", &["type T6.S"]),
        ("mt1[a].t6[a].t6[b].t6[].s", &["type T6.S"]),
        ("mt1[a].t6[b].s", &["type T6.S"]),
        ("mt1[a].t6[b].t6[a].s", &["type T6.S"]),
        ("mt1[a].t6[b].t6[a].t6[].s", &["type T6.S"]),
        ("mt1[a].t6[b].t6[b].s", &["type T6.S"]),
        ("mt1[a].t6[b].t6[b].t6[].s", &["type T6.S"]),
        ("mt1[b].t2.mt1[a].t2.mt1[].t3", &["type T3"]),
        ("mt1[b].t2.mt1[a].t3", &["type T3"]),
        ("mt1[b].t2.mt1[a].t5[a].t5", &["type T5.T5"]),
        ("mt1[b].t2.mt1[a].t5[b].t5", &["type T5.T5"]),
        ("mt1[b].t2.mt1[a].t6[a].s", &["type T6.S"]),
        ("mt1[b].t2.mt1[a].t6[b].s", &["type T6.S"]),
        ("mt1[b].t2.mt1[b].t2.mt1[].t3", &["type T3"]),
        ("mt1[b].t2.mt1[b].t3", &["type T3"]),
        ("mt1[b].t2.mt1[b].t5[a].t5", &["type T5.T5"]),
        ("mt1[b].t2.mt1[b].t5[b].t5", &["type T5.T5"]),
        ("mt1[b].t2.mt1[b].t6[a].s", &["type T6.S"]),
        ("mt1[b].t2.mt1[b].t6[b].s", &["type T6.S"]),
        ("mt1[b].t3", &["type T3"]),
        ("mt1[b].t3.t4.mt3[a]", &["type T3"]),
        ("mt1[b].t3.t4.mt3[b]", &["type T3"]),
        ("mt1[b].t5[a].t5", &["type T5.T5"]),
        ("mt1[b].t5[a].t5[a].t5", &["type T5.T5"]),
        ("mt1[b].t5[a].t5[a].t5[].t5", &["type T5.T5"]),
        ("mt1[b].t5[a].t5[b].t5", &["type T5.T5"]),
        ("mt1[b].t5[a].t5[b].t5[].t5", &["type T5.T5"]),
        ("mt1[b].t5[b].t5", &["type T5.T5"]),
        ("mt1[b].t5[b].t5[a].t5", &["type T5.T5"]),
        ("mt1[b].t5[b].t5[a].t5[].t5", &["type T5.T5"]),
        ("mt1[b].t5[b].t5[b].t5", &["type T5.T5"]),
        ("mt1[b].t5[b].t5[b].t5[].t5", &["type T5.T5"]),
        ("mt1[b].t6[a].s", &["type T6.S"]),
        ("mt1[b].t6[a].t6[a].s", &["type T6.S"]),
        ("mt1[b].t6[a].t6[a].t6[].s", &["type T6.S"]),
        ("mt1[b].t6[a].t6[b].s", &["type T6.S"]),
        ("mt1[b].t6[a].t6[b].t6[].s", &["type T6.S"]),
        ("mt1[b].t6[b].s", &["type T6.S"]),
        ("mt1[b].t6[b].t6[a].s", &["type T6.S"]),
        ("mt1[b].t6[b].t6[a].t6[].s", &["type T6.S"]),
        ("mt1[b].t6[b].t6[b].s", &["type T6.S"]),
        ("mt1[b].t6[b].t6[b].t6[].s", &["type T6.S"]),
    ]);
}

#[test]
fn t3_fixture() {
    value(t3(0)).expect_validate_false_by_path(&[
        ("", &["type T3"]),
        ("t4.mt3[a]", &["type T3"]),
        ("t4.mt3[a].t4.mt3[a]", &["type T3"]),
        ("t4.mt3[a].t4.mt3[b]", &["type T3"]),
        ("t4.mt3[b]", &["type T3"]),
        ("t4.mt3[b].t4.mt3[a]", &["type T3"]),
        ("t4.mt3[b].t4.mt3[b]", &["type T3"]),
    ]);
}

#[test]
fn t4_fixture() {
    value(t4(0)).expect_validate_false_by_path(&[
        ("mt3[a]", &["type T3"]),
        ("mt3[a].t4.mt3[a]", &["type T3"]),
        ("mt3[a].t4.mt3[a].t4.mt3[]", &["type T3"]),
        ("mt3[a].t4.mt3[b]", &["type T3"]),
        ("mt3[a].t4.mt3[b].t4.mt3[]", &["type T3"]),
        ("mt3[b]", &["type T3"]),
        ("mt3[b].t4.mt3[a]", &["type T3"]),
        ("mt3[b].t4.mt3[a].t4.mt3[]", &["type T3"]),
        ("mt3[b].t4.mt3[b]", &["type T3"]),
        ("mt3[b].t4.mt3[b].t4.mt3[]", &["type T3"]),
    ]);
}

#[test]
fn t5_fixture() {
    value(t5(0)).expect_validate_false_by_path(&[
        ("t5", &["type T5.T5"]),
        ("t5[a].t5", &["type T5.T5"]),
        ("t5[a].t5[a].t5", &["type T5.T5"]),
        ("t5[a].t5[a].t5[a].t5", &["type T5.T5"]),
        ("t5[a].t5[a].t5[a].t5[].t5", &["type T5.T5"]),
        ("t5[a].t5[a].t5[b].t5", &["type T5.T5"]),
        ("t5[a].t5[a].t5[b].t5[].t5", &["type T5.T5"]),
        ("t5[a].t5[b].t5", &["type T5.T5"]),
        ("t5[a].t5[b].t5[a].t5", &["type T5.T5"]),
        ("t5[a].t5[b].t5[a].t5[].t5", &["type T5.T5"]),
        ("t5[a].t5[b].t5[b].t5", &["type T5.T5"]),
        ("t5[a].t5[b].t5[b].t5[].t5", &["type T5.T5"]),
        ("t5[b].t5", &["type T5.T5"]),
        ("t5[b].t5[a].t5", &["type T5.T5"]),
        ("t5[b].t5[a].t5[a].t5", &["type T5.T5"]),
        ("t5[b].t5[a].t5[a].t5[].t5", &["type T5.T5"]),
        ("t5[b].t5[a].t5[b].t5", &["type T5.T5"]),
        ("t5[b].t5[a].t5[b].t5[].t5", &["type T5.T5"]),
        ("t5[b].t5[b].t5", &["type T5.T5"]),
        ("t5[b].t5[b].t5[a].t5", &["type T5.T5"]),
        ("t5[b].t5[b].t5[a].t5[].t5", &["type T5.T5"]),
        ("t5[b].t5[b].t5[b].t5", &["type T5.T5"]),
        ("t5[b].t5[b].t5[b].t5[].t5", &["type T5.T5"]),
    ]);
}

#[test]
fn t6_fixture() {
    let mut v = t6(0);
    // In the Go fixture the filler drew the empty string for both keys of
    // one map (here `t6[a].t6`), which so has a single entry.
    if let Some(inner) = v.t6.get_mut("a") {
        inner.t6 = BTreeMap::from([(String::new(), t6(4))]);
    }
    value(v).expect_validate_false_by_path(&[
        ("s", &["type T6.S"]),
        ("t6[a].s", &["type T6.S"]),
        ("t6[a].t6[].s", &["type T6.S"]),
        ("t6[a].t6[].t6[a].s", &["type T6.S"]),
        ("t6[a].t6[].t6[a].t6[].s", &["type T6.S"]),
        ("t6[a].t6[].t6[b].s", &["type T6.S"]),
        ("t6[a].t6[].t6[b].t6[].s", &["type T6.S"]),
        ("t6[b].s", &["type T6.S"]),
        ("t6[b].t6[a].s", &["type T6.S"]),
        ("t6[b].t6[a].t6[a].s", &["type T6.S"]),
        ("t6[b].t6[a].t6[a].t6[].s", &["type T6.S"]),
        ("t6[b].t6[a].t6[b].s", &["type T6.S"]),
        ("t6[b].t6[a].t6[b].t6[].s", &["type T6.S"]),
        ("t6[b].t6[b].s", &["type T6.S"]),
        ("t6[b].t6[b].t6[a].s", &["type T6.S"]),
        ("t6[b].t6[b].t6[a].t6[].s", &["type T6.S"]),
        ("t6[b].t6[b].t6[b].s", &["type T6.S"]),
        ("t6[b].t6[b].t6[b].t6[].s", &["type T6.S"]),
    ]);
}
