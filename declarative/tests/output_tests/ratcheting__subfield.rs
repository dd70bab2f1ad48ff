//! Port of `cmd/validation-gen/output_tests/ratcheting/subfield`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    #[serde(rename = "TypeMeta")]
    type_meta: i64,
    /// +k8s:subfield(intField)=+k8s:validateFalse="field IntField"
    /// +k8s:subfield(intPtrField)=+k8s:validateFalse="field IntPtrField"
    #[serde(rename = "subStructField")]
    sub_struct_field: SubStruct,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct SubStruct {
    #[serde(rename = "intField")]
    int_field: i64,
    #[serde(rename = "intPtrField")]
    int_ptr_field: Option<i64>,
}

/// +k8s:subfield(intField)=+k8s:validateFalse="field IntField"
/// +k8s:subfield(intPtrField)=+k8s:validateFalse="field IntPtrField"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct StructWithSubfield {
    #[serde(rename = "TypeMeta")]
    type_meta: i64,
    #[serde(rename = "intField")]
    int_field: i64,
    #[serde(rename = "intPtrField")]
    int_ptr_field: Option<i64>,
}

fn by_type_field() -> ErrorMatcher {
    ErrorMatcher::default().by_type().by_field()
}

#[test]
fn test_struct() {
    value(Struct {
        sub_struct_field: SubStruct {
            int_field: 1,
            int_ptr_field: Some(1),
        },
        ..Default::default()
    })
    .expect_matches(
        by_type_field(),
        ErrorList(vec![
            Error::invalid(
                &path("subStructField").child("intField"),
                1,
                "field IntField",
            ),
            Error::invalid(
                &path("subStructField").child("intPtrField"),
                1,
                "field IntPtrField",
            ),
        ]),
    );
    let s = || StructWithSubfield {
        int_field: 1,
        int_ptr_field: Some(1),
        ..Default::default()
    };
    value(s()).old_value(s()).expect_valid();
}

#[test]
fn test_struct_with_subfield() {
    value(StructWithSubfield {
        int_field: 1,
        int_ptr_field: Some(1),
        ..Default::default()
    })
    .expect_matches(
        by_type_field(),
        ErrorList(vec![
            Error::invalid(&path("intField"), 1, "field IntField"),
            Error::invalid(&path("intPtrField"), 1, "field IntPtrField"),
        ]),
    );
    let s = || StructWithSubfield {
        type_meta: 1,
        int_field: 1,
        int_ptr_field: Some(1),
    };
    value(s()).old_value(s()).expect_valid();
}
