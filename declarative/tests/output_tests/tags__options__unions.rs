//! Port of validation-gen's `output_tests/tags/options/unions`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:ifEnabled` / `+k8s:ifDisabled` around union discriminators and
//! members, zero-or-one-of members and item-selected members.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{by_type_field_origin, path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Struct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    union_field: Union,
    union_field_disabled: UnionDisabled,

    zero_or_one_of_field: ZeroOrOneOf,
    zero_or_one_of_field_disabled: ZeroOrOneOfDisabled,

    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:ifEnabled(FeatureX)=+k8s:item(name: "succeeded")=+k8s:zeroOrOneOfMember
    /// +k8s:ifEnabled(FeatureX)=+k8s:item(name: "failed")=+k8s:zeroOrOneOfMember
    zero_or_one_of_item: Vec<Task>,

    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:ifDisabled(FeatureX)=+k8s:item(name: "succeeded")=+k8s:zeroOrOneOfMember
    /// +k8s:ifDisabled(FeatureX)=+k8s:item(name: "failed")=+k8s:zeroOrOneOfMember
    zero_or_one_of_item_disabled: Vec<Task>,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct Task {
    name: String,
    state: String,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Union {
    /// +k8s:ifEnabled(FeatureX)=+k8s:unionDiscriminator
    discriminator: String,

    /// +k8s:ifEnabled(FeatureX)=+k8s:unionMember
    x_enabled_field: String,

    /// +k8s:ifEnabled(FeatureX)=+k8s:unionMember
    x_disabled_field: String,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct UnionDisabled {
    /// +k8s:ifDisabled(FeatureX)=+k8s:unionDiscriminator
    discriminator: String,

    /// +k8s:ifDisabled(FeatureX)=+k8s:unionMember
    x_enabled_field: String,

    /// +k8s:ifDisabled(FeatureX)=+k8s:unionMember
    x_disabled_field: String,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ZeroOrOneOf {
    /// +k8s:ifEnabled(FeatureX)=+k8s:zeroOrOneOfMember
    x_enabled_field: String,

    /// +k8s:ifEnabled(FeatureX)=+k8s:zeroOrOneOfMember
    x_disabled_field: String,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ZeroOrOneOfDisabled {
    /// +k8s:ifDisabled(FeatureX)=+k8s:zeroOrOneOfMember
    x_enabled_field: String,

    /// +k8s:ifDisabled(FeatureX)=+k8s:zeroOrOneOfMember
    x_disabled_field: String,
}

fn tasks() -> Vec<Task> {
    ["succeeded", "failed"]
        .iter()
        .map(|n| Task {
            name: n.to_string(),
            ..Default::default()
        })
        .collect()
}

/// The enabled-side fields set invalidly (the discriminator names
/// xEnabledField while xDisabledField is set too).
fn enabled_side() -> Struct {
    Struct {
        union_field: Union {
            discriminator: "xEnabledField".into(),
            x_enabled_field: "foo".into(),
            x_disabled_field: "bar".into(),
        },
        zero_or_one_of_field: ZeroOrOneOf {
            x_enabled_field: "foo".into(),
            x_disabled_field: "bar".into(),
        },
        zero_or_one_of_item: tasks(),
        ..Default::default()
    }
}

/// The disabled-side fields set the same way.
fn disabled_side() -> Struct {
    Struct {
        union_field_disabled: UnionDisabled {
            discriminator: "xEnabledField".into(),
            x_enabled_field: "foo".into(),
            x_disabled_field: "bar".into(),
        },
        zero_or_one_of_field_disabled: ZeroOrOneOfDisabled {
            x_enabled_field: "foo".into(),
            x_disabled_field: "bar".into(),
        },
        zero_or_one_of_item_disabled: tasks(),
        ..Default::default()
    }
}

fn errors(suffix: &str) -> ErrorList {
    let union = format!("unionField{suffix}");
    ErrorList(vec![
        Error::invalid(&path(&union).child("xDisabledField"), "", "").with_origin("union"),
        Error::invalid(&path(&union).child("xEnabledField"), "", "").with_origin("union"),
        Error::invalid(&path(&format!("zeroOrOneOfField{suffix}")), "", "")
            .with_origin("zeroOrOneOf"),
        Error::invalid(&path(&format!("zeroOrOneOfItem{suffix}")), "", "")
            .with_origin("zeroOrOneOf"),
    ])
}

#[test]
fn test() {
    // All zero values.
    value(Struct::default())
        .opts(&[("FeatureX", false)])
        .expect_valid();

    value(enabled_side())
        .opts(&[("FeatureX", true)])
        .expect_matches(by_type_field_origin(), errors(""));

    value(enabled_side())
        .opts(&[("FeatureX", false)])
        .expect_valid();

    value(disabled_side())
        .opts(&[("FeatureX", false)])
        .expect_matches(by_type_field_origin(), errors("Disabled"));

    value(disabled_side())
        .opts(&[("FeatureX", true)])
        .expect_valid();
}
