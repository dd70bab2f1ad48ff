//! When a case shows a planted mutant: the case is judged by the engine
//! twice, through the planted view and through the control view of the
//! same [`Mutated`] pair (both answered from one validator run), under
//! every lifecycle in which a stage mark changes the outcome, and the two
//! [`Observation`]s are compared.
//!
//! An observation is what the engine decides, without details: the
//! verdict, the panics, the unpaired errors (type, field, origin, stage)
//! and the list the API server returns (type, field, origin, stage,
//! `coveredByDeclarative`), and the mismatches Kubernetes' own check logs
//! and counts (`declarative_validation_mismatch_total`: type, field and
//! origin of each unmatched or extra error, whether or not dv-harness
//! exempts it, e.g. as ratcheting). Details (and bad values) are never part
//! of it, as Kubernetes' matcher ignores them, so a `detail-only` mutant
//! cannot show.

use super::mutant::Mutated;
use apimachinery::field::Error;
use dv_harness_engine::case::Case;
use dv_harness_engine::engine::{EngineSettings, Outcome};
use dv_harness_engine::lifecycle::{LIFECYCLE_GATES, Semantics};
use dv_harness_engine::pair::DynPair;
use serde_json::Value;

/// The detail-free view of one outcome that detection compares.
///
/// ```
/// use dv_harness_oracles::selftest::detect::Observation;
/// use dv_harness_engine::engine::{Engine, EngineSettings};
/// use dv_harness_engine::case::Case;
/// use declarative::api::core::v1::ReplicationController;
/// let rc = dv_harness_engine::pair!("v1", "ReplicationController", ReplicationController,
///     handwritten::core::v1::replication_controller);
/// let engine = Engine::new(&rc, EngineSettings::default());
/// let obj: ReplicationController = serde_json::from_value(serde_json::json!({
///     "metadata": {"name": "web", "namespace": "default"},
///     "spec": {"replicas": -1, "selector": {"app": "web"}}})).unwrap();
/// let mut outcome = engine.check(&Case::create(obj));
/// let before = Observation::of(&outcome);
/// for e in outcome.declarative.errors.0.iter_mut().chain(outcome.returned.0.iter_mut()) {
///     e.detail.to_mut().push_str(" (reworded)");
/// }
/// assert_eq!(Observation::of(&outcome), before);
/// outcome.returned.0.iter_mut().for_each(|e| *e = e.clone().mark_alpha());
/// assert_ne!(Observation::of(&outcome), before);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Observation {
    verdict: &'static str,
    panics: (bool, bool),
    unpaired: Vec<String>,
    returned: Vec<String>,
    mismatches: Vec<String>,
}

fn stage(e: &Error) -> &'static str {
    if e.is_alpha() {
        "alpha"
    } else if e.is_beta() {
        "beta"
    } else {
        ""
    }
}

impl Observation {
    /// The observation of an outcome.
    pub fn of(outcome: &Outcome) -> Observation {
        let id = |e: &Error| {
            format!(
                "{}|{}|{}|{}",
                e.error_type.as_str(),
                e.field,
                e.origin,
                stage(e)
            )
        };
        let mut unpaired: Vec<String> = outcome
            .comparison
            .only_handwritten
            .iter()
            .map(|e| format!("hv|{}", id(e)))
            .chain(
                outcome
                    .comparison
                    .only_declarative
                    .iter()
                    .map(|e| format!("dv|{}", id(e))),
            )
            .collect();
        unpaired.sort();
        let mut returned: Vec<String> = outcome
            .returned
            .iter()
            .map(|e| format!("{}|{}", id(e), e.covered_by_declarative))
            .collect();
        returned.sort();
        let mut mismatches = outcome.comparison.mismatch_details.clone();
        mismatches.sort();
        Observation {
            verdict: outcome.comparison.verdict.as_str(),
            panics: (
                outcome.handwritten.panic.is_some(),
                outcome.declarative.panic.is_some(),
            ),
            unpaired,
            returned,
            mismatches,
        }
    }
}

