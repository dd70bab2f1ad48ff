//! Port of `cmd/validation-gen/output_tests/tags/maximum`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};
use serde_json::Value;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:maximum=1
    #[serde(rename = "intField")]
    int_field: i64,
    /// +k8s:maximum=1
    #[serde(rename = "intPtrField")]
    int_ptr_field: Option<i64>,
    // Go skips int8 (gengo turns it into byte).
    /// +k8s:maximum=1
    #[serde(rename = "int16Field")]
    int16_field: i16,
    /// +k8s:maximum=1
    #[serde(rename = "int32Field")]
    int32_field: i32,
    /// +k8s:maximum=1
    #[serde(rename = "int64Field")]
    int64_field: i64,
    /// +k8s:maximum=1
    #[serde(rename = "uintField")]
    uint_field: u64,
    /// +k8s:maximum=1
    #[serde(rename = "uintPtrField")]
    uint_ptr_field: Option<u64>,
    /// +k8s:maximum=1
    #[serde(rename = "uint16Field")]
    uint16_field: u16,
    /// +k8s:maximum=1
    #[serde(rename = "uint32Field")]
    uint32_field: u32,
    /// +k8s:maximum=1
    #[serde(rename = "uint64Field")]
    uint64_field: u64,
    #[serde(rename = "typedefField")]
    typedef_field: IntType,
    #[serde(rename = "typedefPtrField")]
    typedef_ptr_field: Option<IntType>,
}

/// +k8s:maximum=1
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct IntType(i64);

fn all(v: u16) -> Struct {
    Struct {
        int_field: v.into(),
        int_ptr_field: Some(v.into()),
        int16_field: v as i16,
        int32_field: v.into(),
        int64_field: v.into(),
        uint_field: v.into(),
        uint_ptr_field: Some(v.into()),
        uint16_field: v,
        uint32_field: v.into(),
        uint64_field: v.into(),
        typedef_field: IntType(v.into()),
        typedef_ptr_field: Some(IntType(v.into())),
    }
}

#[test]
fn test() {
    // Invalid values (greater than maximum=1).
    value(all(2)).expect_matches(
        ErrorMatcher::default()
            .by_type()
            .by_field()
            .by_detail_substring(),
        ErrorList(
            [
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
            ]
            .into_iter()
            .map(|f| Error::invalid(&path(f), Value::Null, ""))
            .collect(),
        ),
    );
    // Ratcheting.
    value(all(2)).old_value(all(2)).expect_valid();
    value(all(1)).expect_valid();
}
