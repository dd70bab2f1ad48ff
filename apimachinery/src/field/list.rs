//! `ErrorList`: a list of field errors with Kubernetes' marking and filtering helpers.

use super::{Error, ErrorType};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::fmt;
use std::ops::{Deref, DerefMut};

/// A list of [`Error`]s, as Kubernetes' `field.ErrorList`. Serialises to the
/// ERROR array of the dv-harness JSON contract.
///
/// An empty list means valid; creating one does not allocate.
///
/// ```
/// use apimachinery::field::{Error, ErrorList, Path};
/// let mut errs = ErrorList::new();
/// assert!(errs.is_empty());
/// errs.push(Error::required(&Path::new("spec"), ""));
/// let errs = errs.mark_beta();
/// assert!(errs[0].is_beta());
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ErrorList(pub Vec<Error>);

impl ErrorList {
    /// An empty list.
    ///
    /// ```
    /// assert!(apimachinery::field::ErrorList::new().is_empty());
    /// ```
    pub const fn new() -> ErrorList {
        ErrorList(Vec::new())
    }

    /// Appends every error of `other`.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// let mut a = ErrorList::from(Error::required(&Path::new("a"), ""));
    /// a.extend_from(ErrorList::from(Error::required(&Path::new("b"), "")));
    /// assert_eq!(a.len(), 2);
    /// ```
    pub fn extend_from(&mut self, other: ErrorList) {
        if self.0.is_empty() {
            self.0 = other.0;
        } else {
            self.0.extend(other.0);
        }
    }

    fn map(mut self, f: impl Fn(&mut Error)) -> ErrorList {
        self.0.iter_mut().for_each(f);
        self
    }

    /// Sets the origin of every error (`ErrorList.WithOrigin`).
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// let l = ErrorList::from(Error::required(&Path::new("a"), "")).with_origin("o");
    /// assert_eq!(l[0].origin, "o");
    /// ```
    pub fn with_origin(self, origin: &str) -> ErrorList {
        self.map(|e| e.origin = origin.to_string())
    }

    /// Marks every error as covered by declarative validation.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// let l = ErrorList::from(Error::required(&Path::new("a"), "")).mark_covered_by_declarative();
    /// assert!(l[0].covered_by_declarative);
    /// ```
    pub fn mark_covered_by_declarative(self) -> ErrorList {
        self.map(|e| e.covered_by_declarative = true)
    }

    /// Prefixes every error's detail (`PrefixDetail`).
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// let l = ErrorList::from(Error::invalid(&Path::new("a"), 1, "bad")).prefix_detail("segment 0: ");
    /// assert_eq!(l[0].detail, "segment 0: bad");
    /// ```
    pub fn prefix_detail(self, prefix: &str) -> ErrorList {
        self.map(|e| e.detail.insert_str(0, prefix))
    }

    /// Marks every error alpha.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// assert!(ErrorList::from(Error::required(&Path::new("a"), "")).mark_alpha()[0].is_alpha());
    /// ```
    pub fn mark_alpha(self) -> ErrorList {
        self.map(|e| e.stability_level = super::StabilityLevel::Alpha)
    }

    /// Marks every error beta.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// assert!(ErrorList::from(Error::required(&Path::new("a"), "")).mark_beta()[0].is_beta());
    /// ```
    pub fn mark_beta(self) -> ErrorList {
        self.map(|e| e.stability_level = super::StabilityLevel::Beta)
    }

    /// Marks every error as hand-written.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// assert!(ErrorList::from(Error::required(&Path::new("a"), "")).mark_from_imperative()[0].from_imperative);
    /// ```
    pub fn mark_from_imperative(self) -> ErrorList {
        self.map(|e| e.from_imperative = true)
    }

    /// Marks every error as short-circuiting.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// assert!(ErrorList::from(Error::required(&Path::new("a"), "")).mark_short_circuit()[0].short_circuit);
    /// ```
    pub fn mark_short_circuit(self) -> ErrorList {
        self.map(|e| e.short_circuit = true)
    }

