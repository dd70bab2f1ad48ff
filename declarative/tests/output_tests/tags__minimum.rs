//! Port of `cmd/validation-gen/output_tests/tags/minimum`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};
use serde_json::Value;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct BasicStruct {
    /// +k8s:minimum=1
    #[serde(rename = "intField")]
    int_field: i64,
    /// +k8s:minimum=1
    #[serde(rename = "intPtrField")]
    int_ptr_field: Option<i64>,
    // Go skips int8 (gengo turns it into byte).
    /// +k8s:minimum=1
    #[serde(rename = "int16Field")]
    int16_field: i16,
    /// +k8s:minimum=1
    #[serde(rename = "int32Field")]
    int32_field: i32,
    /// +k8s:minimum=1
    #[serde(rename = "int64Field")]
    int64_field: i64,
    /// +k8s:minimum=1
    #[serde(rename = "uintField")]
    uint_field: u64,
    /// +k8s:minimum=1
    #[serde(rename = "uintPtrField")]
    uint_ptr_field: Option<u64>,
    /// +k8s:minimum=1
    #[serde(rename = "uint16Field")]
    uint16_field: u16,
    /// +k8s:minimum=1
    #[serde(rename = "uint32Field")]
    uint32_field: u32,
    /// +k8s:minimum=1
    #[serde(rename = "uint64Field")]
    uint64_field: u64,
    #[serde(rename = "typedefField")]
    typedef_field: IntType,
    #[serde(rename = "typedefPtrField")]
    typedef_ptr_field: Option<IntType>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct OptionalStruct {
    /// +k8s:optional
    /// +k8s:minimum=1
    #[serde(rename = "optionalIntField")]
    optional_int_field: i64,
    /// +k8s:optional
    /// +k8s:minimum=1
    #[serde(rename = "optionalIntPtrField")]
    optional_int_ptr_field: Option<i64>,
    /// +k8s:optional
    #[serde(rename = "optionalTypedefField")]
    optional_typedef_field: IntType,
    /// +k8s:optional
    #[serde(rename = "optionalTypedefPtrField")]
    optional_typedef_ptr_field: Option<IntType>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct RequiredStruct {
    /// +k8s:required
    /// +k8s:minimum=1
    #[serde(rename = "requiredIntField")]
    required_int_field: i64,
    /// +k8s:required
    /// +k8s:minimum=1
    #[serde(rename = "requiredIntPtrField")]
    required_int_ptr_field: Option<i64>,
    /// +k8s:required
    #[serde(rename = "requiredTypedefField")]
    required_typedef_field: IntType,
    /// +k8s:required
    #[serde(rename = "requiredTypedefPtrField")]
    required_typedef_ptr_field: Option<IntType>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct NegativeMinimumStruct {
    /// +k8s:minimum=-10
    #[serde(rename = "negativeMinimumField")]
    negative_minimum_field: i64,
    /// +k8s:minimum=-10
    #[serde(rename = "negativeMinimumPtrField")]
    negative_minimum_ptr_field: Option<i64>,
    /// +k8s:optional
    /// +k8s:minimum=-10
    #[serde(rename = "optionalNegativeMinimumField")]
    optional_negative_minimum_field: i64,
    /// +k8s:optional
    /// +k8s:minimum=-10
    #[serde(rename = "optionalNegativeMinimumPtrField")]
    optional_negative_minimum_ptr_field: Option<i64>,
    /// +k8s:required
    /// +k8s:minimum=-10
    #[serde(rename = "requiredNegativeMinimumField")]
    required_negative_minimum_field: i64,
    /// +k8s:required
    /// +k8s:minimum=-10
    #[serde(rename = "requiredNegativeMinimumPtrField")]
    required_negative_minimum_ptr_field: Option<i64>,
}

/// +k8s:minimum=1
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct IntType(i64);

fn matcher() -> ErrorMatcher {
    ErrorMatcher::default()
        .by_type()
        .by_field()
        .by_detail_substring()
        .by_origin()
}

fn min(field: &str) -> Error {
    Error::invalid(&path(field), Value::Null, "").with_origin("minimum")
}

fn req(field: &str) -> Error {
    Error::required(&path(field), "")
}

fn mins(fields: &[&str]) -> ErrorList {
    ErrorList(fields.iter().map(|f| min(f)).collect())
}

fn signed(v: i16) -> BasicStruct {
    BasicStruct {
        int_field: v.into(),
        int_ptr_field: Some(v.into()),
        int16_field: v,
        int32_field: v.into(),
        int64_field: v.into(),
        typedef_field: IntType(v.into()),
        typedef_ptr_field: Some(IntType(v.into())),
        ..Default::default()
    }
}

#[test]
fn test_basic_struct() {
    let zeros = || BasicStruct {
        int_ptr_field: Some(0),
        uint_ptr_field: Some(0),
        typedef_ptr_field: Some(IntType(0)),
        ..Default::default()
    };
    // Zero values are below the minimum of 1.
    value(zeros()).expect_matches(
        matcher(),
        mins(&[
            "intField",
            "intPtrField",
            "int16Field",
            "int32Field",
            "int64Field",
            "uintField",
            "uintPtrField",
            "uint16Field",
            "uint32Field",
            "uint64Field",
            "typedefField",
            "typedefPtrField",
        ]),
    );
    // Ratcheting: unchanged invalid data is allowed.
    value(zeros()).old_value(zeros()).expect_valid();
    // Changed invalid data is still rejected.
    value(signed(-1)).old_value(signed(0)).expect_matches(
        matcher(),
        mins(&[
            "intField",
            "intPtrField",
            "int16Field",
            "int32Field",
            "int64Field",
            "typedefField",
            "typedefPtrField",
        ]),
    );
    // Values meeting the minimum are valid.
    value(BasicStruct {
        uint_field: 1,
        uint_ptr_field: Some(1),
        uint16_field: 1,
        uint32_field: 1,
        uint64_field: 1,
        ..signed(1)
    })
    .expect_valid();
}

fn optional(v: i64) -> OptionalStruct {
    OptionalStruct {
        optional_int_field: v,
        optional_int_ptr_field: Some(v),
        optional_typedef_field: IntType(v),
        optional_typedef_ptr_field: Some(IntType(v)),
    }
}

const OPTIONAL_ALL: &[&str] = &[
    "optionalIntField",
    "optionalIntPtrField",
    "optionalTypedefField",
    "optionalTypedefPtrField",
];

#[test]
fn test_optional_struct() {
    // Explicit zero pointers are still validated.
    value(OptionalStruct {
        optional_int_ptr_field: Some(0),
        optional_typedef_ptr_field: Some(IntType(0)),
        ..Default::default()
    })
    .expect_matches(
        matcher(),
        mins(&["optionalIntPtrField", "optionalTypedefPtrField"]),
    );
    // Omitted optional fields short-circuit minimum.
    value(OptionalStruct::default()).expect_valid();
    // Ratcheting.
    value(optional(-1)).old_value(optional(-1)).expect_valid();
    value(optional(-2))
        .old_value(optional(-1))
        .expect_matches(matcher(), mins(OPTIONAL_ALL));
    value(optional(1)).expect_valid();
    value(optional(-1)).expect_matches(matcher(), mins(OPTIONAL_ALL));
}

fn required(v: i64) -> RequiredStruct {
    RequiredStruct {
        required_int_field: v,
        required_int_ptr_field: Some(v),
        required_typedef_field: IntType(v),
        required_typedef_ptr_field: Some(IntType(v)),
    }
}

const REQUIRED_ALL: &[&str] = &[
    "requiredIntField",
    "requiredIntPtrField",
    "requiredTypedefField",
    "requiredTypedefPtrField",
];

#[test]
fn test_required_struct() {
    // Zero pointers are validated, zero non-pointers are missing.
    value(required(0)).expect_matches(
        matcher(),
        ErrorList(vec![
            req("requiredIntField"),
            min("requiredIntPtrField"),
            req("requiredTypedefField"),
            min("requiredTypedefPtrField"),
        ]),
    );
    // Omitted fields are Required and short-circuit minimum.
    value(RequiredStruct::default()).expect_matches(
        matcher(),
        ErrorList(REQUIRED_ALL.iter().map(|f| req(f)).collect()),
    );
    // Ratcheting.
    value(required(0)).old_value(required(0)).expect_valid();
    value(required(-1))
        .old_value(required(0))
        .expect_matches(matcher(), mins(REQUIRED_ALL));
    value(required(1)).expect_valid();
    value(required(-1)).expect_matches(matcher(), mins(REQUIRED_ALL));
}

fn negative(v: i64) -> NegativeMinimumStruct {
    NegativeMinimumStruct {
        negative_minimum_field: v,
        negative_minimum_ptr_field: Some(v),
        optional_negative_minimum_field: v,
        optional_negative_minimum_ptr_field: Some(v),
        required_negative_minimum_field: v,
        required_negative_minimum_ptr_field: Some(v),
    }
}

const NEGATIVE_ALL: &[&str] = &[
    "negativeMinimumField",
    "negativeMinimumPtrField",
    "optionalNegativeMinimumField",
    "optionalNegativeMinimumPtrField",
    "requiredNegativeMinimumField",
    "requiredNegativeMinimumPtrField",
];

#[test]
fn test_negative_minimum_struct() {
    // Zero values are valid for -10; the zero non-pointer required field is missing.
    value(NegativeMinimumStruct {
        negative_minimum_ptr_field: Some(0),
        optional_negative_minimum_ptr_field: Some(0),
        required_negative_minimum_field: 0,
        required_negative_minimum_ptr_field: Some(0),
        ..Default::default()
    })
    .expect_matches(
        matcher(),
        ErrorList(vec![req("requiredNegativeMinimumField")]),
    );
    value(negative(-10)).expect_valid();
    // Ratcheting.
    value(negative(-11)).old_value(negative(-11)).expect_valid();
    value(negative(-12))
        .old_value(negative(-11))
        .expect_matches(matcher(), mins(NEGATIVE_ALL));
    value(negative(-11)).expect_matches(matcher(), mins(NEGATIVE_ALL));
}
