//! Port of `cmd/validation-gen/output_tests/tags/eachval/slice_of_struct`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListField[*]"
    #[serde(rename = "listField")]
    list_field: Vec<OtherStruct>,
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListTypedefField[*]"
    #[serde(rename = "listTypedefField")]
    list_typedef_field: Vec<OtherTypedefStruct>,
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListNonComparableField[*]"
    #[serde(rename = "listNonComparableField")]
    list_non_comparable_field: Vec<NonComparableStruct>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct OtherStruct {}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct OtherTypedefStruct(OtherStruct);

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct NonComparableStruct {
    #[serde(rename = "sliceField")]
    slice_field: Vec<String>,
}

fn ncs(a: &str, b: &str) -> NonComparableStruct {
    NonComparableStruct {
        slice_field: vec![a.into(), b.into()],
    }
}

#[test]
fn test() {
    value(Struct::default()).expect_valid();
    let two = || Struct {
        list_field: vec![OtherStruct {}, OtherStruct {}],
        list_typedef_field: vec![
            OtherTypedefStruct(OtherStruct {}),
            OtherTypedefStruct(OtherStruct {}),
        ],
        ..Default::default()
    };
    value(two()).expect_validate_false_by_path(&[
        ("listField[0]", &["field Struct.ListField[*]"]),
        ("listField[1]", &["field Struct.ListField[*]"]),
        ("listTypedefField[0]", &["field Struct.ListTypedefField[*]"]),
        ("listTypedefField[1]", &["field Struct.ListTypedefField[*]"]),
    ]);
    value(Struct {
        list_non_comparable_field: vec![ncs("zero", "one"), ncs("three", "four")],
        ..Default::default()
    })
    .expect_validate_false_by_path(&[
        (
            "listNonComparableField[0]",
            &["field Struct.ListNonComparableField[*]"],
        ),
        (
            "listNonComparableField[1]",
            &["field Struct.ListNonComparableField[*]"],
        ),
    ]);
    // Ratcheting.
    value(two()).old_value(two()).expect_valid();
    // The new element exists in the old value, but this is not a set.
    value(Struct {
        list_non_comparable_field: vec![ncs("three", "four")],
        ..Default::default()
    })
    .old_value(Struct {
        list_non_comparable_field: vec![ncs("zero", "one"), ncs("three", "four")],
        ..Default::default()
    })
    .expect_validate_false_by_path(&[(
        "listNonComparableField[0]",
        &["field Struct.ListNonComparableField[*]"],
    )]);
}
