//! Port of validation-gen's `output_tests/tags/levels/structs`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a stable validation next to a stricter alpha / beta one, and levels
//! around `+k8s:ifEnabled` and around another level.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct MixedStruct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:minimum=5
    /// +k8s:alpha=+k8s:minimum=10
    int_field: i64,

    /// +k8s:minimum=5
    /// +k8s:beta=+k8s:minimum=10
    int_field_beta: i64,

    /// +k8s:maxItems=5
    /// +k8s:alpha=+k8s:maxItems=3
    list_field: Vec<String>,

    /// +k8s:maxItems=5
    /// +k8s:beta=+k8s:maxItems=3
    list_field_beta: Vec<String>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ConditionalStruct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:alpha=+k8s:ifEnabled(MyFeature)=+k8s:minimum=10
    conditional_field: i64,

    /// +k8s:beta=+k8s:ifEnabled(MyFeature)=+k8s:minimum=10
    conditional_field_beta: i64,

    /// +k8s:alpha=+k8s:alpha=+k8s:minimum=20
    recursive_alpha: i64,

    /// +k8s:beta=+k8s:beta=+k8s:minimum=20
    recursive_beta: i64,
}

fn list(n: usize) -> Vec<String> {
    ["a", "b", "c", "d", "e", "f"][..n]
        .iter()
        .map(|s| s.to_string())
        .collect()
}

fn mixed(i: i64, n: usize) -> MixedStruct {
    MixedStruct {
        int_field: i,
        int_field_beta: i,
        list_field: list(n),
        list_field_beta: list(n),
        ..Default::default()
    }
}

fn matcher() -> ErrorMatcher {
    ErrorMatcher::default()
        .by_type()
        .by_field()
        .by_origin()
        .by_validation_stability_level()
}

fn min(name: &str, v: i64) -> Error {
    Error::invalid(&path(name), v, "").with_origin("minimum")
}

fn many(name: &str, n: i64, max: i64) -> Error {
    Error::too_many(&path(name), n, max).with_origin("maxItems")
}

#[test]
fn test_mixed() {
    // Meets both the normal and the alpha requirements.
    value(mixed(15, 3)).expect_valid();

    // Fails the alpha validation, passes the normal one.
    value(mixed(8, 4)).expect_matches(
        matcher(),
        ErrorList(vec![
            min("intField", 8).mark_alpha(),
            min("intFieldBeta", 8).mark_beta(),
            many("listField", 4, 3).mark_alpha(),
            many("listFieldBeta", 4, 3).mark_beta(),
        ]),
    );

    // Fails both.
    value(mixed(4, 6)).expect_matches(
        matcher(),
        ErrorList(vec![
            min("intField", 4),
            min("intField", 4).mark_alpha(),
            min("intFieldBeta", 4),
            min("intFieldBeta", 4).mark_beta(),
            many("listField", 6, 5),
            many("listField", 6, 3).mark_alpha(),
            many("listFieldBeta", 6, 5),
            many("listFieldBeta", 6, 3).mark_beta(),
        ]),
    );
}

#[test]
fn test_conditional_struct() {
    let st = |c: i64, r: i64| ConditionalStruct {
        conditional_field: c,
        conditional_field_beta: c,
        recursive_alpha: r,
        recursive_beta: r,
        ..Default::default()
    };
    value(st(15, 25))
        .opts(&[("MyFeature", true)])
        .expect_valid();

    value(st(5, 10))
        .opts(&[("MyFeature", true)])
        .expect_matches(
            matcher(),
            ErrorList(vec![
                min("conditionalField", 5).mark_alpha(),
                min("conditionalFieldBeta", 5).mark_beta(),
                min("recursiveAlpha", 10).mark_alpha(),
                min("recursiveBeta", 10).mark_beta(),
            ]),
        );
}
