//! Generated validators for cross-field tags: unions, zero-or-one-of over
//! list items, subfields, modes, dependents, update constraints.

use apimachinery::operation::Context;
use apimachinery::{Stage, Validate};

#[derive(Validate, PartialEq, Clone, Default, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Backend {
    /// +k8s:beta(since: "1.36")=+k8s:unionDiscriminator
    kind: String,
    /// +k8s:optional
    /// +k8s:unionMember
    service: Option<String>,
    /// +k8s:optional
    /// +k8s:unionMember(memberName: "Res")
    resource: Option<String>,
}

#[test]
fn discriminated_union() {
    let b = Backend {
        kind: "Service".into(),
        service: None,
        resource: Some("r".into()),
    };
    let errs = b.validate(&Context::create(), None);
    let got: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        got,
        vec![
            "service: Invalid value: \"\": must be specified when `kind` is \"Service\""
                .to_string(),
            "resource: Invalid value: \"\": may only be specified when `kind` is \"Res\""
                .to_string(),
        ]
    );
    let ok = Backend {
        kind: "Res".into(),
        service: None,
        resource: Some("r".into()),
    };
    assert!(ok.validate(&Context::create(), None).is_empty());
    assert!(b.validate(&Context::update(), Some(&b)).is_empty());
}

#[derive(Validate, PartialEq, Clone, Default, serde::Serialize)]
struct OneOf {
    /// +k8s:optional
    /// +k8s:beta(since: "1.36")=+k8s:unionMember
    a: Option<i32>,
    /// +k8s:optional
    /// +k8s:beta(since: "1.36")=+k8s:unionMember
    b: Option<i32>,
}

#[test]
fn plain_union_is_beta() {
    let errs = OneOf::default().validate(&Context::create(), None);
    assert_eq!(
        errs[0].to_string(),
        "<nil>: Invalid value: \"\": must specify one of: `a`, `b`"
    );
    assert!(errs[0].is_beta());
    assert_eq!(errs[0].origin, "union");
    let both = OneOf {
        a: Some(1),
        b: Some(2),
    };
    let errs = both.validate(&Context::create(), None);
    assert_eq!(errs[0].detail, "must specify exactly one of: `a`, `b`");
    let r = OneOf::rules()
        .iter()
        .find(|r| r.validator == "union")
        .unwrap();
    assert_eq!(r.stage, Stage::Beta);
}

#[derive(Validate, PartialEq, Clone, Default, serde::Serialize)]
struct Condition {
    #[serde(rename = "type")]
    kind: String,
    status: String,
}

#[derive(Validate, PartialEq, Clone, Default, serde::Serialize)]
struct Status {
    /// +k8s:beta(since: "1.37")=+k8s:listType=map
    /// +k8s:beta(since: "1.37")=+k8s:listMapKey=type
    /// +k8s:beta(since: "1.37")=+k8s:customUnique
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:item(type: "Approved")=+k8s:zeroOrOneOfMember
    /// +k8s:beta(since: "1.37")=+k8s:item(type: "Denied")=+k8s:zeroOrOneOfMember
    conditions: Vec<Condition>,
    /// +k8s:listType=map
    /// +k8s:listMapKey=type
    /// +k8s:optional
    /// +k8s:alpha=+k8s:item(type: "Ready")=+k8s:subfield(status)=+k8s:neq="Unknown"
    others: Vec<Condition>,
}

fn cond(t: &str, s: &str) -> Condition {
    Condition {
        kind: t.into(),
        status: s.into(),
    }
}

#[test]
fn zero_or_one_of_list_items() {
    let s = Status {
        conditions: vec![cond("Approved", "True"), cond("Denied", "True")],
        ..Default::default()
    };
    let errs = s.validate(&Context::create(), None);
    assert_eq!(errs.len(), 1);
    assert_eq!(
        errs[0].to_string(),
        "conditions: Invalid value: \"{conditions[{\\\"type\\\": \\\"Approved\\\"}], conditions[{\\\"type\\\": \\\"Denied\\\"}]}\": must specify at most one of: `conditions[{\"type\": \"Approved\"}]`, `conditions[{\"type\": \"Denied\"}]`"
    );
    assert_eq!(errs[0].origin, "zeroOrOneOf");
    assert!(errs[0].is_beta());
    // Duplicates are not checked (customUnique).
    let dup = Status {
        conditions: vec![cond("Approved", "True"), cond("Approved", "True")],
        ..Default::default()
    };
    assert!(dup.validate(&Context::create(), None).is_empty());
    // Ratcheting: unchanged invalid passes.
    assert!(s.validate(&Context::update(), Some(&s)).is_empty());
}

#[test]
fn item_and_subfield() {
    let s = Status {
        others: vec![cond("Other", "Unknown"), cond("Ready", "Unknown")],
        ..Default::default()
    };
    let errs = s.validate(&Context::create(), None);
    assert_eq!(errs.len(), 1);
    assert_eq!(
        errs[0].to_string(),
        "others[1].status: Invalid value: \"Unknown\": must not be equal to \"Unknown\""
    );
    let rule = Status::rules()
        .iter()
        .find(|r| r.validator == "neq")
        .unwrap();
    assert_eq!(rule.path, "others[*].status");
    assert_eq!(rule.conditions, &["item(type: \"Ready\")"]);
}

#[derive(Validate, PartialEq, Clone, Default, serde::Serialize)]
struct Meta {
    name: String,
}

