//! End-to-end tests of the `dv-harness` binary against the bundled
//! ReplicationController pair: outcome JSON, release semantics, gates,
//! expectations, mixed good and bad inputs, and recording.

use crate::support::{dv_harness, stderr, stdout_json};
use serde_json::{Value, json};
use std::path::Path;
use std::process::{Command, Output};

fn rc(replicas: Value) -> Value {
    json!({
        "apiVersion": "v1",
        "kind": "ReplicationController",
        "metadata": {"name": "web", "namespace": "default"},
        "spec": {
            "replicas": replicas,
            "selector": {"app": "web"},
            "template": {
                "metadata": {"labels": {"app": "web"}},
                "spec": {
                    "containers": [{
                        "name": "app",
                        "image": "nginx:1.25",
                        "imagePullPolicy": "IfNotPresent",
                        "terminationMessagePolicy": "File"
                    }],
                    "restartPolicy": "Always",
                    "dnsPolicy": "ClusterFirst",
                    "terminationGracePeriodSeconds": 30
                }
            }
        }
    })
}

fn case(replicas: Value, extra: Value) -> Value {
    let mut c = json!({
        "kind": "ReplicationController",
        "apiVersion": "v1",
        "operation": "create",
        "object": rc(replicas),
    });
    if let (Value::Object(c), Value::Object(extra)) = (&mut c, extra) {
        c.extend(extra);
    }
    c
}

fn write(dir: &Path, name: &str, v: &Value) {
    std::fs::write(dir.join(name), serde_json::to_string_pretty(v).unwrap()).unwrap();
}

const MINIMUM: &str = "must be greater than or equal to 0";

#[test]
fn negative_replicas_equal_under_each_release() {
    let dir = tempfile::tempdir().unwrap();
    let expected = json!({"expected": [{"type": "FieldValueInvalid", "field": "spec.replicas", "origin": "minimum"}]});
    write(dir.path(), "neg.json", &case(json!(-1), expected));
    for (semantics, stage, from_imperative) in [
        ("1.35", "", false),
        ("1.36", "", true),
        ("1.37", "beta", false),
    ] {
        let out = dv_harness(
            &["--semantics", semantics, "check", "--json", "neg.json"],
            dir.path(),
        );
        assert_eq!(out.status.code(), Some(0), "{semantics}: {}", stderr(&out));
        let v = stdout_json(&out);
        let c = &v["cases"][0];
        assert_eq!(c["file"], "neg.json");
        assert_eq!(c["kind"], "ReplicationController");
        assert_eq!(c["operation"], "create");
        assert_eq!(c["subresource"], "");
        assert_eq!(c["comparison"]["verdict"], "equal", "{semantics}");
        assert_eq!(c["handwritten"]["errors"][0]["origin"], "minimum");
        assert_eq!(c["handwritten"]["errors"][0]["detail"], MINIMUM);
        assert_eq!(c["handwritten"]["errors"][0]["coveredByDeclarative"], true);
        assert!(c["handwritten"]["nanos"].is_u64());
        assert!(c["handwritten"]["panic"].is_null());
        assert_eq!(c["declarative"]["errors"][0]["stage"], "beta");
        // 1.35/1.36 (RC does not opt in to enforcement): HV is returned;
        // 1.37: the beta DV error replaces the covered HV error.
        let returned = c["returned"].as_array().unwrap();
        assert_eq!(returned.len(), 1, "{semantics}");
        assert_eq!(returned[0]["stage"], stage, "{semantics}");
        assert_eq!(
            returned[0]["fromImperative"], from_imperative,
            "{semantics}"
        );
        assert_eq!(
            c["expected"],
            json!({"handwritten": "pass", "declarative": "pass"})
        );
        assert_eq!(
            v["summary"],
            json!({"cases": 1, "equal": 1, "mismatches": 0, "panics": 0, "expectedFailures": 0, "unknownKeys": 0})
        );
    }
}

