//! The tag-aware boundary mutator: for each rule of the inventory, the
//! values just inside and just outside it (`minimum-1`/`minimum`,
//! `maximum`/`maximum+1`, lengths `N-1`/`N`/`N+1` in characters and in
//! bytes with multibyte text, enum members and near misses, format near
//! misses, duplicate list items and keys, union members 0/1/2 set,
//! required fields missing or zero, forbidden fields set, `+k8s:item`
//! selected items present or absent), and their application at the
//! rule's JSON path (expanding `[*]` over existing items, creating
//! missing parents).

use super::path::{Location, Pattern, Segment, Step, get, get_mut, remove, select, set};
use super::values::{guesses_for_type, zero_like};
use apimachinery::Rule;
use apimachinery::rule::{Condition, ItemMatch, RuleParams, UnionMember};
use serde_json::{Map, Value};
use std::collections::HashMap;

/// What a boundary edit does at a rule's location.
///
/// ```
/// use dv_harness_generate::boundary::Action;
/// let a = Action::Set(serde_json::json!(-1));
/// assert_eq!(format!("{a:?}"), "Set(Number(-1))");
/// ```
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Write this value.
    Set(Value),
    /// Remove the field (or item).
    Remove,
    /// Write the zero value of the current value's type.
    Zero,
    /// Change the current value a little (string suffix, integer step, bool flip).
    Perturb,
    /// Make the list hold exactly this many items (cloned, made distinct).
    Items(usize),
    /// Make the map hold exactly this many entries.
    Properties(usize),
    /// Append a copy of an item; with `change`, one leaf of the copy differs
    /// (a duplicate list-map key with a different value).
    Duplicate {
        /// Whether the copy differs from the original.
        change: bool,
    },
    /// Add a map entry under this key (eachKey boundaries).
    Key(String),
    /// Remove the first list item or map entry (update constraints on items).
    RemoveFirst,
    /// Set (`true`) or remove (`false`) these member fields of the object.
    Members(Vec<(String, bool)>),
    /// Make items with `key == value` present (`true`) or absent (`false`)
    /// in the list: the `+k8s:item` / zeroOrOneOf-of-items members.
    Selected(Vec<(ItemSelector, bool)>),
    /// Set the discriminator to `value`, then do `then`: the field `field`
    /// of the object (the union's object for [`Action::Members`], else the
    /// edited field's parent) when the rule names it, else every string
    /// field there but the edited one (or the members). This puts an object
    /// in the mode a `+k8s:ifMode` rule or a `+k8s:unionDiscriminator`
    /// union validates in.
    Discriminated {
        /// The discriminator field (JSON name), when the rule names it.
        field: Option<String>,
        /// The discriminator value.
        value: String,
        /// The edit made in that mode.
        then: Box<Action>,
    },
}

/// The discriminator values a union's members are selected by: each
/// member's name with its first letter uppercased (Go's field name, the
/// default discriminator value), and `""`.
///
/// ```
/// use dv_harness_generate::boundary::discriminator_values;
/// assert_eq!(discriminator_values(&["service".to_string()]), vec!["Service".to_string(), String::new()]);
/// ```
pub fn discriminator_values(members: &[String]) -> Vec<String> {
    let mut out: Vec<String> = members
        .iter()
        .map(|m| {
            let mut c = m.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect())
                .unwrap_or_default()
        })
        .collect();
    out.push(String::new());
    out
}

/// A list item selected by a field value, as `+k8s:item(type: "Approved")`.
///
/// ```
/// use dv_harness_generate::boundary::ItemSelector;
/// use apimachinery::rule::{ItemMatch, RuleValue};
/// let s = ItemSelector::from_matches(&[ItemMatch { field: "type", value: RuleValue::Str("Approved") }]);
/// assert_eq!(s.fields, vec![("type".to_string(), serde_json::json!("Approved"))]);
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct ItemSelector {
    /// The (field, value) pairs an item must have.
    pub fields: Vec<(String, Value)>,
}

impl ItemSelector {
    /// The selector of a rule's `item(...)` condition (or item union member).
    ///
    /// ```
    /// use dv_harness_generate::boundary::ItemSelector;
    /// use apimachinery::rule::{ItemMatch, RuleValue};
    /// let s = ItemSelector::from_matches(&[ItemMatch { field: "n", value: RuleValue::Int(1) }]);
    /// assert!(s.matches(&serde_json::json!({"n": 1})));
    /// ```
    pub fn from_matches(matches: &[ItemMatch]) -> ItemSelector {
        ItemSelector {
            fields: matches
                .iter()
                .map(|m| (m.field.to_string(), m.value.to_json()))
                .collect(),
        }
    }

    /// Whether an item matches.
    ///
    /// ```
    /// use dv_harness_generate::boundary::ItemSelector;
    /// use apimachinery::rule::{ItemMatch, RuleValue};
    /// let s = ItemSelector::from_matches(&[ItemMatch { field: "type", value: RuleValue::Str("A") }]);
    /// assert!(s.matches(&serde_json::json!({"type": "A", "x": 1})));
    /// assert!(!s.matches(&serde_json::json!({"type": "B"})));
    /// ```
    pub fn matches(&self, item: &Value) -> bool {
        self.fields.iter().all(|(k, v)| item.get(k) == Some(v))
    }
}

/// Values seen at path patterns across the seed objects: what a created
/// list item, union member or forbidden field is filled with.
///
/// ```
/// use dv_harness_generate::boundary::Exemplars;
/// use dv_harness_generate::path::Pattern;
/// let seeds = vec![serde_json::json!({"items": [{"name": "a"}]})];
/// let ex = Exemplars::collect(&seeds, &[Pattern::parse("items[*].name")]);
/// assert_eq!(ex.get(&Pattern::parse("items[*]"))[0], serde_json::json!({"name": "a"}));
/// ```
#[derive(Debug, Clone, Default)]
pub struct Exemplars {
    by_pattern: HashMap<Pattern, Vec<Value>>,
}

const EXEMPLARS_PER_PATTERN: usize = 6;

impl Exemplars {
    /// Collects up to a few distinct values at every prefix of each pattern
    /// (example on [`Exemplars`]).
    pub fn collect(seeds: &[Value], patterns: &[Pattern]) -> Exemplars {
        let mut ex = Exemplars::default();
        let mut prefixes: Vec<Pattern> = Vec::new();
        for p in patterns {
            let mut cur = Some(p.clone());
            while let Some(c) = cur {
                if !prefixes.contains(&c) {
                    prefixes.push(c.clone());
                }
                cur = c.parent();
            }
        }
        for prefix in prefixes {
            let mut values: Vec<Value> = Vec::new();
            for seed in seeds {
                for loc in select(seed, &prefix) {
                    if let Some(v) = get(seed, &loc)
                        && !v.is_null()
                        && values.len() < EXEMPLARS_PER_PATTERN
                        && !values.contains(v)
                    {
                        values.push(v.clone());
                    }
                }
            }
            ex.by_pattern.insert(prefix, values);
        }
        ex
    }

