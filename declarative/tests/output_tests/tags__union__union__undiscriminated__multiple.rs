//! Port of validation-gen's `output_tests/tags/union/union/undiscriminated/multiple`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! two non-discriminated unions in one struct.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::value;
use apimachinery::Validate;
use apimachinery::field::{BadValue, Error, ErrorList, ErrorMatcher, Path};

/// Two non-discriminated unions in the same struct
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Struct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    non_union_field: String,

    /// +k8s:unionMember(union: "union1")
    /// +k8s:optional
    #[serde(rename = "u1m1")]
    u1_m1: Option<M1>,

    /// +k8s:unionMember(union: "union1")
    /// +k8s:optional
    #[serde(rename = "u1m2")]
    u1_m2: Option<M2>,

    /// +k8s:unionMember(union: "union2")
    /// +k8s:optional
    #[serde(rename = "u2m1")]
    u2_m1: Option<M1>,

    /// +k8s:unionMember(union: "union2")
    /// +k8s:optional
    #[serde(rename = "u2m2")]
    u2_m2: Option<M2>,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct M1 {}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct M2 {}

/// Members set: (u1m1, u1m2, u2m1, u2m2).
fn st(set: (bool, bool, bool, bool)) -> Struct {
    Struct {
        u1_m1: set.0.then_some(M1 {}),
        u1_m2: set.1.then_some(M2 {}),
        u2_m1: set.2.then_some(M1 {}),
        u2_m2: set.3.then_some(M2 {}),
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

fn root(detail: &str) -> Error {
    Error::invalid(&Path::root(), BadValue::Omitted, detail.to_owned()).with_origin("union")
}

const ONE_1: &str = "must specify one of: `u1m1`, `u1m2`";
const ONE_2: &str = "must specify one of: `u2m1`, `u2m2`";
const EXACTLY_1: &str = "must specify exactly one of: `u1m1`, `u1m2`";
const EXACTLY_2: &str = "must specify exactly one of: `u2m1`, `u2m2`";

#[test]
fn test() {
    value(Struct::default()).expect_matches(matcher(), ErrorList(vec![root(ONE_1), root(ONE_2)]));

    value(st((true, false, true, false))).expect_valid();
    value(st((false, true, false, true))).expect_valid();

    value(st((true, true, false, false)))
        .expect_matches(matcher(), ErrorList(vec![root(EXACTLY_1), root(ONE_2)]));

    value(st((false, false, true, true)))
        .expect_matches(matcher(), ErrorList(vec![root(ONE_1), root(EXACTLY_2)]));

    value(st((true, true, true, true)))
        .expect_matches(matcher(), ErrorList(vec![root(EXACTLY_1), root(EXACTLY_2)]));

    // Ratcheting.
    for set in [
        (false, false, false, false),
        (true, true, false, false),
        (false, false, true, true),
        (true, true, true, true),
    ] {
        value(st(set)).old_value(st(set)).expect_valid();
    }
}
