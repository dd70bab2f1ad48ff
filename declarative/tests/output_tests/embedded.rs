//! Port of `cmd/validation-gen/output_tests/embedded`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (types with a `TypeMeta` field registered: `T1`).
//! Go's embedded `T2` and `*T3` carry the tag `json:""`; validation-gen
//! names their paths by the Go field names (`T2.intField`), so here they are
//! ordinary fields with those names (not `#[serde(flatten)]`, which would
//! drop the segment).

#![allow(non_snake_case)]

use crate::support::value;
use apimachinery::Validate;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T1 {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    #[serde(rename = "T2")]
    t2: T2,
    #[serde(rename = "T3")]
    t3: Option<T3>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T2 {
    /// +k8s:validateFalse="T2.IntField"
    #[serde(rename = "intField")]
    int_field: i64,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T3 {
    /// +k8s:validateFalse="T3.StringField"
    #[serde(rename = "stringField")]
    string_field: String,

    /// +k8s:validateFalse="T3.IntField"
    #[serde(rename = "intField")]
    int_field: i64,
}

#[test]
fn t1() {
    value(T1 {
        type_meta: 7,
        t2: T2 { int_field: 1 },
        t3: Some(T3 {
            string_field: "a".into(),
            int_field: 2,
        }),
    })
    .expect_validate_false_by_path(&[
        ("T2.intField", &["T2.IntField"]),
        ("T3.intField", &["T3.IntField"]),
        ("T3.stringField", &["T3.StringField"]),
    ]);
}
