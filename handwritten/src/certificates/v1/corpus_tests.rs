//! Replays the seed cases of `corpus/certificates.k8s.io/v1/CertificateSigningRequest`
//! through the strategy's `prepare` (skipped for a case with `"prepare": false`,
//! which Kubernetes' own tests validate as written) and the hand-written
//! `validate`, and checks
//! - the errors against the case's `expected` list, as a multiset of
//!   (type, field, origin);
//! - that the errors marked covered by declarative validation are exactly
//!   the declarative validator's, as a set of (type, field, origin)
//!   (Kubernetes' mismatch check; HV may repeat an error DV reports once).
//!
//! One test per operation path keeps each test short (request signatures
//! are verified on every case).

use super::certificate_signing_request::{prepare, validate};
use apimachinery::Validate;
use apimachinery::field::{Error, ErrorList};
use apimachinery::operation::{Context, Operation};
use declarative::api::certificates::v1::CertificateSigningRequest;
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn seed_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus/certificates.k8s.io/v1/CertificateSigningRequest/seed")
}

type Key = (String, String, String);

fn key(e: &Error) -> Key {
    (
        e.error_type.as_str().to_string(),
        e.field.clone(),
        e.origin.clone(),
    )
}

fn sorted_keys(errs: &ErrorList) -> Vec<Key> {
    let mut keys: Vec<Key> = errs.iter().map(key).collect();
    keys.sort();
    keys
}

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

/// Every seed case, with its file name.
fn seed_cases() -> Vec<(PathBuf, Value)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(seed_dir())
        .expect("seed directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|file| {
            let text = std::fs::read_to_string(&file).expect("readable case");
            let case: Value = serde_json::from_str(&text).expect("case JSON");
            (file, case)
        })
        .collect()
}

/// The context, the (prepared, unless the case says otherwise) object and
/// the old object of a case.
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
    if case["prepare"].as_bool() != Some(false) {
        prepare(&ctx, &mut obj, old.as_ref());
    }
    (ctx, obj, old)
}

/// What replaying one operation path found.
struct Replay {
    cases: usize,
    declarative_fired: usize,
    failures: Vec<String>,
}

fn replay(operation: &str, subresource: &str) -> Replay {
    let mut replay = Replay {
        cases: 0,
        declarative_fired: 0,
        failures: Vec::new(),
    };
    for (file, case) in seed_cases() {
        if case["operation"].as_str() != Some(operation)
            || case["subresource"].as_str().unwrap_or_default() != subresource
        {
            continue;
        }
        replay.cases += 1;
        let (ctx, obj, old) = load_case(&case);
        let hv = validate(&ctx, &obj, old.as_ref());
        let got = sorted_keys(&hv);
        let want = expected_keys(&case);
        if got != want {
            replay.failures.push(format!(
                "{}:\n  got  {got:?}\n  want {want:?}",
                file.display()
            ));
        }
        let covered: BTreeSet<Key> = hv
            .iter()
            .filter(|e| e.covered_by_declarative)
            .map(key)
            .collect();
        let dv: BTreeSet<Key> = obj.validate(&ctx, old.as_ref()).iter().map(key).collect();
        replay.declarative_fired += usize::from(!dv.is_empty());
        if covered != dv {
            replay.failures.push(format!(
                "{}: covered HV {covered:?} != DV {dv:?}",
                file.display()
            ));
        }
    }
    replay
}

fn check(replay: &Replay, min_cases: usize, min_fired: usize) {
    assert!(replay.failures.is_empty(), "{}", replay.failures.join("\n"));
    assert!(replay.cases >= min_cases, "only {} cases", replay.cases);
    assert!(
        replay.declarative_fired >= min_fired,
        "declarative validation fired on only {} cases",
        replay.declarative_fired
    );
}

#[test]
fn create_cases_match_expected_and_declarative() {
    check(&replay("create", ""), 40, 1);
}

#[test]
fn update_cases_match_expected_and_declarative() {
    check(&replay("update", ""), 15, 0);
}

#[test]
fn status_cases_match_expected_and_declarative() {
    check(&replay("update", "/status"), 15, 1);
}

#[test]
fn approval_cases_match_expected_and_declarative() {
    check(&replay("update", "/approval"), 15, 3);
}

#[test]
fn seed_cases_cover_every_operation_path() {
    let cases = seed_cases();
    assert!(cases.len() >= 60, "only {} seed cases", cases.len());
    let paths: BTreeSet<String> = cases
        .iter()
        .map(|(_, case)| {
            format!(
                "{} {}",
                case["operation"].as_str().unwrap_or_default(),
                case["subresource"].as_str().unwrap_or_default()
            )
        })
        .collect();
    let paths: Vec<&str> = paths.iter().map(String::as_str).collect();
    assert_eq!(
        paths,
        ["create ", "update ", "update /approval", "update /status"]
    );
}
