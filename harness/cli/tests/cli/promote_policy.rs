//! Promotion decisions: each transition, each blocking reason, the tag
//! edit, the `promote --json` contract and the `promote --check` gate.

use apimachinery::field::ErrorType;
use apimachinery::{Rule, RuleError, Stage};
use dv_harness_evidence::evidence::{
    Evidence, Generator, KindObservation, RuleObservation, RunObservation,
};
use dv_harness_evidence::promote::{
    CurrentVersion, KindRules, Policy, RuleVerdict, judge, promote_json,
};
use std::collections::BTreeSet;

const MIN: &[RuleError] = &[RuleError {
    error_type: ErrorType::Invalid,
    origin: "minimum",
}];

static RULES: [Rule; 4] = [
    Rule {
        id: "T/spec.a/minimum",
        kind: "T",
        path: "spec.a",
        tag: "+k8s:alpha(since: \"1.36\")=+k8s:minimum=0",
        validator: "minimum",
        args: "",
        payload: "0",
        stage: Stage::Alpha,
        since: Some("1.36"),
        field_type: "i32",
        conditions: &[],
        errors: MIN,
        params: apimachinery::rule::RuleParams::Minimum(0),
        when: &[],
    },
    Rule {
        id: "T/spec.b/minimum",
        kind: "T",
        path: "spec.b",
        tag: "+k8s:beta(since: \"1.36\")=+k8s:minimum=0",
        validator: "minimum",
        args: "",
        payload: "0",
        stage: Stage::Beta,
        since: Some("1.36"),
        field_type: "i32",
        conditions: &[],
        errors: MIN,
        params: apimachinery::rule::RuleParams::Minimum(0),
        when: &[],
    },
    Rule {
        id: "T/spec.c/minimum",
        kind: "T",
        path: "spec.c",
        tag: "+k8s:minimum=0",
        validator: "minimum",
        args: "",
        payload: "0",
        stage: Stage::Stable,
        since: None,
        field_type: "i32",
        conditions: &[],
        errors: MIN,
        params: apimachinery::rule::RuleParams::Minimum(0),
        when: &[],
    },
    Rule {
        id: "T/spec.d/optional",
        kind: "T",
        path: "spec.d",
        tag: "+k8s:alpha(since: \"1.36\")=+k8s:optional",
        validator: "optional",
        args: "",
        payload: "",
        stage: Stage::Alpha,
        since: Some("1.36"),
        field_type: "Option<i32>",
        conditions: &[],
        errors: &[],
        params: apimachinery::rule::RuleParams::Optional,
        when: &[],
    },
];

fn kinds() -> [KindRules<'static>; 1] {
    [KindRules {
        kind: "T",
        api_version: "v1",
        rules: &RULES,
    }]
}

fn v(s: &str) -> CurrentVersion {
    s.parse().unwrap_or(CurrentVersion { major: 0, minor: 0 })
}

/// A run in which every rule was reached `reached` times, fired `fired`
/// times on both sides, by `generators`, with DV/HV latency `dv`/`hv`.
fn run(reached: u64, fired: u64, generators: &[Generator], hv: u64, dv: u64) -> RunObservation {
    let mut obs = RunObservation::new("run");
    let gens: BTreeSet<Generator> = generators.iter().copied().collect();
    let mut k = KindObservation::new("T", "v1");
    k.cases = reached;
    k.hv_median_nanos = hv;
    k.dv_median_nanos = dv;
    k.generators = gens.clone();
    obs.kinds.push(k);
    for rule in &RULES {
        let mut r = RuleObservation::new(rule.id, "T", "v1");
        r.path = rule.path.into();
        r.tag = rule.tag.into();
        r.stage = rule.stage;
        r.since = rule.since.map(str::to_string);
        r.reached = reached;
        if !rule.errors.is_empty() {
            r.fired_declarative = fired;
            r.fired_handwritten = fired;
        }
        r.generators = gens.clone();
        obs.rules.push(r);
    }
    obs
}

