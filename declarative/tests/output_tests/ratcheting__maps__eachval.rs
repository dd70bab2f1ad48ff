//! Port of `cmd/validation-gen/output_tests/ratcheting/maps/eachval`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};
use std::collections::BTreeMap;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct StructWithMaps {
    /// +k8s:eachVal=+k8s:validateFalse="field MapTest.MapPrimitiveField[*]"
    #[serde(rename = "mapPrimitiveField")]
    map_primitive_field: BTreeMap<String, String>,
    /// +k8s:eachVal=+k8s:validateFalse="field MapTest.MapTypedefField[*]"
    #[serde(rename = "mapTypedefField")]
    map_typedef_field: BTreeMap<String, StringType>,
    /// +k8s:eachVal=+k8s:validateFalse="field MapTest.MapComparableStructField[*]"
    #[serde(rename = "mapComparableStructField")]
    map_comparable_struct_field: BTreeMap<String, ComparableStruct>,
    /// +k8s:eachVal=+k8s:validateFalse="field MapTest.MapNonComparableStructField[*]"
    #[serde(rename = "mapNonComparableStructField")]
    map_non_comparable_struct_field: BTreeMap<String, NonComparableStruct>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct StringType(String);

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct ComparableStruct {
    #[serde(rename = "intField")]
    int_field: i64,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct NonComparableStruct {
    #[serde(rename = "intPtrField")]
    int_ptr_field: Option<i64>,
}

#[test]
fn test_struct_with_maps() {
    let mk = || StructWithMaps {
        map_primitive_field: [("x".to_string(), "y".to_string())].into(),
        map_typedef_field: [("x".to_string(), StringType("y".into()))].into(),
        map_comparable_struct_field: [("x".to_string(), ComparableStruct { int_field: 1 })].into(),
        map_non_comparable_struct_field: [(
            "x".to_string(),
            NonComparableStruct {
                int_ptr_field: Some(1),
            },
        )]
        .into(),
    };
    value(mk()).expect_matches(
        ErrorMatcher::default().by_type().by_field(),
        ErrorList(vec![
            Error::invalid(&path("mapPrimitiveField[x]"), "y", ""),
            Error::invalid(&path("mapTypedefField[x]"), "y", ""),
            Error::invalid(&path("mapComparableStructField[x]"), "", ""),
            Error::invalid(&path("mapNonComparableStructField[x]"), "", ""),
        ]),
    );
    value(mk()).old_value(mk()).expect_valid();
}
