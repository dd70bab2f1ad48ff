//! Port of validation-gen's `output_tests/tags/zerooroneof/zerooroneof/simple`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a zero-or-one-of union of pointer and string members.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::value;
use apimachinery::Validate;
use apimachinery::field::{BadValue, Error, ErrorList, ErrorMatcher, Path};
use apimachinery::operation::Context;

/// Non-discriminated zero-or-one-of union
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Struct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    non_union_field: String,

    /// +k8s:zeroOrOneOfMember
    /// +k8s:optional
    m1: Option<M1>,

    /// +k8s:zeroOrOneOfMember
    /// +k8s:optional
    m2: Option<M2>,

    /// +k8s:zeroOrOneOfMember
    /// +k8s:optional
    m3: String,

    /// +k8s:zeroOrOneOfMember
    /// +k8s:optional
    m4: Option<String>,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct M1 {}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct M2 {}

fn at_most_one() -> ErrorList {
    ErrorList(vec![
        Error::invalid(
            &Path::root(),
            BadValue::Omitted,
            "must specify at most one of",
        )
        .with_origin("zeroOrOneOf"),
    ])
}

fn matcher() -> ErrorMatcher {
    ErrorMatcher::default()
        .by_type()
        .by_field()
        .by_detail_substring()
        .by_origin()
}

fn m1() -> Struct {
    Struct {
        m1: Some(M1 {}),
        ..Default::default()
    }
}

fn m3(s: &str) -> Struct {
    Struct {
        m3: s.into(),
        ..Default::default()
    }
}

#[test]
fn test() {
    // An empty union is valid for zeroOrOneOf.
    value(Struct::default()).expect_valid();

    value(m1()).expect_valid();
    value(Struct {
        m2: Some(M2 {}),
        ..Default::default()
    })
    .expect_valid();
    value(m3("a string")).expect_valid();
    value(Struct {
        m4: Some("a string".into()),
        ..Default::default()
    })
    .expect_valid();

    value(Struct {
        m2: Some(M2 {}),
        ..m1()
    })
    .expect_matches(matcher(), at_most_one());
    value(Struct {
        m3: "a string".into(),
        ..m1()
    })
    .expect_matches(matcher(), at_most_one());
    value(Struct {
        m4: Some("a string".into()),
        ..m1()
    })
    .expect_matches(matcher(), at_most_one());

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

    // Updates with a nil old value (a new map entry added during an
    // update). The builder's update always has an old value, so these
    // validate directly (Go's `OldValue((*Struct)(nil))`).
    let errs = Struct::default().validate(&Context::update(), None);
    assert!(errs.is_empty(), "want no errors, got {errs}");
    let errs = Struct {
        m2: Some(M2 {}),
        ..m1()
    }
    .validate(&Context::update(), None);
    if let Err(failures) = matcher().test(&at_most_one(), &errs) {
        panic!("{}", failures.join("\n"));
    }
}
