//! `dv-harness run`: the `--json` shape (DESIGN.md section 5), report
//! files, exit codes, `--kinds`, determinism for a seed, recording.

#[path = "../../../tests/suites/support/mod.rs"]
mod equivalence_support;

use dv_harness_cli::run::{RunArgs, RunPaths, run};
use dv_harness_cli::{Exit, Global};
use dv_harness_engine::engine::EngineSettings;
use dv_harness_engine::pair::Registry;
use dv_harness_engine::record::{Recorder, RecorderConfig};
use equivalence_support::{Bug, buggy, corpus_dir, faithful};
use serde_json::Value;
use std::path::Path;
use std::process::Command;

fn args(cases: usize, seed: u64, kinds: &[&str]) -> RunArgs {
    RunArgs {
        cases,
        seed,
        kinds: kinds.iter().map(|s| s.to_string()).collect(),
        time: None,
        minimize_budget: 200,
        shard: Default::default(),
        run_id: None,
        checkpoint: dv_harness_pipeline::checkpoint::DEFAULT_INTERVAL,
    }
}

fn global(registry: Registry, recorder: Option<Recorder>) -> Global {
    Global {
        registry,
        settings: EngineSettings::default(),
        json: true,
        recorder,
    }
}

fn report(dir: &Path) -> Value {
    let text = std::fs::read_to_string(dir.join("run.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

fn strip_timing(mut v: Value) -> Value {
    v["elapsedMillis"] = Value::Null;
    for k in v["kinds"].as_array_mut().unwrap() {
        k["hvMedianNanos"] = Value::Null;
        k["dvMedianNanos"] = Value::Null;
    }
    v
}

#[test]
fn faithful_pair_runs_clean_with_the_contract_shape() {
    let dir = tempfile::tempdir().unwrap();
    let mut registry = Registry::new();
    registry.register(faithful()).unwrap();
    let mut g = global(registry, None);
    let paths = RunPaths {
        corpus: corpus_dir(),
        reports: dir.path().to_path_buf(),
    };
    assert_eq!(run(&args(40, 1, &[]), &mut g, &paths), Exit::Ok);
    let v = report(dir.path());
    assert_eq!(v["seed"], 1);
    assert!(v["elapsedMillis"].is_u64());
    let k = &v["kinds"][0];
    assert_eq!(k["kind"], "Gadget");
    assert_eq!(k["apiVersion"], "example.com/v1");
    assert_eq!(k["cases"], 3 + 40 + 40, "corpus + create + update");
    assert_eq!(k["mismatches"], 0);
    assert_eq!(k["panics"], 0);
    assert!(k["hvMedianNanos"].is_u64() && k["dvMedianNanos"].is_u64());
    let rules = k["rules"].as_array().unwrap();
    assert!(!rules.is_empty());
    for r in rules {
        for key in ["id", "path", "tag", "stage"] {
            assert!(r[key].is_string(), "{key}");
        }
        for key in ["reached", "fired", "mismatches"] {
            assert!(r[key].is_u64(), "{key}");
        }
    }
    assert!(dir.path().join("run.txt").is_file());
    assert_eq!(v["findings"], serde_json::json!([]));
}

#[test]
fn mismatches_exit_1_are_recorded_and_deterministic() {
    let dir = tempfile::tempdir().unwrap();
    let run_once = |sub: &str| {
        let mut registry = Registry::new();
        registry.register(buggy(Bug::DescriptionOffByOne)).unwrap();
        let rec = Recorder::open(RecorderConfig::new(
            dir.path().join(sub).join("reports"),
            dir.path().join(sub).join("corpus"),
        ))
        .unwrap();
        let mut g = global(registry, Some(rec));
        let paths = RunPaths {
            corpus: corpus_dir(),
            reports: dir.path().join(sub).join("reports"),
        };
        let exit = run(&args(150, 5, &["Gadget"]), &mut g, &paths);
        (exit, report(&paths.reports))
    };
    let (exit, a) = run_once("a");
    assert_eq!(exit, Exit::Found);
    assert!(a["kinds"][0]["mismatches"].as_u64().unwrap() > 0);
    let rule = a["kinds"][0]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["path"] == "spec.description")
        .unwrap();
    assert!(rule["mismatches"].as_u64().unwrap() > 0);
    let finding = &a["findings"][0];
    assert_eq!(finding["verdict"], "declarativeStricter");
    let regressions = dir
        .path()
        .join("a/corpus")
        .join(dv_harness_engine::record::kind_dir(
            "example.com/v1",
            "Gadget",
        ))
        .join("regressions");
    let written: Vec<_> = std::fs::read_dir(&regressions)
        .map(|d| d.count())
        .into_iter()
        .collect();
    assert_eq!(written, vec![a["findings"].as_array().unwrap().len()]);
    let (_, b) = run_once("b");
    assert_eq!(strip_timing(a), strip_timing(b));
}

#[test]
fn unknown_kind_is_an_input_error() {
    let dir = tempfile::tempdir().unwrap();
    let mut registry = Registry::new();
    registry.register(faithful()).unwrap();
    let mut g = global(registry, None);
    let paths = RunPaths {
        corpus: corpus_dir(),
        reports: dir.path().to_path_buf(),
    };
    assert_eq!(run(&args(1, 0, &["Nope"]), &mut g, &paths), Exit::Input);
}

#[test]
fn binary_prints_the_run_json_shape() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_dv-harness"))
        .args([
            "run", "--json", "--cases", "2", "--seed", "3", "--time", "20s",
        ])
        .args(["--corpus-dir", "/nonexistent-corpus", "--reports-dir"])
        .arg(dir.path().join("reports"))
        .current_dir(dir.path())
        .output()
        .unwrap();
    let v: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}): {}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    let keys: Vec<&String> = v.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["kinds", "seed", "elapsedMillis"]);
    assert_eq!(v["seed"], 3);
    assert!(matches!(out.status.code(), Some(0 | 1)), "{out:?}");
    assert!(dir.path().join("reports/run.json").is_file());
}

#[test]
fn selftest_progress_on_a_pipe_is_complete_lines() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_dv-harness"))
        .args(["--corpus-dir", dir.path().to_str().unwrap()])
        .args(["selftest", "--kinds", "MinimumFixture", "--limit", "2"])
        .args(["--budget", "300ms"])
        .output()
        .unwrap();
    assert_ne!(out.status.code(), Some(2), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains('\r'), "{err:?}");
    assert!(!err.contains('\u{1b}'), "{err:?}");
    assert!(
        err.lines()
            .any(|l| l.starts_with("dv-harness: progress: selftest mutants")
                && l.ends_with("2/2 (done)")),
        "{err}"
    );
}

#[test]
fn progress_on_a_pipe_is_complete_lines() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_dv-harness"))
        .args(["--reports-dir", dir.path().to_str().unwrap()])
        .args(["--corpus-dir", dir.path().to_str().unwrap()])
        .args(["run", "--cases", "20", "--kinds", "CSIDriver"])
        .output()
        .unwrap();
    assert_ne!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains('\r'), "{err:?}");
    assert!(!err.contains('\u{1b}'), "{err:?}");
    assert!(err.ends_with('\n'), "{err:?}");
    let progress: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("dv-harness: progress: CSIDriver"))
        .collect();
    assert!(!progress.is_empty(), "{err}");
    assert!(
        progress.iter().any(|l| l.ends_with("40/40 (done)")),
        "{progress:?}"
    );
}
