//! Pairing covered hand-written errors with declarative candidates, as
//! Kubernetes' `gatherDeclarativeValidationMismatches` does per release, and
//! the harness verdict.

use crate::lifecycle::Dedupe;
use crate::lifecycle::{Lifecycle, Matching, extra_line, unmatched_line};
use apimachinery::field::{Error, ErrorList, ErrorMatcher};
use serde::{Deserialize, Serialize};

/// The harness' judgement of one case.
///
/// ```
/// use dv_harness_engine::compare::Verdict;
/// assert_eq!(serde_json::to_string(&Verdict::DeclarativeStricter).unwrap(), "\"declarativeStricter\"");
/// assert_eq!(Verdict::from_counts(0, 0), Verdict::Equal);
/// assert_eq!(Verdict::from_counts(1, 0), Verdict::DeclarativeLooser);
/// assert_eq!(Verdict::from_counts(0, 2), Verdict::DeclarativeStricter);
/// assert_eq!(Verdict::from_counts(1, 1), Verdict::Mixed);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Verdict {
    /// Every covered hand-written error has a declarative counterpart and vice versa.
    Equal,
    /// DV rejects what HV accepts (would break users).
    DeclarativeStricter,
    /// HV rejects what DV accepts (would let bad objects in).
    DeclarativeLooser,
    /// Both kinds of difference.
    Mixed,
    /// A validator panicked.
    Panic,
    /// A side ran past the per-case time limit (DESIGN.md section 4).
    Hang,
    /// A side killed its process: abort, stack overflow, out of memory
    /// (DESIGN.md section 4); the reason is in that side's `panic`.
    Crash,
}

impl Verdict {
    /// The verdict for `unmatched` hand-written and `extra` declarative errors (no panic).
    ///
    /// ```
    /// use dv_harness_engine::compare::Verdict;
    /// assert_eq!(Verdict::from_counts(3, 0), Verdict::DeclarativeLooser);
    /// ```
    pub fn from_counts(unmatched: usize, extra: usize) -> Verdict {
        match (unmatched > 0, extra > 0) {
            (false, false) => Verdict::Equal,
            (true, false) => Verdict::DeclarativeLooser,
            (false, true) => Verdict::DeclarativeStricter,
            (true, true) => Verdict::Mixed,
        }
    }

    /// Whether a side failed to finish normally: `panic`, `hang` or `crash`
    /// (counted as panics in the summaries).
    ///
    /// ```
    /// use dv_harness_engine::compare::Verdict;
    /// assert!(Verdict::Crash.is_fault() && Verdict::Hang.is_fault() && Verdict::Panic.is_fault());
    /// assert!(!Verdict::Mixed.is_fault());
    /// ```
    pub const fn is_fault(self) -> bool {
        matches!(self, Verdict::Panic | Verdict::Hang | Verdict::Crash)
    }

    /// The JSON name.
    ///
    /// ```
    /// assert_eq!(dv_harness_engine::compare::Verdict::Mixed.as_str(), "mixed");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Verdict::Equal => "equal",
            Verdict::DeclarativeStricter => "declarativeStricter",
            Verdict::DeclarativeLooser => "declarativeLooser",
            Verdict::Mixed => "mixed",
            Verdict::Panic => "panic",
            Verdict::Hang => "hang",
            Verdict::Crash => "crash",
        }
    }
}

/// The unpaired errors of one comparison and Kubernetes' log line for each.
///
/// ```
/// use apimachinery::field::{Error, ErrorList, Path};
/// use dv_harness_engine::lifecycle::*;
/// use dv_harness_engine::compare::gather_mismatches;
/// let p = Path::new("spec");
/// let hv = ErrorList::from(Error::invalid(&p.child("replicas"), -1, "").with_origin("minimum").mark_covered_by_declarative());
/// let lc = Lifecycle::new(Semantics::V1_37, Gates::defaults(Semantics::V1_37), false);
/// let none = ErrorList::new();
/// let m = gather_mismatches(&hv, &none, &lc, &dv_harness_engine::normalize::fuzzy_matcher(&[]), false);
/// assert_eq!(m.unmatched.len(), 1);
/// assert_eq!(m.details[0], "Unexpected difference between hand written validation and declarative \
///   validation error results, unmatched error(s) found {Type=\"Invalid value\", Field=\"spec.replicas\", \
///   Origin=\"minimum\"}. This indicates an issue with declarative validation. Consider disabling the \
///   DeclarativeValidationBeta feature gate to keep data persisted in etcd consistent with prior versions of Kubernetes.");
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Mismatches<'e> {
    /// Covered hand-written errors with no declarative counterpart
    /// (borrowed from the hand-written list: nothing is copied).
    pub unmatched: Vec<&'e Error>,
    /// Declarative candidates with no hand-written counterpart (borrowed).
    pub extra: Vec<&'e Error>,
    /// One log line per unmatched error then per extra error.
    pub details: Vec<String>,
}

