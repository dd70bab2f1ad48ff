//! Port of validation-gen's `output_tests/tags/item/immutable_transitions`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:item` selecting an item for `+k8s:immutable`, directly and through
//! `+k8s:subfield`.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{BadValue, Error, ErrorList, ErrorMatcher};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Struct {
    type_meta: i32,

    /// +k8s:listType=map
    /// +k8s:listMapKey=key1
    /// +k8s:item(key1: a)=+k8s:immutable
    /// +k8s:item(key1: b)=+k8s:subfield(stringField)=+k8s:immutable
    list_field: Vec<Item>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Item {
    key1: String,
    string_field: String,
}

fn item(key1: &str, string_field: &str) -> Item {
    Item {
        key1: key1.into(),
        string_field: string_field.into(),
    }
}

fn list(items: Vec<Item>) -> Struct {
    Struct {
        list_field: items,
        ..Default::default()
    }
}

fn matcher() -> ErrorMatcher {
    ErrorMatcher::default()
        .by_type()
        .by_field()
        .by_detail_substring()
        .by_origin()
}

fn expected() -> ErrorList {
    ErrorList(vec![
        Error::invalid(&path("listField").index(0), BadValue::Omitted, "immutable")
            .with_origin("immutable"),
        Error::invalid(
            &path("listField").index(1).child("stringField"),
            BadValue::Omitted,
            "immutable",
        )
        .with_origin("immutable"),
    ])
}

#[test]
fn test() {
    let old = list(vec![item("a", "s1"), item("b", "s2"), item("c", "s3")]);
    let new = list(vec![
        item("a", "changed"),
        item("b", "changed"),
        item("c", "changed"),
    ]);

    value(new.clone())
        .old_value(old.clone())
        .expect_matches(matcher(), expected());

    value(new)
        .old_value(list(vec![]))
        .expect_matches(matcher(), expected());

    // "c" can change independently.
    value(list(vec![
        item("a", "s1"),
        item("b", "s2"),
        item("c", "changed"),
    ]))
    .old_value(old)
    .expect_valid();
}
