//! Port of `cmd/validation-gen/output_tests/tags/neq/neqstring`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{by_type_field_origin, path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList};
use serde_json::Value;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:neq="disallowed-string"
    #[serde(rename = "stringField")]
    string_field: String,
    /// +k8s:neq="disallowed-pointer"
    #[serde(rename = "stringPtrField")]
    string_ptr_field: Option<String>,
    /// +k8s:neq="disallowed-typedef"
    #[serde(rename = "stringTypedefField")]
    string_typedef_field: StringType,
    /// +k8s:neq="disallowed-typedef-pointer"
    #[serde(rename = "stringTypedefPtrField")]
    string_typedef_ptr_field: Option<StringType>,
    #[serde(rename = "validatedTypedefField")]
    validated_typedef_field: ValidatedStringType,
    #[serde(rename = "validatedTypedefPtrField")]
    validated_typedef_ptr_field: Option<ValidatedStringType>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct StringType(String);

impl AsRef<str> for StringType {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

/// +k8s:neq="disallowed-on-type"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct ValidatedStringType(String);

fn st(s: &str) -> StringType {
    StringType(s.into())
}

fn vst(s: &str) -> ValidatedStringType {
    ValidatedStringType(s.into())
}

#[test]
fn test() {
    value(Struct {
        string_field: "allowed-string".into(),
        string_ptr_field: Some("allowed-pointer".into()),
        string_typedef_field: st("allowed-typedef"),
        string_typedef_ptr_field: Some(st("allowed-typedef-pointer")),
        validated_typedef_field: vst("allowed-on-type"),
        validated_typedef_ptr_field: Some(vst("allowed-on-type-ptr")),
    })
    .expect_valid();
    value(Struct {
        string_field: "allowed-string".into(),
        string_typedef_field: st("allowed-typedef"),
        validated_typedef_field: vst("allowed-on-type"),
        ..Default::default()
    })
    .expect_valid();
    let invalid = Struct {
        string_field: "disallowed-string".into(),
        string_ptr_field: Some("disallowed-pointer".into()),
        string_typedef_field: st("disallowed-typedef"),
        string_typedef_ptr_field: Some(st("disallowed-typedef-pointer")),
        validated_typedef_field: vst("disallowed-on-type"),
        validated_typedef_ptr_field: Some(vst("disallowed-on-type")),
    };
    value(invalid.clone()).expect_matches(
        by_type_field_origin(),
        ErrorList(
            [
                "stringField",
                "stringPtrField",
                "stringTypedefField",
                "stringTypedefPtrField",
                "validatedTypedefField",
                "validatedTypedefPtrField",
            ]
            .into_iter()
            .map(|f| Error::invalid(&path(f), Value::Null, "").with_origin("neq"))
            .collect(),
        ),
    );
    // Ratcheting.
    value(invalid.clone()).old_value(invalid).expect_valid();
}
