//! Checking a validator's errors against a case's `expected` list: a
//! multiset of (type, field), plus origin and detail where the expected
//! entry gives them.

use apimachinery::field::{Error, ErrorList, ErrorType};
use serde::ser::SerializeMap;
use serde::{Deserialize, Serialize, Serializer};

/// One expected error of a case file.
///
/// ```
/// use dv_harness_engine::expectation::ExpectedError;
/// let e: ExpectedError = serde_json::from_str(
///     r#"{"type":"FieldValueInvalid","field":"spec.replicas","origin":"minimum"}"#).unwrap();
/// assert_eq!(e.origin.as_deref(), Some("minimum"));
/// assert!(e.detail.is_none());
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExpectedError {
    /// The error type, e.g. `FieldValueInvalid`.
    #[serde(rename = "type")]
    pub error_type: ErrorType,
    /// The rendered field path.
    pub field: String,
    /// The origin, compared when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<String>,
    /// The detail, compared when given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

impl ExpectedError {
    /// An expected error of a type at a field, with no origin or detail.
    ///
    /// ```
    /// use dv_harness_engine::expectation::ExpectedError;
    /// use apimachinery::field::ErrorType;
    /// let e = ExpectedError::new(ErrorType::Required, "spec.x").with_origin("required");
    /// assert_eq!(e.field, "spec.x");
    /// ```
    pub fn new(error_type: ErrorType, field: impl Into<String>) -> ExpectedError {
        ExpectedError {
            error_type,
            field: field.into(),
            origin: None,
            detail: None,
        }
    }

    /// This expectation with an origin.
    ///
    /// ```
    /// use dv_harness_engine::expectation::ExpectedError;
    /// use apimachinery::field::ErrorType;
    /// assert_eq!(ExpectedError::new(ErrorType::Invalid, "x").with_origin("minimum").origin.unwrap(), "minimum");
    /// ```
    pub fn with_origin(mut self, origin: impl Into<String>) -> ExpectedError {
        self.origin = Some(origin.into());
        self
    }

    /// This expectation with a detail.
    ///
    /// ```
    /// use dv_harness_engine::expectation::ExpectedError;
    /// use apimachinery::field::ErrorType;
    /// assert_eq!(ExpectedError::new(ErrorType::Invalid, "x").with_detail("d").detail.unwrap(), "d");
    /// ```
    pub fn with_detail(mut self, detail: impl Into<String>) -> ExpectedError {
        self.detail = Some(detail.into());
        self
    }

    /// Whether `actual` satisfies this expectation.
    ///
    /// ```
    /// use dv_harness_engine::expectation::ExpectedError;
    /// use apimachinery::field::{Error, ErrorType, Path};
    /// let got = Error::required(&Path::new("x"), "").with_origin("required");
    /// assert!(ExpectedError::new(ErrorType::Required, "x").accepts(&got));
    /// assert!(!ExpectedError::new(ErrorType::Required, "x").with_origin("other").accepts(&got));
    /// ```
    pub fn accepts(&self, actual: &Error) -> bool {
        self.error_type == actual.error_type
            && self.field == actual.field
            && self.origin.as_ref().is_none_or(|o| *o == actual.origin)
            && self.detail.as_ref().is_none_or(|d| *d == actual.detail)
    }
}

/// The result of checking one side against the expected errors.
///
/// ```
/// use dv_harness_engine::expectation::{ExpectedError, SideCheck};
/// use apimachinery::field::{Error, ErrorList, ErrorType, Path};
/// let got = ErrorList::from(Error::required(&Path::new("x"), ""));
/// let check = SideCheck::new(&[ExpectedError::new(ErrorType::Required, "x")], &got);
/// assert!(check.pass());
/// ```
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct SideCheck {
    /// Expected errors the side did not produce.
    pub missing: Vec<ExpectedError>,
    /// Errors the side produced that no expectation accounts for.
    pub unexpected: Vec<Error>,
}

impl SideCheck {
    /// Pairs expected and actual errors one to one (a maximum bipartite
    /// matching, so an expectation without an origin never steals the error
    /// a more specific one needs) and keeps what is left on each side.
    ///
    /// ```
    /// use dv_harness_engine::expectation::{ExpectedError, SideCheck};
    /// use apimachinery::field::{Error, ErrorList, ErrorType, Path};
    /// let p = Path::new("x");
    /// let got = ErrorList(vec![Error::required(&p, ""), Error::required(&p, "")]);
    /// let check = SideCheck::new(&[ExpectedError::new(ErrorType::Required, "x")], &got);
    /// assert_eq!(check.unexpected.len(), 1);
    /// ```
    pub fn new(expected: &[ExpectedError], actual: &ErrorList) -> SideCheck {
        // owner[a] = the expectation holding actual a.
        let owner = matching(expected, actual);
        let matched_expected: Vec<bool> = (0..expected.len())
            .map(|e| owner.contains(&Some(e)))
            .collect();
        SideCheck {
            missing: expected
                .iter()
                .zip(&matched_expected)
                .filter(|(_, m)| !**m)
                .map(|(e, _)| e.clone())
                .collect(),
            unexpected: actual
                .iter()
                .zip(&owner)
                .filter(|(_, o)| o.is_none())
                .map(|(a, _)| a.clone())
                .collect(),
        }
    }

    /// Whether the side produced exactly the expected errors.
    ///
    /// ```
    /// assert!(dv_harness_engine::expectation::SideCheck::default().pass());
    /// ```
    pub fn pass(&self) -> bool {
        self.missing.is_empty() && self.unexpected.is_empty()
    }
}

/// For each actual error, the index of the expectation it is matched to
/// (a maximum bipartite matching by Kuhn's augmenting paths).
fn matching(expected: &[ExpectedError], actual: &ErrorList) -> Vec<Option<usize>> {
    let mut owner: Vec<Option<usize>> = vec![None; actual.len()];
    for e in 0..expected.len() {
        let mut seen = vec![false; actual.len()];
        augment(e, expected, actual, &mut owner, &mut seen);
    }
    owner
}

/// The expectation the all-enforced view must meet: `expected` without the
/// entries matched to a covered hand-written error that repeats an earlier
/// covered one (same type, field, origin and detail).
fn enforced_expectation(expected: &[ExpectedError], handwritten: &ErrorList) -> Vec<ExpectedError> {
    let owner = matching(expected, handwritten);
    let mut dropped = vec![false; expected.len()];
    for (a, err) in handwritten.iter().enumerate() {
        let Some(e) = owner[a] else { continue };
        let repeat = err.covered_by_declarative
            && handwritten[..a].iter().any(|o| {
                o.covered_by_declarative
                    && o.error_type == err.error_type
                    && o.field == err.field
                    && o.origin == err.origin
                    && o.detail == err.detail
            });
        if repeat {
            dropped[e] = true;
        }
    }
    expected
        .iter()
        .zip(dropped)
        .filter(|(_, d)| !d)
        .map(|(e, _)| e.clone())
        .collect()
}

fn augment(
    e: usize,
    expected: &[ExpectedError],
    actual: &ErrorList,
    owner: &mut [Option<usize>],
    seen: &mut [bool],
) -> bool {
    for a in 0..actual.len() {
        if seen[a] || !expected[e].accepts(&actual[a]) {
            continue;
        }
        seen[a] = true;
        let free = match owner[a] {
            None => true,
            Some(other) => augment(other, expected, actual, owner, seen),
        };
        if free {
            owner[a] = Some(e);
            return true;
        }
    }
    false
}

/// Both sides checked against a case's `expected`. Serialises as
/// `{"handwritten": "pass"|"fail", "declarative": "pass"|"fail"}` plus, for a
/// failing side, `handwrittenDifference` / `declarativeDifference` with the
/// `missing` expectations and the `unexpected` errors.
///
/// ```
/// use dv_harness_engine::expectation::{ExpectedError, ExpectationReport};
/// use apimachinery::field::{Error, ErrorList, ErrorType, Path};
/// let exp = [ExpectedError::new(ErrorType::Required, "x")];
/// let hv = ErrorList::from(Error::required(&Path::new("x"), ""));
/// let r = ExpectationReport::new(&exp, &hv, &ErrorList::new());
/// let v = serde_json::to_value(&r).unwrap();
/// assert_eq!(v["handwritten"], "pass");
/// assert_eq!(v["declarative"], "fail");
/// assert_eq!(v["declarativeDifference"]["missing"][0]["field"], "x");
/// assert!(v.get("handwrittenDifference").is_none());
/// ```
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ExpectationReport {
    /// HV's errors against the expectation.
    pub handwritten: SideCheck,
    /// The all-rules-enforced view (HV errors not covered by declarative
    /// validation plus every DV error) against the expectation.
    pub declarative: SideCheck,
}

impl ExpectationReport {
    /// Checks both sides: `handwritten` is HV's list, `declarative` the
    /// list with every declarative rule enforced (see [`crate::engine::Outcome::expected`]).
    ///
    /// Both are compared as multisets. `expected` states what hand-written
    /// validation returns; in the enforced view Kubernetes drops every covered
    /// hand-written error and adds the declarative ones, so when hand-written
    /// validation reports a covered error twice (RC's update strategy runs the
    /// create checks too) a single declarative error stands for both: the
    /// expectation matched to the repeat is not asked of the enforced view.
    ///
    /// ```
    /// use dv_harness_engine::expectation::{ExpectedError, ExpectationReport};
    /// use apimachinery::field::{Error, ErrorList, ErrorType, Path};
    /// let p = Path::new("x");
    /// let e = ExpectedError::new(ErrorType::Invalid, "x").with_origin("minimum");
    /// let once = Error::invalid(&p, -1, "").with_origin("minimum");
    /// let covered = once.clone().mark_covered_by_declarative();
    /// let hv = ErrorList(vec![covered.clone(), covered]);
    /// let r = ExpectationReport::new(&[e.clone(), e], &hv, &ErrorList::from(once));
    /// assert!(r.pass());
    /// ```
    ///
    /// ```
    /// use dv_harness_engine::expectation::ExpectationReport;
    /// use apimachinery::field::ErrorList;
    /// assert!(ExpectationReport::new(&[], &ErrorList::new(), &ErrorList::new()).pass());
    /// ```
    pub fn new(
        expected: &[ExpectedError],
        handwritten: &ErrorList,
        declarative: &ErrorList,
    ) -> ExpectationReport {
        ExpectationReport::with_handwritten(expected, None, handwritten, declarative)
    }

    /// Like [`ExpectationReport::new`], with hand-written validation held to
    /// its own expectation where the case gives one (`expectedHandwritten`):
    /// `expected` is what Kubernetes returns, which for a declarative-only
    /// rule includes errors hand-written validation never reports.
    ///
    /// ```
    /// use dv_harness_engine::expectation::{ExpectedError, ExpectationReport};
    /// use apimachinery::field::{Error, ErrorList, ErrorType, Path};
    /// let exp = [ExpectedError::new(ErrorType::NotSupported, "x")];
    /// let dv = ErrorList::from(Error::not_supported(&Path::new("x"), "b", &["a"]));
    /// let r = ExpectationReport::with_handwritten(&exp, Some(&[]), &ErrorList::new(), &dv);
    /// assert!(r.pass());
    /// // Without the hand-written expectation, HV is asked for the DV-only error.
    /// let r = ExpectationReport::with_handwritten(&exp, None, &ErrorList::new(), &dv);
    /// assert!(!r.handwritten.pass());
    /// assert!(r.declarative.pass());
    /// ```
    pub fn with_handwritten(
        expected: &[ExpectedError],
        expected_handwritten: Option<&[ExpectedError]>,
        handwritten: &ErrorList,
        declarative: &ErrorList,
    ) -> ExpectationReport {
        ExpectationReport {
            handwritten: SideCheck::new(expected_handwritten.unwrap_or(expected), handwritten),
            declarative: SideCheck::new(&enforced_expectation(expected, handwritten), declarative),
        }
    }

    /// Whether both sides pass.
    ///
    /// ```
    /// assert!(dv_harness_engine::expectation::ExpectationReport::default().pass());
    /// ```
    pub fn pass(&self) -> bool {
        self.handwritten.pass() && self.declarative.pass()
    }
}

fn verdict(pass: bool) -> &'static str {
    if pass { "pass" } else { "fail" }
}

