//! Port of `cmd/validation-gen/output_tests/tags/enum/options`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6).
//! Go's `Test` covers `ConditionalStruct` only; `Struct` is declared as in Go.

#![allow(non_snake_case)]

use crate::support::{path, value};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList, ErrorMatcher};

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
#[allow(dead_code)]
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
    #[serde(rename = "enumWithExcludeField")]
    enum_with_exclude_field: EnumWithExclude,
    #[serde(rename = "enumWithExcludePtrField")]
    enum_with_exclude_ptr_field: Option<EnumWithExclude>,
}

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct ConditionalStruct {
    #[serde(rename = "conditionalEnumField")]
    conditional_enum_field: ConditionalEnum,
    #[serde(rename = "conditionalEnumPtrField")]
    conditional_enum_ptr_field: Option<ConditionalEnum>,
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

apimachinery::k8s_enum! {
    /// +k8s:enum
    pub enum EnumWithExclude {
        EnumWithExclude1 = "enumWithExclude1",
        /// +k8s:enumExclude
        EnumWithExclude2 = "enumWithExclude2",
    }
}

apimachinery::k8s_enum! {
    /// +k8s:enum
    pub enum ConditionalEnum {
        /// +k8s:ifEnabled(FeatureA)=+k8s:enumExclude
        ConditionalA = "A",
        /// +k8s:ifDisabled(FeatureB)=+k8s:enumExclude
        ConditionalB = "B",
        /// This value is always included.
        ConditionalC = "C",
        /// +k8s:ifEnabled(FeatureA)=+k8s:enumExclude
        /// +k8s:ifEnabled(FeatureB)=+k8s:enumExclude
        ConditionalD = "D",
        /// +k8s:ifDisabled(FeatureC)=+k8s:enumExclude
        /// +k8s:ifDisabled(FeatureD)=+k8s:enumExclude
        ConditionalE = "E",
        /// +k8s:ifDisabled(FeatureC)=+k8s:enumExclude
        /// +k8s:ifEnabled(FeatureD)=+k8s:enumExclude
        ConditionalF = "F",
    }
}

/// Every option this type references, the named ones enabled.
fn opts(enabled: &[&str]) -> Vec<(&'static str, bool)> {
    ["FeatureA", "FeatureB", "FeatureC", "FeatureD"]
        .into_iter()
        .map(|o| (o, enabled.contains(&o)))
        .collect()
}

fn cs(v: &str) -> ConditionalStruct {
    ConditionalStruct {
        conditional_enum_field: ConditionalEnum::from(v),
        conditional_enum_ptr_field: None,
    }
}

/// `v` is rejected with `enabled` options, the supported values listed.
#[track_caller]
fn rejected(v: &str, enabled: &[&str], valid: &[&str]) {
    value(cs(v)).opts(&opts(enabled)).expect_matches(
        ErrorMatcher::default().by_type().by_field(),
        ErrorList(vec![Error::not_supported(
            &path("conditionalEnumField"),
            v,
            valid,
        )]),
    );
}

#[track_caller]
fn accepted(v: &str, enabled: &[&str]) {
    value(cs(v)).opts(&opts(enabled)).expect_valid();
}

#[test]
fn test() {
    rejected("", &[], &["A", "C", "D"]);
    // Scenario 1: no options; valid A, C, D.
    for v in ["B", "E", "F"] {
        rejected(v, &[], &["A", "C", "D"]);
    }
    for v in ["A", "C", "D"] {
        accepted(v, &[]);
    }
    // Scenario 2: FeatureA; valid C.
    for v in ["A", "B", "D", "E", "F"] {
        rejected(v, &["FeatureA"], &["C"]);
    }
    accepted("C", &["FeatureA"]);
    // Scenario 3: FeatureB; valid A, B, C.
    for v in ["D", "E", "F"] {
        rejected(v, &["FeatureB"], &["A", "B", "C"]);
    }
    for v in ["A", "B", "C"] {
        accepted(v, &["FeatureB"]);
    }
    // Scenario 4: FeatureA and FeatureB; valid B, C.
    for v in ["A", "D", "E", "F"] {
        rejected(v, &["FeatureA", "FeatureB"], &["B", "C"]);
    }
    for v in ["B", "C"] {
        accepted(v, &["FeatureA", "FeatureB"]);
    }
    // Scenario 5: FeatureC and FeatureD; valid A, C, D, E.
    for v in ["B", "F"] {
        rejected(v, &["FeatureC", "FeatureD"], &["A", "C", "D", "E"]);
    }
    for v in ["A", "C", "D", "E"] {
        accepted(v, &["FeatureC", "FeatureD"]);
    }
    // Scenario 6: FeatureB and FeatureC; valid A, B, C, F.
    for v in ["D", "E"] {
        rejected(v, &["FeatureB", "FeatureC"], &["A", "B", "C", "F"]);
    }
    for v in ["A", "B", "C", "F"] {
        accepted(v, &["FeatureB", "FeatureC"]);
    }
}
