//! Port of validation-gen's `output_tests/tags/subfield/unions`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a discriminated union declared through `+k8s:subfield`.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{by_type_field_origin, path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Struct {
    type_meta: i32,

    /// +k8s:subfield(d)=+k8s:unionDiscriminator
    /// +k8s:subfield(m1)=+k8s:unionMember
    /// +k8s:subfield(m2)=+k8s:unionMember
    subfield: SubStruct,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct SubStruct {
    d: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    m1: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    m2: Option<i64>,
}

fn sub(d: &str, m1: Option<i64>, m2: Option<i64>) -> Struct {
    Struct {
        subfield: SubStruct {
            d: d.into(),
            m1,
            m2,
        },
        ..Default::default()
    }
}

#[test]
fn test_struct_validation() {
    // Valid: d is M1, m1 is set.
    value(sub("M1", Some(1), None)).expect_matches(by_type_field_origin(), ErrorList(vec![]));

    // Valid: d is M2, m2 is set.
    value(sub("M2", None, Some(1))).expect_matches(by_type_field_origin(), ErrorList(vec![]));

    // Invalid: d is M1, but m2 is set.
    value(sub("M1", None, Some(1))).expect_matches(
        by_type_field_origin(),
        ErrorList(vec![
            Error::invalid(
                &path("subfield").child("m1"),
                "",
                "must be specified when `d` is \"M1\"",
            )
            .with_origin("union"),
            Error::invalid(
                &path("subfield").child("m2"),
                "",
                "may only be specified when `d` is \"M2\"",
            )
            .with_origin("union"),
        ]),
    );

    // Invalid: d is M1, and both are set.
    value(sub("M1", Some(1), Some(1))).expect_matches(
        by_type_field_origin(),
        ErrorList(vec![
            Error::invalid(
                &path("subfield").child("m2"),
                "",
                "may only be specified when `d` is \"M2\"",
            )
            .with_origin("union"),
        ]),
    );
}
