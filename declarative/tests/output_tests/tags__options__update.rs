//! Port of validation-gen's `output_tests/tags/options/update`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:ifEnabled` / `+k8s:ifDisabled` around `+k8s:immutable` and
//! `+k8s:update=NoModify`.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{BadValue, Error, ErrorList, ErrorMatcher};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Struct {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,

    /// +k8s:ifEnabled(FeatureX)=+k8s:immutable
    immutable_enabled: String,

    /// +k8s:ifDisabled(FeatureX)=+k8s:immutable
    immutable_disabled: String,

    /// +k8s:ifEnabled(FeatureX)=+k8s:update=NoModify
    update_no_modify_enabled: String,

    /// +k8s:ifDisabled(FeatureX)=+k8s:update=NoModify
    update_no_modify_disabled: String,
}

fn st(a: &str, b: &str, c: &str, d: &str) -> Struct {
    Struct {
        immutable_enabled: a.into(),
        immutable_disabled: b.into(),
        update_no_modify_enabled: c.into(),
        update_no_modify_disabled: d.into(),
        ..Default::default()
    }
}

fn matcher() -> ErrorMatcher {
    ErrorMatcher::default()
        .by_type()
        .by_field()
        .by_origin()
        .by_detail_substring()
}

fn errors(suffix: &str) -> ErrorList {
    ErrorList(vec![
        Error::invalid(&path(&format!("immutable{suffix}")), BadValue::Omitted, "")
            .with_origin("immutable"),
        Error::invalid(
            &path(&format!("updateNoModify{suffix}")),
            BadValue::Omitted,
            "field cannot be modified once set",
        )
        .with_origin("update"),
    ])
}

#[test]
fn test() {
    let struct_a = st("aaa", "bbb", "ccc", "ddd");
    let struct_b = st("eee", "fff", "ggg", "hhh");

    value(struct_a.clone())
        .old_value(struct_a.clone())
        .opts(&[("FeatureX", false)])
        .expect_valid();

    value(struct_b.clone())
        .old_value(struct_a.clone())
        .opts(&[("FeatureX", false)])
        .expect_matches(matcher(), errors("Disabled"));

    value(struct_b)
        .old_value(struct_a)
        .opts(&[("FeatureX", true)])
        .expect_matches(matcher(), errors("Enabled"));
}