#[test]
fn beta_gate_off_returns_the_handwritten_error() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "neg.json",
        &case(
            json!(-3),
            json!({"gates": {"DeclarativeValidationBeta": false}}),
        ),
    );
    let out = dv_harness(&["check", "--json", "neg.json"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let c = &stdout_json(&out)["cases"][0];
    assert_eq!(c["returned"][0]["fromImperative"], true);
    assert_eq!(c["returned"][0]["stage"], "");
}

#[test]
fn failed_expectation_exits_one_with_the_difference() {
    let dir = tempfile::tempdir().unwrap();
    let expected = json!({"expected": [{"type": "FieldValueRequired", "field": "spec.selector"}]});
    write(dir.path(), "exp.json", &case(json!(2), expected));
    let out = dv_harness(&["check", "--json", "exp.json"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    let c = &stdout_json(&out)["cases"][0];
    assert_eq!(c["comparison"]["verdict"], "equal");
    assert_eq!(c["expected"]["handwritten"], "fail");
    assert_eq!(c["expected"]["declarative"], "fail");
    assert_eq!(
        c["expected"]["handwrittenDifference"]["missing"][0]["field"],
        "spec.selector"
    );
}

#[test]
fn good_and_bad_files_together_exit_one() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(d, "a-good.json", &case(json!(1), json!({})));
    // A JSON type error deep in the object: reported with its JSON path and line.
    write(d, "b-type.json", &case(json!("three"), json!({})));
    write(
        d,
        "c-gate.json",
        &case(json!(1), json!({"gates": {"NoSuchGate": true}})),
    );
    write(
        d,
        "d-sub.json",
        &case(json!(1), json!({"subresource": "/approval"})),
    );
    write(
        d,
        "e-update.json",
        &case(json!(1), json!({"operation": "update", "oldObject": null})),
    );
    std::fs::write(d.join("f-syntax.json"), "{\"kind\": ").unwrap();
    let out = dv_harness(&["check", "--json", "."], d);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 5, "{err}");
    assert!(
        err.contains("b-type.json: at object.spec.replicas: invalid type: string \"three\""),
        "{err}"
    );
    assert!(err.contains("line 13 column 25"), "{err}");
    assert!(
        err.contains("c-gate.json: unknown gate \"NoSuchGate\""),
        "{err}"
    );
    assert!(
        err.contains(
            "d-sub.json: subresource \"/approval\" is not served by ReplicationController"
        ),
        "{err}"
    );
    assert!(
        err.contains("e-update.json: operation \"update\" needs a non-null \"oldObject\""),
        "{err}"
    );
    assert!(err.contains("f-syntax.json: malformed JSON"), "{err}");
    let v = stdout_json(&out);
    assert_eq!(v["summary"]["cases"], 1);
    assert_eq!(v["errors"].as_array().unwrap().len(), 5);
    assert_eq!(v["cases"][0]["file"], "./a-good.json");
}

#[test]
fn bare_object_is_a_create_case() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "bare.json", &rc(json!(-1)));
    let out = dv_harness(&["check", "--json", "bare.json"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let c = &stdout_json(&out)["cases"][0];
    assert_eq!(c["operation"], "create");
    assert_eq!(c["comparison"]["verdict"], "equal");
    assert!(c.get("expected").is_none());
}

#[test]
fn validate_prints_the_outcome() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "new.json", &rc(json!(-1)));
    let out = dv_harness(
        &[
            "validate",
            "--kind",
            "ReplicationController",
            "--json",
            "new.json",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = stdout_json(&out);
    for key in [
        "kind",
        "operation",
        "subresource",
        "handwritten",
        "declarative",
        "comparison",
        "returned",
    ] {
        assert!(v.get(key).is_some(), "{key} missing");
    }
    assert!(v.get("expected").is_none());
    assert_eq!(v["validationIdentifier"], "replicationcontroller_create");
    assert_eq!(v["comparison"]["onlyHandwritten"], json!([]));
    assert_eq!(v["comparison"]["onlyDeclarative"], json!([]));
}

#[test]
fn validate_an_update_with_gates() {
    let dir = tempfile::tempdir().unwrap();
    let mut old = rc(json!(1));
    old["metadata"]["resourceVersion"] = json!("7");
    let mut new = rc(json!(-1));
    new["metadata"]["resourceVersion"] = json!("7");
    write(dir.path(), "old.json", &old);
    write(dir.path(), "new.json", &new);
    let out = dv_harness(
        &[
            "validate",
            "--kind",
            "ReplicationController",
            "--api-version",
            "v1",
            "--old",
            "old.json",
            "--gate",
            "DeclarativeValidationBeta=false",
            "--json",
            "new.json",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = stdout_json(&out);
    assert_eq!(v["operation"], "update");
    assert_eq!(v["validationIdentifier"], "replicationcontroller_update");
    assert!(
        v["returned"]
            .as_array()
            .unwrap()
            .iter()
            .all(|e| e["stage"] == "")
    );
}

#[test]
fn validate_type_error_names_the_path() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "new.json", &rc(json!([1])));
    let out = dv_harness(
        &["validate", "--kind", "ReplicationController", "new.json"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("new.json: at spec.replicas: invalid type: sequence"),
        "{err}"
    );
}

#[test]
fn human_output_has_a_table() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "new.json", &rc(json!(-1)));
    let out = dv_harness(
        &["validate", "--kind", "ReplicationController", "new.json"],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("v1/ReplicationController create: equal"),
        "{text}"
    );
    assert!(text.contains("FieldValueInvalid"), "{text}");
    assert!(text.contains("spec.replicas"), "{text}");
}

