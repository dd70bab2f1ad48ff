//! Port of validation-gen's `output_tests/tags/supported_resources/root`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! without `+k8s:supportsSubresource` or `+k8s:isSubresource` tags, the
//! root resource is validated and every subresource is an error.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::value;
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher, Path};

/// T1 is a test type
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct T1 {
    /// +k8s:validateTrue="field T1.S"
    s: String,
}

fn internal() -> ErrorList {
    ErrorList(vec![Error::internal(&Path::root(), "")])
}

fn matcher() -> ErrorMatcher {
    ErrorMatcher::default()
        .by_type()
        .by_field()
        .by_detail_substring()
        .by_origin()
}

#[test]
fn test_register_validations() {
    value(T1::default()).expect_valid();

    value(T1::default())
        .subresources(&["scale"])
        .expect_matches(matcher(), internal());

    value(T1::default())
        .subresources(&["x", "y"])
        .expect_matches(matcher(), internal());
}
