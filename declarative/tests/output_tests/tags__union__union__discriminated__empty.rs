//! Port of validation-gen's `output_tests/tags/union/union/discriminated/empty`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a union discriminator with no members.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::value;
use apimachinery::Validate;

/// Empty discriminated union
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct Struct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:unionDiscriminator
    d: D,
}

apimachinery::k8s_enum! {
    /// The discriminator (no constants).
    pub enum D {}
}

#[test]
fn test() {
    // Union discriminators may be optional.
    value(Struct {
        d: D::from(""),
        ..Default::default()
    })
    .expect_valid();

    // Union discriminators should be validated for valid values.
    value(Struct {
        d: D::from("Unknown"),
        ..Default::default()
    })
    .expect_valid();
}
