//! The equivalence suites of every bundled pair, one test per kind and
//! suite, so a failure names its kind:
//! `<apiVersion>/<Kind>::corpus_replay` (every case file of the kind under
//! the workspace `corpus/`), `::generated_create`, `::generated_update`
//! (proptest; failing seeds persisted in `harness/proptest-regressions/`)
//! and `::anti_vacuity`. `PROPTEST_CASES` sets the generated case count.
//!
//! Run with `cargo test -p dv-harness --test equivalence` (libtest
//! arguments such as a name filter or `--list` work as usual).

use dv_harness::engine::EngineSettings;
use dv_harness::generate::suite::{Suite, corpus_dir};
use dv_harness::isolate::Isolator;
use dv_harness::normalize::Equivalence;
use dv_harness::pair::Registry;
use libtest_mimic::{Arguments, Failed, Trial};
use std::sync::Arc;

/// Trials that fail today for a known, reported reason. They are listed as
/// ignored so CI stays meaningful, and run with
/// `cargo test -p dv-harness --test equivalence -- --ignored`. Each entry is
/// an open finding: remove it when fixed.
const KNOWN_OPEN: &[(&str, &str)] = &[];

fn main() {
    let args = Arguments::from_args();
    let registry = match dv_harness_kinds::registry() {
        Ok(r) => Arc::new(r),
        Err(e) => {
            eprintln!("cannot build the bundled registry: {e}");
            std::process::exit(101);
        }
    };
    let corpus = corpus_dir(env!("CARGO_MANIFEST_DIR"), "../corpus");
    // The reviewed Kubernetes divergences of the workspace.
    let equivalence_file =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../equivalence.toml");
    let equivalence = match Equivalence::load(&equivalence_file) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(101);
        }
    };
    // Each case on a watchdog thread: a hung validator is a `hang` finding
    // after the default case time limit, not a suite that never ends.
    let settings = EngineSettings {
        equivalence: Arc::new(equivalence),
        isolator: Some(Arc::new(Isolator::suite_default(Arc::clone(&registry)))),
        ..EngineSettings::default()
    };
    let mut trials = Vec::new();
    for pair in registry.iter() {
        let name = format!("{}/{}", pair.api_version(), pair.kind());
        for suite in [
            "corpus_replay",
            "generated_create",
            "generated_update",
            "anti_vacuity",
        ] {
            let registry = Arc::clone(&registry);
            let corpus = corpus.clone();
            let settings = settings.clone();
            let (kind, version) = (pair.kind().to_string(), pair.api_version().to_string());
            let trial_name = format!("{name}::{suite}");
            let known_open = KNOWN_OPEN.iter().any(|(t, _)| *t == trial_name);
            trials.push(
                Trial::test(trial_name, move || {
                    let pair = registry
                        .find(&kind, Some(&version))
                        .map_err(|e| Failed::from(e.to_string()))?;
                    let s = Suite::new(pair).corpus(&corpus).settings(settings);
                    let result = match suite {
                        "corpus_replay" => s.replay_corpus().map(|_| ()),
                        "generated_create" => s.create(),
                        "generated_update" => s.update(),
                        _ => s.anti_vacuity(),
                    };
                    result.map_err(Failed::from)
                })
                .with_ignored_flag(known_open),
            );
        }
    }
    trials.push(kubernetes_tests_trial(
        Arc::clone(&registry),
        corpus.clone(),
        settings.clone(),
    ));
    libtest_mimic::run(&args, trials).exit();
}

/// The corpus cases taken from Kubernetes' own tests (`source`
/// `kubernetes/kubernetes@...`): each carries `expected`, each passes on
/// both sides with verdict `equal`; the per-kind count is printed, and the
/// corpus keeps at least [`MIN_KUBERNETES_CASES`] of them.
fn kubernetes_tests_trial(
    registry: Arc<Registry>,
    corpus: std::path::PathBuf,
    settings: EngineSettings,
) -> Trial {
    Trial::test("kubernetes-tests::imported_cases", move || {
        let (files, errors) = dv_harness::case::collect_case_files(std::slice::from_ref(&corpus));
        let mut failures: Vec<String> = errors.iter().map(|e| e.to_string()).collect();
        let mut per_kind: std::collections::BTreeMap<String, usize> = Default::default();
        for file in files {
            let name = file.display().to_string();
            let text = std::fs::read_to_string(&file).map_err(|e| format!("{name}: {e}"))?;
            let doc: serde_json::Value =
                serde_json::from_str(&text).map_err(|e| format!("{name}: {e}"))?;
            let Some(source) = doc.get("source").and_then(|s| s.as_str()) else {
                continue;
            };
            if !source.starts_with("kubernetes/kubernetes@") {
                continue;
            }
            if doc.get("expected").is_none() {
                failures.push(format!(
                    "{name}: a Kubernetes test case without \"expected\""
                ));
                continue;
            }
            let header =
                dv_harness::case::CaseHeader::peek(&text).map_err(|e| format!("{name}: {e}"))?;
            let pair = match registry.for_header(&header) {
                Ok(p) => p,
                Err(e) => {
                    failures.push(format!("{name}: {e}"));
                    continue;
                }
            };
            match pair.check_text(&name, &text, &settings) {
                Ok(checked) if checked.outcome.is_clean() => {
                    *per_kind.entry(header.kind.clone()).or_default() += 1;
                }
                Ok(checked) => failures.push(format!(
                    "{name}: verdict {:?}, expected {}",
                    checked.outcome.comparison.verdict,
                    serde_json::to_string(&checked.outcome.expected).unwrap_or_default()
                )),
                Err(e) => failures.push(e.to_string()),
            }
        }
        let total: usize = per_kind.values().sum();
        println!("Kubernetes test cases passing, per kind ({total} in all):");
        for (kind, n) in &per_kind {
            println!("  {kind:<28} {n}");
        }
        if !failures.is_empty() {
            return Err(format!("{} failing:\n{}", failures.len(), failures.join("\n")).into());
        }
        if total < MIN_KUBERNETES_CASES {
            return Err(format!(
                "only {total} corpus cases cite a Kubernetes test (at least {MIN_KUBERNETES_CASES} expected)"
            )
            .into());
        }
        Ok(())
    })
}

/// How many corpus cases taken from Kubernetes' tests the corpus keeps at least.
const MIN_KUBERNETES_CASES: usize = 500;
