//! Port of `cmd/validation-gen/output_tests/slices/slice_of_struct`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (`ValidateFixtures`, `testdata/validate-false.json`),
//! the fixture's filled value built by hand (every slice with 2 elements,
//! every pointer set). Go's `type OtherTypedefStruct OtherStruct` is a new
//! struct type with the same (no) fields and its own tags only.

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
    list_field: Vec<OtherStruct>,

    /// +k8s:validateFalse="field Struct.ListTypedefField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListTypedefField[*]"
    #[serde(rename = "listTypedefField")]
    list_typedef_field: Vec<OtherTypedefStruct>,

    #[serde(rename = "UnvalidatedListField")]
    unvalidated_list_field: Vec<UnvalidatedStruct>,

    /// +k8s:validateFalse="field Struct.ListPtrField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListPtrField[*]"
    #[serde(rename = "listPtrField")]
    list_ptr_field: Vec<Option<OtherStruct>>,

    /// +k8s:validateFalse="field Struct.ListPtrTypedefField"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListPtrTypedefField[*]"
    #[serde(rename = "listPtrTypedefField")]
    list_ptr_typedef_field: Vec<Option<OtherTypedefStruct>>,

    #[serde(rename = "UnvalidatedListPtrField")]
    unvalidated_list_ptr_field: Vec<Option<UnvalidatedStruct>>,
}

/// +k8s:validateFalse="type OtherStruct"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct OtherStruct {}

/// +k8s:validateFalse="type OtherTypedefStruct"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct OtherTypedefStruct {}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct UnvalidatedStruct {}

#[test]
fn test() {
    value(Struct {
        type_meta: 2,
        list_field: vec![OtherStruct {}, OtherStruct {}],
        list_typedef_field: vec![OtherTypedefStruct {}, OtherTypedefStruct {}],
        unvalidated_list_field: vec![UnvalidatedStruct {}, UnvalidatedStruct {}],
        list_ptr_field: vec![Some(OtherStruct {}), Some(OtherStruct {})],
        list_ptr_typedef_field: vec![Some(OtherTypedefStruct {}), Some(OtherTypedefStruct {})],
        unvalidated_list_ptr_field: vec![Some(UnvalidatedStruct {}), Some(UnvalidatedStruct {})],
    })
    .expect_validate_false_by_path(&[
        ("", &["type Struct"]),
        ("listField", &["field Struct.ListField"]),
        (
            "listField[0]",
            &["field Struct.ListField[*]", "type OtherStruct"],
        ),
        (
            "listField[1]",
            &["field Struct.ListField[*]", "type OtherStruct"],
        ),
        ("listPtrField", &["field Struct.ListPtrField"]),
        (
            "listPtrField[0]",
            &["field Struct.ListPtrField[*]", "type OtherStruct"],
        ),
        (
            "listPtrField[1]",
            &["field Struct.ListPtrField[*]", "type OtherStruct"],
        ),
        ("listPtrTypedefField", &["field Struct.ListPtrTypedefField"]),
        (
            "listPtrTypedefField[0]",
            &[
                "field Struct.ListPtrTypedefField[*]",
                "type OtherTypedefStruct",
            ],
        ),
        (
            "listPtrTypedefField[1]",
            &[
                "field Struct.ListPtrTypedefField[*]",
                "type OtherTypedefStruct",
            ],
        ),
        ("listTypedefField", &["field Struct.ListTypedefField"]),
        (
            "listTypedefField[0]",
            &[
                "field Struct.ListTypedefField[*]",
                "type OtherTypedefStruct",
            ],
        ),
        (
            "listTypedefField[1]",
            &[
                "field Struct.ListTypedefField[*]",
                "type OtherTypedefStruct",
            ],
        ),
    ]);
}
