//! Port of `cmd/validation-gen/output_tests/tags/update/lists`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher, Path};
use serde_json::Value;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct UpdateListStruct {
    // Slice NoSet/NoUnset (len == 0 semantics, no match function needed).
    /// +k8s:listType=atomic
    /// +k8s:update=NoSet
    #[serde(rename = "stringSliceNoSet")]
    string_slice_no_set: Vec<String>,
    /// +k8s:listType=atomic
    /// +k8s:update=NoUnset
    #[serde(rename = "stringSliceNoUnset")]
    string_slice_no_unset: Vec<String>,
    // listType=set: direct equality of the elements.
    /// +k8s:listType=set
    /// +k8s:update=NoAddItem
    #[serde(rename = "stringSetNoAdd")]
    string_set_no_add: Vec<String>,
    /// +k8s:listType=set
    /// +k8s:update=NoRemoveItem
    #[serde(rename = "stringSetNoRemove")]
    string_set_no_remove: Vec<String>,
    /// +k8s:listType=set
    /// +k8s:update=NoAddItem
    /// +k8s:update=NoRemoveItem
    #[serde(rename = "stringSetFrozenShape")]
    string_set_frozen_shape: Vec<String>,
    // listType=map: list-map key comparison.
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:update=NoAddItem
    #[serde(rename = "mapListNoAdd")]
    map_list_no_add: Vec<UpdateItem>,
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:update=NoAddItem
    /// +k8s:update=NoRemoveItem
    #[serde(rename = "mapListFrozenShape")]
    map_list_frozen_shape: Vec<UpdateItem>,
    // listType=map with a composite key (every key field is ANDed).
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:listMapKey=priority
    /// +k8s:update=NoRemoveItem
    #[serde(rename = "compositeKeyList")]
    composite_key_list: Vec<CompositeKeyItem>,
    // listType=atomic + unique={set,map}: the same as the non-atomic variant.
    /// +k8s:listType=atomic
    /// +k8s:unique=set
    /// +k8s:update=NoAddItem
    #[serde(rename = "atomicUniqueSetNoAdd")]
    atomic_unique_set_no_add: Vec<String>,
    /// +k8s:listType=atomic
    /// +k8s:unique=map
    /// +k8s:listMapKey=name
    /// +k8s:update=NoAddItem
    /// +k8s:update=NoRemoveItem
    #[serde(rename = "atomicUniqueMapFrozenShape")]
    atomic_unique_map_frozen_shape: Vec<UpdateItem>,
    // listType=set over a non-directly-comparable element.
    /// +k8s:listType=set
    /// +k8s:update=NoAddItem
    /// +k8s:update=NoRemoveItem
    #[serde(rename = "nonComparableSetFrozenShape")]
    non_comparable_set_frozen_shape: Vec<NonComparableItem>,
    // Typedef list: the list metadata lives on the type, the field inherits it.
    /// +k8s:update=NoAddItem
    /// +k8s:update=NoRemoveItem
    #[serde(rename = "typedefFrozenList")]
    #[dv(typedef = "Vec<UpdateItem>")]
    typedef_frozen_list: FrozenUserList,
    // eachVal composition: per-item NoModify, the list shape can still change.
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:eachVal=+k8s:update=NoModify
    #[serde(rename = "eachValNoModifyList")]
    each_val_no_modify_list: Vec<UpdateItem>,
    /// +k8s:listType=atomic
    /// +k8s:update=NoSet
    #[serde(rename = "pointerSliceNoSet")]
    pointer_slice_no_set: Vec<Option<String>>,
    /// +k8s:listType=set
    /// +k8s:update=NoAddItem
    #[serde(rename = "pointerSetNoAdd")]
    pointer_set_no_add: Vec<Option<String>>,
    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:update=NoRemoveItem
    #[serde(rename = "pointerMapListNoRemove")]
    pointer_map_list_no_remove: Vec<Option<UpdateItem>>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Eq, Hash, Clone, Default)]
struct UpdateItem {
    #[serde(rename = "name")]
    name: String,
    #[serde(rename = "value")]
    value: String,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct CompositeKeyItem {
    #[serde(rename = "name")]
    name: String,
    #[serde(rename = "priority")]
    priority: i64,
    #[serde(rename = "value")]
    value: String,
}

// A slice makes it non-comparable in Go.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct NonComparableItem {
    #[serde(rename = "name")]
    name: String,
    #[serde(rename = "tags")]
    tags: Vec<String>,
}

/// +k8s:listType=map
/// +k8s:listMapKey=name
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct FrozenUserList(Vec<UpdateItem>);

macro_rules! with {
    ($($f:ident: $v:expr),* $(,)?) => {
        UpdateListStruct { $($f: $v,)* ..Default::default() }
    };
}

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn ptrs(v: &[&str]) -> Vec<Option<String>> {
    v.iter().map(|s| Some(s.to_string())).collect()
}

