//! Port of `cmd/validation-gen/output_tests/slices/multiple_validations`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (`ValidateFixtures`, `testdata/validate-false.json`),
//! the fixture's filled value built by hand (every slice with 2 elements).

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;

/// +k8s:validateFalse="type Struct #1"
/// +k8s:validateFalse="type Struct #2"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    #[serde(rename = "TypeMeta")]
    type_meta: i64,

    /// +k8s:validateFalse="field Struct.ListField #1"
    /// +k8s:validateFalse="field Struct.ListField #2"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListField[*] #1"
    /// +k8s:eachVal=+k8s:validateFalse="field Struct.ListField[*] #2"
    #[serde(rename = "listField")]
    list_field: Vec<String>,

    #[serde(rename = "UnvalidatedListField")]
    unvalidated_list_field: Vec<String>,
}

#[test]
fn test() {
    value(Struct {
        type_meta: 5,
        list_field: vec!["l0".into(), "l1".into()],
        unvalidated_list_field: vec!["u0".into(), "u1".into()],
    })
    .expect_validate_false_by_path(&[
        ("", &["type Struct #1", "type Struct #2"]),
        (
            "listField",
            &["field Struct.ListField #1", "field Struct.ListField #2"],
        ),
        (
            "listField[0]",
            &[
                "field Struct.ListField[*] #1",
                "field Struct.ListField[*] #2",
            ],
        ),
        (
            "listField[1]",
            &[
                "field Struct.ListField[*] #1",
                "field Struct.ListField[*] #2",
            ],
        ),
    ]);
}
