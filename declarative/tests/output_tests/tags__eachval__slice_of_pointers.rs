//! Port of `cmd/validation-gen/output_tests/tags/eachval/slice_of_pointers`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListField[*]"
    #[serde(rename = "listField")]
    list_field: Vec<Option<OtherStruct>>,
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListPrimitiveField[*]"
    #[serde(rename = "listPrimitiveField")]
    list_primitive_field: Vec<Option<String>>,
}

/// +k8s:validateFalse="type OtherStruct"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct OtherStruct {
    #[serde(rename = "value")]
    value: String,
}

#[test]
fn test() {
    // Zero values are valid.
    value(Struct::default()).expect_valid();
    // Non-nil elements are validated.
    value(Struct {
        list_field: vec![Some(OtherStruct::default()), Some(OtherStruct::default())],
        list_primitive_field: vec![Some("a".into()), Some("b".into())],
    })
    .expect_validate_false_by_path(&[
        (
            "listField[0]",
            &["field Struct.ListField[*]", "type OtherStruct"],
        ),
        (
            "listField[1]",
            &["field Struct.ListField[*]", "type OtherStruct"],
        ),
        (
            "listPrimitiveField[0]",
            &["field Struct.ListPrimitiveField[*]"],
        ),
        (
            "listPrimitiveField[1]",
            &["field Struct.ListPrimitiveField[*]"],
        ),
    ]);
    // Nil elements are Required errors.
    value(Struct {
        list_field: vec![None],
        list_primitive_field: vec![None],
    })
    .expect_matches(
        ErrorMatcher::default().by_type().by_field(),
        ErrorList(vec![
            Error::required(&path("listField").index(0), ""),
            Error::required(&path("listPrimitiveField").index(0), ""),
        ]),
    );
}