#[test]
fn record_writes_metrics() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "neg.json", &case(json!(-1), json!({})));
    let out = dv_harness(
        &[
            "--record",
            "--reports-dir",
            "out",
            "--corpus-dir",
            "corp",
            "check",
            "neg.json",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let prom = std::fs::read_to_string(dir.path().join("out/metrics.prom")).unwrap();
    assert!(
        prom.contains("apiserver_validation_declarative_validation_mismatch_total 0\n"),
        "{prom}"
    );
    assert!(
        prom.contains("# TYPE apiserver_validation_declarative_validation_panics_total counter\n")
    );
    assert!(!dir.path().join("out/mismatches.jsonl").exists());
}

#[test]
fn kinds_lists_replication_controller() {
    let dir = tempfile::tempdir().unwrap();
    let out = dv_harness(&["kinds", "--json"], dir.path());
    assert_eq!(out.status.code(), Some(0));
    let v = stdout_json(&out);
    let rc = v
        .as_array()
        .unwrap()
        .iter()
        .find(|k| k["kind"] == "ReplicationController")
        .expect("ReplicationController is registered");
    assert_eq!(rc["apiVersion"], "v1");
    assert_eq!(rc["subresources"], json!(["/status", "/scale"]));
    assert!(rc["rules"].as_u64().unwrap() > 0);
    assert_eq!(rc["fixture"], false);
    assert_eq!(rc["namespaceScoped"], true);
    let scope = |kind: &str| {
        v.as_array()
            .unwrap()
            .iter()
            .find(|k| k["kind"] == kind)
            .map(|k| k["namespaceScoped"].clone())
    };
    assert_eq!(scope("CSIDriver"), Some(json!(false)));
    assert_eq!(scope("MinimumFixture"), Some(json!(null)));
}

#[test]
fn hand_written_feature_gates_are_accepted() {
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "g.json",
        &case(
            json!(1),
            json!({"gates": {"PodDeletionCost": false, "RelaxedEnvironmentVariableValidation": false}}),
        ),
    );
    let out = dv_harness(&["check", "--json", "g.json"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout_json(&out)["cases"][0]["comparison"]["verdict"],
        "equal"
    );
}

// ---- Isolation: the chaos fixture (DESIGN.md section 9.2) ----

const CHAOS_MODES: [(&str, &str); 6] = [
    ("loop", "hang"),
    ("abort", "crash"),
    ("overflow", "crash"),
    ("oom", "crash"),
    ("panic", "panic"),
    ("ok", "equal"),
];

fn chaos_object(mode: &str, side: &str) -> Value {
    json!({"apiVersion": "fixtures.dv-harness.io/v1", "kind": "ChaosFixture",
           "metadata": {"name": "x"}, "mode": mode, "side": side})
}

/// `dv-harness` with the chaos fixture registered, short limits (a 2 s
/// case time limit, a 512 MiB worker) and the directories under `cwd`.
fn chaos_harness(args: &[&str], cwd: &Path) -> Output {
    let mut all = vec![
        "--case-timeout",
        "2s",
        "--worker-memory",
        "512",
        "--corpus-dir",
        "corpus",
        "--reports-dir",
        "reports",
    ];
    all.extend_from_slice(args);
    Command::new(env!("CARGO_BIN_EXE_dv-harness"))
        .args(&all)
        .current_dir(cwd)
        .env("NO_COLOR", "1")
        .env("DV_HARNESS_CHAOS", "1")
        .output()
        .expect("the dv-harness binary runs")
}

/// Every mode on both sides as case files under `dir`, named `MODE-SIDE.json`
/// (and an equal case after the others, named `z-last.json`).
fn write_chaos_cases(dir: &Path) -> Vec<String> {
    std::fs::create_dir_all(dir).unwrap();
    let mut names = Vec::new();
    for (mode, _) in CHAOS_MODES {
        for side in ["handwritten", "declarative"] {
            let name = format!("{mode}-{side}.json");
            write(dir, &name, &chaos_object(mode, side));
            names.push(name);
        }
    }
    write(dir, "z-last.json", &chaos_object("ok", "declarative"));
    names.push("z-last.json".to_string());
    names
}

#[test]
fn chaos_fixture_is_only_registered_with_the_env_var() {
    let dir = tempfile::tempdir().unwrap();
    let without = dv_harness(&["kinds", "--json"], dir.path());
    assert!(!String::from_utf8_lossy(&without.stdout).contains("ChaosFixture"));
    let with = chaos_harness(&["kinds", "--json"], dir.path());
    assert!(String::from_utf8_lossy(&with.stdout).contains("ChaosFixture"));
}

#[test]
fn check_survives_every_chaos_mode_in_a_worker_process() {
    let dir = tempfile::tempdir().unwrap();
    let names = write_chaos_cases(&dir.path().join("cases"));
    let mut args = vec!["--record", "check", "--isolate", "process", "--json"];
    let paths: Vec<String> = names.iter().map(|n| format!("cases/{n}")).collect();
    args.extend(paths.iter().map(String::as_str));
    let out = chaos_harness(&args, dir.path());
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let v = stdout_json(&out);
    let cases = v["cases"].as_array().unwrap();
    assert_eq!(cases.len(), names.len(), "every case is checked");
    for (mode, verdict) in CHAOS_MODES {
        for side in ["handwritten", "declarative"] {
            let file = format!("cases/{mode}-{side}.json");
            let c = cases.iter().find(|c| c["file"] == file.as_str()).unwrap();
            assert_eq!(c["comparison"]["verdict"], verdict, "{file}: {c}");
            if verdict != "equal" {
                assert!(
                    c[side]["panic"].is_string(),
                    "{file}: the failing side says why"
                );
                let other = if side == "handwritten" {
                    "declarative"
                } else {
                    "handwritten"
                };
                assert!(c[other]["panic"].is_null(), "{file}: {c}");
            }
            if verdict == "crash" {
                assert!(
                    c[side]["panic"].as_str().unwrap().contains("signal"),
                    "{file}: {c}"
                );
            }
        }
    }
    let last = cases
        .iter()
        .find(|c| c["file"] == "cases/z-last.json")
        .unwrap();
    assert_eq!(
        last["comparison"]["verdict"], "equal",
        "later cases still run"
    );
    assert_eq!(v["summary"]["panics"], 10);
    assert_eq!(v["summary"]["equal"], 3);
    // Reproducers: one per signature, each hang and crash among them.
    let regressions = dir
        .path()
        .join("corpus/fixtures.dv-harness.io/v1/ChaosFixture/regressions");
    let verdicts: Vec<String> = std::fs::read_dir(&regressions)
        .unwrap()
        .map(|e| {
            let v: Value =
                serde_json::from_str(&std::fs::read_to_string(e.unwrap().path()).unwrap()).unwrap();
            v["object"]["mode"].as_str().unwrap_or_default().to_string()
        })
        .collect();
    for mode in ["loop", "abort", "panic"] {
        assert!(verdicts.iter().any(|m| m == mode), "{mode}: {verdicts:?}");
    }
    let metrics = std::fs::read_to_string(dir.path().join("reports/metrics.prom")).unwrap();
    assert!(
        metrics.contains("hang") && metrics.contains("crash"),
        "{metrics}"
    );
}

#[test]
fn check_in_a_thread_turns_a_hang_into_a_finding() {
    let dir = tempfile::tempdir().unwrap();
    write_chaos_cases(dir.path());
    // A few files: the default isolation is a watchdog thread.
    let out = chaos_harness(
        &[
            "check",
            "--json",
            "loop-declarative.json",
            "panic-handwritten.json",
            "z-last.json",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let v = stdout_json(&out);
    let verdicts: Vec<&str> = v["cases"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["comparison"]["verdict"].as_str().unwrap())
        .collect();
    assert_eq!(verdicts, ["hang", "panic", "equal"]);
    assert_eq!(
        v["cases"][0]["declarative"]["panic"],
        "ran past the 2s case time limit"
    );
    // `validate` runs its object on a watchdog thread too.
    let out = chaos_harness(
        &[
            "validate",
            "--kind",
            "ChaosFixture",
            "--json",
            "loop-handwritten.json",
        ],
        dir.path(),
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert_eq!(stdout_json(&out)["comparison"]["verdict"], "hang");
}

#[test]
fn run_and_fuzz_survive_the_chaos_fixture() {
    let dir = tempfile::tempdir().unwrap();
    write_chaos_cases(&dir.path().join("corpus/chaos"));
    let run = chaos_harness(
        &[
            "--record",
            "run",
            "--kinds",
            "ChaosFixture",
            "--cases",
            "2",
            "--json",
        ],
        dir.path(),
    );
    assert_eq!(run.status.code(), Some(1), "{}", stderr(&run));
    let v = stdout_json(&run);
    let kind = &v["kinds"][0];
    assert_eq!(kind["kind"], "ChaosFixture");
    assert!(kind["cases"].as_u64().unwrap() >= 13, "{v}");
    assert!(kind["panics"].as_u64().unwrap() >= 10, "{v}");
    let err = stderr(&run);
    for verdict in ["hang", "crash", "panic"] {
        assert!(
            err.contains(&format!("create: {verdict} (corpus/chaos/")),
            "{verdict}: {err}"
        );
    }
    let report: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("reports/run.json")).unwrap(),
    )
    .unwrap();
    let findings = report["findings"].as_array().unwrap();
    // One finding per signature: a crash of a side is one signature,
    // whichever of abort, overflow or oom came first.
    for (mode, verdict) in [("loop", "hang"), ("panic", "panic")] {
        assert!(
            findings
                .iter()
                .any(|f| f["verdict"] == verdict && f["case"]["object"]["mode"] == mode),
            "{mode}: {findings:?}"
        );
    }
    assert!(
        findings.iter().any(|f| f["verdict"] == "crash"),
        "{findings:?}"
    );

    let fuzz = chaos_harness(
        &["fuzz", "--kinds", "ChaosFixture", "--time", "5s", "--json"],
        dir.path(),
    );
    assert_eq!(fuzz.status.code(), Some(1), "{}", stderr(&fuzz));
    let v = stdout_json(&fuzz);
    assert!(v["cases"].as_u64().unwrap() > 0, "{v}");
    assert!(v["panics"].as_u64().unwrap() > 0, "{v}");
}

#[test]
fn a_closed_stdout_ends_quietly() {
    use std::io::Read;
    let dir = tempfile::tempdir().unwrap();
    // More output than a pipe buffers (~290 KB), so the write meets the closed pipe.
    let cases = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../corpus/core/v1/ReplicationController"
    );
    let mut child = Command::new(env!("CARGO_BIN_EXE_dv-harness"))
        .args(["check", "--json", "--isolate", "none", cases])
        .current_dir(dir.path())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Read the first bytes, then close the pipe: `dv-harness check --json ... | head -c 16`.
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 16];
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    child.wait().unwrap();
    assert!(
        !err.contains("panicked") && !err.contains("Broken pipe"),
        "{err}"
    );
}
