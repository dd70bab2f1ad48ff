//! Port of `cmd/validation-gen/output_tests/tags/minproperties`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};
use std::collections::BTreeMap;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:minProperties=0
    #[serde(rename = "min0Field")]
    min0_field: BTreeMap<String, String>,
    /// +k8s:minProperties=10
    #[serde(rename = "min10Field")]
    min10_field: BTreeMap<String, String>,
    /// +k8s:minProperties=0
    #[serde(rename = "min0TypedefField")]
    min0_typedef_field: BTreeMap<String, StringType>,
    /// +k8s:minProperties=10
    #[serde(rename = "min10TypedefField")]
    min10_typedef_field: BTreeMap<String, StringType>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct StringType(String);

fn strings(n: usize) -> BTreeMap<String, String> {
    (0..n).map(|i| (format!("k{i}"), "v".to_string())).collect()
}

fn typed(n: usize) -> BTreeMap<String, StringType> {
    (0..n)
        .map(|i| (format!("k{i}"), StringType("v".into())))
        .collect()
}

/// `a` entries in the 0-limit fields, `b` in the 10-limit ones.
fn mk(a: usize, b: usize) -> Struct {
    Struct {
        min0_field: strings(a),
        min10_field: strings(b),
        min0_typedef_field: typed(a),
        min10_typedef_field: typed(b),
    }
}

fn too_few(n: i64) -> ErrorList {
    ErrorList(vec![
        Error::too_few(&path("min10Field"), n, 10),
        Error::too_few(&path("min10TypedefField"), n, 10),
    ])
}

#[test]
fn test() {
    let m = || ErrorMatcher::default().by_type().by_field();
    value(Struct::default()).expect_matches(m(), too_few(0));
    value(mk(0, 0)).expect_matches(m(), too_few(0));
    value(mk(0, 1)).expect_matches(m(), too_few(1));
    value(mk(0, 9)).expect_matches(m(), too_few(9));
    value(mk(0, 10)).expect_valid();
    value(mk(1, 11)).expect_valid();
    // Ratcheting.
    value(mk(1, 11)).old_value(mk(1, 1)).expect_valid();
}
