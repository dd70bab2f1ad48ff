//! Port of `cmd/validation-gen/output_tests/tags/optional`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;
use std::collections::BTreeMap;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:optional
    /// +k8s:validateFalse="field Struct.StringField"
    #[serde(rename = "stringField")]
    string_field: String,
    /// +k8s:optional
    /// +k8s:validateFalse="field Struct.StringPtrField"
    #[serde(rename = "stringPtrField")]
    string_ptr_field: Option<String>,
    /// +k8s:optional
    /// +k8s:validateFalse="field Struct.StringTypedefField"
    #[serde(rename = "stringTypedefField")]
    string_typedef_field: StringType,
    /// +k8s:optional
    /// +k8s:validateFalse="field Struct.StringTypedefPtrField"
    #[serde(rename = "stringTypedefPtrField")]
    string_typedef_ptr_field: Option<StringType>,
    /// +k8s:optional
    /// +k8s:validateFalse="field Struct.IntField"
    #[serde(rename = "intField")]
    int_field: i64,
    /// +k8s:optional
    /// +k8s:validateFalse="field Struct.IntPtrField"
    #[serde(rename = "intPtrField")]
    int_ptr_field: Option<i64>,
    /// +k8s:optional
    /// +k8s:validateFalse="field Struct.IntTypedefField"
    #[serde(rename = "intTypedefField")]
    int_typedef_field: IntType,
    /// +k8s:optional
    /// +k8s:validateFalse="field Struct.IntTypedefPtrField"
    #[serde(rename = "intTypedefPtrField")]
    int_typedef_ptr_field: Option<IntType>,
    // Non-pointer struct fields cannot be optional or required.
    /// +k8s:optional
    /// +k8s:validateFalse="field Struct.OtherStructPtrField"
    #[serde(rename = "otherStructPtrField")]
    other_struct_ptr_field: Option<OtherStruct>,
    /// +k8s:optional
    /// +k8s:validateFalse="field Struct.SliceField"
    #[serde(rename = "sliceField")]
    slice_field: Vec<String>,
    /// +k8s:optional
    /// +k8s:validateFalse="field Struct.SliceTypedefField"
    #[serde(rename = "sliceTypedefField")]
    #[dv(typedef = "Vec<String>")]
    slice_typedef_field: SliceType,
    /// +k8s:optional
    /// +k8s:validateFalse="field Struct.MapField"
    #[serde(rename = "mapField")]
    map_field: BTreeMap<String, String>,
    /// +k8s:optional
    /// +k8s:validateFalse="field Struct.MapTypedefField"
    #[serde(rename = "mapTypedefField")]
    #[dv(typedef = "BTreeMap<String, String>")]
    map_typedef_field: MapType,
}

/// +k8s:validateFalse="type StringType"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct StringType(String);

/// +k8s:validateFalse="type IntType"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct IntType(i64);

/// +k8s:validateFalse="type SliceType"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct SliceType(Vec<String>);

/// +k8s:validateFalse="type MapType"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct MapType(BTreeMap<String, String>);

/// +k8s:validateFalse="type OtherStruct"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct OtherStruct {}

fn ab_cd() -> BTreeMap<String, String> {
    [
        ("a".to_string(), "b".to_string()),
        ("c".to_string(), "d".to_string()),
    ]
    .into()
}

fn set() -> Struct {
    Struct {
        string_field: "abc".into(),
        string_ptr_field: Some("xyz".into()),
        string_typedef_field: StringType("abc".into()),
        string_typedef_ptr_field: Some(StringType("xyz".into())),
        int_field: 123,
        int_ptr_field: Some(456),
        int_typedef_field: IntType(123),
        int_typedef_ptr_field: Some(IntType(456)),
        other_struct_ptr_field: Some(OtherStruct {}),
        slice_field: vec!["a".into(), "b".into()],
        slice_typedef_field: SliceType(vec!["a".into(), "b".into()]),
        map_field: ab_cd(),
        map_typedef_field: MapType(ab_cd()),
    }
}

#[test]
fn test() {
    value(Struct::default()).expect_valid();
    value(set()).expect_validate_false_by_path(&[
        ("stringField", &["field Struct.StringField"]),
        ("stringPtrField", &["field Struct.StringPtrField"]),
        (
            "stringTypedefField",
            &["field Struct.StringTypedefField", "type StringType"],
        ),
        (
            "stringTypedefPtrField",
            &["field Struct.StringTypedefPtrField", "type StringType"],
        ),
        ("intField", &["field Struct.IntField"]),
        ("intPtrField", &["field Struct.IntPtrField"]),
        (
            "intTypedefField",
            &["field Struct.IntTypedefField", "type IntType"],
        ),
        (
            "intTypedefPtrField",
            &["field Struct.IntTypedefPtrField", "type IntType"],
        ),
        (
            "otherStructPtrField",
            &["field Struct.OtherStructPtrField", "type OtherStruct"],
        ),
        ("sliceField", &["field Struct.SliceField"]),
        (
            "sliceTypedefField",
            &["field Struct.SliceTypedefField", "type SliceType"],
        ),
        ("mapField", &["field Struct.MapField"]),
        (
            "mapTypedefField",
            &["field Struct.MapTypedefField", "type MapType"],
        ),
    ]);
}
