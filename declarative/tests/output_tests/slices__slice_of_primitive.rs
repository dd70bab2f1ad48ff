//! Port of `cmd/validation-gen/output_tests/slices/slice_of_primitive`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (`ValidateFixtures`, `testdata/validate-false.json`),
//! the fixture's filled value built by hand (every slice with 2 elements,
//! every pointer set).

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;

/// +k8s:validateFalse="type Struct"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    #[serde(rename = "TypeMeta")]
    type_meta: i64,

    /// +k8s:validateFalse="field Struct.ListField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListField[*]"
    #[serde(rename = "listField")]
    list_field: Vec<String>,

    /// +k8s:validateFalse="field Struct.ListTypedefField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListTypedefField[*]"
    #[serde(rename = "listTypedefField")]
    list_typedef_field: Vec<StringType>,

    #[serde(rename = "UnvalidatedListField")]
    unvalidated_list_field: Vec<String>,

    /// +k8s:validateFalse="field Struct.ListPtrField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListPtrField[*]"
    #[serde(rename = "listPtrField")]
    list_ptr_field: Vec<Option<String>>,

    /// +k8s:validateFalse="field Struct.ListPtrTypedefField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListPtrTypedefField[*]"
    #[serde(rename = "listPtrTypedefField")]
    list_ptr_typedef_field: Vec<Option<StringType>>,

    #[serde(rename = "UnvalidatedListPtrField")]
    unvalidated_list_ptr_field: Vec<Option<String>>,
}

/// +k8s:validateFalse="type StringType"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct StringType(String);

#[test]
fn test() {
    let s = |v: &str| v.to_string();
    let t = |v: &str| StringType(v.into());
    value(Struct {
        type_meta: 1,
        list_field: vec![s("a"), s("b")],
        list_typedef_field: vec![t("c"), t("d")],
        unvalidated_list_field: vec![s("e"), s("f")],
        list_ptr_field: vec![Some(s("g")), Some(s("h"))],
        list_ptr_typedef_field: vec![Some(t("i")), Some(t("j"))],
        unvalidated_list_ptr_field: vec![Some(s("k")), Some(s("l"))],
    })
    .expect_validate_false_by_path(&[
        ("", &["type Struct"]),
        ("listField", &["field Struct.ListField"]),
        ("listField[0]", &["field Struct.ListField[*]"]),
        ("listField[1]", &["field Struct.ListField[*]"]),
        ("listPtrField", &["field Struct.ListPtrField"]),
        ("listPtrField[0]", &["field Struct.ListPtrField[*]"]),
        ("listPtrField[1]", &["field Struct.ListPtrField[*]"]),
        ("listPtrTypedefField", &["field Struct.ListPtrTypedefField"]),
        (
            "listPtrTypedefField[0]",
            &["field Struct.ListPtrTypedefField[*]", "type StringType"],
        ),
        (
            "listPtrTypedefField[1]",
            &["field Struct.ListPtrTypedefField[*]", "type StringType"],
        ),
        ("listTypedefField", &["field Struct.ListTypedefField"]),
        (
            "listTypedefField[0]",
            &["field Struct.ListTypedefField[*]", "type StringType"],
        ),
        (
            "listTypedefField[1]",
            &["field Struct.ListTypedefField[*]", "type StringType"],
        ),
    ]);
}
