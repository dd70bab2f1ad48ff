//! Port of validation-gen's `output_tests/tags/item/single_key`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:item` selectors over one list-map key of each kind (string, int,
//! bool, pointer, aliased string), on an atomic `+k8s:unique=map` list and on
//! a list of pointers.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Struct {
    type_meta: i32,

    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:item(key: "target")=+k8s:validateFalse="item Items[key=target] 1"
    /// +k8s:item(key: "target")=+k8s:validateFalse="item Items[key=target] 2"
    items: Vec<Item>,

    /// +k8s:listType=map
    /// +k8s:listMapKey=intField
    /// +k8s:item(intField: 42)=+k8s:validateFalse="item IntKeyItems[intField=42] 1"
    /// +k8s:item(intField: 42)=+k8s:validateFalse="item IntKeyItems[intField=42] 2"
    int_key_items: Vec<IntKeyItem>,

    /// +k8s:listType=map
    /// +k8s:listMapKey=boolField
    /// +k8s:item(boolField: true)=+k8s:validateFalse="item BoolKeyItems[boolField=true] 1"
    /// +k8s:item(boolField: true)=+k8s:validateFalse="item BoolKeyItems[boolField=true] 2"
    bool_key_items: Vec<BoolKeyItem>,

    // Go's `TypedefItemList` (`[]TypedefItem`, no tags of its own) is
    // written as its underlying list.
    /// +k8s:listType=map
    /// +k8s:listMapKey=id
    /// +k8s:item(id: "typedef-target")=+k8s:validateFalse="item TypedefItems[id=typedef-target] 1"
    /// +k8s:item(id: "typedef-target")=+k8s:validateFalse="item TypedefItems[id=typedef-target] 2"
    typedef_items: Vec<TypedefItem>,

    /// Test atomic + unique=map + item combination
    /// +k8s:listType=atomic
    /// +k8s:unique=map
    /// +k8s:listMapKey=key
    /// +k8s:item(key: "target")=+k8s:validateFalse="item AtomicUniqueMapItems[key=target]"
    atomic_unique_map_items: Vec<Item>,

    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:item(key: "target-ptr")=+k8s:validateFalse="item PtrKeyItems[key=target-ptr]"
    ptr_key_items: Vec<PtrKeyItem>,

    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:item(key: "target")=+k8s:validateFalse="item PointerItems[key=target]"
    pointer_items: Vec<Option<Item>>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct StructWithNestedTypedef {
    type_meta: i32,

    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:item(key: "nested-target")=+k8s:validateFalse="item NestedItems[key=nested-target]"
    nested_items: Vec<NestedTypedefItem>,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct Item {
    key: String,
    data: String,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct IntKeyItem {
    int_field: i64,
    data: String,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct BoolKeyItem {
    bool_field: bool,
    data: String,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct TypedefItem {
    id: String,
    description: String,
}

type StringAlias = String;

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct NestedTypedefItem {
    key: StringAlias,
    name: String,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct PtrKeyItem {
    key: Option<String>,
    data: String,
}

fn item(key: &str, data: &str) -> Item {
    Item {
        key: key.into(),
        data: data.into(),
    }
}

fn int_item(i: i64, data: &str) -> IntKeyItem {
    IntKeyItem {
        int_field: i,
        data: data.into(),
    }
}

fn bool_item(b: bool, data: &str) -> BoolKeyItem {
    BoolKeyItem {
        bool_field: b,
        data: data.into(),
    }
}

fn typedef_item(id: &str, d: &str) -> TypedefItem {
    TypedefItem {
        id: id.into(),
        description: d.into(),
    }
}

fn nested(key: &str, name: &str) -> NestedTypedefItem {
    NestedTypedefItem {
        key: key.into(),
        name: name.into(),
    }
}

fn ptr_key(key: Option<&str>, data: &str) -> PtrKeyItem {
    PtrKeyItem {
        key: key.map(Into::into),
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
    value(items(vec![item("a", "d1"), item("target", "d2")])).expect_validate_false_by_path(&[(
        "items[1]",
        &["item Items[key=target] 1", "item Items[key=target] 2"],
    )]);

    value(items(vec![item("a", "d1"), item("b", "d2")])).expect_valid();

    // Go's nil and empty slices are both an empty `Vec` here.
    value(items(vec![])).expect_valid();
    value(items(Vec::new())).expect_valid();

    let old = items(Vec::new());
    let new = items(vec![]);
    value(new.clone()).old_value(old.clone()).expect_valid();
    value(old).old_value(new).expect_valid();

    value(Struct {
        int_key_items: vec![int_item(10, "d1"), int_item(42, "d2")],
        ..Default::default()
    })
    .expect_validate_false_by_path(&[(
        "intKeyItems[1]",
        &[
            "item IntKeyItems[intField=42] 1",
            "item IntKeyItems[intField=42] 2",
        ],
    )]);

    value(Struct {
        bool_key_items: vec![bool_item(false, "d1"), bool_item(true, "d2")],
        ..Default::default()
    })
    .expect_validate_false_by_path(&[(
        "boolKeyItems[1]",
        &[
            "item BoolKeyItems[boolField=true] 1",
            "item BoolKeyItems[boolField=true] 2",
        ],
    )]);

    // Typedef slice.
    value(Struct {
        typedef_items: vec![
            typedef_item("a", "d1"),
            typedef_item("typedef-target", "d2"),
        ],
        ..Default::default()
    })
    .expect_validate_false_by_path(&[(
        "typedefItems[1]",
        &[
            "item TypedefItems[id=typedef-target] 1",
            "item TypedefItems[id=typedef-target] 2",
        ],
    )]);

    value(Struct {
        typedef_items: vec![typedef_item("a", "d1"), typedef_item("b", "d2")],
        ..Default::default()
    })
    .expect_valid();

    // Nested typedef.
    value(StructWithNestedTypedef {
        nested_items: vec![nested("a", "n1"), nested("nested-target", "n2")],
        ..Default::default()
    })
    .expect_validate_false_by_path(&[("nestedItems[1]", &["item NestedItems[key=nested-target]"])]);

    value(StructWithNestedTypedef {
        nested_items: vec![nested("a", "n1"), nested("b", "n2")],
        ..Default::default()
    })
    .expect_valid();

    // Atomic + unique=map + item.
    let atomic = |list: Vec<Item>| Struct {
        atomic_unique_map_items: list,
        ..Default::default()
    };
    value(atomic(vec![item("a", "d1"), item("target", "d2")])).expect_validate_false_by_path(&[(
        "atomicUniqueMapItems[1]",
        &["item AtomicUniqueMapItems[key=target]"],
    )]);
    value(atomic(vec![item("a", "d1"), item("b", "d2")])).expect_valid();
    value(atomic(vec![])).expect_valid();
    value(atomic(Vec::new())).expect_valid();

    value(Struct {
        ptr_key_items: vec![
            ptr_key(Some("a"), "d1"),
            ptr_key(Some("target-ptr"), "d2"),
            ptr_key(None, "d3"),
        ],
        ..Default::default()
    })
    .expect_validate_false_by_path(&[("ptrKeyItems[1]", &["item PtrKeyItems[key=target-ptr]"])]);

    value(Struct {
        ptr_key_items: vec![
            ptr_key(Some("a"), "d1"),
            ptr_key(Some("b"), "d2"),
            ptr_key(None, "d3"),
        ],
        ..Default::default()
    })
    .expect_valid();

    // Pointer items.
    let pointers = |list: Vec<Option<Item>>| Struct {
        pointer_items: list,
        ..Default::default()
    };
    value(pointers(vec![
        Some(item("a", "d1")),
        Some(item("target", "d2")),
    ]))
    .expect_validate_false_by_path(&[("pointerItems[1]", &["item PointerItems[key=target]"])]);
    value(pointers(vec![Some(item("a", "d1")), Some(item("b", "d2"))])).expect_valid();

    // A nil element in the list is a Required error.
    value(pointers(vec![Some(item("a", "d1")), None])).expect_matches(
        ErrorMatcher::default().by_type().by_field(),
        ErrorList(vec![Error::required(&path("pointerItems").index(1), "")]),
    );
}
