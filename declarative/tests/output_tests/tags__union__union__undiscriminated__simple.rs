//! Port of validation-gen's `output_tests/tags/union/union/undiscriminated/simple`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a non-discriminated union of pointer, string, list and map members.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::value;
use apimachinery::Validate;
use apimachinery::field::{BadValue, Error, ErrorList, ErrorMatcher, Path};
use apimachinery::operation::Context;
use std::collections::BTreeMap;

/// Non-discriminated union
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Struct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    non_union_field: String,

    /// +k8s:unionMember
    /// +k8s:optional
    m1: Option<M1>,

    /// +k8s:unionMember
    /// +k8s:optional
    m2: Option<M2>,

    /// +k8s:unionMember
    /// +k8s:optional
    m3: String,

    /// +k8s:unionMember
    /// +k8s:optional
    m4: Option<String>,

    /// +k8s:unionMember
    /// +k8s:optional
    m5: Vec<String>,

    /// +k8s:unionMember
    /// +k8s:optional
    m6: BTreeMap<String, String>,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct M1 {}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct M2 {}

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

fn m1() -> Struct {
    Struct {
        m1: Some(M1 {}),
        ..Default::default()
    }
}

fn m2() -> Struct {
    Struct {
        m2: Some(M2 {}),
        ..Default::default()
    }
}

fn m3(s: &str) -> Struct {
    Struct {
        m3: s.into(),
        ..Default::default()
    }
}

fn m5(v: &[&str]) -> Struct {
    Struct {
        m5: v.iter().map(|s| s.to_string()).collect(),
        ..Default::default()
    }
}

fn m6(v: &[(&str, &str)]) -> Struct {
    Struct {
        m6: v
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect(),
        ..Default::default()
    }
}

#[test]
fn test() {
    value(Struct::default()).expect_matches(matcher(), root("must specify one of"));

    value(m1()).expect_valid();
    value(m2()).expect_valid();
    value(m3("a string")).expect_valid();
    value(Struct {
        m4: Some("a string".into()),
        ..Default::default()
    })
    .expect_valid();
    value(m5(&["a string"])).expect_valid();
    value(m6(&[("k", "v")])).expect_valid();

    // An empty list or map is "not set" (as nil for union membership).
    value(m5(&[])).expect_matches(matcher(), root("must specify one of"));
    value(m6(&[])).expect_matches(matcher(), root("must specify one of"));

    value(Struct {
        m2: Some(M2 {}),
        ..m1()
    })
    .expect_matches(matcher(), root("must specify exactly one of"));
    value(Struct {
        m3: "a string".into(),
        ..m1()
    })
    .expect_matches(matcher(), root("must specify exactly one of"));
    value(Struct {
        m4: Some("a string".into()),
        ..m1()
    })
    .expect_matches(matcher(), root("must specify exactly one of"));

    // An update only considers whether a field was set, not its value.
    value(m3("a string"))
        .old_value(m3("different string"))
        .expect_valid();

    // Ratcheting.
    value(Struct::default())
        .old_value(Struct::default())
        .expect_valid();
    value(Struct {
        m2: Some(M2 {}),
        ..m1()
    })
    .old_value(Struct {
        m2: Some(M2 {}),
        ..m1()
    })
    .expect_valid();
    value(Struct {
        m2: Some(M2 {}),
        ..m3("a string")
    })
    .old_value(Struct {
        m2: Some(M2 {}),
        ..m3("different string")
    })
    .expect_valid();

    // List/map member ratcheting: unchanged membership, different values.
    value(m5(&["a"])).old_value(m5(&["b"])).expect_valid();
    value(m6(&[("k", "v1")]))
        .old_value(m6(&[("k", "v2")]))
        .expect_valid();

    // An update with a nil old value (a new map entry or a newly set
    // pointer field during an update) still detects the empty union. The
    // builder's update always has an old value, so this one validates
    // directly (Go's `OldValue(nil)`).
    let errs = Struct::default().validate(&Context::update(), None);
    if let Err(failures) = matcher().test(&root("must specify one of"), &errs) {
        panic!("{}", failures.join("\n"));
    }
}
