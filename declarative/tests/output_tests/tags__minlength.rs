//! Port of `cmd/validation-gen/output_tests/tags/minlength`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).
//! The one Go package here without `+k8s:validation-gen-nolint`: the lint runs.

#![allow(non_snake_case)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};

#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    /// +k8s:alpha=+k8s:minLength=0
    /// +k8s:optional
    #[serde(rename = "min0PtrField")]
    min0_ptr_field: Option<String>,
    /// +k8s:alpha=+k8s:minLength=2
    /// +k8s:optional
    #[serde(rename = "min2Field")]
    min2_field: String,
    /// +k8s:alpha=+k8s:minLength=2
    /// +k8s:optional
    #[serde(rename = "min2PtrField")]
    min2_ptr_field: Option<String>,
    /// +k8s:alpha=+k8s:minLength=10
    /// +k8s:optional
    #[serde(rename = "min10Field")]
    min10_field: String,
    /// +k8s:alpha=+k8s:minLength=10
    /// +k8s:optional
    #[serde(rename = "min10PtrField")]
    min10_ptr_field: Option<String>,
    /// +k8s:alpha=+k8s:minLength=2
    /// +k8s:optional
    #[serde(rename = "min2UnvalidatedTypedefField")]
    min2_unvalidated_typedef_field: UnvalidatedStringType,
    /// +k8s:alpha=+k8s:minLength=2
    /// +k8s:optional
    #[serde(rename = "min2UnvalidatedTypedefPtrField")]
    min2_unvalidated_typedef_ptr_field: Option<UnvalidatedStringType>,
    /// +k8s:alpha=+k8s:minLength=10
    /// +k8s:optional
    #[serde(rename = "min10UnvalidatedTypedefField")]
    min10_unvalidated_typedef_field: UnvalidatedStringType,
    /// +k8s:alpha=+k8s:minLength=10
    /// +k8s:optional
    #[serde(rename = "min10UnvalidatedTypedefPtrField")]
    min10_unvalidated_typedef_ptr_field: Option<UnvalidatedStringType>,
    // Note: no minLength validation here.
    /// +k8s:optional
    #[serde(rename = "min2ValidatedTypedefField")]
    min2_validated_typedef_field: Min2Type,
    // Note: no minLength validation here.
    /// +k8s:optional
    #[serde(rename = "min2ValidatedTypedefPtrField")]
    min2_validated_typedef_ptr_field: Option<Min2Type>,
    // Note: no minLength validation here.
    /// +k8s:optional
    #[serde(rename = "min10ValidatedTypedefField")]
    min10_validated_typedef_field: Min10Type,
    // Note: no minLength validation here.
    /// +k8s:optional
    #[serde(rename = "min10ValidatedTypedefPtrField")]
    min10_validated_typedef_ptr_field: Option<Min10Type>,
    /// +k8s:alpha=+k8s:minLength=2
    /// +k8s:optional
    #[serde(rename = "min2UnvalidatedStringAliasField")]
    min2_unvalidated_string_alias_field: UnvalidatedStringAlias,
    /// +k8s:alpha=+k8s:minLength=2
    /// +k8s:optional
    #[serde(rename = "min2UnvalidatedStringAliasPtrField")]
    min2_unvalidated_string_alias_ptr_field: Option<UnvalidatedStringAlias>,
}

// Note: no validation here.
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct UnvalidatedStringType(String);

impl AsRef<str> for UnvalidatedStringType {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

// Note: no validation here (a Go type alias, a Rust type alias).
type UnvalidatedStringAlias = String;

// minLength on a type definition propagates to the fields using the type.
/// +k8s:alpha=+k8s:minLength=2
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct Min2Type(String);

/// +k8s:alpha=+k8s:minLength=10
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct Min10Type(String);

fn x(n: usize) -> String {
    "x".repeat(n)
}

/// Every field but `min0PtrField` set: the min2 ones to `a` x's, the min10
/// ones to `b` x's.
fn mk(a: usize, b: usize) -> Struct {
    Struct {
        min0_ptr_field: None,
        min2_field: x(a),
        min2_ptr_field: Some(x(a)),
        min10_field: x(b),
        min10_ptr_field: Some(x(b)),
        min2_unvalidated_typedef_field: UnvalidatedStringType(x(a)),
        min2_unvalidated_typedef_ptr_field: Some(UnvalidatedStringType(x(a))),
        min10_unvalidated_typedef_field: UnvalidatedStringType(x(b)),
        min10_unvalidated_typedef_ptr_field: Some(UnvalidatedStringType(x(b))),
        min2_validated_typedef_field: Min2Type(x(a)),
        min2_validated_typedef_ptr_field: Some(Min2Type(x(a))),
        min10_validated_typedef_field: Min10Type(x(b)),
        min10_validated_typedef_ptr_field: Some(Min10Type(x(b))),
        min2_unvalidated_string_alias_field: x(a),
        min2_unvalidated_string_alias_ptr_field: Some(x(a)),
    }
}

fn too_short() -> ErrorList {
    let e10 = |f: &str| Error::too_short(&path(f), "", 10);
    let e2 = |f: &str| Error::too_short(&path(f), "x", 2);
    ErrorList(vec![
        e10("min10Field"),
        e10("min10PtrField"),
        e10("min10UnvalidatedTypedefField"),
        e10("min10UnvalidatedTypedefPtrField"),
        e10("min10ValidatedTypedefField"),
        e10("min10ValidatedTypedefPtrField"),
        e2("min2Field"),
        e2("min2PtrField"),
        e2("min2UnvalidatedTypedefField"),
        e2("min2UnvalidatedTypedefPtrField"),
        e2("min2ValidatedTypedefField"),
        e2("min2ValidatedTypedefPtrField"),
        e2("min2UnvalidatedStringAliasField"),
        e2("min2UnvalidatedStringAliasPtrField"),
    ])
}

fn by_type_field() -> ErrorMatcher {
    ErrorMatcher::default().by_type().by_field()
}

#[test]
fn test() {
    value(Struct::default()).expect_valid();
    value(mk(1, 1)).expect_matches(by_type_field(), too_short());
    value(mk(1, 9)).expect_matches(by_type_field(), too_short());
    value(Struct {
        min2_validated_typedef_ptr_field: None,
        ..mk(2, 10)
    })
    .expect_valid();
    value(mk(3, 11)).expect_valid();
    // Ratcheting (the alias fields unset on both sides).
    let no_alias = |s: Struct| Struct {
        min2_unvalidated_string_alias_field: String::new(),
        min2_unvalidated_string_alias_ptr_field: None,
        ..s
    };
    value(no_alias(mk(2, 11)))
        .old_value(no_alias(Struct {
            min10_ptr_field: Some(x(1)),
            ..mk(1, 9)
        }))
        .expect_valid();
}