    /// The values seen at a pattern (empty if none).
    ///
    /// ```
    /// let ex = dv_harness_generate::boundary::Exemplars::default();
    /// assert!(ex.get(&dv_harness_generate::path::Pattern::parse("a")).is_empty());
    /// ```
    pub fn get(&self, pattern: &Pattern) -> &[Value] {
        self.by_pattern.get(pattern).map_or(&[], Vec::as_slice)
    }
}

/// One rule's boundary edits: where (the rule's pattern, the keys of the
/// map for eachKey rules, items selected by `+k8s:item`) and what.
///
/// ```
/// use dv_harness_generate::boundary::RuleEdits;
/// use apimachinery::{Rule, RuleError, Stage, field::ErrorType};
/// static R: Rule = Rule { id: "T/spec.replicas/minimum", kind: "T", path: "spec.replicas",
///     tag: "+k8s:minimum=0", validator: "minimum", args: "", payload: "0", stage: Stage::Stable,
///     since: None, field_type: "Option<i32>", conditions: &[],
///     errors: &[RuleError { error_type: ErrorType::Invalid, origin: "minimum" }], params: apimachinery::rule::RuleParams::Minimum(0), when: &[] };
/// let edits = RuleEdits::for_rule(&R, &Default::default());
/// assert!(edits.actions.contains(&dv_harness_generate::boundary::Action::Set(serde_json::json!(-1))));
/// ```
#[derive(Debug, Clone)]
pub struct RuleEdits {
    /// The id of the rule the edits probe.
    pub rule_id: String,
    /// The rule's path pattern.
    pub pattern: Pattern,
    /// The `+k8s:item` selector the rule is conditioned on.
    pub item: Option<ItemSelector>,
    /// The edits apply to the keys of the map at the pattern (`+k8s:eachKey`).
    pub keys: bool,
    /// The boundary actions.
    pub actions: Vec<Action>,
    /// Fallback values for the field when none exists (from `field_type`).
    pub guesses: Vec<Value>,
}

fn strings_around(n: i64) -> Vec<String> {
    let mut out = Vec::new();
    for m in [n - 1, n, n + 1] {
        let Ok(m) = usize::try_from(m) else { continue };
        // m characters, m bytes.
        out.push("a".repeat(m));
        // m characters, 2m bytes.
        out.push("é".repeat(m));
        // m bytes with multibyte text: as many 2-byte characters as fit.
        out.push(format!("{}{}", "é".repeat(m / 2), "a".repeat(m % 2)));
        // m characters, 3m bytes.
        if m <= 400 {
            out.push("日".repeat(m));
        }
    }
    out.dedup();
    out
}

fn label_run(total: usize) -> String {
    // A DNS subdomain of exactly `total` characters made of 63-character labels.
    let mut s = String::new();
    while s.len() < total {
        if !s.is_empty() {
            s.push('.');
        }
        let room = total - s.len();
        let take = room.min(63);
        s.push_str(&"a".repeat(take));
    }
    if s.ends_with('.') {
        s.pop();
        s.push('a');
    }
    s
}

