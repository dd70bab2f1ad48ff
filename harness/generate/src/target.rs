//! Coverage-guided targets: a campaign spends part of its cases on the
//! boundary edits of rules it has not yet reached or fired, cycling through
//! each rule's actions, so rules that random plans rarely hit (one rule
//! among many, one violating action among several, a rule checked only on
//! create or only through `/status`) are still exercised within a small
//! budget. Which rules are still open is read from the campaign's
//! [`Coverage`]; choosing is deterministic, so a seed still names one run.
//!
//! Ratcheting ([`RatchetSchedule`]) is scheduled systematically rather than
//! by coverage: every rule in turn, its values outside the bound first,
//! with each [`RatchetChange`], for update sequences whose stored object
//! carries the value and whose updates keep it.

use super::coverage::Coverage;
use super::mutate::Model;
use super::path::Segment;
use super::plan::RatchetChange;
use apimachinery::Rule;
use apimachinery::operation::Operation;

/// One targeted boundary edit: action `variant` of the rule edits number
/// `edits` of the kind's [`Model`].
///
/// ```
/// let t = dv_harness_generate::target::Target { edits: 2, variant: 0 };
/// assert_eq!(t.edits, 2);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    /// Index into [`Model::edits`].
    pub edits: usize,
    /// Index into that entry's actions.
    pub variant: usize,
}

/// A ratcheting update sequence's target: the stored object gets the
/// boundary edit `target`, the updates keep the rule's values and make
/// `change` (see [`Generator::ratchet_update_cases`](super::plan::Generator::ratchet_update_cases)).
///
/// ```
/// use dv_harness_generate::{plan::RatchetChange, target::{Ratchet, Target}};
/// let r = Ratchet { target: Target { edits: 0, variant: 1 }, change: RatchetChange::Nothing };
/// assert_eq!(r.target.variant, 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ratchet {
    /// The boundary edit the stored object carries.
    pub target: Target,
    /// What the updates change around the kept values.
    pub change: RatchetChange,
}

#[derive(Debug, Clone)]
struct RatchetEntry {
    edits: usize,
    actions: usize,
    upper: bool,
    list: bool,
}

/// The ratcheting targets of one kind, in a fixed cycle: attempt `k` takes
/// rule edits `k mod n` (every rule that can fire, in model order), and
/// that rule's successive attempts go through its changes
/// ([`RatchetChange::ALL`] for a rule under a list, else nothing and
/// elsewhere) before its next action; actions run from the ends inwards
/// ([`from_the_ends`]), from the upper end for an upper bound (`max*`), so
/// a value outside the bound comes first.
///
/// ```
/// use dv_harness_generate::{mutate::Model, target::RatchetSchedule};
/// let mut s = RatchetSchedule::new(&Model::new(&[], &[]), &[]);
/// assert!(s.is_empty());
/// assert!(s.next().is_none());
/// ```
#[derive(Debug, Clone)]
pub struct RatchetSchedule {
    entries: Vec<RatchetEntry>,
    next: usize,
}

impl RatchetSchedule {
    /// The schedule of a kind: every rule edit of `model` whose rule
    /// (among `rules`) declares an error and has actions.
    pub fn new(model: &Model, rules: &[Rule]) -> RatchetSchedule {
        let entries = model
            .edits_with_rules(rules)
            .filter(|(_, e, rule)| !rule.errors.is_empty() && !e.actions.is_empty())
            .map(|(i, e, rule)| RatchetEntry {
                edits: i,
                actions: e.actions.len(),
                upper: rule.params.bound().is_some_and(|(_, _, lower)| !lower),
                list: e.pattern.segments().contains(&Segment::Each),
            })
            .collect();
        RatchetSchedule { entries, next: 0 }
    }

    /// The same cycle entered at attempt `k` (a later block of a
    /// campaign continues where earlier blocks left off).
    ///
    /// ```
    /// use dv_harness_generate::{mutate::Model, target::RatchetSchedule};
    /// let mut s = RatchetSchedule::new(&Model::new(&[], &[]), &[]).starting_at(5);
    /// assert!(s.next().is_none());
    /// ```
    pub fn starting_at(mut self, k: usize) -> RatchetSchedule {
        self.next = k;
        self
    }

