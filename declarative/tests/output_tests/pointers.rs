//! Port of `cmd/validation-gen/output_tests/pointers`
//! (kubernetes/code-generator eec8939efc3689763a1a28b5501dbf997d298ba6):
//! a fixture-mode test (`ValidateFixtures`, `testdata/validate-false.json`),
//! the fixture's filled value built by hand (every pointer set).

use crate::support::value;
use apimachinery::Validate;

/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T1 {
    #[serde(rename = "TypeMeta")]
    type_meta: i64,

    /// +k8s:validateFalse="field T1.PS"
    ps: Option<String>,
    /// +k8s:validateFalse="field T1.PI"
    pi: Option<i64>,
    /// +k8s:validateFalse="field T1.PB"
    pb: Option<bool>,
    /// +k8s:validateFalse="field T1.PF"
    pf: Option<f64>,

    /// +k8s:validateFalse="field T1.PT2"
    pt2: Option<T2>,

    // Duplicate types with no validation.
    anotherps: Option<String>,
    anotherpi: Option<i64>,
    anotherpb: Option<bool>,
    anotherpf: Option<f64>,
}

// Note: This has validations and is linked into the type-graph of T1.
/// +k8s:validation-gen-nolint
#[derive(Validate, serde::Serialize, PartialEq, Clone, Default)]
struct T2 {
    /// +k8s:validateFalse="field T2.PS"
    ps: Option<String>,
    /// +k8s:validateFalse="field T2.PI"
    pi: Option<i64>,
    /// +k8s:validateFalse="field T2.PB"
    pb: Option<bool>,
    /// +k8s:validateFalse="field T2.PF"
    pf: Option<f64>,
}

fn filled_t2() -> T2 {
    T2 {
        ps: Some("q7".into()),
        pi: Some(-3),
        pb: Some(true),
        pf: Some(2.5),
    }
}

#[test]
fn t1() {
    value(T1 {
        type_meta: 11,
        ps: Some("a1".into()),
        pi: Some(4),
        pb: Some(false),
        pf: Some(0.25),
        pt2: Some(filled_t2()),
        anotherps: Some("b2".into()),
        anotherpi: Some(8),
        anotherpb: Some(true),
        anotherpf: Some(1.5),
    })
    .expect_validate_false_by_path(&[
        ("pb", &["field T1.PB"]),
        ("pf", &["field T1.PF"]),
        ("pi", &["field T1.PI"]),
        ("ps", &["field T1.PS"]),
        ("pt2", &["field T1.PT2"]),
        ("pt2.pb", &["field T2.PB"]),
        ("pt2.pf", &["field T2.PF"]),
        ("pt2.pi", &["field T2.PI"]),
        ("pt2.ps", &["field T2.PS"]),
    ]);
}
