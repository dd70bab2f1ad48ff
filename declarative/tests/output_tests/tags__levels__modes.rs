//! Port of validation-gen's `output_tests/tags/levels/modes`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:alpha` / `+k8s:beta` on `+k8s:modeDiscriminator` and on
//! `+k8s:ifMode` members, alone and mixed.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{BadValue, Error, ErrorList, ErrorMatcher};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct AlphaStruct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:alpha=+k8s:modeDiscriminator
    d1: String,

    /// +k8s:alpha=+k8s:ifMode("A")=+k8s:required
    #[serde(skip_serializing_if = "Option::is_none")]
    field_a: Option<String>,

    /// +k8s:alpha=+k8s:ifMode("B")=+k8s:required
    #[serde(skip_serializing_if = "Option::is_none")]
    field_b: Option<String>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct BetaStruct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:beta=+k8s:modeDiscriminator
    d1: String,

    /// +k8s:beta=+k8s:ifMode("A")=+k8s:required
    #[serde(skip_serializing_if = "Option::is_none")]
    field_a: Option<String>,

    /// +k8s:beta=+k8s:ifMode("B")=+k8s:required
    #[serde(skip_serializing_if = "Option::is_none")]
    field_b: Option<String>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct MixedLevels {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:modeDiscriminator
    mode: String,

    /// +k8s:alpha=+k8s:ifMode("A")=+k8s:required
    #[serde(skip_serializing_if = "Option::is_none")]
    a: Option<String>,

    /// +k8s:beta=+k8s:ifMode("B")=+k8s:required
    #[serde(skip_serializing_if = "Option::is_none")]
    b: Option<String>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct CrossLevels {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:beta=+k8s:modeDiscriminator
    kind: String,

    /// +k8s:alpha=+k8s:ifMode("A")=+k8s:required
    #[serde(skip_serializing_if = "Option::is_none")]
    a: Option<String>,

    /// +k8s:alpha=+k8s:ifMode("B")=+k8s:required
    #[serde(skip_serializing_if = "Option::is_none")]
    b: Option<String>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct SameFieldMixed {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:modeDiscriminator
    mode: String,

    /// +k8s:alpha=+k8s:ifMode("A")=+k8s:required
    /// +k8s:beta=+k8s:ifMode("B")=+k8s:required
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<String>,
}

/// Multiple payload validations on the same discriminator value can have
/// different stability levels.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct SameValueMixedPayloads {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:modeDiscriminator
    mode: String,

    /// +k8s:alpha=+k8s:ifMode("A")=+k8s:required
    /// +k8s:beta=+k8s:ifMode("A")=+k8s:minLength=3
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<String>,
}

fn matcher() -> ErrorMatcher {
    ErrorMatcher::default()
        .by_type()
        .by_field()
        .by_validation_stability_level()
}

fn s(v: &str) -> Option<String> {
    Some(v.to_string())
}

fn required(name: &str) -> Error {
    Error::required(&path(name), "")
}

fn forbidden(name: &str) -> Error {
    Error::forbidden(&path(name), "")
}

fn one(e: Error) -> ErrorList {
    ErrorList(vec![e])
}

#[test]
fn test_alpha() {
    let st = |d1: &str, field_a, field_b| AlphaStruct {
        d1: d1.into(),
        field_a,
        field_b,
        ..Default::default()
    };
    // Mode A with fieldA set.
    value(st("A", s("val"), None)).expect_valid();
    // Mode A with fieldA missing (required): alpha.
    value(st("A", None, None)).expect_matches(matcher(), one(required("fieldA").mark_alpha()));
    // Mode A with fieldB set (forbidden): alpha.
    value(st("A", s("val"), s("val")))
        .expect_matches(matcher(), one(forbidden("fieldB").mark_alpha()));
    // Mode B with fieldB set.
    value(st("B", None, s("val"))).expect_valid();
    // Mode B with fieldB missing (required): alpha.
    value(st("B", None, None)).expect_matches(matcher(), one(required("fieldB").mark_alpha()));
}

#[test]
fn test_beta() {
    let st = |d1: &str, field_a, field_b| BetaStruct {
        d1: d1.into(),
        field_a,
        field_b,
        ..Default::default()
    };
    value(st("A", s("val"), None)).expect_valid();
    value(st("A", None, None)).expect_matches(matcher(), one(required("fieldA").mark_beta()));
    value(st("A", s("val"), s("val")))
        .expect_matches(matcher(), one(forbidden("fieldB").mark_beta()));
    value(st("B", None, s("val"))).expect_valid();
    value(st("B", None, None)).expect_matches(matcher(), one(required("fieldB").mark_beta()));
}

#[test]
fn test_mixed_levels() {
    let st = |mode: &str, a, b| MixedLevels {
        mode: mode.into(),
        a,
        b,
        ..Default::default()
    };
    value(st("A", s("val"), None)).expect_valid();
    value(st("B", None, s("val"))).expect_valid();
    // Mode A, missing a: alpha (a is alpha-gated).
    value(st("A", None, None)).expect_matches(matcher(), one(required("a").mark_alpha()));
    // Mode B, missing b: beta (b is beta-gated).
    value(st("B", None, None)).expect_matches(matcher(), one(required("b").mark_beta()));
    // Mode A with b set (forbidden): beta.
    value(st("A", s("val"), s("val"))).expect_matches(matcher(), one(forbidden("b").mark_beta()));
    // Mode B with a set (forbidden): alpha.
    value(st("B", s("val"), s("val"))).expect_matches(matcher(), one(forbidden("a").mark_alpha()));
}

#[test]
fn test_cross_levels() {
    let st = |kind: &str, a, b| CrossLevels {
        kind: kind.into(),
        a,
        b,
        ..Default::default()
    };
    value(st("A", s("val"), None)).expect_valid();
    value(st("B", None, s("val"))).expect_valid();
    // Kind A, missing a: alpha (a is alpha-gated, the discriminator beta).
    value(st("A", None, None)).expect_matches(matcher(), one(required("a").mark_alpha()));
    // Kind B, missing b: alpha.
    value(st("B", None, None)).expect_matches(matcher(), one(required("b").mark_alpha()));
    // Kind A with b set (forbidden): alpha (b's member tag is alpha).
    value(st("A", s("val"), s("val"))).expect_matches(matcher(), one(forbidden("b").mark_alpha()));
}

#[test]
fn test_same_field_mixed() {
    let st = |mode: &str, v| SameFieldMixed {
        mode: mode.into(),
        value: v,
        ..Default::default()
    };
    value(st("A", s("val"))).expect_valid();
    value(st("B", s("val"))).expect_valid();
    // Mode A, missing value: alpha (member "A" is alpha-gated).
    value(st("A", None)).expect_matches(matcher(), one(required("value").mark_alpha()));
    // Mode B, missing value: beta (member "B" is beta-gated).
    value(st("B", None)).expect_matches(matcher(), one(required("value").mark_beta()));
}

/// Multiple payload validations on the same discriminator value can have
/// different stability levels.
#[test]
fn test_same_value_mixed_payloads() {
    let st = |mode: &str, v| SameValueMixedPayloads {
        mode: mode.into(),
        value: v,
        ..Default::default()
    };
    // Mode A with a value long enough.
    value(st("A", s("abc"))).expect_valid();
    // Mode A, missing value: alpha (required is alpha-gated).
    value(st("A", None)).expect_matches(matcher(), one(required("value").mark_alpha()));
    // Mode A, value too short: beta (minLength is beta-gated).
    value(st("A", s("ab"))).expect_matches(
        matcher(),
        one(Error::too_short(&path("value"), BadValue::from(""), 3).mark_beta()),
    );
}
