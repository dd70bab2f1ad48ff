//! Port of validation-gen's `output_tests/tags/union/union/discriminated/multiple`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! two discriminated unions in one struct.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{BadValue, Error, ErrorList, ErrorMatcher};

/// Two discriminated unions in the same struct. The Rust field names are
/// the Go names in snake case (`u1_m1` for `U1M1`): a member's default
/// discriminator value is the Go field name.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct Struct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:unionDiscriminator(union: "union1")
    d1: D,

    /// +k8s:unionMember(union: "union1")
    /// +k8s:optional
    #[serde(rename = "u1m1")]
    u1_m1: Option<M1>,

    /// +k8s:unionMember(union: "union1")
    /// +k8s:optional
    #[serde(rename = "u1m2")]
    u1_m2: Option<M2>,

    /// +k8s:unionDiscriminator(union: "union2")
    d2: D,

    /// +k8s:unionMember(union: "union2")
    /// +k8s:optional
    #[serde(rename = "u2m1")]
    u2_m1: Option<M1>,

    /// +k8s:unionMember(union: "union2")
    /// +k8s:optional
    #[serde(rename = "u2m2")]
    u2_m2: Option<M2>,
}

apimachinery::k8s_enum! {
    /// The discriminators' values.
    pub enum D {
        /// U1M1.
        U1M1 = "U1M1",
        /// U1M2.
        U1M2 = "U1M2",
        /// U2M1.
        U2M1 = "U2M1",
        /// U2M2.
        U2M2 = "U2M2",
    }
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct M1 {}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct M2 {}

/// `d1` with members u1m1/u1m2 set as given, `d2` likewise.
fn st(d1: D, u1: (bool, bool), d2: D, u2: (bool, bool)) -> Struct {
    Struct {
        d1,
        u1_m1: u1.0.then_some(M1 {}),
        u1_m2: u1.1.then_some(M2 {}),
        d2,
        u2_m1: u2.0.then_some(M1 {}),
        u2_m2: u2.1.then_some(M2 {}),
        ..Default::default()
    }
}

fn matcher() -> ErrorMatcher {
    ErrorMatcher::default()
        .by_type()
        .by_field()
        .by_detail_substring()
        .by_origin()
}

fn err(field: &str, detail: &str) -> Error {
    Error::invalid(&path(field), BadValue::Omitted, detail.to_owned())
}

#[test]
fn test() {
    value(Struct::default()).expect_valid();

    value(st(D::U1M1, (true, false), D::U2M1, (true, false))).expect_valid();
    value(st(D::U1M2, (false, true), D::U2M2, (false, true))).expect_valid();

    let a = st(D::U1M2, (true, true), D::U2M2, (false, false));
    value(a.clone()).expect_matches(
        matcher(),
        ErrorList(vec![
            err("u1m1", "may only be specified when"),
            err("u2m2", "must be specified when"),
        ])
        .with_origin("union"),
    );

    let b = st(D::U1M2, (false, false), D::U2M2, (true, true));
    value(b.clone()).expect_matches(
        matcher(),
        ErrorList(vec![
            err("u1m2", "must be specified when"),
            err("u2m1", "may only be specified when"),
        ])
        .with_origin("union"),
    );

    let c = st(D::U1M2, (false, false), D::U2M2, (false, false));
    value(c.clone()).expect_matches(
        matcher(),
        ErrorList(vec![
            err("u1m2", "must be specified when"),
            err("u2m2", "must be specified when"),
        ])
        .with_origin("union"),
    );

    // Ratcheting.
    value(a.clone()).old_value(a).expect_valid();
    value(b.clone()).old_value(b).expect_valid();
    value(c.clone()).old_value(c).expect_valid();
}
