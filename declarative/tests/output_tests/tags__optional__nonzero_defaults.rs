//! Port of validation-gen's `output_tests/tags/optional/nonzero_defaults`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:optional` with a `+default` that is not the zero value: the field
//! is required to the server (defaulting runs before validation).

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

    /// +k8s:optional
    /// +default="foobar"
    string_field: String,

    /// +k8s:optional
    /// +default="foobar"
    string_ptr_field: Option<String>,

    /// +k8s:optional
    /// +default=123
    int_field: i64,

    /// +k8s:optional
    /// +default=123
    int_ptr_field: Option<i64>,

    /// +k8s:optional
    /// +default=true
    bool_field: bool,

    /// +k8s:optional
    /// +default=true
    bool_ptr_field: Option<bool>,

    /// +k8s:optional
    /// +default={"name": "x"}
    struct_ptr_field: Option<Submarker>,

    /// +k8s:optional
    /// +default=["foo"]
    slice_field: Vec<String>,

    /// +k8s:optional
    /// +default={"k": "v"}
    map_field: BTreeMap<String, String>,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct Submarker {
    name: String,
}

#[test]
fn test() {
    // All zero values: every field is required.
    value(Struct::default()).expect_matches(
        ErrorMatcher::default().by_type().by_field(),
        ErrorList(
            [
                "stringField",
                "stringPtrField",
                "intField",
                "intPtrField",
                "boolField",
                "boolPtrField",
                "structPtrField",
                "sliceField",
                "mapField",
            ]
            .iter()
            .map(|f| Error::required(&path(f), ""))
            .collect(),
        ),
    );

    value(Struct {
        string_field: "abc".into(),
        string_ptr_field: Some(String::new()),
        int_field: 123,
        int_ptr_field: Some(0),
        bool_field: true,
        bool_ptr_field: Some(false),
        struct_ptr_field: Some(Submarker { name: "x".into() }),
        slice_field: vec!["foo".into()],
        map_field: BTreeMap::from([("k".into(), "v".into())]),
        ..Default::default()
    })
    .expect_valid();
}
