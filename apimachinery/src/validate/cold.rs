//! The error path of the primitives, out of line: a check's caller keeps
//! its comparison and one call, and the error is built inside the call
//! (for the `_into` forms, where it is pushed: no `Error` returned by value
//! and moved again into the list, no separate call to grow the list).

use crate::field::{Error, ErrorList};

/// The one-error list `make` builds, out of line.
///
/// ```text
/// list_of(|| Error::required(path, "")) == ErrorList::from(Error::required(path, ""))
/// ```
#[cold]
#[inline(never)]
pub(super) fn list_of(make: impl FnOnce() -> Error) -> ErrorList {
    ErrorList::from(make())
}

/// Appends the error `make` builds to `errs`, out of line (with
/// [`push_first_sized`]).
///
/// ```text
/// push_error(errs, || Error::required(path, ""))  // errs.push(Error::required(path, ""))
/// ```
#[cold]
#[inline(never)]
pub(super) fn push_error(errs: &mut ErrorList, make: impl FnOnce() -> Error) {
    push_first_sized(errs, make());
}

/// `errs.push(e)`, where the first error of a list that holds no
/// allocation allocates it directly at the capacity `Vec::push` would grow
/// it to ([`FIRST_CAPACITY`]), without the growth path (the list then grows
/// as it would have).
///
/// ```text
/// push_first_sized(errs, e)  // errs.push(e)
/// ```
#[inline(always)]
pub(super) fn push_first_sized(errs: &mut ErrorList, e: Error) {
    if errs.capacity() == 0 {
        let mut first = Vec::with_capacity(FIRST_CAPACITY);
        first.push(e);
        errs.0 = first;
        return;
    }
    errs.push(e);
}

/// The capacity `Vec::push` gives an empty vector of errors (its smallest
/// non-zero capacity for elements of 1 KiB or less).
const FIRST_CAPACITY: usize = 4;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::Path;

    #[test]
    fn list_of_and_push_error_hold_the_built_error() {
        let p = Path::new("x");
        let e = || Error::required(&p, "d").with_origin("o");
        assert_eq!(list_of(e), ErrorList::from(e()));
        let mut errs = ErrorList::from(Error::forbidden(&p, ""));
        push_error(&mut errs, e);
        assert_eq!(errs.len(), 2);
        assert_eq!(errs[1], e());
        // The first error of an unallocated list: the capacity a push gives.
        let mut pushed = ErrorList::new();
        pushed.push(e());
        let mut first = ErrorList::new();
        push_error(&mut first, e);
        assert_eq!(first, pushed);
        assert_eq!(first.capacity(), pushed.capacity());
        for _ in 0..4 {
            push_error(&mut first, e);
            pushed.push(e());
        }
        assert_eq!(first, pushed);
        assert_eq!(first.capacity(), pushed.capacity());
    }
}
