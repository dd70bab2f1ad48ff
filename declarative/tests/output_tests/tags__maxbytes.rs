//! Port of `cmd/validation-gen/output_tests/tags/maxbytes`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:maxBytes=0
    #[serde(rename = "max0Field")]
    max0_field: String,
    /// +k8s:maxBytes=0
    #[serde(rename = "max0PtrField")]
    max0_ptr_field: Option<String>,
    /// +k8s:maxBytes=10
    #[serde(rename = "max10Field")]
    max10_field: String,
    /// +k8s:maxBytes=10
    #[serde(rename = "max10PtrField")]
    max10_ptr_field: Option<String>,
    /// +k8s:maxBytes=0
    #[serde(rename = "max0UnvalidatedTypedefField")]
    max0_unvalidated_typedef_field: UnvalidatedStringType,
    /// +k8s:maxBytes=0
    #[serde(rename = "max0UnvalidatedTypedefPtrField")]
    max0_unvalidated_typedef_ptr_field: Option<UnvalidatedStringType>,
    /// +k8s:maxBytes=10
    #[serde(rename = "max10UnvalidatedTypedefField")]
    max10_unvalidated_typedef_field: UnvalidatedStringType,
    /// +k8s:maxBytes=10
    #[serde(rename = "max10UnvalidatedTypedefPtrField")]
    max10_unvalidated_typedef_ptr_field: Option<UnvalidatedStringType>,
    // Note: no validation here.
    #[serde(rename = "max0ValidatedTypedefField")]
    max0_validated_typedef_field: Max0Type,
    #[serde(rename = "max0ValidatedTypedefPtrField")]
    max0_validated_typedef_ptr_field: Option<Max0Type>,
    #[serde(rename = "max10ValidatedTypedefField")]
    max10_validated_typedef_field: Max10Type,
    #[serde(rename = "max10ValidatedTypedefPtrField")]
    max10_validated_typedef_ptr_field: Option<Max10Type>,
}

// Note: no validation here.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct UnvalidatedStringType(String);

impl AsRef<str> for UnvalidatedStringType {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

// Tags on type definitions are pulled through the validation of fields
// that use the type.
/// +k8s:maxBytes=0
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct Max0Type(String);

/// +k8s:maxBytes=10
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct Max10Type(String);

fn x(n: usize) -> String {
    "x".repeat(n)
}

fn max10(n: usize) -> Struct {
    Struct {
        max10_field: x(n),
        max10_ptr_field: Some(x(n)),
        max10_unvalidated_typedef_field: UnvalidatedStringType(x(n)),
        max10_unvalidated_typedef_ptr_field: Some(UnvalidatedStringType(x(n))),
        max10_validated_typedef_field: Max10Type(x(n)),
        max10_validated_typedef_ptr_field: Some(Max10Type(x(n))),
        ..Default::default()
    }
}

fn too_long() -> Struct {
    Struct {
        max0_field: x(1),
        max0_ptr_field: Some(x(1)),
        max0_unvalidated_typedef_field: UnvalidatedStringType(x(1)),
        max0_unvalidated_typedef_ptr_field: Some(UnvalidatedStringType(x(1))),
        max0_validated_typedef_field: Max0Type(x(1)),
        max0_validated_typedef_ptr_field: Some(Max0Type(x(1))),
        ..max10(11)
    }
}

#[test]
fn test() {
    value(Struct::default()).expect_valid();
    value(max10(1)).expect_valid();
    value(max10(9)).expect_valid();
    value(max10(10)).expect_valid();
    value(too_long()).expect_matches(
        ErrorMatcher::default().by_type().by_field(),
        ErrorList(vec![
            Error::too_long(&path("max0Field"), 0),
            Error::too_long(&path("max0PtrField"), 0),
            Error::too_long(&path("max10Field"), 10),
            Error::too_long(&path("max10PtrField"), 10),
            Error::too_long(&path("max0UnvalidatedTypedefField"), 0),
            Error::too_long(&path("max0UnvalidatedTypedefPtrField"), 0),
            Error::too_long(&path("max10UnvalidatedTypedefField"), 10),
            Error::too_long(&path("max10UnvalidatedTypedefPtrField"), 10),
            Error::too_long(&path("max0ValidatedTypedefField"), 0),
            Error::too_long(&path("max0ValidatedTypedefPtrField"), 0),
            Error::too_long(&path("max10ValidatedTypedefField"), 10),
            Error::too_long(&path("max10ValidatedTypedefPtrField"), 10),
        ]),
    );
    // Ratcheting.
    value(too_long()).old_value(too_long()).expect_valid();
}
