//! Port of `cmd/validation-gen/output_tests/slices/typedef_to_slice`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (`ValidateFixtures`, `testdata/validate-false.json`),
//! the fixture's filled value built by hand (every slice with 2 elements,
//! every pointer set).

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;

// Note: no validation here.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct UnvalidatedType(Vec<String>);

// Note: no validation here.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct UnvalidatedPtrType(Vec<Option<String>>);

/// +k8s:validateFalse="type ListType"
/// +k8s:eachVal=+k8s:validateFalse="type ListType[*]"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct ListType(Vec<String>);

/// +k8s:validateFalse="type ListPtrType"
/// +k8s:eachVal=+k8s:validateFalse="type ListPtrType[*]"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct ListPtrType(Vec<Option<String>>);

/// +k8s:validateFalse="type ListTypedefType"
/// +k8s:eachVal=+k8s:validateFalse="type ListTypedefType[*]"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct ListTypedefType(Vec<StringType>);

/// +k8s:validateFalse="type ListPtrTypedefType"
/// +k8s:eachVal=+k8s:validateFalse="type ListPtrTypedefType[*]"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct ListPtrTypedefType(Vec<Option<StringType>>);

/// +k8s:validateFalse="type StringType"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct StringType(String);

/// +k8s:validateFalse="type Struct"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    #[serde(rename = "TypeMeta")]
    type_meta: i64,

    /// +k8s:validateFalse="field Struct.ListField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListField[*]"
    #[serde(rename = "listField")]
    #[dv(typedef = "Vec<String>")]
    list_field: ListType,

    /// +k8s:validateFalse="field Struct.ListTypedefField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListTypedefField[*]"
    #[serde(rename = "listTypedefField")]
    #[dv(typedef = "Vec<StringType>")]
    list_typedef_field: ListTypedefType,

    #[serde(rename = "UnvalidatedListField")]
    unvalidated_list_field: UnvalidatedType,

    /// +k8s:validateFalse="field Struct.ListPtrField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListPtrField[*]"
    #[serde(rename = "listPtrField")]
    #[dv(typedef = "Vec<Option<String>>")]
    list_ptr_field: ListPtrType,

    /// +k8s:validateFalse="field Struct.ListPtrTypedefField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListPtrTypedefField[*]"
    #[serde(rename = "listPtrTypedefField")]
    #[dv(typedef = "Vec<Option<StringType>>")]
    list_ptr_typedef_field: ListPtrTypedefType,

    #[serde(rename = "UnvalidatedListPtrField")]
    unvalidated_list_ptr_field: UnvalidatedPtrType,
}

#[test]
fn test() {
    let s = |v: &str| v.to_string();
    let t = |v: &str| StringType(v.into());
    value(Struct {
        type_meta: 4,
        list_field: ListType(vec![s("a"), s("b")]),
        list_typedef_field: ListTypedefType(vec![t("c"), t("d")]),
        unvalidated_list_field: UnvalidatedType(vec![s("e"), s("f")]),
        list_ptr_field: ListPtrType(vec![Some(s("g")), Some(s("h"))]),
        list_ptr_typedef_field: ListPtrTypedefType(vec![Some(t("i")), Some(t("j"))]),
        unvalidated_list_ptr_field: UnvalidatedPtrType(vec![Some(s("k")), Some(s("l"))]),
    })
    .expect_validate_false_by_path(&[
        ("", &["type Struct"]),
        ("listField", &["field Struct.ListField", "type ListType"]),
        (
            "listField[0]",
            &["field Struct.ListField[*]", "type ListType[*]"],
        ),
        (
            "listField[1]",
            &["field Struct.ListField[*]", "type ListType[*]"],
        ),
        (
            "listPtrField",
            &["field Struct.ListPtrField", "type ListPtrType"],
        ),
        (
            "listPtrField[0]",
            &["field Struct.ListPtrField[*]", "type ListPtrType[*]"],
        ),
        (
            "listPtrField[1]",
            &["field Struct.ListPtrField[*]", "type ListPtrType[*]"],
        ),
        (
            "listPtrTypedefField",
            &[
                "field Struct.ListPtrTypedefField",
                "type ListPtrTypedefType",
            ],
        ),
        (
            "listPtrTypedefField[0]",
            &[
                "field Struct.ListPtrTypedefField[*]",
                "type ListPtrTypedefType[*]",
                "type StringType",
            ],
        ),
        (
            "listPtrTypedefField[1]",
            &[
                "field Struct.ListPtrTypedefField[*]",
                "type ListPtrTypedefType[*]",
                "type StringType",
            ],
        ),
        (
            "listTypedefField",
            &["field Struct.ListTypedefField", "type ListTypedefType"],
        ),
        (
            "listTypedefField[0]",
            &[
                "field Struct.ListTypedefField[*]",
                "type ListTypedefType[*]",
                "type StringType",
            ],
        ),
        (
            "listTypedefField[1]",
            &[
                "field Struct.ListTypedefField[*]",
                "type ListTypedefType[*]",
                "type StringType",
            ],
        ),
    ]);
}
