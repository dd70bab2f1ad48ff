//! Immutability (Kubernetes' `validate/immutable.go`): `+k8s:immutable`.

use super::{list_of, push_error};
use crate::field::{BadValue, Error, ErrorList, Path};
use crate::operation::Context;

/// `Immutable`: on every update, Invalid (bad value `null`, origin
/// `immutable`, detail `field is immutable`); nothing on create.
///
/// It does not compare the values: like Kubernetes, it relies on the
/// generated code's ratcheting to call it only when the field changed. It
/// accepts any value shape (`Option<&T>`, `&[T]`, `&BTreeMap`, ...).
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::immutable};
/// let spec = Path::new("spec");
/// let p = spec.child("selector");
/// assert!(immutable(&Context::create(), &p, Some(&1), None::<&i32>).is_empty());
/// let errs = immutable(&Context::update(), &p, Some(&2), Some(&1));
/// assert_eq!(errs[0].to_string(), "spec.selector: Invalid value: null: field is immutable");
/// assert_eq!(errs[0].origin, "immutable");
/// ```
#[inline]
pub fn immutable<V, O>(ctx: &Context, path: &Path<'_>, _value: V, _old: O) -> ErrorList {
    if !ctx.is_update() {
        return ErrorList::new();
    }
    list_of(|| changed_immutable(path))
}

/// The error of [`immutable`], out of line.
/// [`immutable`] appending to `errs`; returns whether it appended the error.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context, validate};
/// let (p, mut errs) = (Path::new("x"), ErrorList::new());
/// assert!(!validate::immutable_into(&Context::create(), &p, 1, None::<i32>, &mut errs));
/// assert!(validate::immutable_into(&Context::update(), &p, 1, Some(2), &mut errs));
/// assert_eq!(errs, validate::immutable(&Context::update(), &p, 1, Some(2)));
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn immutable_into<V, O>(
    ctx: &Context,
    path: &Path<'_>,
    _value: V,
    _old: O,
    errs: &mut ErrorList,
) -> bool {
    if !ctx.is_update() {
        return false;
    }
    push_error(errs, || changed_immutable(path));
    true
}

#[inline(always)]
fn changed_immutable(path: &Path<'_>) -> Error {
    Error::invalid(
        path,
        BadValue::from(serde_json::Value::Null),
        "field is immutable",
    )
    .with_origin("immutable")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::ErrorType;
    use std::collections::BTreeMap;

    #[test]
    fn create_never_fails_update_always_fails() {
        let p = Path::new("x");
        let list: &[i32] = &[1];
        assert!(immutable(&Context::create(), &p, list, None::<&[i32]>).is_empty());
        let errs = immutable(&Context::update(), &p, list, Some(list));
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].error_type, ErrorType::Invalid);
        assert_eq!(errs[0].field, "x");
        assert_eq!(errs[0].origin, "immutable");
        assert_eq!(errs[0].detail, "field is immutable");
        assert_eq!(errs[0].bad_value.render(), "null");
        // No old value and no new value: still an error on update (the
        // caller's ratcheting decides whether to call).
        let m: BTreeMap<String, String> = BTreeMap::new();
        assert_eq!(
            immutable(
                &Context::update(),
                &Path::root(),
                &m,
                None::<&BTreeMap<String, String>>
            )
            .len(),
            1
        );
        let sub = Context::update().subresource("/status");
        assert_eq!(immutable(&sub, &p, Some("a"), Some("b")).len(), 1);
    }
}
