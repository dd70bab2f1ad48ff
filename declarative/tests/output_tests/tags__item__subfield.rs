//! Port of validation-gen's `output_tests/tags/item/subfield`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:item` then `+k8s:subfield`, with ratcheting of the selected item.

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
    /// +k8s:listMapKey=key
    /// +k8s:item(key: "target")=+k8s:subfield(stringField)=+k8s:validateFalse="item Items[key=target].stringField"
    items: Vec<Item>,

    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:item(key: "ratchet")=+k8s:subfield(status)=+k8s:neq="forbidden"
    ratchet_items: Vec<RatchetItem>,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Item {
    key: String,
    string_field: String,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct RatchetItem {
    key: String,
    status: String,
    version: i64,
}

fn item(key: &str, s: &str) -> Item {
    Item {
        key: key.into(),
        string_field: s.into(),
    }
}

fn ratchet(status: &str, version: i64) -> Struct {
    Struct {
        ratchet_items: vec![RatchetItem {
            key: "ratchet".into(),
            status: status.into(),
            version,
        }],
        ..Default::default()
    }
}

fn status_error() -> ErrorList {
    ErrorList(vec![Error::invalid(
        &path("ratchetItems").index(0).child("status"),
        BadValue::Omitted,
        "",
    )])
}

fn matcher() -> ErrorMatcher {
    ErrorMatcher::default()
        .by_type()
        .by_field()
        .by_detail_substring()
}

#[test]
fn test() {
    value(Struct {
        items: vec![item("other", "anything"), item("target", "fails")],
        ..Default::default()
    })
    .expect_validate_false_by_path(&[(
        "items[1].stringField",
        &["item Items[key=target].stringField"],
    )]);

    value(Struct {
        items: vec![item("other", "anything")],
        ..Default::default()
    })
    .expect_valid();

    value(ratchet("forbidden", 1)).expect_matches(matcher(), status_error());

    value(ratchet("allowed", 1)).expect_valid();

    value(ratchet("forbidden", 2))
        .old_value(ratchet("forbidden", 1))
        .expect_valid();

    value(ratchet("forbidden", 2))
        .old_value(ratchet("allowed", 1))
        .expect_matches(matcher(), status_error());
}
