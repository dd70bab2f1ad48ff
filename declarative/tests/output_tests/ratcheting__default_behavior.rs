//! Port of `cmd/validation-gen/output_tests/ratcheting/default_behavior`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{expect_update_from_nil_matches, path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};
use std::collections::BTreeMap;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct StructPrimitive {
    /// +k8s:validateFalse="field intField"
    #[serde(rename = "intField")]
    int_field: i64,
    /// +k8s:optional
    /// +k8s:validateFalse="field intPtrField"
    #[serde(rename = "intPtrField")]
    int_ptr_field: Option<i64>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct StructSlice {
    /// +k8s:validateFalse="field sliceField"
    #[serde(rename = "sliceField")]
    slice_field: Vec<S>,
    /// +k8s:validateFalse="field typedefSliceField"
    #[serde(rename = "typedefSliceField")]
    type_def_slice_field: MySlice,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct StructMap {
    /// +k8s:validateFalse="field mapKeyField"
    #[serde(rename = "mapKeyField")]
    map_key_field: BTreeMap<S, String>,
    /// +k8s:validateFalse="field mapValueField"
    #[serde(rename = "mapValueField")]
    map_value_field: BTreeMap<String, S>,
    /// +k8s:validateFalse="field aliasMapKeyTypeField"
    #[serde(rename = "aliasMapKeyTypeField")]
    alias_map_key_type_field: AliasMapKeyType,
    /// +k8s:validateFalse="field aliasMapValueTypeField"
    #[serde(rename = "aliasMapValueTypeField")]
    alias_map_value_type_field: AliasMapValueType,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct StructStruct {
    /// +k8s:validateFalse="field directComparableStructField"
    #[serde(rename = "directComparableStructField")]
    direct_comparable_struct_field: DirectComparableStruct,
    /// +k8s:validateFalse="field nonDirectComparableStructField"
    #[serde(rename = "nonDirectComparableStructField")]
    non_direct_comparable_struct_field: NonDirectComparableStruct,
    /// +k8s:validateFalse="field directComparableStructPtrField"
    #[serde(rename = "directComparableStructPtrField")]
    direct_comparable_struct_ptr: Option<DirectComparableStruct>,
    /// +k8s:validateFalse="field nonDirectComparableStructPtrField"
    #[serde(rename = "nonDirectComparableStructPtrField")]
    non_direct_comparable_struct_ptr: Option<NonDirectComparableStruct>,
    // Go embeds these two without a JSON tag; validation-gen names their
    // paths after the Go field, as the rename does here.
    /// +k8s:validateFalse="field DirectComparableStruct"
    #[serde(rename = "DirectComparableStruct")]
    direct_comparable_struct: DirectComparableStruct,
    /// +k8s:validateFalse="field NonDirectComparableStruct"
    #[serde(rename = "NonDirectComparableStruct")]
    non_direct_comparable_struct: NonDirectComparableStruct,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct StructEmbedded {
    /// +k8s:validateFalse="field DirectComparableStruct"
    #[serde(rename = "directComparableStruct")]
    direct_comparable_struct: DirectComparableStruct,
    /// +k8s:validateFalse="field NonDirectComparableStruct"
    #[serde(rename = "nonDirectComparableStruct")]
    non_direct_comparable_struct: NonDirectComparableStruct,
    /// +k8s:validateFalse="field NestedDirectComparableStructField"
    #[serde(rename = "nestedDirectComparableStructField")]
    nested_direct_comparable_struct_field: NestedDirectComparableStruct,
    /// +k8s:validateFalse="field NestedNonDirectComparableStructField"
    #[serde(rename = "nestedNonDirectComparableStructField")]
    nested_non_direct_comparable_struct_field: NestedNonDirectComparableStruct,
}

/// +k8s:validateFalse="type TypeDefStruct"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[allow(dead_code)]
struct TypeDefStruct {}

/// +k8s:validateFalse="type MySlice"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct MySlice(Vec<i64>);

/// +k8s:validateFalse="type S"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Eq, PartialOrd, Ord, Clone, Default)]
#[serde(transparent)]
struct S(String);

/// +k8s:validateFalse="type MapKeyType"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct AliasMapKeyType(MapKeyType);

/// +k8s:validateFalse="type MapValueType"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct AliasMapValueType(MapValueType);

// no validation
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct MapKeyType(BTreeMap<S, String>);

// no validation
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct MapValueType(BTreeMap<String, S>);

/// +k8s:validateFalse="type DirectComparableStruct"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct DirectComparableStruct {
    /// +k8s:validateFalse="field intField"
    #[serde(rename = "intField")]
    int_field: i64,
}

/// +k8s:validateFalse="type NonDirectComparableStruct"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct NonDirectComparableStruct {
    /// +k8s:validateFalse="field intPtrField"
    #[serde(rename = "intPtrField")]
    int_ptr_field: Option<i64>,
}

/// +k8s:validateFalse="type NestedDirectComparableStruct"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct NestedDirectComparableStruct {
    /// +k8s:validateFalse="field directComparableStructField"
    #[serde(rename = "directComparableStructField")]
    direct_comparable_struct_field: DirectComparableStruct,
}

/// +k8s:validateFalse="type NestedNonDirectComparableStruct"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct NestedNonDirectComparableStruct {
    /// +k8s:validateFalse="field nonDirectComparableStructField"
    #[serde(rename = "nonDirectComparableStructField")]
    non_direct_comparable_struct_field: NonDirectComparableStruct,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct MixComparableStruct {
    #[serde(rename = "Primitive")]
    primitive: String,
    /// +k8s:validateFalse="field NonComparable"
    #[serde(rename = "NonComparable")]
    non_comparable: Vec<String>,
}

fn by_type_field() -> ErrorMatcher {
    ErrorMatcher::default().by_type().by_field()
}

#[test]
fn test_struct_primitive() {
    let mk = || StructPrimitive {
        int_field: 1,
        int_ptr_field: Some(1),
    };
    value(mk()).expect_matches(
        by_type_field(),
        ErrorList(vec![
            Error::invalid(&path("intField"), "", ""),
            Error::invalid(&path("intPtrField"), "", ""),
        ]),
    );
    value(mk()).old_value(mk()).expect_valid();
}

#[test]
fn test_struct_slice() {
    let mk = || StructSlice {
        slice_field: vec![S(String::new())],
        type_def_slice_field: MySlice(vec![1]),
    };
    value(mk()).expect_validate_false_by_path(&[
        ("sliceField", &["field sliceField"]),
        ("sliceField[0]", &["type S"]),
        (
            "typedefSliceField",
            &["field typedefSliceField", "type MySlice"],
        ),
    ]);
    value(mk()).old_value(mk()).expect_valid();
}

#[test]
fn test_struct_map() {
    let mk = || StructMap {
        map_key_field: [(S("k".into()), "v".to_string())].into(),
        map_value_field: [("k".to_string(), S("v".into()))].into(),
        alias_map_key_type_field: AliasMapKeyType(MapKeyType(
            [(S("k".into()), "v".to_string())].into(),
        )),
        alias_map_value_type_field: AliasMapValueType(MapValueType(
            [("k".to_string(), S("v".into()))].into(),
        )),
    };
    value(mk()).expect_validate_false_by_path(&[
        (
            "aliasMapKeyTypeField",
            &["field aliasMapKeyTypeField", "type MapKeyType", "type S"],
        ),
        (
            "aliasMapValueTypeField",
            &["field aliasMapValueTypeField", "type MapValueType"],
        ),
        ("aliasMapValueTypeField[k]", &["type S"]),
        ("mapKeyField", &["field mapKeyField", "type S"]),
        ("mapValueField", &["field mapValueField"]),
        ("mapValueField[k]", &["type S"]),
    ]);
    value(mk()).old_value(mk()).expect_valid();
}

#[test]
fn test_struct_struct() {
    let mk = || StructStruct {
        direct_comparable_struct_field: DirectComparableStruct { int_field: 1 },
        non_direct_comparable_struct_field: NonDirectComparableStruct {
            int_ptr_field: Some(1),
        },
        direct_comparable_struct_ptr: Some(DirectComparableStruct { int_field: 1 }),
        non_direct_comparable_struct_ptr: Some(NonDirectComparableStruct {
            int_ptr_field: Some(1),
        }),
        ..Default::default()
    };
    value(mk()).expect_validate_false_by_path(&[
        (
            "directComparableStructField",
            &[
                "field directComparableStructField",
                "type DirectComparableStruct",
            ],
        ),
        ("directComparableStructField.intField", &["field intField"]),
        (
            "nonDirectComparableStructField",
            &[
                "field nonDirectComparableStructField",
                "type NonDirectComparableStruct",
            ],
        ),
        (
            "nonDirectComparableStructField.intPtrField",
            &["field intPtrField"],
        ),
        (
            "directComparableStructPtrField",
            &[
                "field directComparableStructPtrField",
                "type DirectComparableStruct",
            ],
        ),
        (
            "directComparableStructPtrField.intField",
            &["field intField"],
        ),
        (
            "nonDirectComparableStructPtrField",
            &[
                "field nonDirectComparableStructPtrField",
                "type NonDirectComparableStruct",
            ],
        ),
        (
            "nonDirectComparableStructPtrField.intPtrField",
            &["field intPtrField"],
        ),
        (
            "DirectComparableStruct",
            &[
                "field DirectComparableStruct",
                "type DirectComparableStruct",
            ],
        ),
        ("DirectComparableStruct.intField", &["field intField"]),
        (
            "NonDirectComparableStruct",
            &[
                "field NonDirectComparableStruct",
                "type NonDirectComparableStruct",
            ],
        ),
        (
            "NonDirectComparableStruct.intPtrField",
            &["field intPtrField"],
        ),
    ]);
    value(mk()).old_value(mk()).expect_valid();
}

#[test]
fn test_struct_embedded() {
    let mk = || StructEmbedded {
        direct_comparable_struct: DirectComparableStruct { int_field: 1 },
        non_direct_comparable_struct: NonDirectComparableStruct {
            int_ptr_field: Some(1),
        },
        nested_direct_comparable_struct_field: NestedDirectComparableStruct {
            direct_comparable_struct_field: DirectComparableStruct { int_field: 1 },
        },
        nested_non_direct_comparable_struct_field: NestedNonDirectComparableStruct {
            non_direct_comparable_struct_field: NonDirectComparableStruct {
                int_ptr_field: Some(1),
            },
        },
    };
    value(mk()).expect_validate_false_by_path(&[
        (
            "directComparableStruct",
            &[
                "field DirectComparableStruct",
                "type DirectComparableStruct",
            ],
        ),
        ("directComparableStruct.intField", &["field intField"]),
        (
            "nonDirectComparableStruct",
            &[
                "field NonDirectComparableStruct",
                "type NonDirectComparableStruct",
            ],
        ),
        (
            "nonDirectComparableStruct.intPtrField",
            &["field intPtrField"],
        ),
        (
            "nestedDirectComparableStructField",
            &[
                "field NestedDirectComparableStructField",
                "type NestedDirectComparableStruct",
            ],
        ),
        (
            "nestedDirectComparableStructField.directComparableStructField",
            &[
                "field directComparableStructField",
                "type DirectComparableStruct",
            ],
        ),
        (
            "nestedDirectComparableStructField.directComparableStructField.intField",
            &["field intField"],
        ),
        (
            "nestedNonDirectComparableStructField",
            &[
                "field NestedNonDirectComparableStructField",
                "type NestedNonDirectComparableStruct",
            ],
        ),
        (
            "nestedNonDirectComparableStructField.nonDirectComparableStructField",
            &[
                "field nonDirectComparableStructField",
                "type NonDirectComparableStruct",
            ],
        ),
        (
            "nestedNonDirectComparableStructField.nonDirectComparableStructField.intPtrField",
            &["field intPtrField"],
        ),
    ]);
    value(mk()).old_value(mk()).expect_valid();
}

#[test]
fn test_mix() {
    expect_update_from_nil_matches(
        MixComparableStruct {
            primitive: "a".into(),
            ..Default::default()
        },
        by_type_field(),
        ErrorList(vec![Error::invalid(&path("NonComparable"), "", "")]),
    );
}
