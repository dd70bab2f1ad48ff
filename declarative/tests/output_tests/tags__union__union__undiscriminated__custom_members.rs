//! Port of validation-gen's `output_tests/tags/union/union/undiscriminated/custom_members`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a non-discriminated union whose members have custom member names.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::value;
use apimachinery::Validate;
use apimachinery::field::{BadValue, Error, ErrorList, ErrorMatcher, Path};

/// Non-discriminated union with custom member names
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Struct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    non_union_field: String,

    /// +k8s:unionMember(memberName: "CustomM1")
    /// +k8s:optional
    m1: Option<M1>,

    /// +k8s:unionMember(memberName: "CustomM2")
    /// +k8s:optional
    m2: Option<M2>,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct M1 {}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct M2 {}

fn st(m1: bool, m2: bool) -> Struct {
    Struct {
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

fn root(detail: &str) -> ErrorList {
    ErrorList(vec![Error::invalid(
        &Path::root(),
        BadValue::Omitted,
        detail.to_owned(),
    )])
    .with_origin("union")
}

#[test]
fn test() {
    value(st(true, false)).expect_valid();
    value(st(false, true)).expect_valid();

    value(st(true, true)).expect_matches(matcher(), root("must specify exactly one of"));
    value(st(false, false)).expect_matches(matcher(), root("must specify one of"));

    // Ratcheting.
    value(st(true, true))
        .old_value(st(true, true))
        .expect_valid();
    value(st(false, false))
        .old_value(st(false, false))
        .expect_valid();
}
