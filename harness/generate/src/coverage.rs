//! Rule coverage: which declared rules the generated cases reached and
//! which they made fire, and the anti-vacuity verdict.
//!
//! Definitions (per case, for each rule of the kind's inventory):
//! - **reached**: the validator would be evaluated on the case's new
//!   object: every parent of the rule's path exists and is not null (a
//!   field rule runs whether or not the field is set, once its parent
//!   exists; a `[*]` rule needs at least one item or map entry); a rule
//!   conditioned on `+k8s:item(k: v)` also needs an item with `k == v`; a
//!   rule conditioned on `ifEnabled(X)` / `ifDisabled(X)` needs option X on
//!   / off (the case's gate, else the strategy default); an update-only
//!   rule (`immutable`, `update`, `monotonic`) needs an update.
//! - **fired**: the declarative side returned an error whose field, with
//!   every subscript replaced by `[*]` (and `<nil>` as `""`), equals the
//!   rule's path (or the path followed by `[*]`, where list uniqueness
//!   reports the duplicate item), and whose (type, origin) is one the rule
//!   declares. Rules that declare no error (`+k8s:optional`) cannot fire.
//! - **mismatch**: an unpaired error of either side (after the engine's
//!   comparison) matches the rule as for `fired`.

use super::boundary::ItemSelector;
use super::path::{Pattern, evaluation_sites, get, normalize_field};
use apimachinery::Rule;
use apimachinery::field::{Error, ErrorType};
use apimachinery::operation::Operation;
use apimachinery::rule::{RuleParams, UnionMember};
use dv_harness_engine::case::Case;
use dv_harness_engine::engine::{Outcome, RATCHETING_REASON};
use dv_harness_engine::normalize::Side;
use dv_harness_engine::pair::DynPair;
use serde::Serialize;
use serde_json::Value;

/// Counters of one rule.
///
/// ```
/// let c = dv_harness_generate::coverage::RuleCounters::default();
/// assert_eq!(serde_json::to_value(&c).unwrap()["fired"], 0);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct RuleCounters {
    /// Cases that reached the rule.
    pub reached: u64,
    /// Cases in which it fired.
    pub fired: u64,
    /// Cases with an unpaired error of the rule.
    pub mismatches: u64,
    /// Update cases in which a hand-written error of the rule on a value
    /// unchanged from the stored object was exempted as ratcheting (the
    /// stored value is invalid and the update keeps it).
    pub ratcheted: u64,
}

#[derive(Clone)]
struct Tracked {
    rule: &'static Rule,
    pattern: Pattern,
    text: String,
    item: Option<ItemSelector>,
    options: Vec<(String, bool)>,
}

/// Whether `e` is an error `rule` (at normalised path `path`) can emit.
///
/// ```
/// use dv_harness_generate::coverage::error_of_rule;
/// use apimachinery::{Rule, RuleError, Stage, field::{Error, ErrorType, Path}};
/// static R: Rule = Rule { id: "T/l/listType", kind: "T", path: "l", tag: "+k8s:listType=set",
///     validator: "listType", args: "", payload: "set", stage: Stage::Stable, since: None,
///     field_type: "Vec<String>", conditions: &[],
///     errors: &[RuleError { error_type: ErrorType::Duplicate, origin: "" }], params: apimachinery::rule::RuleParams::ListType(apimachinery::rule::ListKind::Set), when: &[] };
/// let e = Error::duplicate(&Path::new("l").index(1), "a");
/// assert!(error_of_rule(&R, "l", &e));
/// ```
pub fn error_of_rule(rule: &Rule, path: &str, e: &Error) -> bool {
    let field = normalize_field(&e.field);
    // Duplicates, and the item errors of update constraints on lists and
    // maps (`NoAddItem` at `l[i]`, `NoRemoveItem` at `m[key]`), are
    // reported at an item of the rule's field.
    let at = field == path
        || ((e.error_type == ErrorType::Duplicate || matches!(rule.params, RuleParams::Update(_)))
            && field.len() == path.len() + 3
            && field.starts_with(path)
            && field.ends_with("[*]"))
        || matches!(rule.params, RuleParams::Union { members, .. }
            if union_member_field(members, path, &field));
    at && rule
        .errors
        .iter()
        .any(|r| r.error_type == e.error_type && r.origin == e.origin)
}

/// Whether `field` is a field member of the union at `path`: a
/// discriminated union reports a member set in the wrong mode, or missing
/// in its own, at the member.
fn union_member_field(members: &[UnionMember], path: &str, field: &str) -> bool {
    members
        .iter()
        .filter(|m| !m.is_item())
        .map(|m| m.field)
        .any(|m| {
            if path.is_empty() {
                field == m
            } else {
                field.strip_prefix(path).and_then(|r| r.strip_prefix('.')) == Some(m)
            }
        })
}

