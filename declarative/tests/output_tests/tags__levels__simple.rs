//! Port of validation-gen's `output_tests/tags/levels/simple`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:alpha` / `+k8s:beta` around single validations.

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

    /// +k8s:alpha=+k8s:minimum=10
    int_field: i64,

    /// +k8s:beta=+k8s:minimum=10
    int_field_beta: i64,

    /// +k8s:alpha=+k8s:maxLength=5
    string_field: String,

    /// +k8s:beta=+k8s:maxLength=5
    string_field_beta: String,

    /// +k8s:alpha=+k8s:maxItems=2
    slice_field: Vec<String>,

    /// +k8s:beta=+k8s:maxItems=2
    slice_field_beta: Vec<String>,

    /// +k8s:alpha=+k8s:format=k8s-uuid
    #[serde(rename = "uuidField")]
    uuid_field: String,

    /// +k8s:beta=+k8s:format=k8s-uuid
    #[serde(rename = "uuidFieldBeta")]
    uuid_field_beta: String,

    /// +k8s:alpha=+k8s:immutable
    immutable_field: String,

    /// +k8s:beta=+k8s:immutable
    immutable_field_beta: String,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct SpecialValidationStruct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:alpha=+k8s:neq=5
    #[serde(rename = "neqField")]
    neq_field: i64,

    /// +k8s:beta=+k8s:neq=5
    #[serde(rename = "neqFieldBeta")]
    neq_field_beta: i64,

    /// +k8s:alpha=+k8s:forbidden
    forbidden_field: Option<String>,

    /// +k8s:beta=+k8s:forbidden
    forbidden_field_beta: Option<String>,

    /// +k8s:alpha=+k8s:update=NoModify
    update_field: String,

    /// +k8s:beta=+k8s:update=NoModify
    update_field_beta: String,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct StructWithValidateFalse {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:alpha=+k8s:validateFalse="always fails"
    validate_false: Option<String>,

    /// +k8s:beta=+k8s:validateFalse="always fails"
    validate_false_beta: Option<String>,
}

const UUID: &str = "a0a2a2d2-0b87-4964-a123-78d00a8787a6";

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn valid() -> Struct {
    Struct {
        int_field: 10,
        string_field: "abc".into(),
        slice_field: strs(&["a", "b"]),
        uuid_field: UUID.into(),
        immutable_field: "foo".into(),
        int_field_beta: 10,
        string_field_beta: "abc".into(),
        slice_field_beta: strs(&["a", "b"]),
        uuid_field_beta: UUID.into(),
        immutable_field_beta: "foo".into(),
        ..Default::default()
    }
}

fn old() -> Struct {
    Struct {
        immutable_field: "foo".into(),
        immutable_field_beta: "foo".into(),
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

/// The errors of the five validations on the fields `<name><suffix>`.
fn failures(suffix: &str) -> Vec<Error> {
    let p = |name: &str| format!("{name}{suffix}");
    vec![
        Error::invalid(&path(&p("intField")), 5, "").with_origin("minimum"),
        Error::too_long(&path(&p("stringField")), 5).with_origin("maxLength"),
        Error::too_many(&path(&p("sliceField")), 3, 2).with_origin("maxItems"),
        Error::invalid(&path(&p("uuidField")), "not-a-uuid", "").with_origin("format=k8s-uuid"),
        Error::invalid(&path(&p("immutableField")), "bar", "").with_origin("immutable"),
    ]
}

#[test]
fn test_alpha() {
    value(valid()).expect_valid();

    // Failures marked as alpha.
    value(Struct {
        int_field: 5,
        string_field: "too-long".into(),
        slice_field: strs(&["a", "b", "c"]),
        uuid_field: "not-a-uuid".into(),
        immutable_field: "bar".into(),
        ..valid()
    })
    .old_value(old())
    .expect_matches(
        matcher(),
        failures("").into_iter().map(Error::mark_alpha).collect(),
    );
}

#[test]
fn test_beta() {
    value(valid()).expect_valid();

    // Failures marked as beta.
    value(Struct {
        int_field_beta: 5,
        string_field_beta: "too-long".into(),
        slice_field_beta: strs(&["a", "b", "c"]),
        uuid_field_beta: "not-a-uuid".into(),
        immutable_field_beta: "bar".into(),
        ..valid()
    })
    .old_value(old())
    .expect_matches(
        matcher(),
        failures("Beta").into_iter().map(Error::mark_beta).collect(),
    );
}

#[test]
fn test_special_validation_struct() {
    value(SpecialValidationStruct {
        neq_field: 10,
        neq_field_beta: 10,
        ..Default::default()
    })
    .expect_valid();

    value(SpecialValidationStruct {
        neq_field: 5,
        neq_field_beta: 5,
        forbidden_field: Some("val".into()),
        forbidden_field_beta: Some("val".into()),
        update_field: "new".into(),
        update_field_beta: "new".into(),
        ..Default::default()
    })
    .old_value(SpecialValidationStruct {
        update_field: "old".into(),
        update_field_beta: "old".into(),
        ..Default::default()
    })
    .expect_matches(
        matcher(),
        ErrorList(vec![
            Error::invalid(&path("neqField"), 5, "must not be 5")
                .with_origin("neq")
                .mark_alpha(),
            Error::invalid(&path("neqFieldBeta"), 5, "must not be 5")
                .with_origin("neq")
                .mark_beta(),
            Error::forbidden(&path("forbiddenField"), "").mark_alpha(),
            Error::forbidden(&path("forbiddenFieldBeta"), "").mark_beta(),
            Error::invalid(
                &path("updateField"),
                "new",
                "field cannot be modified once set",
            )
            .with_origin("update")
            .mark_alpha(),
            Error::invalid(
                &path("updateFieldBeta"),
                "new",
                "field cannot be modified once set",
            )
            .with_origin("update")
            .mark_beta(),
        ]),
    );

    value(StructWithValidateFalse {
        validate_false: Some("val".into()),
        validate_false_beta: Some("val".into()),
        ..Default::default()
    })
    .expect_matches(
        ErrorMatcher::default()
            .by_type()
            .by_field()
            .by_validation_stability_level(),
        ErrorList(vec![
            Error::invalid(&path("validateFalse"), "val", "always fails").mark_alpha(),
            Error::invalid(&path("validateFalseBeta"), "val", "always fails").mark_beta(),
        ]),
    );
}
