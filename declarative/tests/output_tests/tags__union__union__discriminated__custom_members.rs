//! Port of validation-gen's `output_tests/tags/union/union/discriminated/custom_members`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a discriminated union whose members have custom member names.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{BadValue, Error, ErrorList, ErrorMatcher};

/// Discriminated union with custom member names
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct Struct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:unionDiscriminator
    d: D,

    /// +k8s:unionMember(memberName: "CustomM1")
    /// +k8s:optional
    m1: Option<M1>,

    /// +k8s:unionMember(memberName: "CustomM2")
    /// +k8s:optional
    m2: Option<M2>,
}

apimachinery::k8s_enum! {
    /// The discriminator.
    pub enum D {
        /// CustomM1.
        DM1 = "CustomM1",
        /// CustomM2.
        DM2 = "CustomM2",
    }
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct M1 {}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct M2 {}

fn st(d: D, m1: bool, m2: bool) -> Struct {
    Struct {
        d,
        m1: m1.then_some(M1 {}),
        m2: m2.then_some(M2 {}),
        ..Default::default()
    }
}

fn matcher() -> ErrorMatcher {
    ErrorMatcher::default()
        .by_type()
        .by_field()
        .by_detail_substring()
        .by_origin()
}

#[test]
fn test() {
    value(st(D::DM1, true, false)).expect_valid();
    value(st(D::DM2, false, true)).expect_valid();

    value(st(D::DM2, true, true)).expect_matches(
        matcher(),
        ErrorList(vec![Error::invalid(
            &path("m1"),
            BadValue::Omitted,
            "may only be specified when",
        )])
        .with_origin("union"),
    );

    value(st(D::DM1, false, false)).expect_matches(
        matcher(),
        ErrorList(vec![Error::invalid(
            &path("m1"),
            BadValue::Omitted,
            "must be specified when",
        )])
        .with_origin("union"),
    );

    // Ratcheting.
    value(st(D::DM2, true, true))
        .old_value(st(D::DM2, true, true))
        .expect_valid();
    value(st(D::DM1, false, false))
        .old_value(st(D::DM1, false, false))
        .expect_valid();
}
