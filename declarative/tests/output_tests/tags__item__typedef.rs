//! Port of validation-gen's `output_tests/tags/item/typedef`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:item` declared on list typedefs (here newtypes over the list),
//! on a typedef of a typedef, and both on a field and on its list typedef
//! (the field names the wrapped list with `#[dv(typedef)]`; its selectors
//! use the typedef's list-map keys).

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{BadValue, Error, ErrorList, ErrorMatcher};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Struct {
    type_meta: i32,

    typedef_items: ItemList,
    nested_typedef_items: ItemListAlias,

    /// +k8s:item(id: "field-target")=+k8s:validateFalse="item DualItems[id=field-target] from field"
    #[dv(typedef = "Vec<DualItem>")]
    dual_items: DualItemList,

    /// +k8s:item(id: "target")=+k8s:validateFalse="item ConflictingItems[id=target] from field"
    #[dv(typedef = "Vec<DualItem>")]
    conflicting_items: ConflictingItemList,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct Item {
    key: String,
    data: String,
}

/// +k8s:validation-gen-nolint
/// +k8s:listType=map
/// +k8s:listMapKey=key
/// +k8s:item(key: "immutable")=+k8s:immutable
/// +k8s:item(key: "validated")=+k8s:validateFalse="item ItemList[key=validated]"
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct ItemList(Vec<Item>);

/// Go's `type ItemListAlias ItemList`: a typedef of the typedef, with tags
/// of its own (a Go typedef of a list does not carry the underlying named
/// type's tags, so this is a newtype over the list).
/// +k8s:validation-gen-nolint
/// +k8s:listType=map
/// +k8s:listMapKey=key
/// +k8s:item(key: "aliased")=+k8s:validateFalse="item ItemListAlias[key=aliased]"
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct ItemListAlias(Vec<Item>);

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct DualItem {
    id: String,
    name: String,
}

/// +k8s:validation-gen-nolint
/// +k8s:listType=map
/// +k8s:listMapKey=id
/// +k8s:item(id: "typedef-target")=+k8s:validateFalse="item DualItems[id=typedef-target] from typedef"
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(transparent)]
struct DualItemList(Vec<DualItem>);

/// +k8s:validation-gen-nolint
/// +k8s:listType=map
/// +k8s:listMapKey=id
/// +k8s:item(id: "target")=+k8s:validateFalse="item ConflictingItems[id=target] from typedef"
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(transparent)]
struct ConflictingItemList(Vec<DualItem>);

fn dual(id: &str, name: &str) -> DualItem {
    DualItem {
        id: id.into(),
        name: name.into(),
    }
}

fn item(key: &str, data: &str) -> Item {
    Item {
        key: key.into(),
        data: data.into(),
    }
}

fn typedef_items(list: Vec<Item>) -> Struct {
    Struct {
        typedef_items: ItemList(list),
        ..Default::default()
    }
}

#[test]
fn test() {
    value(typedef_items(vec![item("a", "d1"), item("b", "d2")])).expect_valid();

    value(typedef_items(vec![
        item("a", "d1"),
        item("validated", "d2"),
    ]))
    .expect_validate_false_by_path(&[("typedefItems[1]", &["item ItemList[key=validated]"])]);

    // Immutability on the typedef.
    value(typedef_items(vec![item("immutable", "changed")]))
        .old_value(typedef_items(vec![item("immutable", "original")]))
        .expect_matches(
            ErrorMatcher::default()
                .by_type()
                .by_field()
                .by_detail_substring()
                .by_origin(),
            ErrorList(vec![
                Error::invalid(
                    &path("typedefItems").index(0),
                    BadValue::Omitted,
                    "immutable",
                )
                .with_origin("immutable"),
            ]),
        );

    // A typedef of a typedef.
    value(Struct {
        nested_typedef_items: ItemListAlias(vec![item("normal", "d1"), item("aliased", "d2")]),
        ..Default::default()
    })
    .expect_validate_false_by_path(&[(
        "nestedTypedefItems[1]",
        &["item ItemListAlias[key=aliased]"],
    )]);

    // Tags on the field and on its typedef.
    value(Struct {
        dual_items: DualItemList(vec![
            dual("a", "n1"),
            dual("typedef-target", "n2"),
            dual("field-target", "n3"),
        ]),
        ..Default::default()
    })
    .expect_validate_false_by_path(&[
        (
            "dualItems[1]",
            &["item DualItems[id=typedef-target] from typedef"],
        ),
        (
            "dualItems[2]",
            &["item DualItems[id=field-target] from field"],
        ),
    ]);

    // Tags on the field and on its typedef selecting the same item.
    value(Struct {
        conflicting_items: ConflictingItemList(vec![dual("a", "n1"), dual("target", "n2")]),
        ..Default::default()
    })
    .expect_validate_false_by_path(&[(
        "conflictingItems[1]",
        &[
            "item ConflictingItems[id=target] from typedef",
            "item ConflictingItems[id=target] from field",
        ],
    )]);
}