impl Serialize for ExpectationReport {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(None)?;
        m.serialize_entry("handwritten", verdict(self.handwritten.pass()))?;
        m.serialize_entry("declarative", verdict(self.declarative.pass()))?;
        if !self.handwritten.pass() {
            m.serialize_entry("handwrittenDifference", &self.handwritten)?;
        }
        if !self.declarative.pass() {
            m.serialize_entry("declarativeDifference", &self.declarative)?;
        }
        m.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::Path;

    #[test]
    fn specific_expectation_is_not_starved() {
        let p = Path::new("x");
        // a1 satisfies both expectations, a2 only the origin-only one.
        let a1 = Error::invalid(&p, 1, "d1").with_origin("o");
        let a2 = Error::invalid(&p, 1, "d2").with_origin("o");
        let exp = [
            ExpectedError::new(ErrorType::Invalid, "x").with_origin("o"),
            ExpectedError::new(ErrorType::Invalid, "x").with_detail("d1"),
        ];
        let check = SideCheck::new(&exp, &ErrorList(vec![a1, a2]));
        assert!(check.pass(), "{check:?}");
    }

    #[test]
    fn multiset_counts() {
        let p = Path::new("x");
        let got = ErrorList::from(Error::required(&p, ""));
        let exp = [
            ExpectedError::new(ErrorType::Required, "x"),
            ExpectedError::new(ErrorType::Required, "x"),
        ];
        let check = SideCheck::new(&exp, &got);
        assert_eq!(check.missing.len(), 1);
        assert!(check.unexpected.is_empty());
    }

    #[test]
    fn type_and_field_both_count() {
        let got = ErrorList::from(Error::forbidden(&Path::new("x"), ""));
        let check = SideCheck::new(&[ExpectedError::new(ErrorType::Required, "x")], &got);
        assert_eq!((check.missing.len(), check.unexpected.len()), (1, 1));
        let got = ErrorList::from(Error::required(&Path::new("y"), ""));
        let check = SideCheck::new(&[ExpectedError::new(ErrorType::Required, "x")], &got);
        assert!(!check.pass());
    }
}
