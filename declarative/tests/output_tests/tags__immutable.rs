//! Port of `cmd/validation-gen/output_tests/tags/immutable`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{by_type_field_origin, path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList};
use serde_json::Value;
use std::collections::BTreeMap;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:immutable
    #[serde(rename = "stringField")]
    string_field: String,
    /// +k8s:immutable
    #[serde(rename = "stringPtrField")]
    string_ptr_field: Option<String>,
    /// +k8s:immutable
    #[serde(rename = "structField")]
    struct_field: ComparableStruct,
    /// +k8s:immutable
    #[serde(rename = "structPtrField")]
    struct_ptr_field: Option<ComparableStruct>,
    /// +k8s:immutable
    #[serde(rename = "noncomparableStructField")]
    non_comparable_struct_field: NonComparableStruct,
    /// +k8s:immutable
    #[serde(rename = "noncomparableStructPtrField")]
    non_comparable_struct_ptr_field: Option<NonComparableStruct>,
    /// +k8s:immutable
    #[serde(rename = "sliceField")]
    slice_field: Vec<String>,
    /// +k8s:immutable
    #[serde(rename = "mapField")]
    map_field: BTreeMap<String, String>,
    #[serde(rename = "immutableField")]
    immutable_field: ImmutableType,
    #[serde(rename = "immutablePtrField")]
    immutable_ptr_field: Option<ImmutableType>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct ComparableStruct {
    #[serde(rename = "stringField")]
    string_field: String,
    #[serde(rename = "stringPtrField")]
    string_ptr_field: Option<String>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct NonComparableStruct {
    #[serde(rename = "sliceField")]
    slice_field: Vec<String>,
}

/// +k8s:immutable
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct ImmutableType(String);

fn mk(a: &str, b: &str, c: &str, d: &str, e: &str, f: &str) -> Struct {
    let cs = ComparableStruct {
        string_field: b.into(),
        string_ptr_field: Some(b.to_uppercase()),
    };
    let ncs = NonComparableStruct {
        slice_field: vec![c.into()],
    };
    Struct {
        string_field: a.into(),
        string_ptr_field: Some(a.into()),
        struct_field: cs.clone(),
        struct_ptr_field: Some(cs),
        non_comparable_struct_field: ncs.clone(),
        non_comparable_struct_ptr_field: Some(ncs),
        slice_field: vec![d.into()],
        map_field: [(e.to_string(), e.to_string())].into(),
        immutable_field: ImmutableType(f.into()),
        immutable_ptr_field: Some(ImmutableType(f.into())),
    }
}

#[test]
fn test() {
    let a = mk("aaa", "bbb", "ccc", "ddd", "eee", "fff");
    // Go's structA2 differs from structA only in pointer identity; Rust's
    // `Option` has none, so it is an equal copy.
    let a2 = a.clone();
    let b = mk("uuu", "vvv", "www", "xxx", "yyy", "zzz");

    value(a.clone()).old_value(a.clone()).expect_valid();
    value(a.clone()).old_value(a2.clone()).expect_valid();
    value(a2).old_value(a.clone()).expect_valid();

    let fields = [
        "stringField",
        "stringPtrField",
        "structField",
        "structPtrField",
        "noncomparableStructField",
        "noncomparableStructPtrField",
        "sliceField",
        "mapField",
        "immutableField",
        "immutablePtrField",
    ];
    value(a).old_value(b).expect_matches(
        by_type_field_origin().match_short_circuit(),
        ErrorList(
            fields
                .iter()
                .map(|f| Error::invalid(&path(f), Value::Null, "").with_origin("immutable"))
                .collect(),
        )
        .mark_short_circuit(),
    );
}
