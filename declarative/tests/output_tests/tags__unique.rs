//! Port of `cmd/validation-gen/output_tests/tags/unique`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};
use serde_json::Value;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    // Basic unique=set on a primitive slice.
    /// +k8s:listType=atomic
    /// +k8s:unique=set
    #[serde(rename = "primitiveListUniqueSet")]
    primitive_list_unique_set: Vec<String>,
    // unique=map with multiple keys.
    /// +k8s:listType=atomic
    /// +k8s:unique=map
    /// +k8s:listMapKey=key1
    /// +k8s:listMapKey=key2
    #[serde(rename = "sliceMapFieldWithMultipleKeys")]
    slice_map_field_with_multiple_keys: Vec<ItemWithMultipleKeys>,
    /// +k8s:listType=atomic
    /// +k8s:unique=set
    #[serde(rename = "atomicListUniqueSet")]
    atomic_list_unique_set: Vec<Item>,
    /// +k8s:listType=atomic
    /// +k8s:unique=map
    /// +k8s:listMapKey=key
    #[serde(rename = "atomicListUniqueMap")]
    atomic_list_unique_map: Vec<Item>,
    /// +k8s:listType=set
    /// +k8s:customUnique
    #[serde(rename = "customUniqueListWithTypeSet")]
    custom_unique_list_with_type_set: Vec<String>,
    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:customUnique
    #[serde(rename = "customUniqueListWithTypeMap")]
    custom_unique_list_with_type_map: Vec<Item>,
    /// +k8s:listType=atomic
    /// +k8s:unique=map
    /// +k8s:listMapKey=key
    #[serde(rename = "sliceMapFieldWithPtrKey")]
    slice_map_field_with_ptr_key: Vec<PtrKeyStruct>,
    /// +k8s:listType=atomic
    /// +k8s:unique=map
    /// +k8s:listMapKey=key1
    /// +k8s:listMapKey=key2
    #[serde(rename = "sliceMapFieldWithMixedKeys")]
    slice_map_field_with_mixed_keys: Vec<ItemWithMixedKeys>,
    /// +k8s:listType=atomic
    /// +k8s:unique=map
    /// +k8s:listMapKey=key1
    /// +k8s:listMapKey=key2
    #[serde(rename = "sliceMapFieldWithMultiplePtrKeys")]
    slice_map_field_with_multiple_ptr_keys: Vec<ItemWithMultiplePtrKeys>,
    /// +k8s:listType=atomic
    /// +k8s:unique=set
    #[serde(rename = "primitivePointerListUniqueSet")]
    primitive_pointer_list_unique_set: Vec<Option<String>>,
    /// +k8s:listType=atomic
    /// +k8s:unique=map
    /// +k8s:listMapKey=key
    #[serde(rename = "pointerListUniqueMap")]
    pointer_list_unique_map: Vec<Option<Item>>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Eq, Hash, Clone, Default)]