/// Coverage of one kind's rules across cases.
///
/// ```
/// use dv_harness_generate::coverage::Coverage;
/// let c = Coverage::new(&[], &[]);
/// assert!(c.unreached().is_empty() && c.unfired().is_empty());
/// ```
#[derive(Clone)]
pub struct Coverage {
    tracked: Vec<Tracked>,
    counters: Vec<RuleCounters>,
    defaults: Vec<(String, bool)>,
}

impl Coverage {
    /// Empty coverage of `rules`; `defaults` are the strategy's option
    /// defaults (example on [`Coverage`]).
    pub fn new(rules: &'static [Rule], defaults: &[(String, bool)]) -> Coverage {
        let tracked: Vec<Tracked> = rules
            .iter()
            .map(|rule| Tracked {
                rule,
                pattern: Pattern::parse(rule.path),
                text: Pattern::parse(rule.path).to_string(),
                item: rule
                    .when
                    .iter()
                    .find_map(|c| c.item())
                    .map(ItemSelector::from_matches),
                options: rule
                    .when
                    .iter()
                    .filter_map(|c| c.option())
                    .map(|(name, on)| (name.to_string(), on))
                    .collect(),
            })
            .collect();
        Coverage {
            counters: vec![RuleCounters::default(); tracked.len()],
            tracked,
            defaults: defaults.to_vec(),
        }
    }

    /// Coverage of a pair's rules.
    ///
    /// ```
    /// use dv_harness_engine::pair::DynPair;
    /// use dv_harness_generate::coverage::Coverage;
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let rc = registry.find("ReplicationController", None).unwrap();
    /// let c = Coverage::of(rc);
    /// assert_eq!(c.rules().count(), rc.rules().len());
    /// assert_eq!(c.unreached().len(), rc.rules().len());
    /// ```
    pub fn of(pair: &dyn DynPair) -> Coverage {
        Coverage::new(pair.rules(), &pair.strategy().options)
    }

