//! Port of validation-gen's `output_tests/multiple_packages`
//! (`registered`, `external`, `consumer` over the shared `types`;
//! kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).
//! Go generates two copies of `types`' validators (a registering one and a
//! non-registering one selecting every type) and a consumer calling the
//! registered copy; a derive has one implementation per type, so the
//! copies' agreement (`TestSelfContained`'s `registered == external`) holds
//! by construction and is not a test here. The assertions on the errors
//! are ported: `registered`'s `Test`, `external`'s `T3` and `T1` cases, and
//! the consumer's call into the shared type (Go has no test for it; the
//! expectation follows its generated code).

#![allow(non_snake_case)] // the module name follows the Go directory

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{BadValue, Error, ErrorList, ErrorMatcher};

/// The shared input types (Go's `multiple_packages/types`).
mod types {
    use apimachinery::Validate;

    /// +k8s:validation-gen-nolint
    #[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
    pub struct T1 {
        #[serde(rename = "TypeMeta")]
        pub type_meta: i32,
        /// +k8s:validateFalse="field T1.T2"
        pub t2: T2,
        /// +k8s:eachVal=+k8s:validateFalse="field T1.List[*]"
        pub list: Vec<T2>,
    }

    /// +k8s:validation-gen-nolint
    #[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
    pub struct T2 {
        /// +k8s:validateFalse="field T2.S"
        pub s: String,
    }

    /// +k8s:validation-gen-nolint
    #[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
    pub struct T3 {
        /// +k8s:validateFalse="field T3.S"
        pub s: String,
    }
}

/// Go's `consumer.Consumer`: a type of another package using `types.T2`.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, Debug, Clone, PartialEq, Default)]
struct Consumer {
    #[serde(rename = "TypeMeta")]
    type_meta: i32,
    shared: types::T2,
}

#[test]
fn registered() {
    value(types::T1::default())
        .expect_validate_false_by_path(&[("t2", &["field T1.T2"]), ("t2.s", &["field T2.S"])]);
}

#[test]
fn external() {
    let errs = value(types::T1 {
        list: vec![types::T2::default(), types::T2::default()],
        ..Default::default()
    })
    .validate();
    assert!(!errs.is_empty(), "expected validation errors from T1");
    value(types::T3::default()).expect_matches(
        ErrorMatcher::default().by_field().by_detail_exact(),
        ErrorList(vec![Error::invalid(
            &path("s"),
            BadValue::Omitted,
            "forced failure: field T3.S",
        )]),
    );
}

#[test]
fn consumer() {
    value(Consumer::default()).expect_validate_false_by_path(&[("shared.s", &["field T2.S"])]);
}