/// Valid values and near misses for a `+k8s:format` (and any other
/// name-like string): trailing/leading dashes, dots and slashes, uppercase,
/// underscores, multibyte text, and the 63/64, 253/254 and 316/317 lengths.
///
/// ```
/// let c = dv_harness_generate::boundary::format_candidates("k8s-short-name");
/// assert!(c.contains(&"a-".to_string()));
/// assert!(c.iter().any(|s| s.len() == 64));
/// assert!(c.iter().any(|s| s.len() == 254));
/// ```
pub fn format_candidates(format: &str) -> Vec<String> {
    let mut c: Vec<String> = [
        "", "a", "abc-123", "a-", "-a", "A", "aBc", "a.b", "a..b", ".a", "a.", "a_b", "a/b", "a b",
        "é", "0", "1a",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for n in [62usize, 63, 64] {
        c.push("a".repeat(n));
    }
    for n in [252usize, 253, 254] {
        c.push(label_run(n));
    }
    match format {
        "k8s-uuid" => c.extend(
            [
                "123e4567-e89b-12d3-a456-426614174000",
                "123E4567-E89B-12D3-A456-426614174000",
                "123e4567e89b12d3a456426614174000",
                "123e4567-e89b-12d3-a456-42661417400",
                "{123e4567-e89b-12d3-a456-426614174000}",
                "urn:uuid:123e4567-e89b-12d3-a456-426614174000",
            ]
            .map(String::from),
        ),
        "k8s-path-segment-name" => c.extend([".", "..", "a%b", "a/b/c"].map(String::from)),
        "k8s-label-value" => c.extend(["a.b_c-d", "A-z", "_a", "a_"].map(String::from)),
        _ => {
            c.extend(
                [
                    "example.com/a",
                    "example.com/",
                    "/a",
                    "a/",
                    "a/b/c",
                    "Example.com/a",
                    "example.com/A_b",
                    "kubernetes.io/a",
                    "k8s.io/a",
                    "requests.example.com/a",
                    "example.com/a.b",
                    "a//b",
                    "example.com/-a",
                ]
                .map(String::from),
            );
            c.push(format!("example.com/{}", "a".repeat(63)));
            c.push(format!("example.com/{}", "a".repeat(64)));
            c.push(format!("{}/a", label_run(253)));
            c.push(format!("{}/a", label_run(254)));
        }
    }
    c
}

/// Enum members and near misses: each member, its lowercase and uppercase
/// forms, a member with a trailing character, a prefix of it, `""` and an
/// unknown value.
///
/// ```
/// let c = dv_harness_generate::boundary::enum_candidates(&["TCP", "UDP"]);
/// assert!(c.contains(&"TCP".to_string()));
/// assert!(c.contains(&"tcp".to_string()));
/// assert!(c.contains(&"".to_string()));
/// ```
pub fn enum_candidates(members: &[&str]) -> Vec<String> {
    let mut c = Vec::new();
    for m in members.iter().filter(|m| !m.is_empty()) {
        c.push(m.to_string());
        c.push(m.to_lowercase());
        c.push(m.to_uppercase());
        c.push(format!("{m}x"));
        let mut chars = m.chars();
        chars.next_back();
        c.push(chars.as_str().to_string());
    }
    c.push(String::new());
    c.push("Unknown".to_string());
    let mut seen = std::collections::HashSet::new();
    c.retain(|s| seen.insert(s.clone()));
    c
}

/// The member fields and the item-selected members of a union.
fn union_members(members: &[UnionMember]) -> (Vec<String>, Vec<ItemSelector>) {
    let mut fields = Vec::new();
    let mut items = Vec::new();
    for m in members {
        if m.is_item() {
            items.push(ItemSelector::from_matches(m.item));
        } else {
            fields.push(m.field.to_string());
        }
    }
    (fields, items)
}

fn presence_combos<T: Clone>(members: &[T]) -> Vec<Vec<(T, bool)>> {
    // 0, each single one, and every pair, bounded.
    let members = &members[..members.len().min(4)];
    let mut out = vec![
        members
            .iter()
            .map(|m| (m.clone(), false))
            .collect::<Vec<_>>(),
    ];
    for i in 0..members.len() {
        out.push(
            members
                .iter()
                .enumerate()
                .map(|(j, m)| (m.clone(), j == i))
                .collect(),
        );
    }
    for i in 0..members.len() {
        for k in i + 1..members.len() {
            out.push(
                members
                    .iter()
                    .enumerate()
                    .map(|(j, m)| (m.clone(), j == i || j == k))
                    .collect(),
            );
        }
    }
    out
}

impl RuleEdits {
    /// The boundary edits of one rule (example on [`RuleEdits`]).
    pub fn for_rule(rule: &Rule, exemplars: &Exemplars) -> RuleEdits {
        let pattern = Pattern::parse(rule.path);
        let item = rule
            .when
            .iter()
            .find_map(|c| c.item())
            .map(ItemSelector::from_matches);
        let keys = rule.when.contains(&Condition::EachKey);
        let mut actions: Vec<Action> = Vec::new();
        let strings = |v: Vec<String>| v.into_iter().map(|s| Action::Set(Value::String(s)));
        let around = |n: usize| {
            let n = i64::try_from(n).unwrap_or(i64::MAX);
            [n - 1, n, n + 1]
                .into_iter()
                .filter_map(|m| usize::try_from(m).ok())
        };
        match rule.params {
            RuleParams::Minimum(n) | RuleParams::Maximum(n) => {
                actions.extend([n - 1, n, n + 1].map(|x| Action::Set(Value::from(x))));
            }
            RuleParams::MinLength(n) | RuleParams::MaxLength(n) | RuleParams::MaxBytes(n) => {
                actions.extend(strings(strings_around(
                    i64::try_from(n).unwrap_or(i64::MAX),
                )));
            }
            RuleParams::MinItems(n) | RuleParams::MaxItems(n) => {
                actions.extend(around(n).map(Action::Items));
            }
            RuleParams::MinProperties(n) | RuleParams::MaxProperties(n) => {
                actions.extend(around(n).map(Action::Properties));
            }
            RuleParams::Format(format) => {
                let mut c = format_candidates(format);
                for v in exemplars.get(&pattern) {
                    if let Some(s) = v.as_str() {
                        c.extend([
                            format!("{s}-"),
                            format!("-{s}"),
                            s.to_uppercase(),
                            format!("{s}."),
                            format!("{s}_x"),
                        ]);
                    }
                }
                actions.extend(strings(c));
            }
            RuleParams::Enum(members) => actions.extend(strings(enum_candidates(members))),
            RuleParams::Neq(value) => {
                let forbidden = value.to_json();
                actions.push(Action::Set(forbidden.clone()));
                match &forbidden {
                    Value::String(s) => {
                        actions.push(Action::Set(Value::String(format!("{s}x"))));
                        actions.push(Action::Set(Value::String(s.to_uppercase())));
                    }
                    Value::Number(v) => {
                        if let Some(i) = v.as_i64() {
                            actions.push(Action::Set(Value::from(i + 1)));
                        }
                    }
                    _ => {}
                }
                actions.push(Action::Perturb);
            }
            RuleParams::Required | RuleParams::Optional => {
                actions.extend([Action::Remove, Action::Zero, Action::Set(Value::Null)]);
            }
            RuleParams::Forbidden => {
                actions.push(Action::Remove);
                actions.extend(exemplars.get(&pattern).iter().cloned().map(Action::Set));
                actions.extend(
                    guesses_for_type(rule.field_type)
                        .into_iter()
                        .map(Action::Set),
                );
            }
            RuleParams::ListType(_) | RuleParams::Unique(_) | RuleParams::ListMapKey(_) => {
                actions.extend([
                    Action::Duplicate { change: false },
                    Action::Duplicate { change: true },
                ]);
            }
            RuleParams::Update(_) | RuleParams::Immutable | RuleParams::Monotonic => {
                actions.extend([
                    Action::Perturb,
                    Action::Remove,
                    Action::Zero,
                    Action::RemoveFirst,
                    Action::Duplicate { change: true },
                    Action::Key("k-new".to_string()),
                ]);
                actions.extend(exemplars.get(&pattern).iter().cloned().map(Action::Set));
                actions.extend(
                    guesses_for_type(rule.field_type)
                        .into_iter()
                        .map(Action::Set),
                );
            }
            RuleParams::DependentRequired { dependent, .. }
            | RuleParams::DependentForbidden { dependent, .. } => {
                // The rule's field and the fields it depends on are siblings:
                // set or unset each combination of them on the parent.
                if let (Some(parent), Some(Segment::Field(own))) =
                    (pattern.parent(), pattern.segments().last())
                {
                    // The rule's path is the dependent field; the trigger
                    // is the tagged sibling.
                    let trigger = match rule.params {
                        RuleParams::DependentRequired { trigger, .. }
                        | RuleParams::DependentForbidden { trigger, .. } => trigger,
                        _ => own.as_str(),
                    };
                    let fields = vec![trigger.to_string(), dependent.to_string()];
                    let edits = presence_combos(&fields)
                        .into_iter()
                        .map(Action::Members)
                        .collect();
                    let mut guesses: Vec<Value> = exemplars.get(&pattern).to_vec();
                    guesses.extend(guesses_for_type(rule.field_type));
                    return RuleEdits {
                        rule_id: rule.id.to_string(),
                        pattern: parent,
                        item: None,
                        keys: false,
                        actions: edits,
                        guesses,
                    };
                }
                actions.extend([Action::Remove, Action::Zero, Action::Perturb]);
            }
            RuleParams::IfMode {
                discriminator,
                mode,
            } => {
                // The field is validated by its payload in mode `mode` and
                // forbidden in the others: set, change or remove it with
                // the discriminator in that mode, in another one and unset.
                let mut edits = vec![Action::Remove, Action::Zero, Action::Perturb];
                edits.extend(exemplars.get(&pattern).iter().cloned().map(Action::Set));
                edits.extend(
                    guesses_for_type(rule.field_type)
                        .into_iter()
                        .take(1)
                        .map(Action::Set),
                );
                for value in [mode.to_string(), format!("{mode}Other"), String::new()] {
                    actions.extend(edits.iter().map(|a| Action::Discriminated {
                        field: Some(discriminator.to_string()).filter(|d| !d.is_empty()),
                        value: value.clone(),
                        then: Box::new(a.clone()),
                    }));
                }
            }
            RuleParams::Union { .. }
            | RuleParams::ZeroOrOneOf { .. }
            | RuleParams::CustomValidation
            | RuleParams::Fixed { .. } => {
                let (fields, items) = match rule.params {
                    RuleParams::Union { members, .. } | RuleParams::ZeroOrOneOf { members } => {
                        union_members(members)
                    }
                    _ => (Vec::new(), Vec::new()),
                };
                if !items.is_empty() {
                    actions.extend(presence_combos(&items).into_iter().map(Action::Selected));
                }
                if !fields.is_empty() {
                    actions.extend(presence_combos(&fields).into_iter().map(Action::Members));
                    if let RuleParams::Union {
                        discriminator: Some(discriminator),
                        ..
                    } = rule.params
                    {
                        // The default member names, and the values the
                        // corpus gives the discriminator (a member's
                        // `memberName` differs from its default).
                        let mut values = discriminator_values(&fields);
                        for v in exemplars.get(&pattern.field(discriminator)) {
                            if let Some(v) = v.as_str()
                                && !values.iter().any(|known| known == v)
                            {
                                values.push(v.to_string());
                            }
                        }
                        for value in values {
                            actions.extend(presence_combos(&fields).into_iter().map(|m| {
                                Action::Discriminated {
                                    field: Some(discriminator.to_string()),
                                    value: value.clone(),
                                    then: Box::new(Action::Members(m)),
                                }
                            }));
                        }
                    }
                }
                actions.extend([Action::Perturb, Action::Remove, Action::Zero]);
                actions.extend(exemplars.get(&pattern).iter().cloned().map(Action::Set));
            }
        }
        if let Some((discriminator, mode)) = rule
            .when
            .iter()
            .find_map(|c| c.discriminator().zip(c.mode()))
        {
            actions = actions
                .into_iter()
                .map(|a| Action::Discriminated {
                    field: Some(discriminator.to_string()).filter(|d| !d.is_empty()),
                    value: mode.to_string(),
                    then: Box::new(a),
                })
                .collect();
        }
        if let Some(sel) = &item {
            actions.push(Action::Selected(vec![(sel.clone(), false)]));
        }
        if keys {
            actions = actions
                .into_iter()
                .filter_map(|a| match a {
                    Action::Set(Value::String(s)) => Some(Action::Key(s)),
                    Action::Selected(x) => Some(Action::Selected(x)),
                    _ => None,
                })
                .collect();
        }
        let mut guesses: Vec<Value> = exemplars.get(&pattern).to_vec();
        guesses.extend(guesses_for_type(rule.field_type));
        RuleEdits {
            rule_id: rule.id.to_string(),
            pattern,
            item,
            keys,
            actions,
            guesses,
        }
    }

    /// Applies action number `variant` at one location of the rule (chosen
    /// by `site` among the matching ones; created when none exists).
    /// Returns whether the object changed shape as asked.
    ///
    /// ```
    /// use dv_harness_generate::boundary::{RuleEdits, Exemplars};
    /// use apimachinery::{Rule, RuleError, Stage, field::ErrorType};
    /// static R: Rule = Rule { id: "T/spec.items[*].port/maximum", kind: "T", path: "spec.items[*].port",
    ///     tag: "+k8s:maximum=10", validator: "maximum", args: "", payload: "10", stage: Stage::Stable,
    ///     since: None, field_type: "i32", conditions: &[], errors: &[], params: apimachinery::rule::RuleParams::Maximum(10), when: &[] };
    /// let e = RuleEdits::for_rule(&R, &Exemplars::default());
    /// let mut v = serde_json::json!({"spec": {}});
    /// assert!(e.apply(&mut v, 2, 0, &Exemplars::default()));
    /// assert_eq!(v, serde_json::json!({"spec": {"items": [{"port": 11}]}}));
    /// ```
    pub fn apply(&self, obj: &mut Value, variant: usize, site: usize, ex: &Exemplars) -> bool {
        let Some(action) = self.actions.get(variant % self.actions.len().max(1)) else {
            return false;
        };
        let (mode, action) = match action {
            Action::Discriminated { field, value, then } => {
                (Some((field.as_deref(), value.as_str())), then.as_ref())
            }
            other => (None, other),
        };
        if let Action::Selected(wanted) = action {
            let list = list_pattern(&self.pattern, self.item.is_some());
            return set_item_presence(obj, &list, wanted, ex);
        }
        if let Some(sel) = &self.item {
            ensure_selected_item(obj, &self.pattern, sel, ex);
        }
        let mut locs: Vec<Location> = select(obj, &self.pattern);
        if let Some(sel) = &self.item {
            locs.retain(|l| item_of(obj, l, &self.pattern).is_some_and(|it| sel.matches(it)));
        }
        let loc = if locs.is_empty() {
            if matches!(action, Action::Remove) {
                return false;
            }
            let fill = self.guesses.first().cloned().unwrap_or(Value::Null);
            let created = match &self.item {
                Some(sel) => materialize_in_item(obj, &self.pattern, sel, ex, fill),
                None => materialize(obj, &self.pattern, ex, fill),
            };
            match created {
                Some(l) => l,
                None => return false,
            }
        } else {
            locs.swap_remove(site % locs.len())
        };
        if let Some((field, value)) = mode {
            set_discriminator(obj, &loc, action, field, value);
        }
        act(obj, &loc, action, ex, &self.pattern, &self.guesses)
    }
}

impl RuleEdits {
    /// Whether [`RuleEdits::prepare_old`] can change a stored object for
    /// action number `variant` (a removal of the first list item or map
    /// entry, outside a selected item): when not, it leaves every object
    /// as it is.
    ///
    /// ```
    /// use dv_harness_generate::boundary::{RuleEdits, Exemplars, Action};
    /// use apimachinery::{Rule, Stage};
    /// static R: Rule = Rule { id: "T/labels/update", kind: "T", path: "labels",
    ///     tag: "+k8s:update=NoRemoveItem", validator: "update", args: "", payload: "NoRemoveItem",
    ///     stage: Stage::Stable, since: None, field_type: "BTreeMap<String, String>",
    ///     conditions: &[], errors: &[], params: apimachinery::rule::RuleParams::Update(apimachinery::validate::UpdateConstraint::NoRemoveItem), when: &[] };
    /// let e = RuleEdits::for_rule(&R, &Exemplars::default());
    /// let remove = e.actions.iter().position(|a| *a == Action::RemoveFirst).unwrap();
    /// assert!(e.prepares_old(remove));
    /// let other = e.actions.iter().position(|a| *a != Action::RemoveFirst).unwrap();
    /// assert!(!e.prepares_old(other));
    /// ```
    pub fn prepares_old(&self, variant: usize) -> bool {
        let Some(mut action) = self.actions.get(variant % self.actions.len().max(1)) else {
            return false;
        };
        if let Action::Discriminated { then, .. } = action {
            action = then.as_ref();
        }
        *action == Action::RemoveFirst && self.item.is_none()
    }

    /// Prepares the stored object of an update whose new object will get
    /// action number `variant`: a removal of the first list item or map
    /// entry ([`Action::RemoveFirst`]) needs one there in the old object,
    /// so an empty (or missing) list or map gets one item or entry. Returns
    /// whether the object changed.
    ///
    /// ```
    /// use dv_harness_generate::boundary::{RuleEdits, Exemplars, Action};
    /// use apimachinery::{Rule, Stage};
    /// static R: Rule = Rule { id: "T/labels/update", kind: "T", path: "labels",
    ///     tag: "+k8s:update=NoRemoveItem", validator: "update", args: "", payload: "NoRemoveItem",
    ///     stage: Stage::Stable, since: None, field_type: "BTreeMap<String, String>",
    ///     conditions: &[], errors: &[], params: apimachinery::rule::RuleParams::Update(apimachinery::validate::UpdateConstraint::NoRemoveItem), when: &[] };
    /// let e = RuleEdits::for_rule(&R, &Exemplars::default());
    /// let remove = e.actions.iter().position(|a| *a == Action::RemoveFirst).unwrap();
    /// let mut old = serde_json::json!({"labels": {}});
    /// assert!(e.prepare_old(&mut old, remove, 0, &Exemplars::default()));
    /// assert_eq!(old["labels"].as_object().map(|m| m.len()), Some(1));
    /// let mut new = old.clone();
    /// assert!(e.apply(&mut new, remove, 0, &Exemplars::default()));
    /// assert_eq!(new, serde_json::json!({"labels": {}}));
    /// ```
    pub fn prepare_old(
        &self,
        obj: &mut Value,
        variant: usize,
        site: usize,
        ex: &Exemplars,
    ) -> bool {
        if !self.prepares_old(variant) {
            return false;
        }
        let mut locs = select(obj, &self.pattern);
        let loc = if locs.is_empty() {
            let fill = self.guesses.first().cloned().unwrap_or(Value::Null);
            match materialize(obj, &self.pattern, ex, fill) {
                Some(l) => l,
                None => return false,
            }
        } else {
            locs.swap_remove(site % locs.len())
        };
        let grow = match get(obj, &loc) {
            Some(Value::Array(a)) if a.is_empty() => Action::Items(1),
            Some(Value::Object(m)) if m.is_empty() => Action::Properties(1),
            Some(Value::Null) | None => match self.guesses.first() {
                Some(Value::Array(_)) => Action::Items(1),
                _ => Action::Properties(1),
            },
            _ => return false,
        };
        act(obj, &loc, &grow, ex, &self.pattern, &self.guesses)
    }
}

/// Sets the discriminator `field` (when known; else the string fields)
/// beside the edited field (or, for a union's members edit, of the union's
/// object, members excluded) to `value`.
fn set_discriminator(
    obj: &mut Value,
    loc: &[Step],
    action: &Action,
    field: Option<&str>,
    value: &str,
) {
    let (target, excluded): (&[Step], Vec<&str>) = match action {
        Action::Members(members) => (loc, members.iter().map(|(m, _)| m.as_str()).collect()),
        _ => match loc.split_last() {
            Some((Step::Key(own), parent)) => (parent, vec![own.as_str()]),
            _ => return,
        },
    };
    if let Some(Value::Object(m)) = get_mut(obj, target) {
        if let Some(field) = field {
            m.insert(field.to_string(), Value::String(value.to_string()));
            return;
        }
        for (k, v) in m.iter_mut() {
            if v.is_string() && !excluded.contains(&k.as_str()) {
                *v = Value::String(value.to_string());
            }
        }
    }
}

/// The list pattern an item-selecting rule refers to: the pattern up to
/// its last `[*]` (without it) when `nested`, else the pattern itself.
fn list_pattern(pattern: &Pattern, nested: bool) -> Pattern {
    if !nested {
        return pattern.clone();
    }
    let segs = pattern.segments();
    match segs.iter().rposition(|s| *s == Segment::Each) {
        Some(i) => Pattern::from_segments(&segs[..i]),
        None => pattern.clone(),
    }
}

/// Creates the rule's location inside the first item the selector matches.
fn materialize_in_item(
    obj: &mut Value,
    pattern: &Pattern,
    sel: &ItemSelector,
    ex: &Exemplars,
    fill: Value,
) -> Option<Location> {
    let segs = pattern.segments();
    let each = segs.iter().rposition(|s| *s == Segment::Each)?;
    let list = Pattern::from_segments(&segs[..each]);
    let suffix = Pattern::from_segments(&segs[each + 1..]);
    for list_loc in select(obj, &list) {
        let Some(Value::Array(items)) = get(obj, &list_loc) else {
            continue;
        };
        let Some(i) = items.iter().position(|it| sel.matches(it)) else {
            continue;
        };
        let mut loc = list_loc.clone();
        loc.push(Step::Index(i));
        let item = get_mut(obj, &loc)?;
        let inner = materialize(item, &suffix, ex, fill)?;
        loc.extend(inner);
        return Some(loc);
    }
    None
}

fn item_of<'v>(obj: &'v Value, loc: &[Step], pattern: &Pattern) -> Option<&'v Value> {
    let segs = pattern.segments();
    let i = segs.iter().rposition(|s| *s == Segment::Each)?;
    get(obj, &loc[..=i])
}

