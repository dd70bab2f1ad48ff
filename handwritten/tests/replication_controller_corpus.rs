//! Runs every ReplicationController seed case of the corpus through the
//! hand-written validator (after the strategy's `prepare`, unless the case
//! says `"prepare": false`) and checks its errors against the case's
//! `expectedHandwritten` list (else `expected`), as a multiset of
//! (type, field[, origin]). Cases whose object is a `/scale` `Scale` request
//! body are left to the harness, which reads them
//! (`cargo test -p dv-harness --test equivalence`).

use apimachinery::field::ErrorList;
use apimachinery::operation::{Context, Operation};
use declarative::api::core::v1::ReplicationController;
use handwritten::core::v1::replication_controller::{prepare, validate};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn seed_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/core/v1/ReplicationController/seed")
}

/// One expected or actual error, keyed as the corpus compares them.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Key {
    error_type: String,
    field: String,
    origin: Option<String>,
}

fn run_case(file: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(file).map_err(|e| e.to_string())?;
    let case: Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let operation: Operation = case["operation"]
        .as_str()
        .unwrap_or("create")
        .parse()
        .map_err(|e| format!("{e}"))?;
    let mut ctx = Context::new(operation).subresource(case["subresource"].as_str().unwrap_or(""));
    if let Some(gates) = case["gates"].as_object() {
        for (name, enabled) in gates {
            ctx = ctx.option(name, enabled.as_bool().unwrap_or(false));
        }
    }
    if case["object"]["kind"].as_str() == Some("Scale") {
        return Ok(());
    }
    let mut obj: ReplicationController =
        serde_json::from_value(case["object"].clone()).map_err(|e| e.to_string())?;
    let old: Option<ReplicationController> = match &case["oldObject"] {
        Value::Null => None,
        v => Some(serde_json::from_value(v.clone()).map_err(|e| e.to_string())?),
    };
    if case["prepare"].as_bool().unwrap_or(true) {
        prepare(&ctx, &mut obj, old.as_ref());
    }
    let errs: ErrorList = validate(&ctx, &obj, old.as_ref());

    let expected = case
        .get("expectedHandwritten")
        .unwrap_or(&case["expected"])
        .as_array()
        .cloned()
        .unwrap_or_default();
    let mut want: Vec<Key> = expected
        .iter()
        .map(|e| Key {
            error_type: e["type"].as_str().unwrap_or_default().to_string(),
            field: e["field"].as_str().unwrap_or_default().to_string(),
            origin: e["origin"].as_str().map(str::to_string),
        })
        .collect();
    // Origin is compared only where the case states one.
    let mut got: Vec<Key> = errs
        .iter()
        .map(|e| Key {
            error_type: e.error_type.as_str().to_string(),
            field: e.field.clone(),
            origin: Some(e.origin.clone()),
        })
        .collect();
    let mut unmatched_want = Vec::new();
    for w in want.drain(..) {
        let pos = got.iter().position(|g| {
            g.error_type == w.error_type
                && g.field == w.field
                && w.origin
                    .as_ref()
                    .is_none_or(|o| g.origin.as_ref() == Some(o))
        });
        match pos {
            Some(i) => {
                got.remove(i);
            }
            None => unmatched_want.push(w),
        }
    }
    if unmatched_want.is_empty() && got.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "missing {unmatched_want:?}, unexpected {got:?} (all errors: {errs})"
        ))
    }
}

#[test]
fn every_seed_case_matches_its_expected_errors() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(seed_dir())
        .expect("the seed directory exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 60, "only {} seed cases", files.len());
    let failures: Vec<String> = files
        .iter()
        .filter_map(|f| {
            run_case(f).err().map(|e| {
                format!(
                    "{}: {e}",
                    f.file_name().unwrap_or_default().to_string_lossy()
                )
            })
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The (type, field, origin) set of a list of errors.
fn key_set<'a>(
    errs: impl Iterator<Item = &'a apimachinery::field::Error>,
) -> Vec<(String, String, String)> {
    let mut keys: Vec<(String, String, String)> = errs
        .map(|e| {
            (
                e.error_type.as_str().to_string(),
                e.field.clone(),
                e.origin.clone(),
            )
        })
        .collect();
    keys.sort();
    keys.dedup();
    keys
}

/// On the root resource, the hand-written errors marked as covered are
/// exactly the errors the declarative rules report (compared as sets of
/// type, field and origin, as Kubernetes' many-to-many matcher does).
#[test]
fn covered_handwritten_errors_match_declarative_errors() {
    use apimachinery::Validate;
    let mut files: Vec<PathBuf> = std::fs::read_dir(seed_dir())
        .expect("the seed directory exists")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    files.sort();
    let mut failures = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable case");
        let case: Value = serde_json::from_str(&text).expect("a JSON case");
        if !case["subresource"].as_str().unwrap_or("").is_empty() {
            continue;
        }
        let operation: Operation = case["operation"]
            .as_str()
            .unwrap_or("create")
            .parse()
            .expect("an operation");
        let ctx = Context::new(operation);
        let mut obj: ReplicationController =
            serde_json::from_value(case["object"].clone()).expect("an object");
        let old: Option<ReplicationController> = match &case["oldObject"] {
            Value::Null => None,
            v => Some(serde_json::from_value(v.clone()).expect("an old object")),
        };
        if case["prepare"].as_bool().unwrap_or(true) {
            prepare(&ctx, &mut obj, old.as_ref());
        }
        let hv = validate(&ctx, &obj, old.as_ref());
        let dv = obj.validate(&ctx, old.as_ref());
        let covered = key_set(hv.iter().filter(|e| e.covered_by_declarative));
        let declared = key_set(dv.iter());
        if covered != declared {
            failures.push(format!(
                "{}: covered HV {covered:?} vs DV {declared:?}",
                file.file_name().unwrap_or_default().to_string_lossy()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
