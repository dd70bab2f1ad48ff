//! Planted divergences: a [`Mutant`] names a registered pair, one rule of
//! its inventory and an [`Operator`]; [`Mutated`] wraps the pair (type
//! erased, objects as JSON) and transforms one side's answer at run time,
//! reading the object's JSON at the rule's path. Nothing is edited in the
//! validators' source.

use apimachinery::field::{Error, ErrorList, Path};
use apimachinery::operation::{Context, Operation};
use apimachinery::rule::{Condition, Measure, RuleParams};
use apimachinery::{Rule, Stage};
use dv_harness_engine::body::Body;
use dv_harness_engine::case::Case;
use dv_harness_engine::engine::{EngineSettings, Outcome};
use dv_harness_engine::lifecycle::Semantics;
use dv_harness_engine::pair::{DynPair, Pair, Registry, RequestPath, Strategy};
use dv_harness_generate::path::{
    Pattern, Segment, Step, evaluation_sites, get, normalize_field, remove, select, set,
};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// How a mutant changes a validator.
///
/// ```
/// use dv_harness_oracles::selftest::mutant::Operator;
/// assert_eq!(Operator::DetailOnly.family(), "detail-only");
/// assert!(Operator::DetailOnly.benign());
/// assert!(!Operator::DropError.benign());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Operator {
    /// DV drops the rule's errors (a forgotten rule; for list-map, unique
    /// and union validators: key ignored, union miscounted).
    DropError,
    /// DV rejects the bound itself (`<` written as `<=`): an extra error when
    /// the value at the rule path equals a numeric bound.
    BoundInclusive,
    /// DV accepts one past the bound (off by one): its error is dropped when
    /// the value is `min - 1` / `max + 1`.
    BoundOffByOne,
    /// DV reports the rule's errors with another origin.
    WrongOrigin,
    /// DV reports the rule's errors at another field (parent, or next index).
    WrongPath,
    /// DV's item selector picks the neighbouring item (`[i]` becomes `[i+1]`).
    ItemSelectorWrong,
    /// HV's covered errors lose the `coveredByDeclarative` mark.
    CoveredMarkMissing,
    /// DV forgets ratcheting: an unchanged value on update is validated as on create.
    RatchetingLost,
    /// DV evaluates the rule's option condition inverted.
    OptionInverted,
    /// DV marks the rule's errors with the wrong stage (beta/stable as alpha, alpha as beta).
    StageShift,
    /// DV changes only the detail text: not a divergence (details are not compared).
    DetailOnly,
    /// DV adds an error on an unrelated field when the rule fires.
    UnrelatedError,
    /// DV panics on a rare value (when the rule fires).
    PanicOnRare,
    /// DV loops on a rare value (when the rule fires) until the run is cancelled.
    LoopOnRare,
}

impl Operator {
    /// Every operator, in catalogue order.
    ///
    /// ```
    /// assert_eq!(dv_harness_oracles::selftest::mutant::Operator::ALL.len(), 14);
    /// ```
    pub const ALL: [Operator; 14] = [
        Operator::DropError,
        Operator::BoundInclusive,
        Operator::BoundOffByOne,
        Operator::WrongOrigin,
        Operator::WrongPath,
        Operator::ItemSelectorWrong,
        Operator::CoveredMarkMissing,
        Operator::RatchetingLost,
        Operator::OptionInverted,
        Operator::StageShift,
        Operator::DetailOnly,
        Operator::UnrelatedError,
        Operator::PanicOnRare,
        Operator::LoopOnRare,
    ];

    /// The family name used in ids and tables.
    ///
    /// ```
    /// assert_eq!(dv_harness_oracles::selftest::mutant::Operator::BoundInclusive.family(), "bound-inclusive");
    /// ```
    pub const fn family(self) -> &'static str {
        match self {
            Operator::DropError => "error-dropped",
            Operator::BoundInclusive => "bound-inclusive",
            Operator::BoundOffByOne => "bound-off-by-one",
            Operator::WrongOrigin => "wrong-origin",
            Operator::WrongPath => "wrong-field-path",
            Operator::ItemSelectorWrong => "item-selector-wrong",
            Operator::CoveredMarkMissing => "covered-mark-missing",
            Operator::RatchetingLost => "ratcheting-lost",
            Operator::OptionInverted => "option-inverted",
            Operator::StageShift => "stage-shift",
            Operator::DetailOnly => "detail-only",
            Operator::UnrelatedError => "unrelated-field-error",
            Operator::PanicOnRare => "panic-on-rare-value",
            Operator::LoopOnRare => "loop-on-rare-value",
        }
    }

    /// Whether the mutant is not a divergence by design (must not be reported).
    ///
    /// ```
    /// assert!(!dv_harness_oracles::selftest::mutant::Operator::LoopOnRare.benign());
    /// ```
    pub const fn benign(self) -> bool {
        matches!(self, Operator::DetailOnly)
    }

    /// Whether the operator applies to a rule.
    ///
    /// ```
    /// use apimachinery::{Rule, Stage};
    /// use dv_harness_oracles::selftest::mutant::Operator;
    /// static R: Rule = Rule { id: "T/n/minimum", kind: "T", path: "n", tag: "+k8s:minimum=0",
    ///     validator: "minimum", args: "", payload: "0", stage: Stage::Stable, since: None,
    ///     field_type: "i32", conditions: &[], errors: &[], params: apimachinery::rule::RuleParams::Minimum(0), when: &[] };
    /// assert!(Operator::BoundInclusive.applies(&R));
    /// assert!(!Operator::OptionInverted.applies(&R));
    /// ```
    pub fn applies(self, rule: &Rule) -> bool {
        let has_item = rule.when.iter().any(|c| c.item().is_some());
        match self {
            Operator::BoundInclusive | Operator::BoundOffByOne => bound(rule).is_some(),
            Operator::OptionInverted => option_condition(rule).is_some(),
            Operator::ItemSelectorWrong => has_item,
            Operator::WrongPath => !has_item,
            _ => true,
        }
    }
}

