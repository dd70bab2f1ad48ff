//! Port of validation-gen's `output_tests/tags/mode`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:modeDiscriminator` / `+k8s:ifMode`: per-mode rules, implicit
//! forbidden in other modes, non-string and multiple discriminators,
//! collections, ratcheting.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};
use std::collections::BTreeMap;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct StrictUnion {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:modeDiscriminator
    d1: String,

    /// +k8s:ifMode("A")=+k8s:required
    #[serde(skip_serializing_if = "Option::is_none")]
    field_a: Option<String>,

    /// +k8s:ifMode("B")=+k8s:required
    #[serde(skip_serializing_if = "Option::is_none")]
    field_b: Option<String>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct SharedField {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:modeDiscriminator
    d1: String,

    /// Valid in A and B, implicitly forbidden in C.
    /// +k8s:ifMode("A")=+k8s:optional
    /// +k8s:ifMode("B")=+k8s:optional
    #[serde(skip_serializing_if = "Option::is_none")]
    field_a: Option<String>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ChainedValidation {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:modeDiscriminator
    d1: String,

    /// In mode A, it is required AND must have maxLength 5.
    /// +k8s:ifMode("A")=+k8s:required
    /// +k8s:ifMode("A")=+k8s:maxLength=5
    #[serde(skip_serializing_if = "Option::is_none")]
    field_a: Option<String>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ImplicitForbidden {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:modeDiscriminator
    d1: String,

    /// Only mentioned for mode A: mode B implicitly forbids it.
    /// +k8s:ifMode("A")=+k8s:optional
    #[serde(skip_serializing_if = "Option::is_none")]
    field_a: Option<String>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct NonStringDiscriminator {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:modeDiscriminator(modality:"Bool")
    d1: bool,

    /// +k8s:ifMode(modality:"Bool", mode:"true")=+k8s:required
    #[serde(skip_serializing_if = "Option::is_none")]
    field_a: Option<String>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct MultipleDiscriminators {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:modeDiscriminator(modality:"D1")
    d1: String,

    /// +k8s:modeDiscriminator(modality:"D2")
    d2: String,

    /// +k8s:ifMode(modality:"D1", mode:"A")=+k8s:required
    #[serde(skip_serializing_if = "Option::is_none")]
    field_a: Option<String>,

    /// +k8s:ifMode(modality:"D2", mode:"B")=+k8s:required
    #[serde(skip_serializing_if = "Option::is_none")]
    field_b: Option<String>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Collections {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:modeDiscriminator
    d1: String,

    /// +k8s:ifMode("A")=+k8s:optional
    #[serde(skip_serializing_if = "Vec::is_empty")]
    list_field: Vec<String>,

    /// +k8s:ifMode("A")=+k8s:optional
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    map_field: BTreeMap<String, String>,
}

fn m() -> ErrorMatcher {
    ErrorMatcher::default().by_type().by_field()
}

fn s(v: &str) -> Option<String> {
    Some(v.to_string())
}

fn required(name: &str) -> ErrorList {
    ErrorList(vec![Error::required(&path(name), "")])
}

fn forbidden(name: &str) -> ErrorList {
    ErrorList(vec![Error::forbidden(&path(name), "")])
}

fn too_long(name: &str) -> ErrorList {
    ErrorList(vec![Error::too_long(&path(name), 5)])
}

#[test]
fn test_strict_union() {
    let st = |d1: &str, field_a, field_b| StrictUnion {
        d1: d1.into(),
        field_a,
        field_b,
        ..Default::default()
    };
    // Mode A: fieldA required, fieldB implicitly forbidden.
    value(st("A", s("val"), None)).expect_valid();
    value(st("A", None, None)).expect_matches(m(), required("fieldA"));
    value(st("A", s("val"), s("val"))).expect_matches(m(), forbidden("fieldB"));

    // Mode B: fieldA implicitly forbidden, fieldB required.
    value(st("B", None, s("val"))).expect_valid();
    value(st("B", None, None)).expect_matches(m(), required("fieldB"));
    value(st("B", s("val"), s("val"))).expect_matches(m(), forbidden("fieldA"));
}

#[test]
fn test_shared_field() {
    let st = |d1: &str, field_a| SharedField {
        d1: d1.into(),
        field_a,
        ..Default::default()
    };
    // Valid (optional) in A and B.
    value(st("A", None)).expect_valid();
    value(st("A", s("val"))).expect_valid();
    value(st("B", None)).expect_valid();
    value(st("B", s("val"))).expect_valid();

    // Forbidden in C.
    value(st("C", s("val"))).expect_matches(m(), forbidden("fieldA"));
}

fn chained(d1: &str, field_a: Option<String>) -> ChainedValidation {
    ChainedValidation {
        d1: d1.into(),
        field_a,
        ..Default::default()
    }
}

#[test]
fn test_chained_validation() {
    // Mode A: required and maxLength 5.
    value(chained("A", s("abc"))).expect_valid();
    value(chained("A", None)).expect_matches(m(), required("fieldA"));
    value(chained("A", s("too-long"))).expect_matches(m(), too_long("fieldA"));

    // Mode B: unlisted, so implicitly forbidden.
    value(chained("B", s("val"))).expect_matches(m(), forbidden("fieldA"));
}

#[test]
fn test_implicit_forbidden() {
    let st = |d1: &str, field_a| ImplicitForbidden {
        d1: d1.into(),
        field_a,
        ..Default::default()
    };
    // Mode A: optional.
    value(st("A", None)).expect_valid();
    value(st("A", s("val"))).expect_valid();

    // Mode B: not listed, so implicitly forbidden.
    value(st("B", s("val"))).expect_matches(m(), forbidden("fieldA"));
}

#[test]
fn test_non_string_discriminator() {
    let st = |d1: bool, field_a| NonStringDiscriminator {
        d1,
        field_a,
        ..Default::default()
    };
    value(st(true, s("val"))).expect_valid();
    value(st(true, None)).expect_matches(m(), required("fieldA"));
    value(st(false, s("val"))).expect_matches(m(), forbidden("fieldA"));
}

#[test]
fn test_multiple_discriminators() {
    value(MultipleDiscriminators {
        d1: "A".into(),
        d2: "B".into(),
        field_a: s("valA"),
        field_b: s("valB"),
        ..Default::default()
    })
    .expect_valid();

    value(MultipleDiscriminators {
        d1: "A".into(),
        d2: "B".into(),
        ..Default::default()
    })
    .expect_matches(
        m(),
        ErrorList(vec![
            Error::required(&path("fieldA"), ""),
            Error::required(&path("fieldB"), ""),
        ]),
    );
}

#[test]
fn test_collections() {
    // Mode A: collections are valid (optional).
    value(Collections {
        d1: "A".into(),
        ..Default::default()
    })
    .expect_valid();

    value(Collections {
        d1: "A".into(),
        list_field: vec!["item".into()],
        map_field: BTreeMap::from([("key".to_string(), "val".to_string())]),
        ..Default::default()
    })
    .expect_valid();

    // Mode B: unlisted, so implicitly forbidden.
    value(Collections {
        d1: "B".into(),
        list_field: vec!["item".into()],
        ..Default::default()
    })
    .expect_matches(m(), forbidden("listField"));

    value(Collections {
        d1: "B".into(),
        map_field: BTreeMap::from([("key".to_string(), "val".to_string())]),
        ..Default::default()
    })
    .expect_matches(m(), forbidden("mapField"));
}

#[test]
fn test_ratcheting() {
    let mk_test = || chained("A", s("too-long-string"));

    // 1. A new object is invalid.
    value(mk_test()).expect_matches(m(), too_long("fieldA"));

    // 2. An unchanged update is valid (ratcheting).
    value(mk_test()).old_value(mk_test()).expect_valid();

    // 3. A changed value re-validates (and fails).
    value(mk_test())
        .old_value(chained("A", s("also-too-long")))
        .expect_matches(m(), too_long("fieldA"));

    // 4. A changed discriminator re-validates (and fails).
    value(mk_test())
        .old_value(chained("B", s("too-long-string")))
        .expect_matches(m(), too_long("fieldA"));
}
