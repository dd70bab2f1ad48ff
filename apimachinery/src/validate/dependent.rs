//! Field dependencies within a struct (Kubernetes'
//! `validate/dependentrequired.go`): `+k8s:dependentRequired(x)` and
//! `+k8s:dependentForbidden(x)`.

use super::{list_of, push_first_sized};
use crate::field::{Error, ErrorList, Path};
use crate::operation::Context;

/// The detail of [`dependent_required`] for a trigger field's JSON name, as
/// a `&'static str` built at compile time (`must be set when <trigger> is
/// set`): generated code passes the finished sentence, so no error builds
/// text at run time.
///
/// ```
/// assert_eq!(apimachinery::validate::dependent_required_detail!("a"), "must be set when a is set");
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __dependent_required_detail {
    ($trigger:literal) => {
        ::core::concat!("must be set when ", $trigger, " is set")
    };
}
pub use crate::__dependent_required_detail as dependent_required_detail;

/// The detail of [`dependent_forbidden`] for a trigger field's JSON name
/// (`may not be set when <trigger> is set`), built at compile time like
/// [`dependent_required_detail!`].
///
/// ```
/// assert_eq!(apimachinery::validate::dependent_forbidden_detail!("a"), "may not be set when a is set");
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __dependent_forbidden_detail {
    ($trigger:literal) => {
        ::core::concat!("may not be set when ", $trigger, " is set")
    };
}
pub use crate::__dependent_forbidden_detail as dependent_forbidden_detail;

/// Whether the check can be skipped: an update whose old struct has the same
/// set-ness of both the trigger and the dependent.
fn unchanged<T: ?Sized>(
    ctx: &Context,
    obj: &T,
    old: Option<&T>,
    trigger_is_set: &impl Fn(&T) -> bool,
    dependent_is_set: &impl Fn(&T) -> bool,
) -> bool {
    match old {
        Some(old) if ctx.is_update() => {
            trigger_is_set(obj) == trigger_is_set(old)
                && dependent_is_set(obj) == dependent_is_set(old)
        }
        _ => false,
    }
}

/// `DependentRequired`: when the trigger field is set and the dependent is
/// not, Required (origin `dependentRequired`, detail `must be set when
/// <trigger> is set`, passed finished as `detail`: see
/// [`dependent_required_detail!`]) at `path.<dependent>`. Skipped on update when neither
/// side's set-ness changed, so a pre-existing violation does not block
/// unrelated updates. `None` passes.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::{self, dependent_required}};
/// struct S { a: Option<i32>, b: Option<i32> }
/// let p = Path::new("spec");
/// let s = S { a: Some(1), b: None };
/// let errs = dependent_required(&Context::create(), &p, Some(&s), None,
///     validate::dependent_required_detail!("a"), |s: &S| s.a.is_some(), "b", |s: &S| s.b.is_some());
/// assert_eq!(errs[0].to_string(), "spec.b: Required value: must be set when a is set");
/// assert_eq!(errs[0].origin, "dependentRequired");
/// ```
#[allow(clippy::too_many_arguments)]
#[inline]
pub fn dependent_required<T: ?Sized>(
    ctx: &Context,
    path: &Path<'_>,
    obj: Option<&T>,
    old: Option<&T>,
    detail: &'static str,
    trigger_is_set: impl Fn(&T) -> bool,
    dependent_name: &str,
    dependent_is_set: impl Fn(&T) -> bool,
) -> ErrorList {
    let Some(obj) = obj else {
        return ErrorList::new();
    };
    // The cheap tests first (all are pure): the ratchet is only consulted
    // for what would be an error.
    if !trigger_is_set(obj)
        || dependent_is_set(obj)
        || unchanged(ctx, obj, old, &trigger_is_set, &dependent_is_set)
    {
        return ErrorList::new();
    }
    list_of(|| dependent_required_error(path, detail, dependent_name))
}

/// The error of [`dependent_required`] (built out of line by its callers).
#[inline(always)]
fn dependent_required_error(path: &Path<'_>, detail: &'static str, dependent_name: &str) -> Error {
    Error::required(&path.child(dependent_name), detail).with_origin("dependentRequired")
}

