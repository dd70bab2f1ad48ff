//! Release semantics: which declarative errors are compared, which errors an
//! API server returns, and what a declarative panic does, for the three
//! Kubernetes releases dv-harness emulates (`1.35`, `1.36`, `1.37`).
//!
//! This ports `ValidateDeclarativelyWithMigrationChecks` and its helpers in
//! `k8s.io/apiserver/pkg/registry/rest/validate.go` at `v0.35.0`, `v0.36.0`
//! and master (1.37), plus `FilterEnforcedDeclarativeErrors` /
//! `FilterCoveredHandwrittenErrors` of `k8s.io/apimachinery/pkg/api/validate`.

use crate::compare::FieldCache;
use apimachinery::field::{Error, ErrorList, ErrorMatcher, ErrorType, NormalizationRule, Path};
use apimachinery::text_eq::str_eq;
use std::fmt;
use std::str::FromStr;

/// The `DeclarativeValidation` feature gate.
pub const DECLARATIVE_VALIDATION: &str = "DeclarativeValidation";
/// The `DeclarativeValidationTakeover` feature gate (authoritative DV in 1.35).
pub const DECLARATIVE_VALIDATION_TAKEOVER: &str = "DeclarativeValidationTakeover";
/// The `DeclarativeValidationBeta` feature gate (1.36+).
pub const DECLARATIVE_VALIDATION_BETA: &str = "DeclarativeValidationBeta";
/// The harness' name for Kubernetes' test mode `WithAllDeclarativeEnforcedForTest`
/// (not a real feature gate: it is set on the request context by tests).
pub const ALL_DECLARATIVE_ENFORCED_FOR_TEST: &str = "AllDeclarativeEnforcedForTest";

/// The names accepted in a case's `gates` besides the pair's own options.
///
/// ```
/// assert!(dv_harness_engine::lifecycle::LIFECYCLE_GATES.contains(&"DeclarativeValidationBeta"));
/// ```
pub const LIFECYCLE_GATES: [&str; 4] = [
    DECLARATIVE_VALIDATION,
    DECLARATIVE_VALIDATION_TAKEOVER,
    DECLARATIVE_VALIDATION_BETA,
    ALL_DECLARATIVE_ENFORCED_FOR_TEST,
];

/// The recommendation when hand-written validation stays authoritative.
pub const AUTHORITATIVE_MSG: &str = "This difference should not affect system operation since hand written validation is authoritative.";
/// The recommendation when DV is authoritative under the takeover gate (1.35).
pub const DISABLE_TAKEOVER_MSG: &str = "Consider disabling the DeclarativeValidationTakeover feature gate to keep data persisted in etcd consistent with prior versions of Kubernetes.";
/// The recommendation when beta DV errors are enforced (1.36+).
pub const DISABLE_BETA_MSG: &str = "Consider disabling the DeclarativeValidationBeta feature gate to keep data persisted in etcd consistent with prior versions of Kubernetes.";

/// The message of the `InternalError` (and log line) a declarative panic produces.
///
/// ```
/// assert_eq!(dv_harness_engine::lifecycle::panic_message("boom"),
///            "panic during declarative validation: boom");
/// ```
pub fn panic_message(payload: &str) -> String {
    format!("panic during declarative validation: {payload}")
}

/// The mismatch log line for a covered hand-written error with no declarative counterpart.
///
/// ```
/// let t = dv_harness_engine::lifecycle::unmatched_text("{Type=\"Required value\"}", "R.");
/// assert!(t.contains("unmatched error(s) found {Type=\"Required value\"}. This indicates"));
/// ```
pub fn unmatched_text(rendered: &str, recommendation: &str) -> String {
    mismatch_line(
        UNMATCHED_FOUND,
        |out| out.push_str(rendered),
        recommendation,
    )
}

/// The mismatch log line for a declarative error with no hand-written counterpart.
///
/// ```
/// let t = dv_harness_engine::lifecycle::extra_text("{}", "R.");
/// assert!(t.ends_with("extra error(s) found {}. This indicates an issue with declarative validation. R."));
/// ```
pub fn extra_text(rendered: &str, recommendation: &str) -> String {
    mismatch_line(EXTRA_FOUND, |out| out.push_str(rendered), recommendation)
}

/// [`unmatched_text`] of `error` as `matcher` renders it, rendered straight
/// into the line (one allocation).
///
/// ```
/// use apimachinery::field::{Error, ErrorMatcher, Path};
/// let e = Error::required(&Path::new("x"), "");
/// let m = ErrorMatcher::default().by_type().by_field();
/// assert_eq!(dv_harness_engine::lifecycle::unmatched_line(&m, &e, "R."),
///            dv_harness_engine::lifecycle::unmatched_text(&m.render(&e), "R."));
/// ```
pub fn unmatched_line(matcher: &ErrorMatcher, error: &Error, recommendation: &str) -> String {
    rendered_line(UNMATCHED_FOUND, matcher, error, recommendation)
}

/// [`extra_text`] of `error` as `matcher` renders it, rendered straight
/// into the line (one allocation).
///
/// ```
/// use apimachinery::field::{Error, ErrorMatcher, Path};
/// let e = Error::required(&Path::new("x"), "");
/// let m = ErrorMatcher::default().by_type().by_field();
/// assert_eq!(dv_harness_engine::lifecycle::extra_line(&m, &e, "R."),
///            dv_harness_engine::lifecycle::extra_text(&m.render(&e), "R."));
/// ```
pub fn extra_line(matcher: &ErrorMatcher, error: &Error, recommendation: &str) -> String {
    rendered_line(EXTRA_FOUND, matcher, error, recommendation)
}

/// A mismatch line opened by `prefix`, with `error` rendered by `matcher`
/// straight into it (one allocation, sized from the field and origin).
fn rendered_line(
    prefix: &str,
    matcher: &ErrorMatcher,
    error: &Error,
    recommendation: &str,
) -> String {
    let estimate = 2 * error.field.len() + error.origin.len() + 64;
    mismatch_line_sized(
        prefix,
        estimate,
        |out| matcher.render_into(error, out),
        recommendation,
    )
}

const UNMATCHED_FOUND: &str = "Unexpected difference between hand written validation and declarative validation error results, unmatched error(s) found ";
const EXTRA_FOUND: &str = "Unexpected difference between hand written validation and declarative validation error results, extra error(s) found ";
const INDICATES: &str = ". This indicates an issue with declarative validation. ";

fn mismatch_line(found: &str, render: impl FnOnce(&mut String), recommendation: &str) -> String {
    mismatch_line_sized(found, 0, render, recommendation)
}

/// `found`, the rendered error, then the fixed sentence and the
/// recommendation, in a string sized for all of it (`rendered` estimates
/// the rendered error's length).
fn mismatch_line_sized(
    found: &str,
    rendered: usize,
    render: impl FnOnce(&mut String),
    recommendation: &str,
) -> String {
    let mut out =
        String::with_capacity(found.len() + rendered + INDICATES.len() + recommendation.len());
    out.push_str(found);
    render(&mut out);
    out.push_str(INDICATES);
    out.push_str(recommendation);
    out
}

