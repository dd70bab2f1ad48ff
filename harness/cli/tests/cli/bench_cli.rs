//! `dv-harness bench`: the JSON contract of DESIGN.md section 5, every
//! registered kind present, ratios finite and positive, the table output
//! and usage errors. Tiny budgets: this checks shape, never speed.

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus")
}

fn dv_harness(args: &[&str]) -> Output {
    let dir = tempfile::tempdir().unwrap();
    Command::new(env!("CARGO_BIN_EXE_dv-harness"))
        .args(["--corpus-dir", corpus().to_str().unwrap()])
        .args(args)
        .current_dir(dir.path())
        .output()
        .unwrap()
}

fn json(o: &Output) -> Value {
    assert_eq!(
        o.status.code(),
        Some(0),
        "stderr: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).unwrap()
}

fn positive(v: &Value, what: &str) -> f64 {
    let x = v
        .as_f64()
        .unwrap_or_else(|| panic!("{what} is not a number: {v}"));
    assert!(x.is_finite() && x > 0.0, "{what} = {x}");
    x
}

#[test]
fn json_has_every_registered_kind_with_finite_positive_ratios() {
    let report = json(&dv_harness(&[
        "--json",
        "bench",
        "--budget",
        "300ms",
        "--max-items",
        "100",
    ]));
    let kinds = report["kinds"].as_array().unwrap();
    let registered = json(&dv_harness(&["--json", "kinds"]));
    for k in registered.as_array().unwrap() {
        if k["fixture"] == true {
            continue;
        }
        assert!(
            kinds.iter().any(|b| b["kind"] == k["kind"]),
            "{} missing from bench",
            k["kind"]
        );
    }
    for k in kinds {
        let name = k["kind"].as_str().unwrap();
        for field in ["dvOverHv", "shadowOverHv", "dvOverFloor"] {
            positive(&k[field], &format!("{name}.{field}"));
        }
        assert!(!k["scenarios"].as_array().unwrap().is_empty());
    }
    let scaling = report["scaling"].as_array().unwrap();
    for case in [
        "listMap",
        "listSet",
        "eachVal",
        "item",
        "csrStatusConditions",
    ] {
        let items: Vec<u64> = scaling
            .iter()
            .filter(|p| p["case"] == case)
            .map(|p| p["items"].as_u64().unwrap())
            .collect();
        assert_eq!(items, [1, 10, 100], "{case}");
    }
    for p in scaling {
        positive(&p["hvNanosPerItem"], "hvNanosPerItem");
        positive(&p["dvNanosPerItem"], "dvNanosPerItem");
        positive(&p["floorNanosPerItem"], "floorNanosPerItem");
    }
}

#[test]
fn kinds_filter_and_table() {
    let o = dv_harness(&["bench", "--kinds", "ListSetFixture", "--budget", "20ms"]);
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("DV/HV") && out.contains("ListSetFixture"),
        "{out}"
    );
    assert!(
        out.contains("HV ns/item") && out.contains("listSet"),
        "{out}"
    );
    assert!(!out.contains("ReplicationController"), "{out}");
}

#[test]
fn unknown_kind_is_a_usage_error() {
    let o = dv_harness(&["bench", "--kinds", "NoSuchKind", "--budget", "10ms"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("NoSuchKind"));
}

#[test]
fn record_puts_bench_ratios_into_the_evidence_the_report_prefers() {
    let dir = tempfile::tempdir().unwrap();
    let reports = dir.path().join("reports");
    let o = Command::new(env!("CARGO_BIN_EXE_dv-harness"))
        .args(["--corpus-dir", corpus().to_str().unwrap()])
        .args(["--record", "--reports-dir", reports.to_str().unwrap()])
        .args([
            "bench",
            "--kinds",
            "StorageClass",
            "--budget",
            "20ms",
            "--max-items",
            "10",
        ])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let e = dv_harness_evidence::evidence::Evidence::read(&reports).unwrap();
    let k = e
        .kind("storage.k8s.io/v1", "StorageClass")
        .unwrap_or_else(|| panic!("no StorageClass in {:?}", e.kinds.keys()));
    assert_eq!(k.latency_source.as_deref(), Some("bench"));
    positive(&serde_json::json!(k.dv_over_hv), "dvOverHv");
    // A later run's medians do not replace it, and the report shows it.
    let o = Command::new(env!("CARGO_BIN_EXE_dv-harness"))
        .args(["--reports-dir", reports.to_str().unwrap(), "report"])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let html = std::fs::read_to_string(reports.join("report.html")).unwrap();
    assert!(html.contains("<td>StorageClass</td>"), "{html}");
    assert!(html.contains("<td>bench</td>"));
}
