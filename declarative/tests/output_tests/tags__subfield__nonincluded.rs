//! Port of validation-gen's `output_tests/tags/subfield/nonincluded`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:subfield` into an opaque type of a package the generator does not
//! include.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::value;
use apimachinery::Validate;

/// A stand-in for Go's `other.StructType` (a package outside the
/// generator's inputs): a plain type of its own module, with no tags.
mod other {
    #[derive(apimachinery::Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
    #[serde(rename_all = "camelCase")]
    pub struct StructType {
        pub string_field: String,
    }
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct Struct {
    /// Go embeds `other.StructType` without a JSON name; validation-gen
    /// names the field after the embedded type, `other.StructType`.
    /// +k8s:subfield(stringField)=+k8s:validateFalse="subfield Struct.(other.StructType).StringField"
    /// +k8s:opaqueType
    #[serde(rename = "other.StructType")]
    struct_type: other::StructType,
}

#[test]
fn test_subfield_object_meta_validation_with_validate_false() {
    value(Struct::default()).expect_validate_false_by_path(&[(
        "other.StructType.stringField",
        &["subfield Struct.(other.StructType).StringField"],
    )]);
}