/// `DependentForbidden`: when both the trigger and the dependent field are
/// set, Forbidden (origin `dependentForbidden`, detail `may not be set when
/// <trigger> is set`, passed finished as `detail`: see
/// [`dependent_forbidden_detail!`]) at `path.<dependent>`; same update skip as
/// [`dependent_required`].
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::{self, dependent_forbidden}};
/// struct S { a: bool, b: String }
/// let p = Path::new("spec");
/// let s = S { a: true, b: "x".into() };
/// let errs = dependent_forbidden(&Context::create(), &p, Some(&s), None,
///     validate::dependent_forbidden_detail!("a"), |s: &S| s.a, "b", |s: &S| !s.b.is_empty());
/// assert_eq!(errs[0].to_string(), "spec.b: Forbidden: may not be set when a is set");
/// assert_eq!(errs[0].origin, "dependentForbidden");
/// ```
#[allow(clippy::too_many_arguments)]
#[inline]
pub fn dependent_forbidden<T: ?Sized>(
    ctx: &Context,
    path: &Path<'_>,
    obj: Option<&T>,
    old: Option<&T>,
    detail: &'static str,
    trigger_is_set: impl Fn(&T) -> bool,
    dependent_name: &str,
    dependent_is_set: impl Fn(&T) -> bool,
) -> ErrorList {
    let Some(obj) = obj else {
        return ErrorList::new();
    };
    // The cheap tests first (all are pure): the ratchet is only consulted
    // for what would be an error.
    if !trigger_is_set(obj)
        || !dependent_is_set(obj)
        || unchanged(ctx, obj, old, &trigger_is_set, &dependent_is_set)
    {
        return ErrorList::new();
    }
    list_of(|| dependent_forbidden_error(path, detail, dependent_name))
}

/// The error of [`dependent_forbidden`] (built out of line by its callers).
#[inline(always)]
fn dependent_forbidden_error(path: &Path<'_>, detail: &'static str, dependent_name: &str) -> Error {
    Error::forbidden(&path.child(dependent_name), detail).with_origin("dependentForbidden")
}

/// [`dependent_required`] appending to `errs`; returns whether it
/// appended the error.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context, validate};
/// let (p, mut errs) = (Path::root(), ErrorList::new());
/// let (set, unset) = (|_: &u8| true, |_: &u8| false);
/// const D: &str = validate::dependent_required_detail!("a");
/// assert!(validate::dependent_required_into(&Context::create(), &p, Some(&0), None, D, set, "b", unset, &mut errs));
/// assert!(!validate::dependent_required_into(&Context::create(), &p, Some(&0), None, D, set, "b", set, &mut errs));
/// assert_eq!(errs, validate::dependent_required(&Context::create(), &p, Some(&0), None, D, set, "b", unset));
/// ```
#[doc(hidden)]
#[allow(clippy::too_many_arguments)]
#[inline]
pub fn dependent_required_into<T: ?Sized>(
    ctx: &Context,
    path: &Path<'_>,
    obj: Option<&T>,
    old: Option<&T>,
    detail: &'static str,
    trigger_is_set: impl Fn(&T) -> bool,
    dependent_name: &str,
    dependent_is_set: impl Fn(&T) -> bool,
    errs: &mut ErrorList,
) -> bool {
    let Some(obj) = obj else {
        return false;
    };
    if !trigger_is_set(obj)
        || dependent_is_set(obj)
        || unchanged(ctx, obj, old, &trigger_is_set, &dependent_is_set)
    {
        return false;
    }
    push_dependent_error(errs, path, detail, dependent_name, dependent_required_error);
    true
}

/// [`dependent_forbidden`] appending to `errs`; returns whether it
/// appended the error.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context, validate};
/// let (p, mut errs) = (Path::root(), ErrorList::new());
/// let (set, unset) = (|_: &u8| true, |_: &u8| false);
/// const D: &str = validate::dependent_forbidden_detail!("a");
/// assert!(validate::dependent_forbidden_into(&Context::create(), &p, Some(&0), None, D, set, "b", set, &mut errs));
/// assert!(!validate::dependent_forbidden_into(&Context::create(), &p, Some(&0), None, D, set, "b", unset, &mut errs));
/// assert_eq!(errs, validate::dependent_forbidden(&Context::create(), &p, Some(&0), None, D, set, "b", set));
/// ```
#[doc(hidden)]
#[allow(clippy::too_many_arguments)]
#[inline]
pub fn dependent_forbidden_into<T: ?Sized>(
    ctx: &Context,
    path: &Path<'_>,
    obj: Option<&T>,
    old: Option<&T>,
    detail: &'static str,
    trigger_is_set: impl Fn(&T) -> bool,
    dependent_name: &str,
    dependent_is_set: impl Fn(&T) -> bool,
    errs: &mut ErrorList,
) -> bool {
    let Some(obj) = obj else {
        return false;
    };
    if !trigger_is_set(obj)
        || !dependent_is_set(obj)
        || unchanged(ctx, obj, old, &trigger_is_set, &dependent_is_set)
    {
        return false;
    }
    push_dependent_error(
        errs,
        path,
        detail,
        dependent_name,
        dependent_forbidden_error,
    );
    true
}