/// A Kubernetes release whose declarative-validation runtime is emulated.
///
/// ```
/// use dv_harness_engine::lifecycle::Semantics;
/// assert_eq!("1.36".parse::<Semantics>().unwrap(), Semantics::V1_36);
/// assert_eq!(Semantics::default().as_str(), "1.37");
/// assert!("1.34".parse::<Semantics>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub enum Semantics {
    /// Kubernetes 1.35: `DeclarativeValidation` + `DeclarativeValidationTakeover`.
    V1_35,
    /// Kubernetes 1.36: strategy opt-in (`WithDeclarativeEnforcement`) + `DeclarativeValidationBeta`.
    V1_36,
    /// Kubernetes 1.37 (master): DV always runs and is authoritative by stage.
    #[default]
    V1_37,
}

impl Semantics {
    /// Every supported release, oldest first.
    pub const ALL: [Semantics; 3] = [Semantics::V1_35, Semantics::V1_36, Semantics::V1_37];

    /// `1.35`, `1.36` or `1.37`.
    ///
    /// ```
    /// assert_eq!(dv_harness_engine::lifecycle::Semantics::V1_35.as_str(), "1.35");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Semantics::V1_35 => "1.35",
            Semantics::V1_36 => "1.36",
            Semantics::V1_37 => "1.37",
        }
    }

    /// Whether the declarative step (`ValidateDeclaratively`) runs the
    /// hand-written list through `ErrorList.Filter` when every declarative
    /// rule is enforced (Kubernetes' test mode): 1.36 and 1.37. `Filter`
    /// keeps the first of errors whose messages repeat (`ToAggregate`), so
    /// an error two checks report alike reaches the caller once.
    ///
    /// ```
    /// use dv_harness_engine::lifecycle::Semantics;
    /// assert!(!Semantics::V1_35.filters_when_enforced());
    /// assert!(Semantics::V1_36.filters_when_enforced());
    /// ```
    pub const fn filters_when_enforced(self) -> bool {
        !matches!(self, Semantics::V1_35)
    }

    /// Whether the declarative step filters the hand-written list with the
    /// declarative gates off too (hand-written validation authoritative):
    /// 1.37 only, where `FilterCoveredHandwrittenErrors` always runs. In
    /// 1.36 that mode returns the hand-written list as it is.
    ///
    /// ```
    /// use dv_harness_engine::lifecycle::Semantics;
    /// assert!(!Semantics::V1_36.filters_when_authoritative());
    /// assert!(Semantics::V1_37.filters_when_authoritative());
    /// ```
    pub const fn filters_when_authoritative(self) -> bool {
        matches!(self, Semantics::V1_37)
    }
}

impl fmt::Display for Semantics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// An unsupported `--semantics` value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown semantics {0:?} (expected 1.35, 1.36 or 1.37)")]
pub struct UnknownSemantics(pub String);

impl FromStr for Semantics {
    type Err = UnknownSemantics;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "1.35" => Ok(Semantics::V1_35),
            "1.36" => Ok(Semantics::V1_36),
            "1.37" => Ok(Semantics::V1_37),
            other => Err(UnknownSemantics(other.to_string())),
        }
    }
}

/// The lifecycle feature gates of one request.
///
/// ```
/// use dv_harness_engine::lifecycle::{Gates, Semantics};
/// let mut g = Gates::defaults(Semantics::V1_37);
/// assert!(g.declarative_validation && g.beta && !g.takeover);
/// assert!(g.set("DeclarativeValidationBeta", false));
/// assert!(!g.beta);
/// assert!(!g.set("SomethingElse", true));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gates {
    /// `DeclarativeValidation`.
    pub declarative_validation: bool,
    /// `DeclarativeValidationTakeover` (only 1.35 consults it).
    pub takeover: bool,
    /// `DeclarativeValidationBeta` (1.36+).
    pub beta: bool,
    /// `WithAllDeclarativeEnforcedForTest` on the context.
    pub all_enforced_for_test: bool,
}

impl Gates {
    /// The gate defaults of a release: `DeclarativeValidation` on (Beta in 1.35,
    /// GA in 1.36+), takeover off, `DeclarativeValidationBeta` on from 1.36
    /// (the gate does not exist in 1.35, where it is off and unused).
    ///
    /// ```
    /// use dv_harness_engine::lifecycle::{Gates, Semantics};
    /// assert!(!Gates::defaults(Semantics::V1_35).beta);
    /// assert!(Gates::defaults(Semantics::V1_36).beta);
    /// ```
    pub fn defaults(semantics: Semantics) -> Gates {
        Gates {
            declarative_validation: true,
            takeover: false,
            beta: semantics != Semantics::V1_35,
            all_enforced_for_test: false,
        }
    }

    /// Sets a lifecycle gate by name; `false` if `name` is not one.
    ///
    /// ```
    /// let mut g = dv_harness_engine::lifecycle::Gates::defaults(Default::default());
    /// assert!(g.set("AllDeclarativeEnforcedForTest", true));
    /// assert!(g.all_enforced_for_test);
    /// ```
    pub fn set(&mut self, name: &str, value: bool) -> bool {
        match name {
            DECLARATIVE_VALIDATION => self.declarative_validation = value,
            DECLARATIVE_VALIDATION_TAKEOVER => self.takeover = value,
            DECLARATIVE_VALIDATION_BETA => self.beta = value,
            ALL_DECLARATIVE_ENFORCED_FOR_TEST => self.all_enforced_for_test = value,
            _ => return false,
        }
        true
    }
}

/// How covered hand-written errors are paired with declarative candidates.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Matching {
    /// 1.35–1.36: each HV error consumes every remaining DV error it matches.
    Consuming,
    /// 1.37: a DV error may match several HV errors.
    ManyToMany,
}

/// How duplicate hand-written errors are collapsed before matching.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dedupe {
    /// 1.35: only exact duplicates (type, field, value, origin, detail).
    Exact,
    /// 1.36+: duplicates under the comparison matcher (type, normalised field, origin).
    Fuzzy,
}

/// One request's release semantics: the release, its gates and whether the
/// strategy opted in to declarative enforcement (`WithDeclarativeEnforcement`, 1.36).
///
/// ```
/// use dv_harness_engine::lifecycle::{Gates, Lifecycle, Semantics};
/// let lc = Lifecycle::new(Semantics::V1_37, Gates::defaults(Semantics::V1_37), false);
/// assert!(lc.declarative_runs());
/// assert!(lc.panic_fails());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lifecycle {
    /// The emulated release.
    pub semantics: Semantics,
    /// The gates of the request.
    pub gates: Gates,
    /// The strategy passes `WithDeclarativeEnforcement()` (1.36 only).
    pub enforce: bool,
}

