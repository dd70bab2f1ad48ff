//! Port of validation-gen's `output_tests/tags/subfield/list`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! list and map tags (`+k8s:listType`, `+k8s:listMapKey`, `+k8s:eachKey`)
//! applied through `+k8s:subfield` to the lists and the map of an opaque
//! `ObjectMeta`. The field names the subfields' Rust types with
//! `#[dv(subfield(...))]`, as its derive cannot see `ObjectMeta`'s fields.
//! `ObjectMeta` is reduced to the fields the tags reach (Go uses
//! `metav1.ObjectMeta`, with the same JSON names).

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};
use std::collections::BTreeMap;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Struct {
    type_meta: i32,

    /// +k8s:subfield(ownerReferences)=+k8s:listType=map
    /// +k8s:subfield(ownerReferences)=+k8s:listMapKey=uid
    /// +k8s:subfield(finalizers)=+k8s:listType=set
    /// +k8s:subfield(labels)=+k8s:eachKey=+k8s:validateFalse="labels key error"
    /// +k8s:opaqueType
    #[dv(subfield(
        ownerReferences = "Vec<OwnerReference>",
        finalizers = "Vec<String>",
        labels = "BTreeMap<String, String>"
    ))]
    object_meta: ObjectMeta,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ObjectMeta {
    labels: BTreeMap<String, String>,
    owner_references: Vec<OwnerReference>,
    finalizers: Vec<String>,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct OwnerReference {
    name: String,
    uid: String,
}

fn meta(m: ObjectMeta) -> Struct {
    Struct {
        object_meta: m,
        ..Default::default()
    }
}

fn owner(uid: &str, name: &str) -> OwnerReference {
    OwnerReference {
        uid: uid.into(),
        name: name.into(),
    }
}

#[test]
fn test() {
    let by_type_field = || ErrorMatcher::default().by_type().by_field();

    // Empty ownerReferences, distinct finalizers, empty labels.
    value(meta(ObjectMeta {
        finalizers: vec!["finalizer1".into(), "finalizer2".into()],
        ..Default::default()
    }))
    .expect_matches(by_type_field(), ErrorList::new());

    // Duplicate UIDs.
    value(meta(ObjectMeta {
        owner_references: vec![owner("1", "ref1"), owner("1", "ref2")],
        ..Default::default()
    }))
    .expect_matches(
        by_type_field(),
        ErrorList(vec![Error::duplicate(
            &path("objectMeta").child("ownerReferences").index(1),
            "",
        )]),
    );

    // Duplicate finalizers.
    value(meta(ObjectMeta {
        finalizers: vec!["finalizer1".into(), "finalizer1".into()],
        ..Default::default()
    }))
    .expect_matches(
        by_type_field(),
        ErrorList(vec![Error::duplicate(
            &path("objectMeta").child("finalizers").index(1),
            "finalizer1",
        )]),
    );

    // Any label key fails.
    value(meta(ObjectMeta {
        labels: BTreeMap::from([("key1".into(), "val1".into())]),
        ..Default::default()
    }))
    .expect_validate_false_by_path(&[("objectMeta.labels", &["labels key error"])]);
}