/// The numeric bound of a rule the bound operators mutate: (metric,
/// bound, is a lower bound), for `minimum`/`maximum`, `minLength`/`maxLength`
/// and `minItems`/`maxItems`.
fn bound(rule: &Rule) -> Option<(Metric, i64, bool)> {
    let (measure, b, lower) = rule.params.bound()?;
    let metric = match measure {
        Measure::Int => Metric::Int,
        Measure::Chars => Metric::Chars,
        Measure::Items => Metric::Items,
        Measure::Bytes | Measure::Properties => return None,
    };
    Some((metric, b, lower))
}

#[derive(Debug, Clone, Copy)]
enum Metric {
    Int,
    Chars,
    Items,
}

impl Metric {
    fn of(self, v: &Value) -> Option<i64> {
        match self {
            Metric::Int => v.as_i64(),
            Metric::Chars => v.as_str().map(|s| s.chars().count() as i64),
            Metric::Items => v.as_array().map(|a| a.len() as i64),
        }
    }
}

/// The option named by an `ifEnabled(X)` / `ifDisabled(X)` condition.
fn option_condition(rule: &Rule) -> Option<String> {
    rule.when
        .iter()
        .find_map(|c| c.option())
        .map(|(name, _)| name.to_string())
        .filter(|name| !name.is_empty())
}

/// One planted divergence: a pair, a rule of its inventory and an operator.
///
/// ```
/// let registry = dv_harness_kinds::registry().unwrap();
/// let all = dv_harness_oracles::selftest::mutant::catalogue(&registry, &[]);
/// assert!(all.len() >= 150);
/// assert!(all.iter().any(|m| m.benign()));
/// ```
#[derive(Debug, Clone)]
pub struct Mutant {
    /// `<Kind>/<rule path>/<validator>/<family>` (unique in a catalogue).
    pub id: String,
    /// The pair's apiVersion.
    pub api_version: String,
    /// The pair's kind.
    pub kind: String,
    /// The rule.
    pub rule: &'static Rule,
    /// The operator.
    pub operator: Operator,
    /// Why this mutant is equivalent to the unmutated validator (no input
    /// can tell them apart), when it is: it is then benign.
    pub equivalent: Option<&'static str>,
}

impl Mutant {
    /// Whether the mutant is not a divergence: benign by design
    /// (`detail-only`) or equivalent (see [`Mutant::benign_reason`]).
    ///
    /// ```
    /// use dv_harness_oracles::selftest::mutant::{catalogue, Operator};
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let all = catalogue(&registry, &["MinimumFixture".into()]);
    /// assert!(all.iter().filter(|m| m.operator == Operator::DetailOnly).all(|m| m.benign()));
    /// assert!(all.iter().any(|m| m.operator == Operator::DropError && !m.benign()));
    /// ```
    pub fn benign(&self) -> bool {
        self.benign_reason().is_some()
    }

    /// Why the mutant must not be reported, if it must not.
    ///
    /// ```
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let all = dv_harness_oracles::selftest::mutant::catalogue(&registry, &["MonotonicFixture".into()]);
    /// let m = all.iter().find(|m| m.id.ends_with("/monotonic/ratcheting-lost")).unwrap();
    /// assert!(m.benign_reason().unwrap().contains("unchanged"));
    /// let d = all.iter().find(|m| m.id.ends_with("/detail-only")).unwrap();
    /// assert_eq!(d.benign_reason(), Some(dv_harness_oracles::selftest::mutant::DETAIL_ONLY_REASON));
    /// ```
    pub fn benign_reason(&self) -> Option<&'static str> {
        if self.operator.benign() {
            Some(DETAIL_ONLY_REASON)
        } else {
            self.equivalent
        }
    }
}

/// Why `detail-only` mutants are benign.
pub const DETAIL_ONLY_REASON: &str =
    "only the detail text changes, and details are not compared (Kubernetes' matcher ignores them)";

/// Why `ratcheting-lost` on a `monotonic` rule is equivalent.
pub const MONOTONIC_RATCHET_REASON: &str = "monotonic compares the new value with the old one: \
     on an unchanged value it can never fail, so validating unchanged values changes nothing";

/// Why `bound-inclusive` on a bound equal to a non-pointer field's zero
/// value is equivalent.
pub const ZERO_BOUND_REASON: &str = "the bound is the zero value of a non-pointer field: \
     every validated field carries a presence tag (+k8s:optional or +k8s:required), whose \
     probe stops the field's validation at the zero value (validation-gen's OptionalValue / \
     RequiredValue), so the bound check never runs on the bound itself";

/// Why `bound-off-by-one` is equivalent when the value one past the bound
/// is a non-pointer field's zero value.
pub const ZERO_PAST_BOUND_REASON: &str = "the value one past the bound is the zero value of a \
     non-pointer field: the field's presence tag (+k8s:optional or +k8s:required) stops its \
     validation at the zero value (validation-gen's OptionalValue / RequiredValue), so the \
     bound check never runs on that value and an off-by-one bound cannot change the answer";

/// Whether the rule is on a non-pointer struct field, whose zero value
/// counts as unset (its presence tag stops validation there).
fn zero_is_unset(rule: &Rule) -> bool {
    let field = matches!(
        Pattern::parse(rule.path).segments().last(),
        Some(Segment::Field(_))
    );
    let known = !rule.field_type.is_empty() && rule.field_type != "_";
    field && known && !rule.field_type.starts_with("Option<")
}

/// Whether the rule's numeric bound is the unset (zero) value.
fn bound_is_unset_value(rule: &Rule) -> bool {
    zero_is_unset(rule) && bound(rule).is_some_and(|(_, b, _)| b == 0)
}

/// Whether the value one past the rule's numeric bound is the unset (zero) value.
fn one_past_is_unset_value(rule: &Rule) -> bool {
    zero_is_unset(rule)
        && bound(rule).is_some_and(|(_, b, lower)| if lower { b - 1 == 0 } else { b + 1 == 0 })
}

/// Why a mutant is equivalent, if it is (see [`Mutant::equivalent`]).
fn equivalence(rule: &Rule, op: Operator) -> Option<&'static str> {
    match (op, rule.params) {
        (Operator::RatchetingLost, RuleParams::Monotonic) => Some(MONOTONIC_RATCHET_REASON),
        (Operator::BoundInclusive, _) if bound_is_unset_value(rule) => Some(ZERO_BOUND_REASON),
        (Operator::BoundOffByOne, _) if one_past_is_unset_value(rule) => {
            Some(ZERO_PAST_BOUND_REASON)
        }
        _ => None,
    }
}