/// The declarative errors that take part in the comparison
/// ([`Lifecycle::candidates`]): a view of the declarative list (nothing is
/// copied or allocated) that yields the errors the release compares.
///
/// ```
/// use apimachinery::field::{Error, ErrorList, Path};
/// use dv_harness_engine::lifecycle::{Gates, Lifecycle, Semantics};
/// let dv = ErrorList::from(Error::required(&Path::new("x"), "").mark_beta());
/// let lc = Lifecycle::new(Semantics::V1_37, Gates::defaults(Semantics::V1_37), false);
/// let candidates = lc.candidates(&dv);
/// assert_eq!(candidates.len(), 1);
/// assert_eq!((&candidates).into_iter().next().unwrap().field, "x");
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Candidates<'e> {
    /// The whole declarative list.
    errors: &'e [Error],
    /// Only alpha- and beta-stage errors are candidates.
    staged_only: bool,
    /// How many errors of `errors` are candidates.
    len: usize,
}

/// Whether `e` is a candidate when only staged errors are.
#[inline]
fn is_staged(e: &Error) -> bool {
    e.is_alpha() || e.is_beta()
}

impl<'e> Candidates<'e> {
    /// The candidates of `errors`: all of them, or (`staged_only`) the
    /// alpha- and beta-stage ones.
    #[inline]
    fn of(errors: &'e [Error], staged_only: bool) -> Candidates<'e> {
        let len = if staged_only {
            errors.iter().filter(|e| is_staged(e)).count()
        } else {
            errors.len()
        };
        Candidates {
            errors,
            staged_only,
            len,
        }
    }

    /// How many candidates.
    ///
    /// ```
    /// assert_eq!(dv_harness_engine::lifecycle::Candidates::default().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there are none.
    ///
    /// ```
    /// assert!(dv_harness_engine::lifecycle::Candidates::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The candidates, in list order.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// use dv_harness_engine::lifecycle::{Gates, Lifecycle, Semantics};
    /// let dv = ErrorList(vec![Error::required(&Path::new("a"), ""),
    ///     Error::required(&Path::new("b"), "").mark_alpha()]);
    /// let lc = Lifecycle::new(Semantics::V1_37, Gates::defaults(Semantics::V1_37), false);
    /// let fields: Vec<&str> = lc.candidates(&dv).iter().map(|e| e.field.as_str()).collect();
    /// assert_eq!(fields, ["b"]);
    /// ```
    pub fn iter(&self) -> CandidateIter<'e> {
        CandidateIter {
            errors: self.errors.iter(),
            staged_only: self.staged_only,
            remaining: self.len,
        }
    }
}

/// Two candidate views are equal when they yield equal errors.
impl PartialEq for Candidates<'_> {
    fn eq(&self, other: &Candidates<'_>) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

/// The iterator of [`Candidates`]: it knows its length.
///
/// ```
/// use apimachinery::field::{Error, ErrorList, Path};
/// use dv_harness_engine::lifecycle::{Gates, Lifecycle, Semantics};
/// let dv = ErrorList(vec![Error::required(&Path::new("a"), "").mark_beta(),
///     Error::required(&Path::new("b"), ""), Error::required(&Path::new("c"), "").mark_alpha()]);
/// let lc = Lifecycle::new(Semantics::V1_37, Gates::defaults(Semantics::V1_37), false);
/// let mut it = lc.candidates(&dv).iter();
/// assert_eq!(it.len(), 2);
/// assert_eq!(it.next().unwrap().field, "a");
/// assert_eq!(it.len(), 1);
/// assert_eq!(it.next().unwrap().field, "c");
/// assert!(it.next().is_none());
/// ```
#[derive(Debug, Clone)]
pub struct CandidateIter<'e> {
    errors: std::slice::Iter<'e, Error>,
    staged_only: bool,
    remaining: usize,
}

impl<'e> Iterator for CandidateIter<'e> {
    type Item = &'e Error;

    #[inline]
    fn next(&mut self) -> Option<&'e Error> {
        if !self.staged_only {
            let e = self.errors.next()?;
            self.remaining -= 1;
            return Some(e);
        }
        let e = self.errors.find(|e| is_staged(e))?;
        self.remaining -= 1;
        Some(e)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }
}

impl ExactSizeIterator for CandidateIter<'_> {}

impl<'e> IntoIterator for &Candidates<'e> {
    type Item = &'e Error;
    type IntoIter = CandidateIter<'e>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl Lifecycle {
    /// A lifecycle for a release, its gates and the strategy's opt-in.
    ///
    /// ```
    /// use dv_harness_engine::lifecycle::{Gates, Lifecycle, Semantics};
    /// let lc = Lifecycle::new(Semantics::V1_36, Gates::defaults(Semantics::V1_36), true);
    /// assert!(lc.enforce);
    /// ```
    pub fn new(semantics: Semantics, gates: Gates, enforce: bool) -> Lifecycle {
        Lifecycle {
            semantics,
            gates,
            enforce,
        }
    }

    /// Whether Kubernetes runs declarative validation for this request.
    ///
    /// ```
    /// use dv_harness_engine::lifecycle::{Gates, Lifecycle, Semantics};
    /// let mut g = Gates::defaults(Semantics::V1_35);
    /// g.declarative_validation = false;
    /// assert!(!Lifecycle::new(Semantics::V1_35, g, false).declarative_runs());
    /// ```
    pub fn declarative_runs(&self) -> bool {
        match self.semantics {
            Semantics::V1_35 => self.gates.declarative_validation,
            Semantics::V1_36 => {
                self.gates.declarative_validation
                    || self.enforce
                    || self.gates.all_enforced_for_test
            }
            Semantics::V1_37 => true,
        }
    }

    /// Whether a declarative panic becomes an `InternalError` (else it is only logged).
    ///
    /// ```
    /// use dv_harness_engine::lifecycle::{Gates, Lifecycle, Semantics};
    /// assert!(!Lifecycle::new(Semantics::V1_36, Gates::defaults(Semantics::V1_36), false).panic_fails());
    /// ```
    pub fn panic_fails(&self) -> bool {
        match self.semantics {
            Semantics::V1_35 => self.gates.takeover,
            Semantics::V1_36 => self.enforce,
            Semantics::V1_37 => true,
        }
    }

    /// The declarative errors a validator panic leaves: the `InternalError`
    /// at the root ([`panic_message`]) when the release fails on a panic
    /// ([`Lifecycle::panic_fails`]), else none.
    ///
    /// ```
    /// use dv_harness_engine::lifecycle::{Gates, Lifecycle, Semantics};
    /// let lc = Lifecycle::new(Semantics::V1_37, Gates::defaults(Semantics::V1_37), false);
    /// assert_eq!(lc.panic_errors("boom")[0].detail, "panic during declarative validation: boom");
    /// let lc = Lifecycle::new(Semantics::V1_36, Gates::defaults(Semantics::V1_36), false);
    /// assert!(lc.panic_errors("boom").is_empty());
    /// ```
    pub fn panic_errors(&self, payload: &str) -> ErrorList {
        if self.panic_fails() {
            ErrorList::from(Error::internal(&Path::root(), panic_message(payload)))
        } else {
            ErrorList::new()
        }
    }

    /// Whether the mismatch check (log lines and mismatch metrics) runs.
    ///
    /// ```
    /// use dv_harness_engine::lifecycle::{Gates, Lifecycle, Semantics};
    /// assert!(Lifecycle::new(Semantics::V1_37, Gates::defaults(Semantics::V1_37), false).mismatch_checked());
    /// ```
    pub fn mismatch_checked(&self) -> bool {
        self.gates.declarative_validation && self.declarative_runs()
    }

