//! Port of `cmd/validation-gen/output_tests/multiple_tags`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (types with a `TypeMeta` field registered, i.e.
//! `T1`) with several `+k8s:validateTrue` / `+k8s:validateFalse` tags on a
//! type and on fields; only the `validateFalse` ones fail.

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;

/// +k8s:validateTrue="type T1 #0"
/// +k8s:validateFalse="type T1 #1"
/// +k8s:validateFalse="type T1 #2"
/// +k8s:validateFalse="type T1 #3"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T1 {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,
    /// +k8s:validateTrue="field T1.S true"
    /// +k8s:validateFalse="field T1.S false #1"
    /// +k8s:validateFalse="field T1.S false #2"
    /// +k8s:validateFalse="field T1.S false #3"
    #[serde(rename = "s")]
    s: String,
    /// +k8s:validateTrue="field T1.T2 true"
    /// +k8s:validateFalse="field T1.T2 false #1"
    /// +k8s:validateFalse="field T1.T2 false #2"
    /// +k8s:validateFalse="field T1.T2 false #3"
    #[serde(rename = "t2")]
    t2: T2,
}

/// +k8s:validateTrue="type T2 true"
/// +k8s:validateFalse="type T2 false #1"
/// +k8s:validateFalse="type T2 false #2"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T2 {
    /// +k8s:validateTrue="field T2.S true"
    /// +k8s:validateFalse="field T2.S false #1"
    /// +k8s:validateFalse="field T2.S false #2"
    #[serde(rename = "s")]
    s: String,
}

#[test]
fn t1() {
    value(T1 {
        type_meta: 7,
        s: "a".into(),
        t2: T2 { s: "b".into() },
    })
    .expect_validate_false_by_path(&[
        ("", &["type T1 #1", "type T1 #2", "type T1 #3"]),
        (
            "s",
            &[
                "field T1.S false #1",
                "field T1.S false #2",
                "field T1.S false #3",
            ],
        ),
        (
            "t2",
            &[
                "field T1.T2 false #1",
                "field T1.T2 false #2",
                "field T1.T2 false #3",
                "type T2 false #1",
                "type T2 false #2",
            ],
        ),
        ("t2.s", &["field T2.S false #1", "field T2.S false #2"]),
    ]);
}
