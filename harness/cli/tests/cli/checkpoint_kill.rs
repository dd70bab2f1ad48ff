//! Checkpoints (issue 24 item 4): a long `fuzz` or `run` killed with
//! `kill -9` leaves its evidence so far in `reports/evidence.json`, with
//! the metrics and the mismatch log; a campaign that checkpoints many
//! times and then finishes is one run in the evidence file.

use clap::Parser;
use dv_harness_cli::{Cli, Command as Sub};
use dv_harness_pipeline::checkpoint::DEFAULT_INTERVAL;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

/// Starts `dv-harness` in `dir` (reports and an empty corpus under it, so
/// reproducers stay in the temporary directory), output discarded.
fn spawn(dir: &Path, args: &[&str]) -> std::process::Child {
    std::fs::create_dir_all(dir.join("corpus")).unwrap();
    Command::new(env!("CARGO_BIN_EXE_dv-harness"))
        .current_dir(dir)
        .args(["--reports-dir", "reports", "--corpus-dir", "corpus"])
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap()
}

/// Lets `child` run for `after`, then kills it with SIGKILL.
fn kill_after(mut child: std::process::Child, after: Duration) {
    std::thread::sleep(after);
    let still_running = child.try_wait().unwrap().is_none();
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(still_running, "the campaign ended before it was killed");
}

fn evidence(dir: &Path) -> Value {
    let text = std::fs::read_to_string(dir.join("reports/evidence.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// Every line of the mismatch log (if any) is a whole JSON object.
fn assert_whole_log_lines(dir: &Path) {
    let Ok(log) = std::fs::read_to_string(dir.join("reports/mismatches.jsonl")) else {
        return;
    };
    for line in log.lines() {
        let v: Value = serde_json::from_str(line).unwrap();
        assert!(v["signature"].is_string(), "{line}");
    }
}

#[test]
fn checkpoint_defaults_to_thirty_seconds() {
    assert_eq!(DEFAULT_INTERVAL, Duration::from_secs(30));
    let run = Cli::parse_from(["dv-harness", "run"]);
    let Sub::Run(args) = run.command else {
        panic!("not run")
    };
    assert_eq!(args.checkpoint, DEFAULT_INTERVAL);
    let fuzz = Cli::parse_from(["dv-harness", "fuzz", "--checkpoint", "1.5m"]);
    let Sub::Fuzz(args) = fuzz.command else {
        panic!("not fuzz")
    };
    assert_eq!(args.checkpoint, Duration::from_secs(90));
    assert!(Cli::try_parse_from(["dv-harness", "fuzz", "--checkpoint", "soon"]).is_err());
}

#[test]
fn a_fuzz_campaign_killed_after_forty_seconds_keeps_its_evidence() {
    let dir = tempfile::tempdir().unwrap();
    let child = spawn(dir.path(), &["fuzz", "--record", "--time", "60s"]);
    kill_after(child, Duration::from_secs(40));
    let e = evidence(dir.path());
    let runs = e["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1, "{runs:?}");
    let run = &runs[0];
    assert_eq!(run["command"], "fuzz");
    assert!(run["uid"].as_str().unwrap().contains(":fuzz:seed-0:"));
    assert!(run["cases"].as_u64().unwrap() > 0, "{run}");
    let kinds: BTreeSet<&str> = run["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| {
            assert_eq!(k["generators"], serde_json::json!(["fuzz"]), "{k}");
            k["kind"].as_str().unwrap()
        })
        .collect();
    let fuzzed: BTreeSet<&str> = dv_harness_oracles::fuzz::oracle::KINDS
        .iter()
        .copied()
        .collect();
    assert_eq!(kinds, fuzzed);
    let reached = e["rules"]
        .as_object()
        .unwrap()
        .values()
        .filter(|r| r["reached"].as_u64() > Some(0))
        .count();
    assert!(reached > 0);
    let metrics = std::fs::read_to_string(dir.path().join("reports/metrics.prom")).unwrap();
    assert!(metrics.contains("apiserver_validation_declarative_validation_mismatch_total"));
    assert_whole_log_lines(dir.path());
}

#[test]
fn a_run_killed_after_six_seconds_keeps_its_last_two_second_checkpoint() {
    let dir = tempfile::tempdir().unwrap();
    let child = spawn(
        dir.path(),
        &[
            "run",
            "--record",
            "--cases",
            "1000000",
            "--time",
            "60s",
            "--checkpoint",
            "2s",
        ],
    );
    kill_after(child, Duration::from_secs(6));
    let e = evidence(dir.path());
    let runs = e["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1, "{runs:?}");
    assert_eq!(runs[0]["command"], "run");
    assert!(runs[0]["cases"].as_u64().unwrap() > 0, "{}", runs[0]);
    // The kind in progress is in the checkpoint.
    assert!(!runs[0]["kinds"].as_array().unwrap().is_empty());
    // No end: the metrics come from a checkpoint, the reports were not rendered.
    assert!(dir.path().join("reports/metrics.prom").exists());
    assert!(!dir.path().join("reports/run.json").exists());
    assert_whole_log_lines(dir.path());
}

#[test]
fn a_run_checkpointed_many_times_is_one_run_at_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_dv-harness"))
        .current_dir(dir.path())
        .args([
            "--reports-dir",
            "reports",
            "--corpus-dir",
            "corpus",
            "--json",
        ])
        .args([
            "run",
            "--kinds",
            "StorageClass,CSIDriver",
            "--cases",
            "1000000",
            "--time",
            "3s",
            "--checkpoint",
            "100ms",
            "--run-id",
            "ci-9",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Mid-way, a checkpoint is there.
    std::thread::sleep(Duration::from_millis(1500));
    let mid = evidence(dir.path());
    assert_eq!(mid["runs"].as_array().map(Vec::len), Some(1), "{mid}");
    assert_eq!(mid["runs"][0]["uid"], "ci-9:run:seed-0:shard-1-of-1");
    let mid_cases = mid["runs"][0]["cases"].as_u64().unwrap();
    assert!(mid_cases > 0);
    let out = child.wait_with_output().unwrap();
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary: Value = serde_json::from_slice(&out.stdout).unwrap();
    let cases: u64 = summary["kinds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["cases"].as_u64().unwrap())
        .sum();
    let e = evidence(dir.path());
    let runs = e["runs"].as_array().unwrap();
    assert_eq!(runs.len(), 1, "{runs:?}");
    assert_eq!(runs[0]["uid"], "ci-9:run:seed-0:shard-1-of-1");
    assert_eq!(runs[0]["cases"].as_u64(), Some(cases));
    assert!(cases > mid_cases);
    let kinds = e["kinds"].as_object().unwrap();
    assert_eq!(
        kinds
            .values()
            .map(|k| k["cases"].as_u64().unwrap())
            .sum::<u64>(),
        cases
    );
    for r in e["rules"].as_object().unwrap().values() {
        assert_eq!(r["runs"], 1, "{r}");
    }
}
