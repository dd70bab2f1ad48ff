//! Port of `cmd/validation-gen/output_tests/tags/minitems/slice_of_struct`
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
    /// +k8s:minItems=0
    #[serde(rename = "min0Field")]
    min0_field: Vec<OtherStruct>,
    /// +k8s:minItems=10
    #[serde(rename = "min10Field")]
    min10_field: Vec<OtherStruct>,
    /// +k8s:minItems=0
    #[serde(rename = "min0TypedefField")]
    min0_typedef_field: Vec<OtherTypedefStruct>,
    /// +k8s:minItems=10
    #[serde(rename = "min10TypedefField")]
    min10_typedef_field: Vec<OtherTypedefStruct>,
}

/// `a` items in the 0-limit fields, `b` in the 10-limit ones.
fn mk(a: usize, b: usize) -> Struct {
    Struct {
        min0_field: vec![OtherStruct {}; a],
        min10_field: vec![OtherStruct {}; b],
        min0_typedef_field: vec![OtherTypedefStruct(OtherStruct {}); a],
        min10_typedef_field: vec![OtherTypedefStruct(OtherStruct {}); b],
    }
}

fn by_type_field() -> ErrorMatcher {
    ErrorMatcher::default().by_type().by_field()
}

#[test]
fn test() {
    value(mk(0, 0)).expect_matches(
        by_type_field(),
        ErrorList(vec![
            Error::too_few(&path("min10Field"), 0, 10),
            Error::too_few(&path("min10TypedefField"), 0, 10),
        ]),
    );
    value(mk(0, 0)).expect_matches(
        by_type_field(),
        ErrorList(vec![
            Error::too_few(&path("min10Field"), 0, 10),
            Error::too_few(&path("min10TypedefField"), 0, 10),
        ]),
    ); // explicit empty slices
    value(mk(0, 1)).expect_matches(
        by_type_field(),
        ErrorList(vec![
            Error::too_few(&path("min10Field"), 1, 10),
            Error::too_few(&path("min10TypedefField"), 1, 10),
        ]),
    );
    value(mk(0, 9)).expect_matches(
        by_type_field(),
        ErrorList(vec![
            Error::too_few(&path("min10Field"), 9, 10),
            Error::too_few(&path("min10TypedefField"), 9, 10),
        ]),
    );
    value(mk(0, 10)).expect_valid();
    value(mk(1, 11)).expect_valid();
    // Ratcheting.
    value(mk(1, 1)).old_value(mk(1, 1)).expect_valid();
}
