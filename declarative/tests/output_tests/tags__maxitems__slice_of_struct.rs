//! Port of `cmd/validation-gen/output_tests/tags/maxitems/slice_of_struct`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct OtherStruct {}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct OtherTypedefStruct(OtherStruct);

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:maxItems=0
    #[serde(rename = "max0Field")]
    max0_field: Vec<OtherStruct>,
    /// +k8s:maxItems=10
    #[serde(rename = "max10Field")]
    max10_field: Vec<OtherStruct>,
    /// +k8s:maxItems=0
    #[serde(rename = "max0TypedefField")]
    max0_typedef_field: Vec<OtherTypedefStruct>,
    /// +k8s:maxItems=10
    #[serde(rename = "max10TypedefField")]
    max10_typedef_field: Vec<OtherTypedefStruct>,
}

/// `a` items in the 0-limit fields, `b` in the 10-limit ones.
fn mk(a: usize, b: usize) -> Struct {
    Struct {
        max0_field: vec![OtherStruct {}; a],
        max10_field: vec![OtherStruct {}; b],
        max0_typedef_field: vec![OtherTypedefStruct(OtherStruct {}); a],
        max10_typedef_field: vec![OtherTypedefStruct(OtherStruct {}); b],
    }
}

fn by_type_field() -> ErrorMatcher {
    ErrorMatcher::default().by_type().by_field()
}

#[test]
fn test() {
    value(mk(0, 0)).expect_valid();
    value(mk(0, 0)).expect_valid(); // explicit empty slices
    value(mk(0, 1)).expect_valid();
    value(mk(0, 9)).expect_valid();
    value(mk(0, 10)).expect_valid();
    value(mk(1, 11)).expect_matches(
        by_type_field(),
        ErrorList(vec![
            Error::too_many(&path("max0Field"), 1, 0),
            Error::too_many(&path("max10Field"), 11, 10),
            Error::too_many(&path("max0TypedefField"), 1, 0),
            Error::too_many(&path("max10TypedefField"), 11, 10),
        ]),
    );
    // Ratcheting.
    value(mk(1, 11)).old_value(mk(1, 11)).expect_valid();
}
