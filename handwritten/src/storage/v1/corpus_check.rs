//! Test support: replays the seed case files of a kind through its
//! strategy's `prepare` (skipped for a case with `"prepare": false`) and
//! the hand-written `validate`, and compares the
//! errors with each case's `expected` list as a multiset of (type, field,
//! origin). Used by the storage and autoscaling pairs' corpus tests.

use apimachinery::field::ErrorList;
use apimachinery::operation::{Context, Operation};
use serde_json::Value;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// (type, field, origin) of one error.
type Key = (String, String, String);

/// The seed directory of a kind, e.g. `storage.k8s.io/v1/StorageClass`.
pub(crate) fn seed_dir(kind_dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../corpus")
        .join(kind_dir)
        .join("seed")
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

fn context_of(case: &Value) -> Context {
    let operation: Operation = case["operation"]
        .as_str()
        .unwrap_or("create")
        .parse()
        .expect("operation");
    let mut ctx = Context::new(operation);
    if let Some(sub) = case["subresource"].as_str().filter(|s| !s.is_empty()) {
        ctx = ctx.subresource(sub);
    }
    if let Some(gates) = case["gates"].as_object() {
        for (name, on) in gates {
            ctx = ctx.option(name, on.as_bool().expect("gate value"));
        }
    }
    ctx
}

/// Whether the case runs the strategy's prepare step (`"prepare": false`
/// validates the object as written).
fn prepares(case: &Value) -> bool {
    case["prepare"].as_bool().unwrap_or(true)
}

/// Runs every `*.json` case of `kind_dir`'s seed directory (at least
/// `min_cases` of them) and fails listing each case whose errors differ from
/// its `expected` list. Also requires the cases to reach every operation
/// path in `paths` (`"create /"`, `"update /status"`, ...).
pub(crate) fn check_seed_cases<T>(
    kind_dir: &str,
    min_cases: usize,
    paths: &[&str],
    parse: impl Fn(Value) -> serde_json::Result<T>,
    prepare: impl Fn(&Context, &mut T, Option<&T>),
    validate: impl Fn(&Context, &T, Option<&T>) -> ErrorList,
) {
    let mut files: Vec<PathBuf> = std::fs::read_dir(seed_dir(kind_dir))
        .expect("seed directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= min_cases, "only {} seed cases", files.len());
    let mut failures = Vec::new();
    let mut seen_paths = BTreeSet::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable case");
        let case: Value = serde_json::from_str(&text).expect("case JSON");
        assert!(
            case.get("expected").is_some(),
            "{}: no expected",
            file.display()
        );
        let ctx = context_of(&case);
        seen_paths.insert(format!(
            "{} {}",
            ctx.operation.as_str(),
            ctx.subresource_path()
        ));
        let mut obj = parse(case["object"].clone()).expect("object");
        let old = match &case["oldObject"] {
            Value::Null => None,
            v => Some(parse(v.clone()).expect("oldObject")),
        };
        if prepares(&case) {
            prepare(&ctx, &mut obj, old.as_ref());
        }
        let mut got: Vec<Key> = validate(&ctx, &obj, old.as_ref())
            .iter()
            .map(|e| {
                (
                    e.error_type.as_str().to_string(),
                    e.field.clone(),
                    e.origin.clone(),
                )
            })
            .collect();
        got.sort();
        let want = expected_keys(&case);
        if got != want {
            failures.push(format!(
                "{}:\n  got  {got:?}\n  want {want:?}",
                file.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let wanted: BTreeSet<String> = paths.iter().map(|p| p.to_string()).collect();
    assert_eq!(
        seen_paths, wanted,
        "operation paths reached by the seed cases"
    );
}

/// Every seed case (after `prepare`) whose hand-written errors marked as
/// covered differ, as (type, field, origin) sets, from the declarative
/// errors; returns the names of those cases with both sets.
pub(crate) fn coverage_differences<T>(
    kind_dir: &str,
    parse: impl Fn(Value) -> serde_json::Result<T>,
    prepare: impl Fn(&Context, &mut T, Option<&T>),
    validate: impl Fn(&Context, &T, Option<&T>) -> ErrorList,
) -> Vec<String>
where
    T: apimachinery::Validate,
{
    coverage_differences_with(kind_dir, &[], parse, prepare, validate)
}

/// [`coverage_differences`] with the validation options the kind's
/// strategy defines (`options`, at their defaults) set before each case's
/// gates, as the strategy sets them: a declarative `+k8s:ifEnabled` /
/// `+k8s:ifDisabled` on an option the context does not define is an
/// internal error.
pub(crate) fn coverage_differences_with<T>(
    kind_dir: &str,
    options: &[(&str, bool)],
    parse: impl Fn(Value) -> serde_json::Result<T>,
    prepare: impl Fn(&Context, &mut T, Option<&T>),
    validate: impl Fn(&Context, &T, Option<&T>) -> ErrorList,
) -> Vec<String>
where
    T: apimachinery::Validate,
{
    let set = |errs: &ErrorList, covered_only: bool| -> BTreeSet<Key> {
        errs.iter()
            .filter(|e| !covered_only || e.covered_by_declarative)
            .map(|e| {
                (
                    e.error_type.as_str().to_string(),
                    e.field.clone(),
                    e.origin.clone(),
                )
            })
            .collect()
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(seed_dir(kind_dir))
        .expect("seed directory")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let mut out = Vec::new();
    for file in &files {
        let case: Value =
            serde_json::from_str(&std::fs::read_to_string(file).expect("readable")).expect("json");
        let mut ctx = context_of(&case);
        for (name, default) in options {
            if ctx.option_state(name).is_none() {
                ctx = ctx.option(name, *default);
            }
        }
        let mut obj = parse(case["object"].clone()).expect("object");
        let old = match &case["oldObject"] {
            Value::Null => None,
            v => Some(parse(v.clone()).expect("oldObject")),
        };
        if prepares(&case) {
            prepare(&ctx, &mut obj, old.as_ref());
        }
        let hv = set(&validate(&ctx, &obj, old.as_ref()), true);
        let dv = set(&obj.validate(&ctx, old.as_ref()), false);
        if hv != dv {
            let name = file.file_stem().unwrap_or_default().to_string_lossy();
            out.push(format!("{name}: HV {hv:?} DV {dv:?}"));
        }
    }
    out
}
