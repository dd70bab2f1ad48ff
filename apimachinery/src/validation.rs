//! The [`Validate`] trait that `#[derive(Validate)]` implements.

use crate::field::{Error, ErrorList, Path};
use crate::operation::Context;
use crate::rule::Rule;

/// A type that validates itself declaratively.
///
/// `#[derive(Validate)]` implements [`Validate::validate_into`] (the type's
/// rules at a given path, with the old value for ratcheting on update,
/// appended to a list; [`Validate::validate_at`] returns them as a list),
/// [`Validate::rules`] (the rule inventory) and
/// [`Validate::supported_subresources`] (from `+k8s:supportsSubresource`).
/// [`Validate::validate`] is the entry point for a root object: it
/// dispatches on the context's subresource as Kubernetes' generated
/// registration does, and validates at the root (nil) path.
///
/// ```
/// use apimachinery::field::{Error, ErrorList, Path};
/// use apimachinery::operation::Context;
/// use apimachinery::Validate;
///
/// struct Replicas(i32);
/// impl Validate for Replicas {
///     fn validate_at(&self, _ctx: &Context, path: &Path<'_>, _old: Option<&Self>) -> ErrorList {
///         let mut errs = ErrorList::new();
///         if self.0 < 0 {
///             errs.push(Error::invalid(path, self.0, "must be greater than or equal to 0").with_origin("minimum"));
///         }
///         errs
///     }
/// }
/// assert_eq!(Replicas(-1).validate(&Context::create(), None).len(), 1);
/// // An undeclared subresource is an internal error, as in Kubernetes.
/// let errs = Replicas(1).validate(&Context::update().subresource("/status"), None);
/// assert_eq!(errs[0].error_type, apimachinery::field::ErrorType::Internal);
/// ```
pub trait Validate {
    /// Validates `self` (with `old` on update) at `path`.
    ///
    /// Implement this or [`Validate::validate_into`] (each is provided in
    /// terms of the other; `#[derive(Validate)]` implements `validate_into`).
    #[inline]
    fn validate_at(&self, ctx: &Context, path: &Path<'_>, old: Option<&Self>) -> ErrorList {
        let mut errs = ErrorList::new();
        self.validate_into(ctx, path, old, &mut errs);
        errs.moved_out()
    }

    /// [`Validate::validate_at`] appending its errors, in order, to `errs`:
    /// a containing type validates its fields into its own list, with no
    /// list per field to build, move and free.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, Path};
    /// use apimachinery::operation::Context;
    /// use apimachinery::Validate;
    ///
    /// struct Even(i32);
    /// impl Validate for Even {
    ///     fn validate_into(&self, _: &Context, path: &Path<'_>, _: Option<&Self>, errs: &mut ErrorList) {
    ///         if self.0 % 2 != 0 {
    ///             errs.push(Error::invalid(path, self.0, "must be even"));
    ///         }
    ///     }
    /// }
    /// let mut errs = ErrorList::from(Error::required(&Path::new("a"), ""));
    /// Even(3).validate_into(&Context::create(), &Path::new("b"), None, &mut errs);
    /// assert_eq!(errs.len(), 2);
    /// assert_eq!(errs[1].field, "b");
    /// assert_eq!(Even(3).validate_at(&Context::create(), &Path::new("b"), None).len(), 1);
    /// ```
    #[inline]
    fn validate_into(
        &self,
        ctx: &Context,
        path: &Path<'_>,
        old: Option<&Self>,
        errs: &mut ErrorList,
    ) {
        errs.extend_from(self.validate_at(ctx, path, old));
    }

    /// The rule inventory: one entry per declarative rule of this type and the types it contains.
    fn rules() -> &'static [Rule]
    where
        Self: Sized,
    {
        &[]
    }

