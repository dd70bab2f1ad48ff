//! Port of `cmd/validation-gen/output_tests/ratcheting/list`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;
use std::collections::BTreeMap;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct StructSlice {
    /// +k8s:eachVal=+k8s:validateFalse="field AtomicSliceStringField[*]"
    #[serde(rename = "atomicSliceStringField")]
    atomic_slice_string_field: Vec<StringType>,
    // Go's `IntSliceType` is a typedef of `[]int` without tags of its own:
    // the plain slice is the same to validation.
    /// +k8s:eachVal=+k8s:validateFalse="field AtomicSliceTypeField[*]"
    #[serde(rename = "atomicSliceTypeField")]
    atomic_slice_type_field: Vec<i64>,
    /// +k8s:eachVal=+k8s:validateFalse="field AtomicSliceComparableField[*]"
    #[serde(rename = "atomicSliceComparableField")]
    atomic_slice_comparable_field: Vec<ComparableStruct>,
    /// +k8s:eachVal=+k8s:validateFalse="field AtomicSliceNonComparableField[*]"
    #[serde(rename = "atomicSliceNonComparableField")]
    atomic_slice_non_comparable_field: Vec<NonComparableStruct>,
    /// +k8s:listType=set
    /// +k8s:eachVal=+k8s:validateFalse="field SetSliceComparableField[*]"
    #[serde(rename = "setSliceComparableField")]
    set_slice_comparable_field: Vec<ComparableStruct>,
    /// +k8s:listType=set
    /// +k8s:eachVal=+k8s:validateFalse="field SetSliceNonComparableField[*]"
    #[serde(rename = "setSliceNonComparableField")]
    set_slice_non_comparable_field: Vec<NonComparableStruct>,
    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:eachVal=+k8s:validateFalse="field MapSliceComparableField[*]"
    #[serde(rename = "mapSliceComparableField")]
    map_slice_comparable_field: Vec<ComparableStructWithKey>,
    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:eachVal=+k8s:validateFalse="field MapSliceNonComparableField[*]"
    #[serde(rename = "mapSliceNonComparableField")]
    map_slice_non_comparable_field: Vec<NonComparableStructWithKey>,
    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:eachVal=+k8s:validateFalse="field MapSlicePtrKeyField[*]"
    #[serde(rename = "mapSlicePtrKeyField")]
    map_slice_ptr_key_field: Vec<PtrKeyStruct>,
    /// +k8s:listType=map
    /// +k8s:listMapKey=key1
    /// +k8s:listMapKey=key2
    /// +k8s:eachVal=+k8s:validateFalse="field MapSliceMixedKeyField[*]"
    #[serde(rename = "mapSliceMixedKeyField")]
    map_slice_mixed_key_field: Vec<MixedKeyStruct>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Eq, Clone, Default)]
#[serde(transparent)]
struct StringType(String);

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct ComparableStruct {
    #[serde(rename = "intField")]
    int_field: i64,
}

/// +k8s:validateFalse="type NonComparableStruct"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct NonComparableStruct {
    #[serde(rename = "intPtrField")]
    int_ptr_field: Option<i64>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct ComparableStructWithKey {
    #[serde(rename = "key")]
    key: String,
    #[serde(rename = "intField")]
    int_field: i64,
}

/// +k8s:validateFalse="type NonComparableStructWithKey"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct NonComparableStructWithKey {
    #[serde(rename = "key")]
    key: String,
    #[serde(rename = "intPtrField")]
    int_ptr_field: Option<i64>,
}

/// +k8s:validateFalse="type PtrKeyStruct"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct PtrKeyStruct {
    #[serde(rename = "key")]
    key: Option<String>,
    #[serde(rename = "data")]
    data: String,
}

