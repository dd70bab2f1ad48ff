//! Port of validation-gen's `output_tests/tags/item/union/simple`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! `+k8s:unionMember` on list-map items selected by `+k8s:item`.

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
#[serde(rename_all = "camelCase")]
struct Struct {
    type_meta: i32,

    /// +k8s:listType=map
    /// +k8s:listMapKey=name
    /// +k8s:item(name: "succeeded")=+k8s:unionMember
    /// +k8s:item(name: "failed")=+k8s:unionMember
    tasks: Vec<Task>,
}

#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct Task {
    name: String,
    state: String,
}

fn task(name: &str, state: &str) -> Task {
    Task {
        name: name.into(),
        state: state.into(),
    }
}

fn tasks(list: Vec<Task>) -> Struct {
    Struct {
        tasks: list,
        ..Default::default()
    }
}

#[test]
fn test() {
    value(tasks(vec![
        task("succeeded", "Succeeded"),
        task("other", "Other"),
    ]))
    .expect_valid();

    let invalid_both_set = tasks(vec![
        task("succeeded", "Succeeded"),
        task("failed", "Failed"),
    ]);
    value(invalid_both_set.clone()).expect_matches(
        ErrorMatcher::default(),
        ErrorList(vec![Error::invalid(
            &path("tasks"),
            r#"{Tasks[{"name": "failed"}], Tasks[{"name": "succeeded"}]}"#,
            r#"must specify exactly one of: `Tasks[{"name": "succeeded"}]`, `Tasks[{"name": "failed"}]`"#,
        )]),
    );

    let invalid_empty = tasks(vec![]);
    value(invalid_empty.clone()).expect_matches(
        ErrorMatcher::default(),
        ErrorList(vec![Error::invalid(
            &path("tasks"),
            "",
            r#"must specify one of: `Tasks[{"name": "succeeded"}]`, `Tasks[{"name": "failed"}]`"#,
        )]),
    );

    // Ratcheting.
    value(invalid_empty.clone())
        .old_value(invalid_empty)
        .expect_valid();
    value(invalid_both_set.clone())
        .old_value(invalid_both_set)
        .expect_valid();
}