    /// The declarative errors that take part in the comparison.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// use dv_harness_engine::lifecycle::{Gates, Lifecycle, Semantics};
    /// let p = Path::new("x");
    /// let dv = ErrorList(vec![Error::required(&p, ""), Error::required(&p, "").mark_beta()]);
    /// let lc = Lifecycle::new(Semantics::V1_37, Gates::defaults(Semantics::V1_37), false);
    /// assert_eq!(lc.candidates(&dv).len(), 1);
    /// ```
    #[inline]
    pub fn candidates<'e>(&self, declarative: &'e ErrorList) -> Candidates<'e> {
        let staged_only = match self.semantics {
            Semantics::V1_35 => false,
            Semantics::V1_36 => self.enforce,
            Semantics::V1_37 => true,
        };
        Candidates::of(&declarative.0, staged_only)
    }

    /// The `enforced`/`takeover` flag that selects the default recommendation.
    ///
    /// ```
    /// use dv_harness_engine::lifecycle::{Gates, Lifecycle, Semantics};
    /// assert!(Lifecycle::new(Semantics::V1_37, Gates::defaults(Semantics::V1_37), false).enforced_flag());
    /// ```
    pub fn enforced_flag(&self) -> bool {
        match self.semantics {
            Semantics::V1_35 => self.gates.takeover,
            Semantics::V1_36 => self.enforce && self.gates.beta,
            Semantics::V1_37 => self.gates.beta,
        }
    }

    /// The recommendation sentence of a mismatch line about an error that
    /// is (`alpha = true`) or is not alpha-stage.
    ///
    /// ```
    /// use dv_harness_engine::lifecycle::*;
    /// let lc = Lifecycle::new(Semantics::V1_37, Gates::defaults(Semantics::V1_37), false);
    /// assert_eq!(lc.recommendation(false), DISABLE_BETA_MSG);
    /// assert_eq!(lc.recommendation(true), AUTHORITATIVE_MSG);
    /// ```
    pub fn recommendation(&self, alpha: bool) -> &'static str {
        match self.semantics {
            Semantics::V1_35 if self.enforced_flag() => DISABLE_TAKEOVER_MSG,
            Semantics::V1_35 => AUTHORITATIVE_MSG,
            _ if alpha => AUTHORITATIVE_MSG,
            _ if self.enforced_flag() => DISABLE_BETA_MSG,
            _ => AUTHORITATIVE_MSG,
        }
    }

    /// The pairing rule of this release.
    ///
    /// ```
    /// use dv_harness_engine::lifecycle::*;
    /// let lc = Lifecycle::new(Semantics::V1_36, Gates::defaults(Semantics::V1_36), false);
    /// assert_eq!(lc.matching(), Matching::Consuming);
    /// ```
    pub fn matching(&self) -> Matching {
        match self.semantics {
            Semantics::V1_35 | Semantics::V1_36 => Matching::Consuming,
            Semantics::V1_37 => Matching::ManyToMany,
        }
    }

    /// The hand-written de-duplication rule of this release.
    ///
    /// ```
    /// use dv_harness_engine::lifecycle::*;
    /// let lc = Lifecycle::new(Semantics::V1_35, Gates::defaults(Semantics::V1_35), false);
    /// assert_eq!(lc.dedupe(), Dedupe::Exact);
    /// ```
    pub fn dedupe(&self) -> Dedupe {
        match self.semantics {
            Semantics::V1_35 => Dedupe::Exact,
            _ => Dedupe::Fuzzy,
        }
    }

    /// Whether the `ShortCircuitMismatch` strategy option is honoured (1.37).
    ///
    /// ```
    /// use dv_harness_engine::lifecycle::*;
    /// assert!(!Lifecycle::new(Semantics::V1_36, Gates::defaults(Semantics::V1_36), false).supports_short_circuit_mismatch());
    /// ```
    pub fn supports_short_circuit_mismatch(&self) -> bool {
        self.semantics == Semantics::V1_37
    }

    /// The hand-written errors as the entry point sees them: from 1.36 on,
    /// every one is marked `FromImperative`.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// use dv_harness_engine::lifecycle::*;
    /// let hv = ErrorList::from(Error::required(&Path::new("x"), ""));
    /// let lc = Lifecycle::new(Semantics::V1_36, Gates::defaults(Semantics::V1_36), false);
    /// assert!(lc.mark_handwritten(hv)[0].from_imperative);
    /// ```
    #[inline]
    pub fn mark_handwritten(&self, mut handwritten: ErrorList) -> ErrorList {
        self.mark_handwritten_in_place(&mut handwritten);
        handwritten
    }

    /// [`Lifecycle::mark_handwritten`] on the list where the hand-written
    /// validator returned it: the list is not moved (a copy of a list its
    /// callee has just written stalls on this machine's store buffer; see
    /// `ErrorList::moved_out`).
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// use dv_harness_engine::lifecycle::*;
    /// let mut hv = ErrorList::from(Error::required(&Path::new("x"), ""));
    /// let lc = Lifecycle::new(Semantics::V1_37, Gates::defaults(Semantics::V1_37), false);
    /// lc.mark_handwritten_in_place(&mut hv);
    /// assert!(hv[0].from_imperative);
    /// ```
    #[inline]
    pub fn mark_handwritten_in_place(&self, handwritten: &mut ErrorList) {
        if handwritten.is_empty() || self.semantics == Semantics::V1_35 {
            return;
        }
        handwritten.mark_from_imperative_in_place();
    }

    /// The errors the API server returns, given the (marked) hand-written
    /// errors and the declarative errors as the entry point received them
    /// (including the panic `InternalError` when [`Lifecycle::panic_fails`]).
    /// `rules` are the strategy's normalisation rules (used by 1.37's
    /// reverse lookup).
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// use dv_harness_engine::lifecycle::*;
    /// let p = Path::new("spec");
    /// let r = p.child("replicas");
    /// let hv = ErrorList::from(Error::invalid(&r, -1, "").with_origin("minimum").mark_covered_by_declarative());
    /// let dv = ErrorList::from(Error::invalid(&r, -1, "").with_origin("minimum").mark_beta());
    /// let lc = Lifecycle::new(Semantics::V1_37, Gates::defaults(Semantics::V1_37), false);
    /// let returned = lc.returned(&hv, &dv, &[]);
    /// assert_eq!(returned.len(), 1);
    /// assert!(returned[0].is_beta());
    /// ```
    pub fn returned(
        &self,
        handwritten: &ErrorList,
        declarative: &ErrorList,
        rules: &[NormalizationRule],
    ) -> ErrorList {
        self.returned_by(handwritten.clone(), declarative.clone(), || {
            std::borrow::Cow::Owned(crate::normalize::fuzzy_matcher(rules))
        })
    }

    /// [`Lifecycle::returned`] with the strategy's comparison matcher
    /// ([`crate::normalize::fuzzy_matcher`] of its rules) built once by the
    /// caller instead of per request.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// use dv_harness_engine::lifecycle::*;
    /// let p = Path::new("spec");
    /// let r = p.child("replicas");
    /// let hv = ErrorList::from(Error::invalid(&r, -1, "").with_origin("minimum").mark_covered_by_declarative());
    /// let dv = ErrorList::from(Error::invalid(&r, -1, "").with_origin("minimum").mark_beta());
    /// let lc = Lifecycle::new(Semantics::V1_37, Gates::defaults(Semantics::V1_37), false);
    /// let fuzzy = dv_harness_engine::normalize::fuzzy_matcher(&[]);
    /// assert_eq!(lc.returned_with(&hv, &dv, &fuzzy), lc.returned(&hv, &dv, &[]));
    /// ```
    pub fn returned_with(
        &self,
        handwritten: &ErrorList,
        declarative: &ErrorList,
        fuzzy: &ErrorMatcher,
    ) -> ErrorList {
        self.returned_owned(handwritten.clone(), declarative.clone(), fuzzy)
    }

    /// [`Lifecycle::returned_with`] taking the two lists by value: the
    /// returned errors are moved out of them, not copied (as an API server,
    /// which owns both lists, builds its response).
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// use dv_harness_engine::lifecycle::*;
    /// let p = Path::new("spec");
    /// let r = p.child("replicas");
    /// let hv = ErrorList::from(Error::invalid(&r, -1, "").with_origin("minimum").mark_covered_by_declarative());
    /// let dv = ErrorList::from(Error::invalid(&r, -1, "").with_origin("minimum").mark_beta());
    /// let lc = Lifecycle::new(Semantics::V1_37, Gates::defaults(Semantics::V1_37), false);
    /// let fuzzy = dv_harness_engine::normalize::fuzzy_matcher(&[]);
    /// let expected = lc.returned(&hv, &dv, &[]);
    /// assert_eq!(lc.returned_owned(hv, dv, &fuzzy), expected);
    /// ```
    #[inline(always)]
    pub fn returned_owned(
        &self,
        handwritten: ErrorList,
        declarative: ErrorList,
        fuzzy: &ErrorMatcher,
    ) -> ErrorList {
        // Both validators silent (the common request): every release
        // returns nothing, and there is nothing to filter or match.
        if handwritten.is_empty() && declarative.is_empty() {
            discard_empty(declarative);
            return handwritten;
        }
        self.returned_owned_slow(handwritten, declarative, fuzzy)
    }

    /// Whether the returned list is the hand-written list as it is: 1.35
    /// without `DeclarativeValidation` and takeover, 1.36 without the
    /// strategy's enforcement or the test gate.
    #[inline]
    fn handwritten_only(&self) -> bool {
        match self.semantics {
            Semantics::V1_35 => !self.gates.declarative_validation || !self.gates.takeover,
            Semantics::V1_36 => !self.enforce && !self.gates.all_enforced_for_test,
            Semantics::V1_37 => false,
        }
    }

    /// [`Lifecycle::returned_owned`] when a list holds errors.
    #[inline(never)]
    fn returned_owned_slow(
        &self,
        handwritten: ErrorList,
        declarative: ErrorList,
        fuzzy: &ErrorMatcher,
    ) -> ErrorList {
        // Hand-written validation alone is authoritative (1.35 without
        // takeover, 1.36 without enforcement: a fixture's release): its
        // list is returned as it is, whatever the declarative one holds.
        if self.handwritten_only() {
            drop(declarative);
            return handwritten;
        }
        self.returned_by(handwritten, declarative, || {
            std::borrow::Cow::Borrowed(fuzzy)
        })
    }

    /// The returned list per release; `matcher` gives 1.37's reverse-lookup
    /// matcher and is called only when that lookup is needed.
    fn returned_by<'m>(
        &self,
        handwritten: ErrorList,
        declarative: ErrorList,
        matcher: impl FnOnce() -> std::borrow::Cow<'m, ErrorMatcher>,
    ) -> ErrorList {
        match self.semantics {
            Semantics::V1_35 => self.returned_1_35(handwritten, declarative),
            Semantics::V1_36 => self.returned_1_36(handwritten, declarative),
            Semantics::V1_37 => self.returned_1_37_by(handwritten, declarative, matcher),
        }
    }

    fn returned_1_35(&self, mut handwritten: ErrorList, declarative: ErrorList) -> ErrorList {
        if self.handwritten_only() {
            return handwritten;
        }
        handwritten.retain(|e| !e.covered_by_declarative);
        // Appended in order, in whichever buffer has room for both.
        handwritten.extend_from(declarative);
        handwritten
    }

    fn returned_1_36(&self, handwritten: ErrorList, declarative: ErrorList) -> ErrorList {
        if self.handwritten_only() {
            return handwritten;
        }
        let test_all = self.gates.all_enforced_for_test;
        let beta = self.gates.beta;
        let drop = |e: &apimachinery::field::Error| {
            e.covered_by_declarative && (test_all || (e.is_beta() && beta))
        };
        let mut out = filter_distinct(handwritten, &drop);
        out.extend_from(self.keep_enforced(declarative));
        out
    }

    fn returned_1_37_by<'m>(
        &self,
        handwritten: ErrorList,
        declarative: ErrorList,
        matcher: impl FnOnce() -> std::borrow::Cow<'m, ErrorMatcher>,
    ) -> ErrorList {
        let enforced = self.keep_enforced(declarative);
        let test_all = self.gates.all_enforced_for_test;
        // The matcher is consulted only for a covered HV error against a
        // beta enforced DV error: build (or borrow) it only then.
        let consulted = !test_all
            && enforced.iter().any(|d| d.is_beta())
            && handwritten.iter().any(|e| e.covered_by_declarative);
        let matcher = consulted.then(matcher);
        if all_dropped_in_order(&handwritten, &enforced, test_all, matcher.as_deref()) {
            // Every hand-written error is dropped: the declarative list is
            // the answer, in its own buffer (as the general path leaves it).
            drop(handwritten);
            return enforced;
        }
        let mut out = {
            // Each enforced error's field is normalised at most once, and
            // only when a covered error's field differs from it.
            let fields = std::cell::RefCell::new(FieldCache::new(enforced.len()));
            let dropped = |e: &apimachinery::field::Error| {
                e.covered_by_declarative
                    && (test_all
                        || matcher.as_deref().is_some_and(|m| {
                            let mut fields = fields.borrow_mut();
                            enforced
                                .iter()
                                .enumerate()
                                .any(|(j, d)| d.is_beta() && fields.matches(m, m, e, d, j))
                        }))
            };
            filter_distinct(handwritten, &dropped)
        };
        // The declarative list usually has room for the few hand-written
        // errors kept: appended in order without reallocating.
        out.extend_from(enforced);
        out
    }

    /// The declarative errors surfaced to the user (1.36 with enforcement,
    /// and 1.37): all in test mode; else internal errors, beta errors when
    /// the beta gate is on, and standard errors; never alpha errors.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// use dv_harness_engine::lifecycle::*;
    /// let p = Path::new("x");
    /// let dv = ErrorList(vec![Error::required(&p, "").mark_alpha(), Error::required(&p, "")]);
    /// let lc = Lifecycle::new(Semantics::V1_37, Gates::defaults(Semantics::V1_37), false);
    /// assert_eq!(lc.enforced(&dv).len(), 1);
    /// ```
    pub fn enforced(&self, declarative: &ErrorList) -> ErrorList {
        declarative
            .iter()
            .filter(|e| self.is_enforced(e))
            .cloned()
            .collect()
    }

    /// [`Lifecycle::enforced`], keeping the errors of the list it is given.
    fn keep_enforced(&self, mut declarative: ErrorList) -> ErrorList {
        declarative.retain(|e| self.is_enforced(e));
        declarative
    }

    fn is_enforced(&self, e: &apimachinery::field::Error) -> bool {
        if self.gates.all_enforced_for_test || e.error_type == ErrorType::Internal {
            true
        } else if e.is_beta() {
            self.gates.beta
        } else {
            !e.is_alpha()
        }
    }
}