    /// A new list of the errors marked covered by declarative validation.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// let l = ErrorList(vec![
    ///     Error::required(&Path::new("a"), "").mark_covered_by_declarative(),
    ///     Error::required(&Path::new("b"), ""),
    /// ]);
    /// assert_eq!(l.extract_covered_by_declarative().len(), 1);
    /// assert_eq!(l.remove_covered_by_declarative()[0].field, "b");
    /// ```
    pub fn extract_covered_by_declarative(&self) -> ErrorList {
        ErrorList(
            self.0
                .iter()
                .filter(|e| e.covered_by_declarative)
                .cloned()
                .collect(),
        )
    }

    /// A new list of the errors not marked covered by declarative validation.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// let l = ErrorList::from(Error::required(&Path::new("a"), ""));
    /// assert_eq!(l.remove_covered_by_declarative().len(), 1);
    /// ```
    pub fn remove_covered_by_declarative(&self) -> ErrorList {
        ErrorList(
            self.0
                .iter()
                .filter(|e| !e.covered_by_declarative)
                .cloned()
                .collect(),
        )
    }

    /// The distinct error messages, in order (`ToAggregate`, which
    /// de-duplicates by the rendered `Error()` string); `None` when empty.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// let e = Error::required(&Path::new("a"), "");
    /// let l = ErrorList(vec![e.clone(), e]);
    /// assert_eq!(l.to_aggregate().unwrap(), vec!["a: Required value".to_string()]);
    /// assert!(ErrorList::new().to_aggregate().is_none());
    /// ```
    pub fn to_aggregate(&self) -> Option<Vec<String>> {
        if self.0.is_empty() {
            return None;
        }
        let mut seen = HashSet::new();
        let msgs: Vec<String> = self
            .0
            .iter()
            .map(|e| e.to_string())
            .filter(|m| seen.insert(m.clone()))
            .collect();
        Some(msgs)
    }

    /// Removes the errors any predicate matches (`Filter`); like Kubernetes,
    /// errors with identical messages are de-duplicated as a side effect.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, ErrorType, Path};
    /// let l = ErrorList(vec![
    ///     Error::required(&Path::new("a"), ""),
    ///     Error::forbidden(&Path::new("b"), ""),
    /// ]);
    /// let kept = l.filter(&[&ErrorList::type_matcher(ErrorType::Required)]);
    /// assert_eq!(kept.len(), 1);
    /// assert_eq!(kept[0].field, "b");
    /// ```
    pub fn filter(&self, predicates: &[&dyn Fn(&Error) -> bool]) -> ErrorList {
        let mut seen = HashSet::new();
        ErrorList(
            self.0
                .iter()
                .filter(|e| seen.insert(e.to_string()))
                .filter(|e| !predicates.iter().any(|p| p(e)))
                .cloned()
                .collect(),
        )
    }

    /// A predicate matching errors of one type (`NewErrorTypeMatcher`).
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, ErrorType, Path};
    /// let m = ErrorList::type_matcher(ErrorType::Required);
    /// assert!(m(&Error::required(&Path::new("a"), "")));
    /// ```
    pub fn type_matcher(t: ErrorType) -> impl Fn(&Error) -> bool {
        move |e: &Error| e.error_type == t
    }
}

impl Deref for ErrorList {
    type Target = Vec<Error>;
    fn deref(&self) -> &Vec<Error> {
        &self.0
    }
}

impl DerefMut for ErrorList {
    fn deref_mut(&mut self) -> &mut Vec<Error> {
        &mut self.0
    }
}

impl From<Error> for ErrorList {
    fn from(e: Error) -> ErrorList {
        ErrorList(vec![e])
    }
}

impl From<Vec<Error>> for ErrorList {
    fn from(v: Vec<Error>) -> ErrorList {
        ErrorList(v)
    }
}

impl FromIterator<Error> for ErrorList {
    fn from_iter<I: IntoIterator<Item = Error>>(iter: I) -> ErrorList {
        ErrorList(iter.into_iter().collect())
    }
}

impl IntoIterator for ErrorList {
    type Item = Error;
    type IntoIter = std::vec::IntoIter<Error>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a> IntoIterator for &'a ErrorList {
    type Item = &'a Error;
    type IntoIter = std::slice::Iter<'a, Error>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl fmt::Display for ErrorList {
    /// The aggregate message: one error alone, or `[e1, e2]` as Go's aggregate prints.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.to_aggregate() {
            None => Ok(()),
            Some(msgs) if msgs.len() == 1 => f.write_str(&msgs[0]),
            Some(msgs) => write!(f, "[{}]", msgs.join(", ")),
        }
    }
}
