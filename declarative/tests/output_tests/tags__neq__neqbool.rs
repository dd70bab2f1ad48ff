//! Port of `cmd/validation-gen/output_tests/tags/neq/neqbool`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{by_type_field_origin, path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList};
use serde_json::Value;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:neq=true
    #[serde(rename = "neqTrueField")]
    neq_true_field: bool,
    /// +k8s:neq=false
    #[serde(rename = "neqFalsePtrField")]
    neq_false_ptr_field: Option<bool>,
    #[serde(rename = "validatedTypedefField")]
    validated_typedef_field: ValidatedBoolType,
}

/// +k8s:neq=true
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct ValidatedBoolType(bool);

#[test]
fn test() {
    value(Struct {
        neq_true_field: false,
        neq_false_ptr_field: Some(true),
        validated_typedef_field: ValidatedBoolType(false),
    })
    .expect_valid();
    value(Struct::default()).expect_valid();
    let invalid = Struct {
        neq_true_field: true,
        neq_false_ptr_field: Some(false),
        validated_typedef_field: ValidatedBoolType(true),
    };
    value(invalid.clone()).expect_matches(
        by_type_field_origin(),
        ErrorList(
            ["neqTrueField", "neqFalsePtrField", "validatedTypedefField"]
                .into_iter()
                .map(|f| Error::invalid(&path(f), Value::Null, "").with_origin("neq"))
                .collect(),
        ),
    );
    // Ratcheting.
    value(invalid.clone()).old_value(invalid).expect_valid();
}