/// Drops an empty list: one that never allocated (what a silent validator
/// returns) without its drop glue, and without being moved first.
#[inline(always)]
pub(crate) fn discard_empty(list: ErrorList) {
    if list.capacity() == 0 {
        std::mem::forget(list);
    } else {
        drop(list);
    }
}

/// Whether 1.37 drops every hand-written error, decided in one pass
/// without normalisation: in test mode every one is covered; otherwise
/// each is covered and the enforced declarative error at its place is a
/// beta error at the same field that `matcher` pairs with it (a sufficient
/// condition: `false` only means "not decided here").
#[inline]
fn all_dropped_in_order(
    handwritten: &[Error],
    enforced: &[Error],
    test_all: bool,
    matcher: Option<&ErrorMatcher>,
) -> bool {
    if test_all {
        return handwritten.iter().all(|e| e.covered_by_declarative);
    }
    let Some(matcher) = matcher else {
        return false;
    };
    handwritten.len() <= enforced.len()
        && handwritten.iter().zip(enforced).all(|(e, d)| {
            e.covered_by_declarative
                && d.is_beta()
                && str_eq(&e.field, &d.field)
                && matcher.matches_normalized(e, d, &d.field)
        })
}

/// `ErrorList::filter` with one predicate (`Filter`: drop errors whose
/// message repeats an earlier one, then the matching ones), moving the
/// kept errors, and comparing messages only when two errors could repeat.
fn filter_distinct(
    mut list: ErrorList,
    drop: &dyn Fn(&apimachinery::field::Error) -> bool,
) -> ErrorList {
    if list.len() < 2 {
        list.retain(|e| !drop(e));
        return list;
    }
    list.into_filtered(&[drop])
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::{Error, Path};

    #[test]
    fn empty_lists_take_the_fast_paths_with_the_slow_paths_results() {
        let fuzzy = crate::normalize::fuzzy_matcher(&[]);
        for semantics in [Semantics::V1_35, Semantics::V1_36, Semantics::V1_37] {
            for enforce in [false, true] {
                let mut gates = Gates::defaults(semantics);
                for on in [false, true] {
                    gates.declarative_validation = on;
                    gates.takeover = on;
                    gates.all_enforced_for_test = on;
                    let lc = Lifecycle::new(semantics, gates, enforce);
                    let none = ErrorList::new();
                    assert!(lc.candidates(&none).is_empty());
                    assert!(lc.mark_handwritten(ErrorList::new()).is_empty());
                    let slow = lc.returned_owned_slow(ErrorList::new(), ErrorList::new(), &fuzzy);
                    assert!(slow.is_empty());
                    let fast = lc.returned_owned(
                        ErrorList::new(),
                        ErrorList(Vec::with_capacity(2)),
                        &fuzzy,
                    );
                    assert_eq!(fast, slow);
                }
            }
        }
    }

    fn hv_covered() -> Error {
        let spec = Path::new("spec");
        Error::invalid(
            &spec.child("replicas"),
            -1,
            "must be greater than or equal to 0",
        )
        .with_origin("minimum")
        .mark_covered_by_declarative()
    }
    fn hv_uncovered() -> Error {
        let spec = Path::new("spec");
        Error::required(&spec.child("selector"), "")
    }
    fn dv(level: &str) -> Error {
        let spec = Path::new("spec");
        let e = Error::invalid(
            &spec.child("replicas"),
            -1,
            "must be greater than or equal to 0",
        )
        .with_origin("minimum");
        match level {
            "alpha" => e.mark_alpha(),
            "beta" => e.mark_beta(),
            _ => e,
        }
    }
    fn internal() -> Error {
        Error::internal(&Path::root(), panic_message("boom"))
    }

    fn gates(sem: Semantics, dv: bool, takeover: bool, beta: bool, all: bool) -> Gates {
        let mut g = Gates::defaults(sem);
        g.declarative_validation = dv;
        g.takeover = takeover;
        g.beta = beta;
        g.all_enforced_for_test = all;
        g
    }

    /// A compact description of a returned list: `H` covered HV, `U`
    /// uncovered HV, `a`/`b`/`s` alpha/beta/standard DV, `I` internal.
    fn describe(list: &ErrorList) -> String {
        list.iter()
            .map(|e| {
                if e.error_type == ErrorType::Internal {
                    'I'
                } else if e.from_imperative || e.covered_by_declarative || e.origin.is_empty() {
                    if e.covered_by_declarative { 'H' } else { 'U' }
                } else if e.is_alpha() {
                    'a'
                } else if e.is_beta() {
                    'b'
                } else {
                    's'
                }
            })
            .collect()
    }

    fn hv_list() -> ErrorList {
        ErrorList(vec![hv_covered(), hv_uncovered()])
    }
    fn dv_list() -> ErrorList {
        let mut l = ErrorList(vec![dv("alpha"), dv("beta"), dv("standard")]);
        l.push(internal());
        l
    }

    #[test]
    fn release_1_35_table() {
        // (DeclarativeValidation, Takeover) -> (DV runs, returned, panic fails)
        let rows = [
            (false, false, false, "HU", false),
            (false, true, false, "HU", true),
            (true, false, true, "HU", false),
            (true, true, true, "UabsI", true),
        ];
        for (dvg, takeover, runs, want, panic_fails) in rows {
            let lc = Lifecycle::new(
                Semantics::V1_35,
                gates(Semantics::V1_35, dvg, takeover, false, false),
                false,
            );
            assert_eq!(lc.declarative_runs(), runs, "{dvg} {takeover}");
            assert_eq!(lc.mismatch_checked(), dvg, "{dvg} {takeover}");
            assert_eq!(lc.panic_fails(), panic_fails);
            let hv = lc.mark_handwritten(hv_list());
            assert!(!hv[0].from_imperative, "1.35 does not mark FromImperative");
            assert_eq!(
                describe(&lc.returned(&hv, &dv_list(), &[])),
                want,
                "{dvg} {takeover}"
            );
            // 1.35 compares every DV error.
            assert_eq!(lc.candidates(&dv_list()).len(), 4);
            assert_eq!(lc.dedupe(), Dedupe::Exact);
            assert_eq!(lc.matching(), Matching::Consuming);
            let rec = if takeover {
                DISABLE_TAKEOVER_MSG
            } else {
                AUTHORITATIVE_MSG
            };
            assert_eq!(lc.recommendation(true), rec, "1.35 has no alpha override");
        }
    }

    #[test]
    fn release_1_36_table() {
        // (DV gate, enforce, testAll, beta) -> (DV runs, returned, candidates, panic fails)
        let rows = [
            // !DeclarativeValidation && !enforce && !testAll: DV not run, HV.
            (false, false, false, true, false, "HU", 4, false),
            // !enforce && !testAll: DV run and shadowed.
            (true, false, false, true, true, "HU", 4, false),
            (true, false, false, false, true, "HU", 4, false),
            // enforce: HV (covered HV kept: the HV error is not itself beta) + enforced DV.
            (true, true, false, true, true, "HUbsI", 2, true),
            (true, true, false, false, true, "HUsI", 2, true),
            (false, true, false, true, true, "HUbsI", 2, true),
            // testAll: every covered HV error dropped, every DV error returned.
            (true, false, true, true, true, "UabsI", 4, false),
            (true, true, true, false, true, "UabsI", 2, true),
        ];
        for (dvg, enforce, all, beta, runs, want, ncand, panic_fails) in rows {
            let lc = Lifecycle::new(
                Semantics::V1_36,
                gates(Semantics::V1_36, dvg, false, beta, all),
                enforce,
            );
            let row = format!("dv={dvg} enforce={enforce} all={all} beta={beta}");
            assert_eq!(lc.declarative_runs(), runs, "{row}");
            assert_eq!(lc.mismatch_checked(), dvg, "{row}");
            assert_eq!(lc.panic_fails(), panic_fails, "{row}");
            assert_eq!(lc.candidates(&dv_list()).len(), ncand, "{row}");
            let hv = lc.mark_handwritten(hv_list());
            assert!(hv.iter().all(|e| e.from_imperative));
            assert_eq!(describe(&lc.returned(&hv, &dv_list(), &[])), want, "{row}");
            assert_eq!(lc.enforced_flag(), enforce && beta, "{row}");
        }
    }

    #[test]
    fn release_1_36_drops_covered_hv_errors_marked_beta_when_gate_on() {
        let hv = ErrorList(vec![hv_covered().mark_beta(), hv_uncovered()]).mark_from_imperative();
        let on = Lifecycle::new(Semantics::V1_36, Gates::defaults(Semantics::V1_36), true);
        assert_eq!(describe(&on.returned(&hv, &ErrorList::new(), &[])), "U");
        let mut g = Gates::defaults(Semantics::V1_36);
        g.beta = false;
        let off = Lifecycle::new(Semantics::V1_36, g, true);
        assert_eq!(off.returned(&hv, &ErrorList::new(), &[]).len(), 2);
    }

    #[test]
    fn release_1_37_matrix() {
        // (tag level, beta gate) -> what the user gets, for a covered rule.
        let rows = [
            ("alpha", true, "HU"),
            ("alpha", false, "HU"),
            ("beta", true, "Ub"),
            ("beta", false, "HU"),
            ("standard", true, "HUs"),
            ("standard", false, "HUs"),
        ];
        for (level, beta, want) in rows {
            let lc = Lifecycle::new(
                Semantics::V1_37,
                gates(Semantics::V1_37, true, false, beta, false),
                false,
            );
            let hv = lc.mark_handwritten(hv_list());
            let dvl = ErrorList::from(dv(level));
            assert_eq!(
                describe(&lc.returned(&hv, &dvl, &[])),
                want,
                "{level} {beta}"
            );
        }
        // A DV InternalError is always returned, whatever the gates.
        for beta in [true, false] {
            let lc = Lifecycle::new(
                Semantics::V1_37,
                gates(Semantics::V1_37, false, false, beta, false),
                false,
            );
            assert!(lc.declarative_runs());
            assert!(!lc.mismatch_checked());
            assert!(lc.panic_fails());
            let out = lc.returned(&ErrorList::new(), &ErrorList::from(internal()), &[]);
            assert_eq!(describe(&out), "I");
        }
        // Test mode: all DV returned, all covered HV removed.
        let lc = Lifecycle::new(
            Semantics::V1_37,
            gates(Semantics::V1_37, true, false, false, true),
            false,
        );
        let hv = lc.mark_handwritten(hv_list());
        assert_eq!(describe(&lc.returned(&hv, &dv_list(), &[])), "UabsI");
        assert_eq!(lc.candidates(&dv_list()).len(), 2);
        assert_eq!(lc.matching(), Matching::ManyToMany);
    }

    #[test]
    fn release_1_37_unmatched_covered_hv_error_stays() {
        let lc = Lifecycle::new(Semantics::V1_37, Gates::defaults(Semantics::V1_37), false);
        let other = Error::invalid(&Path::new("spec").child("minReadySeconds"), -1, "")
            .with_origin("minimum")
            .mark_beta();
        let out = lc.returned(
            &lc.mark_handwritten(ErrorList::from(hv_covered())),
            &ErrorList::from(other),
            &[],
        );
        assert_eq!(describe(&out), "Hb");
    }

    #[test]
    fn release_1_37_reverse_lookup_uses_normalisation() {
        let lc = Lifecycle::new(Semantics::V1_37, Gates::defaults(Semantics::V1_37), false);
        let moved = Error::invalid(&Path::new("spec").child("count"), -1, "")
            .with_origin("minimum")
            .mark_beta();
        let rules = [NormalizationRule::new(r"^spec\.count$", "spec.replicas").unwrap()];
        let hv = lc.mark_handwritten(ErrorList::from(hv_covered()));
        assert_eq!(
            describe(&lc.returned(&hv, &ErrorList::from(moved.clone()), &rules)),
            "b"
        );
        assert_eq!(
            describe(&lc.returned(&hv, &ErrorList::from(moved), &[])),
            "Hb"
        );
    }

    #[test]
    fn filter_side_effect_drops_duplicate_messages() {
        let lc = Lifecycle::new(Semantics::V1_37, Gates::defaults(Semantics::V1_37), false);
        let hv = lc.mark_handwritten(ErrorList(vec![hv_uncovered(), hv_uncovered()]));
        assert_eq!(lc.returned(&hv, &ErrorList::new(), &[]).len(), 1);
        // 1.35 takeover uses RemoveCoveredByDeclarative, which keeps duplicates.
        let lc = Lifecycle::new(
            Semantics::V1_35,
            gates(Semantics::V1_35, true, true, false, false),
            false,
        );
        assert_eq!(lc.returned(&hv, &ErrorList::new(), &[]).len(), 2);
    }

    #[test]
    fn recommendations_per_release() {
        let lc = Lifecycle::new(Semantics::V1_36, Gates::defaults(Semantics::V1_36), true);
        assert_eq!(lc.recommendation(false), DISABLE_BETA_MSG);
        assert_eq!(lc.recommendation(true), AUTHORITATIVE_MSG);
        let lc = Lifecycle::new(Semantics::V1_36, Gates::defaults(Semantics::V1_36), false);
        assert_eq!(lc.recommendation(false), AUTHORITATIVE_MSG);
        let mut g = Gates::defaults(Semantics::V1_37);
        g.beta = false;
        assert_eq!(
            Lifecycle::new(Semantics::V1_37, g, false).recommendation(false),
            AUTHORITATIVE_MSG
        );
    }
}

