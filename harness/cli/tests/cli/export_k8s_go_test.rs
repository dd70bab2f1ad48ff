//! `dv-harness export --format k8s-go-test`: a golden entry per bundled
//! kind (a corpus case with expected errors, exported as an entry of the
//! kind's `declarative_validation_test.go`), a recorded mismatch exported
//! from the mismatch log, and the exports the report writes and links.

use dv_harness_engine::engine::EngineSettings;
use dv_harness_engine::pair::Registry;
use dv_harness_generate::corpus::Corpus;
use dv_harness_oracles::fuzz::oracle::KINDS;
use dv_harness_pipeline::export::{export, resolve, write_mismatch_exports};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The kind's first corpus case (by path) that expects errors, preferring
/// creates: what the golden file shows.
fn golden_case(registry: &Registry, kind: &str) -> PathBuf {
    let pair = registry.find(kind, None).unwrap();
    let corpus = Corpus::load(&root().join("corpus"));
    let mut files: Vec<&PathBuf> = corpus
        .files(pair.api_version(), pair.kind())
        .iter()
        .map(|f| &f.path)
        .collect();
    files.sort();
    let expects = |p: &&&PathBuf, op: &str| {
        let v: Value = serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap();
        v["expected"].as_array().is_some_and(|a| !a.is_empty())
            && v["operation"].as_str().unwrap_or("create") == op
    };
    files
        .iter()
        .find(|p| expects(p, "create"))
        .or_else(|| files.iter().find(|p| expects(p, "update")))
        .map(|p| (*p).clone())
        .unwrap_or_else(|| panic!("{kind}: no corpus case with expected errors"))
}

#[test]
fn a_golden_entry_per_bundled_kind() {
    let registry = dv_harness_kinds::registry().unwrap();
    let corpus = Corpus::load(&root().join("corpus"));
    let reports = tempfile::tempdir().unwrap();
    assert_eq!(KINDS.len(), 11);
    for kind in KINDS {
        let file = golden_case(&registry, kind);
        let rel = file
            .strip_prefix(root())
            .unwrap_or(&file)
            .display()
            .to_string();
        let mut input = resolve(file.to_str().unwrap(), reports.path()).unwrap();
        input.origin = rel;
        let text = export(&input, &registry, &EngineSettings::default(), &corpus).unwrap();
        // The shape of Kubernetes' entries.
        assert!(text.contains(&format!("mkValid{kind}(")), "{kind}:\n{text}");
        assert!(
            text.contains("expectedErrs: field.ErrorList{"),
            "{kind}:\n{text}"
        );
        assert!(text.contains("declarative_validation_test.go"), "{kind}");
        // Corpus paths in comments are the checkout's: shown relative to it.
        let text = text.replace(&format!("{}/", root().display()), "");
        insta::assert_snapshot!(format!("export_{kind}"), text);
    }
}

#[test]
fn replication_controller_reads_like_the_upstream_table() {
    // The upstream test's own case: negative replicas, alpha minimum.
    let registry = dv_harness_kinds::registry().unwrap();
    let corpus = Corpus::load(&root().join("corpus"));
    let case = json!({
        "kind": "ReplicationController", "apiVersion": "v1", "prepare": false,
        "object": {"apiVersion": "v1", "kind": "ReplicationController",
            "metadata": {"name": "abc", "namespace": "default"},
            "spec": {"replicas": -1, "selector": {"a": "b"},
                "template": {"metadata": {"labels": {"a": "b"}},
                    "spec": {"containers": [{"name": "ctr", "image": "image",
                        "imagePullPolicy": "IfNotPresent", "terminationMessagePolicy": "File",
                        "terminationMessagePath": "/dev/termination-log"}],
                        "dnsPolicy": "ClusterFirst", "restartPolicy": "Always",
                        "terminationGracePeriodSeconds": 30}}}}
    });
    let input = dv_harness_pipeline::export::ExportInput {
        case,
        origin: "negative.json".into(),
        name: "replicas: negative".into(),
        mismatch: false,
        observed: None,
        text: None,
    };
    let text = export(&input, &registry, &EngineSettings::default(), &corpus).unwrap();
    assert!(text.contains("// Table: TestDeclarativeValidate in test/declarative_validation/core/replicationcontroller/declarative_validation_test.go"), "{text}");
    assert!(text.contains("\"replicas: negative\": {\n\tinput: mkValidReplicationController(func(obj *api.ReplicationController) {\n\t\tobj.Spec.Replicas = -1 // spec.replicas\n\t}),"), "{text}");
    assert!(
        text.contains(
            r#"field.Invalid(field.NewPath("spec", "replicas"), nil, "").WithOrigin("minimum")"#
        ),
        "{text}"
    );
}

