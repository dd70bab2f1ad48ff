//! Mismatch minimisation: a found mismatch is shrunk to a small case
//! (fields and list items removed, strings shortened, numbers zeroed, gate
//! overrides dropped) while its signature — kind, operation, subresource,
//! verdict, panicking sides and the unpaired errors (`record::signature`) —
//! stays the same. Every candidate goes through the kind's type, so the
//! result is a canonical object that deserialises.

use super::path::{Location, Step, get, locations, remove, set};
use dv_harness_engine::case::Case;
use dv_harness_engine::engine::EngineSettings;
use dv_harness_engine::pair::{Checked, DynPair};
use dv_harness_engine::record::signature;
use serde_json::Value;

/// The default number of candidate checks a minimisation may spend.
pub const DEFAULT_BUDGET: usize = 3000;

/// The result of a minimisation.
#[derive(Debug, Clone)]
pub struct Minimized {
    /// The smallest case found with the same signature.
    pub case: Case<Value>,
    /// Its check.
    pub checked: Checked,
    /// The signature kept.
    pub signature: String,
    /// Candidate cases tried.
    pub tries: usize,
}

fn removable(v: &Value) -> Vec<Location> {
    locations(v)
        .into_iter()
        .map(|(l, _)| l)
        .filter(|l| {
            !l.is_empty()
                && !matches!(l.as_slice(), [Step::Key(k)] if k == "apiVersion" || k == "kind")
        })
        .collect()
}

fn string_leaves(v: &Value) -> Vec<(Location, String)> {
    locations(v)
        .into_iter()
        .filter_map(|(l, x)| {
            x.as_str()
                .filter(|s| !s.is_empty())
                .map(|s| (l, s.to_string()))
        })
        .filter(
            |(l, _)| !matches!(l.as_slice(), [Step::Key(k)] if k == "apiVersion" || k == "kind"),
        )
        .collect()
}

fn number_leaves(v: &Value) -> Vec<Location> {
    locations(v)
        .into_iter()
        .filter(|(_, x)| x.as_f64().is_some_and(|n| n != 0.0))
        .map(|(l, _)| l)
        .collect()
}

/// Which object of an update case a reduction applies to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Side {
    New,
    Old,
    Both,
}

fn candidates(case: &Case<Value>) -> Vec<Case<Value>> {
    let mut out = Vec::new();
    for name in case.gates.keys() {
        let mut c = case.clone();
        c.gates.remove(name);
        out.push(c);
    }
    let sides: &[Side] = if case.old_object.is_some() {
        &[Side::Both, Side::New, Side::Old]
    } else {
        &[Side::New]
    };
    let edit = |side: Side, f: &dyn Fn(&mut Value) -> bool| -> Option<Case<Value>> {
        let mut c = case.clone();
        let mut done = false;
        if matches!(side, Side::New | Side::Both) {
            done |= f(&mut c.object);
        }
        if matches!(side, Side::Old | Side::Both)
            && let Some(old) = c.old_object.as_mut()
        {
            let did = f(old);
            if side == Side::Both && !did {
                return None;
            }
            done |= did;
        }
        done.then_some(c)
    };
    for &side in sides {
        let base = if side == Side::Old {
            case.old_object.as_ref().unwrap_or(&case.object)
        } else {
            &case.object
        };
        // Larger parts first: pre-order puts parents before children.
        for loc in removable(base) {
            if side == Side::Both
                && get(&case.object, &loc) != case.old_object.as_ref().and_then(|o| get(o, &loc))
            {
                continue;
            }
            if let Some(c) = edit(side, &|v: &mut Value| remove(v, &loc).is_some()) {
                out.push(c);
            }
        }
        for (loc, s) in string_leaves(base) {
            let half: String = s.chars().take(s.chars().count() / 2).collect();
            for shorter in [String::new(), half] {
                if shorter != s
                    && let Some(c) = edit(side, &|v: &mut Value| {
                        set(v, &loc, Value::String(shorter.clone()))
                    })
                {
                    out.push(c);
                }
            }
        }
        for loc in number_leaves(base) {
            if let Some(c) = edit(side, &|v: &mut Value| set(v, &loc, Value::from(0))) {
                out.push(c);
            }
        }
    }
    out
}

fn canonical(pair: &dyn DynPair, case: &Case<Value>) -> Option<Case<Value>> {
    let mut c = case.clone();
    c.object = pair.roundtrip(&case.object).ok()?;
    if let Some(old) = &case.old_object {
        c.old_object = Some(pair.roundtrip(old).ok()?);
    }
    Some(c)
}

/// Shrinks `case` while the outcome keeps its signature, trying at most
/// `budget` candidates. Returns `None` if the case itself does not run.
///
/// ```
/// use dv_harness_generate::minimize::minimize;
/// use dv_harness_engine::engine::EngineSettings;
/// use dv_harness_engine::pair::FnPair;
/// use dv_harness_engine::case::Case;
/// use apimachinery::{field::{Error, ErrorList, Path}, operation::Context};
/// #[derive(Clone, Default, serde::Serialize, serde::Deserialize, PartialEq, apimachinery::Validate)]
/// struct T {
///     /// +k8s:beta(since: "1.37")=+k8s:optional
///     /// +k8s:beta(since: "1.37")=+k8s:maxLength=3
///     #[serde(default)]
///     name: String,
///     #[serde(default, skip_serializing_if = "Vec::is_empty")]
///     other: Vec<String>,
/// }
/// // HV forgets the limit: DV is stricter.
/// fn hv(_: &Context, _: &T, _: Option<&T>) -> ErrorList { ErrorList::new() }
/// fn prep(_: &Context, _: &mut T, _: Option<&T>) {}
/// let pair = FnPair::new("v1", "T", hv, prep, &[]);
/// let case = Case::create(serde_json::json!({"name": "abcdefgh", "other": ["x", "y"]}));
/// let m = minimize(&pair, &EngineSettings::default(), &case, 500).unwrap();
/// assert_eq!(m.case.object, serde_json::json!({"name": "abcd"}));
/// ```
pub fn minimize(
    pair: &dyn DynPair,
    settings: &EngineSettings,
    case: &Case<Value>,
    budget: usize,
) -> Option<Minimized> {
    let mut current = canonical(pair, case)?;
    let mut checked = pair.check_json(&current, settings).ok()?;
    let target = signature(&checked.outcome);
    let mut tries = 0usize;
    'outer: loop {
        for cand in candidates(&current) {
            if tries >= budget {
                break 'outer;
            }
            let Some(cand) = canonical(pair, &cand) else {
                continue;
            };
            if cand == current {
                continue;
            }
            tries += 1;
            if let Ok(c) = pair.check_json(&cand, settings)
                && signature(&c.outcome) == target
            {
                current = cand;
                checked = c;
                continue 'outer;
            }
        }
        break;
    }
    Some(Minimized {
        case: current,
        checked,
        signature: target,
        tries,
    })
}