    /// The subresources (e.g. `/status`) validation is registered for, besides the root.
    fn supported_subresources() -> &'static [&'static str]
    where
        Self: Sized,
    {
        &[]
    }

    /// Validates a root object: the root resource or a declared subresource,
    /// else one `InternalError` "no validation found for T, subresource: /x".
    #[inline]
    fn validate(&self, ctx: &Context, old: Option<&Self>) -> ErrorList
    where
        Self: Sized,
    {
        // The root resource needs no subresource check: no path string is
        // built (and allocated) for the common request. A subresource
        // request is checked and validated out of line, so that the entry
        // point stays small enough to inline into its caller, and keeps
        // nothing live across a call that the root request does not make
        // (a value kept across the check would cost every request the
        // saving and restoring of a register).
        if !ctx.is_root() {
            return validate_subresource(self, ctx, old);
        }
        self.validate_at(ctx, ROOT, old)
    }
}

/// The root (nil) path as a constant: the entry point passes its address
/// and builds no path on the stack per request.
const ROOT: &Path<'static> = &Path::root();

/// A boxed value validates as the value: `Option<Box<T>>` is Go's `*T` for
/// a recursive type (a struct that holds itself, directly or through others).
///
/// ```
/// use apimachinery::field::{Error, ErrorList, Path};
/// use apimachinery::operation::Context;
/// use apimachinery::Validate;
///
/// struct Negative(i32);
/// impl Validate for Negative {
///     fn validate_at(&self, _ctx: &Context, path: &Path<'_>, _old: Option<&Self>) -> ErrorList {
///         let mut errs = ErrorList::new();
///         if self.0 >= 0 {
///             errs.push(Error::invalid(path, self.0, "must be negative"));
///         }
///         errs
///     }
/// }
/// assert_eq!(Box::new(Negative(1)).validate(&Context::create(), None).len(), 1);
/// ```
impl<T: Validate> Validate for Box<T> {
    fn validate_at(&self, ctx: &Context, path: &Path<'_>, old: Option<&Self>) -> ErrorList {
        (**self).validate_at(ctx, path, old.map(|o| &**o))
    }

    fn validate_into(
        &self,
        ctx: &Context,
        path: &Path<'_>,
        old: Option<&Self>,
        errs: &mut ErrorList,
    ) {
        (**self).validate_into(ctx, path, old.map(|o| &**o), errs)
    }

    fn rules() -> &'static [Rule] {
        T::rules()
    }

    fn supported_subresources() -> &'static [&'static str] {
        T::supported_subresources()
    }
}

/// [`Validate::validate`] for a request on a subresource: the
/// `InternalError` list when `T` does not declare it, else the validation.
#[inline(never)]
fn validate_subresource<T: Validate>(obj: &T, ctx: &Context, old: Option<&T>) -> ErrorList {
    if let Some(errs) = undeclared_subresource::<T>(ctx) {
        return errs;
    }
    obj.validate_at(ctx, ROOT, old)
}

/// For a request on a subresource: the `InternalError` list when `T` does
/// not declare it ([`Validate::validate`]'s check), `None` when it does.
#[cold]
#[inline(never)]
fn undeclared_subresource<T: Validate>(ctx: &Context) -> Option<ErrorList> {
    if ctx.subresource_path_is("/")
        || T::supported_subresources()
            .iter()
            .any(|s| ctx.subresource_path_is(s))
    {
        return None;
    }
    Some(ErrorList::from(unsupported_subresource(
        std::any::type_name::<T>(),
        &ctx.subresource_path(),
    )))
}

/// The error Kubernetes' generated dispatcher returns for a subresource the
/// type does not declare: an `InternalError` at the nil path.
///
/// ```
/// let e = apimachinery::validation::unsupported_subresource("v1.Foo", "/bar");
/// assert_eq!(e.to_string(), "<nil>: Internal error: no validation found for *v1.Foo, subresource: /bar");
/// ```
pub fn unsupported_subresource(type_name: &str, subresource_path: &str) -> Error {
    let short = type_name.rsplit("::").next().unwrap_or(type_name);
    Error::internal(
        &Path::root(),
        format!("no validation found for *{short}, subresource: {subresource_path}"),
    )
}
