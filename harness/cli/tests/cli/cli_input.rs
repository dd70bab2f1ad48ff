//! End-to-end tests of the `dv-harness` binary on bad input: every malformed
//! input gives one clear stderr line naming the file, and exit 2 when
//! nothing could be checked. These need no registered pair.

use crate::support::{dv_harness, stderr, stdout_json};
use serde_json::Value;
use std::path::Path;

#[test]
fn kinds_json_lists_registered_pairs() {
    let dir = tempfile::tempdir().unwrap();
    let out = dv_harness(&["kinds", "--json"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = stdout_json(&out);
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
    let v = stdout_json(&out);
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
    assert_eq!(stdout_json(&out)["errors"][0]["file"], "empty");
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
    assert_eq!(stdout_json(&out)["errors"].as_array().unwrap().len(), 2);
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

/// A CertificateSigningRequest created with a status: the strategy's
/// PrepareForCreate wipes the status, a direct validation keeps it.
const CSR_WITH_STATUS: &str = r#"{"kind":"CertificateSigningRequest","apiVersion":"certificates.k8s.io/v1",
  "operation":"create","object":{"apiVersion":"certificates.k8s.io/v1","kind":"CertificateSigningRequest",
  "metadata":{"name":"a"},"spec":{"signerName":"example.com/x","usages":["digital signature"],"request":"Zm9v"},
  "status":{"conditions":[{"type":"","status":"True"}]}}}"#;

#[test]
fn no_prepare_validates_as_written_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("csr.json"), CSR_WITH_STATUS).unwrap();
    let prepared = stdout_json(&dv_harness(&["check", "--json", "csr.json"], dir.path()));
    let direct = stdout_json(&dv_harness(
        &["check", "--json", "--no-prepare", "csr.json"],
        dir.path(),
    ));
    let (p, d) = (&prepared["cases"][0], &direct["cases"][0]);
    assert_eq!(p["prepared"], true, "{p}");
    assert_eq!(d["prepared"], false, "{d}");
    let status_errors = |case: &Value| {
        case["handwritten"]["errors"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["field"].as_str().unwrap_or("").starts_with("status."))
            .count()
    };
    assert_eq!(status_errors(p), 0, "the status is wiped on create: {p}");
    assert!(
        status_errors(d) > 0,
        "the status is validated as written: {d}"
    );
    // The case key does the same as the flag.
    let keyed = CSR_WITH_STATUS.replacen("\"operation\"", "\"prepare\":false,\"operation\"", 1);
    std::fs::write(dir.path().join("keyed.json"), keyed).unwrap();
    let keyed = stdout_json(&dv_harness(&["check", "--json", "keyed.json"], dir.path()));
    assert_eq!(keyed["cases"][0]["prepared"], false);
    assert_eq!(
        keyed["cases"][0]["handwritten"]["errors"],
        d["handwritten"]["errors"]
    );
}

#[test]
fn scale_body_is_validated_and_reproduced_as_a_scale() {
    let dir = tempfile::tempdir().unwrap();
    let case = r#"{"kind":"ReplicationController","apiVersion":"v1","operation":"update","subresource":"/scale",
      "object":{"apiVersion":"autoscaling/v1","kind":"Scale","metadata":{"name":"web","namespace":"default"},
        "spec":{"replicas":-3}},
      "oldObject":{"apiVersion":"v1","kind":"ReplicationController","metadata":{"name":"web","namespace":"default",
        "resourceVersion":"1"},"spec":{"replicas":1,"selector":{"a":"b"}}}}"#;
    std::fs::write(dir.path().join("scale.json"), case).unwrap();
    let out = dv_harness(&["check", "--json", "scale.json"], dir.path());
    let v = stdout_json(&out);
    let c = &v["cases"][0];
    assert_eq!(c["comparison"]["verdict"], "equal", "{c}");
    let fields: Vec<&str> = c["handwritten"]["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["field"].as_str().unwrap())
        .collect();
    assert_eq!(fields, ["spec.replicas"], "{c}");
    // A Scale body of the wrong shape names its path under `object`.
    let bad = case.replace("\"replicas\":-3", "\"replicas\":\"many\"");
    std::fs::write(dir.path().join("bad.json"), bad).unwrap();
    let out = dv_harness(&["check", "--json", "bad.json"], dir.path());
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("bad.json") && stderr(&out).contains("object.spec.replicas"),
        "{}",
        stderr(&out)
    );
    // A Scale naming another namespace than the stored controller's: the
    // update handler rejects it before validation, an input problem here.
    let elsewhere = case.replacen("\"namespace\":\"default\"", "\"namespace\":\"other\"", 1);
    std::fs::write(dir.path().join("elsewhere.json"), &elsewhere).unwrap();
    let out = dv_harness(&["check", "--json", "elsewhere.json"], dir.path());
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("elsewhere.json") && stderr(&out).contains("BadRequest"),
        "{}",
        stderr(&out)
    );
    // Validated as written, the body is kept and validated as it is.
    let out = dv_harness(
        &["check", "--json", "--no-prepare", "elsewhere.json"],
        dir.path(),
    );
    let v = stdout_json(&out);
    assert_eq!(v["cases"][0]["prepared"], false, "{v}");
}

