//! Port of `cmd/validation-gen/output_tests/one_type_match/with_type_validations`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test registering only the types with a `TypeMeta` field
//! (`+k8s:validation-gen=TypesWithField=TypeMeta`), i.e. `T1`. The derive
//! is per type, so `T2` and `E1`, neither registered nor linked, have no
//! validators here (no derive), as in Go.

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;

/// +k8s:validateFalse="type T1"
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T1 {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,
}

// Note: this has no validations.
#[allow(dead_code)]
struct T2 {}

/// +k8s:validateFalse="type E1"
#[allow(dead_code)]
struct E1(String);

#[test]
fn t1() {
    value(T1 { type_meta: 7 }).expect_validate_false_by_path(&[("", &["type T1"])]);
}
