//! Port of `cmd/validation-gen/output_tests/tags/maxitems/typedef_to_slice`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};

// Note: no validation here.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct UnvalidatedType(Vec<i64>);

/// +k8s:maxItems=0
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct Max0Type(Vec<i64>);

/// +k8s:maxItems=10
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct Max10Type(Vec<i64>);

// Go's `type SliceType []int` and `type MaxNTypedefType SliceType`: Go elides the
// intermediate typedef, so each is a newtype of the slice itself.

/// +k8s:maxItems=0
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct Max0TypedefType(Vec<i64>);

/// +k8s:maxItems=10
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct Max10TypedefType(Vec<i64>);

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    #[serde(rename = "unvalidatedField")]
    unvalidated_field: UnvalidatedType,
    #[serde(rename = "max0Field")]
    max0_field: Max0Type,
    #[serde(rename = "max10Field")]
    max10_field: Max10Type,
    #[serde(rename = "max0TypedefField")]
    max0_typedef_field: Max0TypedefType,
    #[serde(rename = "max10TypedefField")]
    max10_typedef_field: Max10TypedefType,
}

/// `u` unvalidated items, `a` items in the 0-limit fields, `b` in the 10-limit ones.
fn mk(u: usize, a: usize, b: usize) -> Struct {
    Struct {
        unvalidated_field: UnvalidatedType(vec![0; u]),
        max0_field: Max0Type(vec![0; a]),
        max10_field: Max10Type(vec![0; b]),
        max0_typedef_field: Max0TypedefType(vec![0; a]),
        max10_typedef_field: Max10TypedefType(vec![0; b]),
    }
}

fn by_type_field() -> ErrorMatcher {
    ErrorMatcher::default().by_type().by_field()
}

#[test]
fn test() {
    value(mk(0, 0, 0)).expect_valid();
    value(mk(0, 0, 0)).expect_valid(); // explicit empty slices
    value(mk(1, 0, 1)).expect_valid();
    value(mk(9, 0, 9)).expect_valid();
    value(mk(10, 0, 10)).expect_valid();
    value(mk(11, 1, 11)).expect_matches(
        by_type_field(),
        ErrorList(vec![
            Error::too_many(&path("max0Field"), 1, 0),
            Error::too_many(&path("max10Field"), 11, 10),
            Error::too_many(&path("max0TypedefField"), 1, 0),
            Error::too_many(&path("max10TypedefField"), 11, 10),
        ]),
    );
    // Ratcheting.
    value(mk(1, 1, 11)).old_value(mk(1, 1, 11)).expect_valid();
}