fn strong() -> RunObservation {
    run(
        2000,
        200,
        &[Generator::Corpus, Generator::Boundary, Generator::Update],
        1000,
        800,
    )
}

fn evidence(runs: &[RunObservation]) -> Evidence {
    let mut e = Evidence::default();
    for (i, r) in runs.iter().enumerate() {
        e.merge(r, &format!("2026-01-0{}T00:00:00Z", i + 1));
    }
    e
}

fn verdict<'a>(vs: &'a [RuleVerdict], id: &str) -> &'a RuleVerdict {
    match vs.iter().find(|v| v.id == id) {
        Some(v) => v,
        None => panic!("no verdict for {id}"),
    }
}

fn judged(e: &Evidence, current: &str) -> Vec<RuleVerdict> {
    judge(&Policy::default(), e, &kinds(), v(current))
}

fn has_blocker(v: &RuleVerdict, text: &str) -> bool {
    v.blockers.iter().any(|b| b.contains(text))
}

#[test]
fn without_evidence_everything_beyond_alpha_is_unsupported() {
    let vs = judged(&Evidence::default(), "1.37");
    for id in ["T/spec.a/minimum", "T/spec.b/minimum", "T/spec.c/minimum"] {
        let x = verdict(&vs, id);
        assert_eq!(x.eligible, Stage::Alpha, "{id}");
        assert_eq!(x.blockers, ["no evidence recorded"], "{id}");
        assert_eq!(x.edit, None);
    }
    assert!(!verdict(&vs, "T/spec.a/minimum").is_violation());
    assert!(verdict(&vs, "T/spec.b/minimum").is_violation());
    assert!(verdict(&vs, "T/spec.c/minimum").is_violation());
    assert_eq!(promote_json(&vs)["violations"], 2);
}

#[test]
fn alpha_with_enough_clean_evidence_is_ready_for_beta_with_the_tag_edit() {
    let vs = judged(&evidence(&[strong()]), "1.37");
    let a = verdict(&vs, "T/spec.a/minimum");
    assert_eq!(a.eligible, Stage::Beta);
    assert!(a.is_ready() && !a.is_violation());
    assert_eq!(
        a.edit.as_deref(),
        Some(
            "+k8s:alpha(since: \"1.36\")=+k8s:minimum=0 -> +k8s:beta(since: \"1.37\")=+k8s:minimum=0"
        )
    );
    // Capped at beta: the beta soak has not been served.
    assert!(has_blocker(a, "has not served a beta soak"));
}

#[test]
fn beta_with_soak_latency_and_coverage_is_ready_for_stable() {
    let vs = judged(&evidence(&[strong()]), "1.37");
    let b = verdict(&vs, "T/spec.b/minimum");
    assert_eq!(b.eligible, Stage::Stable);
    assert!(b.blockers.is_empty());
    assert_eq!(
        b.edit.as_deref(),
        Some("+k8s:beta(since: \"1.36\")=+k8s:minimum=0 -> +k8s:minimum=0")
    );
    // A stable rule with the same evidence is supported (its soak is assumed).
    let c = verdict(&vs, "T/spec.c/minimum");
    assert_eq!(c.eligible, Stage::Stable);
    assert!(!c.is_violation() && !c.is_ready());
}

#[test]
fn beta_soak_is_measured_against_the_current_version() {
    let vs = judged(&evidence(&[strong()]), "1.36");
    let b = verdict(&vs, "T/spec.b/minimum");
    assert_eq!(b.eligible, Stage::Beta);
    assert!(has_blocker(b, "soaked 0 release(s) since 1.36"));
    assert!(!b.is_violation());
}

