//! Port of validation-gen's `output_tests/tags/optional/zero_defaults`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:optional` with a `+default` that is the zero value: only
//! documentation on a value field, `Required` on a pointer.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Struct {
    type_meta: i32,

    /// +k8s:optional
    /// +default=""
    string_field: String,

    /// +k8s:optional
    /// +default=""
    string_ptr_field: Option<String>,

    /// +k8s:optional
    /// +default=0
    int_field: i64,

    /// +k8s:optional
    /// +default=0
    int_ptr_field: Option<i64>,

    /// +k8s:optional
    /// +default=false
    bool_field: bool,

    /// +k8s:optional
    /// +default=false
    bool_ptr_field: Option<bool>,
}

#[test]
fn test() {
    // All zero values: the value fields' optional with a zero default is
    // only documentation; the pointers are required.
    value(Struct::default()).expect_matches(
        ErrorMatcher::default().by_type().by_field(),
        ErrorList(vec![
            Error::required(&path("stringPtrField"), ""),
            Error::required(&path("intPtrField"), ""),
            Error::required(&path("boolPtrField"), ""),
        ]),
    );

    value(Struct {
        string_field: "abc".into(),
        string_ptr_field: Some(String::new()),
        int_field: 123,
        int_ptr_field: Some(0),
        bool_field: true,
        bool_ptr_field: Some(false),
        ..Default::default()
    })
    .expect_valid();
}
