//! Port of validation-gen's `output_tests/tags/levels/optionalrequired`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:alpha=+k8s:required` and `+k8s:beta=+k8s:required`.

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

    /// +k8s:alpha=+k8s:required
    required_field: Option<String>,

    /// +k8s:beta=+k8s:required
    required_field_beta: Option<String>,
}

fn st(a: Option<&str>, b: Option<&str>) -> Struct {
    Struct {
        required_field: a.map(Into::into),
        required_field_beta: b.map(Into::into),
        ..Default::default()
    }
}

fn matcher() -> ErrorMatcher {
    ErrorMatcher::default()
        .by_type()
        .by_field()
        .by_origin()
        .by_validation_stability_level()
}

#[test]
fn test_alpha() {
    value(st(Some("val"), Some("val"))).expect_valid();

    // Failures marked as alpha.
    value(st(None, Some("val")))
        .old_value(st(Some("old"), Some("old")))
        .expect_matches(
            matcher(),
            ErrorList(vec![
                Error::required(&path("requiredField"), "").mark_alpha(),
            ]),
        );
}

#[test]
fn test_beta() {
    value(st(Some("val"), Some("val"))).expect_valid();

    // Failures marked as beta.
    value(st(Some("val"), None))
        .old_value(st(Some("old"), Some("old")))
        .expect_matches(
            matcher(),
            ErrorList(vec![
                Error::required(&path("requiredFieldBeta"), "").mark_beta(),
            ]),
        );
}
