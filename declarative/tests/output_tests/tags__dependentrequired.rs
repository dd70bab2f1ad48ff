//! Port of `cmd/validation-gen/output_tests/tags/dependentrequired`
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
    /// +k8s:dependentRequired("dependent")
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
    /// +k8s:dependentRequired("dependentA")
    /// +k8s:dependentRequired("dependentB")
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
    /// +k8s:dependentRequired("dependent")
    #[serde(rename = "triggerA")]
    trigger_a: Option<String>,
    /// +k8s:optional
    /// +k8s:dependentRequired("dependent")
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
    /// +k8s:dependentRequired("ptrDep")
    #[serde(rename = "ptrTrigger")]
    ptr_trigger: Option<String>,
    /// +k8s:optional
    #[serde(rename = "ptrDep")]
    ptr_dep: Option<String>,
    /// +k8s:optional
    /// +k8s:dependentRequired("sliceDep")
    #[serde(rename = "sliceTrigger")]
    slice_trigger: Vec<String>,
    /// +k8s:optional
    #[serde(rename = "sliceDep")]
    slice_dep: Vec<String>,
    /// +k8s:optional
    /// +k8s:dependentRequired("mapDep")
    #[serde(rename = "mapTrigger")]
    map_trigger: BTreeMap<String, String>,
    /// +k8s:optional
    #[serde(rename = "mapDep")]
    map_dep: BTreeMap<String, String>,
    /// +k8s:optional
    /// +k8s:dependentRequired("intDep")
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
    Error::required(&path(field), "").with_origin("dependentRequired")
}

#[test]
fn test_struct() {
    // One-directional: dependent alone is fine.
    value(Struct {
        dependent: s("d"),
        ..Default::default()
    })
    .expect_valid();
    value(Struct {
        trigger: s("t"),
        dependent: s("d"),
        ..Default::default()
    })
    .expect_valid();
    value(Struct {
        trigger: s("t"),
        ..Default::default()
    })
    .expect_matches(by_type_field_origin(), ErrorList(vec![err("dependent")]));
    // Ratchet: unrelated field changed, set-ness unchanged.
    value(Struct {
        trigger: s("t"),
        other_field: s("new"),
        ..Default::default()
    })
    .old_value(Struct {
        trigger: s("t"),
        other_field: s("old"),
        ..Default::default()
    })
    .expect_valid();
    // Ratchet: trigger value changed but set-ness unchanged.
    value(Struct {
        trigger: s("t"),
        ..Default::default()
    })
    .old_value(Struct {
        trigger: s("old"),
        ..Default::default()
    })
    .expect_valid();
    // Newly cleared dependent: fires.
    value(Struct {
        trigger: s("t"),
        ..Default::default()
    })
    .old_value(Struct {
        trigger: s("t"),
        dependent: s("d"),
        ..Default::default()
    })
    .expect_matches(by_type_field_origin(), ErrorList(vec![err("dependent")]));
}

#[test]
fn test_multi_dependent() {
    value(MultiDependent {
        trigger: s("t"),
        ..Default::default()
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
        ..Default::default()
    })
    .expect_matches(by_type_field_origin(), ErrorList(vec![err("dependent")]));
}

#[test]
fn test_all_kinds() {
    value(AllKinds {
        ptr_trigger: s("t"),
        slice_trigger: vec!["x".into()],
        map_trigger: kv(),
        int_trigger: 1,
        ..Default::default()
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
    // Empty slice/map and zero int are "not set".
    value(AllKinds::default()).expect_valid();
}