#[test]
fn a_single_mismatch_blocks_both_transitions() {
    let mut bad = strong();
    for r in &mut bad.rules {
        r.mismatches = 1;
    }
    let vs = judged(&evidence(&[strong(), bad]), "1.37");
    let a = verdict(&vs, "T/spec.a/minimum");
    assert_eq!(a.eligible, Stage::Alpha);
    assert!(has_blocker(a, "1 mismatches recorded (allowed 0)"));
    let b = verdict(&vs, "T/spec.b/minimum");
    assert!(b.is_violation());
    assert!(has_blocker(b, "mismatches recorded"));
}

#[test]
fn panics_block() {
    let mut bad = strong();
    for r in &mut bad.rules {
        r.panics = 2;
    }
    let vs = judged(&evidence(&[bad]), "1.37");
    assert!(has_blocker(
        verdict(&vs, "T/spec.a/minimum"),
        "2 panics of the kind recorded"
    ));
}

#[test]
fn too_few_reached_or_fired_cases_block() {
    let vs = judged(
        &evidence(&[run(50, 5, &[Generator::Corpus, Generator::Boundary], 10, 5)]),
        "1.37",
    );
    let a = verdict(&vs, "T/spec.a/minimum");
    assert_eq!(a.eligible, Stage::Alpha);
    assert!(has_blocker(a, "reached by 50 cases (need 100)"));
    assert!(has_blocker(a, "fired in 5 cases (need 10)"));
    // A rule that declares no error cannot fire: only reach counts.
    let d = verdict(&vs, "T/spec.d/optional");
    assert!(!has_blocker(d, "fired in"));
}

#[test]
fn evidence_accumulates_across_runs_toward_the_thresholds() {
    let small = run(60, 6, &[Generator::Corpus, Generator::Boundary], 10, 5);
    let vs = judged(&evidence(&[small.clone(), small]), "1.37");
    assert_eq!(verdict(&vs, "T/spec.a/minimum").eligible, Stage::Beta);
}

#[test]
fn one_kind_of_generator_is_not_enough() {
    let vs = judged(
        &evidence(&[run(5000, 500, &[Generator::Boundary], 10, 5)]),
        "1.37",
    );
    let a = verdict(&vs, "T/spec.a/minimum");
    assert_eq!(a.eligible, Stage::Alpha);
    assert!(has_blocker(
        a,
        "exercised by 1 kind(s) of generator [boundary] (need 2)"
    ));
}

#[test]
fn latency_over_budget_or_unmeasured_blocks_stable() {
    let slow = run(
        2000,
        200,
        &[Generator::Corpus, Generator::Update],
        1000,
        1500,
    );
    let vs = judged(&evidence(&[slow]), "1.37");
    let b = verdict(&vs, "T/spec.b/minimum");
    assert_eq!(b.eligible, Stage::Beta);
    assert!(!b.is_violation() && has_blocker(b, "DV/HV latency ratio 1.50 over budget 1.00"));
    let unmeasured = run(2000, 200, &[Generator::Corpus, Generator::Update], 0, 0);
    let vs = judged(&evidence(&[unmeasured]), "1.37");
    assert!(has_blocker(
        verdict(&vs, "T/spec.b/minimum"),
        "no latency measured for the kind"
    ));
    // A stable rule on a slow kind is staged beyond its evidence.
    assert!(verdict(&vs, "T/spec.c/minimum").is_violation());
}

#[test]
fn stable_requires_the_handwritten_error_seen_covered() {
    let mut uncovered = strong();
    for r in &mut uncovered.rules {
        r.fired_handwritten = 0;
    }
    let vs = judged(&evidence(&[uncovered]), "1.37");
    let b = verdict(&vs, "T/spec.b/minimum");
    assert_eq!(b.eligible, Stage::Beta);
    assert!(has_blocker(b, "never seen covered"));
}

#[test]
fn stable_without_since_blocks_when_the_soak_is_not_assumed() {
    let policy = Policy {
        assume_soaked_without_since: false,
        ..Policy::default()
    };
    let vs = judge(&policy, &evidence(&[strong()]), &kinds(), v("1.37"));
    let c = verdict(&vs, "T/spec.c/minimum");
    assert!(c.is_violation());
    assert!(has_blocker(c, "no since version to measure the soak from"));
}

