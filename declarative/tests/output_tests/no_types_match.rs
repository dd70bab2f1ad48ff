//! Port of `cmd/validation-gen/output_tests/no_types_match`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test whose package selects the types with a `TypeMeta`
//! field (`+k8s:validation-gen=TypesWithField=TypeMeta`) and has none, so
//! nothing is registered, no validator is generated, and
//! `testdata/validate-false.json` is `{}`.
//!
//! Not ported as a test: the derive selects types one by one, so "no type
//! is registered" is a Rust module whose types do not derive `Validate`;
//! the fixture then has no type to fill and nothing to assert. The types are
//! kept (without the derive) to record the Go package.

#![allow(dead_code)]

/// Selected by nothing: no `TypeMeta` field.
struct T1 {
    /// +k8s:validateFalse="from field T1.S"
    s: String,
    /// +k8s:validateFalse="from field T1.T2"
    t2: T2,
}

/// Selected by nothing: no `TypeMeta` field.
struct T2 {
    /// +k8s:validateFalse="from field T2.S"
    s: String,
}