#[cfg(test)]
mod returned_equivalence {
    //! 1.37's returned list with cached normalised fields against the
    //! direct reading of the rule, on random lists.
    use super::*;
    use apimachinery::field::Path;
    use proptest::prelude::*;

    const FIELDS: [&str; 5] = ["a", "a.b", "spec.count", "spec.replicas", "spec"];

    fn error() -> impl Strategy<Value = Error> {
        (
            0..3usize,
            0..FIELDS.len(),
            0..3usize,
            0..3usize,
            any::<bool>(),
        )
            .prop_map(|(kind, field, origin, stage, covered)| {
                let p = Path::new(FIELDS[field]);
                let mut e = match kind {
                    0 => Error::required(&p, "d"),
                    1 => Error::invalid(&p, 1, "d"),
                    _ => Error::internal(&p, "boom"),
                };
                if origin > 0 {
                    e = e.with_origin(["", "minimum", "maximum"][origin]);
                }
                e = match stage {
                    0 => e,
                    1 => e.mark_alpha(),
                    _ => e.mark_beta(),
                };
                if covered {
                    e = e.mark_covered_by_declarative();
                }
                e
            })
    }

    /// The 1.37 rule as written before the cache: every comparison through
    /// `ErrorMatcher::matches`.
    fn reference(lc: &Lifecycle, hv: ErrorList, dv: ErrorList, m: &ErrorMatcher) -> ErrorList {
        let enforced = lc.keep_enforced(dv);
        let test_all = lc.gates.all_enforced_for_test;
        let dropped = |e: &Error| {
            e.covered_by_declarative
                && (test_all || enforced.iter().any(|d| d.is_beta() && m.matches(e, d)))
        };
        let mut out = filter_distinct(hv, &dropped);
        out.extend_from(enforced);
        out
    }

