//! Non-decreasing integers (Kubernetes' `validate/monotonic.go`): `+k8s:monotonic`.

use super::limits::Integer;
use super::{list_of, push_error};
use crate::field::{Error, ErrorList, ErrorSite, Path};
use crate::operation::Context;

/// `Monotonic`: on update, when both the new and the old value are set and
/// the new one is smaller, Invalid (bad value = the new value, origin
/// `monotonic`, detail `may not be decreased from <old>`).
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::monotonic};
/// let meta = Path::new("metadata");
/// let p = meta.child("generation");
/// let errs = monotonic(&Context::update(), &p, Some(&3i64), Some(&4));
/// assert_eq!(errs[0].to_string(), "metadata.generation: Invalid value: 3: may not be decreased from 4");
/// assert_eq!(errs[0].origin, "monotonic");
/// assert!(monotonic(&Context::update(), &p, Some(&4i64), Some(&4)).is_empty());
/// assert!(monotonic(&Context::create(), &p, Some(&3i64), Some(&4)).is_empty());
/// ```
#[inline]
pub fn monotonic<T: Integer>(
    ctx: &Context,
    path: &Path<'_>,
    value: Option<&T>,
    old: Option<&T>,
) -> ErrorList {
    if !ctx.is_update() {
        return ErrorList::new();
    }
    match (value, old) {
        (Some(&v), Some(&o)) if v < o => list_of(|| decreased(path, v, o)),
        _ => ErrorList::new(),
    }
}

/// [`monotonic`] appending to `errs` at `path` (an [`ErrorSite`]); returns
/// whether the check failed.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context, validate};
/// let (p, mut errs) = (Path::new("n"), ErrorList::new());
/// assert!(!validate::monotonic_into(&Context::update(), &p, Some(&5), Some(&4), &mut errs));
/// assert!(validate::monotonic_into(&Context::update(), &p, Some(&4), Some(&5), &mut errs));
/// assert_eq!(errs, validate::monotonic(&Context::update(), &p, Some(&4), Some(&5)));
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn monotonic_into<T: Integer>(
    ctx: &Context,
    path: impl ErrorSite,
    value: Option<&T>,
    old: Option<&T>,
    errs: &mut ErrorList,
) -> bool {
    match (value, old) {
        (Some(&v), Some(&o)) if v < o && ctx.is_update() => {
            path.report(|p| push_error(errs, || decreased(p, v, o)));
            true
        }
        _ => false,
    }
}

#[inline(always)]
fn decreased<T: Integer>(path: &Path<'_>, v: T, o: T) -> Error {
    Error::invalid(path, v, format!("may not be decreased from {o}")).with_origin("monotonic")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::{BadValue, ErrorType};

    #[test]
    fn decreases_fail_on_update_only() {
        let u = Context::update();
        let p = Path::new("n");
        assert!(monotonic(&u, &p, Some(&5u32), Some(&5)).is_empty());
        assert!(monotonic(&u, &p, Some(&6u32), Some(&5)).is_empty());
        let errs = monotonic(&u, &p, Some(&4u32), Some(&5));
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].error_type, ErrorType::Invalid);
        assert_eq!(errs[0].field, "n");
        assert_eq!(errs[0].origin, "monotonic");
        assert_eq!(errs[0].detail, "may not be decreased from 5");
        assert_eq!(errs[0].bad_value, BadValue::from(4));
        let errs = monotonic(&u, &p, Some(&-2i8), Some(&-1));
        assert_eq!(errs[0].detail, "may not be decreased from -1");
        assert!(monotonic(&Context::create(), &p, Some(&4u32), Some(&5)).is_empty());
        // Unset on either side: nothing to compare.
        assert!(monotonic::<u32>(&u, &p, None, Some(&5)).is_empty());
        assert!(monotonic(&u, &p, Some(&4u32), None).is_empty());
    }
}
