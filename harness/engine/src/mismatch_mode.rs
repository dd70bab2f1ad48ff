//! What an API server in mismatch mode does with one request's two error
//! lists once both validators ran: it marks the hand-written errors, pairs
//! them with the declarative candidates (the mismatch log), and builds the
//! list it returns. `dv-harness bench`'s shadow side measures this.
//!
//! Most requests are valid: both lists are empty, nothing is logged and the
//! (empty) hand-written list is the response. [`MismatchMode::respond`]
//! decides that with two tests before anything else; the marking, the
//! comparison and the response's filtering each have their own fast path
//! for it too, but taken one after the other they still cost their calls
//! and the comparison's empty result.

use crate::compare::{Mismatches, gather_mismatches};
use crate::lifecycle::{Lifecycle, discard_empty};
use apimachinery::field::{ErrorList, ErrorMatcher};

/// How a server in mismatch mode compares and answers: the lifecycle (release
/// and gates), the strategy's fuzzy matcher and its short-circuit setting.
///
/// ```
/// use apimachinery::field::{Error, ErrorList, Path};
/// use dv_harness_engine::lifecycle::{Gates, Lifecycle, Semantics};
/// use dv_harness_engine::mismatch_mode::MismatchMode;
/// let lc = Lifecycle::new(Semantics::V1_37, Gates::defaults(Semantics::V1_37), false);
/// let fuzzy = dv_harness_engine::normalize::fuzzy_matcher(&[]);
/// let server = MismatchMode { lifecycle: &lc, fuzzy: &fuzzy, short_circuit_mismatch: false };
/// let hv = ErrorList::from(Error::required(&Path::new("x"), "").mark_covered_by_declarative());
/// let mut logged = 0;
/// let returned = server.respond(hv, Ok(ErrorList::new()), |m| logged = m.unmatched.len());
/// assert_eq!((returned.len(), logged), (1, 1));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct MismatchMode<'a> {
    /// The release and gates.
    pub lifecycle: &'a Lifecycle,
    /// The strategy's matcher, with the equivalence rules.
    pub fuzzy: &'a ErrorMatcher,
    /// The strategy's `short_circuit_mismatch`.
    pub short_circuit_mismatch: bool,
}

