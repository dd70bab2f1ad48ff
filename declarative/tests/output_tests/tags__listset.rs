//! Port of validation-gen's `output_tests/tags/listset`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:listType=set` uniqueness over scalars and structs (deep
//! equality, also through pointers), and set correlation on update.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{BadValue, Error, ErrorList, ErrorMatcher};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Struct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:listType=set
    slice_string_field: Vec<String>,

    /// +k8s:listType=set
    slice_int_field: Vec<i64>,

    /// +k8s:listType=set
    slice_comparable_field: Vec<ComparableStruct>,

    /// +k8s:listType=set
    slice_non_comparable_field: Vec<NonComparableStruct>,

    /// +k8s:listType=set
    slice_falsely_comparable_field: Vec<FalselyComparableStruct>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ImmutableStruct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:eachVal=+k8s:immutable
    slice_comparable_field: Vec<ComparableStruct>,

    /// +k8s:listType=set
    /// +k8s:eachVal=+k8s:immutable
    slice_set_comparable_field: Vec<ComparableStruct>,

    /// +k8s:eachVal=+k8s:immutable
    slice_non_comparable_field: Vec<NonComparableStruct>,

    /// +k8s:listType=set
    /// +k8s:eachVal=+k8s:immutable
    slice_set_non_comparable_field: Vec<NonComparableStruct>,

    /// +k8s:eachVal=+k8s:immutable
    slice_primitive_field: Vec<i64>,

    /// +k8s:listType=set
    /// +k8s:eachVal=+k8s:immutable
    slice_set_primitive_field: Vec<i64>,

    /// +k8s:listType=set
    /// +k8s:eachVal=+k8s:immutable
    slice_set_falsely_comparable_field: Vec<FalselyComparableStruct>,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ComparableStruct {
    string_field: String,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct NonComparableStruct {
    slice_field: Vec<String>,
}

/// In Go, a pointer field makes `==` compare the pointers only; here the
/// values are compared either way.
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct FalselyComparableStruct {
    string_ptr_field: Option<String>,
}

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn cs(v: &[&str]) -> Vec<ComparableStruct> {
    v.iter()
        .map(|s| ComparableStruct {
            string_field: s.to_string(),
        })
        .collect()
}

fn ncs(v: &[&[&str]]) -> Vec<NonComparableStruct> {
    v.iter()
        .map(|s| NonComparableStruct {
            slice_field: strs(s),
        })
        .collect()
}

fn fcs(v: &[&str]) -> Vec<FalselyComparableStruct> {
    v.iter()
        .map(|s| FalselyComparableStruct {
            string_ptr_field: Some(s.to_string()),
        })
        .collect()
}

#[test]
fn test() {
    value(Struct::default()).expect_valid();

    value(Struct {
        slice_string_field: strs(&["aaa", "bbb"]),
        slice_int_field: vec![1, 2],
        slice_comparable_field: cs(&["aaa", "bbb"]),
        slice_non_comparable_field: ncs(&[&["aaa", "bbb"], &["bbb", "aaa"]]),
        ..Default::default()
    })
    .expect_valid();

    // Go points the two items at two distinct pointers to equal strings.
    value(Struct {
        slice_string_field: strs(&["aaa", "bbb", "ccc", "ccc", "bbb", "aaa"]),
        slice_int_field: vec![1, 2, 3, 3, 2, 1],
        slice_comparable_field: cs(&["aaa", "bbb", "ccc", "ccc", "bbb", "aaa"]),
        slice_non_comparable_field: ncs(&[
            &["aaa", "111"],
            &["bbb", "222"],
            &["ccc", "333"],
            &["ccc", "333"],
            &["bbb", "222"],
            &["aaa", "111"],
        ]),
        slice_falsely_comparable_field: fcs(&["same value", "same value"]),
        ..Default::default()
    })
    .expect_matches(
        ErrorMatcher::default()
            .by_type()
            .by_field()
            .by_detail_substring()
            .by_origin(),
        ErrorList(
            [
                "sliceStringField",
                "sliceIntField",
                "sliceComparableField",
                "sliceNonComparableField",
            ]
            .iter()
            .flat_map(|f| {
                (3..6).map(move |i| Error::duplicate(&path(f).index(i), BadValue::Omitted))
            })
            .chain([Error::duplicate(
                &path("sliceFalselyComparableField").index(1),
                BadValue::Omitted,
            )])
            .collect(),
        ),
    );
}

#[test]
fn test_set_correlation() {
    value(ImmutableStruct {
        slice_set_comparable_field: cs(&["aaa", "bbb"]),
        ..Default::default()
    })
    .old_value(ImmutableStruct {
        slice_set_comparable_field: cs(&["bbb", "aaa"]),
        ..Default::default()
    })
    .expect_valid();

    value(ImmutableStruct {
        slice_set_non_comparable_field: ncs(&[&["aaa"], &["bbb"]]),
        ..Default::default()
    })
    .old_value(ImmutableStruct {
        slice_set_non_comparable_field: ncs(&[&["bbb"], &["aaa"]]),
        ..Default::default()
    })
    .expect_valid();

    value(ImmutableStruct {
        slice_set_primitive_field: vec![1, 2],
        ..Default::default()
    })
    .old_value(ImmutableStruct {
        slice_set_primitive_field: vec![2, 1],
        ..Default::default()
    })
    .expect_valid();

    value(ImmutableStruct {
        slice_set_falsely_comparable_field: fcs(&["same value"]),
        ..Default::default()
    })
    .old_value(ImmutableStruct {
        slice_set_falsely_comparable_field: fcs(&["same value"]),
        ..Default::default()
    })
    .expect_valid();
}