impl Mismatches<'_> {
    /// Whether nothing is unpaired.
    ///
    /// ```
    /// assert!(dv_harness_engine::compare::Mismatches::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.unmatched.is_empty() && self.extra.is_empty()
    }
}

/// Compares hand-written errors with declarative candidates: duplicates
/// collapsed (per release), only covered hand-written errors paired, by
/// `fuzzy` (type, normalised field, origin; origin required for
/// `FieldValueInvalid`); 1.35/1.36 consume each matched candidate, 1.37
/// lets a candidate match several hand-written errors and, with
/// `short_circuit_mismatch`, accepts a short-circuit declarative error at an
/// ancestor path.
///
/// ```
/// use apimachinery::field::{Error, ErrorList, Path};
/// use dv_harness_engine::lifecycle::*;
/// use dv_harness_engine::compare::gather_mismatches;
/// let p = Path::new("x");
/// let dv = ErrorList::from(Error::required(&p, "").mark_alpha());
/// let lc = Lifecycle::new(Semantics::V1_37, Gates::defaults(Semantics::V1_37), false);
/// let none = ErrorList::new();
/// let m = gather_mismatches(&none, &dv, &lc, &dv_harness_engine::normalize::fuzzy_matcher(&[]), false);
/// assert_eq!(m.extra.len(), 1);
/// assert!(m.details[0].ends_with("since hand written validation is authoritative."));
/// ```
#[inline]
pub fn gather_mismatches<'e, C>(
    handwritten: &'e ErrorList,
    candidates: C,
    lifecycle: &Lifecycle,
    fuzzy: &ErrorMatcher,
    short_circuit_mismatch: bool,
) -> Mismatches<'e>
where
    C: IntoIterator<Item = &'e Error>,
    C::IntoIter: Clone + ExactSizeIterator,
{
    let candidates = candidates.into_iter();
    // Both lists empty (the common request): nothing to pair, no log line.
    if handwritten.is_empty() && candidates.len() == 0 {
        return Mismatches::default();
    }
    gather_nonempty(
        handwritten,
        candidates,
        lifecycle,
        fuzzy,
        short_circuit_mismatch,
    )
}

/// [`gather_mismatches`] when a list holds errors.
#[inline(never)]
fn gather_nonempty<'e, I>(
    handwritten: &'e ErrorList,
    candidates: I,
    lifecycle: &Lifecycle,
    fuzzy: &ErrorMatcher,
    short_circuit_mismatch: bool,
) -> Mismatches<'e>
where
    I: Iterator<Item = &'e Error> + Clone + ExactSizeIterator,
{
    let mut out = Mismatches::default();
    // Only covered errors are paired, but de-duplication runs over all of
    // them first (an uncovered error can hide a later covered duplicate).
    let covered: Vec<&Error> = if handwritten.iter().any(|e| e.covered_by_declarative) {
        let mut kept = dedupe_refs(handwritten, lifecycle, fuzzy);
        kept.retain(|e| e.covered_by_declarative);
        kept
    } else {
        Vec::new()
    };
    let use_ancestor = short_circuit_mismatch && lifecycle.supports_short_circuit_mismatch();
    let ancestor = use_ancestor.then(|| fuzzy.clone().match_ancestor_short_circuit());
    let mut taken = Taken::new(candidates.len());
    // Each candidate's field is normalised once, not once per covered error.
    let got_fields: Vec<std::borrow::Cow<'e, str>> = if covered.is_empty() {
        Vec::new()
    } else {
        candidates
            .clone()
            .map(|got| fuzzy.normalized_field(&got.field))
            .collect()
    };
    for &want in &covered {
        let mut count = 0usize;
        for ((i, got), got_field) in candidates.clone().enumerate().zip(&got_fields) {
            if lifecycle.matching() == Matching::Consuming && taken.get(i) {
                continue;
            }
            if fuzzy.matches_normalized(want, got, got_field) {
                count += 1;
                taken.set(i);
            }
        }
        if count == 0
            && let Some(ancestor) = &ancestor
            && candidates
                .clone()
                .zip(&got_fields)
                .any(|(got, got_field)| ancestor.matches_normalized(want, got, got_field))
        {
            count = 1;
        }
        if count == 0 {
            out.details.push(unmatched_line(
                fuzzy,
                want,
                lifecycle.recommendation(want.is_alpha()),
            ));
            out.unmatched.push(want);
        }
    }
    for (i, got) in candidates.enumerate() {
        if !taken.get(i) {
            out.details.push(extra_line(
                fuzzy,
                got,
                lifecycle.recommendation(got.is_alpha()),
            ));
            out.extra.push(got);
        }
    }
    out
}

