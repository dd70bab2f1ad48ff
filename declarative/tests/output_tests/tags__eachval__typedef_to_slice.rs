//! Port of `cmd/validation-gen/output_tests/tags/eachval/typedef_to_slice`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;

// Note: no validation here.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
#[allow(dead_code)]
struct UnvalidatedType(Vec<String>);

/// +k8s:eachVal=+k8s:validateFalse="type ListType[*]"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct ListType(Vec<String>);

// Note: no validation here.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
#[allow(dead_code)]
struct UnvalidatedPtrType(Vec<Option<String>>);

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct StringType(String);

/// +k8s:eachVal=+k8s:validateFalse="type ListTypedefType[*]"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct ListTypedefType(Vec<StringType>);

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListField[*]"
    #[serde(rename = "listField")]
    #[dv(typedef = "Vec<String>")]
    list_field: ListType,
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListTypedefField[*]"
    #[serde(rename = "listTypedefField")]
    #[dv(typedef = "Vec<StringType>")]
    list_typedef_field: ListTypedefType,
}

#[test]
fn test() {
    value(Struct::default()).expect_valid();
    value(Struct {
        list_field: ListType(vec!["zero".into(), "one".into()]),
        list_typedef_field: ListTypedefType(vec![
            StringType("zero".into()),
            StringType("one".into()),
        ]),
    })
    .expect_validate_false_by_path(&[
        (
            "listField[0]",
            &["type ListType[*]", "field Struct.ListField[*]"],
        ),
        (
            "listField[1]",
            &["type ListType[*]", "field Struct.ListField[*]"],
        ),
        (
            "listTypedefField[0]",
            &[
                "type ListTypedefType[*]",
                "field Struct.ListTypedefField[*]",
            ],
        ),
        (
            "listTypedefField[1]",
            &[
                "type ListTypedefType[*]",
                "field Struct.ListTypedefField[*]",
            ],
        ),
    ]);
}
