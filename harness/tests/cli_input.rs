//! End-to-end tests of the `dv-harness` binary on bad input: every malformed
//! input gives one clear stderr line naming the file, and exit 2 when
//! nothing could be checked. These need no registered pair.

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

fn dv_harness(args: &[&str], cwd: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dv-harness"))
        .args(args)
        .current_dir(cwd)
        .env("NO_COLOR", "1")
        .output()
        .expect("the dv-harness binary runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn json(o: &Output) -> Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}): {}",
            String::from_utf8_lossy(&o.stdout)
        )
    })
}

#[test]
fn kinds_json_lists_registered_pairs() {
    let dir = tempfile::tempdir().unwrap();
    let out = dv_harness(&["kinds", "--json"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = json(&out);
    for k in v.as_array().expect("an array") {
        assert!(k["kind"].is_string() && k["apiVersion"].is_string());
        assert!(k["subresources"].is_array() && k["rules"].is_u64() && k["fixture"].is_boolean());
    }
}

#[test]
fn unknown_semantics_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = dv_harness(&["--semantics", "1.99", "kinds"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("1.99"), "{}", stderr(&out));
}

#[test]
fn malformed_json_names_file_line_and_column() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("bad.json"),
        "{\n  \"kind\": \"X\",\n  oops\n}",
    )
    .unwrap();
    let out = dv_harness(&["check", "--json", "bad.json"], dir.path());
    assert_eq!(out.status.code(), Some(2), "nothing could be checked");
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "one line: {err}");
    assert!(err.contains("bad.json: malformed JSON"), "{err}");
    assert!(err.contains("line 3 column 3"), "{err}");
    let v = json(&out);
    assert_eq!(v["errors"][0]["file"], "bad.json");
    assert!(
        v["errors"][0]["message"]
            .as_str()
            .unwrap()
            .contains("line 3")
    );
    assert_eq!(v["summary"]["cases"], 0);
    assert_eq!(v["cases"], serde_json::json!([]));
}

#[test]
fn unreadable_file_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    let out = dv_harness(&["check", "missing.json"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("missing.json: cannot read"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn empty_directory_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("empty")).unwrap();
    let out = dv_harness(&["check", "--json", "empty"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("empty: no case files (*.json) found"),
        "{}",
        stderr(&out)
    );
    assert_eq!(json(&out)["errors"][0]["file"], "empty");
}

#[test]
fn unknown_kind_is_reported_with_the_file() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("k.json"),
        r#"{"kind":"NoSuchKind","apiVersion":"v9","object":{}}"#,
    )
    .unwrap();
    let out = dv_harness(&["check", "k.json"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("k.json: unknown kind \"NoSuchKind\""), "{err}");
}

#[test]
fn case_without_kind_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("n.json"), r#"{"object":{}}"#).unwrap();
    let out = dv_harness(&["check", "n.json"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("n.json: missing \"kind\""),
        "{}",
        stderr(&out)
    );
}

#[test]
fn non_object_document_is_reported() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.json"), "[1, 2]").unwrap();
    let out = dv_harness(&["check", "a.json"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("a.json: a case file must hold a JSON object"));
}

#[test]
fn several_bad_files_are_all_reported() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.json"), "{").unwrap();
    std::fs::write(dir.path().join("b.json"), "[]").unwrap();
    let out = dv_harness(&["check", "--json", "."], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stderr(&out).lines().count(), 2, "{}", stderr(&out));
    assert_eq!(json(&out)["errors"].as_array().unwrap().len(), 2);
}

#[test]
fn validate_rejects_a_malformed_gate() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("o.json"), "{}").unwrap();
    let out = dv_harness(
        &[
            "validate",
            "--kind",
            "X",
            "--gate",
            "DeclarativeValidationBeta=maybe",
            "o.json",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("is not true or false"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn validate_unknown_kind() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("o.json"), "{}").unwrap();
    let out = dv_harness(&["validate", "--kind", "NoSuchKind", "o.json"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("o.json: unknown kind \"NoSuchKind\""),
        "{}",
        stderr(&out)
    );
}

#[test]
fn validate_unreadable_object() {
    let dir = tempfile::tempdir().unwrap();
    let out = dv_harness(&["validate", "--kind", "X", "gone.json"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("gone.json: cannot read"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn bad_equivalence_file_is_an_input_error() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("equivalence.toml"),
        "[[exception]]\nside = \"handwritten\"\ntype = \"FieldValueRequired\"\nfield = \"x\"\nreason = \"\"\n",
    )
    .unwrap();
    let out = dv_harness(&["kinds"], dir.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("equivalence.toml: exception #1 has an empty reason"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn missing_subcommand_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = dv_harness(&[], dir.path());
    assert_eq!(out.status.code(), Some(2));
}
