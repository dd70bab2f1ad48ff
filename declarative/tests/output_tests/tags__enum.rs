//! Port of `cmd/validation-gen/output_tests/tags/enum`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).

#![allow(non_snake_case)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct Struct {
    #[serde(rename = "enum0Field")]
    enum0_field: Enum0,
    #[serde(rename = "enum0PtrField")]
    enum0_ptr_field: Option<Enum0>,
    #[serde(rename = "enum1Field")]
    enum1_field: Enum1,
    #[serde(rename = "enum1PtrField")]
    enum1_ptr_field: Option<Enum1>,
    #[serde(rename = "enum2Field")]
    enum2_field: Enum2,
    #[serde(rename = "enum2PtrField")]
    enum2_ptr_field: Option<Enum2>,
    #[serde(rename = "notEnumField")]
    not_enum_field: NotEnum,
    #[serde(rename = "notEnumPtrField")]
    not_enum_ptr_field: Option<NotEnum>,
}

apimachinery::k8s_enum! {
    /// +k8s:enum
    pub enum Enum0 {}
}

apimachinery::k8s_enum! {
    /// +k8s:enum
    pub enum Enum1 {
        E1V1 = "e1v1",
    }
}

apimachinery::k8s_enum! {
    /// +k8s:enum
    pub enum Enum2 {
        E2V1 = "e2v1",
        E2V2 = "e2v2",
    }
}

// Not an enum: Go's `type NotEnum Enum2` has no constants of its own.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[serde(transparent)]
struct NotEnum(String);

fn ns(field: &str, v: &str, valid: &[&str]) -> Error {
    Error::not_supported(&path(field), v, valid)
}

fn by_type_field() -> ErrorMatcher {
    ErrorMatcher::default().by_type().by_field()
}

#[test]
fn test() {
    value(Struct::default()).expect_matches(
        by_type_field(),
        ErrorList(vec![
            ns("enum0Field", "", &[]),
            ns("enum1Field", "", &["e1v1"]),
            ns("enum2Field", "", &["e2v1", "e2v2"]),
        ]),
    );
    value(Struct {
        enum0_field: Enum0::from(""),
        enum0_ptr_field: Some(Enum0::from("")),
        enum1_field: Enum1::E1V1,
        enum1_ptr_field: Some(Enum1::E1V1),
        enum2_field: Enum2::E2V1,
        enum2_ptr_field: Some(Enum2::E2V1),
        not_enum_field: NotEnum("x".into()),
        not_enum_ptr_field: Some(NotEnum("x".into())),
    })
    .expect_matches(
        by_type_field(),
        ErrorList(vec![
            ns("enum0Field", "", &[]),
            ns("enum0PtrField", "", &[]),
        ]),
    );
    value(Struct {
        enum0_field: Enum0::from("x"),
        enum0_ptr_field: Some(Enum0::from("x")),
        enum1_field: Enum1::from("x"),
        enum1_ptr_field: Some(Enum1::from("x")),
        enum2_field: Enum2::from("x"),
        enum2_ptr_field: Some(Enum2::from("x")),
        not_enum_field: NotEnum("x".into()),
        not_enum_ptr_field: Some(NotEnum("x".into())),
    })
    .expect_matches(
        by_type_field(),
        ErrorList(vec![
            ns("enum0Field", "x", &[]),
            ns("enum0PtrField", "x", &[]),
            ns("enum1Field", "x", &["e1v1"]),
            ns("enum1PtrField", "x", &["e1v1"]),
            ns("enum2Field", "x", &["e2v1", "e2v2"]),
            ns("enum2PtrField", "x", &["e2v1", "e2v2"]),
        ]),
    );
}