/// Which candidates were paired: bits of a word for up to 64 candidates
/// (no allocation), else one flag each.
enum Taken {
    Bits(u64),
    Flags(Vec<bool>),
}

impl Taken {
    fn new(len: usize) -> Taken {
        if len <= 64 {
            Taken::Bits(0)
        } else {
            Taken::Flags(vec![false; len])
        }
    }

    fn get(&self, i: usize) -> bool {
        match self {
            Taken::Bits(bits) => bits & (1 << i) != 0,
            Taken::Flags(flags) => flags[i],
        }
    }

    fn set(&mut self, i: usize) {
        match self {
            Taken::Bits(bits) => *bits |= 1 << i,
            Taken::Flags(flags) => flags[i] = true,
        }
    }
}

/// [`crate::normalize::dedupe`] without copying the errors.
fn dedupe_refs<'e>(
    handwritten: &'e ErrorList,
    lifecycle: &Lifecycle,
    fuzzy: &ErrorMatcher,
) -> Vec<&'e Error> {
    let exact;
    let matcher = match lifecycle.dedupe() {
        Dedupe::Exact => {
            exact = ErrorMatcher::default().exactly();
            &exact
        }
        Dedupe::Fuzzy => fuzzy,
    };
    let mut kept: Vec<&Error> = Vec::with_capacity(handwritten.len());
    for e in handwritten.iter() {
        // `e` is the got side of each comparison: its field is normalised once.
        let field = matcher.normalized_field(&e.field);
        if !kept
            .iter()
            .any(|k| matcher.matches_normalized(k, e, &field))
        {
            kept.push(e);
        }
    }
    kept
}

/// An unpaired error accepted by a reviewed exception.
///
/// ```
/// use dv_harness_engine::compare::Exempted;
/// use dv_harness_engine::normalize::Side;
/// use apimachinery::field::{Error, Path};
/// let x = Exempted { side: Side::Handwritten, error: Error::required(&Path::new("x"), ""), reason: "r".into() };
/// assert_eq!(serde_json::to_value(&x).unwrap()["side"], "handwritten");
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Exempted {
    /// The side the error is on.
    pub side: crate::normalize::Side,
    /// The error.
    pub error: Error,
    /// The exception's reason.
    pub reason: String,
}

/// The `comparison` object of an outcome.
///
/// ```
/// let c = dv_harness_engine::compare::Comparison::default();
/// let v = serde_json::to_value(&c).unwrap();
/// assert_eq!(v["verdict"], "equal");
/// assert!(v["onlyHandwritten"].as_array().unwrap().is_empty());
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Comparison {
    /// The verdict.
    pub verdict: Verdict,
    /// Covered hand-written errors without a declarative counterpart (not exempted).
    pub only_handwritten: ErrorList,
    /// Declarative candidates without a hand-written counterpart (not exempted).
    pub only_declarative: ErrorList,
    /// Unpaired errors accepted by `equivalence.toml` exceptions.
    pub exempted: Vec<Exempted>,
    /// Kubernetes' mismatch log lines (one per unpaired error, exempted or not).
    pub mismatch_details: Vec<String>,
}

