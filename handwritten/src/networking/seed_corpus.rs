//! Test support: replays the seed case files of `corpus/<group>/<version>/<Kind>/seed/`
//! (DESIGN.md section 4) through a hand-written validator and compares its
//! errors with each case's `expected`, as a multiset of (type, field) plus
//! the origin where the case gives one.

use apimachinery::field::ErrorList;
use apimachinery::operation::{Context, Operation};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path as FsPath, PathBuf};

/// Runs one case: prepares and validates `object` (with `oldObject` on
/// updates) under `ctx`; an `Err` says the JSON did not fit the type.
pub type Runner = dyn Fn(&Context, &Value, Option<&Value>) -> Result<ErrorList, String>;

/// The seed directory of a kind, relative to the workspace root.
pub fn seed_dir(group: &str, version: &str, kind: &str) -> PathBuf {
    FsPath::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("corpus")
        .join(group)
        .join(version)
        .join(kind)
        .join("seed")
}

fn context(case: &Value) -> Result<Context, String> {
    let mut ctx = match case
        .get("operation")
        .and_then(Value::as_str)
        .unwrap_or("create")
    {
        "create" => Context::create(),
        "update" => Context::new(Operation::Update),
        other => return Err(format!("unknown operation {other}")),
    };
    if let Some(sub) = case.get("subresource").and_then(Value::as_str) {
        ctx = ctx.subresource(sub);
    }
    if let Some(gates) = case.get("gates").and_then(Value::as_object) {
        for (name, on) in gates {
            ctx = ctx.option(name, on.as_bool().unwrap_or(false));
        }
    }
    Ok(ctx)
}

type Key = (String, String, Option<String>);

fn expected_keys(case: &Value) -> Result<Vec<Key>, String> {
    let list = case
        .get("expected")
        .and_then(Value::as_array)
        .ok_or("a seed case needs `expected`")?;
    list.iter()
        .map(|e| {
            let text = |k: &str| e.get(k).and_then(Value::as_str).map(str::to_string);
            Ok((
                text("type").ok_or("expected entry without type")?,
                text("field").ok_or("expected entry without field")?,
                text("origin"),
            ))
        })
        .collect()
}

/// Checks every case file of `dir`; returns one line per failing case and
/// the number of cases checked.
pub fn check_dir(dir: &FsPath, run: &Runner) -> (Vec<String>, usize) {
    let mut failures = Vec::new();
    let mut entries: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(rd) => rd.filter_map(|e| e.ok().map(|e| e.path())).collect(),
        Err(err) => return (vec![format!("{}: {err}", dir.display())], 0),
    };
    entries.retain(|p| p.extension().is_some_and(|x| x == "json"));
    entries.sort();
    for path in &entries {
        let name = path.display().to_string();
        let outcome = std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|t| serde_json::from_str::<Value>(&t).map_err(|e| e.to_string()))
            .and_then(|case| {
                let ctx = context(&case)?;
                let expected = expected_keys(&case)?;
                let object = case.get("object").ok_or("no object")?;
                let old = case.get("oldObject").filter(|v| !v.is_null());
                let errs = run(&ctx, object, old)?;
                Ok((expected, errs))
            });
        match outcome {
            Err(err) => failures.push(format!("{name}: {err}")),
            Ok((expected, errs)) => {
                if let Some(diff) = compare(&expected, &errs) {
                    failures.push(format!("{name}: {diff}"));
                }
            }
        }
    }
    (failures, entries.len())
}

fn compare(expected: &[Key], errs: &ErrorList) -> Option<String> {
    let mut got: BTreeMap<(String, String, String), usize> = BTreeMap::new();
    for e in errs.iter() {
        *got.entry((
            e.error_type.as_str().to_string(),
            e.field.clone(),
            e.origin.clone(),
        ))
        .or_default() += 1;
    }
    let mut missing = Vec::new();
    for (t, f, o) in expected {
        let hit = got
            .iter_mut()
            .find(|((gt, gf, go), n)| {
                **n > 0 && gt == t && gf == f && o.as_ref().is_none_or(|o| o == go)
            })
            .map(|(_, n)| n);
        match hit {
            Some(n) => *n -= 1,
            None => missing.push(format!("{t} {f} {o:?}")),
        }
    }
    let extra: Vec<String> = got
        .into_iter()
        .filter(|(_, n)| *n > 0)
        .map(|((t, f, o), n)| format!("{n}x {t} {f} {o:?}"))
        .collect();
    if missing.is_empty() && extra.is_empty() {
        None
    } else {
        Some(format!(
            "missing {missing:?}, unexpected {extra:?}; all: {errs:?}"
        ))
    }
}

/// A [`Runner`] for one kind: `runner!(Type, module)` deserialises the
/// objects as `Type`, applies `module::prepare`, then `module::validate`.
macro_rules! runner {
    ($ty:ty, $module:path) => {{
        use $module as m;
        move |ctx: &apimachinery::operation::Context,
              object: &serde_json::Value,
              old: Option<&serde_json::Value>|
              -> Result<apimachinery::field::ErrorList, String> {
            let mut obj: $ty = serde_json::from_value(object.clone()).map_err(|e| e.to_string())?;
            let old: Option<$ty> = old
                .map(|o| serde_json::from_value(o.clone()).map_err(|e| e.to_string()))
                .transpose()?;
            m::prepare(ctx, &mut obj, old.as_ref());
            Ok(m::validate(ctx, &obj, old.as_ref()))
        }
    }};
}
pub(crate) use runner;

#[cfg(test)]
mod tests {
    use super::*;
    use declarative::api::networking::v1::{IPAddress, IngressClass, NetworkPolicy};

    fn check(kind: &str, run: &Runner) {
        let (failures, count) = check_dir(&seed_dir("networking.k8s.io", "v1", kind), run);
        assert!(count >= 30, "{kind}: only {count} seed cases");
        assert!(failures.is_empty(), "{kind}:\n{}", failures.join("\n"));
    }

    #[test]
    fn ip_address_seed_cases_match_expected() {
        check(
            "IPAddress",
            &crate::networking::seed_corpus::runner!(IPAddress, crate::networking::v1::ip_address),
        );
    }

    #[test]
    fn network_policy_seed_cases_match_expected() {
        check(
            "NetworkPolicy",
            &runner!(NetworkPolicy, crate::networking::v1::network_policy),
        );
    }

    #[test]
    fn ingress_class_seed_cases_match_expected() {
        check(
            "IngressClass",
            &runner!(IngressClass, crate::networking::v1::ingress_class),
        );
    }

    #[test]
    fn a_wrong_expectation_is_reported() {
        let exp = vec![("FieldValueRequired".to_string(), "x".to_string(), None)];
        assert!(compare(&exp, &ErrorList::new()).is_some());
        assert!(compare(&[], &ErrorList::new()).is_none());
    }
}