/// Kubernetes' shared ObjectMeta update case for CSIDriver (a finalizer name
/// too long): the generic registry reports it at `metadata.finalizers`, the
/// strategy at `metadata.finalizers[0]`.
fn csi_driver_finalizer_case() -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(
        "../../corpus/storage.k8s.io/v1/CSIDriver/seed/k8s-objectmeta-update-finalizers-name-too-long.json",
    );
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn registry_key_runs_the_generic_registry_step_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let fields = |case: &Value| -> Vec<String> {
        case["handwritten"]["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["field"].as_str().unwrap_or("").to_string())
            .collect()
    };
    let run = |name: &str, case: &Value| -> Value {
        std::fs::write(dir.path().join(name), case.to_string()).unwrap();
        stdout_json(&dv_harness(&["check", "--json", name], dir.path()))
    };
    let through = csi_driver_finalizer_case();
    assert_eq!(through["registry"], true);
    let out = run("through.json", &through);
    let case = &out["cases"][0];
    assert_eq!(case["registry"], true, "{case}");
    assert_eq!(case["prepared"], false, "{case}");
    assert_eq!(
        fields(case),
        ["metadata.finalizers", "metadata.finalizers[0]"],
        "{case}"
    );
    assert_eq!(case["returned"][0]["field"], "metadata.finalizers");
    assert_eq!(case["expected"]["handwritten"], "pass", "{case}");
    assert_eq!(case["expected"]["declarative"], "pass", "{case}");
    assert_eq!(out["summary"]["expectedFailures"], 0);

    // Without the key, a case validated as written skips the registry: the
    // registry's error is then missing from both views.
    let mut direct = through.clone();
    direct.as_object_mut().unwrap().remove("registry");
    let out = run("direct.json", &direct);
    let case = &out["cases"][0];
    assert_eq!(case["registry"], false, "{case}");
    assert_eq!(fields(case), ["metadata.finalizers[0]"], "{case}");
    assert_eq!(case["expected"]["handwritten"], "fail", "{case}");
    assert_eq!(case["expected"]["declarative"], "fail", "{case}");
    assert_eq!(out["summary"]["expectedFailures"], 1);

    // The prepared path goes through the registry by default.
    let mut prepared = direct.clone();
    prepared.as_object_mut().unwrap().remove("prepare");
    let out = run("prepared.json", &prepared);
    let case = &out["cases"][0];
    assert_eq!(
        (&case["prepared"], &case["registry"]),
        (&Value::Bool(true), &Value::Bool(true))
    );
    assert_eq!(fields(case)[0], "metadata.finalizers", "{case}");

    // `validate` says which path ran too.
    std::fs::write(dir.path().join("new.json"), through["object"].to_string()).unwrap();
    std::fs::write(
        dir.path().join("old.json"),
        through["oldObject"].to_string(),
    )
    .unwrap();
    let validate = |extra: &[&str]| -> Value {
        let mut args = vec![
            "validate",
            "--json",
            "--kind",
            "CSIDriver",
            "--op",
            "update",
            "--old",
            "old.json",
        ];
        args.extend_from_slice(extra);
        args.push("new.json");
        stdout_json(&dv_harness(&args, dir.path()))
    };
    let v = validate(&[]);
    assert_eq!(v["registry"], true, "{v}");
    assert_eq!(fields(&v)[0], "metadata.finalizers", "{v}");
    let v = validate(&["--no-prepare"]);
    assert_eq!(v["registry"], false, "{v}");
    assert_eq!(fields(&v), ["metadata.finalizers[0]"], "{v}");
}

/// A DeviceClass whose opaque parameters are `{"blob":"x…"}` with `space`
/// after the colon: 10240 bytes compact, 10241 with the space.
fn device_class_with_parameters(space: &str) -> String {
    let blob = "x".repeat(10 * 1024 - 9 - 2);
    format!(
        r#"{{"apiVersion":"resource.k8s.io/v1","kind":"DeviceClass","metadata":{{"name":"gpu.example.com"}},
  "spec":{{"config":[{{"opaque":{{"driver":"gpu.example.com","parameters":{{"blob":{space}"{blob}"}}}}}}]}}}}"#
    )
}

#[test]
fn raw_extension_bytes_are_measured_as_received_on_every_path() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("at.json"), device_class_with_parameters("")).unwrap();
    std::fs::write(
        dir.path().join("over.json"),
        device_class_with_parameters(" "),
    )
    .unwrap();
    let too_long = |v: &Value| -> bool {
        v["handwritten"]["errors"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| {
                e["type"] == "FieldValueTooLong" && e["field"] == "spec.config[0].opaque.parameters"
            })
    };
    for isolate in ["none", "thread", "process"] {
        let validate = |file: &str| {
            stdout_json(&dv_harness(
                &[
                    "--isolate",
                    isolate,
                    "validate",
                    "--json",
                    "--kind",
                    "DeviceClass",
                    file,
                ],
                dir.path(),
            ))
        };
        let check = |file: &str| {
            stdout_json(&dv_harness(
                &["--isolate", isolate, "check", "--json", file],
                dir.path(),
            ))["cases"][0]
                .clone()
        };
        for run in [&validate as &dyn Fn(&str) -> Value, &check] {
            let at = run("at.json");
            assert!(!too_long(&at), "{isolate}: {at}");
            let over = run("over.json");
            assert!(
                too_long(&over),
                "{isolate}: one byte over through a space: {over}"
            );
        }
    }
}