struct Item {
    #[serde(rename = "key")]
    key: String,
    #[serde(rename = "data")]
    data: String,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct ItemWithMultipleKeys {
    #[serde(rename = "key1")]
    key1: String,
    #[serde(rename = "key2")]
    key2: String,
    #[serde(rename = "data")]
    data: String,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct PtrKeyStruct {
    #[serde(rename = "key")]
    key: Option<String>,
    #[serde(rename = "data")]
    data: String,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct ItemWithMixedKeys {
    #[serde(rename = "key1")]
    key1: Option<String>,
    #[serde(rename = "key2")]
    key2: String,
    #[serde(rename = "data")]
    data: String,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct ItemWithMultiplePtrKeys {
    #[serde(rename = "key1")]
    key1: Option<String>,
    #[serde(rename = "key2")]
    key2: Option<String>,
    #[serde(rename = "data")]
    data: String,
}

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}
fn it(k: &str, d: &str) -> Item {
    Item {
        key: k.into(),
        data: d.into(),
    }
}
fn mk(k1: &str, k2: &str, d: &str) -> ItemWithMultipleKeys {
    ItemWithMultipleKeys {
        key1: k1.into(),
        key2: k2.into(),
        data: d.into(),
    }
}
fn pk(k: &str, d: &str) -> PtrKeyStruct {
    PtrKeyStruct {
        key: Some(k.into()),
        data: d.into(),
    }
}
fn mx(k1: &str, k2: &str, d: &str) -> ItemWithMixedKeys {
    ItemWithMixedKeys {
        key1: Some(k1.into()),
        key2: k2.into(),
        data: d.into(),
    }
}
fn mp(k1: &str, k2: &str, d: &str) -> ItemWithMultiplePtrKeys {
    ItemWithMultiplePtrKeys {
        key1: Some(k1.into()),
        key2: Some(k2.into()),
        data: d.into(),
    }
}
fn ps(v: &[&str]) -> Vec<Option<String>> {
    v.iter().map(|s| Some(s.to_string())).collect()
}

fn by_type_field() -> ErrorMatcher {
    ErrorMatcher::default().by_type().by_field()
}

fn dup(field: &str, i: usize) -> Error {
    Error::duplicate(&path(field).index(i), Value::Null)
}

/// The valid value of Go's TestUnique (no duplicates), also Go's `struct1`
/// of TestRatcheting.
fn distinct() -> Struct {
    Struct {
        primitive_list_unique_set: strs(&["aaa", "bbb"]),
        slice_map_field_with_multiple_keys: vec![mk("a", "x", "first"), mk("a", "y", "second")],
        atomic_list_unique_set: vec![it("key1", "one"), it("key2", "two")],
        atomic_list_unique_map: vec![it("key1", "one"), it("key2", "two")],
        custom_unique_list_with_type_set: strs(&["a", "b", "a"]),
        custom_unique_list_with_type_map: vec![it("a", ""), it("b", ""), it("a", "")],
        slice_map_field_with_ptr_key: vec![pk("a", "first"), pk("b", "second")],
        slice_map_field_with_mixed_keys: vec![mx("a", "x", "first"), mx("a", "y", "second")],
        slice_map_field_with_multiple_ptr_keys: vec![mp("a", "x", "first"), mp("a", "y", "second")],
        primitive_pointer_list_unique_set: ps(&["aaa", "bbb"]),
        pointer_list_unique_map: vec![Some(it("key1", "one")), Some(it("key2", "two"))],
    }
}

#[test]
fn test_unique() {
    value(Struct::default()).expect_valid();
    value(distinct()).expect_valid();
    // Empty lists are Go's nil and empty alike (the default value, above).
    // Single-element lists.
    value(Struct {
        primitive_list_unique_set: strs(&["single"]),
        slice_map_field_with_multiple_keys: vec![mk("a", "b", "one")],
        atomic_list_unique_set: vec![it("single", "one")],
        atomic_list_unique_map: vec![it("single", "one")],
        custom_unique_list_with_type_set: strs(&["single"]),
        custom_unique_list_with_type_map: vec![it("single", "")],
        slice_map_field_with_ptr_key: vec![],
        slice_map_field_with_mixed_keys: vec![mx("a", "b", "one")],
        slice_map_field_with_multiple_ptr_keys: vec![mp("a", "b", "one")],
        primitive_pointer_list_unique_set: ps(&["single"]),
        pointer_list_unique_map: vec![Some(it("single", "one"))],
    })
    .expect_valid();
    // Duplicates.
    value(Struct {
        primitive_list_unique_set: strs(&["aaa", "bbb", "ccc", "ccc", "bbb", "aaa"]),
        slice_map_field_with_multiple_keys: vec![
            mk("a", "x", "first"),
            mk("a", "y", "second"),
            mk("a", "x", "third"),
        ],
        atomic_list_unique_set: vec![it("key1", "one"), it("key2", "two"), it("key1", "one")],
        atomic_list_unique_map: vec![it("key1", "one"), it("key2", "two"), it("key1", "three")],
        custom_unique_list_with_type_set: strs(&["a", "b", "a"]),
        custom_unique_list_with_type_map: vec![it("a", ""), it("b", ""), it("a", "")],
        slice_map_field_with_ptr_key: vec![pk("a", "first"), pk("b", "second"), pk("a", "third")],
        slice_map_field_with_mixed_keys: vec![
            mx("a", "x", "first"),
            mx("a", "y", "second"),
            mx("a", "x", "third"),
        ],
        slice_map_field_with_multiple_ptr_keys: vec![
            mp("a", "x", "first"),
            mp("a", "y", "second"),
            mp("a", "x", "third"),
        ],
        primitive_pointer_list_unique_set: ps(&["aaa", "bbb", "aaa"]),
        pointer_list_unique_map: vec![
            Some(it("key1", "one")),
            Some(it("key2", "two")),
            Some(it("key1", "three")),
        ],
    })
    .expect_matches(
        by_type_field(),
        ErrorList(vec![
            dup("primitiveListUniqueSet", 3),
            dup("primitiveListUniqueSet", 4),
            dup("primitiveListUniqueSet", 5),
            dup("sliceMapFieldWithMultipleKeys", 2),
            dup("atomicListUniqueSet", 2),
            dup("atomicListUniqueMap", 2),
            dup("sliceMapFieldWithPtrKey", 2),
            dup("sliceMapFieldWithMixedKeys", 2),
            dup("sliceMapFieldWithMultiplePtrKeys", 2),
            dup("primitivePointerListUniqueSet", 2),
            dup("pointerListUniqueMap", 2),
        ]),
    );
    // Zero values and empty strings.
    value(Struct {
        primitive_list_unique_set: strs(&["", "a", ""]),
        atomic_list_unique_map: vec![it("", "one"), it("a", "two"), it("", "three")],
        custom_unique_list_with_type_set: strs(&["", "a", ""]),
        custom_unique_list_with_type_map: vec![it("", ""), it("a", ""), it("", "")],
        ..Default::default()
    })
    .expect_matches(
        by_type_field(),
        ErrorList(vec![
            dup("primitiveListUniqueSet", 2),
            dup("atomicListUniqueMap", 2),
        ]),
    );
    // Nil items in pointer lists are Required.
    value(Struct {
        primitive_pointer_list_unique_set: vec![Some("a".into()), None, Some("b".into())],
        pointer_list_unique_map: vec![Some(it("key1", "")), None],
        ..Default::default()
    })
    .expect_matches(
        by_type_field(),
        ErrorList(vec![
            Error::required(&path("primitivePointerListUniqueSet").index(1), ""),
            Error::required(&path("pointerListUniqueMap").index(1), ""),
        ]),
    );
}

#[test]
fn test_ratcheting() {
    let struct1 = distinct();
    // Same data, different order.
    let struct2 = Struct {
        primitive_list_unique_set: strs(&["bbb", "aaa"]),
        slice_map_field_with_multiple_keys: vec![mk("a", "y", "second"), mk("a", "x", "first")],
        atomic_list_unique_set: vec![it("key2", "two"), it("key1", "one")],
        atomic_list_unique_map: vec![it("key2", "two"), it("key1", "one")],
        custom_unique_list_with_type_set: strs(&["a", "a", "b"]),
        custom_unique_list_with_type_map: vec![it("a", ""), it("a", ""), it("b", "")],
        slice_map_field_with_ptr_key: vec![pk("b", "second"), pk("a", "first")],
        slice_map_field_with_mixed_keys: vec![mx("a", "y", "second"), mx("a", "x", "first")],
        slice_map_field_with_multiple_ptr_keys: vec![mp("a", "y", "second"), mp("a", "x", "first")],
        primitive_pointer_list_unique_set: ps(&["bbb", "aaa"]),
        pointer_list_unique_map: vec![Some(it("key2", "two")), Some(it("key1", "one"))],
    };
    value(struct1.clone())
        .old_value(struct2.clone())
        .expect_valid();
    value(struct2.clone())
        .old_value(struct1.clone())
        .expect_valid();
    value(struct1).expect_valid();
    value(struct2).expect_valid();
}
