//! Port of `cmd/validation-gen/output_tests/tags/monotonic`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};
use serde_json::Value;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:minimum=0
    /// +k8s:monotonic
    #[serde(rename = "intField")]
    int_field: i64,
    /// +k8s:minimum=0
    /// +k8s:monotonic
    #[serde(rename = "int64Field")]
    int64_field: i64,
    /// +k8s:minimum=0
    /// +k8s:monotonic
    #[serde(rename = "uint64Field")]
    uint64_field: u64,
    /// +k8s:optional
    /// +k8s:minimum=0
    /// +k8s:update=NoUnset
    /// +k8s:monotonic
    #[serde(rename = "intPtrField")]
    int_ptr_field: Option<i64>,
    #[serde(rename = "monotonicField")]
    monotonic_field: MonotonicType,
    #[serde(rename = "monotonicPtrField")]
    monotonic_ptr_field: Option<MonotonicType>,
    /// +k8s:optional
    /// +k8s:minimum=0
    /// +k8s:update=NoUnset
    /// +k8s:monotonic
    #[serde(rename = "optionalInt")]
    optional_int: i64,
    /// +k8s:required
    /// +k8s:minimum=0
    /// +k8s:monotonic
    #[serde(rename = "requiredInt")]
    required_int: i64,
    /// +k8s:optional
    /// +k8s:minimum=0
    /// +k8s:update=NoUnset
    /// +k8s:monotonic
    #[serde(rename = "optionalIntPtr")]
    optional_int_ptr: Option<i64>,
    /// +k8s:required
    /// +k8s:minimum=0
    /// +k8s:monotonic
    #[serde(rename = "requiredIntPtr")]
    required_int_ptr: Option<i64>,
    /// +k8s:minimum=-10
    /// +k8s:monotonic
    #[serde(rename = "negativeInt")]
    negative_int: i64,
}

/// +k8s:minimum=0
/// +k8s:monotonic
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct MonotonicType(i64);

/// Every field from its base value plus `d` (`negativeInt` set to `neg`).
fn mk(d: i64, neg: i64) -> Struct {
    Struct {
        int_field: 10 + d,
        int64_field: 20 + d,
        uint64_field: (30 + d) as u64,
        int_ptr_field: Some(40 + d),
        monotonic_field: MonotonicType(50 + d),
        monotonic_ptr_field: Some(MonotonicType(60 + d)),
        optional_int: 10 + d,
        required_int: 10 + d,
        optional_int_ptr: Some(10 + d),
        required_int_ptr: Some(10 + d),
        negative_int: neg,
    }
}

fn by_tfo() -> ErrorMatcher {
    ErrorMatcher::default().by_type().by_field().by_origin()
}

fn inv(field: &str, v: Value, origin: &str) -> Error {
    Error::invalid(&path(field), v, "").with_origin(origin.to_owned())
}

#[test]
fn test() {
    let orig = mk(0, 0);
    let increase = mk(1, 5);
    let decrease = mk(-1, 0);

    // Valid updates.
    value(orig.clone()).old_value(orig.clone()).expect_valid();
    value(increase).old_value(orig.clone()).expect_valid();

    // Invalid updates (decreases).
    value(decrease.clone())
        .old_value(orig.clone())
        .expect_matches(
            by_tfo(),
            ErrorList(
                [
                    "intField",
                    "int64Field",
                    "uint64Field",
                    "intPtrField",
                    "monotonicField",
                    "monotonicPtrField",
                    "optionalInt",
                    "requiredInt",
                    "optionalIntPtr",
                    "requiredIntPtr",
                ]
                .into_iter()
                .map(|f| inv(f, Value::Null, "monotonic"))
                .collect(),
            ),
        );

    // Zero and nil.
    let zero = Struct {
        optional_int: 0,
        required_int: 0,
        optional_int_ptr: Some(0),
        required_int_ptr: Some(0),
        ..orig.clone()
    };
    value(zero).old_value(orig.clone()).expect_matches(
        by_tfo(),
        ErrorList(vec![
            inv("optionalInt", 0.into(), "update"),
            Error::required(&path("requiredInt"), ""),
            inv("optionalIntPtr", 0.into(), "monotonic"),
            inv("requiredIntPtr", 0.into(), "monotonic"),
        ]),
    );

    // optionalIntPtr set -> nil is invalid (+k8s:update=NoUnset).
    let nil = Struct {
        optional_int_ptr: None,
        ..orig.clone()
    };
    value(nil.clone()).old_value(orig.clone()).expect_matches(
        ErrorMatcher::default().by_origin(),
        ErrorList(vec![inv("optionalIntPtr", Value::Null, "update")]),
    );

    // Create is valid (monotonic is update-only).
    value(decrease).expect_valid();

    // optionalIntPtr nil -> set is valid.
    let set = Struct {
        optional_int_ptr: Some(10),
        ..orig.clone()
    };
    let old_set = Struct {
        optional_int_ptr: None,
        ..set.clone()
    };
    value(set).old_value(old_set).expect_valid();

    // optionalIntPtr set -> unset is invalid (+k8s:update=NoUnset).
    value(nil).old_value(orig).expect_matches(
        ErrorMatcher::default().by_origin(),
        ErrorList(vec![inv("optionalIntPtr", Value::Null, "update")]),
    );

    // Below the declared minimum of -10.
    let bad = Struct {
        required_int: 1,
        required_int_ptr: Some(0),
        negative_int: -11,
        ..Default::default()
    };
    value(bad).expect_matches(
        ErrorMatcher::default().by_origin(),
        ErrorList(vec![inv("negativeInt", (-11).into(), "minimum")]),
    );
}