#[test]
fn a_recorded_mismatch_exports_the_handwritten_errors_and_the_report_links_it() {
    let registry = dv_harness_kinds::registry().unwrap();
    let corpus = Corpus::load(&root().join("corpus"));
    let reports = tempfile::tempdir().unwrap();
    let case = json!({
        "kind": "StorageClass", "apiVersion": "storage.k8s.io/v1", "operation": "create",
        "object": {"apiVersion": "storage.k8s.io/v1", "kind": "StorageClass",
                   "metadata": {"name": "fast"}, "provisioner": ""}
    });
    // The line as the recorder writes it: both sides' errors from a real run.
    let pair = registry.find("StorageClass", None).unwrap();
    let checked = pair
        .check_text("sc.json", &case.to_string(), &EngineSettings::default())
        .unwrap();
    let o = &checked.outcome;
    let line = json!({"signature": "0123456789abcdef", "kind": "StorageClass",
        "apiVersion": "storage.k8s.io/v1", "verdict": "declarativeStricter", "case": case,
        "handwritten": o.handwritten, "declarative": o.declarative,
        "diff": {"onlyHandwritten": o.comparison.only_handwritten,
                 "onlyDeclarative": o.comparison.only_declarative}});
    std::fs::write(reports.path().join("mismatches.jsonl"), format!("{line}\n")).unwrap();
    let input = resolve("0123456789", reports.path()).unwrap();
    assert!(input.mismatch);
    let text = export(&input, &registry, &EngineSettings::default(), &corpus).unwrap();
    assert!(text.contains("Recorded mismatch"), "{text}");
    assert!(
        text.contains("\"dv-harness 0123456789ab: declarativeStricter\": {"),
        "{text}"
    );
    assert!(text.contains("mkValidStorageClass("), "{text}");
    assert!(
        text.contains(r#"field.Required(field.NewPath("provisioner"), "")"#),
        "{text}"
    );
    // An unknown signature is an error naming the log.
    assert!(resolve("ffff", reports.path()).is_err());
    // The report writes every mismatch's export next to report.html.
    let (done, notes) = write_mismatch_exports(
        &registry,
        &EngineSettings::default(),
        &corpus,
        reports.path(),
    )
    .unwrap();
    assert_eq!(done, ["0123456789abcdef"]);
    assert!(notes.is_empty(), "{notes:?}");
    // A line without error lists is not run again, only reported.
    let bare = json!({"signature": "feedfacefeedface", "verdict": "crash", "case": line["case"]});
    std::fs::write(
        reports.path().join("mismatches.jsonl"),
        format!("{line}\n{bare}\n"),
    )
    .unwrap();
    let (done, notes) = write_mismatch_exports(
        &registry,
        &EngineSettings::default(),
        &corpus,
        reports.path(),
    )
    .unwrap();
    assert_eq!(done, ["0123456789abcdef"]);
    assert!(notes[0].contains("feedfacefeedface"), "{notes:?}");
    let written =
        std::fs::read_to_string(reports.path().join("exports/0123456789abcdef.go")).unwrap();
    assert_eq!(written, text);
}

#[test]
fn the_command_exports_and_refuses_unknown_inputs() {
    let bin = env!("CARGO_BIN_EXE_dv-harness");
    let file = golden_case(&dv_harness_kinds::registry().unwrap(), "CSIDriver");
    let dir = tempfile::tempdir().unwrap();
    let out = std::process::Command::new(bin)
        .current_dir(root())
        .args([
            "--reports-dir",
            dir.path().to_str().unwrap(),
            "export",
            "--format",
            "k8s-go-test",
        ])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("mkValidCSIDriver("));
    let out = std::process::Command::new(bin)
        .current_dir(root())
        .args([
            "--reports-dir",
            dir.path().to_str().unwrap(),
            "export",
            "no-such-thing",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("neither a case file"));
}

#[test]
fn raw_extension_members_are_exported_with_their_bytes() {
    let registry = dv_harness_kinds::registry().unwrap();
    let corpus = Corpus::load(&root().join("corpus"));
    let reports = tempfile::tempdir().unwrap();
    let file = root().join(
        "corpus/resource.k8s.io/v1/ResourceClaim/seed/status-allocation-parameters-rewritten-with-whitespace.json",
    );
    let input = resolve(file.to_str().unwrap(), reports.path()).unwrap();
    let text = export(&input, &registry, &EngineSettings::default(), &corpus).unwrap();
    let param = "obj.Status.Allocation.Devices.Config[0].Opaque.Parameters = runtime.RawExtension{Raw: []byte(";
    assert!(
        text.contains(&format!(r#"{param}"{{\"a\":1}}")}}"#)),
        "{text}"
    );
    assert!(
        text.contains(&format!(r#"{param}"{{\"a\": 1}}")}}"#)),
        "{text}"
    );
    // A recorded case without its file's text: the compact text of the value.
    let mut input = input;
    input.text = None;
    let text = export(&input, &registry, &EngineSettings::default(), &corpus).unwrap();
    assert!(!text.contains(r#"{\"a\": 1}"#), "{text}");
}
