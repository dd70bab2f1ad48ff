//! The generators find planted divergences between a hand-written twin and
//! its tagged type, minimise them, and anti-vacuity notices rules that are
//! never exercised.

use crate::support as equivalence_support;

use dv_harness::engine::EngineSettings;
use dv_harness::generate::campaign::{CampaignConfig, run_kind};
use dv_harness::generate::corpus::Corpus;
use dv_harness::generate::suite::Suite;
use equivalence_support::{Bug, buggy, corpus_dir, faithful};

fn corpus_files() -> Vec<dv_harness::generate::corpus::CorpusFile> {
    Corpus::load(&corpus_dir())
        .files("example.com/v1", "Gadget")
        .to_vec()
}

#[test]
fn off_by_one_length_is_found_and_minimised() {
    let pair = buggy(Bug::DescriptionOffByOne);
    let err = Suite::new(&pair)
        .corpus(corpus_dir())
        .cases(256)
        .no_persistence()
        .create()
        .unwrap_err();
    assert!(err.contains("verdict declarativeStricter"), "{err}");
    assert!(err.contains("only declarative: spec.description"), "{err}");
    // Minimised: a 17-character description, and no field that does not matter.
    let json_start = err.find("{\n").unwrap();
    let case: serde_json::Value = serde_json::from_str(&err[json_start..]).unwrap();
    let spec = &case["object"]["spec"];
    assert_eq!(
        spec["description"].as_str().unwrap().chars().count(),
        17,
        "{err}"
    );
    assert!(
        spec.get("ports").is_none() && spec.get("tags").is_none(),
        "{err}"
    );
}

#[test]
fn forgotten_immutability_is_found_by_updates() {
    let pair = buggy(Bug::MutableStorage);
    let suite = Suite::new(&pair)
        .corpus(corpus_dir())
        .cases(256)
        .no_persistence();
    assert!(suite.create().is_ok(), "creates cannot tell");
    let err = suite.update().unwrap_err();
    assert!(err.contains("only declarative: spec.storageId"), "{err}");
    assert!(err.contains("\"operation\": \"update\""), "{err}");
}

#[test]
fn lax_format_is_found_by_format_near_misses() {
    let pair = buggy(Bug::LaxClassName);
    let run = run_kind(
        &pair,
        &EngineSettings::default(),
        &corpus_files(),
        &CampaignConfig::new(300, 3),
        &mut || {},
    )
    .unwrap();
    assert!(run.mismatches > 0);
    let class = run
        .coverage
        .rules()
        .find(|(r, _)| r.path == "spec.className" && r.validator == "format")
        .unwrap()
        .1;
    assert!(class.mismatches > 0);
    assert!(
        run.findings
            .iter()
            .all(|f| f.case_json["object"]["spec"]["className"].is_string())
    );
}

#[test]
fn campaigns_are_deterministic_for_a_seed() {
    let pair = buggy(Bug::LaxClassName);
    let summary = |seed| {
        let run = run_kind(
            &pair,
            &EngineSettings::default(),
            &corpus_files(),
            &CampaignConfig::new(60, seed),
            &mut || {},
        )
        .unwrap();
        let rules: Vec<_> = run.coverage.rules().map(|(r, c)| (r.id, c)).collect();
        (run.cases, run.mismatches, rules, run.findings.len())
    };
    assert_eq!(summary(9), summary(9));
}

#[test]
fn faithful_twin_reaches_and_fires_every_rule() {
    let pair = faithful();
    let run = run_kind(
        &pair,
        &EngineSettings::default(),
        &corpus_files(),
        &CampaignConfig::new(400, 0),
        &mut || {},
    )
    .unwrap();
    let found: Vec<String> = run
        .findings
        .iter()
        .map(|f| {
            format!(
                "{:#}\n{}",
                f.case_json,
                serde_json::to_string(&f.outcome.comparison).unwrap()
            )
        })
        .collect();
    assert_eq!(run.mismatches + run.panics, 0, "{}", found.join("\n"));
    assert!(
        run.coverage.vacuity(&[]).is_none(),
        "{:?}",
        run.coverage.vacuity(&[])
    );
    assert_eq!(run.corpus_cases, 3);
}

#[test]
fn anti_vacuity_lists_rules_generation_cannot_reach() {
    // Without the corpus and with two cases, most rules are never fired.
    let pair = faithful();
    let err = Suite::new(&pair)
        .vacuity_cases(2)
        .anti_vacuity()
        .unwrap_err();
    assert!(err.contains("never fired:"), "{err}");
    assert!(err.contains("Gadget/spec.storageId/immutable"), "{err}");
}
