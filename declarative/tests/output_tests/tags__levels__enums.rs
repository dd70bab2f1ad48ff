//! Port of validation-gen's `output_tests/tags/levels/enums`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:alpha=+k8s:enum` and `+k8s:beta=+k8s:enum` on enum types.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Struct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    enum_field: Enum,

    enum_field_beta: BetaEnum,
}

apimachinery::k8s_enum! {
    /// +k8s:alpha=+k8s:enum
    pub enum Enum {
        /// A.
        A = "A",
    }
}

apimachinery::k8s_enum! {
    /// +k8s:beta=+k8s:enum
    pub enum BetaEnum {
        /// A.
        A = "A",
    }
}

fn matcher() -> ErrorMatcher {
    ErrorMatcher::default()
        .by_type()
        .by_field()
        .by_origin()
        .by_validation_stability_level()
}

fn st(e: &'static str, b: &'static str) -> Struct {
    Struct {
        enum_field: Enum::from(e),
        enum_field_beta: BetaEnum::from(b),
        ..Default::default()
    }
}

#[test]
fn test_alpha() {
    value(st("A", "A")).expect_valid();

    // Failures marked as alpha.
    value(st("B", "A")).expect_matches(
        matcher(),
        ErrorList(vec![
            Error::not_supported(&path("enumField"), "B", &["A"]).mark_alpha(),
        ]),
    );
}

#[test]
fn test_beta() {
    value(st("A", "A")).expect_valid();

    // Failures marked as beta.
    value(st("A", "B")).expect_matches(
        matcher(),
        ErrorList(vec![
            Error::not_supported(&path("enumFieldBeta"), "B", &["A"]).mark_beta(),
        ]),
    );
}