/// The lifecycles a case is judged under: the case as it is under the
/// pair's own semantics, then (when that is not already it) 1.37 with the
/// default lifecycle gates, where alpha and beta errors are compared and
/// beta and stable ones are enforced, so a stage mark shows in what is
/// returned. Each entry is the semantics to pin (`None`: the pair's own)
/// and the case to run.
///
/// ```
/// use dv_harness_oracles::selftest::detect::lifecycles;
/// use dv_harness_engine::lifecycle::Semantics;
/// use dv_harness_engine::case::Case;
/// let case = Case::create(serde_json::json!({}));
/// assert_eq!(lifecycles(Semantics::V1_37, &case).len(), 1);
/// let two = lifecycles(Semantics::V1_36, &case);
/// assert_eq!(two[1].0, Some(Semantics::V1_37));
/// let gated = case.clone().gate("DeclarativeValidationBeta", false);
/// let two = lifecycles(Semantics::V1_37, &gated);
/// assert!(two[1].1.gates.is_empty());
/// ```
pub fn lifecycles(own: Semantics, case: &Case<Value>) -> Vec<(Option<Semantics>, Case<Value>)> {
    let mut out = vec![(None, case.clone())];
    let gated = case
        .gates
        .keys()
        .any(|g| LIFECYCLE_GATES.contains(&g.as_str()));
    if own != Semantics::V1_37 || gated {
        let mut plain = case.clone();
        plain
            .gates
            .retain(|g, _| !LIFECYCLE_GATES.contains(&g.as_str()));
        out.push((Some(Semantics::V1_37), plain));
    }
    out
}

/// What one case showed: the verdict name of the planted outcome in the
/// first lifecycle where it differs from the control, with the release
/// when that is not the pair's own.
pub type Shown = String;

/// Whether `case` shows the mutant planted in `mutated`: the planted and
/// control observations differ under one of the [`lifecycles`]. `None`
/// when they never differ or the case does not run (its objects do not
/// deserialise).
///
/// ```
/// use dv_harness_oracles::selftest::{detect::shows, mutant::{catalogue, Cancel, Mutated}};
/// use dv_harness_engine::case::Case;
/// use dv_harness_engine::pair::Registry;
/// let registry = dv_harness_kinds::registry().unwrap();
/// let settings = dv_harness_engine::engine::EngineSettings::default();
/// let inner = registry.find("MinimumFixture", None).unwrap();
/// let all = catalogue(&registry, &["MinimumFixture".into()]);
/// let case = Case::create(serde_json::json!({"count": -5}));
/// let dropped = all.iter().find(|m| m.id == "MinimumFixture/count/minimum/error-dropped").unwrap();
/// let mutated = Mutated::new(inner, dropped, settings.clone(), Cancel::default());
/// assert_eq!(shows(&mutated, &case, &settings).as_deref(), Some("declarativeLooser"));
/// let reworded = all.iter().find(|m| m.id == "MinimumFixture/count/minimum/detail-only").unwrap();
/// let mutated = Mutated::new(inner, reworded, settings.clone(), Cancel::default());
/// assert_eq!(shows(&mutated, &case, &settings), None);
/// let shifted = all.iter().find(|m| m.id == "MinimumFixture/count/minimum/stage-shift").unwrap();
/// let mutated = Mutated::new(inner, shifted, settings.clone(), Cancel::default());
/// assert_eq!(shows(&mutated, &case, &settings).as_deref(), Some("equal@1.37"));
/// ```
pub fn shows(
    mutated: &Mutated<'_>,
    case: &Case<Value>,
    settings: &EngineSettings,
) -> Option<Shown> {
    let own = mutated.own_semantics().unwrap_or(settings.semantics);
    for (semantics, case) in lifecycles(own, case) {
        mutated.view(true, semantics);
        let planted = mutated.check_json(&case, settings);
        mutated.view(false, semantics);
        let control = mutated.check_json(&case, settings);
        mutated.view(true, None);
        let (Ok(planted), Ok(control)) = (planted, control) else {
            return None;
        };
        if Observation::of(&planted.outcome) != Observation::of(&control.outcome) {
            let verdict = planted.outcome.comparison.verdict.as_str();
            return Some(match semantics {
                Some(s) => format!("{verdict}@{s}"),
                None => verdict.to_string(),
            });
        }
    }
    None
}
