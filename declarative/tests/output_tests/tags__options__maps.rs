//! Port of validation-gen's `output_tests/tags/options/maps`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:ifEnabled` / `+k8s:ifDisabled` on maps, around `+k8s:eachKey` and
//! `+k8s:eachVal`.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::value;
use apimachinery::Validate;
use std::collections::BTreeMap;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Struct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:ifEnabled(FeatureX)=+k8s:validateFalse="field Struct.MapField"
    map_field: BTreeMap<String, String>,

    /// +k8s:ifDisabled(FeatureX)=+k8s:validateFalse="field Struct.MapFieldDisabled"
    map_field_disabled: BTreeMap<String, String>,

    /// +k8s:ifEnabled(FeatureX)=+k8s:eachKey=+k8s:validateFalse="field Struct.MapFieldEachKey/key"
    map_field_each_key: BTreeMap<String, String>,

    /// +k8s:ifDisabled(FeatureX)=+k8s:eachKey=+k8s:validateFalse="field Struct.MapFieldEachKeyDisabled/key"
    map_field_each_key_disabled: BTreeMap<String, String>,

    /// +k8s:ifEnabled(FeatureX)=+k8s:eachVal=+k8s:validateFalse="field Struct.MapFieldEachVal/val"
    map_field_each_val: BTreeMap<String, String>,

    /// +k8s:ifDisabled(FeatureX)=+k8s:eachVal=+k8s:validateFalse="field Struct.MapFieldEachValDisabled/val"
    map_field_each_val_disabled: BTreeMap<String, String>,
}

fn st() -> Struct {
    let m = |k: &str, v: &str| BTreeMap::from([(k.to_string(), v.to_string())]);
    Struct {
        map_field: m("a", "1"),
        map_field_disabled: m("b", "2"),
        map_field_each_key: m("a", "1"),
        map_field_each_key_disabled: m("b", "2"),
        map_field_each_val: m("a", "1"),
        map_field_each_val_disabled: m("b", "2"),
        ..Default::default()
    }
}

#[test]
fn test() {
    value(st())
        .opts(&[("FeatureX", false)])
        .expect_validate_false_by_path(&[
            ("mapFieldDisabled", &["field Struct.MapFieldDisabled"]),
            (
                "mapFieldEachKeyDisabled",
                &["field Struct.MapFieldEachKeyDisabled/key"],
            ),
            (
                "mapFieldEachValDisabled[b]",
                &["field Struct.MapFieldEachValDisabled/val"],
            ),
        ]);

    value(st())
        .opts(&[("FeatureX", true)])
        .expect_validate_false_by_path(&[
            ("mapField", &["field Struct.MapField"]),
            ("mapFieldEachKey", &["field Struct.MapFieldEachKey/key"]),
            ("mapFieldEachVal[a]", &["field Struct.MapFieldEachVal/val"]),
        ]);
}
