//! Port of validation-gen's `output_tests/tags/item/multiple_keys`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:item` selectors over several list-map keys (string, int, bool,
//! pointer keys, selector keys out of order).

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::value;
use apimachinery::Validate;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Struct {
    type_meta: i32,

    /// +k8s:listType=map
    /// +k8s:listMapKey=stringKey
    /// +k8s:listMapKey=intKey
    /// +k8s:listMapKey=boolKey
    /// +k8s:item(stringKey: "target", intKey: 42, boolKey: true)=+k8s:validateFalse="item Items[stringKey=target,intKey=42,boolKey=true] 1"
    /// +k8s:item(stringKey: "target", intKey: 42, boolKey: true)=+k8s:validateFalse="item Items[stringKey=target,intKey=42,boolKey=true] 2"
    items: Vec<Item>,

    /// +k8s:listType=map
    /// +k8s:listMapKey=stringKey
    /// +k8s:listMapKey=intKey
    /// +k8s:listMapKey=boolKey
    /// +k8s:item(boolKey: true, stringKey: "target", intKey: 42)=+k8s:validateFalse="item OutOfOrder[boolKey=42,stringKey=target,intKey=42]"
    out_of_order: Vec<Item>,

    /// +k8s:listType=map
    /// +k8s:listMapKey=stringKey
    /// +k8s:listMapKey=intKey
    /// +k8s:listMapKey=boolKey
    /// +k8s:item(stringKey: "target-ptr", intKey: 42, boolKey: true)=+k8s:validateFalse="item PtrItems[stringKey=target-ptr,intKey=42,boolKey=true]"
    ptr_items: Vec<PtrItem>,

    /// +k8s:listType=map
    /// +k8s:listMapKey=stringPtrKey
    /// +k8s:listMapKey=stringKey
    /// +k8s:item(stringPtrKey: "target-ptr", stringKey: "target")=+k8s:validateFalse="item MixedPtrItems"
    mixed_ptr_items: Vec<MixedPtrItem>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Item {
    string_key: String,
    int_key: i64,
    bool_key: bool,
    data: String,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct PtrItem {
    string_key: Option<String>,
    int_key: i64,
    bool_key: bool,
    data: String,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct MixedPtrItem {
    string_ptr_key: Option<String>,
    string_key: String,
    data: String,
}

fn item(s: &str, i: i64, b: bool, data: &str) -> Item {
    Item {
        string_key: s.into(),
        int_key: i,
        bool_key: b,
        data: data.into(),
    }
}

fn ptr_item(s: Option<&str>, i: i64, b: bool, data: &str) -> PtrItem {
    PtrItem {
        string_key: s.map(Into::into),
        int_key: i,
        bool_key: b,
        data: data.into(),
    }
}

fn mixed(p: Option<&str>, s: &str, data: &str) -> MixedPtrItem {
    MixedPtrItem {
        string_ptr_key: p.map(Into::into),
        string_key: s.into(),
        data: data.into(),
    }
}

fn items(list: Vec<Item>) -> Struct {
    Struct {
        items: list,
        ..Default::default()
    }
}

#[test]
fn test() {
    // Go's nil and empty slices are both an empty `Vec` here.
    value(items(vec![])).expect_valid();
    value(items(Vec::new())).expect_valid();

    let old = items(Vec::new());
    let new = items(vec![]);
    value(new.clone()).old_value(old.clone()).expect_valid();
    value(old).old_value(new).expect_valid();

    value(items(vec![
        item("target", 42, true, "match"),
        item("target", 42, false, "no match, bool differs"),
        item("target", 99, true, "no match, int differs"),
        item("other", 42, true, "no match, string differs"),
        item("other", 99, false, "no match, all different"),
    ]))
    .expect_validate_false_by_path(&[(
        "items[0]",
        &[
            "item Items[stringKey=target,intKey=42,boolKey=true] 1",
            "item Items[stringKey=target,intKey=42,boolKey=true] 2",
        ],
    )]);

    value(items(vec![
        item("a", 1, false, "d1"),
        item("b", 2, true, "d2"),
        item("c", 3, false, "d3"),
    ]))
    .expect_valid();

    // Ratcheting.
    value(items(vec![
        item("target", 42, true, ""),
        item("changed", 2, false, ""),
    ]))
    .old_value(items(vec![
        item("target", 42, true, ""),
        item("other", 1, false, ""),
    ]))
    .expect_valid();

    value(Struct {
        ptr_items: vec![
            ptr_item(Some("target-ptr"), 42, true, "match"),
            ptr_item(Some("target-ptr"), 42, false, "no match, bool differs"),
            ptr_item(Some("target-ptr"), 99, true, "no match, int differs"),
            ptr_item(Some("other"), 42, true, "no match, string differs"),
            ptr_item(None, 42, true, "no match, nil string"),
        ],
        ..Default::default()
    })
    .expect_validate_false_by_path(&[(
        "ptrItems[0]",
        &["item PtrItems[stringKey=target-ptr,intKey=42,boolKey=true]"],
    )]);

    value(Struct {
        mixed_ptr_items: vec![
            mixed(Some("target-ptr"), "target", "match"),
            mixed(Some("target-ptr"), "other", "no match"),
            mixed(None, "target", "no match"),
        ],
        ..Default::default()
    })
    .expect_validate_false_by_path(&[("mixedPtrItems[0]", &["item MixedPtrItems"])]);
}
