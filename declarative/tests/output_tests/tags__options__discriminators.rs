//! Port of validation-gen's `output_tests/tags/options/discriminators`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:ifEnabled` / `+k8s:ifDisabled` around `+k8s:modeDiscriminator`
//! and `+k8s:ifMode`.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Struct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    discriminator_field: Discriminator,
    discriminator_field_disabled: DiscriminatorDisabled,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Discriminator {
    /// +k8s:ifEnabled(FeatureZ)=+k8s:modeDiscriminator
    discriminator: String,

    /// +k8s:ifEnabled(FeatureZ)=+k8s:ifMode("A")=+k8s:optional
    field_a: Option<String>,

    /// +k8s:ifEnabled(FeatureZ)=+k8s:ifMode("B")=+k8s:optional
    field_b: Option<String>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct DiscriminatorDisabled {
    /// +k8s:ifDisabled(FeatureZ)=+k8s:modeDiscriminator
    discriminator: String,

    /// +k8s:ifDisabled(FeatureZ)=+k8s:ifMode("A")=+k8s:optional
    field_a: Option<String>,

    /// +k8s:ifDisabled(FeatureZ)=+k8s:ifMode("B")=+k8s:optional
    field_b: Option<String>,
}

fn invalid() -> Struct {
    // fieldB is invalid because the discriminator is A.
    Struct {
        discriminator_field: Discriminator {
            discriminator: "A".into(),
            field_b: Some("invalid".into()),
            ..Default::default()
        },
        discriminator_field_disabled: DiscriminatorDisabled {
            discriminator: "A".into(),
            field_b: Some("invalid".into()),
            ..Default::default()
        },
        ..Default::default()
    }
}

#[test]
fn test() {
    // All zero values.
    value(Struct::default())
        .opts(&[("FeatureZ", false)])
        .expect_valid();

    value(invalid())
        .opts(&[("FeatureZ", false)])
        .expect_matches(
            crate::support::by_type_field_origin(),
            ErrorList(vec![
                Error::forbidden(&path("discriminatorFieldDisabled").child("fieldB"), "")
                    .with_origin(""),
            ]),
        );

    value(invalid()).opts(&[("FeatureZ", true)]).expect_matches(
        crate::support::by_type_field_origin(),
        ErrorList(vec![
            Error::forbidden(&path("discriminatorField").child("fieldB"), "").with_origin(""),
        ]),
    );
}
