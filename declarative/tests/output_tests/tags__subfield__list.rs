//! Port of validation-gen's `output_tests/tags/subfield/list`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! list and map tags (`listType=map` + `listMapKey`, `listType=set`,
//! `eachKey`) applied through `+k8s:subfield` to the lists and the map of
//! an opaque `ObjectMeta`.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};
use declarative::api::meta::v1::{ObjectMeta, OwnerReference};
use std::collections::BTreeMap;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Struct {
    type_meta: i32,

    /// Go embeds `metav1.ObjectMeta` under the JSON name `objectMeta`.
    ///
    /// +k8s:subfield(ownerReferences)=+k8s:listType=map
    /// +k8s:subfield(ownerReferences)=+k8s:listMapKey=uid
    /// +k8s:subfield(finalizers)=+k8s:listType=set
    /// +k8s:subfield(labels)=+k8s:eachKey=+k8s:validateFalse="labels key error"
    /// +k8s:opaqueType
    object_meta: ObjectMeta,
}

fn by_type_field() -> ErrorMatcher {
    ErrorMatcher::default().by_type().by_field()
}

fn owner(uid: &str, name: &str) -> OwnerReference {
    OwnerReference {
        uid: uid.into(),
        name: name.into(),
        ..Default::default()
    }
}

#[test]
fn test_struct_validation() {
    let meta = |m: ObjectMeta| Struct {
        object_meta: m,
        ..Default::default()
    };

    // No owner references, distinct finalizers, no labels.
    value(meta(ObjectMeta {
        finalizers: vec!["finalizer1".into(), "finalizer2".into()],
        ..Default::default()
    }))
    .expect_matches(by_type_field(), ErrorList::new());

    // Two owner references with one UID.
    value(meta(ObjectMeta {
        owner_references: vec![owner("1", "ref1"), owner("1", "ref2")],
        ..Default::default()
    }))
    .expect_matches(
        by_type_field(),
        ErrorList::from(Error::duplicate(
            &path("objectMeta").child("ownerReferences").index(1),
            "",
        )),
    );

    // A repeated finalizer.
    value(meta(ObjectMeta {
        finalizers: vec!["finalizer1".into(), "finalizer1".into()],
        ..Default::default()
    }))
    .expect_matches(
        by_type_field(),
        ErrorList::from(Error::duplicate(
            &path("objectMeta").child("finalizers").index(1),
            "finalizer1",
        )),
    );

    // Any label key fails.
    value(meta(ObjectMeta {
        labels: BTreeMap::from([("key1".to_string(), "val1".to_string())]),
        ..Default::default()
    }))
    .expect_validate_false_by_path(&[("objectMeta.labels", &["labels key error"])]);
}