impl MismatchMode<'_> {
    /// The list returned for one request, given the hand-written errors (not
    /// yet marked) and the declarative validator's outcome (`Err` with the
    /// panic's text when it panicked, as [`crate::engine::run_quiet`] gives
    /// it). `log` is called with the comparison when either side reported an
    /// error or panicked (with none there is nothing to log); the lists are
    /// consumed after it returns.
    ///
    /// ```
    /// use apimachinery::field::ErrorList;
    /// use dv_harness_engine::lifecycle::{Gates, Lifecycle, Semantics};
    /// use dv_harness_engine::mismatch_mode::MismatchMode;
    /// let lc = Lifecycle::new(Semantics::V1_37, Gates::defaults(Semantics::V1_37), false);
    /// let fuzzy = dv_harness_engine::normalize::fuzzy_matcher(&[]);
    /// let server = MismatchMode { lifecycle: &lc, fuzzy: &fuzzy, short_circuit_mismatch: false };
    /// let mut logged = false;
    /// assert!(server.respond(ErrorList::new(), Ok(ErrorList::new()), |_| logged = true).is_empty());
    /// assert!(!logged);
    /// // A panic is logged (its error is no candidate under 1.37: not staged) and returned.
    /// let returned = server.respond(ErrorList::new(), Err("boom".into()), |m| logged = m.is_empty());
    /// assert_eq!(returned[0].detail, "panic during declarative validation: boom");
    /// assert!(logged);
    /// ```
    #[inline(always)]
    pub fn respond(
        &self,
        handwritten: ErrorList,
        declarative: Result<ErrorList, String>,
        log: impl FnOnce(&Mismatches<'_>),
    ) -> ErrorList {
        let declarative = match declarative {
            Ok(declarative) => {
                if handwritten.is_empty() && declarative.is_empty() {
                    discard_empty(declarative);
                    return handwritten;
                }
                declarative
            }
            Err(msg) => self.lifecycle.panic_errors(&msg),
        };
        self.respond_to_errors(handwritten, declarative, log)
    }

    /// [`MismatchMode::respond`] when a side reported an error or panicked
    /// (`declarative` holds the panic's error when the release fails on it).
    #[inline(always)]
    fn respond_to_errors(
        &self,
        mut handwritten: ErrorList,
        declarative: ErrorList,
        log: impl FnOnce(&Mismatches<'_>),
    ) -> ErrorList {
        let lifecycle = self.lifecycle;
        lifecycle.mark_handwritten_in_place(&mut handwritten);
        let candidates = lifecycle.candidates(&declarative);
        let mismatches = gather_mismatches(
            &handwritten,
            &candidates,
            lifecycle,
            self.fuzzy,
            self.short_circuit_mismatch,
        );
        log(&mismatches);
        drop(mismatches);
        // The server owns both lists: the returned list moves their errors.
        lifecycle.returned_owned(handwritten, declarative, self.fuzzy)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::{Gates, Semantics, panic_message};
    use apimachinery::field::{Error, Path};

    fn covered(field: &str) -> Error {
        Error::invalid(&Path::new(field), 1, "d")
            .with_origin("maximum")
            .mark_covered_by_declarative()
    }

    /// The response and the log, as the steps give them one after the other.
    fn stepwise(
        lc: &Lifecycle,
        fuzzy: &ErrorMatcher,
        hv: ErrorList,
        dv: Result<ErrorList, String>,
    ) -> (ErrorList, (usize, usize, Vec<String>)) {
        let mut hv = hv;
        lc.mark_handwritten_in_place(&mut hv);
        let dv = match dv {
            Ok(e) => e,
            Err(msg) if lc.panic_fails() => {
                ErrorList::from(Error::internal(&Path::root(), panic_message(&msg)))
            }
            Err(_) => ErrorList::new(),
        };
        let m = gather_mismatches(&hv, &lc.candidates(&dv), lc, fuzzy, false);
        let log = (m.unmatched.len(), m.extra.len(), m.details.clone());
        drop(m);
        (lc.returned_with(&hv, &dv, fuzzy), log)
    }

    #[test]
    fn respond_is_the_steps_in_order_on_every_release() {
        let fuzzy = crate::normalize::fuzzy_matcher(&[]);
        let lists: Vec<(ErrorList, Result<ErrorList, String>)> = vec![
            (ErrorList::new(), Ok(ErrorList::new())),
            (ErrorList::from(covered("a")), Ok(ErrorList::new())),
            (
                ErrorList::new(),
                Ok(ErrorList::from(covered("a").mark_beta())),
            ),
            (
                ErrorList::from(covered("a")),
                Ok(ErrorList::from(covered("a").mark_beta())),
            ),
            (
                ErrorList(vec![covered("a"), covered("b")]),
                Ok(ErrorList::from(covered("b"))),
            ),
            (ErrorList::new(), Err("boom".into())),
            (ErrorList::from(covered("a")), Err("boom".into())),
            (
                ErrorList(Vec::with_capacity(4)),
                Ok(ErrorList(Vec::with_capacity(4))),
            ),
        ];
        for semantics in Semantics::ALL {
            for enforce in [false, true] {
                let lc = Lifecycle::new(semantics, Gates::defaults(semantics), enforce);
                let server = MismatchMode {
                    lifecycle: &lc,
                    fuzzy: &fuzzy,
                    short_circuit_mismatch: false,
                };
                for (hv, dv) in &lists {
                    let mut logged = None;
                    let got = server.respond(hv.clone(), dv.clone(), |m| {
                        logged = Some((m.unmatched.len(), m.extra.len(), m.details.clone()));
                    });
                    let (want, want_log) = stepwise(&lc, &fuzzy, hv.clone(), dv.clone());
                    assert_eq!(got, want, "{semantics:?} enforce={enforce} {hv:?} {dv:?}");
                    let silent = hv.is_empty() && dv.as_ref().is_ok_and(|d| d.is_empty());
                    if silent {
                        assert_eq!(logged, None);
                        assert_eq!(want_log, (0, 0, Vec::new()));
                    } else {
                        assert_eq!(logged, Some(want_log), "{semantics:?} enforce={enforce}");
                    }
                }
            }
        }
    }
}
