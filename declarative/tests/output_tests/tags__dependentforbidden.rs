//! Port of `cmd/validation-gen/output_tests/tags/dependentforbidden`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{by_type_field_origin, path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList};
use std::collections::BTreeMap;

// Basic one-to-one dependency.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:optional
    /// +k8s:dependentForbidden("dependent")
    #[serde(rename = "trigger")]
    trigger: Option<String>,
    /// +k8s:optional
    #[serde(rename = "dependent")]
    dependent: Option<String>,
    /// +k8s:optional
    #[serde(rename = "otherField")]
    other_field: Option<String>,
}

// One trigger, many dependents (repeated tags).
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct MultiDependent {
    /// +k8s:optional
    /// +k8s:dependentForbidden("dependentA")
    /// +k8s:dependentForbidden("dependentB")
    #[serde(rename = "trigger")]
    trigger: Option<String>,
    /// +k8s:optional
    #[serde(rename = "dependentA")]
    dependent_a: Option<String>,
    /// +k8s:optional
    #[serde(rename = "dependentB")]
    dependent_b: Option<String>,
}

// Many triggers, one dependent.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct MultiTrigger {
    /// +k8s:optional
    /// +k8s:dependentForbidden("dependent")
    #[serde(rename = "triggerA")]
    trigger_a: Option<String>,
    /// +k8s:optional
    /// +k8s:dependentForbidden("dependent")
    #[serde(rename = "triggerB")]
    trigger_b: Option<String>,
    /// +k8s:optional
    #[serde(rename = "dependent")]
    dependent: Option<String>,
}

// All four "is set" extractor kinds.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct AllKinds {
    /// +k8s:optional
    /// +k8s:dependentForbidden("ptrDep")
    #[serde(rename = "ptrTrigger")]
    ptr_trigger: Option<String>,
    /// +k8s:optional
    #[serde(rename = "ptrDep")]
    ptr_dep: Option<String>,
    /// +k8s:optional
    /// +k8s:dependentForbidden("sliceDep")
    #[serde(rename = "sliceTrigger")]
    slice_trigger: Vec<String>,
    /// +k8s:optional
    #[serde(rename = "sliceDep")]
    slice_dep: Vec<String>,
    /// +k8s:optional
    /// +k8s:dependentForbidden("mapDep")
    #[serde(rename = "mapTrigger")]
    map_trigger: BTreeMap<String, String>,
    /// +k8s:optional
    #[serde(rename = "mapDep")]
    map_dep: BTreeMap<String, String>,
    /// +k8s:optional
    /// +k8s:dependentForbidden("intDep")
    #[serde(rename = "intTrigger")]
    int_trigger: i64,
    /// +k8s:optional
    #[serde(rename = "intDep")]
    int_dep: i64,
}

fn s(v: &str) -> Option<String> {
    Some(v.to_string())
}

fn kv() -> BTreeMap<String, String> {
    [("k".to_string(), "v".to_string())].into()
}

fn err(field: &str) -> Error {
    Error::forbidden(&path(field), "").with_origin("dependentForbidden")
}

#[test]
fn test_struct() {
    // One-directional: dependent alone is fine.
    value(Struct {
        dependent: s("d"),
        ..Default::default()
    })
    .expect_valid();
    // Trigger alone is fine.
    value(Struct {
        trigger: s("t"),
        ..Default::default()
    })
    .expect_valid();
    // Both set: forbidden.
    value(Struct {
        trigger: s("t"),
        dependent: s("d"),
        ..Default::default()
    })
    .expect_matches(by_type_field_origin(), ErrorList(vec![err("dependent")]));
    // Ratchet: unrelated field changed, set-ness unchanged.
    value(Struct {
        trigger: s("t"),
        dependent: s("d"),
        other_field: s("new"),
    })
    .old_value(Struct {
        trigger: s("t"),
        dependent: s("d"),
        other_field: s("old"),
    })
    .expect_valid();
    // Ratchet: trigger value changed but set-ness unchanged.
    value(Struct {
        trigger: s("t"),
        dependent: s("d"),
        ..Default::default()
    })
    .old_value(Struct {
        trigger: s("old"),
        dependent: s("d"),
        ..Default::default()
    })
    .expect_valid();
    // Newly set dependent: fires.
    value(Struct {
        trigger: s("t"),
        dependent: s("d"),
        ..Default::default()
    })
    .old_value(Struct {
        trigger: s("t"),
        ..Default::default()
    })
    .expect_matches(by_type_field_origin(), ErrorList(vec![err("dependent")]));
}

#[test]
fn test_multi_dependent() {
    value(MultiDependent {
        trigger: s("t"),
        dependent_a: s("a"),
        dependent_b: s("b"),
    })
    .expect_matches(
        by_type_field_origin(),
        ErrorList(vec![err("dependentA"), err("dependentB")]),
    );
}

#[test]
fn test_multi_trigger() {
    value(MultiTrigger {
        trigger_a: s("a"),
        trigger_b: s("b"),
        dependent: s("d"),
    })
    .expect_matches(by_type_field_origin(), ErrorList(vec![err("dependent")]));
}

#[test]
fn test_all_kinds() {
    value(AllKinds {
        ptr_trigger: s("t"),
        ptr_dep: s("d"),
        slice_trigger: vec!["x".into()],
        slice_dep: vec!["y".into()],
        map_trigger: kv(),
        map_dep: kv(),
        int_trigger: 1,
        int_dep: 1,
    })
    .expect_matches(
        by_type_field_origin(),
        ErrorList(vec![
            err("ptrDep"),
            err("sliceDep"),
            err("mapDep"),
            err("intDep"),
        ]),
    );
    // Triggers set but dependents "not set".
    value(AllKinds {
        ptr_trigger: s("t"),
        slice_trigger: vec!["x".into()],
        map_trigger: kv(),
        int_trigger: 1,
        ..Default::default()
    })
    .expect_valid();
}