/// The catalogue: for every registered pair (or only `kinds`, when not
/// empty), every operator applied to the first rule of each distinct
/// validator it applies to (rules sharing a validator exercise the same
/// mutation; a rule on which the mutant is equivalent gives way to a later
/// one on which it is not), ordered by pair then rule.
///
/// ```
/// let registry = dv_harness_kinds::registry().unwrap();
/// let rc = dv_harness_oracles::selftest::mutant::catalogue(&registry, &["ReplicationController".to_string()]);
/// assert!(rc.iter().all(|m| m.kind == "ReplicationController"));
/// assert!(rc.iter().any(|m| m.id.ends_with("/bound-inclusive")));
/// ```
pub fn catalogue(registry: &Registry, kinds: &[String]) -> Vec<Mutant> {
    let mut out = Vec::new();
    let mut ids = BTreeSet::new();
    for pair in registry.iter() {
        if !kinds.is_empty() && !kinds.iter().any(|k| k == pair.kind()) {
            continue;
        }
        let mut seen: BTreeMap<(Operator, &str, &str), usize> = BTreeMap::new();
        for rule in pair.rules() {
            for op in Operator::ALL {
                // Rules that emit nothing cannot be mutated observably.
                if rule.errors.is_empty() || !op.applies(rule) {
                    continue;
                }
                let conditioned = if rule.conditions.is_empty() { "" } else { "c" };
                let key = (op, rule.validator, conditioned);
                let equivalent = equivalence(rule, op);
                let replaced = match seen.get(&key) {
                    Some(&at)
                        if out.get(at).is_some_and(|m: &Mutant| m.equivalent.is_some())
                            && equivalent.is_none() =>
                    {
                        Some(at)
                    }
                    Some(_) => continue,
                    None => None,
                };
                let id = format!(
                    "{}/{}/{}/{}",
                    pair.kind(),
                    rule.path,
                    rule.validator,
                    op.family()
                );
                if !ids.insert(id.clone()) {
                    continue;
                }
                let mutant = Mutant {
                    id,
                    api_version: pair.api_version().to_string(),
                    kind: pair.kind().to_string(),
                    rule,
                    operator: op,
                    equivalent,
                };
                match replaced {
                    Some(at) => {
                        ids.remove(&out[at].id);
                        out[at] = mutant;
                    }
                    None => {
                        seen.insert(key, out.len());
                        out.push(mutant);
                    }
                }
            }
        }
    }
    out
}

/// A sample of at most `limit` mutants of a catalogue, stratified: each
/// operator family's mutants are queued kind by kind (the family's kinds
/// in a spread order, one mutant of each kind per round), and the sample
/// takes the families' queues in turn, one mutant each, so every family
/// and, as far as the limit allows, every kind is represented; then the
/// mutants named in `include` are added (when not already in). Catalogue
/// order is kept. `limit` 0 or at least the catalogue's size keeps every
/// mutant.
///
/// ```
/// use dv_harness_oracles::selftest::mutant::{catalogue, sample};
/// let registry = dv_harness_kinds::registry().unwrap();
/// let all = catalogue(&registry, &[]);
/// let families = |ms: &[dv_harness_oracles::selftest::mutant::Mutant]| {
///     ms.iter().map(|m| m.operator.family()).collect::<std::collections::BTreeSet<_>>().len()
/// };
/// let picked = sample(&all, 60, &["MinItemsFixture/items/required/ratcheting-lost".to_string()]);
/// assert!((60..=61).contains(&picked.len()));
/// assert_eq!(families(&picked), families(&all));
/// assert!(picked.iter().any(|m| m.id == "MinItemsFixture/items/required/ratcheting-lost"));
/// assert_eq!(sample(&all, 0, &[]).len(), all.len());
/// ```
pub fn sample(mutants: &[Mutant], limit: usize, include: &[String]) -> Vec<Mutant> {
    let mut keep = vec![limit == 0 || limit >= mutants.len(); mutants.len()];
    if !keep.iter().all(|k| *k) {
        // family -> kind -> mutant indices
        let mut by_family: BTreeMap<&str, BTreeMap<&str, Vec<usize>>> = BTreeMap::new();
        for (i, m) in mutants.iter().enumerate() {
            by_family
                .entry(m.operator.family())
                .or_default()
                .entry(m.kind.as_str())
                .or_default()
                .push(i);
        }
        let mut queues: Vec<std::collections::VecDeque<usize>> = by_family
            .into_values()
            .map(|kinds| {
                let mut kinds: Vec<(usize, Vec<usize>)> = kinds.into_values().enumerate().collect();
                // A low-discrepancy order, so a short queue still spans the kinds.
                kinds.sort_by(|a, b| spread(a.0).total_cmp(&spread(b.0)));
                let longest = kinds.iter().map(|(_, v)| v.len()).max().unwrap_or(0);
                (0..longest)
                    .flat_map(|round| {
                        kinds
                            .iter()
                            .filter_map(move |(_, v)| v.get(round).copied())
                            .collect::<Vec<_>>()
                    })
                    .collect()
            })
            .collect();
        let mut left = limit;
        while left > 0 && queues.iter().any(|q| !q.is_empty()) {
            for q in queues.iter_mut() {
                if left == 0 {
                    break;
                }
                if let Some(i) = q.pop_front() {
                    keep[i] = true;
                    left -= 1;
                }
            }
        }
    }
    for (i, m) in mutants.iter().enumerate() {
        if include.contains(&m.id) {
            keep[i] = true;
        }
    }
    mutants
        .iter()
        .zip(keep)
        .filter(|(_, k)| *k)
        .map(|(m, _)| m.clone())
        .collect()
}

/// The fractional part of `i` times the golden ratio.
fn spread(i: usize) -> f64 {
    (i as f64 * 0.618_033_988_749_895).fract()
}