fn new_item(list: &Pattern, ex: &Exemplars, sel: &ItemSelector) -> Value {
    let mut item = ex
        .get(&list.each())
        .first()
        .cloned()
        .filter(Value::is_object)
        .unwrap_or_else(|| Value::Object(Map::new()));
    for (k, v) in &sel.fields {
        if let Value::Object(m) = &mut item {
            m.insert(k.clone(), v.clone());
        }
    }
    item
}

fn ensure_selected_item(obj: &mut Value, pattern: &Pattern, sel: &ItemSelector, ex: &Exemplars) {
    let list = list_pattern(pattern, true);
    let mut lists = select(obj, &list);
    if lists.is_empty() {
        if let Some(l) = materialize(obj, &list, ex, Value::Array(Vec::new())) {
            lists.push(l);
        } else {
            return;
        }
    }
    for l in lists {
        if let Some(Value::Array(items)) = get_mut(obj, &l)
            && !items.iter().any(|it| sel.matches(it))
        {
            items.push(new_item(&list, ex, sel));
        }
    }
}

fn set_item_presence(
    obj: &mut Value,
    list: &Pattern,
    wanted: &[(ItemSelector, bool)],
    ex: &Exemplars,
) -> bool {
    let mut lists = select(obj, list);
    if lists.is_empty() {
        match materialize(obj, list, ex, Value::Array(Vec::new())) {
            Some(l) => lists.push(l),
            None => return false,
        }
    }
    let mut changed = false;
    for l in lists {
        if let Some(v) = get_mut(obj, &l) {
            if v.is_null() {
                *v = Value::Array(Vec::new());
            }
            if let Value::Array(items) = v {
                for (sel, present) in wanted {
                    let has = items.iter().any(|it| sel.matches(it));
                    if *present && !has {
                        items.push(new_item(list, ex, sel));
                        changed = true;
                    } else if !*present && has {
                        items.retain(|it| !sel.matches(it));
                        changed = true;
                    }
                }
            }
        }
    }
    changed
}

