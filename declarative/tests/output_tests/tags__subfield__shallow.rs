//! Port of validation-gen's `output_tests/tags/subfield/shallow`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:subfield` of every kind of field, on a struct and on a pointer
//! to a struct.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::value;
use apimachinery::Validate;
use std::collections::BTreeMap;

/// Validations for subfields of structs.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Struct {
    type_meta: i32,

    /// +k8s:subfield(stringField)=+k8s:validateFalse="subfield Struct.StructField.StringField 1"
    /// +k8s:subfield(stringField)=+k8s:validateFalse="subfield Struct.StructField.StringField 2"
    /// +k8s:subfield(pointerField)=+k8s:validateFalse="subfield Struct.StructField.PointerField"
    /// +k8s:subfield(structField)=+k8s:validateFalse="subfield Struct.StructField.StructField"
    /// +k8s:subfield(sliceField)=+k8s:validateFalse="subfield Struct.StructField.SliceField"
    /// +k8s:subfield(mapField)=+k8s:validateFalse="subfield Struct.StructField.MapField"
    struct_field: OtherStruct,

    /// +k8s:subfield(stringField)=+k8s:validateFalse="subfield Struct.StructPtrField.StringField 1"
    /// +k8s:subfield(stringField)=+k8s:validateFalse="subfield Struct.StructPtrField.StringField 2"
    /// +k8s:subfield(pointerField)=+k8s:validateFalse="subfield Struct.StructPtrField.PointerField"
    /// +k8s:subfield(structField)=+k8s:validateFalse="subfield Struct.StructPtrField.StructField"
    /// +k8s:subfield(sliceField)=+k8s:validateFalse="subfield Struct.StructPtrField.SliceField"
    /// +k8s:subfield(mapField)=+k8s:validateFalse="subfield Struct.StructPtrField.MapField"
    struct_ptr_field: Option<OtherStruct>,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct OtherStruct {
    string_field: String,
    pointer_field: Option<String>,
    struct_field: SmallStruct,
    slice_field: Vec<String>,
    map_field: BTreeMap<String, String>,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct SmallStruct {
    string_field: String,
}

#[test]
fn test() {
    let other = || OtherStruct {
        pointer_field: Some(String::new()),
        ..Default::default()
    };
    value(Struct {
        struct_field: other(),
        struct_ptr_field: Some(other()),
        ..Default::default()
    })
    .expect_validate_false_by_path(&[
        (
            "structField.stringField",
            &[
                "subfield Struct.StructField.StringField 1",
                "subfield Struct.StructField.StringField 2",
            ],
        ),
        (
            "structField.pointerField",
            &["subfield Struct.StructField.PointerField"],
        ),
        (
            "structField.structField",
            &["subfield Struct.StructField.StructField"],
        ),
        (
            "structField.sliceField",
            &["subfield Struct.StructField.SliceField"],
        ),
        (
            "structField.mapField",
            &["subfield Struct.StructField.MapField"],
        ),
        (
            "structPtrField.stringField",
            &[
                "subfield Struct.StructPtrField.StringField 1",
                "subfield Struct.StructPtrField.StringField 2",
            ],
        ),
        (
            "structPtrField.pointerField",
            &["subfield Struct.StructPtrField.PointerField"],
        ),
        (
            "structPtrField.structField",
            &["subfield Struct.StructPtrField.StructField"],
        ),
        (
            "structPtrField.sliceField",
            &["subfield Struct.StructPtrField.SliceField"],
        ),
        (
            "structPtrField.mapField",
            &["subfield Struct.StructPtrField.MapField"],
        ),
    ]);
}
