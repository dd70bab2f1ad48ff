//! Port of `cmd/validation-gen/output_tests/tags/neq/neqint`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{by_type_field_origin, path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList};
use serde_json::Value;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:neq=0
    #[serde(rename = "intField")]
    int_field: i64,
    /// +k8s:neq=-1
    #[serde(rename = "intPtrField")]
    int_ptr_field: Option<i64>,
    /// +k8s:neq=42
    #[serde(rename = "intTypedefField")]
    #[dv(typedef = "i64")]
    int_typedef_field: IntType,
    #[serde(rename = "validatedTypedefField")]
    validated_typedef_field: ValidatedIntType,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct IntType(i64);

/// +k8s:neq=100
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct ValidatedIntType(i64);

#[test]
fn test() {
    value(Struct {
        int_field: 1,
        int_ptr_field: Some(0),
        int_typedef_field: IntType(41),
        validated_typedef_field: ValidatedIntType(99),
    })
    .expect_valid();
    value(Struct {
        int_field: 1,
        int_ptr_field: None,
        int_typedef_field: IntType(41),
        validated_typedef_field: ValidatedIntType(99),
    })
    .expect_valid();
    let invalid = Struct {
        int_field: 0,
        int_ptr_field: Some(-1),
        int_typedef_field: IntType(42),
        validated_typedef_field: ValidatedIntType(100),
    };
    value(invalid.clone()).expect_matches(
        by_type_field_origin(),
        ErrorList(
            [
                "intField",
                "intPtrField",
                "intTypedefField",
                "validatedTypedefField",
            ]
            .into_iter()
            .map(|f| Error::invalid(&path(f), Value::Null, "").with_origin("neq"))
            .collect(),
        ),
    );
    // Ratcheting.
    value(invalid.clone()).old_value(invalid).expect_valid();
}