/// Appends the error `build` ([`dependent_required_error`] or
/// [`dependent_forbidden_error`]) makes, out of line. Its pieces are
/// arguments, which travel in registers (`build` is a function item, of no
/// size); a closure's captures would be written to the caller's stack and
/// read back in 16-byte loads across two 8-byte stores, which stall (see
/// `ErrorList::moved_out`).
#[cold]
#[inline(never)]
fn push_dependent_error(
    errs: &mut ErrorList,
    path: &Path<'_>,
    detail: &'static str,
    dependent_name: &str,
    build: impl FnOnce(&Path<'_>, &'static str, &str) -> Error,
) {
    push_first_sized(errs, build(path, detail, dependent_name));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::ErrorType;

    #[derive(Clone, Copy)]
    struct S {
        trigger: bool,
        dependent: bool,
    }

    fn s(trigger: bool, dependent: bool) -> S {
        S { trigger, dependent }
    }

    fn required(ctx: &Context, obj: Option<&S>, old: Option<&S>) -> ErrorList {
        let p = Path::root();
        dependent_required(
            ctx,
            &p,
            obj,
            old,
            dependent_required_detail!("trigger"),
            |s: &S| s.trigger,
            "dep",
            |s: &S| s.dependent,
        )
    }

    fn forbidden(ctx: &Context, obj: Option<&S>, old: Option<&S>) -> ErrorList {
        let p = Path::new("spec");
        dependent_forbidden(
            ctx,
            &p,
            obj,
            old,
            dependent_forbidden_detail!("trigger"),
            |s: &S| s.trigger,
            "dep",
            |s: &S| s.dependent,
        )
    }

    #[test]
    fn required_on_create() {
        let c = Context::create();
        let errs = required(&c, Some(&s(true, false)), None);
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].error_type, ErrorType::Required);
        assert_eq!(errs[0].field, "dep");
        assert_eq!(errs[0].origin, "dependentRequired");
        assert_eq!(errs[0].detail, "must be set when trigger is set");
        assert!(required(&c, Some(&s(true, true)), None).is_empty());
        assert!(required(&c, Some(&s(false, false)), None).is_empty());
        assert!(required(&c, Some(&s(false, true)), None).is_empty());
        assert!(required(&c, None, None).is_empty());
        // The old object is ignored on create.
        assert_eq!(
            required(&c, Some(&s(true, false)), Some(&s(true, false))).len(),
            1
        );
    }

    #[test]
    fn forbidden_on_create() {
        let c = Context::create();
        let errs = forbidden(&c, Some(&s(true, true)), None);
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].error_type, ErrorType::Forbidden);
        assert_eq!(errs[0].field, "spec.dep");
        assert_eq!(errs[0].origin, "dependentForbidden");
        assert_eq!(errs[0].detail, "may not be set when trigger is set");
        assert!(forbidden(&c, Some(&s(true, false)), None).is_empty());
        assert!(forbidden(&c, Some(&s(false, true)), None).is_empty());
        assert!(forbidden(&c, None, None).is_empty());
    }

    #[test]
    fn update_ratchets_on_unchanged_set_ness() {
        let u = Context::update();
        // A pre-existing violation with the same set-ness is let through.
        assert!(required(&u, Some(&s(true, false)), Some(&s(true, false))).is_empty());
        assert!(forbidden(&u, Some(&s(true, true)), Some(&s(true, true))).is_empty());
        // A change of either side re-checks.
        assert_eq!(
            required(&u, Some(&s(true, false)), Some(&s(false, false))).len(),
            1
        );
        assert_eq!(
            required(&u, Some(&s(true, false)), Some(&s(true, true))).len(),
            1
        );
        assert_eq!(
            forbidden(&u, Some(&s(true, true)), Some(&s(true, false))).len(),
            1
        );
        assert_eq!(
            forbidden(&u, Some(&s(true, true)), Some(&s(false, true))).len(),
            1
        );
        // No correlated old object: checked as on create.
        assert_eq!(required(&u, Some(&s(true, false)), None).len(), 1);
    }
}
