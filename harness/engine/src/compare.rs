//! Pairing covered hand-written errors with declarative candidates, as
//! Kubernetes' `gatherDeclarativeValidationMismatches` does per release, and
//! the harness verdict.

use crate::lifecycle::Dedupe;
use crate::lifecycle::{Lifecycle, Matching, extra_line, unmatched_line};
use apimachinery::field::{Error, ErrorList, ErrorMatcher};
use apimachinery::text_eq::str_eq;
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
#[inline(always)]
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

/// [`gather_mismatches`] when a list holds errors. Nothing is allocated
/// for up to 64 hand-written errors and 64 candidates unless a line is
/// logged: the kept and paired errors are bit sets, and a candidate's
/// field is normalised only when a comparison needs it (a field equal to
/// the wanted one never does), at most once per candidate.
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
    let hv = handwritten.0.as_slice();
    if pairs_in_order(hv, candidates.clone(), fuzzy) {
        return out;
    }
    // Only covered errors are paired, but de-duplication runs over all of
    // them first (an uncovered error can hide a later covered duplicate).
    let (covered, covered_count) = if hv.iter().any(|e| e.covered_by_declarative) {
        covered_after_dedupe(hv, lifecycle, fuzzy)
    } else {
        (Flags::new(0), 0)
    };
    let consuming = lifecycle.matching() == Matching::Consuming;
    let mut fields = FieldCache::new(candidates.len());
    // Many-to-many pairing with each covered error matched by the candidate
    // at its place: every covered error has a counterpart and every
    // candidate is paired, so nothing is unpaired.
    if !consuming
        && covered_count > 0
        && covered_count == candidates.len()
        && covered_indices(&covered, hv.len())
            .zip(candidates.clone().enumerate())
            .all(|(w, (i, got))| fields.matches(fuzzy, fuzzy, &hv[w], got, i))
    {
        return out;
    }
    let use_ancestor = short_circuit_mismatch && lifecycle.supports_short_circuit_mismatch();
    let mut ancestor: Option<ErrorMatcher> = None;
    let mut taken = Flags::new(candidates.len());
    for w in covered_indices(&covered, hv.len()) {
        let want = &hv[w];
        let mut count = 0usize;
        for (i, got) in candidates.clone().enumerate() {
            if consuming && taken.get(i) {
                continue;
            }
            if fields.matches(fuzzy, fuzzy, want, got, i) {
                count += 1;
                taken.set(i);
            }
        }
        if count == 0 && use_ancestor {
            let ancestor =
                ancestor.get_or_insert_with(|| fuzzy.clone().match_ancestor_short_circuit());
            if candidates
                .clone()
                .enumerate()
                .any(|(i, got)| fields.matches(fuzzy, ancestor, want, got, i))
            {
                count = 1;
            }
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

/// The longest hand-written list [`pairs_in_order`] decides.
const IN_ORDER_MAX: usize = 16;

/// Whether the comparison finds nothing unpaired because the lists pair
/// error for error in order, decided without de-duplication, bit sets or
/// normalisation: the k-th covered hand-written error has the k-th
/// candidate at the same field as its counterpart under `fuzzy`, no
/// candidate is left over, and the hand-written fields are pairwise
/// distinct under a matcher that never pairs distinct fields (so the
/// release's de-duplication keeps every error, whichever its matcher, and
/// no error matches another's counterpart: consuming and many-to-many
/// pairing both pair exactly the k-th with the k-th). Also true when there
/// is nothing to pair (no covered error, no candidate). `false` means
/// "not decided here": the full comparison runs, as it does for lists of
/// more than [`IN_ORDER_MAX`] hand-written errors (the distinct-field
/// check is quadratic).
#[inline]
fn pairs_in_order<'e, I>(hv: &[Error], mut candidates: I, fuzzy: &ErrorMatcher) -> bool
where
    I: Iterator<Item = &'e Error> + ExactSizeIterator,
{
    if hv.len() > IN_ORDER_MAX {
        return false;
    }
    let mut covered = false;
    for want in hv {
        if !want.covered_by_declarative {
            continue;
        }
        covered = true;
        let Some(got) = candidates.next() else {
            return false;
        };
        // One field comparison: at equal fields `matches_normalized`
        // compares the other criteria only; at distinct fields the raw
        // field stands for the normalised one, and whatever it answers,
        // the distinct-field condition below refuses the lists (a matcher
        // that never pairs distinct fields does not pair these).
        if !fuzzy.matches_normalized(want, got, &got.field) {
            return false;
        }
    }
    if candidates.len() != 0 {
        return false;
    }
    if !covered {
        return true;
    }
    fuzzy.distinct_fields_never_match()
        && hv
            .iter()
            .enumerate()
            .skip(1)
            .all(|(i, e)| !hv[..i].iter().any(|k| str_eq(&k.field, &e.field)))
}

/// The indices below `len` set in `flags`, ascending.
fn covered_indices(flags: &Flags, len: usize) -> impl Iterator<Item = usize> + '_ {
    (0..len).filter(|&i| flags.get(i))
}

/// One flag per index: bits of a word for up to 64 indices (no
/// allocation), else one `bool` each.
enum Flags {
    Bits(u64),
    Many(Vec<bool>),
}

impl Flags {
    fn new(len: usize) -> Flags {
        if len <= 64 {
            Flags::Bits(0)
        } else {
            Flags::Many(vec![false; len])
        }
    }

    fn get(&self, i: usize) -> bool {
        match self {
            // An index past the word is unset: `Flags::new(0)` stands for "none"
            // whatever the length it is asked about.
            Flags::Bits(bits) => i < 64 && bits & (1 << i) != 0,
            Flags::Many(flags) => flags[i],
        }
    }

    fn set(&mut self, i: usize) {
        match self {
            Flags::Bits(bits) => *bits |= 1 << i,
            Flags::Many(flags) => flags[i] = true,
        }
    }
}

/// Candidates whose field normalisation is kept inline (no allocation).
const INLINE_FIELDS: usize = 8;

/// Each candidate's field as the comparison matcher normalises it,
/// computed on first use.
pub(crate) enum FieldCache<'e> {
    Inline([Option<std::borrow::Cow<'e, str>>; INLINE_FIELDS]),
    Heap(Vec<Option<std::borrow::Cow<'e, str>>>),
}

impl<'e> FieldCache<'e> {
    pub(crate) fn new(len: usize) -> FieldCache<'e> {
        if len <= INLINE_FIELDS {
            FieldCache::Inline(Default::default())
        } else {
            FieldCache::Heap(vec![None; len])
        }
    }

    /// Whether `matcher` pairs `want` with candidate `i` (`got`), `got`'s
    /// field normalised by `normalizer` (the comparison matcher) only when
    /// it differs from `want`'s: an equal field is compared as it is.
    pub(crate) fn matches(
        &mut self,
        normalizer: &ErrorMatcher,
        matcher: &ErrorMatcher,
        want: &Error,
        got: &'e Error,
        i: usize,
    ) -> bool {
        if str_eq(&want.field, &got.field) {
            return matcher.matches_normalized(want, got, &got.field);
        }
        let slot = match self {
            FieldCache::Inline(slots) => &mut slots[i],
            FieldCache::Heap(slots) => &mut slots[i],
        };
        let field = slot.get_or_insert_with(|| normalizer.normalized_field(&got.field));
        matcher.matches_normalized(want, got, field)
    }
}

/// The matcher of 1.35's exact de-duplication, built once.
static EXACT: std::sync::LazyLock<ErrorMatcher> =
    std::sync::LazyLock::new(|| ErrorMatcher::default().exactly());

/// The hand-written errors kept by the release's de-duplication that are
/// covered by declarative validation ([`crate::normalize::dedupe`] without
/// copying the errors), and how many.
fn covered_after_dedupe(
    hv: &[Error],
    lifecycle: &Lifecycle,
    fuzzy: &ErrorMatcher,
) -> (Flags, usize) {
    let matcher: &ErrorMatcher = match lifecycle.dedupe() {
        Dedupe::Exact => &EXACT,
        Dedupe::Fuzzy => fuzzy,
    };
    let mut kept = Flags::new(hv.len());
    for (i, e) in hv.iter().enumerate() {
        // `e` is the got side of each comparison: its field is normalised
        // at most once, and only when an earlier kept error's differs.
        let mut field: Option<std::borrow::Cow<'_, str>> = None;
        let duplicate = (0..i).filter(|&k| kept.get(k)).any(|k| {
            let k = &hv[k];
            if str_eq(&k.field, &e.field) {
                matcher.matches_normalized(k, e, &e.field)
            } else {
                let field = field.get_or_insert_with(|| matcher.normalized_field(&e.field));
                matcher.matches_normalized(k, e, field)
            }
        });
        if !duplicate {
            kept.set(i);
        }
    }
    let mut covered = Flags::new(hv.len());
    let mut count = 0;
    for (i, e) in hv.iter().enumerate() {
        if kept.get(i) && e.covered_by_declarative {
            covered.set(i);
            count += 1;
        }
    }
    (covered, count)
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
mod reference {
    use super::Mismatches;
    use crate::lifecycle::{Dedupe, Lifecycle, Matching, extra_line, unmatched_line};
    use apimachinery::field::{Error, ErrorList, ErrorMatcher};

    /// The comparison as it was before the allocation-free one: the
    /// reference every fast path must agree with.
    pub(super) fn gather_reference<'e, I>(
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_past_their_word_are_unset() {
        // `Flags::new(0)` is asked about every hand-written index when none is
        // covered; more than 64 hand-written errors must not overflow the shift.
        let none = Flags::new(0);
        assert!(!none.get(64) && !none.get(1000));
        assert_eq!(covered_indices(&none, 200).count(), 0);
    }
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

#[cfg(test)]
mod equivalence {
    //! The allocation-free comparison and the candidate view against the
    //! reference implementation, on random lists under every release.
    use super::*;
    use crate::lifecycle::{Gates, Semantics};
    use crate::normalize::fuzzy_matcher;
    use apimachinery::field::{NormalizationRule, Path};
    use proptest::prelude::*;

    const FIELDS: [&str; 7] = [
        "a",
        "a.b",
        "a[0]",
        "spec",
        "spec.count",
        "spec.replicas",
        "spec.template.x",
    ];

    fn error() -> impl Strategy<Value = Error> {
        (
            0..4usize,
            0..FIELDS.len(),
            0..3usize,
            0..3usize,
            0..3usize,
            any::<bool>(),
            any::<bool>(),
        )
            .prop_map(|(kind, field, origin, detail, stage, covered, short)| {
                let p = Path::new(FIELDS[field]);
                let detail = ["", "d1", "d2"][detail];
                let mut e = match kind {
                    0 => Error::required(&p, detail),
                    1 => Error::forbidden(&p, detail),
                    2 => Error::invalid(&p, 1, detail),
                    _ => Error::invalid(&p, 2, detail),
                };
                let origin = ["", "minimum", "maximum"][origin];
                if !origin.is_empty() {
                    e = e.with_origin(origin);
                }
                e = match stage {
                    0 => e,
                    1 => e.mark_alpha(),
                    _ => e.mark_beta(),
                };
                if covered {
                    e = e.mark_covered_by_declarative();
                }
                if short {
                    e = e.mark_short_circuit();
                }
                e
            })
    }

    fn rules(n: usize) -> Vec<NormalizationRule> {
        let all = [
            NormalizationRule::new(r"^spec\.count$", "spec.replicas").unwrap(),
            NormalizationRule::new(r"^a\.b", "a").unwrap(),
        ];
        all[..n].to_vec()
    }

    /// The candidates as a list, the way they were selected before the view.
    fn old_candidates<'e>(lc: &Lifecycle, dv: &'e ErrorList) -> Vec<&'e Error> {
        let staged_only = match lc.semantics {
            Semantics::V1_35 => false,
            Semantics::V1_36 => lc.enforce,
            Semantics::V1_37 => true,
        };
        dv.iter()
            .filter(|e| !staged_only || e.is_alpha() || e.is_beta())
            .collect()
    }

    fn same_refs(a: &[&Error], b: &[&Error]) -> bool {
        a.len() == b.len() && a.iter().zip(b).all(|(x, y)| std::ptr::eq(*x, *y))
    }

    fn check(
        hv: Vec<Error>,
        dv: Vec<Error>,
        sem: usize,
        gates: (bool, bool, bool, bool),
        enforce: bool,
        short: bool,
        nrules: usize,
    ) -> Result<(), TestCaseError> {
        let sem = Semantics::ALL[sem];
        let mut g = Gates::defaults(sem);
        (
            g.declarative_validation,
            g.takeover,
            g.beta,
            g.all_enforced_for_test,
        ) = gates;
        let lc = Lifecycle::new(sem, g, enforce);
        let fuzzy = fuzzy_matcher(&rules(nrules));
        let (hv, dv) = (ErrorList(hv), ErrorList(dv));
        let old = old_candidates(&lc, &dv);
        let view = lc.candidates(&dv);
        let listed: Vec<&Error> = view.iter().collect();
        prop_assert!(same_refs(&listed, &old));
        prop_assert_eq!(view.len(), old.len());
        let got = gather_mismatches(&hv, &view, &lc, &fuzzy, short);
        let want = reference::gather_reference(&hv, old.iter().copied(), &lc, &fuzzy, short);
        prop_assert!(
            same_refs(&got.unmatched, &want.unmatched),
            "unmatched differ"
        );
        prop_assert!(same_refs(&got.extra, &want.extra), "extra differ");
        prop_assert_eq!(got.details, want.details);
        Ok(())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn small_lists_agree_with_the_reference(
            hv in prop::collection::vec(error(), 0..7),
            dv in prop::collection::vec(error(), 0..7),
            sem in 0..3usize,
            gates in any::<(bool, bool, bool, bool)>(),
            enforce in any::<bool>(),
            short in any::<bool>(),
            nrules in 0..3usize,
        ) {
            check(hv, dv, sem, gates, enforce, short, nrules)?;
        }

        #[test]
        fn pairs_in_order_agree_with_the_reference(
            pairs in prop::collection::vec(error(), 1..6),
            sem in 0..3usize,
            short in any::<bool>(),
            nrules in 0..3usize,
        ) {
            // The same errors on both sides, covered on the hand-written
            // side and beta on the declarative side: the in-order fast path.
            let hv = pairs.iter().cloned().map(Error::mark_covered_by_declarative).collect();
            let dv = pairs.into_iter().map(Error::mark_beta).collect();
            let gates = (true, false, true, false);
            check(hv, dv, sem, gates, false, short, nrules)?;
        }
    }

    fn paired_lists() -> impl Strategy<Value = (Vec<Error>, Vec<Error>)> {
        crate::paired_lists::paired_lists(error, 1, false)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(5000))]

        #[test]
        fn in_order_fast_path_agrees_with_the_slow_path(
            (hv, dv) in paired_lists(),
            sem in 0..3usize,
            gates in any::<(bool, bool, bool, bool)>(),
            enforce in any::<bool>(),
            short in any::<bool>(),
            nrules in 0..3usize,
        ) {
            // Whenever the fast path decides, the reference comparison
            // finds nothing unpaired; and the whole comparison (fast path
            // or not) agrees with the reference.
            let semantics = Semantics::ALL[sem];
            let mut g = Gates::defaults(semantics);
            (g.declarative_validation, g.takeover, g.beta, g.all_enforced_for_test) = gates;
            let lc = Lifecycle::new(semantics, g, enforce);
            let fuzzy = fuzzy_matcher(&rules(nrules));
            let (hvl, dvl) = (ErrorList(hv.clone()), ErrorList(dv.clone()));
            let view = lc.candidates(&dvl);
            if pairs_in_order(&hvl, view.iter(), &fuzzy) {
                let old = old_candidates(&lc, &dvl);
                let want =
                    reference::gather_reference(&hvl, old.iter().copied(), &lc, &fuzzy, short);
                prop_assert!(want.is_empty(), "fast path taken where the reference pairs differently");
            }
            check(hv, dv, sem, gates, enforce, short, nrules)?;
        }
    }

    #[test]
    fn in_order_fast_path_is_taken_for_equal_lists_and_refused_otherwise() {
        let fuzzy = fuzzy_matcher(&[]);
        let at = |f: &str| {
            Error::invalid(&Path::new(f), -1, "d")
                .with_origin("minimum")
                .mark_covered_by_declarative()
        };
        let hv = vec![at("a"), at("b")];
        let dv: Vec<Error> = hv.iter().cloned().map(Error::mark_beta).collect();
        assert!(pairs_in_order(&hv, dv.iter(), &fuzzy));
        // Nothing to pair at all.
        let uncovered = vec![Error::required(&Path::new("a"), "")];
        assert!(pairs_in_order(&uncovered, [].iter(), &fuzzy));
        // Other order, a left-over candidate, a repeated field, normalisation.
        let swapped = [dv[1].clone(), dv[0].clone()];
        assert!(!pairs_in_order(&hv, swapped.iter(), &fuzzy));
        assert!(!pairs_in_order(&hv[..1], dv.iter(), &fuzzy));
        let repeated = vec![
            at("a"),
            Error::required(&Path::new("a"), "").mark_covered_by_declarative(),
        ];
        let repeated_dv: Vec<Error> = repeated.iter().cloned().map(Error::mark_beta).collect();
        assert!(!pairs_in_order(&repeated, repeated_dv.iter(), &fuzzy));
        assert!(!pairs_in_order(&hv, dv.iter(), &fuzzy_matcher(&rules(1))));
        // Longer lists go to the full comparison, which pairs them too.
        let long: Vec<Error> = (0..=IN_ORDER_MAX).map(|i| at(&format!("x[{i}]"))).collect();
        let long_dv: Vec<Error> = long.iter().cloned().map(Error::mark_beta).collect();
        assert!(!pairs_in_order(&long, long_dv.iter(), &fuzzy));
        let lc = Lifecycle::new(Semantics::V1_37, Gates::defaults(Semantics::V1_37), false);
        let (long, long_dv) = (ErrorList(long), ErrorList(long_dv));
        assert!(gather_mismatches(&long, &lc.candidates(&long_dv), &lc, &fuzzy, false).is_empty());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]

        #[test]
        fn long_lists_agree_with_the_reference(
            hv in prop::collection::vec(error(), 0..80),
            dv in prop::collection::vec(error(), 0..80),
            sem in 0..3usize,
            enforce in any::<bool>(),
            short in any::<bool>(),
            nrules in 0..3usize,
        ) {
            check(hv, dv, sem, (true, false, true, false), enforce, short, nrules)?;
        }
    }
}