impl Default for Comparison {
    fn default() -> Comparison {
        Comparison {
            verdict: Verdict::Equal,
            only_handwritten: ErrorList::new(),
            only_declarative: ErrorList::new(),
            exempted: Vec::new(),
            mismatch_details: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::{Gates, Semantics};
    use crate::normalize::fuzzy_matcher;
    use apimachinery::field::{NormalizationRule, Path};

    fn lc(sem: Semantics) -> Lifecycle {
        Lifecycle::new(sem, Gates::defaults(sem), false)
    }
    fn min(field: &str) -> Error {
        Error::invalid(&Path::new(field), -1, "must be greater than or equal to 0")
            .with_origin("minimum")
    }

    #[test]
    fn uncovered_hv_errors_are_ignored() {
        let hv = ErrorList::from(min("a"));
        for sem in Semantics::ALL {
            let none = ErrorList::new();
            let m = gather_mismatches(&hv, &none, &lc(sem), &fuzzy_matcher(&[]), false);
            assert!(m.is_empty(), "{sem}");
        }
    }

    #[test]
    fn invalid_without_origin_never_pairs() {
        let p = Path::new("a");
        let hv = ErrorList::from(Error::invalid(&p, 1, "").mark_covered_by_declarative());
        let dv = ErrorList::from(Error::invalid(&p, 1, "").mark_beta());
        for sem in Semantics::ALL {
            let m = gather_mismatches(&hv, &dv, &lc(sem), &fuzzy_matcher(&[]), false);
            assert_eq!((m.unmatched.len(), m.extra.len()), (1, 1), "{sem}");
        }
    }

    #[test]
    fn consuming_versus_many_to_many() {
        // Two HV errors that differ only by detail (so 1.35's exact dedupe keeps both)
        // and one DV error matching both.
        let hv = ErrorList(vec![
            min("a").mark_covered_by_declarative(),
            Error::invalid(&Path::new("a"), -1, "other")
                .with_origin("minimum")
                .mark_covered_by_declarative(),
        ]);
        let dv = ErrorList::from(min("a").mark_beta());
        let m35 = gather_mismatches(&hv, &dv, &lc(Semantics::V1_35), &fuzzy_matcher(&[]), false);
        assert_eq!(
            m35.unmatched.len(),
            1,
            "the DV error is consumed by the first HV error"
        );
        let m36 = gather_mismatches(&hv, &dv, &lc(Semantics::V1_36), &fuzzy_matcher(&[]), false);
        assert!(m36.is_empty(), "1.36 collapses fuzzy duplicates");
        let m37 = gather_mismatches(&hv, &dv, &lc(Semantics::V1_37), &fuzzy_matcher(&[]), false);
        assert!(m37.is_empty());

        // Two distinct HV errors one DV error matches (through normalisation):
        // 1.36 consumes it for the first, 1.37 lets it answer both.
        let hv = ErrorList(vec![
            min("spec.count").mark_covered_by_declarative(),
            min("spec.replicas").mark_covered_by_declarative(),
        ]);
        let dv = ErrorList::from(min("spec.count").mark_beta());
        let rules = [NormalizationRule::new(r"^spec\.count$", "spec.replicas").unwrap()];
        let m36 = gather_mismatches(
            &hv,
            &dv,
            &lc(Semantics::V1_36),
            &fuzzy_matcher(&rules),
            false,
        );
        assert_eq!(m36.unmatched.len(), 1);
        assert_eq!(m36.unmatched[0].field, "spec.replicas");
        let m37 = gather_mismatches(
            &hv,
            &dv,
            &lc(Semantics::V1_37),
            &fuzzy_matcher(&rules),
            false,
        );
        assert!(m37.is_empty());
    }

    #[test]
    fn one_hv_error_consumes_all_matching_dv_errors() {
        let hv = ErrorList::from(min("a").mark_covered_by_declarative());
        let dv = ErrorList(vec![min("a").mark_beta(), min("a").mark_beta()]);
        for sem in Semantics::ALL {
            assert!(gather_mismatches(&hv, &dv, &lc(sem), &fuzzy_matcher(&[]), false).is_empty());
        }
    }

    #[test]
    fn normalisation_applies_to_the_declarative_path() {
        let hv = ErrorList::from(min("spec.replicas").mark_covered_by_declarative());
        let dv = ErrorList::from(min("spec.count").mark_beta());
        let rules = [NormalizationRule::new(r"^spec\.count$", "spec.replicas").unwrap()];
        let sem = lc(Semantics::V1_37);
        assert!(gather_mismatches(&hv, &dv, &sem, &fuzzy_matcher(&rules), false).is_empty());
        let m = gather_mismatches(&hv, &dv, &sem, &fuzzy_matcher(&[]), false);
        assert_eq!(m.extra.len(), 1);
    }

    #[test]
    fn short_circuit_ancestor_only_in_1_37_with_option() {
        let spec = Path::new("spec");
        let hv = ErrorList::from(
            Error::required(&spec.child("template").child("x"), "").mark_covered_by_declarative(),
        );
        let dv = ErrorList::from(
            Error::required(&spec.child("template"), "")
                .mark_short_circuit()
                .mark_beta(),
        );
        let m = gather_mismatches(&hv, &dv, &lc(Semantics::V1_37), &fuzzy_matcher(&[]), true);
        assert!(m.unmatched.is_empty());
        // The short-circuit DV error itself is not marked matched, so it is extra.
        assert_eq!(m.extra.len(), 1);
        let m = gather_mismatches(&hv, &dv, &lc(Semantics::V1_37), &fuzzy_matcher(&[]), false);
        assert_eq!(m.unmatched.len(), 1);
        let m = gather_mismatches(&hv, &dv, &lc(Semantics::V1_36), &fuzzy_matcher(&[]), true);
        assert_eq!(m.unmatched.len(), 1);
    }

    #[test]
    fn recommendation_texts() {
        let hv = ErrorList::from(min("a").mark_covered_by_declarative());
        let mut g = Gates::defaults(Semantics::V1_35);
        g.takeover = true;
        let l = Lifecycle::new(Semantics::V1_35, g, false);
        let none = ErrorList::new();
        let m = gather_mismatches(&hv, &none, &l, &fuzzy_matcher(&[]), false);
        assert!(m.details[0].ends_with(crate::lifecycle::DISABLE_TAKEOVER_MSG));
    }
}