#[derive(Validate, PartialEq, Clone, Default, serde::Serialize)]
struct WithMeta {
    /// +k8s:alpha(since: "1.36")=+k8s:subfield(name)=+k8s:optional
    /// +k8s:alpha(since: "1.36")=+k8s:subfield(name)=+k8s:format=k8s-long-name
    metadata: Meta,
}

#[test]
fn subfield_optional_short_circuits_the_format() {
    let empty = WithMeta::default();
    assert!(empty.validate(&Context::create(), None).is_empty());
    let bad = WithMeta {
        metadata: Meta {
            name: "Bad_Name".into(),
        },
    };
    let errs = bad.validate(&Context::create(), None);
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].field, "metadata.name");
    assert_eq!(errs[0].origin, "format=k8s-long-name");
    assert!(errs[0].is_alpha());
}

#[derive(Validate, PartialEq, Clone, Default, serde::Serialize)]
struct Limits {
    max: Option<i32>,
}

#[derive(Validate, PartialEq, Clone, Default, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct PointerSubfields {
    nick: Option<String>,
    limits: Option<Limits>,
}

#[derive(Validate, PartialEq, Clone, Default, serde::Serialize)]
struct WithPointerSubfields {
    /// +k8s:subfield(nick)=+k8s:required
    /// +k8s:subfield(nick)=+k8s:maxLength=3
    /// +k8s:subfield(limits)=+k8s:subfield(max)=+k8s:minimum=1
    spec: PointerSubfields,
}

#[test]
fn subfield_payloads_see_through_pointer_subfields() {
    let some = |nick: &str, max: Option<i32>| WithPointerSubfields {
        spec: PointerSubfields {
            nick: Some(nick.into()),
            limits: Some(Limits { max }),
        },
    };
    // A nil pointer subfield is unset: required reports it, the nested
    // subfield of a nil struct pointer validates nothing.
    let errs = WithPointerSubfields::default().validate(&Context::create(), None);
    let got: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
    assert_eq!(got, ["spec.nick: Required value"]);
    // The payload validates the pointee: the string's length, the int's value.
    let errs = some("toolong", Some(0)).validate(&Context::create(), None);
    let got: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        got,
        [
            "spec.nick: Too long: may not be more than 3 characters",
            "spec.limits.max: Invalid value: 0: must be greater than or equal to 1",
        ]
    );
    assert!(
        some("ok", None)
            .validate(&Context::create(), None)
            .is_empty()
    );
    assert!(
        some("ok", Some(1))
            .validate(&Context::create(), None)
            .is_empty()
    );
    // Ratcheting on the subfield: an unchanged invalid pointee passes on update.
    let old = some("toolong", Some(0));
    assert!(old.validate(&Context::update(), Some(&old)).is_empty());
    let changed = some("toolong", Some(-1));
    let errs = changed.validate(&Context::update(), Some(&old));
    assert_eq!(errs.len(), 1);
    assert_eq!(errs[0].field, "spec.limits.max");
}

#[derive(Validate, PartialEq, Clone, Default, serde::Serialize)]
struct Modal {
    /// +k8s:modeDiscriminator
    mode: String,
    /// +k8s:optional
    /// +k8s:ifMode("File")=+k8s:required
    file: Option<String>,
    /// +k8s:optional
    /// +k8s:ifMode("Url")=+k8s:required
    /// +k8s:ifMode("Url")=+k8s:maxLength=5
    url: Option<String>,
}

#[test]
fn modes() {
    let m = Modal {
        mode: "File".into(),
        file: None,
        url: Some("toolong".into()),
    };
    let errs = m.validate(&Context::create(), None);
    let got: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        got,
        vec![
            "file: Required value".to_string(),
            "url: Forbidden".to_string()
        ]
    );
    let u = Modal {
        mode: "Url".into(),
        file: None,
        url: Some("toolong".into()),
    };
    let errs = u.validate(&Context::create(), None);
    assert_eq!(errs[0].origin, "maxLength");
}

#[derive(Validate, PartialEq, Clone, Default, serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Deps {
    /// +k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:dependentRequired("capacityMultiplier")
    capacity_key: Option<String>,
    /// +k8s:optional
    capacity_multiplier: Option<i32>,
    /// +k8s:optional
    /// +k8s:update=NoModify
    /// +k8s:update=NoUnset
    token: Option<String>,
    /// +k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:monotonic
    generation: i64,
}

#[test]
fn dependents_update_monotonic() {
    let d = Deps {
        capacity_key: Some("k".into()),
        ..Default::default()
    };
    let errs = d.validate(&Context::create(), None);
    assert_eq!(
        errs[0].to_string(),
        "capacityMultiplier: Required value: must be set when capacityKey is set"
    );
    assert!(errs[0].is_alpha());
    let old = Deps {
        token: Some("a".into()),
        generation: 5,
        ..Default::default()
    };
    let new = Deps {
        token: None,
        generation: 4,
        ..Default::default()
    };
    let errs = new.validate(&Context::update(), Some(&old));
    let got: Vec<(String, String)> = errs
        .iter()
        .map(|e| (e.field.clone(), e.detail.to_string()))
        .collect();
    // Every short-circuit validator runs (optional's probe only stops the rest).
    assert_eq!(
        got,
        vec![
            (
                "token".to_string(),
                "field cannot be cleared once set".to_string()
            ),
            (
                "generation".to_string(),
                "may not be decreased from 5".to_string()
            ),
        ]
    );
    let changed = Deps {
        token: Some("b".into()),
        generation: 5,
        ..Default::default()
    };
    let errs = changed.validate(&Context::update(), Some(&old));
    assert_eq!(errs[0].detail, "field cannot be modified once set");
}
