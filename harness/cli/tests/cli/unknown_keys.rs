//! End-to-end tests of `dv-harness check` on keys that loading ignores: a
//! case-file key the format does not define and an object key the API type
//! has no field for are each a bad input naming the file and the JSON path,
//! counted in the summary; the case still runs.

use crate::support::{dv_harness, stderr};
use serde_json::{Value, json};

/// A create of a ReplicationController with `replicas: -1` (one
/// expected error), with `extra` keys merged into the case file.
fn rc_case(extra: Value) -> Value {
    let mut c = json!({
        "kind": "ReplicationController",
        "apiVersion": "v1",
        "operation": "create",
        "object": {
            "metadata": {"name": "web", "namespace": "default", "labels": {"nmae": "data"}},
            "spec": {
                "replicas": -1,
                "selector": {"app": "web"},
                "template": {
                    "metadata": {"labels": {"app": "web"}},
                    "spec": {
                        "containers": [{
                            "name": "app",
                            "image": "nginx:1.25",
                            "imagePullPolicy": "IfNotPresent",
                            "terminationMessagePolicy": "File",
                            "resources": {"limits": {"cpu": "1"}}
                        }],
                        "restartPolicy": "Always",
                        "dnsPolicy": "ClusterFirst",
                        "terminationGracePeriodSeconds": 30
                    }
                }
            }
        },
        "expected": [{"type": "FieldValueInvalid", "field": "spec.replicas", "origin": "minimum"}]
    });
    if let (Value::Object(c), Value::Object(extra)) = (&mut c, extra) {
        c.extend(extra);
    }
    c
}

#[test]
fn slips_are_reported_with_their_paths_and_the_case_still_runs() {
    let dir = tempfile::tempdir().unwrap();
    let mut slipped = rc_case(json!({"gate": {"DeclarativeValidationBeta": true}}));
    slipped["object"]["spec"]["template"]["spec"]["containers"][0]["imagePulPolicy"] = json!("x");
    std::fs::write(dir.path().join("slips.json"), slipped.to_string()).unwrap();
    let out = dv_harness(&["check", "--json", "slips.json"], dir.path());
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["summary"]["cases"], 1);
    assert_eq!(v["summary"]["unknownKeys"], 2);
    assert_eq!(v["cases"][0]["comparison"]["verdict"], "equal");
    assert_eq!(v["cases"][0]["expected"]["handwritten"], "pass");
    let messages: Vec<&str> = v["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            assert_eq!(e["file"], "slips.json");
            e["message"].as_str().unwrap()
        })
        .collect();
    assert_eq!(
        messages,
        [
            r#"unknown key "imagePulPolicy" at object.spec.template.spec.containers[0]: ignored"#,
            r#"unknown key "gate" at . (not a case-file key; did you mean "gates"?): ignored"#,
        ]
    );
    // The human form: one diagnostic per key on stderr, the count in the summary line.
    let out = dv_harness(&["check", "slips.json"], dir.path());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains(
            r#"slips.json: unknown key "imagePulPolicy" at object.spec.template.spec.containers[0]: ignored"#
        ),
        "{}",
        stderr(&out)
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("; 2 bad inputs (2 unknown keys)"),
        "{stdout}"
    );
}

#[test]
fn a_clean_case_and_a_scale_body_have_no_unknown_keys() {
    let dir = tempfile::tempdir().unwrap();
    let clean = rc_case(json!({}));
    std::fs::write(dir.path().join("clean.json"), clean.to_string()).unwrap();
    // A `/scale` body is read as a Scale: its `spec.replicas` is a field,
    // its `spec.replica` is not.
    let scale = |spec: Value| {
        json!({"kind": "ReplicationController", "apiVersion": "v1", "operation": "update",
            "subresource": "/scale",
            "object": {"apiVersion": "autoscaling/v1", "kind": "Scale",
                       "metadata": {"name": "web", "namespace": "default"}, "spec": spec},
            "oldObject": {"apiVersion": "v1", "kind": "ReplicationController",
                          "metadata": {"name": "web", "namespace": "default", "resourceVersion": "1"},
                          "spec": {"replicas": 1, "selector": {"a": "b"}}}})
    };
    std::fs::write(
        dir.path().join("scale.json"),
        scale(json!({"replicas": 2})).to_string(),
    )
    .unwrap();
    let out = dv_harness(&["check", "--json", "clean.json", "scale.json"], dir.path());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["summary"]["cases"], 2);
    assert_eq!(v["summary"]["unknownKeys"], 0);
    assert_eq!(v["errors"], json!([]));

    std::fs::write(
        dir.path().join("scale.json"),
        scale(json!({"replicas": 2, "replica": 3})).to_string(),
    )
    .unwrap();
    let out = dv_harness(&["check", "--json", "scale.json"], dir.path());
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        v["errors"][0]["message"],
        r#"unknown key "replica" at object.spec: ignored"#
    );
    assert_eq!(v["summary"]["unknownKeys"], 1);
}