    /// Whether no rule can be ratcheted.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}

/// The cycle of ratchets (endless; empty when no rule can be ratcheted).
impl Iterator for RatchetSchedule {
    type Item = Ratchet;

    /// The next ratchet of the cycle (it wraps around); `None` when the
    /// schedule is empty.
    fn next(&mut self) -> Option<Ratchet> {
        let n = self.entries.len();
        if n == 0 {
            return None;
        }
        let k = self.next;
        self.next = self.next.wrapping_add(1);
        let e = &self.entries[k % n];
        let attempt = k / n;
        let changes: &[RatchetChange] = if e.list {
            &RatchetChange::ALL
        } else {
            &RatchetChange::IN_PLACE
        };
        let change = changes[attempt % changes.len()];
        let mut variant = from_the_ends(attempt / changes.len(), e.actions);
        if e.upper {
            variant = e.actions - 1 - variant;
        }
        Some(Ratchet {
            target: Target {
                edits: e.edits,
                variant,
            },
            change,
        })
    }
}

/// Attempts per action of a rule before it is given up (a rule that cannot
/// fire from generated objects stops taking cases).
pub const ATTEMPTS_PER_ACTION: usize = 4;
/// The most attempts spent on one rule's edits.
pub const MAX_ATTEMPTS: usize = 64;

/// The action of attempt `attempt` among `actions`, alternating from the
/// two ends inwards: a rule's actions run from below its bound to above
/// it, so the values outside the bound come first.
///
/// ```
/// use dv_harness_generate::target::from_the_ends;
/// assert_eq!((0..4).map(|k| from_the_ends(k, 3)).collect::<Vec<_>>(), vec![0, 2, 1, 0]);
/// ```
pub fn from_the_ends(attempt: usize, actions: usize) -> usize {
    if actions == 0 {
        return 0;
    }
    let j = attempt % actions;
    if j.is_multiple_of(2) {
        j / 2
    } else {
        actions - 1 - j / 2
    }
}

#[derive(Debug, Clone)]
struct Candidate {
    edits: usize,
    rule_id: String,
    actions: usize,
    status: bool,
    update_only: bool,
    can_fire: bool,
    attempts: usize,
}

/// The open targets of one kind's campaign.
///
/// ```
/// use dv_harness_generate::{coverage::Coverage, mutate::Model, target::Targeting};
/// use apimachinery::operation::Operation;
/// let mut t = Targeting::new(&Model::new(&[], &[]), &[], false);
/// assert!(t.next(&Coverage::new(&[], &[]), Operation::Create).is_none());
/// ```
#[derive(Debug, Clone)]
pub struct Targeting {
    candidates: Vec<Candidate>,
}

impl Targeting {
    /// The targets of a kind: every rule edit of `model` (whose rules are
    /// `rules`); `serves_status` says whether status rules are checked only
    /// through `/status` updates (a create and a root update reset the status).
    pub fn new(model: &Model, rules: &[Rule], serves_status: bool) -> Targeting {
        let candidates = model
            .edits_with_rules(rules)
            .map(|(i, e, rule)| {
                let status = serves_status
                    && matches!(e.pattern.segments().first(), Some(Segment::Field(f)) if f == "status");
                Candidate {
                    edits: i,
                    rule_id: e.rule_id.clone(),
                    actions: e.actions.len(),
                    status,
                    update_only: rule.params.update_only(),
                    can_fire: !rule.errors.is_empty(),
                    attempts: 0,
                }
            })
            .filter(|c| c.actions > 0)
            .collect();
        Targeting { candidates }
    }

    /// The same targets, the list turned by `by` places, so that among
    /// rules tried equally often a later block of a campaign starts with
    /// other rules than the first block.
    pub fn rotated(mut self, by: usize) -> Targeting {
        if !self.candidates.is_empty() {
            let n = by % self.candidates.len();
            self.candidates.rotate_left(n);
        }
        self
    }

