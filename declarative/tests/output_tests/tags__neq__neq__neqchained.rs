//! Port of `cmd/validation-gen/output_tests/tags/neq/neq/neqchained`
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
    /// +k8s:subfield(stringField)=+k8s:neq="disallowed-subfield"
    #[serde(rename = "structField")]
    struct_field: InnerStruct,
    /// +k8s:optional
    /// +k8s:subfield(stringField)=+k8s:neq="disallowed-subfield-ptr"
    #[serde(rename = "structPtrField")]
    struct_ptr_field: Option<InnerStruct>,
    /// +k8s:eachVal=+k8s:neq="disallowed-slice"
    #[serde(rename = "stringSliceField")]
    string_slice_field: Vec<String>,
    /// +k8s:eachVal=+k8s:neq="disallowed-map-val"
    #[serde(rename = "stringMapField")]
    string_map_field: BTreeMap<String, String>,
    /// +k8s:eachKey=+k8s:neq="disallowed-key"
    #[serde(rename = "stringMapKeyField")]
    string_map_key_field: BTreeMap<String, String>,
    #[serde(rename = "validatedSliceField")]
    validated_slice_field: ValidatedStringSlice,
    #[serde(rename = "validatedStructField")]
    validated_struct_field: ValidatedInnerStruct,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct InnerStruct {
    #[serde(rename = "stringField")]
    string_field: String,
}

/// +k8s:eachVal=+k8s:neq="disallowed-typedef"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct ValidatedStringSlice(Vec<String>);

// Go's `type ValidatedInnerStruct InnerStruct` is a struct type of its own
// with the same fields.
/// +k8s:subfield(stringField)=+k8s:neq="disallowed-typedef-struct"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct ValidatedInnerStruct {
    #[serde(rename = "stringField")]
    string_field: String,
}

fn inner(s: &str) -> InnerStruct {
    InnerStruct {
        string_field: s.into(),
    }
}

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

fn map(v: &[(&str, &str)]) -> BTreeMap<String, String> {
    v.iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

#[test]
fn test() {
    value(Struct {
        struct_field: inner("allowed"),
        struct_ptr_field: Some(inner("valid")),
        string_slice_field: strs(&["allowed", "valid"]),
        string_map_field: map(&[("k1", "allowed"), ("k2", "valid")]),
        string_map_key_field: map(&[("allowed-key", "v1"), ("valid-key", "v2")]),
        validated_slice_field: ValidatedStringSlice(strs(&["allowed", "valid"])),
        validated_struct_field: ValidatedInnerStruct {
            string_field: "allowed".into(),
        },
    })
    .expect_valid();
    // Empty collections and unset.
    value(Struct {
        struct_ptr_field: Some(inner("valid")),
        validated_struct_field: ValidatedInnerStruct {
            string_field: "allowed".into(),
        },
        ..Default::default()
    })
    .expect_valid();
    let invalid = Struct {
        struct_field: inner("disallowed-subfield"),
        struct_ptr_field: Some(inner("disallowed-subfield-ptr")),
        string_slice_field: strs(&["valid", "disallowed-slice", "disallowed-slice"]),
        string_map_field: map(&[
            ("a", "disallowed-map-val"),
            ("b", "valid"),
            ("c", "disallowed-map-val"),
        ]),
        string_map_key_field: map(&[("disallowed-key", "value"), ("allowed", "ok")]),
        validated_slice_field: ValidatedStringSlice(strs(&[
            "valid",
            "disallowed-typedef",
            "disallowed-typedef",
        ])),
        validated_struct_field: ValidatedInnerStruct {
            string_field: "disallowed-typedef-struct".into(),
        },
    };
    let neq =
        |p: &apimachinery::field::Path<'_>| Error::invalid(p, Value::Null, "").with_origin("neq");
    value(invalid.clone()).expect_matches(
        by_type_field_origin(),
        ErrorList(vec![
            neq(&path("structField").child("stringField")),
            neq(&path("structPtrField").child("stringField")),
            neq(&path("stringSliceField").index(1)),
            neq(&path("stringSliceField").index(2)),
            neq(&path("stringMapField").key("a")),
            neq(&path("stringMapField").key("c")),
            neq(&path("stringMapKeyField")),
            neq(&path("validatedSliceField").index(1)),
            neq(&path("validatedSliceField").index(2)),
            neq(&path("validatedStructField").child("stringField")),
        ]),
    );
    // Ratcheting.
    value(invalid.clone()).old_value(invalid).expect_valid();
}