/// +k8s:validateFalse="type MixedKeyStruct"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct MixedKeyStruct {
    #[serde(rename = "key1")]
    key1: Option<String>,
    #[serde(rename = "key2")]
    key2: String,
    #[serde(rename = "data")]
    data: String,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Item {
    #[serde(rename = "key")]
    key: String,
    /// +k8s:validateFalse="field Data"
    #[serde(rename = "data")]
    data: BTreeMap<String, String>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct ItemList {
    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    #[serde(rename = "items")]
    items: Vec<Item>,
}

fn cs(i: i64) -> ComparableStruct {
    ComparableStruct { int_field: i }
}
fn ncs(i: i64) -> NonComparableStruct {
    NonComparableStruct {
        int_ptr_field: Some(i),
    }
}
fn csk(k: &str, i: i64) -> ComparableStructWithKey {
    ComparableStructWithKey {
        key: k.into(),
        int_field: i,
    }
}
fn ncsk(k: &str, i: i64) -> NonComparableStructWithKey {
    NonComparableStructWithKey {
        key: k.into(),
        int_ptr_field: Some(i),
    }
}
fn pks(k: &str, d: &str) -> PtrKeyStruct {
    PtrKeyStruct {
        key: Some(k.into()),
        data: d.into(),
    }
}
fn mks(k1: &str, k2: &str, d: &str) -> MixedKeyStruct {
    MixedKeyStruct {
        key1: Some(k1.into()),
        key2: k2.into(),
        data: d.into(),
    }
}

#[test]
fn test_struct_slice() {
    let invalid = StructSlice {
        atomic_slice_string_field: vec![StringType(String::new())],
        atomic_slice_type_field: vec![1],
        atomic_slice_comparable_field: vec![cs(1)],
        atomic_slice_non_comparable_field: vec![ncs(1)],
        set_slice_comparable_field: vec![cs(1)],
        set_slice_non_comparable_field: vec![ncs(1)],
        map_slice_comparable_field: vec![csk("x", 1)],
        map_slice_non_comparable_field: vec![ncsk("x", 1)],
        map_slice_ptr_key_field: vec![pks("x", "y")],
        map_slice_mixed_key_field: vec![mks("x", "y", "z")],
    };
    value(invalid.clone()).expect_validate_false_by_path(&[
        (
            "atomicSliceStringField[0]",
            &["field AtomicSliceStringField[*]"],
        ),
        (
            "atomicSliceTypeField[0]",
            &["field AtomicSliceTypeField[*]"],
        ),
        (
            "atomicSliceComparableField[0]",
            &["field AtomicSliceComparableField[*]"],
        ),
        (
            "atomicSliceNonComparableField[0]",
            &[
                "field AtomicSliceNonComparableField[*]",
                "type NonComparableStruct",
            ],
        ),
        (
            "setSliceComparableField[0]",
            &["field SetSliceComparableField[*]"],
        ),
        (
            "setSliceNonComparableField[0]",
            &[
                "field SetSliceNonComparableField[*]",
                "type NonComparableStruct",
            ],
        ),
        (
            "mapSliceComparableField[0]",
            &["field MapSliceComparableField[*]"],
        ),
        (
            "mapSliceNonComparableField[0]",
            &[
                "field MapSliceNonComparableField[*]",
                "type NonComparableStructWithKey",
            ],
        ),
        (
            "mapSlicePtrKeyField[0]",
            &["field MapSlicePtrKeyField[*]", "type PtrKeyStruct"],
        ),
        (
            "mapSliceMixedKeyField[0]",
            &["field MapSliceMixedKeyField[*]", "type MixedKeyStruct"],
        ),
    ]);

    // No changes.
    value(invalid.clone())
        .old_value(invalid.clone())
        .expect_valid();

    // Removed elements: errors on atomic lists.
    value(invalid.clone())
        .old_value(StructSlice {
            atomic_slice_string_field: vec![StringType(String::new()), StringType("x".into())],
            atomic_slice_type_field: vec![1, 2],
            atomic_slice_comparable_field: vec![cs(2), cs(1)],
            atomic_slice_non_comparable_field: vec![ncs(2), ncs(1)],
            set_slice_comparable_field: vec![cs(2), cs(1)],
            set_slice_non_comparable_field: vec![ncs(2), ncs(1)],
            map_slice_comparable_field: vec![csk("y", 2), csk("x", 1)],
            map_slice_non_comparable_field: vec![ncsk("y", 2), ncsk("x", 1)],
            map_slice_ptr_key_field: vec![pks("a", "b"), pks("x", "y")],
            map_slice_mixed_key_field: vec![mks("a", "b", "c"), mks("x", "y", "z")],
        })
        .expect_validate_false_by_path(&[
            (
                "atomicSliceStringField[0]",
                &["field AtomicSliceStringField[*]"],
            ),
            (
                "atomicSliceTypeField[0]",
                &["field AtomicSliceTypeField[*]"],
            ),
            (
                "atomicSliceComparableField[0]",
                &["field AtomicSliceComparableField[*]"],
            ),
            (
                "atomicSliceNonComparableField[0]",
                &[
                    "field AtomicSliceNonComparableField[*]",
                    "type NonComparableStruct",
                ],
            ),
        ]);

    // Same data, different order.
    value(StructSlice {
        set_slice_comparable_field: vec![cs(2), cs(1)],
        set_slice_non_comparable_field: vec![ncs(2), ncs(1)],
        map_slice_comparable_field: vec![csk("y", 2), csk("x", 1)],
        map_slice_non_comparable_field: vec![ncsk("y", 2), ncsk("x", 1)],
        map_slice_ptr_key_field: vec![pks("b", "2"), pks("a", "1")],
        map_slice_mixed_key_field: vec![mks("b", "2", "B"), mks("a", "1", "A")],
        ..Default::default()
    })
    .old_value(StructSlice {
        set_slice_comparable_field: vec![cs(1), cs(2)],
        set_slice_non_comparable_field: vec![ncs(1), ncs(2)],
        map_slice_comparable_field: vec![csk("x", 1), csk("y", 2)],
        map_slice_non_comparable_field: vec![ncsk("x", 1), ncsk("y", 2)],
        map_slice_ptr_key_field: vec![pks("a", "1"), pks("b", "2")],
        map_slice_mixed_key_field: vec![mks("a", "1", "A"), mks("b", "2", "B")],
        ..Default::default()
    })
    .expect_valid();
}

#[test]
fn test_items() {
    let item = |k: &str| Item {
        key: k.into(),
        data: BTreeMap::new(),
    };
    value(ItemList {
        items: vec![item("valid2")],
    })
    .old_value(ItemList {
        items: vec![item("valid1")],
    })
    .expect_validate_false_by_path(&[("items[0].data", &["field Data"])]);
}