/// Whether an error is one the rule emits: its field is the rule path (or
/// below it) and its (type, origin) is among the rule's.
///
/// ```
/// use apimachinery::{Rule, RuleError, Stage, field::{Error, ErrorType, Path}};
/// static R: Rule = Rule { id: "T/n/minimum", kind: "T", path: "spec.n", tag: "+k8s:minimum=0",
///     validator: "minimum", args: "", payload: "0", stage: Stage::Stable, since: None,
///     field_type: "i32", conditions: &[],
///     errors: &[RuleError { error_type: ErrorType::Invalid, origin: "minimum" }], params: apimachinery::rule::RuleParams::Minimum(0), when: &[] };
/// let p = Path::new("spec");
/// let e = Error::invalid(&p.child("n"), -1, "").with_origin("minimum");
/// assert!(dv_harness_oracles::selftest::mutant::emitted_by(&R, &e));
/// assert!(!dv_harness_oracles::selftest::mutant::emitted_by(&R, &e.clone().with_origin("maximum")));
/// ```
pub fn emitted_by(rule: &Rule, e: &Error) -> bool {
    let field = normalize_field(&e.field);
    let at = field == rule.path
        || field
            .strip_prefix(rule.path)
            .is_some_and(|rest| rest.starts_with('.') || rest.starts_with('['))
        || (rule.path.is_empty() && !field.is_empty());
    at && rule
        .errors
        .iter()
        .any(|re| re.error_type == e.error_type && (re.origin.is_empty() || re.origin == e.origin))
}

/// Renders a location of `pattern` as a Kubernetes field path.
fn render(pattern: &Pattern, loc: &[Step]) -> String {
    let mut out = String::new();
    for (seg, step) in pattern.segments().iter().zip(loc) {
        match (seg, step) {
            (Segment::Field(_), Step::Key(k)) => {
                if !out.is_empty() {
                    out.push('.');
                }
                out.push_str(k);
            }
            (_, Step::Index(i)) => out.push_str(&format!("[{i}]")),
            (Segment::Each, Step::Key(k)) => out.push_str(&format!("[{k}]")),
        }
    }
    out
}

/// `[i]` of the last list index in a field becomes `[i+1]`; a field without
/// one is reported at its parent.
fn shifted_field(field: &str, index_only: bool) -> Option<String> {
    if let Some(close) = field.rfind(']')
        && let Some(open) = field[..close].rfind('[')
        && let Ok(i) = field[open + 1..close].parse::<usize>()
    {
        return Some(format!(
            "{}[{}]{}",
            &field[..open],
            i + 1,
            &field[close + 1..]
        ));
    }
    if index_only {
        return None;
    }
    match field.rfind('.') {
        Some(dot) => Some(field[..dot].to_string()),
        None => Some(format!("{field}.mutant")),
    }
}

/// A value of the same shape that differs from `v`: a string with one
/// more character, a number plus one, a flipped boolean, an object without
/// its last member, a list without its last item; `None` for null and
/// empty objects or lists.
///
/// ```
/// use serde_json::json;
/// use dv_harness_oracles::selftest::mutant::perturbed;
/// assert_eq!(perturbed(&json!("ab")), Some(json!("abx")));
/// assert_eq!(perturbed(&json!(-1)), Some(json!(0)));
/// assert_eq!(perturbed(&json!({"a": 1, "b": 2})), Some(json!({"a": 1})));
/// assert_eq!(perturbed(&json!([])), None);
/// ```
pub fn perturbed(v: &Value) -> Option<Value> {
    match v {
        Value::String(s) => Some(Value::String(format!("{s}x"))),
        Value::Number(n) => match n.as_i64() {
            Some(i) => Some(Value::from(i.checked_add(1).unwrap_or(i - 1))),
            None => n.as_f64().map(|f| Value::from(f + 1.0)),
        },
        Value::Bool(b) => Some(Value::Bool(!b)),
        Value::Object(m) if !m.is_empty() => {
            let mut m = m.clone();
            let last = m.keys().next_back().cloned()?;
            m.shift_remove(&last);
            Some(Value::Object(m))
        }
        Value::Array(a) if !a.is_empty() => Some(Value::Array(a[..a.len() - 1].to_vec())),
        _ => None,
    }
}

/// A new error of the rule at `field`, marked with the rule's stage.
fn rule_error(rule: &Rule, field: &str, value: i64, detail: &str) -> Option<Error> {
    let re = rule.errors.first()?;
    let mut e = Error::invalid(&Path::new("mutant"), value, detail.to_string());
    e.error_type = re.error_type;
    e.origin = re.origin.into();
    e.field = field.to_string();
    Some(match rule.stage {
        Stage::Alpha => e.mark_alpha(),
        Stage::Beta => e.mark_beta(),
        Stage::Stable => e,
    })
}

/// The shared flag that ends a looping mutant: the self-test runner sets it
/// when a case exceeds its time limit (a Rust thread cannot be killed, so
/// the planted loop spins until the flag is set).
///
/// ```
/// let c = dv_harness_oracles::selftest::mutant::Cancel::default();
/// assert!(!c.is_set());
/// c.set();
/// assert!(c.is_set());
/// ```
#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// Asks looping mutants to stop (example on [`Cancel`]).
    pub fn set(&self) {
        self.0.store(true, Ordering::SeqCst);
    }

    /// Whether the flag is set (example on [`Cancel`]).
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::SeqCst)
    }
}

type CacheKey = (
    Operation,
    String,
    BTreeMap<String, bool>,
    Value,
    Option<Value>,
    RequestRoute,
);

/// The path of the request the engine runs ([`Pair::begin_request`]): the
/// wrapped pair's engine runs the same one.
#[derive(Clone, PartialEq)]
struct RequestRoute {
    prepared: bool,
    registry: bool,
    body: Option<Body>,
}

impl Default for RequestRoute {
    /// A request no engine announced: the API-server path, as a case
    /// without `prepare` or `registry` keys takes.
    fn default() -> RequestRoute {
        RequestRoute {
            prepared: true,
            registry: true,
            body: None,
        }
    }
}

struct Cached {
    key: CacheKey,
    outcome: Outcome,
}

