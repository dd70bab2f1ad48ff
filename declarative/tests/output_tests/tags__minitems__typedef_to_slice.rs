//! Port of `cmd/validation-gen/output_tests/tags/minitems/typedef_to_slice`
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

/// +k8s:minItems=0
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct Min0Type(Vec<i64>);

/// +k8s:minItems=10
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct Min10Type(Vec<i64>);

// Go's `type SliceType []int` and `type MinNTypedefType SliceType`: Go elides the
// intermediate typedef, so each is a newtype of the slice itself.

/// +k8s:minItems=0
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct Min0TypedefType(Vec<i64>);

/// +k8s:minItems=10
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct Min10TypedefType(Vec<i64>);

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    #[serde(rename = "unvalidatedField")]
    unvalidated_field: UnvalidatedType,
    #[serde(rename = "min0Field")]
    min0_field: Min0Type,
    #[serde(rename = "min10Field")]
    min10_field: Min10Type,
    #[serde(rename = "min0TypedefField")]
    min0_typedef_field: Min0TypedefType,
    #[serde(rename = "min10TypedefField")]
    min10_typedef_field: Min10TypedefType,
}

/// `u` unvalidated items, `a` items in the 0-limit fields, `b` in the 10-limit ones.
fn mk(u: usize, a: usize, b: usize) -> Struct {
    Struct {
        unvalidated_field: UnvalidatedType(vec![0; u]),
        min0_field: Min0Type(vec![0; a]),
        min10_field: Min10Type(vec![0; b]),
        min0_typedef_field: Min0TypedefType(vec![0; a]),
        min10_typedef_field: Min10TypedefType(vec![0; b]),
    }
}

fn by_type_field() -> ErrorMatcher {
    ErrorMatcher::default().by_type().by_field()
}

#[test]
fn test() {
    value(mk(0, 0, 0)).expect_matches(
        by_type_field(),
        ErrorList(vec![
            Error::too_few(&path("min10Field"), 0, 10),
            Error::too_few(&path("min10TypedefField"), 0, 10),
        ]),
    );
    value(mk(0, 0, 0)).expect_matches(
        by_type_field(),
        ErrorList(vec![
            Error::too_few(&path("min10Field"), 0, 10),
            Error::too_few(&path("min10TypedefField"), 0, 10),
        ]),
    ); // explicit empty slices
    value(mk(0, 0, 1)).expect_matches(
        by_type_field(),
        ErrorList(vec![
            Error::too_few(&path("min10Field"), 1, 10),
            Error::too_few(&path("min10TypedefField"), 1, 10),
        ]),
    );
    value(mk(0, 0, 9)).expect_matches(
        by_type_field(),
        ErrorList(vec![
            Error::too_few(&path("min10Field"), 9, 10),
            Error::too_few(&path("min10TypedefField"), 9, 10),
        ]),
    );
    value(mk(0, 0, 10)).expect_valid();
    value(mk(0, 1, 11)).expect_valid();
    // Ratcheting.
    value(mk(0, 1, 1)).old_value(mk(0, 1, 1)).expect_valid();
}
