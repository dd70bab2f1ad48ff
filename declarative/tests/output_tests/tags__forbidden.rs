//! Port of `cmd/validation-gen/output_tests/tags/forbidden`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};
use std::collections::BTreeMap;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:forbidden
    #[serde(rename = "stringField")]
    string_field: String,
    /// +k8s:forbidden
    #[serde(rename = "stringPtrField")]
    string_ptr_field: Option<String>,
    /// +k8s:forbidden
    #[serde(rename = "stringTypedefField")]
    string_typedef_field: StringType,
    /// +k8s:forbidden
    #[serde(rename = "stringTypedefPtrField")]
    string_typedef_ptr_field: Option<StringType>,
    /// +k8s:forbidden
    #[serde(rename = "intField")]
    int_field: i64,
    /// +k8s:forbidden
    #[serde(rename = "intPtrField")]
    int_ptr_field: Option<i64>,
    /// +k8s:forbidden
    #[serde(rename = "intTypedefField")]
    int_typedef_field: IntType,
    /// +k8s:forbidden
    #[serde(rename = "intTypedefPtrField")]
    int_typedef_ptr_field: Option<IntType>,
    /// +k8s:forbidden
    #[serde(rename = "boolField")]
    bool_field: bool,
    /// +k8s:forbidden
    #[serde(rename = "floatField")]
    float_field: f64,
    /// +k8s:forbidden
    #[serde(rename = "byteField")]
    byte_field: u8,
    /// +k8s:forbidden
    #[serde(rename = "otherStructPtrField")]
    other_struct_ptr_field: Option<OtherStruct>,
    /// +k8s:forbidden
    #[serde(rename = "sliceField")]
    slice_field: Vec<String>,
    /// +k8s:forbidden
    #[serde(rename = "sliceTypedefField")]
    #[dv(typedef = "Vec<String>")]
    slice_typedef_field: SliceType,
    /// +k8s:forbidden
    #[serde(rename = "byteArrayField")]
    byte_array_field: Vec<u8>,
    /// +k8s:forbidden
    #[serde(rename = "mapField")]
    map_field: BTreeMap<String, String>,
    /// +k8s:forbidden
    #[serde(rename = "mapTypedefField")]
    #[dv(typedef = "BTreeMap<String, String>")]
    map_typedef_field: MapType,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct StringType(String);

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct IntType(i64);

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct OtherStruct {}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct SliceType(Vec<String>);

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct MapType(BTreeMap<String, String>);

#[test]
fn test() {
    // All zero values (nil slices and maps).
    value(Struct::default()).expect_valid();
    // Explicit zero values and empty slices and maps are the same in Rust
    // (an empty Vec or BTreeMap is Go's nil and empty alike).
    value(Struct {
        slice_field: vec![],
        slice_typedef_field: SliceType(vec![]),
        byte_array_field: vec![],
        map_field: BTreeMap::new(),
        map_typedef_field: MapType(BTreeMap::new()),
        ..Default::default()
    })
    .expect_valid();
    let ab_cd: BTreeMap<String, String> = [
        ("a".to_string(), "b".to_string()),
        ("c".to_string(), "d".to_string()),
    ]
    .into();
    value(Struct {
        string_field: "abc".into(),
        string_ptr_field: Some("xyz".into()),
        string_typedef_field: StringType("abc".into()),
        string_typedef_ptr_field: Some(StringType("xyz".into())),
        int_field: 123,
        int_ptr_field: Some(456),
        int_typedef_field: IntType(123),
        int_typedef_ptr_field: Some(IntType(456)),
        bool_field: true,
        float_field: 1.23,
        byte_field: b'a',
        other_struct_ptr_field: Some(OtherStruct {}),
        slice_field: vec!["a".into(), "b".into()],
        slice_typedef_field: SliceType(vec!["a".into(), "b".into()]),
        byte_array_field: b"abc".to_vec(),
        map_field: ab_cd.clone(),
        map_typedef_field: MapType(ab_cd),
    })
    .expect_matches(
        ErrorMatcher::default().by_type().by_field(),
        ErrorList(
            [
                "stringField",
                "stringPtrField",
                "stringTypedefField",
                "stringTypedefPtrField",
                "intField",
                "intPtrField",
                "intTypedefField",
                "intTypedefPtrField",
                "boolField",
                "floatField",
                "byteField",
                "otherStructPtrField",
                "sliceField",
                "sliceTypedefField",
                "byteArrayField",
                "mapField",
                "mapTypedefField",
            ]
            .into_iter()
            .map(|f| Error::forbidden(&path(f), ""))
            .collect(),
        ),
    );
}
