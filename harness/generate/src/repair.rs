//! Repairing a mutated object until it deserialises into the kind's type:
//! a missing field is added, a value of the wrong JSON type is replaced by
//! a small value of the type serde expected, an unknown enum variant by the
//! first variant serde lists, and a value serde rejects otherwise is
//! removed. The deserialiser's error path (from `serde_path_to_error`)
//! says where. This lets the generator create list items, map entries and
//! union members of types it only knows through their JSON.

use super::path::{Location, Step, get_mut, remove, set};
use dv_harness_engine::case::CaseProblem;
use dv_harness_engine::pair::{DynPair, TypedObject};
use serde_json::{Map, Value};

/// The most repair steps tried on one object.
pub const MAX_STEPS: usize = 16;

/// Parses a `serde_path_to_error` path (`spec.ports[0].port`, `.` = top).
///
/// ```
/// use dv_harness_generate::repair::parse_error_path;
/// use dv_harness_generate::path::Step;
/// assert_eq!(parse_error_path("a.b[2].c"), vec![
///     Step::Key("a".into()), Step::Key("b".into()), Step::Index(2), Step::Key("c".into())]);
/// assert!(parse_error_path(".").is_empty());
/// ```
pub fn parse_error_path(text: &str) -> Location {
    let mut out = Vec::new();
    if text == "." || text.is_empty() {
        return out;
    }
    let mut name = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '.' => {
                if !name.is_empty() {
                    out.push(Step::Key(std::mem::take(&mut name)));
                }
            }
            '[' => {
                if !name.is_empty() {
                    out.push(Step::Key(std::mem::take(&mut name)));
                }
                let mut idx = String::new();
                for d in chars.by_ref() {
                    if d == ']' {
                        break;
                    }
                    idx.push(d);
                }
                match idx.parse::<usize>() {
                    Ok(i) => out.push(Step::Index(i)),
                    Err(_) => out.push(Step::Key(idx)),
                }
            }
            _ => name.push(c),
        }
    }
    if !name.is_empty() {
        out.push(Step::Key(name));
    }
    out
}

/// A small non-zero value of the type a serde "expected ..." text names
/// (`1`, `"a"`, `true`, `[]`, `{}`): set, so union members and dependent
/// fields count as present, and valid for most formats and minimums.
///
/// ```
/// use dv_harness_generate::repair::value_for_expected;
/// assert_eq!(value_for_expected("i32"), Some(serde_json::json!(1)));
/// assert_eq!(value_for_expected("a string"), Some(serde_json::json!("a")));
/// assert_eq!(value_for_expected("struct Port"), Some(serde_json::json!({})));
/// assert_eq!(value_for_expected("something odd"), None);
/// ```
pub fn value_for_expected(expected: &str) -> Option<Value> {
    let e = expected.trim();
    let ints = [
        "i8", "i16", "i32", "i64", "i128", "u8", "u16", "u32", "u64", "u128", "isize", "usize",
        "integer",
    ];
    if ints
        .iter()
        .any(|t| e == *t || e.ends_with(&format!(" {t}")))
    {
        return Some(Value::from(1));
    }
    if e.contains("f32") || e.contains("f64") || e.contains("float") {
        return Some(Value::from(1.0));
    }
    if e.contains("map") || e.starts_with("struct") || e.contains("object") {
        return Some(Value::Object(Map::new()));
    }
    if e.contains("string") || e == "a character" || e.contains("str") {
        return Some(Value::String("a".to_string()));
    }
    if e.contains("bool") {
        return Some(Value::Bool(true));
    }
    if e.contains("sequence") || e.contains("array") || e.contains("tuple") {
        return Some(Value::Array(Vec::new()));
    }
    if e.contains("unit") || e.contains("null") {
        return Some(Value::Null);
    }
    None
}

fn first_variant(message: &str) -> Option<String> {
    let rest = message.split("expected one of ").nth(1)?;
    let start = rest.find('`')? + 1;
    let end = rest[start..].find('`')? + start;
    Some(rest[start..end].to_string())
}

/// One repair step for a deserialisation problem; `false` when nothing
/// can be done.
fn fix(value: &mut Value, loc: &[Step], message: &str, attempt: usize) -> bool {
    if let Some(rest) = message.strip_prefix("missing field `") {
        let Some(field) = rest.split('`').next() else {
            return false;
        };
        let mut at = loc.to_vec();
        at.push(Step::Key(field.to_string()));
        return set(value, &at, Value::Null);
    }
    if let Some(variant) = first_variant(message) {
        return set(value, loc, Value::String(variant));
    }
    if attempt == 0
        && let Some(expected) = message.split(", expected ").nth(1)
        && let Some(fill) = value_for_expected(expected)
        && get_mut(value, loc).is_none_or(|v| *v != fill)
    {
        return set(value, loc, fill);
    }
    // Otherwise (a custom parse error, or that value did not help) drop the value.
    !loc.is_empty() && remove(value, loc).is_some()
}

