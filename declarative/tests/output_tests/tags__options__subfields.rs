//! Port of validation-gen's `output_tests/tags/options/subfields`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:ifEnabled` / `+k8s:ifDisabled` around `+k8s:subfield`.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::value;
use apimachinery::Validate;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct Struct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// Go's embedded `ObjectMeta` with the JSON name `metadata` (a named
    /// field, not inlined).
    /// +k8s:ifEnabled(FeatureX)=+k8s:subfield(xEnabledField)=+k8s:validateFalse="field Struct.ObjectMeta.XEnabledField"
    #[serde(rename = "metadata")]
    object_meta: ObjectMeta,

    /// +k8s:ifDisabled(FeatureX)=+k8s:subfield(xDisabledField)=+k8s:validateFalse="field Struct.ObjectMetaDisabled.XDisabledField"
    #[serde(rename = "metadataDisabled")]
    object_meta_disabled: ObjectMeta,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct ObjectMeta {
    x_enabled_field: String,
    x_disabled_field: String,
}

#[test]
fn test() {
    // All zero values.
    value(Struct::default())
        .opts(&[("FeatureX", false)])
        .expect_validate_false_by_path(&[(
            "metadataDisabled.xDisabledField",
            &["field Struct.ObjectMetaDisabled.XDisabledField"],
        )]);

    value(Struct::default())
        .opts(&[("FeatureX", true)])
        .expect_validate_false_by_path(&[(
            "metadata.xEnabledField",
            &["field Struct.ObjectMeta.XEnabledField"],
        )]);
}