    fn option_state(&self, case: &Case<Value>, name: &str) -> Option<bool> {
        case.gates.get(name).copied().or_else(|| {
            self.defaults
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| *v)
        })
    }

    fn reached(&self, t: &Tracked, case: &Case<Value>) -> bool {
        if t.rule.params.update_only() && case.operation != Operation::Update {
            return false;
        }
        if t.options
            .iter()
            .any(|(name, want)| self.option_state(case, name) != Some(*want))
        {
            return false;
        }
        let sites = evaluation_sites(&case.object, &t.pattern);
        match &t.item {
            None => !sites.is_empty(),
            Some(sel) => {
                let segs = t.pattern.segments();
                let Some(each) = segs.iter().rposition(|s| *s == super::path::Segment::Each) else {
                    return !sites.is_empty();
                };
                sites.iter().any(|loc| {
                    loc.len() > each
                        && get(&case.object, &loc[..=each]).is_some_and(|it| sel.matches(it))
                })
            }
        }
    }

    /// Counts one checked case.
    ///
    /// ```
    /// use dv_harness_engine::case::Case;
    /// use dv_harness_engine::engine::EngineSettings;
    /// use dv_harness_engine::pair::DynPair;
    /// use dv_harness_generate::coverage::Coverage;
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let pair = registry.find("MinimumFixture", None).unwrap();
    /// let mut c = Coverage::of(pair);
    /// let case = Case::create(serde_json::json!({"count": -5}));
    /// let checked = pair.check_json(&case, &EngineSettings::default()).unwrap();
    /// c.observe(&case, &checked.outcome);
    /// assert!(c.rules().any(|(_, n)| n.fired > 0));
    /// ```
    pub fn observe(&mut self, case: &Case<Value>, outcome: &Outcome) {
        for (i, t) in self.tracked.iter().enumerate() {
            let reached = self.reached(t, case);
            let fired = outcome
                .declarative
                .errors
                .iter()
                .any(|e| error_of_rule(t.rule, &t.text, e));
            let mismatch = outcome
                .comparison
                .only_handwritten
                .iter()
                .chain(outcome.comparison.only_declarative.iter())
                .any(|e| error_of_rule(t.rule, &t.text, e));
            let ratcheted = outcome.comparison.exempted.iter().any(|x| {
                x.side == Side::Handwritten
                    && x.reason == RATCHETING_REASON
                    && error_of_rule(t.rule, &t.text, &x.error)
            });
            let c = &mut self.counters[i];
            c.ratcheted += u64::from(ratcheted);
            c.reached += u64::from(reached || fired);
            c.fired += u64::from(fired);
            c.mismatches += u64::from(mismatch);
        }
    }

    /// Each rule with its counters (example on [`Coverage`]).
    pub fn rules(&self) -> impl Iterator<Item = (&'static Rule, RuleCounters)> + '_ {
        self.tracked
            .iter()
            .zip(&self.counters)
            .map(|(t, c)| (t.rule, *c))
    }

    /// The counters of the rule with this id (`None`: not a rule of the kind).
    ///
    /// ```
    /// assert!(dv_harness_generate::coverage::Coverage::new(&[], &[]).counters_of("T/x/minimum").is_none());
    /// ```
    pub fn counters_of(&self, rule_id: &str) -> Option<RuleCounters> {
        self.tracked
            .iter()
            .position(|t| t.rule.id == rule_id)
            .map(|i| self.counters[i])
    }

    /// Rules never reached (example on [`Coverage`]).
    pub fn unreached(&self) -> Vec<&'static Rule> {
        self.rules()
            .filter(|(_, c)| c.reached == 0)
            .map(|(r, _)| r)
            .collect()
    }

    /// Rules that can fire (declare an error) but never did (example on
    /// [`Coverage`]).
    pub fn unfired(&self) -> Vec<&'static Rule> {
        self.rules()
            .filter(|(r, c)| !r.errors.is_empty() && c.fired == 0)
            .map(|(r, _)| r)
            .collect()
    }

    /// The anti-vacuity report: `None` when every rule was reached and every
    /// rule that can fire fired (rules whose id is in `allowed` excepted),
    /// else the text listing the others.
    ///
    /// ```
    /// assert!(dv_harness_generate::coverage::Coverage::new(&[], &[]).vacuity(&[]).is_none());
    /// ```
    pub fn vacuity(&self, allowed: &[&str]) -> Option<String> {
        let unreached: Vec<&Rule> = self
            .unreached()
            .into_iter()
            .filter(|r| !allowed.contains(&r.id))
            .collect();
        let unfired: Vec<&Rule> = self
            .unfired()
            .into_iter()
            .filter(|r| !allowed.contains(&r.id))
            .collect();
        if unreached.is_empty() && unfired.is_empty() {
            return None;
        }
        let mut out = String::new();
        if !unreached.is_empty() {
            out.push_str(&format!("{} rule(s) never reached:\n", unreached.len()));
            for r in &unreached {
                out.push_str(&format!("  {}  ({})\n", r.id, r.tag));
            }
        }
        if !unfired.is_empty() {
            out.push_str(&format!("{} rule(s) never fired:\n", unfired.len()));
            for r in &unfired {
                out.push_str(&format!("  {}  ({})\n", r.id, r.tag));
            }
        }
        Some(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::Path;
    use apimachinery::{RuleError, Stage};
    use serde_json::json;

    static RULES: [Rule; 3] = [
        Rule {
            id: "T/spec.items[*].port/minimum",
            kind: "T",
            path: "spec.items[*].port",
            tag: "+k8s:minimum=1",
            validator: "minimum",
            args: "",
            payload: "1",
            stage: Stage::Stable,
            since: None,
            field_type: "i32",
            conditions: &[],
            errors: &[RuleError {
                error_type: ErrorType::Invalid,
                origin: "minimum",
            }],
            params: RuleParams::Minimum(1),
            when: &[],
        },
        Rule {
            id: "T/spec.id/immutable",
            kind: "T",
            path: "spec.id",
            tag: "+k8s:immutable",
            validator: "immutable",
            args: "",
            payload: "",
            stage: Stage::Stable,
            since: None,
            field_type: "String",
            conditions: &["ifEnabled(F)"],
            errors: &[RuleError {
                error_type: ErrorType::Invalid,
                origin: "immutable",
            }],
            params: RuleParams::Immutable,
            when: &[],
        },
        Rule {
            id: "T/spec/optional",
            kind: "T",
            path: "spec",
            tag: "+k8s:optional",
            validator: "optional",
            args: "",
            payload: "",
            stage: Stage::Stable,
            since: None,
            field_type: "Spec",
            conditions: &[],
            errors: &[],
            params: RuleParams::Optional,
            when: &[],
        },
    ];

    fn outcome_with(errors: Vec<Error>) -> Outcome {
        let mut o = blank();
        o.declarative.errors = errors.into_iter().collect();
        o
    }

    fn blank() -> Outcome {
        use dv_harness_engine::compare::Comparison;
        use dv_harness_engine::engine::{KubernetesView, SideResult};
        Outcome {
            kind: "T".into(),
            api_version: "v1".into(),
            operation: Operation::Create,
            subresource: String::new(),
            prepared: true,
            registry: false,
            semantics: "1.37".into(),
            validation_identifier: "t_create".into(),
            handwritten: SideResult::default(),
            declarative: SideResult::default(),
            comparison: Comparison::default(),
            returned: Default::default(),
            expected: None,
            kubernetes: KubernetesView {
                declarative_ran: true,
                mismatch_checked: true,
                duplicate_errors: 0,
            },
        }
    }

    #[test]
    fn reached_and_fired() {
        let mut c = Coverage::new(&RULES, &[("F".to_string(), false)]);
        let case = Case::create(json!({"spec": {"items": [{"port": 0}]}}));
        let spec = Path::new("spec");
        let items = spec.child("items");
        let item = items.index(0);
        let e = Error::invalid(&item.child("port"), 0, "").with_origin("minimum");
        c.observe(&case, &outcome_with(vec![e]));
        let counters: Vec<RuleCounters> = c.rules().map(|(_, k)| k).collect();
        assert_eq!(counters[0].reached, 1);
        assert_eq!(counters[0].fired, 1);
        assert_eq!(counters[1].reached, 0, "create, and F is off");
        assert_eq!(counters[2].reached, 1);
        let text = c.vacuity(&[]).unwrap();
        assert!(text.contains("1 rule(s) never reached:\n  T/spec.id/immutable"));
        assert!(text.contains("1 rule(s) never fired:\n  T/spec.id/immutable"));
        assert!(
            !text.contains("optional"),
            "rules without errors cannot fire"
        );
        assert!(c.vacuity(&["T/spec.id/immutable"]).is_none());
        let update = Case::update(json!({"spec": {"id": "b"}}), json!({"spec": {"id": "a"}}))
            .gate("F", true);
        c.observe(&update, &blank());
        assert_eq!(c.unreached().len(), 0);
    }

    #[test]
    fn map_item_update_errors_fire_the_map_rule() {
        static R: Rule = Rule {
            id: "T/labels/update",
            kind: "T",
            path: "labels",
            tag: "+k8s:update=NoRemoveItem",
            validator: "update",
            args: "",
            payload: "NoRemoveItem",
            stage: Stage::Stable,
            since: None,
            field_type: "BTreeMap<String, String>",
            conditions: &[],
            errors: &[RuleError {
                error_type: ErrorType::Forbidden,
                origin: "update",
            }],
            params: RuleParams::Update(apimachinery::validate::UpdateConstraint::NoRemoveItem),
            when: &[],
        };
        let labels = Path::new("labels");
        let e =
            Error::forbidden(&labels.key("k0"), "item may not be removed").with_origin("update");
        assert!(error_of_rule(&R, "labels", &e));
        let deeper = Error::forbidden(&labels.key("k0").child("x"), "").with_origin("update");
        assert!(!error_of_rule(&R, "labels", &deeper));
    }

    #[test]
    fn discriminated_union_errors_at_members_fire_the_union_rule() {
        static R: Rule = Rule {
            id: "T//union",
            kind: "T",
            path: "",
            tag: "+k8s:unionDiscriminator",
            validator: "union",
            args: "service, resource",
            payload: "",
            stage: Stage::Stable,
            since: None,
            field_type: "T",
            conditions: &[],
            errors: &[RuleError {
                error_type: ErrorType::Invalid,
                origin: "union",
            }],
            params: RuleParams::Union {
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
                discriminator: None,
            },
            when: &[],
        };
        let e = Error::invalid(&Path::new("service"), "", "must be specified").with_origin("union");
        assert!(error_of_rule(&R, "", &e));
        let other = Error::invalid(&Path::new("kind"), "", "x").with_origin("union");
        assert!(!error_of_rule(&R, "", &other));
        let members = [
            UnionMember {
                field: "a",
                item: &[],
            },
            UnionMember {
                field: "b",
                item: &[],
            },
        ];
        assert!(union_member_field(&members, "spec", "spec.b"));
        assert!(!union_member_field(&members, "spec", "spec.c"));
    }

    #[test]
    fn wrong_origin_or_path_does_not_fire() {
        let e = Error::invalid(&Path::new("port"), 0, "").with_origin("maximum");
        assert!(!error_of_rule(&RULES[0], "spec.items[*].port", &e));
        let e = Error::invalid(&Path::new("port"), 0, "").with_origin("minimum");
        assert!(!error_of_rule(&RULES[0], "spec.items[*].port", &e));
    }
}
