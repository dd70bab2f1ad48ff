//! A fixed subset of the self-test catalogue (issue 11), so a regression in
//! dv-harness' generators shows in `cargo test`: mutants of different
//! operators and kinds must each be detected by the harness' generators,
//! the detail-only mutant must not be (details are not compared), and the
//! looping mutant must be cut off by the per-case limit and reported as a
//! hang.
//!
//! The budget is a cap, not a speed claim: a regression shows as a
//! mutant that is no longer detected at all, so the cap is generous (a
//! loaded CI machine must not fail it) and detection normally ends a run
//! after a handful of cases.

use dv_harness_engine::engine::EngineSettings;
use dv_harness_engine::pair::Registry;
use dv_harness_generate::corpus::Corpus;
use dv_harness_generate::plan::Generator;
use dv_harness_generate::suite::corpus_dir;
use dv_harness_oracles::selftest::mutant::{Mutant, catalogue};
use dv_harness_oracles::selftest::runner::{Run, SelftestConfig, Which, run_mutant};
use std::time::Duration;

/// The kind whose catalogue the subset is drawn from.
const KIND: &str = "ReplicationController";

/// Operator families whose first mutant (in catalogue order) must be detected.
const DETECTED: &[&str] = &[
    "stage-shift",
    "ratcheting-lost",
    "error-dropped",
    "bound-inclusive",
    "bound-off-by-one",
    "wrong-origin",
    "wrong-field-path",
    "covered-mark-missing",
    "unrelated-field-error",
    "panic-on-rare-value",
];

/// The benign family: its first mutant must not be detected.
const BENIGN: &str = "detail-only";

/// The looping family: its first mutant must be reported as a hang.
const LOOPING: &str = "loop-on-rare-value";

fn registry() -> Registry {
    dv_harness_kinds::registry().expect("the bundled registry loads")
}

fn corpus() -> Corpus {
    Corpus::load(&corpus_dir(env!("CARGO_MANIFEST_DIR"), "../../corpus"))
}

fn mutant(registry: &Registry, kind: &str, id: &str) -> Mutant {
    catalogue(registry, &[kind.to_string()])
        .into_iter()
        .find(|m| m.id == id)
        .unwrap_or_else(|| panic!("{id} is in the catalogue"))
}

/// The first mutant of `family` in `KIND`'s catalogue.
fn first_of(registry: &Registry, family: &str) -> Mutant {
    catalogue(registry, &[KIND.to_string()])
        .into_iter()
        .find(|m| m.operator.family() == family)
        .unwrap_or_else(|| panic!("{KIND} has a {family} mutant"))
}

/// Rules no request through an API server can reach, so no generated case
/// (the generators work on the API-server path) can detect their mutants:
/// the store gives an update the stored `metadata.generation`
/// (`rest.BeforeUpdate`) and the strategies set it on create, so its
/// `minimum` only fires on an object validated as written (see
/// [`dropped_generation_minimum_cannot_show_through_the_api_server`]).
const UNREACHABLE_THROUGH_THE_API_SERVER: &str = "/metadata.generation/";

/// The first mutant of `family` in `kind`'s catalogue whose rule a request
/// through an API server can reach.
fn first_reachable_of(registry: &Registry, kind: &str, family: &str) -> Mutant {
    catalogue(registry, &[kind.to_string()])
        .into_iter()
        .find(|m| {
            m.operator.family() == family && !m.id.contains(UNREACHABLE_THROUGH_THE_API_SERVER)
        })
        .unwrap_or_else(|| panic!("{kind} has a reachable {family} mutant"))
}

/// The kind a family's mutant is drawn from: `KIND`, except where every
/// mutant of the family in `KIND` is on a rule no API request reaches
/// (RC's only `bound-off-by-one` is the generation's `minimum`).
fn kind_for(family: &str) -> &'static str {
    match family {
        "bound-off-by-one" => "HorizontalPodAutoscaler",
        _ => KIND,
    }
}

/// Runs dv-harness' generators against the mutant `id` of `kind`.
fn run(registry: &Registry, corpus: &Corpus, kind: &str, id: &str, config: &SelftestConfig) -> Run {
    let m = mutant(registry, kind, id);
    let pair = registry.find(kind, None).expect("the kind is registered");
    let files = corpus.files(pair.api_version(), kind);
    let generator =
        Generator::new(pair, config.settings.clone(), files).expect("the generator builds");
    run_mutant(&generator, files, &m, config, Which::Harness)
}

fn config(budget: Duration) -> SelftestConfig {
    SelftestConfig {
        budget,
        case_limit: Duration::from_secs(5),
        threads: 1,
        seed: 1,
        settings: EngineSettings::default(),
    }
}

#[test]
fn planted_divergences_are_detected() {
    let registry = registry();
    let corpus = corpus();
    let config = config(Duration::from_secs(30));
    let mut missed = Vec::new();
    let mut families = std::collections::BTreeSet::new();
    for family in DETECTED {
        let kind = kind_for(family);
        let m = first_reachable_of(&registry, kind, family);
        families.insert(m.operator.family());
        let id = &m.id;
        let r = run(&registry, &corpus, kind, id, &config);
        if r.millis.is_none() {
            missed.push(format!("{id} ({} cases)", r.cases));
        }
    }
    assert!(missed.is_empty(), "not detected: {missed:?}");
    assert!(families.len() >= 10, "{families:?}");
}

