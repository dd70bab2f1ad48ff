//! Port of validation-gen's `output_tests/tags/levels/atomicslice`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:alpha` / `+k8s:beta` around `+k8s:eachVal` and inside it, on
//! atomic lists.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct AtomicSliceStruct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// Case: Standard eachVal
    /// +k8s:listType=atomic
    /// +k8s:eachVal=+k8s:minimum=10
    #[serde(rename = "standard")]
    standard: Vec<i64>,

    /// Case: Alpha eachVal
    /// +k8s:listType=atomic
    /// +k8s:alpha=+k8s:eachVal=+k8s:minimum=10
    #[serde(rename = "Alpha")]
    alpha: Vec<i64>,

    /// Case: Beta eachVal
    /// +k8s:listType=atomic
    /// +k8s:beta=+k8s:eachVal=+k8s:minimum=10
    #[serde(rename = "Beta")]
    beta: Vec<i64>,

    /// Case: Standard eachVal, Alpha validation
    /// +k8s:listType=atomic
    /// +k8s:eachVal=+k8s:alpha=+k8s:minimum=10
    #[serde(rename = "AlphaValidation")]
    alpha_validation: Vec<i64>,

    /// Case: Standard eachVal, Beta validation
    /// +k8s:listType=atomic
    /// +k8s:eachVal=+k8s:beta=+k8s:minimum=10
    #[serde(rename = "BetaValidation")]
    beta_validation: Vec<i64>,
}

#[test]
fn test_atomic_slice() {
    let min = |name: &str| Error::invalid(&path(name).index(0), 5, "").with_origin("minimum");
    value(AtomicSliceStruct {
        standard: vec![5],
        alpha: vec![5],
        beta: vec![5],
        alpha_validation: vec![5],
        beta_validation: vec![5],
        ..Default::default()
    })
    .expect_matches(
        ErrorMatcher::default()
            .by_type()
            .by_field()
            .by_origin()
            .by_validation_stability_level(),
        ErrorList(vec![
            // Standard: a normal error.
            min("standard"),
            // Alpha eachVal: an alpha error.
            min("Alpha").mark_alpha(),
            // Beta eachVal: a beta error.
            min("Beta").mark_beta(),
            // Standard eachVal, alpha validation: an alpha error.
            min("AlphaValidation").mark_alpha(),
            // Standard eachVal, beta validation: a beta error.
            min("BetaValidation").mark_beta(),
        ]),
    );
}
