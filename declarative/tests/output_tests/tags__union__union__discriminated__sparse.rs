//! Port of validation-gen's `output_tests/tags/union/union/discriminated/sparse`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a discriminator value with no member field.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{BadValue, Error, ErrorList, ErrorMatcher};

/// Discriminated union
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct Struct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:unionDiscriminator
    d: D,

    /// +k8s:unionMember
    /// +k8s:optional
    m1: Option<M1>,
    // No M2 field to match the M2 discriminator.
}

apimachinery::k8s_enum! {
    /// The discriminator.
    pub enum D {
        /// M1.
        DM1 = "M1",
        /// M2.
        DM2 = "M2",
    }
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct M1 {}

fn st(d: D, m1: bool) -> Struct {
    Struct {
        d,
        m1: m1.then_some(M1 {}),
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

fn one(field: &str, detail: &str) -> ErrorList {
    ErrorList(vec![Error::invalid(
        &path(field),
        BadValue::Omitted,
        detail.to_owned(),
    )])
    .with_origin("union")
}

#[test]
fn test() {
    // Zero values.
    value(Struct::default()).expect_valid();

    value(st(D::DM1, true)).expect_valid();
    value(st(D::DM2, false)).expect_valid();

    value(st(D::DM2, true)).expect_matches(matcher(), one("m1", "may only be specified when"));

    value(st(D::DM1, false)).expect_matches(matcher(), one("m1", "must be specified when"));

    // Ratcheting.
    value(st(D::DM2, true))
        .old_value(st(D::DM2, true))
        .expect_valid();
    value(st(D::DM1, false))
        .old_value(st(D::DM1, false))
        .expect_valid();
}