/// A registered pair with a mutant applied: objects are JSON values; each
/// side's answer is the wrapped pair's (run through its own engine) with
/// the mutant's transformation. Implements [`Pair`], so the generators and
/// [`Engine::check`](dv_harness_engine::engine::Engine::check) run it like any pair.
///
/// The wrapped pair's engine runs each request on the path the engine
/// running the mutant announces ([`Pair::begin_request`]): with or
/// without the prepare step (and the store's metadata step before it),
/// with or without the generic registry step, with the request body of
/// another kind. So a mutant is judged with the registry's errors exactly
/// where the wrapped pair is.
///
/// The `error-dropped` mutant of `metadata.generation/minimum` cannot show
/// through an API server: the strategy sets the generation to 1 on create
/// (as Kubernetes' `PrepareForCreate` does) and the store gives an update
/// the stored generation (`rest.BeforeUpdate`). Validated as
/// `rest.ValidateUpdate` sees a request (`"prepare": false, "registry":
/// true`), the negative generation stays and the dropped error shows.
///
/// ```
/// use dv_harness_oracles::selftest::mutant::{catalogue, Cancel, Mutated};
/// use dv_harness_engine::case::Case;
/// use dv_harness_engine::pair::{DynPair, Registry};
/// use dv_harness_engine::engine::EngineSettings;
/// let registry = dv_harness_kinds::registry().unwrap();
/// let m = catalogue(&registry, &["ReplicationController".into()]).into_iter()
///     .find(|m| m.id == "ReplicationController/metadata.generation/minimum/error-dropped").unwrap();
/// let inner = registry.find("ReplicationController", None).unwrap();
/// let settings = EngineSettings::default();
/// let mutated = Mutated::new(inner, &m, settings.clone(), Cancel::default());
/// let rc = |generation: i64| serde_json::json!({"metadata": {"name": "web", "namespace": "default",
///     "resourceVersion": "1", "generation": generation},
///     "spec": {"replicas": 1, "selector": {"app": "web"},
///              "template": {"metadata": {"labels": {"app": "web"}}}}});
/// let update = Case::update(rc(-1), rc(1));
/// let original = inner.check_json(&update, &settings).unwrap();
/// let planted = mutated.check_json(&update, &settings).unwrap();
/// assert_eq!(original.outcome.comparison.verdict, planted.outcome.comparison.verdict);
/// let create = Case::create(rc(-1));
/// let original = inner.check_json(&create, &settings).unwrap();
/// let planted = mutated.check_json(&create, &settings).unwrap();
/// assert_eq!(original.outcome.comparison.verdict, planted.outcome.comparison.verdict);
/// let direct = update.prepared(false).through_registry(true);
/// let original = inner.check_json(&direct, &settings).unwrap();
/// let planted = mutated.check_json(&direct, &settings).unwrap();
/// assert_ne!(original.outcome.comparison.verdict, planted.outcome.comparison.verdict);
/// ```
pub struct Mutated<'p> {
    inner: &'p dyn DynPair,
    mutant: &'p Mutant,
    pattern: Pattern,
    settings: EngineSettings,
    cancel: Cancel,
    cache: Mutex<Option<Cached>>,
    planted: AtomicBool,
    semantics: Mutex<Option<Semantics>>,
    route: Mutex<RequestRoute>,
}

