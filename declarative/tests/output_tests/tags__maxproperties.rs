//! Port of `cmd/validation-gen/output_tests/tags/maxproperties`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};
use std::collections::BTreeMap;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:maxProperties=0
    #[serde(rename = "max0Field")]
    max0_field: BTreeMap<String, String>,
    /// +k8s:maxProperties=10
    #[serde(rename = "max10Field")]
    max10_field: BTreeMap<String, String>,
    /// +k8s:maxProperties=0
    #[serde(rename = "max0TypedefKeyField")]
    max0_typedef_key_field: BTreeMap<StringKey, String>,
    /// +k8s:maxProperties=10
    #[serde(rename = "max10TypedefKeyField")]
    max10_typedef_key_field: BTreeMap<StringKey, String>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Eq, PartialOrd, Ord, Clone, Default)]
#[serde(transparent)]
struct StringKey(String);

fn strings(n: usize) -> BTreeMap<String, String> {
    (0..n).map(|i| (i.to_string(), i.to_string())).collect()
}

fn keys(n: usize) -> BTreeMap<StringKey, String> {
    (0..n)
        .map(|i| (StringKey(i.to_string()), i.to_string()))
        .collect()
}

/// `a` entries in the 0-limit fields, `b` in the 10-limit ones.
fn mk(a: usize, b: usize) -> Struct {
    Struct {
        max0_field: strings(a),
        max10_field: strings(b),
        max0_typedef_key_field: keys(a),
        max10_typedef_key_field: keys(b),
    }
}

#[test]
fn test() {
    value(Struct::default()).expect_valid();
    value(mk(0, 0)).expect_valid();
    value(mk(0, 1)).expect_valid();
    value(mk(0, 9)).expect_valid();
    value(mk(0, 10)).expect_valid();
    value(mk(1, 11)).expect_matches(
        ErrorMatcher::default().by_type().by_field(),
        ErrorList(vec![
            Error::too_many(&path("max0Field"), 1, 0),
            Error::too_many(&path("max10Field"), 11, 10),
            Error::too_many(&path("max0TypedefKeyField"), 1, 0),
            Error::too_many(&path("max10TypedefKeyField"), 11, 10),
        ]),
    );
    // Ratcheting.
    value(mk(1, 11)).old_value(mk(1, 11)).expect_valid();
}
