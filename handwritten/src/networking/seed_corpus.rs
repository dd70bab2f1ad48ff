//! Test support: replays the seed case files of `corpus/<group>/<version>/<Kind>/seed/`
//! (DESIGN.md section 4) through a hand-written validator and compares its
//! errors with each case's `expected` (or `expectedHandwritten`, an extra key
//! for cases where Kubernetes also returns declarative-only errors), as a
//! multiset of (type, field) plus the origin where the case gives one.

use apimachinery::field::ErrorList;
use apimachinery::operation::{Context, Operation};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path as FsPath, PathBuf};

/// Runs one case: prepares (unless the second argument, the case's
/// `prepare`, is `false`) and validates `object` (with `oldObject` on
/// updates) under `ctx`; an `Err` says the JSON did not fit the type.
pub type Runner = dyn Fn(&Context, bool, &Value, Option<&Value>) -> Result<ErrorList, String>;

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

/// The case's `prepare` key: `false` validates the object as written, as
/// Kubernetes' own tests call `Validate` / `ValidateUpdate`.
fn prepare_step(case: &Value) -> bool {
    case.get("prepare").and_then(Value::as_bool).unwrap_or(true)
}

type Key = (String, String, Option<String>);

/// The errors the hand-written validator must return: `expectedHandwritten`
/// when the case has it (rules only declarative validation enforces make
/// Kubernetes' answer differ from HV's), else `expected`.
fn expected_keys(case: &Value) -> Result<Vec<Key>, String> {
    let list = case
        .get("expectedHandwritten")
        .or_else(|| case.get("expected"))
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
                let errs = run(&ctx, prepare_step(&case), object, old)?;
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
/// objects as `Type`, applies `module::prepare` (unless the case says
/// `"prepare": false`), then `module::validate`.
macro_rules! runner {
    ($ty:ty, $module:path) => {{
        use $module as m;
        move |ctx: &apimachinery::operation::Context,
              prepare: bool,
              object: &serde_json::Value,
              old: Option<&serde_json::Value>|
              -> Result<apimachinery::field::ErrorList, String> {
            let mut obj: $ty = serde_json::from_value(object.clone()).map_err(|e| e.to_string())?;
            let old: Option<$ty> = old
                .map(|o| serde_json::from_value(o.clone()).map_err(|e| e.to_string()))
                .transpose()?;
            if prepare {
                m::prepare(ctx, &mut obj, old.as_ref());
            }
            Ok(m::validate(ctx, &obj, old.as_ref()))
        }
    }};
}
pub(crate) use runner;

/// A [`Runner`] comparing the two validators: `dv_coverage!(Type, module)`
/// runs `module::prepare` (unless the case says `"prepare": false`), then
/// returns, as errors, the HV errors marked
/// covered by declarative validation and the DV errors
/// (`Validate::validate`), each with a `[HV]` / `[DV]` detail prefix, only
/// when the two sets of (type, field, origin) differ.
macro_rules! dv_coverage {
    ($ty:ty, $module:path) => {{
        use $module as m;
        move |ctx: &apimachinery::operation::Context,
              prepare: bool,
              object: &serde_json::Value,
              old: Option<&serde_json::Value>|
              -> Result<apimachinery::field::ErrorList, String> {
            let mut obj: $ty = serde_json::from_value(object.clone()).map_err(|e| e.to_string())?;
            let old: Option<$ty> = old
                .map(|o| serde_json::from_value(o.clone()).map_err(|e| e.to_string()))
                .transpose()?;
            if prepare {
                m::prepare(ctx, &mut obj, old.as_ref());
            }
            let hv: apimachinery::field::ErrorList = m::validate(ctx, &obj, old.as_ref())
                .iter()
                .filter(|e| e.covered_by_declarative)
                .cloned()
                .collect();
            let dv = apimachinery::Validate::validate(&obj, ctx, old.as_ref());
            Ok($crate::networking::seed_corpus::set_difference(&hv, &dv))
        }
    }};
}
pub(crate) use dv_coverage;

/// The errors of `hv` and `dv` when their (type, field, origin) sets
/// differ (each detail prefixed `[HV]` or `[DV]`), else nothing.
pub fn set_difference(hv: &ErrorList, dv: &ErrorList) -> ErrorList {
    use std::collections::BTreeSet;
    let keys = |l: &ErrorList| -> BTreeSet<(String, String, String)> {
        l.iter()
            .map(|e| {
                (
                    e.error_type.as_str().to_string(),
                    e.field.clone(),
                    e.origin.clone(),
                )
            })
            .collect()
    };
    if keys(hv) == keys(dv) {
        return ErrorList::new();
    }
    let mut out = ErrorList::new();
    for (tag, list) in [("[HV] ", hv), ("[DV] ", dv)] {
        for e in list.iter() {
            let mut e = e.clone();
            e.detail = format!("{tag}{}", e.detail);
            out.push(e);
        }
    }
    out
}

/// Runs `run` over every case of `dir` and returns the names (file stems)
/// of the cases where it reported errors, each with those errors.
pub fn differing_cases(dir: &FsPath, run: &Runner) -> Vec<String> {
    let mut entries: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(rd) => rd.filter_map(|e| e.ok().map(|e| e.path())).collect(),
        Err(err) => return vec![format!("{}: {err}", dir.display())],
    };
    entries.retain(|p| p.extension().is_some_and(|x| x == "json"));
    entries.sort();
    let mut out = Vec::new();
    for path in &entries {
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let result = std::fs::read_to_string(path)
            .map_err(|e| e.to_string())
            .and_then(|t| serde_json::from_str::<Value>(&t).map_err(|e| e.to_string()))
            .and_then(|case| {
                let ctx = context(&case)?;
                let object = case.get("object").ok_or("no object")?;
                let old = case.get("oldObject").filter(|v| !v.is_null());
                run(&ctx, prepare_step(&case), object, old)
            });
        match result {
            Err(err) => out.push(format!("{name}: {err}")),
            Ok(errs) if !errs.is_empty() => {
                let lines: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
                out.push(format!("{name}: {}", lines.join(" | ")));
            }
            Ok(_) => {}
        }
    }
    out
}

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

    fn names(lines: Vec<String>) -> Vec<String> {
        lines
            .into_iter()
            .map(|l| l.split(':').next().unwrap_or_default().to_string())
            .collect()
    }

    #[test]
    fn covered_hv_errors_equal_dv_errors() {
        let dir = |k| seed_dir("networking.k8s.io", "v1", k);
        let ip = differing_cases(
            &dir("IPAddress"),
            &crate::networking::seed_corpus::dv_coverage!(
                IPAddress,
                crate::networking::v1::ip_address
            ),
        );
        // Kubernetes' own divergence: DV's `immutable` on parentRef short-circuits
        // the nested `required` checks that HV still reports as covered.
        assert_eq!(names(ip), ["update-resource-cleared"]);
        let np = differing_cases(
            &dir("NetworkPolicy"),
            &dv_coverage!(NetworkPolicy, crate::networking::v1::network_policy),
        );
        assert_eq!(np, Vec::<String>::new());
        let ic = differing_cases(
            &dir("IngressClass"),
            &dv_coverage!(IngressClass, crate::networking::v1::ingress_class),
        );
        assert_eq!(ic, Vec::<String>::new());
    }

    #[test]
    fn a_wrong_expectation_is_reported() {
        let exp = vec![("FieldValueRequired".to_string(), "x".to_string(), None)];
        assert!(compare(&exp, &ErrorList::new()).is_some());
        assert!(compare(&[], &ErrorList::new()).is_none());
    }
}