    /// The next target for a case of `operation`: among the rules
    /// `coverage` has not reached, or that can fire and have not fired, and
    /// that a case of this operation can exercise, the one tried least so
    /// far (then the first), with its next action ([`from_the_ends`]). `None` when every rule
    /// is covered or given up.
    pub fn next(&mut self, coverage: &Coverage, operation: Operation) -> Option<Target> {
        let create = operation != Operation::Update;
        let open = |c: &Candidate| {
            if create && (c.status || c.update_only) {
                return false;
            }
            if c.attempts >= (c.actions * ATTEMPTS_PER_ACTION).min(MAX_ATTEMPTS) {
                return false;
            }
            coverage
                .counters_of(&c.rule_id)
                .is_some_and(|k| k.reached == 0 || (c.can_fire && k.fired == 0))
        };
        let pick = self
            .candidates
            .iter_mut()
            .filter(|c| open(c))
            .min_by_key(|c| c.attempts)?;
        let target = Target {
            edits: pick.edits,
            variant: from_the_ends(pick.attempts, pick.actions),
        };
        pick.attempts += 1;
        Some(target)
    }

    /// Whether target edits of this entry must go through `/status`.
    pub fn through_status(&self, target: &Target) -> bool {
        self.candidates
            .iter()
            .any(|c| c.edits == target.edits && c.status)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorType;
    use apimachinery::{RuleError, Stage};
    use serde_json::json;

    static RULES: [Rule; 2] = [
        Rule {
            id: "T/spec.n/minimum",
            kind: "T",
            path: "spec.n",
            tag: "+k8s:minimum=0",
            validator: "minimum",
            args: "",
            payload: "0",
            stage: Stage::Stable,
            since: None,
            field_type: "i32",
            conditions: &[],
            errors: &[RuleError {
                error_type: ErrorType::Invalid,
                origin: "minimum",
            }],
            params: apimachinery::rule::RuleParams::Minimum(0),
            when: &[],
        },
        Rule {
            id: "T/status.m/maximum",
            kind: "T",
            path: "status.m",
            tag: "+k8s:maximum=3",
            validator: "maximum",
            args: "",
            payload: "3",
            stage: Stage::Stable,
            since: None,
            field_type: "i32",
            conditions: &[],
            errors: &[RuleError {
                error_type: ErrorType::Invalid,
                origin: "maximum",
            }],
            params: apimachinery::rule::RuleParams::Maximum(3),
            when: &[],
        },
    ];

    #[test]
    fn ratchet_schedule_cycles_rules_outside_values_first() {
        let model = Model::new(&RULES, &[json!({})]);
        let picks: Vec<Ratchet> = RatchetSchedule::new(&model, &RULES).take(8).collect();
        // Rules alternate; each rule's attempts go through nothing, then
        // elsewhere, before its next action.
        assert_eq!(
            picks.iter().map(|p| p.target.edits).collect::<Vec<_>>(),
            [0, 1, 0, 1, 0, 1, 0, 1]
        );
        assert_eq!(
            picks.iter().map(|p| p.change).collect::<Vec<_>>(),
            [
                RatchetChange::Nothing,
                RatchetChange::Nothing,
                RatchetChange::Elsewhere,
                RatchetChange::Elsewhere
            ]
            .repeat(2)
        );
        // minimum: -1 (action 0) first; maximum: 4 (action 2) first.
        assert_eq!(
            picks.iter().map(|p| p.target.variant).collect::<Vec<_>>(),
            [0, 2, 0, 2, 2, 0, 2, 0]
        );
    }

    #[test]
    fn cycles_actions_of_open_rules_and_gives_up() {
        let model = Model::new(&RULES, &[json!({})]);
        let coverage = Coverage::new(&RULES, &[]);
        let mut t = Targeting::new(&model, &RULES, true);
        // Creates never target the status rule.
        let picks: Vec<Target> = std::iter::from_fn(|| t.next(&coverage, Operation::Create))
            .take(100)
            .collect();
        assert_eq!(
            picks.len(),
            3 * ATTEMPTS_PER_ACTION,
            "3 actions, then given up"
        );
        assert!(picks.iter().all(|p| p.edits == 0));
        assert_eq!(
            picks.iter().map(|p| p.variant).collect::<Vec<_>>(),
            [0, 2, 1].repeat(ATTEMPTS_PER_ACTION)
        );
        let next = t.next(&coverage, Operation::Update).unwrap();
        assert_eq!(next.edits, 1);
        assert!(t.through_status(&next));
    }
}