#[test]
fn detail_only_mutant_is_not_detected() {
    let registry = registry();
    let corpus = corpus();
    let m = first_of(&registry, BENIGN);
    assert!(m.benign());
    let r = run(
        &registry,
        &corpus,
        KIND,
        &m.id,
        &config(Duration::from_millis(300)),
    );
    assert_eq!(r.millis, None, "{:?}", r.how);
    assert!(r.cases > 0);
}

#[test]
fn looping_mutant_is_cut_off_and_reported() {
    let registry = registry();
    let corpus = corpus();
    let m = first_of(&registry, LOOPING);
    let config = SelftestConfig {
        case_limit: Duration::from_millis(200),
        ..config(Duration::from_secs(30))
    };
    let r = run(&registry, &corpus, KIND, &m.id, &config);
    assert!(r.millis.is_some(), "{} cases", r.cases);
    assert_eq!(r.how.as_deref(), Some("hang"));
}

/// The mutant of the two generation tests below: RC's `metadata.generation`
/// `minimum` error dropped from the declarative side.
const GENERATION_MINIMUM_DROPPED: &str =
    "ReplicationController/metadata.generation/minimum/error-dropped";

/// A valid ReplicationController with the given `metadata.generation`.
fn rc_with_generation(generation: i64) -> serde_json::Value {
    serde_json::json!({"metadata": {"name": "web", "namespace": "default",
        "resourceVersion": "1", "generation": generation},
        "spec": {"replicas": 1, "selector": {"app": "web"},
                 "template": {"metadata": {"labels": {"app": "web"}}}}})
}

/// The `Mutated` scenario of its doc example, through an API server: RC's
/// strategy resets `metadata.generation` to 1 on create and the store gives
/// an update the stored generation (`rest.BeforeUpdate`), so a mutant that
/// drops the generation's `minimum` error cannot change a verdict there.
#[test]
fn dropped_generation_minimum_cannot_show_through_the_api_server() {
    use dv_harness_engine::case::Case;
    use dv_harness_engine::pair::DynPair;
    use dv_harness_oracles::selftest::mutant::{Cancel, Mutated};
    let registry = registry();
    let m = mutant(&registry, KIND, GENERATION_MINIMUM_DROPPED);
    let inner = registry.find(KIND, None).expect("the kind is registered");
    let settings = EngineSettings::default();
    let mutated = Mutated::new(inner, &m, settings.clone(), Cancel::default());
    // Through an API server the update keeps the stored generation, and on
    // create the strategy sets generation 1: the mutant cannot show.
    for case in [
        Case::update(rc_with_generation(-1), rc_with_generation(1)),
        Case::create(rc_with_generation(-1)),
    ] {
        let original = inner.check_json(&case, &settings).expect("the case runs");
        let planted = mutated.check_json(&case, &settings).expect("the case runs");
        assert_eq!(
            original.outcome.comparison.verdict, planted.outcome.comparison.verdict,
            "{:?}",
            case.operation
        );
    }
}

/// The same mutant validated as Kubernetes' tests call `rest.ValidateUpdate`
/// and `rest.ValidateCreate` (`"prepare": false, "registry": true`): the
/// negative generation reaches the strategy and the generic registry, whose
/// hand-written errors the dropped declarative error no longer matches, so
/// the mutant shows, as the wrapped pair's own registry step is run for it.
#[test]
fn dropped_generation_minimum_shows_on_the_direct_registry_path() {
    use dv_harness_engine::case::Case;
    use dv_harness_engine::pair::DynPair;
    use dv_harness_oracles::selftest::detect::shows;
    use dv_harness_oracles::selftest::mutant::{Cancel, Mutated};
    let registry = registry();
    let m = mutant(&registry, KIND, GENERATION_MINIMUM_DROPPED);
    let inner = registry.find(KIND, None).expect("the kind is registered");
    let settings = EngineSettings::default();
    let mutated = Mutated::new(inner, &m, settings.clone(), Cancel::default());
    for case in [
        Case::update(rc_with_generation(-1), rc_with_generation(1)),
        Case::create(rc_with_generation(-1)),
    ] {
        let direct = case.clone().prepared(false).through_registry(true);
        let original = inner.check_json(&direct, &settings).expect("the case runs");
        assert!(original.outcome.registry, "{:?}", case.operation);
        let registry_errors = original
            .outcome
            .handwritten
            .errors
            .iter()
            .filter(|e| e.field == "metadata.generation")
            .count();
        assert!(registry_errors > 0, "{:?}", case.operation);
        let planted = mutated
            .check_json(&direct, &settings)
            .expect("the case runs");
        assert!(planted.outcome.registry);
        assert_ne!(
            original.outcome.comparison.verdict, planted.outcome.comparison.verdict,
            "{:?}",
            case.operation
        );
        assert!(
            shows(&mutated, &direct, &settings).is_some(),
            "{:?}",
            case.operation
        );
        // Through an API server the same request still cannot show it.
        assert_eq!(
            shows(&mutated, &case, &settings),
            None,
            "{:?}",
            case.operation
        );
    }
}