impl<'p> Mutated<'p> {
    /// Wraps `inner` (the pair the mutant names) with the mutant (example
    /// on [`Mutated`]).
    pub fn new(
        inner: &'p dyn DynPair,
        mutant: &'p Mutant,
        settings: EngineSettings,
        cancel: Cancel,
    ) -> Mutated<'p> {
        Mutated {
            inner,
            mutant,
            pattern: Pattern::parse(mutant.rule.path),
            settings,
            cancel,
            cache: Mutex::new(None),
            planted: AtomicBool::new(true),
            semantics: Mutex::new(None),
            route: Mutex::new(RequestRoute::default()),
        }
    }

    /// Chooses what the next checks see: the planted mutant (`planted`) or
    /// the unmutated validators (the control, answered from the same
    /// cached validator run, so both views see identical inner results),
    /// under the wrapped pair's own release semantics (`None`) or `semantics`.
    ///
    /// ```
    /// use dv_harness_oracles::selftest::mutant::{catalogue, Cancel, Mutated};
    /// use dv_harness_engine::case::Case;
    /// use dv_harness_engine::pair::{DynPair, Registry};
    /// use dv_harness_engine::lifecycle::Semantics;
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let m = catalogue(&registry, &["MinimumFixture".into()]).into_iter()
    ///     .find(|m| m.id.ends_with("/detail-only")).unwrap();
    /// let inner = registry.find("MinimumFixture", None).unwrap();
    /// let settings = dv_harness_engine::engine::EngineSettings::default();
    /// let mutated = Mutated::new(inner, &m, settings.clone(), Cancel::default());
    /// // The control is the wrapped pair itself (a fixture: compared under 1.36).
    /// mutated.view(false, None);
    /// let case = Case::create(serde_json::json!({"count": -5}));
    /// let control = mutated.check_json(&case, &settings).unwrap().outcome;
    /// let direct = inner.check_json(&case, &settings).unwrap().outcome;
    /// assert_eq!((&control.comparison, &control.returned), (&direct.comparison, &direct.returned));
    /// assert_eq!(control.semantics, "1.36");
    /// mutated.view(true, Some(Semantics::V1_37));
    /// assert_eq!(mutated.check_json(&case, &settings).unwrap().outcome.semantics, "1.37");
    /// ```
    pub fn view(&self, planted: bool, semantics: Option<Semantics>) {
        self.planted.store(planted, Ordering::SeqCst);
        *self.semantics.lock().unwrap_or_else(|p| p.into_inner()) = semantics;
    }

    fn is_planted(&self) -> bool {
        self.planted.load(Ordering::SeqCst)
    }

    /// The release semantics the wrapped pair is compared under when no
    /// other is chosen (`None`: the run's); the [`Mutated::view`] example
    /// shows a fixture compared under its own 1.36.
    pub fn own_semantics(&self) -> Option<Semantics> {
        self.inner.semantics()
    }

    /// The path of the request the engine runs now.
    fn route(&self) -> RequestRoute {
        self.route.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// The request the engine runs, as a case of the wrapped pair: on the
    /// same path (prepare step, generic registry step, request body), so
    /// the wrapped pair's engine runs the store's metadata step, the
    /// prepare step and the registry step exactly as for the request itself.
    fn case_for(
        ctx: &Context,
        obj: &Value,
        old: Option<&Value>,
        route: &RequestRoute,
    ) -> Case<Value> {
        let mut case = match old {
            Some(o) if ctx.operation == Operation::Update => Case::update(obj.clone(), o.clone()),
            _ => Case::create(obj.clone()),
        };
        if !ctx.is_root() {
            case = case.subresource(&ctx.subresource_path());
        }
        case.gates = ctx.options.to_map();
        case.prepare = route.prepared;
        case.registry = Some(route.registry);
        case.body = route.body.clone();
        case
    }

    fn run_inner(&self, case: &Case<Value>) -> Option<Outcome> {
        self.inner
            .check_json(case, &self.settings)
            .ok()
            .map(|c| c.outcome)
    }

    /// The wrapped pair's outcome for this request (cached for the three
    /// calls the engine makes per case).
    fn inner_outcome(&self, ctx: &Context, obj: &Value, old: Option<&Value>) -> Option<Outcome> {
        let route = self.route();
        let key = (
            ctx.operation,
            ctx.subresource_path(),
            ctx.options.to_map(),
            obj.clone(),
            old.cloned(),
            route,
        );
        let mut cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(c) = cache.as_ref()
            && c.key == key
        {
            return Some(c.outcome.clone());
        }
        let outcome = self.run_inner(&Self::case_for(ctx, obj, old, &key.5))?;
        *cache = Some(Cached {
            key,
            outcome: outcome.clone(),
        });
        Some(outcome)
    }

    /// The sites of the rule path in `obj` with their field paths.
    /// The rule's sites measured by `metric`, as (field, measure): the
    /// value at each site, or for a rule on map keys (`+k8s:eachKey`, a
    /// named key type's rules) each key of the map there.
    fn measured_sites(&self, obj: &Value, metric: Metric) -> Vec<(String, i64)> {
        let keys = self.mutant.rule.when.contains(&Condition::EachKey);
        let mut out = Vec::new();
        for (field, _, v) in self.sites(obj) {
            if keys {
                for key in v.as_object().into_iter().flat_map(|m| m.keys()) {
                    if let Some(n) = metric.of(&Value::String(key.clone())) {
                        out.push((field.clone(), n));
                    }
                }
            } else if let Some(n) = metric.of(v) {
                out.push((field, n));
            }
        }
        out
    }

    fn sites<'v>(&self, obj: &'v Value) -> Vec<(String, Vec<Step>, &'v Value)> {
        select(obj, &self.pattern)
            .into_iter()
            .filter_map(|loc| {
                let v = get(obj, &loc)?;
                Some((render(&self.pattern, &loc), loc, v))
            })
            .collect()
    }

    /// The rule's sites whose value is the same in `obj` and `old` (the
    /// values generated code ratchets), as field paths, and a copy of
    /// `old` in which each of them differs: validating `obj` against it
    /// shows what the rule reports on those values when ratcheting is
    /// forgotten. A present value is perturbed (so a transition rule sees
    /// a set-to-set change, as an unratcheted call with equal values
    /// would); a value absent from both is set in the copy (not for
    /// `update` rules, whose constraints cannot fail on unset-to-unset).
    /// `None` when no site is unchanged.
    fn unratcheted_old(&self, obj: &Value, old: &Value) -> Option<(Vec<String>, Value)> {
        let last_field = match self.pattern.segments().last() {
            Some(Segment::Field(name)) => Some(name.clone()),
            _ => None,
        };
        let mut present = Vec::new();
        let mut absent = Vec::new();
        for parent in evaluation_sites(obj, &self.pattern) {
            let mut loc = parent;
            if let Some(name) = &last_field {
                loc.push(Step::Key(name.clone()));
            }
            let (new_v, old_v) = (get(obj, &loc), get(old, &loc));
            if new_v != old_v {
                continue;
            }
            match old_v {
                Some(v) if !v.is_null() => present.push((loc, v.clone())),
                _ if !matches!(self.mutant.rule.params, RuleParams::Update(_)) => absent.push(loc),
                _ => {}
            }
        }
        if present.is_empty() && absent.is_empty() {
            return None;
        }
        let mut changed = old.clone();
        let mut fields = Vec::new();
        // Later list indices first, so removals keep earlier locations valid.
        present.sort_by(|a, b| b.0.cmp(&a.0));
        for (loc, v) in &present {
            if loc.is_empty() {
                // A rule on the object itself (a union): against an empty
                // old object every member's set-ness may change.
                changed = Value::Object(serde_json::Map::new());
                fields.push(String::new());
                continue;
            }
            let done = match perturbed(v) {
                Some(p) => set(&mut changed, loc, p),
                None => remove(&mut changed, loc).is_some(),
            };
            if done {
                fields.push(render(&self.pattern, loc));
            }
        }
        if !absent.is_empty() {
            // The field's type is not known here: the first placeholder the
            // pair deserialises is used.
            let placeholders = [
                Value::from("x"),
                Value::from(1),
                Value::Object(serde_json::Map::new()),
                Value::Array(Vec::new()),
                Value::Bool(true),
            ];
            for p in placeholders {
                let mut candidate = changed.clone();
                if absent.iter().all(|loc| set(&mut candidate, loc, p.clone()))
                    && self.inner.roundtrip(&candidate).is_ok()
                {
                    changed = candidate;
                    fields.extend(absent.iter().map(|loc| render(&self.pattern, loc)));
                    break;
                }
            }
        }
        (!fields.is_empty()).then_some((fields, changed))
    }

    fn fires(&self, errors: &ErrorList) -> bool {
        errors.iter().any(|e| emitted_by(self.mutant.rule, e))
    }

    fn rare(&self, errors: &ErrorList) {
        match self.mutant.operator {
            Operator::PanicOnRare if self.fires(errors) => {
                panic!("selftest mutant {}: panic on a rare value", self.mutant.id)
            }
            Operator::LoopOnRare if self.fires(errors) => {
                while !self.cancel.is_set() {
                    std::thread::yield_now();
                }
            }
            _ => {}
        }
    }

    fn transform_declarative(
        &self,
        ctx: &Context,
        obj: &Value,
        old: Option<&Value>,
        dv: ErrorList,
    ) -> ErrorList {
        let rule = self.mutant.rule;
        let ours = |e: &Error| emitted_by(rule, e);
        let mut out = ErrorList::new();
        match self.mutant.operator {
            Operator::DropError => {
                out.extend(dv.iter().filter(|e| !ours(e)).cloned());
            }
            Operator::BoundInclusive => {
                out = dv;
                if let Some((metric, b, _)) = bound(rule) {
                    for (field, n) in self.measured_sites(obj, metric) {
                        if n == b
                            && !out.iter().any(|e| e.field == field && ours(e))
                            && let Some(e) =
                                rule_error(rule, &field, b, "mutant: bound is exclusive")
                        {
                            out.push(e);
                        }
                    }
                }
            }
            Operator::BoundOffByOne => {
                let past: Vec<String> = match bound(rule) {
                    Some((metric, b, lower)) => {
                        let one_past = if lower { b - 1 } else { b + 1 };
                        self.measured_sites(obj, metric)
                            .into_iter()
                            .filter(|(_, n)| *n == one_past)
                            .map(|(f, _)| f)
                            .collect()
                    }
                    None => Vec::new(),
                };
                out.extend(
                    dv.iter()
                        .filter(|e| !(ours(e) && past.contains(&e.field)))
                        .cloned(),
                );
            }
            Operator::WrongOrigin => {
                for mut e in dv.iter().cloned() {
                    if ours(&e) {
                        e.origin = format!("{}-mutant", e.origin).into();
                    }
                    out.push(e);
                }
            }
            Operator::WrongPath | Operator::ItemSelectorWrong => {
                let index_only = self.mutant.operator == Operator::ItemSelectorWrong;
                for mut e in dv.iter().cloned() {
                    if ours(&e)
                        && let Some(f) = shifted_field(&e.field, index_only)
                    {
                        e.field = f;
                    }
                    out.push(e);
                }
            }
            Operator::RatchetingLost => {
                out = dv;
                if let Some(old) = old
                    && ctx.operation == Operation::Update
                    && let Some((fields, changed_old)) = self.unratcheted_old(obj, old)
                {
                    // Two views of the unchanged values validated: against
                    // an old object that differs there (an update-only
                    // check sees a change), and as on create (an ancestor's
                    // update short-circuit, e.g. an immutable parent, does
                    // not stop the check, as it would not stop an
                    // unratcheted call on equal values).
                    let route = self.route();
                    let mut create = Case::create(obj.clone());
                    create.gates = ctx.options.to_map();
                    create.prepare = route.prepared;
                    create.registry = Some(route.registry);
                    let runs = [
                        self.run_inner(&Self::case_for(ctx, obj, Some(&changed_old), &route)),
                        self.run_inner(&create),
                    ];
                    for o in runs.iter().flatten() {
                        for e in o.declarative.errors.iter() {
                            let at_unchanged = fields.iter().any(|f| {
                                f.is_empty()
                                    || e.field == *f
                                    || e.field.starts_with(&format!("{f}."))
                                    || e.field.starts_with(&format!("{f}["))
                            });
                            if ours(e)
                                && at_unchanged
                                && !out.iter().any(|x| {
                                    x.field == e.field
                                        && x.error_type == e.error_type
                                        && x.origin == e.origin
                                })
                            {
                                out.push(e.clone());
                            }
                        }
                    }
                }
            }
            Operator::OptionInverted => {
                out.extend(dv.iter().filter(|e| !ours(e)).cloned());
                if let Some(name) = option_condition(rule) {
                    let state = ctx
                        .option_state(&name)
                        .or_else(|| {
                            self.inner
                                .strategy()
                                .options
                                .iter()
                                .find(|(n, _)| *n == name)
                                .map(|(_, d)| *d)
                        })
                        .unwrap_or(false);
                    let mut case = Self::case_for(ctx, obj, old, &self.route());
                    case.gates.insert(name, !state);
                    if let Some(o) = self.run_inner(&case) {
                        out.extend(o.declarative.errors.iter().filter(|e| ours(e)).cloned());
                    }
                }
            }
            Operator::StageShift => {
                for e in dv.iter().cloned() {
                    if ours(&e) {
                        out.push(if e.is_alpha() {
                            e.mark_beta()
                        } else {
                            e.mark_alpha()
                        });
                    } else {
                        out.push(e);
                    }
                }
            }
            Operator::DetailOnly => {
                for mut e in dv.iter().cloned() {
                    if ours(&e) {
                        e.detail = format!("{} (reworded by a mutant)", e.detail).into();
                    }
                    out.push(e);
                }
            }
            Operator::UnrelatedError => {
                let fire = self.fires(&dv);
                out = dv;
                if fire
                    && let Some(e) =
                        rule_error(rule, "metadata.annotations", 0, "mutant: unrelated")
                {
                    out.push(e);
                }
            }
            Operator::CoveredMarkMissing | Operator::PanicOnRare | Operator::LoopOnRare => {
                out = dv;
            }
        }
        out
    }
}

