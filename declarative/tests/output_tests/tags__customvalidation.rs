//! Port of `cmd/validation-gen/output_tests/tags/customvalidation`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher, Path};
use apimachinery::operation::Context;
use serde_json::Value;
use std::collections::BTreeMap;

/// +k8s:customValidation
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:customValidation
    #[serde(rename = "stringField")]
    string_field: String,
    // Combined with a declarative tag: both validations run on this field.
    /// +k8s:maxLength=3
    /// +k8s:customValidation
    #[serde(rename = "maxLengthField")]
    max_length_field: String,
    // StringType is custom-validated wherever it appears via traversal.
    #[serde(rename = "typedefField")]
    typedef_field: StringType,
    #[serde(rename = "typedefPtrField")]
    typedef_ptr_field: Option<StringType>,
    #[serde(rename = "typedefSliceField")]
    typedef_slice_field: Vec<StringType>,
    #[serde(rename = "typedefMapField")]
    typedef_map_field: BTreeMap<String, StringType>,
    #[serde(rename = "structField")]
    struct_field: OtherStruct,
}

/// +k8s:customValidation
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct StringType(String);

impl AsRef<str> for StringType {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct OtherStruct {
    /// +k8s:customValidation
    #[serde(rename = "stringField")]
    string_field: String,
}

// OptionStruct: custom validation gated behind a feature option.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct OptionStruct {
    /// +k8s:ifEnabled(FeatureX)=+k8s:customValidation
    #[serde(rename = "stringField")]
    string_field: String,
}

// EachStruct: custom validation (via the StringType element type) next to
// a declarative per-element check applied by eachVal.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct EachStruct {
    /// +k8s:eachVal=+k8s:maxLength=3
    #[serde(rename = "sliceField")]
    slice_field: Vec<StringType>,
}

// The custom validations are structural markers: each gives one error at
// the path it is called with.
fn marker(path: &Path<'_>, name: &str) -> ErrorList {
    ErrorList(vec![Error::invalid(path, Value::Null, name.to_owned())])
}

impl Struct {
    fn validate_custom(
        _: &Context,
        path: &Path<'_>,
        _: Option<&Struct>,
        _: Option<&Struct>,
    ) -> ErrorList {
        marker(path, "ValidateCustom_Struct")
    }
    fn validate_custom_string_field(
        _: &Context,
        path: &Path<'_>,
        _: Option<&String>,
        _: Option<&String>,
    ) -> ErrorList {
        marker(path, "ValidateCustom_Struct_StringField")
    }
    fn validate_custom_max_length_field(
        _: &Context,
        path: &Path<'_>,
        _: Option<&String>,
        _: Option<&String>,
    ) -> ErrorList {
        marker(path, "ValidateCustom_Struct_MaxLengthField")
    }
}

impl StringType {
    fn validate_custom(
        _: &Context,
        path: &Path<'_>,
        _: Option<&String>,
        _: Option<&String>,
    ) -> ErrorList {
        marker(path, "ValidateCustom_StringType")
    }
}

impl OtherStruct {
    fn validate_custom_string_field(
        _: &Context,
        path: &Path<'_>,
        _: Option<&String>,
        _: Option<&String>,
    ) -> ErrorList {
        marker(path, "ValidateCustom_OtherStruct_StringField")
    }
}

impl OptionStruct {
    fn validate_custom_string_field(
        _: &Context,
        path: &Path<'_>,
        _: Option<&String>,
        _: Option<&String>,
    ) -> ErrorList {
        marker(path, "ValidateCustom_OptionStruct_StringField")
    }
}

fn by_type_field() -> ErrorMatcher {
    ErrorMatcher::default().by_type().by_field()
}

#[test]
fn test() {
    let mk = || Struct {
        string_field: "s".into(),
        max_length_field: "toolong".into(),
        typedef_field: StringType("t".into()),
        typedef_ptr_field: Some(StringType("p".into())),
        typedef_slice_field: vec![StringType("e".into())],
        typedef_map_field: [("k".to_string(), StringType("m".into()))].into(),
        struct_field: OtherStruct {
            string_field: "n".into(),
        },
    };
    value(mk()).expect_matches(
        by_type_field(),
        ErrorList(vec![
            Error::invalid(&Path::root(), Value::Null, ""),
            Error::invalid(&path("stringField"), Value::Null, ""),
            Error::invalid(&path("maxLengthField"), Value::Null, ""),
            Error::too_long_characters(&path("maxLengthField"), 3),
            Error::invalid(&path("typedefField"), Value::Null, ""),
            Error::invalid(&path("typedefPtrField"), Value::Null, ""),
            Error::invalid(&path("typedefSliceField").index(0), Value::Null, ""),
            Error::invalid(&path("typedefMapField").key("k"), Value::Null, ""),
            Error::invalid(&path("structField").child("stringField"), Value::Null, ""),
        ]),
    );
    // On a no-op update only the root type-scoped call runs.
    value(mk()).old_value(mk()).expect_matches(
        by_type_field(),
        ErrorList(vec![Error::invalid(&Path::root(), Value::Null, "")]),
    );
}

#[test]
fn test_if_enabled() {
    value(OptionStruct::default())
        .opts(&[("FeatureX", false)])
        .expect_valid();
    value(OptionStruct::default())
        .opts(&[("FeatureX", true)])
        .expect_matches(
            by_type_field(),
            ErrorList(vec![Error::invalid(&path("stringField"), Value::Null, "")]),
        );
}

#[test]
fn test_each_val() {
    value(EachStruct {
        slice_field: vec![StringType("toolong".into())],
    })
    .expect_matches(
        by_type_field(),
        ErrorList(vec![
            Error::invalid(&path("sliceField").index(0), Value::Null, ""),
            Error::too_long_characters(&path("sliceField").index(0), 3),
        ]),
    );
}