/// Creates the location of `pattern` in `obj`: missing or null parents
/// become objects, an empty list gets one item (an exemplar, or `{}`), an
/// empty map gets the key `a`; the leaf gets `fill` when missing.
///
/// ```
/// use dv_harness_generate::boundary::{materialize, Exemplars};
/// use dv_harness_generate::path::Pattern;
/// let mut v = serde_json::json!({"a": null});
/// let loc = materialize(&mut v, &Pattern::parse("a.list[*].x"), &Exemplars::default(), serde_json::json!(0)).unwrap();
/// assert_eq!(v, serde_json::json!({"a": {"list": [{"x": 0}]}}));
/// assert_eq!(loc.len(), 4);
/// ```
pub fn materialize(
    obj: &mut Value,
    pattern: &Pattern,
    ex: &Exemplars,
    fill: Value,
) -> Option<Location> {
    let segs = pattern.segments();
    let mut loc: Location = Vec::new();
    for (i, seg) in segs.iter().enumerate() {
        let last = i + 1 == segs.len();
        let prefix = Pattern::from_segments(&segs[..=i]);
        let here = get_mut(obj, &loc)?;
        if here.is_null() {
            *here = match seg {
                Segment::Field(_) => Value::Object(Map::new()),
                Segment::Each => Value::Array(Vec::new()),
            };
        }
        let filler = || {
            if last {
                fill.clone()
            } else {
                ex.get(&prefix)
                    .first()
                    .cloned()
                    .unwrap_or_else(|| match segs.get(i + 1) {
                        Some(Segment::Each) => Value::Array(Vec::new()),
                        _ => Value::Object(Map::new()),
                    })
            }
        };
        match (seg, here) {
            (Segment::Field(name), Value::Object(m)) => {
                let missing = m.get(name).is_none_or(Value::is_null);
                if missing {
                    m.insert(name.clone(), filler());
                }
                loc.push(Step::Key(name.clone()));
            }
            (Segment::Each, Value::Array(items)) => {
                if items.is_empty() {
                    items.push(filler());
                }
                loc.push(Step::Index(0));
            }
            (Segment::Each, Value::Object(m)) => {
                let key = match m.keys().next() {
                    Some(k) => k.clone(),
                    None => {
                        m.insert("a".to_string(), filler());
                        "a".to_string()
                    }
                };
                loc.push(Step::Key(key));
            }
            _ => return None,
        }
    }
    Some(loc)
}

