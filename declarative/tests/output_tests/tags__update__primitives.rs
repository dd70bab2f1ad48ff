//! Port of `cmd/validation-gen/output_tests/tags/update/primitives`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]
// 3.14 is the Go test's value, not an approximation of pi.
#![allow(clippy::approx_constant)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};
use serde_json::Value;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct UpdateTestStruct {
    /// +k8s:update=NoSet
    #[serde(rename = "stringNoSet")]
    string_no_set: String,
    /// +k8s:update=NoUnset
    #[serde(rename = "stringNoUnset")]
    string_no_unset: String,
    /// +k8s:update=NoModify
    #[serde(rename = "stringNoModify")]
    string_no_modify: String,
    /// +k8s:update=NoSet
    /// +k8s:update=NoModify
    /// +k8s:update=NoUnset
    #[serde(rename = "stringFullyRestricted")]
    string_fully_restricted: String,
    /// +k8s:update=NoModify
    /// +k8s:update=NoUnset
    #[serde(rename = "stringSetOnce")]
    string_set_once: String,
    /// +k8s:update=NoModify
    #[serde(rename = "intNoModify")]
    int_no_modify: i64,
    /// +k8s:update=NoModify
    #[serde(rename = "int32NoModify")]
    int32_no_modify: i32,
    /// +k8s:update=NoModify
    #[serde(rename = "int64NoModify")]
    int64_no_modify: i64,
    /// +k8s:update=NoModify
    #[serde(rename = "uintNoModify")]
    uint_no_modify: u64,
    /// +k8s:update=NoModify
    #[serde(rename = "boolNoModify")]
    bool_no_modify: bool,
    /// +k8s:update=NoModify
    #[serde(rename = "float32NoModify")]
    float32_no_modify: f32,
    /// +k8s:update=NoModify
    #[serde(rename = "float64NoModify")]
    float64_no_modify: f64,
    /// +k8s:update=NoModify
    #[serde(rename = "byteNoModify")]
    byte_no_modify: u8,
    /// +k8s:update=NoModify
    #[serde(rename = "structNoModify")]
    struct_no_modify: TestStruct,
    /// +k8s:update=NoModify
    #[serde(rename = "nonComparableStructNoModify")]
    non_comparable_struct_no_modify: NonComparableStruct,
    // Pointer fields.
    /// +k8s:update=NoSet
    #[serde(rename = "pointerNoSet")]
    pointer_no_set: Option<String>,
    /// +k8s:update=NoUnset
    #[serde(rename = "pointerNoUnset")]
    pointer_no_unset: Option<String>,
    /// +k8s:update=NoModify
    #[serde(rename = "pointerNoModify")]
    pointer_no_modify: Option<String>,
    /// +k8s:update=NoSet
    /// +k8s:update=NoModify
    /// +k8s:update=NoUnset
    #[serde(rename = "pointerFullyRestricted")]
    pointer_fully_restricted: Option<String>,
    /// +k8s:update=NoModify
    #[serde(rename = "intPointerNoModify")]
    int_pointer_no_modify: Option<i64>,
    /// +k8s:update=NoModify
    #[serde(rename = "boolPointerNoModify")]
    bool_pointer_no_modify: Option<bool>,
    /// +k8s:update=NoModify
    #[serde(rename = "structPointerNoModify")]
    struct_pointer_no_modify: Option<TestStruct>,
    // Typedefs.
    /// +k8s:update=NoModify
    #[serde(rename = "customTypeNoModify")]
    custom_type_no_modify: CustomString,
    /// +k8s:update=NoSet
    #[serde(rename = "customTypeNoSet")]
    custom_type_no_set: CustomInt,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct TestStruct {
    #[serde(rename = "stringField")]
    string_field: String,
    #[serde(rename = "intField")]
    int_field: i64,
}

// A slice makes it non-comparable in Go.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct NonComparableStruct {
    #[serde(rename = "sliceField")]
    slice_field: Vec<String>,
    #[serde(rename = "intField")]
    int_field: i64,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct CustomString(String);

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct CustomInt(i64);

/// The base value (all zero) with the given fields set.
macro_rules! with {
    ($($f:ident: $v:expr),* $(,)?) => {
        UpdateTestStruct { $($f: $v,)* ..Default::default() }
    };
}

fn base() -> UpdateTestStruct {
    UpdateTestStruct::default()
}

const SET: &str = "field cannot be set once created";
const UNSET: &str = "field cannot be cleared once set";
const MODIFY: &str = "field cannot be modified once set";

fn m() -> ErrorMatcher {
    ErrorMatcher::default()
        .by_type()
        .by_field()
        .by_detail_substring()
        .by_origin()
}

fn err(field: &str, detail: &str) -> ErrorList {
    ErrorList(vec![
        Error::invalid(&path(field), Value::Null, detail.to_owned()).with_origin("update"),
    ])
}

fn s(v: &str) -> String {
    v.to_string()
}

fn ts(s: &str, i: i64) -> TestStruct {
    TestStruct {
        string_field: s.into(),
        int_field: i,
    }
}

#[test]
fn test_update_tags() {
    // String NoSet.
    value(with!(string_no_set: s("value")))
        .old_value(base())
        .expect_matches(m(), err("stringNoSet", SET));
    value(base()).old_value(base()).expect_valid();

    // String NoUnset.
    value(with!(string_no_unset: s("value")))
        .old_value(base())
        .expect_valid();
    value(base())
        .old_value(with!(string_no_unset: s("value")))
        .expect_matches(m(), err("stringNoUnset", UNSET));

    // String NoModify.
    value(with!(string_no_modify: s("value")))
        .old_value(base())
        .expect_valid();
    value(base())
        .old_value(with!(string_no_modify: s("value")))
        .expect_valid();
    value(with!(string_no_modify: s("different")))
        .old_value(with!(string_no_modify: s("value")))
        .expect_matches(m(), err("stringNoModify", MODIFY));

    // String fully restricted.
    value(with!(string_fully_restricted: s("value")))
        .old_value(base())
        .expect_matches(m(), err("stringFullyRestricted", SET));
    value(base())
        .old_value(with!(string_fully_restricted: s("value")))
        .expect_matches(m(), err("stringFullyRestricted", UNSET));
    value(with!(string_fully_restricted: s("different")))
        .old_value(with!(string_fully_restricted: s("value")))
        .expect_matches(m(), err("stringFullyRestricted", MODIFY));

    // String set-once.
    value(with!(string_set_once: s("value")))
        .old_value(base())
        .expect_valid();
    value(base())
        .old_value(with!(string_set_once: s("value")))
        .expect_matches(m(), err("stringSetOnce", UNSET));
    value(with!(string_set_once: s("different")))
        .old_value(with!(string_set_once: s("value")))
        .expect_matches(m(), err("stringSetOnce", MODIFY));

    // Int NoModify.
    value(with!(int_no_modify: 10))
        .old_value(base())
        .expect_valid();
    value(with!(int_no_modify: 20))
        .old_value(with!(int_no_modify: 10))
        .expect_matches(m(), err("intNoModify", MODIFY));

    // Int32 NoModify.
    value(with!(int32_no_modify: 42))
        .old_value(base())
        .expect_valid();
    value(with!(int32_no_modify: 100))
        .old_value(with!(int32_no_modify: 42))
        .expect_matches(m(), err("int32NoModify", MODIFY));

    // Uint NoModify.
    value(with!(uint_no_modify: 42))
        .old_value(base())
        .expect_valid();
    value(with!(uint_no_modify: 100))
        .old_value(with!(uint_no_modify: 42))
        .expect_matches(m(), err("uintNoModify", MODIFY));

    // Bool NoModify: false -> true is a set, true -> false an unset.
    value(with!(bool_no_modify: true))
        .old_value(base())
        .expect_valid();
    value(base())
        .old_value(with!(bool_no_modify: true))
        .expect_valid();

    // Float32 NoModify.
    value(with!(float32_no_modify: 3.14))
        .old_value(base())
        .expect_valid();
    value(with!(float32_no_modify: 2.71))
        .old_value(with!(float32_no_modify: 3.14))
        .expect_matches(m(), err("float32NoModify", MODIFY));

    // Float64 NoModify.
    value(with!(float64_no_modify: 3.14))
        .old_value(base())
        .expect_valid();
    value(with!(float64_no_modify: 2.71))
        .old_value(with!(float64_no_modify: 3.14))
        .expect_matches(m(), err("float64NoModify", MODIFY));

    // Byte NoModify.
    value(with!(byte_no_modify: 255))
        .old_value(base())
        .expect_valid();
    value(with!(byte_no_modify: 128))
        .old_value(with!(byte_no_modify: 255))
        .expect_matches(m(), err("byteNoModify", MODIFY));

    // Struct NoModify (a non-pointer struct is always set).
    value(with!(struct_no_modify: ts("different", 100)))
        .old_value(with!(struct_no_modify: ts("value", 42)))
        .expect_matches(m(), err("structNoModify", MODIFY));

    // Non-comparable struct NoModify: even the zero value is "set", so
    // any change is a modification.
    let ncs = |a: &str, b: &str, i: i64| NonComparableStruct {
        slice_field: vec![a.into(), b.into()],
        int_field: i,
    };
    value(with!(non_comparable_struct_no_modify: ncs("a", "b", 42)))
        .old_value(base())
        .expect_matches(m(), err("nonComparableStructNoModify", MODIFY));
    value(with!(non_comparable_struct_no_modify: ncs("c", "d", 100)))
        .old_value(with!(non_comparable_struct_no_modify: ncs("a", "b", 42)))
        .expect_matches(m(), err("nonComparableStructNoModify", MODIFY));
    value(with!(non_comparable_struct_no_modify: ncs("a", "b", 42)))
        .old_value(with!(non_comparable_struct_no_modify: ncs("a", "b", 42)))
        .expect_valid();

    // Pointer NoSet.
    value(with!(pointer_no_set: Some(s("value"))))
        .old_value(base())
        .expect_matches(m(), err("pointerNoSet", SET));

    // Pointer NoUnset.
    value(with!(pointer_no_unset: Some(s("value"))))
        .old_value(base())
        .expect_valid();
    value(base())
        .old_value(with!(pointer_no_unset: Some(s("value"))))
        .expect_matches(m(), err("pointerNoUnset", UNSET));

    // Pointer NoModify.
    value(with!(pointer_no_modify: Some(s("value"))))
        .old_value(base())
        .expect_valid();
    value(base())
        .old_value(with!(pointer_no_modify: Some(s("value"))))
        .expect_valid();
    value(with!(pointer_no_modify: Some(s("different"))))
        .old_value(with!(pointer_no_modify: Some(s("value"))))
        .expect_matches(m(), err("pointerNoModify", MODIFY));

    // Pointer fully restricted.
    value(with!(pointer_fully_restricted: Some(s("value"))))
        .old_value(base())
        .expect_matches(m(), err("pointerFullyRestricted", SET));
    value(base())
        .old_value(with!(pointer_fully_restricted: Some(s("value"))))
        .expect_matches(m(), err("pointerFullyRestricted", UNSET));
    value(with!(pointer_fully_restricted: Some(s("different"))))
        .old_value(with!(pointer_fully_restricted: Some(s("value"))))
        .expect_matches(m(), err("pointerFullyRestricted", MODIFY));

    // Int pointer NoModify.
    value(with!(int_pointer_no_modify: Some(42)))
        .old_value(base())
        .expect_valid();
    value(base())
        .old_value(with!(int_pointer_no_modify: Some(42)))
        .expect_valid();
    value(with!(int_pointer_no_modify: Some(100)))
        .old_value(with!(int_pointer_no_modify: Some(42)))
        .expect_matches(m(), err("intPointerNoModify", MODIFY));

    // Bool pointer NoModify.
    value(with!(bool_pointer_no_modify: Some(false)))
        .old_value(base())
        .expect_valid();
    value(with!(bool_pointer_no_modify: Some(true)))
        .old_value(with!(bool_pointer_no_modify: Some(false)))
        .expect_matches(m(), err("boolPointerNoModify", MODIFY));

    // Struct pointer NoModify.
    value(with!(struct_pointer_no_modify: Some(ts("value", 42))))
        .old_value(base())
        .expect_valid();
    value(base())
        .old_value(with!(struct_pointer_no_modify: Some(ts("value", 42))))
        .expect_valid();
    value(with!(struct_pointer_no_modify: Some(ts("different", 100))))
        .old_value(with!(struct_pointer_no_modify: Some(ts("value", 42))))
        .expect_matches(m(), err("structPointerNoModify", MODIFY));

    // Custom type NoModify.
    value(with!(custom_type_no_modify: CustomString(s("custom-value"))))
        .old_value(base())
        .expect_valid();
    value(with!(custom_type_no_modify: CustomString(s("different-value"))))
        .old_value(with!(custom_type_no_modify: CustomString(s("custom-value"))))
        .expect_matches(m(), err("customTypeNoModify", MODIFY));

    // Custom type NoSet.
    value(with!(custom_type_no_set: CustomInt(42)))
        .old_value(base())
        .expect_matches(m(), err("customTypeNoSet", SET));
}
