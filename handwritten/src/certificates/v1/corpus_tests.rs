//! Replays every seed case of `corpus/certificates.k8s.io/v1/CertificateSigningRequest`
//! through the strategy's `prepare` and the hand-written `validate`, and
//! compares the errors with the case's `expected` list as a multiset of
//! (type, field, origin).

use super::certificate_signing_request::{prepare, validate};
use apimachinery::operation::{Context, Operation};
use declarative::api::certificates::v1::CertificateSigningRequest;
use serde_json::Value;
use std::path::{Path, PathBuf};

fn seed_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus/certificates.k8s.io/v1/CertificateSigningRequest/seed")
}

type Key = (String, String, String);

fn expected_keys(case: &Value) -> Vec<Key> {
    let mut keys: Vec<Key> = case["expected"]
        .as_array()
        .map(|list| {
            list.iter()
                .map(|e| {
                    let text = |k: &str| e[k].as_str().unwrap_or_default().to_string();
                    (text("type"), text("field"), text("origin"))
                })
                .collect()
        })
        .unwrap_or_default();
    keys.sort();
    keys
}

/// The context, the prepared object and the old object of a case.
fn load_case(
    case: &Value,
) -> (
    Context,
    CertificateSigningRequest,
    Option<CertificateSigningRequest>,
) {
    let operation: Operation = case["operation"]
        .as_str()
        .unwrap_or("create")
        .parse()
        .expect("operation");
    let mut ctx = Context::new(operation);
    if let Some(sub) = case["subresource"].as_str().filter(|s| !s.is_empty()) {
        ctx = ctx.subresource(sub);
    }
    let mut obj: CertificateSigningRequest =
        serde_json::from_value(case["object"].clone()).expect("object");
    let old: Option<CertificateSigningRequest> = match &case["oldObject"] {
        Value::Null => None,
        v => Some(serde_json::from_value(v.clone()).expect("oldObject")),
    };
    prepare(&ctx, &mut obj, old.as_ref());
    (ctx, obj, old)
}

fn run_case(case: &Value) -> Vec<Key> {
    let (ctx, obj, old) = load_case(case);
    let mut keys: Vec<Key> = validate(&ctx, &obj, old.as_ref())
        .iter()
        .map(|e| {
            (
                e.error_type.as_str().to_string(),
                e.field.clone(),
                e.origin.clone(),
            )
        })
        .collect();
    keys.sort();
    keys
}

#[test]
fn seed_cases_match_expected_errors() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(seed_dir())
        .expect("seed directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 60, "only {} seed cases", files.len());
    let mut failures = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable case");
        let case: Value = serde_json::from_str(&text).expect("case JSON");
        let got = run_case(&case);
        let want = expected_keys(&case);
        if got != want {
            failures.push(format!(
                "{}:\n  got  {got:?}\n  want {want:?}",
                file.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// On every seed case, the (field, origin) pairs of the hand-written errors
/// marked covered by declarative validation are exactly those the
/// declarative validator reports (Kubernetes' mismatch check compares by
/// type, field and origin; HV may repeat an error DV reports once).
#[test]
fn covered_errors_match_declarative_errors_on_every_seed_case() {
    use apimachinery::Validate;
    use std::collections::BTreeSet;
    let mut mismatches = Vec::new();
    let mut fired = 0;
    for entry in std::fs::read_dir(seed_dir()).expect("seed directory") {
        let path = entry.expect("entry").path();
        let case: Value =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("read")).expect("json");
        let (ctx, obj, old) = load_case(&case);
        let key = |e: &apimachinery::field::Error| {
            (e.error_type.as_str(), e.field.clone(), e.origin.clone())
        };
        let hv: BTreeSet<_> = validate(&ctx, &obj, old.as_ref())
            .iter()
            .filter(|e| e.covered_by_declarative)
            .map(key)
            .collect();
        let dv: BTreeSet<_> = obj.validate(&ctx, old.as_ref()).iter().map(key).collect();
        fired += usize::from(!dv.is_empty());
        if hv != dv {
            mismatches.push(format!("{}: hv {hv:?} dv {dv:?}", path.display()));
        }
    }
    assert!(fired >= 3, "declarative rules fired on only {fired} cases");
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
fn seed_cases_cover_every_operation_path() {
    let mut paths = std::collections::BTreeSet::new();
    for entry in std::fs::read_dir(seed_dir()).expect("seed directory") {
        let path = entry.expect("entry").path();
        let case: Value =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("read")).expect("json");
        paths.insert(format!(
            "{} {}",
            case["operation"].as_str().unwrap_or_default(),
            case["subresource"].as_str().unwrap_or_default()
        ));
    }
    let paths: Vec<&str> = paths.iter().map(String::as_str).collect();
    assert_eq!(
        paths,
        ["create ", "update ", "update /approval", "update /status"]
    );
}