fn perturb(v: &Value) -> Value {
    match v {
        // Change the last digit when there is one (timestamps, quantities and
        // versions stay well-formed), else append a character.
        Value::String(s) => match s.char_indices().rev().find(|(_, c)| c.is_ascii_digit()) {
            Some((i, c)) => {
                let d = c.to_digit(10).map_or(0, |d| (d + 1) % 10);
                let mut out = s.clone();
                out.replace_range(i..i + 1, &d.to_string());
                Value::String(out)
            }
            None => Value::String(format!("{s}x")),
        },
        Value::Number(n) => match n.as_i64() {
            Some(i) => Value::from(i.wrapping_add(1)),
            None => Value::from(n.as_f64().unwrap_or(0.0) + 1.0),
        },
        Value::Bool(b) => Value::Bool(!b),
        Value::Null => Value::from("x"),
        Value::Array(a) => {
            let mut a = a.clone();
            match a.first().cloned() {
                Some(first) => a.push(perturb(&first)),
                None => a.push(Value::from("x")),
            }
            Value::Array(a)
        }
        Value::Object(m) => {
            let mut m = m.clone();
            if let Some((_, first)) = m.iter_mut().next() {
                *first = perturb(first);
            } else {
                m.insert("x".into(), Value::from("x"));
            }
            Value::Object(m)
        }
    }
}

/// Makes `item` differ from `original` by its first string (or number) leaf.
pub(crate) fn distinct(item: &mut Value, n: usize) -> bool {
    match item {
        Value::String(s) => {
            s.push_str(&n.to_string());
            true
        }
        Value::Number(x) => {
            *item = Value::from(x.as_i64().unwrap_or(0).wrapping_add(n as i64));
            true
        }
        Value::Object(m) => m.values_mut().any(|v| distinct(v, n)),
        Value::Array(a) => a.iter_mut().any(|v| distinct(v, n)),
        _ => false,
    }
}

