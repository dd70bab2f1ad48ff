//! Port of validation-gen's `output_tests/tags/levels/listset`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:alpha` / `+k8s:beta` on `+k8s:listType=set` and inside an
//! `+k8s:eachVal` subfield chain.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ListSetStruct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// Case: Alpha listType=set
    /// +k8s:alpha=+k8s:listType=set
    set: Vec<ComplexSetItem>,

    /// Case: Beta listType=set
    /// +k8s:beta=+k8s:listType=set
    beta_set: Vec<ComplexSetItem>,

    /// Case: Chained subfield validation
    /// +k8s:listType=set
    /// +k8s:eachVal=+k8s:subfield(value)=+k8s:alpha=+k8s:minimum=10
    chained_subfield_set: Vec<SimpleSetItem>,

    /// Case: Alpha listType=set, Beta item validation
    /// +k8s:alpha=+k8s:listType=set
    set_beta_item: Vec<ComplexSetItemBeta>,

    /// Case: Beta listType=set, Beta item validation
    /// +k8s:beta=+k8s:listType=set
    beta_set_beta_item: Vec<ComplexSetItemBeta>,

    /// Case: Chained subfield validation (Beta)
    /// +k8s:listType=set
    /// +k8s:eachVal=+k8s:subfield(value)=+k8s:beta=+k8s:minimum=10
    chained_subfield_set_beta: Vec<SimpleSetItem>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ComplexSetItem {
    /// +k8s:alpha=+k8s:minimum=10
    value: i64,
    string_val: String,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ComplexSetItemBeta {
    /// +k8s:beta=+k8s:minimum=10
    value: i64,
    string_val: String,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct SimpleSetItem {
    value: i64,
    string_val: String,
}

#[test]
fn test_list_set() {
    let complex = |s: &str| {
        vec![
            ComplexSetItem {
                string_val: s.into(),
                value: 10,
            };
            2
        ]
    };
    let complex_beta = |s: &str| {
        vec![
            ComplexSetItemBeta {
                string_val: s.into(),
                value: 10,
            };
            2
        ]
    };
    let simple = |s: &str| {
        vec![SimpleSetItem {
            string_val: s.into(),
            value: 9,
        }]
    };
    let dup = |name: &str| Error::duplicate(&path(name).index(1), "");
    let min = |name: &str| {
        Error::invalid(&path(name).index(0).child("value"), 9, "").with_origin("minimum")
    };
    value(ListSetStruct {
        // Duplicate values (alpha).
        set: complex("abc"),
        // Duplicate values (beta).
        beta_set: complex("abc"),
        // 9 < 10 (alpha).
        chained_subfield_set: simple("def"),
        // Duplicate values (alpha).
        set_beta_item: complex_beta("ghi"),
        // Duplicate values (beta).
        beta_set_beta_item: complex_beta("jkl"),
        // 9 < 10 (beta).
        chained_subfield_set_beta: simple("mno"),
        ..Default::default()
    })
    .expect_matches(
        ErrorMatcher::default()
            .by_type()
            .by_field()
            .by_origin()
            .by_validation_stability_level(),
        ErrorList(vec![
            dup("set").mark_alpha(),
            dup("betaSet").mark_beta(),
            min("chainedSubfieldSet").mark_alpha(),
            // Alpha list.
            dup("setBetaItem").mark_alpha(),
            // Beta list.
            dup("betaSetBetaItem").mark_beta(),
            // Beta item.
            min("chainedSubfieldSetBeta").mark_beta(),
        ]),
    );
}