    /// 1.37's by-value returned list (field cache, in-order shortcut)
    /// against [`reference`], under the beta and test gates and 0-2
    /// normalisation rules.
    fn returned_1_37_is_the_reference(
        hv: Vec<Error>,
        dv: Vec<Error>,
        beta: bool,
        test_all: bool,
        nrules: usize,
    ) -> Result<(), TestCaseError> {
        let rules = [
            NormalizationRule::new(r"^spec\.count$", "spec.replicas").unwrap(),
            NormalizationRule::new(r"^a\.b", "a").unwrap(),
        ];
        let fuzzy = crate::normalize::fuzzy_matcher(&rules[..nrules]);
        let mut gates = Gates::defaults(Semantics::V1_37);
        gates.beta = beta;
        gates.all_enforced_for_test = test_all;
        let lc = Lifecycle::new(Semantics::V1_37, gates, false);
        let (hv, dv) = (ErrorList(hv), ErrorList(dv));
        let want = reference(&lc, hv.clone(), dv.clone(), &fuzzy);
        prop_assert_eq!(lc.returned_owned(hv, dv, &fuzzy), want);
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn cached_fields_change_nothing(
            hv in prop::collection::vec(error(), 0..12),
            dv in prop::collection::vec(error(), 0..12),
            beta in any::<bool>(),
            test_all in any::<bool>(),
            nrules in 0..3usize,
        ) {
            returned_1_37_is_the_reference(hv, dv, beta, test_all, nrules)?;
        }
    }