/// Deserialises `value` through the pair's type, repairing it as needed;
/// returns the canonical JSON, or the last problem.
///
/// ```
/// use dv_harness_generate::repair::repaired;
/// use dv_harness_engine::pair::FnPair;
/// use apimachinery::{field::ErrorList, operation::Context};
/// #[derive(Clone, serde::Serialize, serde::Deserialize, PartialEq, apimachinery::Validate)]
/// struct Port { name: String, port: i32 }
/// #[derive(Clone, serde::Serialize, serde::Deserialize, PartialEq, apimachinery::Validate)]
/// struct T { #[serde(default)] ports: Vec<Port> }
/// fn hv(_: &Context, _: &T, _: Option<&T>) -> ErrorList { ErrorList::new() }
/// fn prep(_: &Context, _: &mut T, _: Option<&T>) {}
/// let pair = FnPair::new("v1", "T", hv, prep, &[]);
/// let v = repaired(&pair, &serde_json::json!({"ports": [{"name": "a", "port": "x"}, {}]})).unwrap();
/// assert_eq!(v, serde_json::json!({"ports": [{"name": "a", "port": 1}, {"name": "a", "port": 1}]}));
/// ```
pub fn repaired(pair: &dyn DynPair, value: &Value) -> Result<Value, CaseProblem> {
    repair_with(value, None, |v| pair.roundtrip(v))
}

/// The object [`repaired`] gives, deserialised into the pair's type instead
/// of serialised back: the same repairs, and the object
/// `pair.typed(&repaired(pair, value)?)` is, without the JSON in between.
///
/// ```
/// use dv_harness_generate::repair::{repaired, repaired_typed};
/// let registry = dv_harness_kinds::registry().unwrap();
/// let pair = registry.find("ReplicationController", None).unwrap();
/// let v = serde_json::json!({"spec": {"replicas": "x"}});
/// let typed = repaired_typed(pair, &v).unwrap();
/// let rc: declarative::api::core::v1::ReplicationController = typed.into_inner().unwrap();
/// assert_eq!(serde_json::to_value(&rc).unwrap(), repaired(pair, &v).unwrap());
/// ```
pub fn repaired_typed(pair: &dyn DynPair, value: &Value) -> Result<TypedObject, CaseProblem> {
    repair_with(value, None, |v| pair.typed(v))
}

/// [`repaired`] of a value whose round trip (`pair.roundtrip(value)`)
/// gave `problem`: the same result, without deserialising it again first.
///
/// ```
/// use dv_harness_generate::repair::{repaired, repaired_after};
/// let registry = dv_harness_kinds::registry().unwrap();
/// let pair = registry.find("ReplicationController", None).unwrap();
/// let v = serde_json::json!({"spec": {"replicas": "x"}});
/// let problem = pair.roundtrip(&v).unwrap_err();
/// assert_eq!(repaired_after(pair, &v, problem), repaired(pair, &v));
/// ```
pub fn repaired_after(
    pair: &dyn DynPair,
    value: &Value,
    problem: CaseProblem,
) -> Result<Value, CaseProblem> {
    repair_with(value, Some(problem), |v| pair.roundtrip(v))
}

/// [`repaired_typed`] of a value whose deserialisation (`pair.typed(value)`)
/// gave `problem`: the same result, without deserialising it again first.
///
/// ```
/// use dv_harness_generate::repair::{repaired, repaired_typed_after};
/// let registry = dv_harness_kinds::registry().unwrap();
/// let pair = registry.find("ReplicationController", None).unwrap();
/// let v = serde_json::json!({"spec": {"replicas": "x"}});
/// let problem = pair.typed(&v).unwrap_err();
/// let typed = repaired_typed_after(pair, &v, problem).unwrap();
/// let rc: declarative::api::core::v1::ReplicationController = typed.into_inner().unwrap();
/// assert_eq!(serde_json::to_value(&rc).unwrap(), repaired(pair, &v).unwrap());
/// ```
pub fn repaired_typed_after(
    pair: &dyn DynPair,
    value: &Value,
    problem: CaseProblem,
) -> Result<TypedObject, CaseProblem> {
    repair_with(value, Some(problem), |v| pair.typed(v))
}

/// Repairs `value` until `deserialise` (into the pair's type) succeeds; its
/// result, or the last problem. `known`: the problem `deserialise(value)`
/// gives, when the caller already has it.
fn repair_with<R>(
    value: &Value,
    known: Option<CaseProblem>,
    deserialise: impl Fn(&Value) -> Result<R, CaseProblem>,
) -> Result<R, CaseProblem> {
    // Most objects need no repair: only copy the value when one does.
    let first = match known {
        Some(problem) => Err(problem),
        None => deserialise(value),
    };
    if !matches!(first, Err(CaseProblem::Type { .. })) {
        return first;
    }
    let mut cur = value.clone();
    let mut last: Option<(String, String)> = None;
    let mut attempt = 0usize;
    let mut pending = Some(first);
    for _ in 0..MAX_STEPS {
        match pending.take().unwrap_or_else(|| deserialise(&cur)) {
            Ok(v) => return Ok(v),
            Err(CaseProblem::Type { path, message }) => {
                let key = (path.clone(), message.clone());
                attempt = if last.as_ref() == Some(&key) {
                    attempt + 1
                } else {
                    0
                };
                if attempt > 1 {
                    return Err(CaseProblem::Type { path, message });
                }
                let loc = parse_error_path(&path);
                if !fix(&mut cur, &loc, &message, attempt) {
                    return Err(CaseProblem::Type { path, message });
                }
                last = Some(key);
            }
            Err(other) => return Err(other),
        }
    }
    deserialise(&cur)
}
