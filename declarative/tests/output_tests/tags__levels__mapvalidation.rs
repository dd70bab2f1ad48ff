//! Port of validation-gen's `output_tests/tags/levels/mapvalidation`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:alpha` / `+k8s:beta` around `+k8s:eachVal` / `+k8s:eachKey` on
//! maps and inside them.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};
use std::collections::BTreeMap;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct MapValidationStruct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// Case: Standard eachVal
    /// +k8s:eachVal=+k8s:maxLength=2
    #[serde(rename = "standardEachVal")]
    standard_each_val: BTreeMap<String, String>,

    /// Case: Alpha eachVal
    /// +k8s:alpha=+k8s:eachVal=+k8s:maxLength=2
    #[serde(rename = "AlphaEachVal")]
    alpha_each_val: BTreeMap<String, String>,

    /// Case: Beta eachVal
    /// +k8s:beta=+k8s:eachVal=+k8s:maxLength=2
    #[serde(rename = "BetaEachVal")]
    beta_each_val: BTreeMap<String, String>,

    /// Case: Standard eachKey
    /// +k8s:eachKey=+k8s:maxLength=2
    #[serde(rename = "standardEachKey")]
    standard_each_key: BTreeMap<String, String>,

    /// Case: Alpha eachKey
    /// +k8s:alpha=+k8s:eachKey=+k8s:maxLength=2
    #[serde(rename = "AlphaEachKey")]
    alpha_each_key: BTreeMap<String, String>,

    /// Case: Beta eachKey
    /// +k8s:beta=+k8s:eachKey=+k8s:maxLength=2
    #[serde(rename = "BetaEachKey")]
    beta_each_key: BTreeMap<String, String>,

    /// Case: Alpha Validation
    /// +k8s:eachVal=+k8s:alpha=+k8s:maxLength=2
    #[serde(rename = "AlphaValidation")]
    alpha_validation: BTreeMap<String, String>,

    /// Case: Beta Validation
    /// +k8s:eachVal=+k8s:beta=+k8s:maxLength=2
    #[serde(rename = "BetaValidation")]
    beta_validation: BTreeMap<String, String>,
}

#[test]
fn test_map_validation() {
    let m = |k: &str, v: &str| BTreeMap::from([(k.to_string(), v.to_string())]);
    let val = |name: &str| Error::too_long(&path(name).key("a"), 2).with_origin("maxLength");
    let key = |name: &str| Error::too_long(&path(name), 2).with_origin("maxLength");
    value(MapValidationStruct {
        standard_each_val: m("a", "foo"),
        alpha_each_val: m("a", "foo"),
        beta_each_val: m("a", "foo"),
        standard_each_key: m("foo", "a"),
        alpha_each_key: m("foo", "a"),
        beta_each_key: m("foo", "a"),
        alpha_validation: m("a", "foo"),
        beta_validation: m("a", "foo"),
        ..Default::default()
    })
    .expect_matches(
        ErrorMatcher::default()
            .by_type()
            .by_field()
            .by_origin()
            .by_validation_stability_level(),
        ErrorList(vec![
            // Standard eachVal: a normal error.
            val("standardEachVal"),
            // Alpha eachVal: an alpha error.
            val("AlphaEachVal").mark_alpha(),
            // Beta eachVal: a beta error.
            val("BetaEachVal").mark_beta(),
            // Standard eachKey: a normal error.
            key("standardEachKey"),
            // Alpha eachKey: an alpha error.
            key("AlphaEachKey").mark_alpha(),
            // Beta eachKey: a beta error.
            key("BetaEachKey").mark_beta(),
            // Alpha validation: an alpha error.
            val("AlphaValidation").mark_alpha(),
            // Beta validation: a beta error.
            val("BetaValidation").mark_beta(),
        ]),
    );
}
