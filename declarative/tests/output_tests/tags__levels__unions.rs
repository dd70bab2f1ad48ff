//! Port of validation-gen's `output_tests/tags/levels/unions`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:alpha` / `+k8s:beta` on union discriminators and members, on
//! zero-or-one-of members and on item-selected members.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{BadValue, Error, ErrorList, ErrorMatcher, Path};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct Struct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:alpha=+k8s:unionDiscriminator
    d: D,

    /// +k8s:alpha=+k8s:unionMember
    /// +k8s:optional
    m1: Option<M1>,

    /// +k8s:alpha(since:"1.35")=+k8s:unionMember
    /// +k8s:optional
    m2: Option<M2>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct UnionStructBeta {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:beta=+k8s:unionDiscriminator
    d_beta: BetaD,

    /// +k8s:beta=+k8s:unionMember
    /// +k8s:optional
    #[serde(rename = "m1Beta")]
    m1_beta: Option<BetaM1>,

    /// +k8s:beta(since:"1.35")=+k8s:unionMember
    /// +k8s:optional
    #[serde(rename = "m2Beta")]
    m2_beta: Option<BetaM2>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct MyStruct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:alpha=+k8s:zeroOrOneOfMember
    /// +k8s:optional
    z1: Option<Z1>,

    /// +k8s:alpha=+k8s:zeroOrOneOfMember
    /// +k8s:optional
    z2: Option<Z2>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct MyStructBeta {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:beta=+k8s:zeroOrOneOfMember
    /// +k8s:optional
    #[serde(rename = "z1Beta")]
    z1_beta: Option<BetaZ1>,

    /// +k8s:beta=+k8s:zeroOrOneOfMember
    /// +k8s:optional
    #[serde(rename = "z2Beta")]
    z2_beta: Option<BetaZ2>,
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

apimachinery::k8s_enum! {
    /// The beta discriminator.
    pub enum BetaD {
        /// M1Beta.
        BetaDM1 = "M1Beta",
        /// M2Beta.
        BetaDM2 = "M2Beta",
    }
}

macro_rules! empty_structs {
    ($($name:ident),*) => {$(
        #[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
        struct $name {}
    )*};
}
empty_structs!(M1, M2, BetaM1, BetaM2, Z1, Z2, BetaZ1, BetaZ2);

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct MyListStruct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:alpha=+k8s:item(name: "succeeded")=+k8s:zeroOrOneOfMember
    /// +k8s:alpha=+k8s:item(name: "failed")=+k8s:zeroOrOneOfMember
    tasks: Vec<Task>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct MyListStructBeta {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:beta=+k8s:item(name: "succeeded")=+k8s:zeroOrOneOfMember
    /// +k8s:beta=+k8s:item(name: "failed")=+k8s:zeroOrOneOfMember
    tasks_beta: Vec<Task>,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct Task {
    name: String,
    state: String,
}

fn matcher() -> ErrorMatcher {
    ErrorMatcher::default()
        .by_type()
        .by_field()
        .by_origin()
        .by_validation_stability_level()
}

fn both_tasks() -> Vec<Task> {
    vec![
        Task {
            name: "succeeded".into(),
            state: "Succeeded".into(),
        },
        Task {
            name: "failed".into(),
            state: "Failed".into(),
        },
    ]
}

#[test]
fn test_alpha() {
    value(Struct {
        d: D::DM1,
        m1: Some(M1 {}),
        ..Default::default()
    })
    .expect_valid();

    // m1 is required by the discriminator.
    value(Struct {
        d: D::DM1,
        m1: None,
        ..Default::default()
    })
    .expect_matches(
        matcher(),
        ErrorList(vec![
            Error::invalid(&path("m1"), BadValue::Omitted, "")
                .with_origin("union")
                .mark_alpha(),
        ]),
    );

    value(MyStruct {
        z1: Some(Z1 {}),
        z2: Some(Z2 {}),
        ..Default::default()
    })
    .expect_matches(
        matcher(),
        ErrorList(vec![
            Error::invalid(&Path::root(), "", "only one of z1, z2 may be specified")
                .with_origin("zeroOrOneOf")
                .mark_alpha(),
        ]),
    );

    value(MyListStruct {
        tasks: both_tasks(),
        ..Default::default()
    })
    .expect_matches(
        matcher(),
        ErrorList(vec![
            Error::invalid(&path("tasks"), BadValue::Omitted, "")
                .with_origin("zeroOrOneOf")
                .mark_alpha(),
        ]),
    );
}

#[test]
fn test_beta() {
    value(UnionStructBeta {
        d_beta: BetaD::BetaDM1,
        m1_beta: Some(BetaM1 {}),
        ..Default::default()
    })
    .expect_valid();

    // m1Beta is required by the discriminator.
    value(UnionStructBeta {
        d_beta: BetaD::BetaDM1,
        m1_beta: None,
        ..Default::default()
    })
    .expect_matches(
        matcher(),
        ErrorList(vec![
            Error::invalid(&path("m1Beta"), BadValue::Omitted, "")
                .with_origin("union")
                .mark_beta(),
        ]),
    );

    value(MyStructBeta {
        z1_beta: Some(BetaZ1 {}),
        z2_beta: Some(BetaZ2 {}),
        ..Default::default()
    })
    .expect_matches(
        matcher(),
        ErrorList(vec![
            Error::invalid(
                &Path::root(),
                "",
                "only one of z1Beta, z2Beta may be specified",
            )
            .with_origin("zeroOrOneOf")
            .mark_beta(),
        ]),
    );

    value(MyListStructBeta {
        tasks_beta: both_tasks(),
        ..Default::default()
    })
    .expect_matches(
        matcher(),
        ErrorList(vec![
            Error::invalid(&path("tasksBeta"), BadValue::Omitted, "")
                .with_origin("zeroOrOneOf")
                .mark_beta(),
        ]),
    );
}