    fn paired_lists() -> impl Strategy<Value = (Vec<Error>, Vec<Error>)> {
        crate::paired_lists::paired_lists(error, 0, true)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]

        #[test]
        fn in_order_fast_path_changes_nothing(
            (hv, dv) in paired_lists(),
            beta in any::<bool>(),
            test_all in any::<bool>(),
            nrules in 0..3usize,
        ) {
            returned_1_37_is_the_reference(hv, dv, beta, test_all, nrules)?;
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        #[test]
        fn owned_lists_give_every_release_the_same_answer(
            (hv, dv) in paired_lists(),
            other in prop::collection::vec(error(), 0..6),
            sem in 0..3usize,
            gates in any::<(bool, bool, bool, bool)>(),
            enforce in any::<bool>(),
            unrelated in any::<bool>(),
        ) {
            // The by-value path (with its shortcuts: both lists empty, the
            // hand-written list alone authoritative, 1.37's in-order
            // pairing) against the by-reference one, which always runs the
            // release's rule in full.
            let semantics = Semantics::ALL[sem];
            let mut g = Gates::defaults(semantics);
            (g.declarative_validation, g.takeover, g.beta, g.all_enforced_for_test) = gates;
            let lc = Lifecycle::new(semantics, g, enforce);
            let dv = if unrelated { other } else { dv };
            let (hv, dv) = (ErrorList(hv), ErrorList(dv));
            let want = lc.returned(&hv, &dv, &[]);
            let fuzzy = crate::normalize::fuzzy_matcher(&[]);
            prop_assert_eq!(lc.returned_owned(hv, dv, &fuzzy), want);
        }
    }

    #[test]
    fn in_order_fast_path_is_taken_for_paired_lists_only() {
        let fuzzy = crate::normalize::fuzzy_matcher(&[]);
        let at = |f: &str| {
            Error::invalid(&Path::new(f), -1, "d")
                .with_origin("minimum")
                .mark_covered_by_declarative()
        };
        let hv = vec![at("a"), at("b")];
        let dv: Vec<Error> = hv
            .iter()
            .cloned()
            .map(|e| Error {
                covered_by_declarative: false,
                ..e.mark_beta()
            })
            .collect();
        assert!(all_dropped_in_order(&hv, &dv, false, Some(&fuzzy)));
        // Without the matcher (not consulted), in another order, with fewer
        // declarative errors, an uncovered or a standard-stage error.
        assert!(!all_dropped_in_order(&hv, &dv, false, None));
        let swapped = [dv[1].clone(), dv[0].clone()];
        assert!(!all_dropped_in_order(&hv, &swapped, false, Some(&fuzzy)));
        assert!(!all_dropped_in_order(&hv, &dv[..1], false, Some(&fuzzy)));
        let uncovered = [Error {
            covered_by_declarative: false,
            ..hv[0].clone()
        }];
        assert!(!all_dropped_in_order(&uncovered, &dv, false, Some(&fuzzy)));
        assert!(!all_dropped_in_order(&uncovered, &dv, true, None));
        let standard = [Error {
            stability_level: Default::default(),
            ..dv[0].clone()
        }];
        assert!(!all_dropped_in_order(
            &hv[..1],
            &standard,
            false,
            Some(&fuzzy)
        ));
        // Test mode drops every covered error, whatever the other side.
        assert!(all_dropped_in_order(&hv, &[], true, None));
    }
}
