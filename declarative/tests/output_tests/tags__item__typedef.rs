//! Port of validation-gen's `output_tests/tags/item/typedef`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:item` declared on list typedefs (here newtypes over the list)
//! and on a typedef of a typedef.

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
    // Not ported: needs typedef newtypes (Go's `DualItems DualItemList` and
    // `ConflictingItems ConflictingItemList` also carry field-level
    // `+k8s:item(...)=+k8s:validateFalse` tags; the derive cannot apply
    // `+k8s:item` to a field whose type is a list newtype).
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

    // Not ported: needs typedef newtypes (the two statements on tags both on
    // the field and on its typedef: `dualItems` and `conflictingItems`).
}
