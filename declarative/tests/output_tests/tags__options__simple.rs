//! Port of validation-gen's `output_tests/tags/options/simple`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:ifEnabled` / `+k8s:ifDisabled` per option state, mixed on one
//! field, and undeclared options.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};

/// Go's `type MySlice []string` (no tags of its own).
type MySlice = Vec<String>;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Struct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:ifEnabled(FeatureX)=+k8s:validateFalse="field Struct.XEnabledField"
    x_enabled_field: String,

    /// +k8s:ifDisabled(FeatureX)=+k8s:validateFalse="field Struct.XDisabledField"
    x_disabled_field: String,

    /// +k8s:ifEnabled(FeatureY)=+k8s:validateFalse="field Struct.YEnabledField"
    y_enabled_field: String,

    /// +k8s:ifDisabled(FeatureY)=+k8s:validateFalse="field Struct.YDisabledField"
    y_disabled_field: String,

    /// +k8s:ifEnabled(FeatureX)=+k8s:validateFalse="field Struct.XYMixedField/X"
    /// +k8s:ifDisabled(FeatureY)=+k8s:validateFalse="field Struct.XYMixedField/Y"
    #[serde(rename = "xyMixedField")]
    xy_mixed_field: String,

    /// +k8s:ifEnabled(FeatureX)=+k8s:validateFalse="field Struct.NilableAliasField"
    nilable_alias_field: MySlice,
}

#[test]
fn test() {
    // All zero values; all ifDisabled validations trigger.
    value(Struct::default())
        .opts(&[("FeatureX", false), ("FeatureY", false)])
        .expect_validate_false_by_path(&[
            ("xDisabledField", &["field Struct.XDisabledField"]),
            ("yDisabledField", &["field Struct.YDisabledField"]),
            ("xyMixedField", &["field Struct.XYMixedField/Y"]),
        ]);

    // All ifEnabled validations trigger.
    value(Struct::default())
        .opts(&[("FeatureX", true), ("FeatureY", true)])
        .expect_validate_false_by_path(&[
            ("xEnabledField", &["field Struct.XEnabledField"]),
            ("yEnabledField", &["field Struct.YEnabledField"]),
            ("xyMixedField", &["field Struct.XYMixedField/X"]),
            ("nilableAliasField", &["field Struct.NilableAliasField"]),
        ]);

    value(Struct::default())
        .opts(&[("FeatureX", true), ("FeatureY", false)])
        .expect_validate_false_by_path(&[
            ("xEnabledField", &["field Struct.XEnabledField"]),
            ("yDisabledField", &["field Struct.YDisabledField"]),
            (
                "xyMixedField",
                &["field Struct.XYMixedField/X", "field Struct.XYMixedField/Y"],
            ),
            ("nilableAliasField", &["field Struct.NilableAliasField"]),
        ]);

    value(Struct::default())
        .opts(&[("FeatureX", false), ("FeatureY", true)])
        .expect_validate_false_by_path(&[
            ("xDisabledField", &["field Struct.XDisabledField"]),
            ("yEnabledField", &["field Struct.YEnabledField"]),
        ]);

    // No options declared: every referenced option is undeclared.
    let internal = |p: &str| Error::internal(&path(p), "");
    value(Struct::default()).expect_matches(
        ErrorMatcher::default().by_type().by_field(),
        ErrorList(vec![
            internal("xEnabledField"),
            internal("xDisabledField"),
            internal("yEnabledField"),
            internal("yDisabledField"),
            internal("xyMixedField"), // ifEnabled(FeatureX)
            internal("xyMixedField"), // ifDisabled(FeatureY)
            internal("nilableAliasField"),
        ]),
    );
}
