//! Port of `cmd/validation-gen/output_tests/tags/update/maps`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};
use serde_json::Value;
use std::collections::BTreeMap;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct UpdateMapStruct {
    /// +k8s:update=NoSet
    #[serde(rename = "mapNoSet")]
    map_no_set: BTreeMap<String, String>,
    /// +k8s:update=NoUnset
    #[serde(rename = "mapNoUnset")]
    map_no_unset: BTreeMap<String, String>,
    /// +k8s:update=NoAddItem
    #[serde(rename = "mapNoAdd")]
    map_no_add: BTreeMap<String, String>,
    /// +k8s:update=NoRemoveItem
    #[serde(rename = "mapNoRemove")]
    map_no_remove: BTreeMap<String, String>,
    /// +k8s:update=NoAddItem
    /// +k8s:update=NoRemoveItem
    #[serde(rename = "mapFrozenShape")]
    map_frozen_shape: BTreeMap<String, String>,
    /// +k8s:update=NoSet
    /// +k8s:update=NoAddItem
    #[serde(rename = "mapSetThenFreeze")]
    map_set_then_freeze: BTreeMap<String, MapItem>,
    // eachVal composition: per-value NoModify, the key set can still change.
    /// +k8s:eachVal=+k8s:update=NoModify
    #[serde(rename = "eachValNoModifyMap")]
    each_val_no_modify_map: BTreeMap<String, MapItem>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct MapItem {
    #[serde(rename = "name")]
    name: String,
    #[serde(rename = "value")]
    value: String,
}

macro_rules! with {
    ($($f:ident: $v:expr),* $(,)?) => {
        UpdateMapStruct { $($f: $v,)* ..Default::default() }
    };
}

fn sm(kv: &[(&str, &str)]) -> BTreeMap<String, String> {
    kv.iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

fn items(kv: &[(&str, &str)]) -> BTreeMap<String, MapItem> {
    kv.iter()
        .map(|(k, v)| {
            (
                k.to_string(),
                MapItem {
                    name: k.to_string(),
                    value: v.to_string(),
                },
            )
        })
        .collect()
}

fn invalid(p: &apimachinery::field::Path<'_>, detail: &str) -> Error {
    Error::invalid(p, Value::Null, detail.to_owned()).with_origin("update")
}

fn forbidden(p: &apimachinery::field::Path<'_>, detail: &str) -> Error {
    Error::forbidden(p, detail.to_owned()).with_origin("update")
}

#[test]
fn test_update_map_tags() {
    let m = || {
        ErrorMatcher::default()
            .by_type()
            .by_field()
            .by_detail_substring()
            .by_origin()
    };
    let base = UpdateMapStruct::default;

    // Map NoSet / NoUnset.
    value(with!(map_no_set: sm(&[("a", "1")])))
        .old_value(base())
        .expect_matches(
            m(),
            ErrorList(vec![invalid(
                &path("mapNoSet"),
                "field cannot be set once created",
            )]),
        );
    value(base())
        .old_value(with!(map_no_unset: sm(&[("a", "1")])))
        .expect_matches(
            m(),
            ErrorList(vec![invalid(
                &path("mapNoUnset"),
                "field cannot be cleared once set",
            )]),
        );

    // Map NoAddItem / NoRemoveItem.
    let old = with!(map_no_add: sm(&[("a", "1")]));
    value(with!(map_no_add: sm(&[("a", "1"), ("b", "2")])))
        .old_value(old.clone())
        .expect_matches(
            m(),
            ErrorList(vec![forbidden(
                &path("mapNoAdd").key("b"),
                "item may not be added",
            )]),
        );
    // A value-only change to an existing key is allowed.
    value(with!(map_no_add: sm(&[("a", "99")])))
        .old_value(old)
        .expect_valid();
    value(with!(map_no_remove: sm(&[("a", "1")])))
        .old_value(with!(map_no_remove: sm(&[("a", "1"), ("b", "2")])))
        .expect_matches(
            m(),
            ErrorList(vec![forbidden(
                &path("mapNoRemove").key("b"),
                "item may not be removed",
            )]),
        );

    // Map frozen shape.
    let old = with!(map_frozen_shape: sm(&[("a", "1"), ("b", "2")]));
    value(with!(map_frozen_shape: sm(&[("a", "11"), ("b", "22")])))
        .old_value(old.clone())
        .expect_valid();
    value(with!(map_frozen_shape: sm(&[("a", "1"), ("c", "3")])))
        .old_value(old)
        .expect_matches(
            m(),
            ErrorList(vec![
                forbidden(&path("mapFrozenShape").key("c"), "item may not be added"),
                forbidden(&path("mapFrozenShape").key("b"), "item may not be removed"),
            ]),
        );

    // NoSet + NoAddItem: both fire.
    value(with!(map_set_then_freeze: items(&[("k", "v")])))
        .old_value(base())
        .expect_matches(
            m(),
            ErrorList(vec![
                invalid(
                    &path("mapSetThenFreeze"),
                    "field cannot be set once created",
                ),
                forbidden(&path("mapSetThenFreeze").key("k"), "item may not be added"),
            ]),
        );

    // eachVal composition: per-value NoModify.
    let old = with!(each_val_no_modify_map: items(&[("a", "1")]));
    value(with!(each_val_no_modify_map: items(&[("a", "1"), ("b", "2")])))
        .old_value(old.clone())
        .expect_valid();
    value(with!(each_val_no_modify_map: items(&[("a", "99")])))
        .old_value(old)
        .expect_matches(
            m(),
            ErrorList(vec![invalid(
                &path("eachValNoModifyMap").key("a"),
                "cannot be modified",
            )]),
        );
}
