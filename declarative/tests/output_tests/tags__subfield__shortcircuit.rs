//! Port of validation-gen's `output_tests/tags/subfield/shortcircuit`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a `+k8s:subfield` validation inherits the short-circuiting validations
//! of the subfield's own tags (required, optional, forbidden, immutable,
//! update, maxItems, maxProperties), unless the field or its type is
//! `+k8s:opaqueType`.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{BadValue, Error, ErrorList, ErrorMatcher};
use std::collections::BTreeMap;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct TargetWithRequired {
    /// +k8s:required
    value: Option<String>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct TargetWithImmutable {
    /// +k8s:immutable
    value: String,
    other: String,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ParentWithRequired {
    type_meta: i32,
    /// +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithRequired.Field.Value"
    field: TargetWithRequired,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ParentWithImmutable {
    type_meta: i32,
    /// +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithImmutable.Field.Value"
    field: TargetWithImmutable,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ParentWithOpaqueField {
    type_meta: i32,
    /// +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithOpaqueField.Field.Value"
    /// +k8s:opaqueType
    field: TargetWithRequired,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ParentWithOpaqueImmutableField {
    type_meta: i32,
    /// +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithOpaqueImmutableField.Field.Value"
    /// +k8s:opaqueType
    field: TargetWithImmutable,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ParentWithAlphaOpaqueField {
    type_meta: i32,
    /// +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithAlphaOpaqueField.Field.Value"
    /// +k8s:alpha=+k8s:opaqueType
    field: TargetWithRequired,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ParentWithAlphaOpaqueImmutableField {
    type_meta: i32,
    /// +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithAlphaOpaqueImmutableField.Field.Value"
    /// +k8s:alpha=+k8s:opaqueType
    field: TargetWithImmutable,
}

/// Go's `type AliasOpaqueTargetWithRequired TargetWithRequired` with
/// `+k8s:opaqueType`: a struct of the same fields (and field tags).
/// +k8s:validation-gen-nolint
/// +k8s:opaqueType
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct AliasOpaqueTargetWithRequired {
    /// +k8s:required
    value: Option<String>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ParentWithOpaqueAlias {
    type_meta: i32,
    /// +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithOpaqueAlias.Field.Value"
    field: AliasOpaqueTargetWithRequired,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ParentWithPointerOpaqueAlias {
    type_meta: i32,
    /// +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithPointerOpaqueAlias.Field.Value"
    field: Option<AliasOpaqueTargetWithRequired>,
}

/// Go's `type AliasOpaqueTargetWithImmutable TargetWithImmutable` with
/// `+k8s:opaqueType`: a struct of the same fields (and field tags).
/// +k8s:validation-gen-nolint
/// +k8s:opaqueType
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct AliasOpaqueTargetWithImmutable {
    /// +k8s:immutable
    value: String,
    other: String,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ParentWithOpaqueImmutableAlias {
    type_meta: i32,
    /// +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithOpaqueImmutableAlias.Field.Value"
    field: AliasOpaqueTargetWithImmutable,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ParentWithMultipleShortCircuit {
    type_meta: i32,
    /// +k8s:required
    /// +k8s:subfield(value)=+k8s:immutable
    /// +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithMultipleShortCircuit.Field.Value"
    field: Option<TargetWithRequired>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct TargetWithOptional {
    /// +k8s:optional
    value: Option<String>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ParentWithOptional {
    type_meta: i32,
    /// +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithOptional.Field.Value"
    field: TargetWithOptional,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ParentWithSubfieldRequiredAndChildOptional {
    type_meta: i32,
    /// +k8s:subfield(value)=+k8s:required
    /// +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithSubfieldRequiredAndChildOptional.Field.Value"
    field: TargetWithOptional,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct TargetWithForbidden {
    /// +k8s:forbidden
    value: Option<String>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ParentWithForbidden {
    type_meta: i32,
    /// +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithForbidden.Field.Value"
    field: TargetWithForbidden,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct TargetWithUpdate {
    /// +k8s:update=NoModify
    value: String,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ParentWithUpdate {
    type_meta: i32,
    /// +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithUpdate.Field.Value"
    field: TargetWithUpdate,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct TargetWithMaxItems {
    /// +k8s:maxItems=2
    value: Vec<String>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ParentWithMaxItems {
    type_meta: i32,
    /// +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithMaxItems.Field.Value"
    field: TargetWithMaxItems,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct TargetWithMaxProperties {
    /// +k8s:maxProperties=2
    value: BTreeMap<String, String>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ParentWithMaxProperties {
    type_meta: i32,
    /// +k8s:subfield(value)=+k8s:validateFalse="subfield ParentWithMaxProperties.Field.Value"
    field: TargetWithMaxProperties,
}

fn matcher() -> ErrorMatcher {
    ErrorMatcher::default()
        .by_type()
        .by_field()
        .by_origin()
        .by_detail_exact()
        .match_short_circuit()
}

/// The `validateFalse` failure at `field.value`.
fn forced(name: &str) -> ErrorList {
    ErrorList(vec![
        Error::invalid(
            &path("field").child("value"),
            BadValue::Omitted,
            format!("forced failure: subfield {name}.Field.Value"),
        )
        .with_origin("validateFalse"),
    ])
}

fn required_value() -> ErrorList {
    ErrorList(vec![Error::required(&path("field").child("value"), "")]).mark_short_circuit()
}

fn immutable_value(v: &str) -> Error {
    Error::invalid(&path("field").child("value"), v, "field is immutable").with_origin("immutable")
}

fn s(v: &str) -> Option<String> {
    Some(v.to_string())
}

#[test]
fn test_required_short_circuit() {
    // Required field is nil: short-circuits.
    value(ParentWithRequired {
        field: TargetWithRequired { value: None },
        ..Default::default()
    })
    .expect_matches(matcher(), required_value());

    // Required field is provided: the subfield validation runs.
    value(ParentWithRequired {
        field: TargetWithRequired { value: s("") },
        ..Default::default()
    })
    .expect_matches(matcher(), forced("ParentWithRequired"));

    // opaqueType on the field: the required check is not inherited.
    value(ParentWithOpaqueField {
        field: TargetWithRequired { value: None },
        ..Default::default()
    })
    .expect_matches(matcher(), forced("ParentWithOpaqueField"));

    // Alpha opaqueType on the field: the required check is not inherited.
    value(ParentWithAlphaOpaqueField {
        field: TargetWithRequired { value: None },
        ..Default::default()
    })
    .expect_matches(matcher(), forced("ParentWithAlphaOpaqueField"));

    // opaqueType on the alias: the required check is not inherited.
    value(ParentWithOpaqueAlias {
        field: AliasOpaqueTargetWithRequired { value: None },
        ..Default::default()
    })
    .expect_matches(matcher(), forced("ParentWithOpaqueAlias"));

    // opaqueType on a pointer alias: the required check is not inherited.
    value(ParentWithPointerOpaqueAlias {
        field: Some(AliasOpaqueTargetWithRequired { value: None }),
        ..Default::default()
    })
    .expect_matches(matcher(), forced("ParentWithPointerOpaqueAlias"));
}

#[test]
fn test_immutable_short_circuit() {
    let imm = |v: &str| TargetWithImmutable {
        value: v.into(),
        ..Default::default()
    };
    // Immutable field changed on update: short-circuits.
    value(ParentWithImmutable {
        field: imm("new"),
        ..Default::default()
    })
    .old_value(ParentWithImmutable {
        field: imm("old"),
        ..Default::default()
    })
    .expect_matches(
        matcher(),
        ErrorList(vec![immutable_value("new")]).mark_short_circuit(),
    );

    // Immutable field not validated on create: the subfield validation runs.
    value(ParentWithImmutable {
        field: imm("new"),
        ..Default::default()
    })
    .expect_matches(matcher(), forced("ParentWithImmutable"));

    // opaqueType on the field: the immutable check is not inherited.
    value(ParentWithOpaqueImmutableField {
        field: imm("new"),
        ..Default::default()
    })
    .old_value(ParentWithOpaqueImmutableField {
        field: imm("old"),
        ..Default::default()
    })
    .expect_matches(matcher(), forced("ParentWithOpaqueImmutableField"));

    // Alpha opaqueType on the field: the immutable check is not inherited.
    value(ParentWithAlphaOpaqueImmutableField {
        field: imm("new"),
        ..Default::default()
    })
    .old_value(ParentWithAlphaOpaqueImmutableField {
        field: imm("old"),
        ..Default::default()
    })
    .expect_matches(matcher(), forced("ParentWithAlphaOpaqueImmutableField"));

    // opaqueType on the alias: the immutable check is not inherited.
    let alias = |v: &str| AliasOpaqueTargetWithImmutable {
        value: v.into(),
        ..Default::default()
    };
    value(ParentWithOpaqueImmutableAlias {
        field: alias("new"),
        ..Default::default()
    })
    .old_value(ParentWithOpaqueImmutableAlias {
        field: alias("old"),
        ..Default::default()
    })
    .expect_matches(matcher(), forced("ParentWithOpaqueImmutableAlias"));
}

#[test]
fn test_multiple_short_circuit() {
    let st = |v: Option<Option<String>>| ParentWithMultipleShortCircuit {
        field: v.map(|value| TargetWithRequired { value }),
        ..Default::default()
    };
    // Required field is nil: short-circuits at the field level.
    value(st(None)).expect_matches(
        matcher(),
        ErrorList(vec![Error::required(&path("field"), "")]).mark_short_circuit(),
    );

    // Immutable subfield changed on update: short-circuits at the subfield.
    value(st(Some(s("new"))))
        .old_value(st(Some(s("old"))))
        .expect_matches(
            matcher(),
            ErrorList(vec![immutable_value("new")]).mark_short_circuit(),
        );

    // Immutable subfield changed to nil on update: the subfield's immutable
    // runs before the inherited required.
    value(st(Some(None)))
        .old_value(st(Some(s("old"))))
        .expect_matches(
            matcher(),
            ErrorList(vec![
                Error::invalid(
                    &path("field").child("value"),
                    BadValue::Omitted,
                    "field is immutable",
                )
                .with_origin("immutable"),
                Error::required(&path("field").child("value"), ""),
            ])
            .mark_short_circuit(),
        );

    // Field is not nil: the subfield validation runs on create.
    value(st(Some(s("val")))).expect_matches(matcher(), forced("ParentWithMultipleShortCircuit"));
}

#[test]
fn test_other_short_circuits() {
    // +k8s:optional: a nil field short-circuits.
    value(ParentWithOptional {
        field: TargetWithOptional { value: None },
        ..Default::default()
    })
    .expect_matches(matcher(), ErrorList(vec![]));
    // Provided: the subfield validation runs.
    value(ParentWithOptional {
        field: TargetWithOptional { value: s("") },
        ..Default::default()
    })
    .expect_matches(matcher(), forced("ParentWithOptional"));

    // +k8s:required on the subfield, +k8s:optional on the child: a nil
    // value fails required and short-circuits.
    value(ParentWithSubfieldRequiredAndChildOptional {
        field: TargetWithOptional { value: None },
        ..Default::default()
    })
    .expect_matches(matcher(), required_value());
    // Provided: the non-short-circuit validation runs.
    value(ParentWithSubfieldRequiredAndChildOptional {
        field: TargetWithOptional { value: s("val") },
        ..Default::default()
    })
    .expect_matches(
        matcher(),
        forced("ParentWithSubfieldRequiredAndChildOptional"),
    );

    // +k8s:forbidden: a nil field short-circuits.
    value(ParentWithForbidden {
        field: TargetWithForbidden { value: None },
        ..Default::default()
    })
    .expect_matches(matcher(), ErrorList(vec![]));
    // Provided: fails forbidden and short-circuits.
    value(ParentWithForbidden {
        field: TargetWithForbidden { value: s("") },
        ..Default::default()
    })
    .expect_matches(
        matcher(),
        ErrorList(vec![Error::forbidden(&path("field").child("value"), "")]).mark_short_circuit(),
    );

    // +k8s:update on create: the subfield validation runs.
    let upd = |v: &str| ParentWithUpdate {
        field: TargetWithUpdate { value: v.into() },
        ..Default::default()
    };
    value(upd("any")).expect_matches(matcher(), forced("ParentWithUpdate"));
    // Modified on update: fails update and short-circuits.
    value(upd("new")).old_value(upd("old")).expect_matches(
        matcher(),
        ErrorList(vec![
            Error::invalid(
                &path("field").child("value"),
                "new",
                "field cannot be modified once set",
            )
            .with_origin("update"),
        ])
        .mark_short_circuit(),
    );

    // +k8s:maxItems within the limit: the subfield validation runs.
    let items = |v: &[&str]| ParentWithMaxItems {
        field: TargetWithMaxItems {
            value: v.iter().map(|s| s.to_string()).collect(),
        },
        ..Default::default()
    };
    value(items(&["a", "b"])).expect_matches(matcher(), forced("ParentWithMaxItems"));
    // Exceeding it: fails maxItems and short-circuits.
    value(items(&["a", "b", "c"])).expect_matches(
        matcher(),
        ErrorList(vec![
            Error::too_many(&path("field").child("value"), 3, 2).with_origin("maxItems"),
        ])
        .mark_short_circuit(),
    );

    // +k8s:maxProperties within the limit: the subfield validation runs.
    let props = |v: &[(&str, &str)]| ParentWithMaxProperties {
        field: TargetWithMaxProperties {
            value: v
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
        },
        ..Default::default()
    };
    value(props(&[("a", "1"), ("b", "2")]))
        .expect_matches(matcher(), forced("ParentWithMaxProperties"));
    // Exceeding it: fails maxProperties and short-circuits.
    value(props(&[("a", "1"), ("b", "2"), ("c", "3")])).expect_matches(
        matcher(),
        ErrorList(vec![
            Error::too_many(&path("field").child("value"), 3, 2).with_origin("maxProperties"),
        ])
        .mark_short_circuit(),
    );
}
