//! Port of `cmd/validation-gen/output_tests/public_private`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (`ValidateFixtures`, `testdata/validate-false.json`).
//! Go's unexported fields, which are not part of the JSON, are Rust fields
//! with `#[serde(skip)]`: validation-gen does not see them, nor their tags.
//! Go's unexported type `private` is not registered (it has no `TypeMeta`
//! and is not used by `T1`), so it is not in the JSON.

#![allow(non_camel_case_types)]

use crate::support::value;
use apimachinery::Validate;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T1 {
    /// +k8s:validateFalse="field T1.Public"
    public: String,

    /// +k8s:validateFalse="field T1.private"
    #[serde(skip)]
    private: String,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[allow(dead_code)]
struct private {
    /// +k8s:validateFalse="field private.Public"
    public: String,

    /// +k8s:validateFalse="field private.private"
    #[serde(skip)]
    private: String,
}

#[test]
fn t1() {
    value(T1 {
        public: "p1".into(),
        private: "p2".into(),
    })
    .expect_validate_false_by_path(&[("public", &["field T1.Public"])]);
}