#[test]
fn promote_json_has_exactly_the_contract_fields() {
    let vs = judged(&evidence(&[strong()]), "1.37");
    let doc = promote_json(&vs);
    let keys: Vec<&String> = doc
        .as_object()
        .map(|o| o.keys().collect())
        .unwrap_or_default();
    assert_eq!(keys, ["rules", "violations"]);
    let rule = &doc["rules"][0];
    let keys: Vec<&String> = rule
        .as_object()
        .map(|o| o.keys().collect())
        .unwrap_or_default();
    assert_eq!(
        keys,
        [
            "id",
            "kind",
            "path",
            "stage",
            "eligible",
            "blockers",
            "blockedTransition",
            "edit"
        ]
    );
    assert_eq!(rule["stage"], "alpha");
    assert_eq!(rule["eligible"], "beta");
    assert!(doc["rules"][2]["edit"].is_null());
}

#[test]
fn blockers_are_labelled_with_the_transition_they_block() {
    // Beta rule, not yet soaked: its blockers are those of beta -> stable.
    let vs = judged(&evidence(&[strong()]), "1.36");
    let b = verdict(&vs, "T/spec.b/minimum");
    assert_eq!(b.blocked_transition(), Some("beta -> stable"));
    assert!(
        b.blockers_text()
            .starts_with("beta -> stable: soaked 0 release(s) since 1.36"),
        "{}",
        b.blockers_text()
    );
    // Without evidence everything is blocked at alpha -> beta.
    let vs = judged(&Evidence::default(), "1.37");
    let a = verdict(&vs, "T/spec.a/minimum");
    assert_eq!(a.blockers_text(), "alpha -> beta: no evidence recorded");
    // Stable with full evidence: nothing blocks, no label.
    let vs = judged(&evidence(&[strong()]), "1.37");
    let c = verdict(&vs, "T/spec.c/minimum");
    assert_eq!(
        (c.blocked_transition(), c.blockers_text().as_str()),
        (None, "")
    );
    // The JSON and the tables carry the label too.
    let doc = promote_json(&judged(&Evidence::default(), "1.37"));
    assert_eq!(doc["rules"][0]["blockedTransition"], "alpha -> beta");
    let table = dv_harness_evidence::report::table::rules(&judged(&Evidence::default(), "1.37"));
    assert!(
        table.contains("alpha -> beta: no evidence recorded"),
        "{table}"
    );
}

fn bin() -> std::process::Command {
    std::process::Command::new(env!("CARGO_BIN_EXE_dv-harness"))
}

#[test]
fn check_fails_on_the_bundled_tags_without_evidence_and_names_them() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let out = bin()
        .current_dir(dir.path())
        .args(["--reports-dir", "reports", "promote", "--check", "--json"])
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.status.code(), Some(1));
    let doc: serde_json::Value =
        serde_json::from_slice(&out.stdout).unwrap_or_else(|e| panic!("{e}"));
    let violations = doc["violations"].as_u64().unwrap_or(0);
    assert!(violations > 0);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("no evidence recorded"), "{stderr}");
    assert!(stderr.contains("promotion gate failed"), "{stderr}");
    // Without --check the table is informational: exit 0.
    let out = bin()
        .current_dir(dir.path())
        .args(["--reports-dir", "reports", "promote"])
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("staged beyond their evidence"));
}

#[test]
fn an_invalid_policy_is_an_input_error_naming_the_key() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let text = dv_harness_evidence::promote::DEFAULT_POLICY_TOML
        .replace("min_reached = 100\n", "min_reached = \"many\"\n");
    std::fs::write(dir.path().join("promotion.toml"), text).unwrap_or_else(|e| panic!("{e}"));
    let out = bin()
        .current_dir(dir.path())
        .args(["promote", "--check"])
        .output()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("alpha_to_beta.min_reached"));
}
