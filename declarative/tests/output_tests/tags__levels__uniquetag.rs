//! Port of validation-gen's `output_tests/tags/levels/uniquetag`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:alpha` / `+k8s:beta` around `+k8s:unique=set` on atomic lists.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct UniqueStruct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:listType=atomic
    /// +k8s:alpha=+k8s:unique=set
    alpha_unique_set: Vec<String>,

    /// +k8s:listType=atomic
    /// +k8s:beta=+k8s:unique=set
    beta_unique_set: Vec<String>,
}

#[test]
fn test_misc() {
    value(UniqueStruct {
        alpha_unique_set: vec!["a".into(), "a".into()],
        beta_unique_set: vec!["a".into(), "a".into()],
        ..Default::default()
    })
    .expect_matches(
        ErrorMatcher::default()
            .by_type()
            .by_field()
            .by_origin()
            .by_validation_stability_level(),
        ErrorList(vec![
            Error::duplicate(&path("alphaUniqueSet").index(1), "a").mark_alpha(),
            Error::duplicate(&path("betaUniqueSet").index(1), "a").mark_beta(),
        ]),
    );
}
