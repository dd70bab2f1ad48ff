//! Option-conditioned validation (Kubernetes' `validate/options.go`):
//! `+k8s:ifEnabled(X)=...` and `+k8s:ifDisabled(X)=...`.

use super::enum_::undefined_option;
use super::push_error;
use crate::field::{Error, ErrorList, Path};
use crate::operation::Context;

/// `IfOption`: runs `validator` when the option `option` is in state
/// `enabled` (`true` for `+k8s:ifEnabled`, `false` for `+k8s:ifDisabled`),
/// else returns nothing. An option the strategy did not define gives an
/// InternalError `undefined validation option "X"` at `path`.
///
/// The value and old value are passed through unchanged, whatever their shape.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::{if_option, minimum}};
/// let p = Path::new("n");
/// let check = |ctx: &Context, path: &Path<'_>, v: Option<&i32>, o: Option<&i32>| minimum(ctx, path, v, o, 1);
/// let on = Context::create().option("Strict", true);
/// assert_eq!(if_option(&on, &p, Some(&0), None, "Strict", true, check).len(), 1);
/// assert!(if_option(&on, &p, Some(&0), None, "Strict", false, check).is_empty());
/// let errs = if_option(&Context::create(), &p, Some(&0), None, "Strict", true, check);
/// assert_eq!(errs[0].to_string(), r#"n: Internal error: undefined validation option "Strict""#);
/// ```
#[inline]
pub fn if_option<V, O, F>(
    ctx: &Context,
    path: &Path<'_>,
    value: V,
    old: O,
    option: &str,
    enabled: bool,
    validator: F,
) -> ErrorList
where
    F: FnOnce(&Context, &Path<'_>, V, O) -> ErrorList,
{
    match ctx.option_state(option) {
        None => ErrorList::from(Error::internal(path, undefined_option(option))),
        Some(on) if on == enabled => validator(ctx, path, value, old),
        Some(_) => ErrorList::new(),
    }
}

/// [`if_option`] with a sink form of the validator: appends to `errs`
/// and returns whether it appended any (the undefined-option error too).
///
/// ```
/// use apimachinery::field::{Error, ErrorList, Path};
/// use apimachinery::operation::Context;
/// use apimachinery::validate::{if_option, if_option_into};
/// let (p, mut errs) = (Path::new("spec"), ErrorList::new());
/// let fail = |_: &Context, path: &Path<'_>, _: (), _: (), errs: &mut ErrorList| {
///     errs.push(Error::forbidden(path, "x"));
///     true
/// };
/// let ctx = Context::create().option("A", true);
/// assert!(!if_option_into(&ctx, &p, (), (), "A", false, &mut errs, fail));
/// assert!(if_option_into(&ctx, &p, (), (), "A", true, &mut errs, fail));
/// assert!(if_option_into(&ctx, &p, (), (), "B", true, &mut errs, fail));
/// assert_eq!(errs.len(), 2);
/// assert_eq!(errs[1], if_option(&ctx, &p, (), (), "B", true, |_, _, _, _| ErrorList::new())[0]);
/// ```
#[doc(hidden)]
#[inline]
#[allow(clippy::too_many_arguments)]
pub fn if_option_into<V, O, F>(
    ctx: &Context,
    path: &Path<'_>,
    value: V,
    old: O,
    option: &str,
    enabled: bool,
    errs: &mut ErrorList,
    validator: F,
) -> bool
where
    F: FnOnce(&Context, &Path<'_>, V, O, &mut ErrorList) -> bool,
{
    match ctx.option_state(option) {
        None => {
            push_error(errs, || undefined(path, option));
            true
        }
        Some(on) if on == enabled => validator(ctx, path, value, old, errs),
        Some(_) => false,
    }
}

/// An optional probe (`unset`: whether the value is unset, which is when
/// the probe reports) under [`if_option`]: whether the wrapped probe would
/// report anything, without building its discarded error. An undefined
/// option reports (its internal error).
///
/// ```
/// use apimachinery::operation::Context;
/// use apimachinery::validate::if_option_unset;
/// let ctx = Context::create().option("A", true);
/// assert!(if_option_unset(&ctx, "A", true, || true));
/// assert!(!if_option_unset(&ctx, "A", true, || false));
/// assert!(!if_option_unset(&ctx, "A", false, || true));
/// assert!(if_option_unset(&ctx, "B", false, || false));
/// ```
#[doc(hidden)]
#[inline]
pub fn if_option_unset(
    ctx: &Context,
    option: &str,
    enabled: bool,
    unset: impl FnOnce() -> bool,
) -> bool {
    match ctx.option_state(option) {
        None => true,
        Some(on) if on == enabled => unset(),
        Some(_) => false,
    }
}

#[inline(always)]
fn undefined(path: &Path<'_>, option: &str) -> Error {
    Error::internal(path, undefined_option(option))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::ErrorType;
    use std::cell::Cell;

    #[test]
    fn runs_only_when_state_matches() {
        let p = Path::new("spec");
        let calls = Cell::new(0);
        let validator = |_: &Context, path: &Path<'_>, v: &[i32], o: Option<&[i32]>| {
            calls.set(calls.get() + 1);
            assert_eq!(v, &[1]);
            assert_eq!(o, Some(&[2][..]));
            ErrorList::from(Error::forbidden(path, "inner"))
        };
        for (state, enabled, runs) in [
            (true, true, true),
            (false, false, true),
            (true, false, false),
            (false, true, false),
        ] {
            let ctx = Context::update().option("Gate", state);
            calls.set(0);
            let errs = if_option(
                &ctx,
                &p,
                &[1][..],
                Some(&[2][..]),
                "Gate",
                enabled,
                validator,
            );
            assert_eq!(calls.get(), runs as usize);
            assert_eq!(errs.len(), runs as usize);
            if runs {
                assert_eq!(errs[0].error_type, ErrorType::Forbidden);
                assert_eq!(errs[0].field, "spec");
            }
        }
    }

    #[test]
    fn undefined_option_is_an_internal_error_without_running() {
        let p = Path::root();
        let ctx = Context::create().option("Other", true);
        let errs = if_option(
            &ctx,
            &p,
            Some(&1),
            None::<&i32>,
            "Gate",
            false,
            |_, _, _, _| unreachable!("validator must not run"),
        );
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].error_type, ErrorType::Internal);
        assert_eq!(errs[0].field, "<nil>");
        assert_eq!(errs[0].origin, "");
        assert_eq!(errs[0].detail, r#"undefined validation option "Gate""#);
    }
}