fn act(
    obj: &mut Value,
    loc: &[Step],
    action: &Action,
    ex: &Exemplars,
    pattern: &Pattern,
    guesses: &[Value],
) -> bool {
    match action {
        Action::Set(v) => set(obj, loc, v.clone()),
        Action::Remove => remove(obj, loc).is_some(),
        Action::Zero => match get_mut(obj, loc) {
            Some(v) => {
                *v = zero_like(v);
                true
            }
            None => false,
        },
        Action::Perturb => match get_mut(obj, loc) {
            Some(v) => {
                *v = perturb(v);
                true
            }
            None => false,
        },
        Action::Items(n) => {
            let template = ex.get(&pattern.each()).first().cloned();
            let Some(v) = get_mut(obj, loc) else {
                return false;
            };
            if v.is_null() {
                *v = Value::Array(Vec::new());
            }
            let Value::Array(items) = v else { return false };
            let base = items
                .first()
                .cloned()
                .or(template)
                .or_else(|| {
                    guesses
                        .iter()
                        .find_map(|g| g.as_array().and_then(|a| a.first()).cloned())
                })
                .unwrap_or_else(|| Value::String("a".into()));
            items.truncate(*n);
            let mut k = items.len();
            while items.len() < *n {
                let mut item = base.clone();
                distinct(&mut item, k);
                items.push(item);
                k += 1;
            }
            true
        }
        Action::Properties(n) => {
            let template = ex.get(&pattern.each()).first().cloned();
            let Some(v) = get_mut(obj, loc) else {
                return false;
            };
            if v.is_null() {
                *v = Value::Object(Map::new());
            }
            let Value::Object(m) = v else { return false };
            let base = m
                .values()
                .next()
                .cloned()
                .or(template)
                .unwrap_or_else(|| Value::String("a".into()));
            while m.len() > *n {
                let Some(k) = m.keys().next_back().cloned() else {
                    break;
                };
                m.shift_remove(&k);
            }
            let mut k = 0usize;
            while m.len() < *n {
                let key = format!("k{k}");
                if !m.contains_key(&key) {
                    m.insert(key, base.clone());
                }
                k += 1;
            }
            true
        }
        Action::Duplicate { change } => {
            let template = ex.get(&pattern.each()).first().cloned().or_else(|| {
                guesses
                    .iter()
                    .find_map(|g| g.as_array().and_then(|a| a.first()).cloned())
            });
            let Some(v) = get_mut(obj, loc) else {
                return false;
            };
            if v.is_null() {
                *v = Value::Array(Vec::new());
            }
            let Value::Array(items) = v else { return false };
            let Some(item) = items.first().cloned().or(template) else {
                return false;
            };
            if items.is_empty() {
                items.push(item.clone());
            }
            let mut copy = item;
            if *change {
                // Change a leaf other than the first (the key is usually first).
                if let Value::Object(m) = &mut copy {
                    let n = m.len();
                    if let Some((_, v)) = m.iter_mut().nth(n.saturating_sub(1).min(1)) {
                        *v = perturb(v);
                    }
                } else {
                    copy = perturb(&copy);
                }
            }
            items.push(copy);
            true
        }
        Action::Key(key) => {
            let Some(v) = get_mut(obj, loc) else {
                return false;
            };
            if v.is_null() {
                *v = Value::Object(Map::new());
            }
            let Value::Object(m) = v else { return false };
            let value = m
                .values()
                .next()
                .cloned()
                .or_else(|| ex.get(&pattern.each()).first().cloned())
                .unwrap_or_else(|| Value::String("a".into()));
            m.insert(key.clone(), value);
            true
        }
        Action::Members(wanted) => {
            let Some(v) = get_mut(obj, loc) else {
                return false;
            };
            if v.is_null() {
                *v = Value::Object(Map::new());
            }
            let Value::Object(_) = v else { return false };
            for (name, present) in wanted {
                let member = pattern.field(name);
                if *present {
                    let value = ex
                        .get(&member)
                        .first()
                        .cloned()
                        .unwrap_or_else(|| Value::Object(Map::new()));
                    if let Some(Value::Object(m)) = get_mut(obj, loc)
                        && m.get(name).is_none_or(Value::is_null)
                    {
                        m.insert(name.clone(), value);
                    }
                } else if let Some(Value::Object(m)) = get_mut(obj, loc) {
                    m.shift_remove(name);
                }
            }
            true
        }
        Action::RemoveFirst => match get_mut(obj, loc) {
            Some(Value::Array(items)) if !items.is_empty() => {
                items.remove(0);
                true
            }
            Some(Value::Object(m)) if !m.is_empty() => {
                let first = m.keys().next().cloned();
                first.is_some_and(|k| m.shift_remove(&k).is_some())
            }
            _ => false,
        },
        Action::Selected(_) => false,
        Action::Discriminated { then, .. } => act(obj, loc, then, ex, pattern, guesses),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::rule::{ListKind, RuleValue};
    use apimachinery::{RuleError, Stage, field::ErrorType};
    use serde_json::json;

    fn rule(path: &'static str, params: RuleParams) -> Rule {
        Rule {
            id: "T/x",
            kind: "T",
            path,
            tag: "",
            validator: "",
            args: "",
            payload: "",
            stage: Stage::Stable,
            since: None,
            field_type: "String",
            conditions: &[],
            errors: &[RuleError {
                error_type: ErrorType::Invalid,
                origin: "",
            }],
            params,
            when: &[],
        }
    }

    #[test]
    fn length_boundaries_in_chars_and_bytes() {
        let e = RuleEdits::for_rule(&rule("s", RuleParams::MaxLength(3)), &Exemplars::default());
        let strings: Vec<String> = e
            .actions
            .iter()
            .filter_map(|a| match a {
                Action::Set(Value::String(s)) => Some(s.clone()),
                _ => None,
            })
            .collect();
        for n in [2usize, 3, 4] {
            assert!(strings.iter().any(|s| s.len() == n && s.is_ascii()), "{n}");
            assert!(
                strings
                    .iter()
                    .any(|s| s.chars().count() == n && s.len() == 2 * n)
            );
            assert!(
                strings
                    .iter()
                    .any(|s| s.len() == n && !s.is_ascii() || n < 2)
            );
        }
    }

    #[test]
    fn items_make_distinct_lists() {
        let mut r = rule("list", RuleParams::MaxItems(2));
        r.field_type = "Vec<Item>";
        let e = RuleEdits::for_rule(&r, &Exemplars::default());
        let mut v = json!({"list": [{"name": "a", "n": 1}]});
        let three = e
            .actions
            .iter()
            .position(|a| *a == Action::Items(3))
            .unwrap();
        assert!(e.apply(&mut v, three, 0, &Exemplars::default()));
        assert_eq!(
            v["list"],
            json!([{"name": "a", "n": 1}, {"name": "a1", "n": 1}, {"name": "a2", "n": 1}])
        );
    }

    #[test]
    fn duplicates_for_list_types() {
        let e = RuleEdits::for_rule(
            &rule("list", RuleParams::ListType(ListKind::Map)),
            &Exemplars::default(),
        );
        let mut v = json!({"list": [{"name": "a", "port": 1}]});
        assert!(e.apply(&mut v, 0, 0, &Exemplars::default()));
        assert_eq!(v["list"][0], v["list"][1]);
        let mut v = json!({"list": [{"name": "a", "port": 1}]});
        assert!(e.apply(&mut v, 1, 0, &Exemplars::default()));
        assert_eq!(v["list"][1], json!({"name": "a", "port": 2}));
    }

    #[test]
    fn union_members_zero_one_two() {
        let r = rule(
            "spec",
            RuleParams::Union {
                members: &[
                    UnionMember {
                        field: "a",
                        item: &[],
                    },
                    UnionMember {
                        field: "b",
                        item: &[],
                    },
                ],
                discriminator: None,
            },
        );
        let ex = Exemplars::collect(
            &[json!({"spec": {"a": {"x": 1}, "b": "y"}})],
            &[Pattern::parse("spec.a"), Pattern::parse("spec.b")],
        );
        let e = RuleEdits::for_rule(&r, &ex);
        let sets: Vec<usize> = e
            .actions
            .iter()
            .filter_map(|a| match a {
                Action::Members(m) => Some(m.iter().filter(|(_, p)| *p).count()),
                _ => None,
            })
            .collect();
        assert_eq!(sets, vec![0, 1, 1, 2]);
        let mut v = json!({"spec": {}});
        assert!(e.apply(&mut v, 3, 0, &ex));
        assert_eq!(v, json!({"spec": {"a": {"x": 1}, "b": "y"}}));
    }

    #[test]
    fn item_selected_members() {
        let r = rule(
            "status.conditions",
            RuleParams::ZeroOrOneOf {
                members: &[
                    UnionMember {
                        field: "conditions",
                        item: &[ItemMatch {
                            field: "type",
                            value: RuleValue::Str("Approved"),
                        }],
                    },
                    UnionMember {
                        field: "conditions",
                        item: &[ItemMatch {
                            field: "type",
                            value: RuleValue::Str("Denied"),
                        }],
                    },
                ],
            },
        );
        let e = RuleEdits::for_rule(&r, &Exemplars::default());
        let both = e
            .actions
            .iter()
            .position(|a| matches!(a, Action::Selected(w) if w.iter().all(|(_, p)| *p)))
            .unwrap();
        let mut v = json!({});
        assert!(e.apply(&mut v, both, 0, &Exemplars::default()));
        assert_eq!(
            v,
            json!({"status": {"conditions": [{"type": "Approved"}, {"type": "Denied"}]}})
        );
    }

    #[test]
    fn item_conditioned_rules_target_the_selected_item() {
        let mut r = rule("conds[*].status", RuleParams::Neq(RuleValue::Str("x")));
        r.when = &[Condition::Item(&[ItemMatch {
            field: "type",
            value: RuleValue::Str("A"),
        }])];
        let e = RuleEdits::for_rule(&r, &Exemplars::default());
        let mut v = json!({"conds": [{"type": "B", "status": "ok"}]});
        assert!(e.apply(&mut v, 0, 0, &Exemplars::default()));
        assert_eq!(
            v,
            json!({"conds": [{"type": "B", "status": "ok"}, {"type": "A", "status": "x"}]})
        );
    }

    #[test]
    fn each_key_edits_rename_keys() {
        let mut r = rule("labels", RuleParams::Format("k8s-label-key"));
        r.when = &[Condition::EachKey];
        let e = RuleEdits::for_rule(&r, &Exemplars::default());
        assert!(e.actions.iter().all(|a| matches!(a, Action::Key(_))));
        let mut v = json!({"labels": {"a": "1"}});
        let k = e
            .actions
            .iter()
            .position(|a| *a == Action::Key("a-".into()))
            .unwrap();
        assert!(e.apply(&mut v, k, 0, &Exemplars::default()));
        assert_eq!(v, json!({"labels": {"a": "1", "a-": "1"}}));
    }

    #[test]
    fn enum_near_misses_and_format_lengths() {
        let c = enum_candidates(&["Approved", "Denied"]);
        assert!(c.contains(&"approved".to_string()));
        assert!(c.contains(&"Approve".to_string()));
        let f = format_candidates("k8s-long-name");
        assert!(f.iter().any(|s| s.len() == 253 && !s.ends_with('.')));
        assert!(f.iter().any(|s| s.len() == 254));
    }

    #[test]
    fn dependent_edits_combine_trigger_and_dependent() {
        let r = rule(
            "spec.dep",
            RuleParams::DependentRequired {
                trigger: "trig",
                dependent: "dep",
            },
        );
        let ex = Exemplars::collect(
            &[json!({"spec": {"trig": "t", "dep": "d"}})],
            &[Pattern::parse("spec.trig"), Pattern::parse("spec.dep")],
        );
        let e = RuleEdits::for_rule(&r, &ex);
        assert_eq!(e.pattern, Pattern::parse("spec"));
        let trigger_only = e
            .actions
            .iter()
            .position(|a| *a == Action::Members(vec![("trig".into(), true), ("dep".into(), false)]))
            .unwrap();
        let mut v = json!({"spec": {"dep": "d"}});
        assert!(e.apply(&mut v, trigger_only, 0, &ex));
        assert_eq!(v, json!({"spec": {"trig": "t"}}));
    }

    #[test]
    fn if_mode_edits_switch_the_mode_not_a_member_named_after_it() {
        let r = rule(
            "spec.file",
            RuleParams::IfMode {
                discriminator: "mode",
                mode: "File",
            },
        );
        let ex = Exemplars::collect(
            &[json!({"spec": {"mode": "Disk", "file": "f"}})],
            &[Pattern::parse("spec.file")],
        );
        let e = RuleEdits::for_rule(&r, &ex);
        assert!(!e.actions.iter().any(|a| matches!(a, Action::Members(m)
            if m.iter().any(|(f, _)| f == "File"))));
        let set_in_other_mode = e
            .actions
            .iter()
            .position(|a| {
                matches!(a, Action::Discriminated { value, then, .. }
                if value != "File" && matches!(**then, Action::Set(_)))
            })
            .unwrap();
        let mut v = json!({"spec": {"mode": "File"}});
        assert!(e.apply(&mut v, set_in_other_mode, 0, &ex));
        assert_ne!(v["spec"]["mode"], json!("File"));
        assert_eq!(v["spec"]["file"], json!("f"));
        let remove_in_mode = e
            .actions
            .iter()
            .position(|a| {
                matches!(a, Action::Discriminated { value, then, .. }
                if value == "File" && **then == Action::Remove)
            })
            .unwrap();
        let mut v = json!({"spec": {"mode": "Disk", "file": "f"}});
        assert!(e.apply(&mut v, remove_in_mode, 0, &ex));
        assert_eq!(v, json!({"spec": {"mode": "File"}}));
    }

    #[test]
    fn discriminated_union_edits_set_only_the_discriminator() {
        let r = rule(
            "spec",
            RuleParams::Union {
                members: &[
                    UnionMember {
                        field: "a",
                        item: &[],
                    },
                    UnionMember {
                        field: "b",
                        item: &[],
                    },
                ],
                discriminator: Some("kind"),
            },
        );
        let ex = Exemplars::collect(
            &[json!({"spec": {"a": "x", "b": "y"}})],
            &[Pattern::parse("spec.a"), Pattern::parse("spec.b")],
        );
        let e = RuleEdits::for_rule(&r, &ex);
        let a_as_b = e
            .actions
            .iter()
            .position(|a| matches!(a, Action::Discriminated { value, then, .. }
                if value == "B" && **then == Action::Members(vec![("a".into(), true), ("b".into(), false)])))
            .unwrap();
        // The discriminator is set even where the object has none yet, and
        // the struct's other string fields keep their values.
        let mut v = json!({"spec": {"name": "keep", "b": "y"}});
        assert!(e.apply(&mut v, a_as_b, 0, &ex));
        assert_eq!(v, json!({"spec": {"name": "keep", "kind": "B", "a": "x"}}));
    }

    #[test]
    fn discriminator_values_include_the_corpus_ones() {
        let r = rule(
            "",
            RuleParams::Union {
                members: &[
                    UnionMember {
                        field: "service",
                        item: &[],
                    },
                    UnionMember {
                        field: "resource",
                        item: &[],
                    },
                ],
                discriminator: Some("kind"),
            },
        );
        let ex = Exemplars::collect(
            &[json!({"kind": "Res", "resource": "r"})],
            &[Pattern::parse("kind")],
        );
        let e = RuleEdits::for_rule(&r, &ex);
        let values: std::collections::BTreeSet<&str> = e
            .actions
            .iter()
            .filter_map(|a| match a {
                Action::Discriminated { value, .. } => Some(value.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(
            values,
            ["", "Res", "Resource", "Service"].into_iter().collect()
        );
    }
}
