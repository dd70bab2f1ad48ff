//! End-to-end tests of `dv-harness check --from-fuzz-artifact TARGET FILE`
//! (and its alias `corpus show-artifact`): a libFuzzer artifact is decoded
//! as its target decodes it, printed as case files and checked like any
//! case file, with `check`'s exit codes.

use crate::support::{dv_harness, stdout_json};
use serde_json::Value;
use std::path::PathBuf;

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The pretty-printed JSON documents at the start of human `check` output
/// (each starts with a `{` line and ends with a `}` line).
fn printed_case_files(stdout: &str) -> Vec<Value> {
    let mut out = Vec::new();
    let mut current = String::new();
    for line in stdout.lines() {
        if line == "{" || !current.is_empty() {
            current.push_str(line);
            current.push('\n');
            if line == "}" {
                out.push(serde_json::from_str(&current).expect("a printed case file is JSON"));
                current.clear();
            }
        }
    }
    out
}

#[test]
fn a_structured_artifact_is_printed_as_a_case_file_that_checks_the_same() {
    let dir = tempfile::tempdir().unwrap();
    let seeds = repo().join("fuzz/corpus/replication_controller_structured");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&seeds)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let artifact = files.first().expect("a committed seed").clone();
    let artifact_arg = artifact.display().to_string();
    let o = dv_harness(
        &[
            "check",
            "--from-fuzz-artifact",
            "replication_controller_structured",
            &artifact_arg,
        ],
        dir.path(),
    );
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}{}", text(&o.stderr));
    let cases = printed_case_files(&out);
    assert_eq!(cases.len(), 1, "{out}");
    let case = &cases[0];
    assert_eq!(case["kind"], "ReplicationController");
    assert_eq!(case["apiVersion"], "v1");
    assert!(case["object"].is_object(), "{case}");
    assert!(out.contains("1 cases: 1 equal, 0 mismatches"), "{out}");

    // The printed case file is an ordinary case file with the same outcome.
    let file = dir.path().join("case.json");
    std::fs::write(&file, case.to_string()).unwrap();
    let direct = dv_harness(&["check", "--json", "case.json"], dir.path());
    assert_eq!(direct.status.code(), Some(0), "{}", text(&direct.stderr));
    let via_artifact = dv_harness(
        &[
            "check",
            "--json",
            "--from-fuzz-artifact",
            "replication_controller_structured",
            &artifact_arg,
        ],
        dir.path(),
    );
    let (a, b) = (stdout_json(&direct), stdout_json(&via_artifact));
    assert_eq!(b["cases"][0]["file"], artifact_arg.as_str());
    assert_eq!(&b["cases"][0]["caseFile"], case);
    for key in ["operation", "subresource", "comparison"] {
        assert_eq!(a["cases"][0][key], b["cases"][0][key], "{key}");
    }
    assert_eq!(
        a["cases"][0]["handwritten"]["errors"],
        b["cases"][0]["handwritten"]["errors"]
    );
}

#[test]
fn a_json_artifact_is_a_create_and_an_unchanged_update() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("crash-1"),
        r#"{"metadata": {"name": "Not_A_Name"}, "spec": {}}"#,
    )
    .unwrap();
    let o = dv_harness(
        &[
            "check",
            "--from-fuzz-artifact",
            "device_class_json",
            "crash-1",
        ],
        dir.path(),
    );
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}{}", text(&o.stderr));
    let cases = printed_case_files(&out);
    assert_eq!(cases.len(), 2, "{out}");
    assert_eq!(cases[0]["operation"], "create");
    assert_eq!(cases[1]["operation"], "update");
    assert_eq!(cases[1]["oldObject"], cases[1]["object"]);
    assert_eq!(cases[0]["object"]["metadata"]["name"], "Not_A_Name");
    assert!(
        out.contains("crash-1#2: resource.k8s.io/v1/DeviceClass update"),
        "{out}"
    );

    // `corpus show-artifact` is the same command.
    let o = dv_harness(
        &[
            "--json",
            "corpus",
            "show-artifact",
            "device_class_json",
            "crash-1",
        ],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let v = stdout_json(&o);
    assert_eq!(v["summary"]["cases"], 2);
    assert_eq!(v["cases"][0]["file"], "crash-1#1");
    assert_eq!(v["cases"][1]["caseFile"], cases[1]);
    // The invalid name is reported on create by both sides.
    assert!(
        v["cases"][0]["handwritten"]["errors"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["field"] == "metadata.name"),
        "{}",
        v["cases"][0]
    );
}

#[test]
fn rejected_artifacts_unknown_targets_and_usage_exit_two() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("crash-2"), b"[1").unwrap();
    let o = dv_harness(
        &[
            "check",
            "--from-fuzz-artifact",
            "storage_class_json",
            "crash-2",
        ],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("storage_class_json rejects"),
        "{}",
        text(&o.stderr)
    );

    let o = dv_harness(
        &["check", "--from-fuzz-artifact", "no_such_json", "crash-2"],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(
        text(&o.stderr).contains("unknown fuzz target"),
        "{}",
        text(&o.stderr)
    );

    let o = dv_harness(
        &[
            "check",
            "--from-fuzz-artifact",
            "storage_class_json",
            "missing",
        ],
        dir.path(),
    );
    assert_eq!(o.status.code(), Some(2));

    // Neither paths nor an artifact, or an artifact without its file.
    assert_eq!(dv_harness(&["check"], dir.path()).status.code(), Some(2));
    assert_eq!(
        dv_harness(
            &["check", "--from-fuzz-artifact", "storage_class_json"],
            dir.path()
        )
        .status
        .code(),
        Some(2)
    );
}