impl Pair for Mutated<'_> {
    type Object = Value;

    fn kind(&self) -> &str {
        self.inner.kind()
    }
    fn api_version(&self) -> &str {
        self.inner.api_version()
    }
    fn handwritten(&self, ctx: &Context, obj: &Value, old: Option<&Value>) -> ErrorList {
        let Some(outcome) = self.inner_outcome(ctx, obj, old) else {
            return ErrorList::new();
        };
        if let Some(p) = outcome.handwritten.panic {
            panic!("{p}");
        }
        let hv = outcome.handwritten.errors;
        if !self.is_planted() || self.mutant.operator != Operator::CoveredMarkMissing {
            return hv;
        }
        let mut out = ErrorList::new();
        for mut e in hv.iter().cloned() {
            if e.covered_by_declarative && emitted_by(self.mutant.rule, &e) {
                e.covered_by_declarative = false;
            }
            out.push(e);
        }
        out
    }
    fn declarative(&self, ctx: &Context, obj: &Value, old: Option<&Value>) -> ErrorList {
        let Some(outcome) = self.inner_outcome(ctx, obj, old) else {
            return ErrorList::new();
        };
        if let Some(p) = outcome.declarative.panic {
            panic!("{p}");
        }
        let dv = outcome.declarative.errors;
        if !self.is_planted() || self.mutant.equivalent.is_some() {
            return dv;
        }
        self.rare(&dv);
        self.transform_declarative(ctx, obj, old, dv)
    }
    fn declarative_wired(&self, _ctx: &Context) -> bool {
        // The engine asks right after `handwritten` for the same request.
        let cache = self.cache.lock().unwrap_or_else(|p| p.into_inner());
        cache
            .as_ref()
            .is_none_or(|c| c.outcome.kubernetes.declarative_ran)
    }
    fn subresources(&self) -> &[&'static str] {
        self.inner.subresources()
    }
    fn strategy(&self) -> Strategy {
        self.inner.strategy()
    }
    fn rules(&self) -> &'static [Rule] {
        self.inner.rules()
    }
    fn is_fixture(&self) -> bool {
        self.inner.is_fixture()
    }
    fn semantics(&self) -> Option<Semantics> {
        let chosen = *self.semantics.lock().unwrap_or_else(|p| p.into_inner());
        chosen.or_else(|| self.inner.semantics())
    }
    fn begin_request(&self, path: &RequestPath<'_>) {
        *self.route.lock().unwrap_or_else(|p| p.into_inner()) = RequestRoute {
            prepared: path.prepared,
            registry: path.registry,
            body: path.body.cloned(),
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifted_fields() {
        assert_eq!(
            shifted_field("spec.items[0].name", false).as_deref(),
            Some("spec.items[1].name")
        );
        assert_eq!(
            shifted_field("spec.replicas", false).as_deref(),
            Some("spec")
        );
        assert_eq!(shifted_field("spec.replicas", true), None);
    }

    #[test]
    fn option_condition_names_the_option() {
        use apimachinery::rule::Condition;
        static R: Rule = Rule {
            id: "T/n/minimum",
            kind: "T",
            path: "n",
            tag: "",
            validator: "minimum",
            args: "",
            payload: "0",
            stage: Stage::Stable,
            since: None,
            field_type: "i32",
            conditions: &["ifEnabled(Gate)"],
            errors: &[],
            params: RuleParams::Minimum(0),
            when: &[Condition::IfEnabled("Gate")],
        };
        assert_eq!(option_condition(&R).as_deref(), Some("Gate"));
    }

    #[test]
    fn zero_bounds_of_non_pointer_fields_are_equivalent() {
        let registry = dv_harness_kinds::registry().unwrap();
        let reason = |kind: &str, path: &str| {
            let pair = registry.find(kind, None).unwrap();
            let rule = pair
                .rules()
                .iter()
                .find(|r| r.path == path && r.validator == "minimum")
                .unwrap_or_else(|| panic!("{kind} {path}"));
            equivalence(rule, Operator::BoundInclusive)
        };
        assert_eq!(
            reason("StorageClass", "metadata.generation"),
            Some(ZERO_BOUND_REASON)
        );
        // A pointer's zero is set (`Some(0)`): its bound is checked.
        assert_eq!(reason("HorizontalPodAutoscaler", "spec.minReplicas"), None);
        // List elements have no presence probe.
        assert_eq!(reason("EachValFixture", "weights[*]"), None);
        // The bound is not the zero value.
        assert_eq!(reason("MinimumFixture", "count"), None);
        let port = registry
            .find("ListMapFixture", None)
            .unwrap()
            .rules()
            .iter()
            .find(|r| r.path == "ports[*].port" && r.validator == "minimum")
            .unwrap();
        assert_eq!(
            equivalence(port, Operator::BoundOffByOne),
            Some(ZERO_PAST_BOUND_REASON)
        );
        // A non-equivalent rule of the same validator takes the mutant.
        let rc = catalogue(&registry, &["ReplicationController".to_string()]);
        let m = rc
            .iter()
            .find(|m| m.operator == Operator::BoundInclusive)
            .unwrap();
        assert!(!m.benign(), "{}", m.id);
    }

    #[test]
    fn bound_mutants_of_a_named_key_type_measure_the_keys() {
        let registry = dv_harness_kinds::registry().unwrap();
        let inner = registry.find("EachKeyFixture", None).unwrap();
        let all = catalogue(&registry, &["EachKeyFixture".to_string()]);
        let settings = EngineSettings::default();
        let verdict = |family: &str, obj: Value| {
            let m = all
                .iter()
                .find(|m| m.id == format!("EachKeyFixture/named/maxLength/{family}"))
                .unwrap_or_else(|| panic!("no {family} mutant"));
            assert!(
                m.rule.when.contains(&Condition::EachKey),
                "{:?}",
                m.rule.when
            );
            let mutated = Mutated::new(inner, m, settings.clone(), Cancel::default());
            let case = Case::create(obj);
            mutated
                .check_json(&case, &settings)
                .unwrap()
                .outcome
                .comparison
                .verdict
        };
        // A key of exactly 8 characters: the exclusive bound rejects it.
        let at = serde_json::json!({"named": {"eight888": 1}});
        // A key one past the bound: the off-by-one bound accepts it.
        let past = serde_json::json!({"named": {"ninechars": 1}});
        let at_verdict = verdict("bound-inclusive", at.clone());
        let past_verdict = verdict("bound-off-by-one", past.clone());
        let plain = |obj: Value| {
            inner
                .check_json(&Case::create(obj), &settings)
                .unwrap()
                .outcome
                .comparison
                .verdict
        };
        assert_ne!(at_verdict, plain(at));
        assert_ne!(past_verdict, plain(past));
    }

    #[test]
    fn catalogue_is_large_and_unique() {
        let registry = dv_harness_kinds::registry().unwrap();
        let all = catalogue(&registry, &[]);
        assert!(all.len() >= 150, "{}", all.len());
        let ids: BTreeSet<&str> = all.iter().map(|m| m.id.as_str()).collect();
        assert_eq!(ids.len(), all.len());
        let families: BTreeSet<&str> = all.iter().map(|m| m.operator.family()).collect();
        assert!(families.len() >= 12, "{families:?}");
    }
}
