//! Port of validation-gen's `output_tests/tags/levels/listmapitem`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:alpha` / `+k8s:beta` around `+k8s:item` and inside its payload.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct MapItem {
    key: String,
    value: i64,
}

/// Go declares it without using it.
#[allow(dead_code)]
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct InnerItem {
    value: i64,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ListMapItemStruct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// Case: Standard Item
    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:item(key: "foo")=+k8s:subfield(value)=+k8s:minimum=10
    standard_item: Vec<MapItem>,

    /// Case: Alpha Item tag
    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:alpha=+k8s:item(key: "foo")=+k8s:subfield(value)=+k8s:minimum=10
    alpha_item_tag: Vec<MapItem>,

    /// Case: Alpha validation
    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:item(key: "foo")=+k8s:subfield(value)=+k8s:alpha=+k8s:minimum=10
    alpha_validation: Vec<MapItem>,

    /// Case: Double Alpha
    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:alpha=+k8s:item(key: "foo")=+k8s:subfield(value)=+k8s:alpha=+k8s:minimum=10
    double_alpha: Vec<MapItem>,

    /// Case: Beta Item tag
    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:beta=+k8s:item(key: "foo")=+k8s:subfield(value)=+k8s:minimum=10
    beta_item_tag: Vec<MapItem>,

    /// Case: Beta validation
    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:item(key: "foo")=+k8s:subfield(value)=+k8s:beta=+k8s:minimum=10
    beta_validation: Vec<MapItem>,

    /// Case: Double Beta
    /// +k8s:listType=map
    /// +k8s:listMapKey=key
    /// +k8s:beta=+k8s:item(key: "foo")=+k8s:subfield(value)=+k8s:beta=+k8s:minimum=10
    double_beta: Vec<MapItem>,
}

#[test]
fn test_list_map_item() {
    let foo = || {
        vec![MapItem {
            key: "foo".into(),
            value: 5,
        }]
    };
    let min = |name: &str| {
        Error::invalid(&path(name).index(0).child("value"), 5, "").with_origin("minimum")
    };
    value(ListMapItemStruct {
        standard_item: foo(),
        alpha_item_tag: foo(),
        alpha_validation: foo(),
        double_alpha: foo(),
        beta_item_tag: foo(),
        beta_validation: foo(),
        double_beta: foo(),
        ..Default::default()
    })
    .expect_matches(
        ErrorMatcher::default()
            .by_type()
            .by_field()
            .by_origin()
            .by_validation_stability_level(),
        ErrorList(vec![
            // Case 1: Standard Item: a normal error.
            min("standardItem"),
            // Case 2: Alpha Item tag: an alpha error.
            min("alphaItemTag").mark_alpha(),
            // Case 3: Alpha validation: an alpha error.
            min("alphaValidation").mark_alpha(),
            // Case 4: Double Alpha: an alpha error.
            min("doubleAlpha").mark_alpha(),
            // Case 5: Beta Item tag: a beta error.
            min("betaItemTag").mark_beta(),
            // Case 6: Beta validation: a beta error.
            min("betaValidation").mark_beta(),
            // Case 7: Double Beta: a beta error.
            min("doubleBeta").mark_beta(),
        ]),
    );
}