fn ui(n: &str, v: &str) -> UpdateItem {
    UpdateItem {
        name: n.into(),
        value: v.into(),
    }
}

fn cki(n: &str, p: i64, v: &str) -> CompositeKeyItem {
    CompositeKeyItem {
        name: n.into(),
        priority: p,
        value: v.into(),
    }
}

fn nci(n: &str, tags: &[&str]) -> NonComparableItem {
    NonComparableItem {
        name: n.into(),
        tags: strs(tags),
    }
}

fn invalid(p: &Path<'_>, detail: &str) -> Error {
    Error::invalid(p, Value::Null, detail.to_owned()).with_origin("update")
}

fn forbidden(p: &Path<'_>, detail: &str) -> Error {
    Error::forbidden(p, detail.to_owned()).with_origin("update")
}

const ADDED: &str = "item may not be added";
const REMOVED: &str = "may not be removed";

#[test]
fn test_update_list_tags() {
    let m = || {
        ErrorMatcher::default()
            .by_type()
            .by_field()
            .by_detail_substring()
            .by_origin()
    };
    let base = UpdateListStruct::default;

    // Slice NoSet (len == 0 semantics).
    value(with!(string_slice_no_set: strs(&["a"])))
        .old_value(base())
        .expect_matches(
            m(),
            ErrorList(vec![invalid(
                &path("stringSliceNoSet"),
                "field cannot be set once created",
            )]),
        );
    value(base()).old_value(base()).expect_valid();

    // Slice NoUnset.
    value(base())
        .old_value(with!(string_slice_no_unset: strs(&["a"])))
        .expect_matches(
            m(),
            ErrorList(vec![invalid(
                &path("stringSliceNoUnset"),
                "field cannot be cleared once set",
            )]),
        );

    // listType=set + NoAddItem.
    let old = with!(string_set_no_add: strs(&["a", "b"]));
    value(with!(string_set_no_add: strs(&["a", "b", "c"])))
        .old_value(old.clone())
        .expect_matches(
            m(),
            ErrorList(vec![forbidden(&path("stringSetNoAdd").index(2), ADDED)]),
        );
    // Reordering existing items is allowed.
    value(with!(string_set_no_add: strs(&["b", "a"])))
        .old_value(old)
        .expect_valid();

    // listType=set + NoRemoveItem.
    value(with!(string_set_no_remove: strs(&["a", "c"])))
        .old_value(with!(string_set_no_remove: strs(&["a", "b", "c"])))
        .expect_matches(
            m(),
            ErrorList(vec![forbidden(&path("stringSetNoRemove"), REMOVED)]),
        );

    // Frozen-shape set.
    let old = with!(string_set_frozen_shape: strs(&["a", "b"]));
    value(with!(string_set_frozen_shape: strs(&["b", "a"])))
        .old_value(old.clone())
        .expect_valid();
    value(with!(string_set_frozen_shape: strs(&["a", "c"])))
        .old_value(old)
        .expect_matches(
            m(),
            ErrorList(vec![
                forbidden(&path("stringSetFrozenShape").index(1), ADDED),
                forbidden(&path("stringSetFrozenShape"), REMOVED),
            ]),
        );

    // listType=map + single key + NoAddItem.
    let old = with!(map_list_no_add: vec![ui("alpha", "1")]);
    value(with!(map_list_no_add: vec![ui("alpha", "1"), ui("beta", "2")]))
        .old_value(old.clone())
        .expect_matches(
            m(),
            ErrorList(vec![forbidden(&path("mapListNoAdd").index(1), ADDED)]),
        );
    // Modifying an existing keyed item is not an add.
    value(with!(map_list_no_add: vec![ui("alpha", "999")]))
        .old_value(old)
        .expect_valid();

    // listType=map + single key + frozen shape.
    let old = with!(map_list_frozen_shape: vec![ui("alpha", "1"), ui("beta", "2")]);
    value(with!(map_list_frozen_shape: vec![ui("alpha", "99"), ui("beta", "2")]))
        .old_value(old.clone())
        .expect_valid();
    value(with!(map_list_frozen_shape: vec![ui("alpha", "1")]))
        .old_value(old)
        .expect_matches(
            m(),
            ErrorList(vec![forbidden(&path("mapListFrozenShape"), REMOVED)]),
        );

    // listType=map + composite key + NoRemoveItem.
    let old = with!(composite_key_list: vec![cki("alpha", 1, "x"), cki("alpha", 2, "y")]);
    value(with!(composite_key_list: vec![cki("alpha", 1, "x"), cki("alpha", 2, "y2")]))
        .old_value(old.clone())
        .expect_valid();
    value(with!(composite_key_list: vec![cki("alpha", 1, "x")]))
        .old_value(old)
        .expect_matches(
            m(),
            ErrorList(vec![forbidden(&path("compositeKeyList"), REMOVED)]),
        );

    // listType=atomic + unique=set + NoAddItem.
    value(with!(atomic_unique_set_no_add: strs(&["a", "b"])))
        .old_value(with!(atomic_unique_set_no_add: strs(&["a"])))
        .expect_matches(
            m(),
            ErrorList(vec![forbidden(
                &path("atomicUniqueSetNoAdd").index(1),
                ADDED,
            )]),
        );

    // listType=atomic + unique=map.
    let old = with!(atomic_unique_map_frozen_shape: vec![ui("alpha", "1"), ui("beta", "2")]);
    value(with!(atomic_unique_map_frozen_shape: vec![ui("alpha", "99"), ui("beta", "2")]))
        .old_value(old.clone())
        .expect_valid();
    value(with!(atomic_unique_map_frozen_shape: vec![
        ui("alpha", "1"),
        ui("beta", "2"),
        ui("gamma", "3")
    ]))
    .old_value(old)
    .expect_matches(
        m(),
        ErrorList(vec![forbidden(
            &path("atomicUniqueMapFrozenShape").index(2),
            ADDED,
        )]),
    );

    // listType=set over non-directly-comparable elements.
    let old = with!(non_comparable_set_frozen_shape: vec![
        nci("alpha", &["x", "y"]),
        nci("beta", &["z"])
    ]);
    value(with!(non_comparable_set_frozen_shape: vec![
        nci("beta", &["z"]),
        nci("alpha", &["x", "y"])
    ]))
    .old_value(old.clone())
    .expect_valid();
    // Mutating an element changes its identity under set semantics: an add
    // and a remove.
    value(with!(non_comparable_set_frozen_shape: vec![
        nci("alpha", &["x", "y", "NEW"]),
        nci("beta", &["z"])
    ]))
    .old_value(old)
    .expect_matches(
        m(),
        ErrorList(vec![
            forbidden(&path("nonComparableSetFrozenShape").index(0), ADDED),
            forbidden(&path("nonComparableSetFrozenShape"), REMOVED),
        ]),
    );

    // Typedef list: the list metadata is inherited from the type.
    let old = with!(typedef_frozen_list: FrozenUserList(vec![ui("alpha", "1")]));
    value(with!(typedef_frozen_list: FrozenUserList(vec![ui("alpha", "2")])))
        .old_value(old.clone())
        .expect_valid();
    value(with!(typedef_frozen_list: FrozenUserList(vec![
        ui("alpha", "1"),
        ui("beta", "9")
    ])))
    .old_value(old)
    .expect_matches(
        m(),
        ErrorList(vec![forbidden(&path("typedefFrozenList").index(1), ADDED)]),
    );

    // eachVal composition on a list: per-item NoModify.
    let old = with!(each_val_no_modify_list: vec![ui("alpha", "1"), ui("beta", "2")]);
    value(with!(each_val_no_modify_list: vec![
        ui("alpha", "1"),
        ui("beta", "2"),
        ui("gamma", "3")
    ]))
    .old_value(old.clone())
    .expect_valid();
    value(with!(each_val_no_modify_list: vec![ui("alpha", "1")]))
        .old_value(old.clone())
        .expect_valid();
    value(with!(each_val_no_modify_list: vec![ui("alpha", "99"), ui("beta", "2")]))
        .old_value(old)
        .expect_matches(
            m(),
            ErrorList(vec![invalid(
                &path("eachValNoModifyList").index(0),
                "cannot be modified",
            )]),
        );

    // Pointer slice NoSet.
    value(with!(pointer_slice_no_set: ptrs(&["a"])))
        .old_value(base())
        .expect_matches(
            m(),
            ErrorList(vec![invalid(
                &path("pointerSliceNoSet"),
                "field cannot be set once created",
            )]),
        );
    value(base()).old_value(base()).expect_valid();

    // Pointer listType=set + NoAddItem.
    value(with!(pointer_set_no_add: ptrs(&["a", "b", "c"])))
        .old_value(with!(pointer_set_no_add: ptrs(&["a", "b"])))
        .expect_matches(
            m(),
            ErrorList(vec![forbidden(&path("pointerSetNoAdd").index(2), ADDED)]),
        );

    // Pointer listType=map + NoRemoveItem.
    value(with!(pointer_map_list_no_remove: vec![Some(ui("alpha", "1"))]))
        .old_value(with!(pointer_map_list_no_remove: vec![
            Some(ui("alpha", "1")),
            Some(ui("beta", "2"))
        ]))
        .expect_matches(
            m(),
            ErrorList(vec![forbidden(
                &path("pointerMapListNoRemove"),
                "item may not be removed",
            )]),
        );

    // A nil item in a pointer list is Required on update.
    value(with!(pointer_set_no_add: vec![None]))
        .old_value(with!(pointer_set_no_add: ptrs(&["a"])))
        .expect_matches(
            m(),
            ErrorList(vec![Error::required(&path("pointerSetNoAdd").index(0), "")]),
        );
}
