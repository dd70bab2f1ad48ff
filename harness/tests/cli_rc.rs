//! End-to-end tests of the `dv-harness` binary against the bundled
//! ReplicationController pair: outcome JSON, release semantics, gates,
//! expectations, mixed good and bad inputs, and recording.

use serde_json::{Value, json};
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

fn stdout_json(o: &Output) -> Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}): {}",
            String::from_utf8_lossy(&o.stdout)
        )
    })
}

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
            json!({"cases": 1, "equal": 1, "mismatches": 0, "panics": 0, "expectedFailures": 0})
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
