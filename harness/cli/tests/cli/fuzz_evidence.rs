//! `dv-harness fuzz` goes through the same pipeline as `run`: its evidence
//! is merged into `<reports>/evidence.json` (generator `fuzz`, rule
//! coverage from the sampled cases) and `promote` judges with it.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace_corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus")
}

/// Copies `corpus/storage.k8s.io/v1/StorageClass` into `to` (so a finding's
/// reproducer never lands in the committed corpus).
fn copy_kind(to: &Path) {
    let rel = Path::new("storage.k8s.io/v1/StorageClass");
    let mut stack = vec![rel.to_path_buf()];
    while let Some(dir) = stack.pop() {
        std::fs::create_dir_all(to.join(&dir)).unwrap();
        for entry in std::fs::read_dir(workspace_corpus().join(&dir)).unwrap() {
            let entry = entry.unwrap();
            let name = dir.join(entry.file_name());
            if entry.file_type().unwrap().is_dir() {
                stack.push(name);
            } else {
                std::fs::copy(entry.path(), to.join(&name)).unwrap();
            }
        }
    }
}

fn bin(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_dv-harness"))
        .current_dir(dir)
        .args(["--reports-dir", "reports", "--corpus-dir", "corpus"])
        .args(args)
        .output()
        .unwrap()
}

fn storage_class_rules(promote: &Value) -> Vec<&Value> {
    promote["rules"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["kind"] == "StorageClass")
        .collect()
}

#[test]
fn fuzz_evidence_reaches_the_evidence_file_and_promote() {
    let dir = tempfile::tempdir().unwrap();
    copy_kind(&dir.path().join("corpus"));
    let before = bin(dir.path(), &["--json", "promote"]);
    let before: Value = serde_json::from_slice(&before.stdout).unwrap();
    let rules = storage_class_rules(&before);
    assert!(!rules.is_empty());
    assert!(
        rules
            .iter()
            .all(|r| r["blockers"][0] == "no evidence recorded")
    );

    // `--time 1.5m`: the one duration parser takes fractions.
    let out = bin(
        dir.path(),
        &[
            "--json",
            "fuzz",
            "--time",
            "1.5m",
            "--kinds",
            "StorageClass",
            "--max-cases",
            "64",
        ],
    );
    assert!(
        matches!(out.status.code(), Some(0 | 1)),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let summary: Value = serde_json::from_slice(&out.stdout).unwrap();
    let cases = summary["cases"].as_u64().unwrap();
    assert!(cases >= 64, "{summary}");

    let text = std::fs::read_to_string(dir.path().join("reports/evidence.json")).unwrap();
    let evidence: Value = serde_json::from_str(&text).unwrap();
    let run = &evidence["runs"][0];
    assert_eq!(run["command"], "fuzz");
    assert_eq!(run["cases"].as_u64(), Some(cases));
    assert_eq!(run["kinds"][0]["kind"], "StorageClass");
    assert_eq!(run["kinds"][0]["generators"], serde_json::json!(["fuzz"]));
    let fuzzed: Vec<&Value> = evidence["rules"]
        .as_object()
        .unwrap()
        .values()
        .filter(|r| r["kind"] == "StorageClass" && r["reached"].as_u64() > Some(0))
        .collect();
    assert!(!fuzzed.is_empty(), "no StorageClass rule reached: {text}");
    assert!(
        fuzzed
            .iter()
            .all(|r| r["generators"] == serde_json::json!(["fuzz"]))
    );
    assert!(dir.path().join("reports/report.html").exists());

    let after = bin(dir.path(), &["--json", "promote"]);
    let after: Value = serde_json::from_slice(&after.stdout).unwrap();
    let judged: Vec<&Value> = storage_class_rules(&after)
        .into_iter()
        .filter(|r| r["blockers"][0] != "no evidence recorded")
        .collect();
    assert!(!judged.is_empty(), "{after}");
    assert!(
        judged.iter().any(|r| r["blockers"]
            .as_array()
            .unwrap()
            .iter()
            .any(|b| b.as_str().unwrap_or("").contains("[fuzz]"))),
        "{after}"
    );
}
