//! Port of validation-gen's `output_tests/tags/union/union/discriminated/simple`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a discriminated union of pointer, list and map members.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{BadValue, Error, ErrorList, ErrorMatcher};
use apimachinery::operation::Context;
use std::collections::BTreeMap;

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

    /// +k8s:unionMember
    /// +k8s:optional
    m2: Option<M2>,

    /// +k8s:unionMember
    /// +k8s:optional
    m3: Vec<String>,

    /// +k8s:unionMember
    /// +k8s:optional
    m4: BTreeMap<String, String>,
}

apimachinery::k8s_enum! {
    /// The discriminator.
    pub enum D {
        /// M1.
        DM1 = "M1",
        /// M2.
        DM2 = "M2",
        /// M3.
        DM3 = "M3",
        /// M4.
        DM4 = "M4",
    }
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct M1 {}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct M2 {}

fn d(d: D) -> Struct {
    Struct {
        d,
        ..Default::default()
    }
}

fn with_m1(s: Struct) -> Struct {
    Struct {
        m1: Some(M1 {}),
        ..s
    }
}

fn with_m2(s: Struct) -> Struct {
    Struct {
        m2: Some(M2 {}),
        ..s
    }
}

fn with_m3(s: Struct, v: &[&str]) -> Struct {
    Struct {
        m3: v.iter().map(|s| s.to_string()).collect(),
        ..s
    }
}

fn with_m4(s: Struct, v: &[(&str, &str)]) -> Struct {
    Struct {
        m4: v
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        ..s
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

    value(with_m1(d(D::DM1))).expect_valid();
    value(with_m2(d(D::DM2))).expect_valid();
    value(with_m3(d(D::DM3), &["a"])).expect_valid();
    value(with_m4(d(D::DM4), &[("k", "v")])).expect_valid();

    value(with_m2(with_m1(d(D::DM2))))
        .expect_matches(matcher(), one("m1", "may only be specified when"));

    value(d(D::DM1)).expect_matches(matcher(), one("m1", "must be specified when"));

    // List member: the discriminator matches but the list is nil or empty
    // (both an empty `Vec` here).
    value(d(D::DM3)).expect_matches(matcher(), one("m3", "must be specified when"));
    value(with_m3(d(D::DM3), &[])).expect_matches(matcher(), one("m3", "must be specified when"));

    // List member: the discriminator does not match but the list is set.
    value(with_m3(with_m1(d(D::DM1)), &["a"]))
        .expect_matches(matcher(), one("m3", "may only be specified when"));

    // Map member: the discriminator matches but the map is nil or empty.
    value(d(D::DM4)).expect_matches(matcher(), one("m4", "must be specified when"));
    value(with_m4(d(D::DM4), &[])).expect_matches(matcher(), one("m4", "must be specified when"));

    // Map member: the discriminator does not match but the map is set.
    value(with_m4(with_m1(d(D::DM1)), &[("k", "v")]))
        .expect_matches(matcher(), one("m4", "may only be specified when"));

    // Ratcheting.
    value(with_m2(with_m1(d(D::DM2))))
        .old_value(with_m2(with_m1(d(D::DM2))))
        .expect_valid();
    value(d(D::DM1)).old_value(d(D::DM1)).expect_valid();

    // List member ratcheting: unchanged membership.
    value(with_m3(d(D::DM3), &["a"]))
        .old_value(with_m3(d(D::DM3), &["b"]))
        .expect_valid();
    // List member ratcheting: changed from set to unset.
    value(d(D::DM3))
        .old_value(with_m3(d(D::DM3), &["a"]))
        .expect_matches(matcher(), one("m3", "must be specified when"));

    // Map member ratcheting: unchanged membership.
    value(with_m4(d(D::DM4), &[("k", "v1")]))
        .old_value(with_m4(d(D::DM4), &[("k", "v2")]))
        .expect_valid();
    // Map member ratcheting: changed from set to unset.
    value(d(D::DM4))
        .old_value(with_m4(d(D::DM4), &[("k", "v")]))
        .expect_matches(matcher(), one("m4", "must be specified when"));

    // An update with a nil old value (a newly set pointer field during an
    // update) still detects mismatches. The builder's update always has an
    // old value, so this one validates directly (Go's `OldValue(nil)`).
    let errs = d(D::DM1).validate(&Context::update(), None);
    if let Err(failures) = matcher().test(&one("m1", "must be specified when"), &errs) {
        panic!("{}", failures.join("\n"));
    }
}
