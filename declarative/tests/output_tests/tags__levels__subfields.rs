//! Port of validation-gen's `output_tests/tags/levels/subfields`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:alpha` / `+k8s:beta` around `+k8s:subfield`, also with
//! `+k8s:zeroOrOneOfMember` payloads.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Struct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:alpha=+k8s:subfield(inner)=+k8s:minimum=5
    subfield: SubStruct,

    /// +k8s:beta=+k8s:subfield(inner)=+k8s:minimum=5
    subfield_beta: SubStruct,

    /// +k8s:alpha=+k8s:subfield(z1)=+k8s:zeroOrOneOfMember
    /// +k8s:alpha=+k8s:subfield(z2)=+k8s:zeroOrOneOfMember
    union_field: SubUnion,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct SubStruct {
    inner: i64,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct SubUnion {
    z1: Option<i64>,
    z2: Option<i64>,
}

fn st(a: i64, b: i64) -> Struct {
    Struct {
        subfield: SubStruct { inner: a },
        subfield_beta: SubStruct { inner: b },
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

#[test]
fn test_alpha() {
    value(st(5, 5)).expect_valid();

    // Failures marked as alpha.
    value(st(1, 5)).expect_matches(
        matcher(),
        ErrorList(vec![
            Error::invalid(&path("subfield").child("inner"), 1, "")
                .with_origin("minimum")
                .mark_alpha(),
        ]),
    );

    value(Struct {
        union_field: SubUnion {
            z1: Some(1),
            z2: Some(1),
        },
        ..st(5, 5)
    })
    .expect_matches(
        matcher(),
        ErrorList(vec![
            Error::invalid(
                &path("unionField"),
                "",
                "only one of z1, z2 may be specified",
            )
            .with_origin("zeroOrOneOf")
            .mark_alpha(),
        ]),
    );
}

#[test]
fn test_beta() {
    value(st(5, 5)).expect_valid();

    // Failures marked as beta.
    value(st(5, 1)).expect_matches(
        matcher(),
        ErrorList(vec![
            Error::invalid(&path("subfieldBeta").child("inner"), 1, "")
                .with_origin("minimum")
                .mark_beta(),
        ]),
    );
}
