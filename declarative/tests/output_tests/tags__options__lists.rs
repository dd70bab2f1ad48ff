//! Port of validation-gen's `output_tests/tags/options/lists`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:ifEnabled` / `+k8s:ifDisabled` around `+k8s:listType=map` with
//! its `+k8s:listMapKey`, and around `+k8s:eachVal`.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{by_type_field_origin, path, value};
use apimachinery::Validate;
use apimachinery::field::{BadValue, Error, ErrorList};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Struct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:ifEnabled(FeatureX)=+k8s:listType=map
    /// +k8s:ifEnabled(FeatureX)=+k8s:listMapKey=name
    list_map: Vec<ListItem>,

    /// +k8s:ifDisabled(FeatureX)=+k8s:listType=map
    /// +k8s:ifDisabled(FeatureX)=+k8s:listMapKey=name
    list_map_disabled: Vec<ListItem>,

    /// +k8s:ifEnabled(FeatureX)=+k8s:eachVal=+k8s:validateFalse="field Struct.ListEachVal/val"
    list_each_val: Vec<ListItem>,

    /// +k8s:ifDisabled(FeatureX)=+k8s:eachVal=+k8s:validateFalse="field Struct.ListEachValDisabled/val"
    list_each_val_disabled: Vec<ListItem>,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct ListItem {
    name: String,
    value: String,
}

fn item(name: &str, value: &str) -> ListItem {
    ListItem {
        name: name.into(),
        value: value.into(),
    }
}

fn dups() -> Struct {
    Struct {
        list_map: vec![item("a", "1"), item("a", "2")],
        list_map_disabled: vec![item("b", "1"), item("b", "2")],
        ..Default::default()
    }
}

fn each() -> Struct {
    Struct {
        list_each_val: vec![item("c", "3")],
        list_each_val_disabled: vec![item("d", "4")],
        ..Default::default()
    }
}

#[test]
fn test() {
    value(dups()).opts(&[("FeatureX", false)]).expect_matches(
        by_type_field_origin(),
        ErrorList(vec![
            Error::duplicate(&path("listMapDisabled").index(1), BadValue::Omitted).with_origin(""),
        ]),
    );

    value(dups()).opts(&[("FeatureX", true)]).expect_matches(
        by_type_field_origin(),
        ErrorList(vec![
            Error::duplicate(&path("listMap").index(1), BadValue::Omitted).with_origin(""),
        ]),
    );

    value(each())
        .opts(&[("FeatureX", false)])
        .expect_validate_false_by_path(&[(
            "listEachValDisabled[0]",
            &["field Struct.ListEachValDisabled/val"],
        )]);

    value(each())
        .opts(&[("FeatureX", true)])
        .expect_validate_false_by_path(&[("listEachVal[0]", &["field Struct.ListEachVal/val"])]);
}
