//! `ErrorList`: a list of field errors with Kubernetes' marking and filtering helpers.

use super::{Error, ErrorType};
use crate::text_eq::str_eq;
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::fmt;
use std::mem::MaybeUninit;
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

    /// The list moved out of the stack slot it was built in, to be
    /// returned: a validator's list lives in memory (the checks push into
    /// it through `&mut`), and returning it copies it into the caller's
    /// slot. The compiler copies those three words as one 16-byte and one
    /// 8-byte load, while the list was written as separate 8-byte stores
    /// (at creation, or by the out-of-line push of an error); a load that
    /// spans two pending stores cannot take their value from the store
    /// buffer and waits until they are written to the cache, which `perf`
    /// showed as most of a generated validator's time on this machine. A
    /// list that never allocated is returned as a constant (nothing is
    /// read), any other word by word with 8-byte loads.
    ///
    /// Hand-written (the only `unsafe` of the crate) because the copy has to
    /// be made of loads the compiler cannot merge.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// assert_eq!(ErrorList::new().moved_out(), ErrorList::new());
    /// let mut errs = ErrorList::new();
    /// errs.push(Error::required(&Path::new("a"), ""));
    /// let (buffer, capacity) = (errs.as_ptr(), errs.capacity());
    /// let moved = errs.moved_out();
    /// assert_eq!(moved[0].field, "a");
    /// assert_eq!((moved.as_ptr(), moved.capacity(), moved.len()), (buffer, capacity, 1));
    /// ```
    #[inline(always)]
    pub fn moved_out(self) -> ErrorList {
        if self.0.capacity() == 0 {
            std::mem::forget(self);
            return ErrorList::new();
        }
        let this = std::mem::ManuallyDrop::new(self);
        let words = std::ptr::from_ref::<ErrorList>(&this).cast::<MaybeUninit<usize>>();
        // SAFETY: an `ErrorList` is a `Vec`: three machine words (pointer,
        // capacity, length; `transmute` checks the size), and `words` points
        // at `this`, which is alive and aligned for a `usize`. The words are
        // read as `MaybeUninit`, which copies their bytes as they are (the
        // buffer pointer keeps its provenance), so transmuting them back is
        // a bitwise move of the list; `this` is never dropped, so the buffer
        // has one owner, the returned list.
        unsafe {
            std::mem::transmute::<[MaybeUninit<usize>; 3], ErrorList>([
                words.read_volatile(),
                words.add(1).read_volatile(),
                words.add(2).read_volatile(),
            ])
        }
    }

    /// Appends every error of `other`.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// let mut a = ErrorList::from(Error::required(&Path::new("a"), ""));
    /// a.extend_from(ErrorList::from(Error::required(&Path::new("b"), "")));
    /// assert_eq!(a.len(), 2);
    /// ```
    #[inline(always)]
    pub fn extend_from(&mut self, other: ErrorList) {
        if other.0.capacity() == 0 {
            // What validators return when they find nothing: a list that
            // never allocated. Nothing to move and nothing to free, so the
            // common case is one comparison where the call is written (no
            // call, no drop glue: generated code merges once per field).
            std::mem::forget(other);
            return;
        }
        self.append_owned(other);
    }

    /// `Some(self)` when the list holds errors, else `None`; an empty list
    /// that never allocated (what validators return when they find
    /// nothing) is discarded without running its drop glue. Generated code
    /// tests short-circuiting validators' results with it.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// assert!(ErrorList::new().nonempty().is_none());
    /// assert!(ErrorList(Vec::with_capacity(4)).nonempty().is_none());
    /// let l = ErrorList::from(Error::required(&Path::new("a"), ""));
    /// assert_eq!(l.nonempty().map(|l| l.len()), Some(1));
    /// ```
    #[inline(always)]
    pub fn nonempty(self) -> Option<ErrorList> {
        if self.0.capacity() == 0 {
            std::mem::forget(self);
            return None;
        }
        if self.0.is_empty() {
            return None;
        }
        Some(self)
    }

    /// [`ErrorList::extend_from`] for a list that holds a buffer.
    #[inline(never)]
    fn append_owned(&mut self, other: ErrorList) {
        if other.0.is_empty() {
            return;
        }
        if self.0.is_empty() {
            // `other` was usually just written by the call that returned it:
            // moved word by word (see `moved_out`).
            *self = other.moved_out();
        } else if self.0.capacity() - self.0.len() < other.0.len()
            && other.0.capacity() - other.0.len() >= self.0.len()
        {
            // `self` would reallocate and `other` has room for both: this
            // list's errors go in front of `other`'s, in its buffer.
            let mut merged = other.0;
            merged.splice(0..0, self.0.drain(..));
            self.0 = merged;
        } else {
            self.0.extend(other.0);
        }
    }

    #[inline]
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
    #[inline]
    pub fn with_origin(self, origin: impl Into<std::borrow::Cow<'static, str>>) -> ErrorList {
        let origin = origin.into();
        self.map(|e| e.origin = origin.clone())
    }

    /// Marks every error as covered by declarative validation.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// let l = ErrorList::from(Error::required(&Path::new("a"), "")).mark_covered_by_declarative();
    /// assert!(l[0].covered_by_declarative);
    /// ```
    #[inline]
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
    #[inline]
    pub fn prefix_detail(self, prefix: &str) -> ErrorList {
        self.map(|e| e.detail.to_mut().insert_str(0, prefix))
    }

    /// Marks every error alpha.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// assert!(ErrorList::from(Error::required(&Path::new("a"), "")).mark_alpha()[0].is_alpha());
    /// ```
    #[inline]
    pub fn mark_alpha(self) -> ErrorList {
        self.map(|e| e.stability_level = super::StabilityLevel::Alpha)
    }

    /// Marks every error beta.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// assert!(ErrorList::from(Error::required(&Path::new("a"), "")).mark_beta()[0].is_beta());
    /// ```
    #[inline]
    pub fn mark_beta(self) -> ErrorList {
        self.map(|e| e.stability_level = super::StabilityLevel::Beta)
    }

    /// Sets the stability level of the errors from index `start` on: what
    /// [`ErrorList::mark_alpha`] / [`ErrorList::mark_beta`] do to a list of
    /// their own, for the errors a validator appended to a shared sink.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path, StabilityLevel};
    /// let mut l = ErrorList::from(Error::required(&Path::new("a"), ""));
    /// l.push(Error::required(&Path::new("b"), ""));
    /// l.mark_level_from(1, StabilityLevel::Alpha);
    /// assert!(!l[0].is_alpha() && l[1].is_alpha());
    /// ```
    #[doc(hidden)]
    #[inline]
    pub fn mark_level_from(&mut self, start: usize, level: super::StabilityLevel) {
        if let Some(appended) = self.0.get_mut(start..) {
            for e in appended {
                e.stability_level = level;
            }
        }
    }

    /// Marks every error as hand-written.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// assert!(ErrorList::from(Error::required(&Path::new("a"), "")).mark_from_imperative()[0].from_imperative);
    /// ```
    #[inline]
    pub fn mark_from_imperative(mut self) -> ErrorList {
        self.mark_from_imperative_in_place();
        self
    }

    /// [`ErrorList::mark_from_imperative`] on the list where it is (no move
    /// of a list its validator has just returned).
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// let mut l = ErrorList::from(Error::required(&Path::new("a"), ""));
    /// l.mark_from_imperative_in_place();
    /// assert!(l[0].from_imperative);
    /// ```
    #[inline]
    pub fn mark_from_imperative_in_place(&mut self) {
        self.0.iter_mut().for_each(|e| e.from_imperative = true);
    }

    /// Marks every error as short-circuiting.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// assert!(ErrorList::from(Error::required(&Path::new("a"), "")).mark_short_circuit()[0].short_circuit);
    /// ```
    #[inline]
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
        let first = self.first_of_each_message();
        ErrorList(
            self.0
                .iter()
                .zip(first)
                .filter(|(e, first)| *first && !predicates.iter().any(|p| p(e)))
                .map(|(e, _)| e.clone())
                .collect(),
        )
    }

    /// [`ErrorList::filter`] that moves the kept errors instead of copying them.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, ErrorType, Path};
    /// let l = ErrorList(vec![
    ///     Error::required(&Path::new("a"), ""),
    ///     Error::required(&Path::new("a"), ""),
    ///     Error::forbidden(&Path::new("b"), ""),
    /// ]);
    /// let required = ErrorList::type_matcher(ErrorType::Forbidden);
    /// assert_eq!(l.clone().into_filtered(&[&required]), l.filter(&[&required]));
    /// assert_eq!(l.into_filtered(&[]).len(), 2);
    /// ```
    pub fn into_filtered(mut self, predicates: &[&dyn Fn(&Error) -> bool]) -> ErrorList {
        if self.0.len() <= PAIRWISE_DEDUPE {
            // Few errors (pairwise, as `first_of_each_message`): which are
            // kept fits in one word, no vector. An error a predicate drops
            // goes whether or not it repeats a message, so only the others
            // are compared with the errors before them (predicates are pure:
            // asking them first changes nothing but the work).
            let mut kept = 0u64;
            for (i, e) in self.0.iter().enumerate() {
                if !predicates.iter().any(|p| p(e))
                    && !self.0[..i].iter().any(|d| same_message(d, e))
                {
                    kept |= 1 << i;
                }
            }
            let mut index = 0;
            self.0.retain(|_| {
                let keep = kept & (1 << index) != 0;
                index += 1;
                keep
            });
            return self;
        }
        let first = self.first_of_each_message();
        let mut index = 0;
        // In place: the kept errors stay in the list's own buffer.
        self.0.retain(|e| {
            let keep = first[index] && !predicates.iter().any(|p| p(e));
            index += 1;
            keep
        });
        self
    }

    /// Per error, whether it is the first with its message (`ToAggregate`'s
    /// de-duplication).
    fn first_of_each_message(&self) -> Vec<bool> {
        if self.0.len() <= PAIRWISE_DEDUPE {
            // Few errors: compare messages pairwise, from their parts where
            // that settles it, so nothing is rendered in the common case.
            return (0..self.0.len())
                .map(|i| !self.0[..i].iter().any(|d| same_message(d, &self.0[i])))
                .collect();
        }
        let mut seen = HashSet::with_capacity(self.0.len());
        self.0.iter().map(|e| seen.insert(e.to_string())).collect()
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

/// Lists up to this length are de-duplicated by [`ErrorList::filter`]
/// pairwise; longer ones through a set of rendered messages.
const PAIRWISE_DEDUPE: usize = 32;
const _: () = assert!(
    PAIRWISE_DEDUPE <= 64,
    "into_filtered keeps its flags in a u64"
);

/// Whether two errors render the same message (`Error()` string, `field:
/// <type>[: value][: detail]`), deciding from the parts where they settle
/// it and rendering only when they cannot (a shown value that is not a
/// plain scalar, or fields where one continues the other's message).
fn same_message(a: &Error, b: &Error) -> bool {
    let (af, bf) = (a.field.as_str(), b.field.as_str());
    if !str_eq(af, bf) {
        // Different fields give equal messages only when the longer field
        // continues the shorter one's message (`x` and `x: y`).
        let (short, long) = if af.len() < bf.len() {
            (af, bf)
        } else {
            (bf, af)
        };
        return long.starts_with(short)
            && long[short.len()..].starts_with(": ")
            && a.to_string() == b.to_string();
    }
    let shows = |e: &Error| e.error_type.shows_value() && !e.bad_value.is_omitted();
    match (shows(a), shows(b)) {
        (false, false) => {
            let (pa, pb) = (body_pieces(a), body_pieces(b));
            pa.iter()
                .flat_map(|p| p.bytes())
                .eq(pb.iter().flat_map(|p| p.bytes()))
        }
        (true, true)
            if a.error_type == b.error_type
                && a.bad_value == b.bad_value
                && a.bad_value.renders_uniquely() =>
        {
            str_eq(&a.detail, &b.detail)
        }
        _ => str_eq(&a.body(), &b.body()),
    }
}

/// The body of an error without a shown value: `<type>[: detail]`.
fn body_pieces(e: &Error) -> [&str; 3] {
    let sep = if e.detail.is_empty() { "" } else { ": " };
    [e.error_type.human(), sep, &e.detail]
}

impl Deref for ErrorList {
    type Target = Vec<Error>;
    #[inline]
    fn deref(&self) -> &Vec<Error> {
        &self.0
    }
}

impl DerefMut for ErrorList {
    #[inline]
    fn deref_mut(&mut self) -> &mut Vec<Error> {
        &mut self.0
    }
}

impl From<Error> for ErrorList {
    #[inline]
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::{BadValue, Path};
    use serde_json::json;

    #[test]
    fn moved_out_is_the_same_list_with_the_same_buffer() {
        for n in 0..6 {
            let mut errs = ErrorList::new();
            for i in 0..n {
                errs.push(Error::required(&Path::new("a").index(i), "d"));
            }
            let before = errs.clone();
            let (buffer, capacity) = (errs.as_ptr(), errs.capacity());
            let mut moved = errs.moved_out();
            assert_eq!(moved, before);
            assert_eq!(moved.capacity(), capacity);
            if capacity > 0 {
                assert_eq!(moved.as_ptr(), buffer);
            }
            // The moved list owns its buffer: it grows and frees it.
            moved.push(Error::forbidden(&Path::new("b"), ""));
            assert_eq!(moved.len(), n + 1);
        }
    }

    #[test]
    fn extend_from_keeps_order_whichever_buffer_it_uses() {
        let err = |name: &str| Error::required(&Path::new(name), "");
        let list = |names: &[&str], capacity: usize| {
            let mut v = Vec::with_capacity(capacity);
            v.extend(names.iter().map(|n| err(n)));
            ErrorList(v)
        };
        let fields = |l: &ErrorList| l.iter().map(|e| e.field.clone()).collect::<Vec<_>>();
        // (self, its capacity, other, its capacity): self full with other
        // roomy (merged in other's buffer), self roomy, both full.
        for (a, a_cap, b, b_cap) in [
            (&["a", "b"][..], 2, &["c"][..], 8),
            (&["a"][..], 1, &["b", "c"][..], 3),
            (&["a", "b"][..], 8, &["c", "d"][..], 2),
            (&["a", "b"][..], 2, &["c", "d"][..], 2),
            (&["a", "b", "c"][..], 3, &["d"][..], 3),
        ] {
            let mut merged = list(a, a_cap);
            let other = list(b, b_cap);
            let other_buffer = other.0.as_ptr();
            let other_roomy = other.0.capacity() - other.0.len() >= a.len();
            merged.extend_from(other);
            let want: Vec<String> = a.iter().chain(b).map(|s| s.to_string()).collect();
            assert_eq!(fields(&merged), want);
            if a_cap < a.len() + b.len() && other_roomy {
                assert_eq!(merged.0.as_ptr(), other_buffer, "merged in other's buffer");
            }
        }
    }

    /// `same_message` must agree with comparing the rendered messages.
    fn agrees(a: &Error, b: &Error) {
        let rendered = a.to_string() == b.to_string();
        assert_eq!(same_message(a, b), rendered, "{a} | {b}");
        assert_eq!(same_message(b, a), rendered, "{b} | {a}");
    }

    #[test]
    fn same_message_agrees_with_rendering() {
        let x = Path::new("x");
        let errors = [
            Error::required(&x, ""),
            Error::required(&x, "detail"),
            Error::forbidden(&x, ""),
            Error::invalid(&x, 1, ""),
            Error::invalid(&x, 1, "bad"),
            Error::invalid(&x, 1.0, "bad"),
            Error::invalid(&x, 0.0, "bad"),
            Error::invalid(&x, -0.0, "bad"),
            Error::invalid(&x, "1", "bad"),
            Error::invalid(&x, json!({"a": 1, "b": 2}), "bad"),
            Error::invalid(&x, json!({"b": 2, "a": 1}), "bad"),
            Error::invalid(&x, json!([1, 2]), ""),
            Error::new(ErrorType::Invalid, &x, BadValue::Omitted, "bad"),
            Error::new(ErrorType::Invalid, &x, BadValue::Omitted, "1: bad"),
            Error::too_long(&x, 3),
            Error::invalid(&Path::new("x: Invalid value"), 1, "bad"),
            Error::required(&Path::new("x: Required value"), ""),
            Error::required(&Path::new("y"), ""),
            Error::invalid(&x, "a", "b: c"),
            Error::invalid(&x, "a: b", "c"),
        ];
        for a in &errors {
            for b in &errors {
                agrees(a, b);
            }
        }
    }

    #[test]
    fn a_repeat_of_a_dropped_message_goes_too() {
        // Kubernetes de-duplicates messages before the predicates run: the
        // second error repeats the first's message, so it goes with the
        // first even though the predicate keeps errors like it.
        let x = Path::new("x");
        let l = ErrorList(vec![
            Error::invalid(&x, 1, "d").with_origin("minimum"),
            Error::required(&Path::new("y"), ""),
            Error::invalid(&x, 1, "d"),
        ]);
        let minimum = |e: &Error| e.origin == "minimum";
        let kept = l.clone().into_filtered(&[&minimum]);
        assert_eq!(kept, l.filter(&[&minimum]));
        assert_eq!(kept.len(), 1);
        assert_eq!(kept[0].field, "y");
    }

    #[test]
    fn filter_keeps_the_first_of_each_message_long_lists_too() {
        let x = Path::new("x");
        let mut v: Vec<Error> = (0..40)
            .map(|i| Error::invalid(&x.index(i % 20), i % 20, ""))
            .collect();
        v.push(Error::required(&x, ""));
        let l = ErrorList(v);
        assert_eq!(l.filter(&[]).len(), 21);
        assert_eq!(l.clone().into_filtered(&[]), l.filter(&[]));
        let short = ErrorList(l.0[15..30].to_vec());
        // 15..20 and 20..30 (= 0..10) are distinct: 15 items, no repeats.
        assert_eq!(short.filter(&[]).len(), 15);
        let repeated = ErrorList(l.0[..25].to_vec());
        assert_eq!(repeated.filter(&[]).len(), 20);
    }
}
