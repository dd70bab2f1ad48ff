//! Validation of one field of a struct from the struct's own tags
//! (Kubernetes' `Subfield`, the `+k8s:subfield(name)` tag).

use crate::field::Path;
use crate::operation::Context;

/// Validates the subfield `name` of a struct at `path.name`.
///
/// `get` returns the subfield's nilable value (`Some(&s.f)` for a
/// non-pointer field, `s.f.as_ref()` for a pointer). The old value is taken
/// from `old` when there is an old struct, and is `None` otherwise. On
/// update, when there is an old struct and `equiv(new_field, old_field)`
/// holds (it may receive `None`s), nothing is validated.
///
/// `new` is nilable to follow the calling convention; a `None` struct has
/// no subfield to validate and yields no errors (Kubernetes' generated code
/// never calls `Subfield` on a nil struct).
///
/// The result is the validator's (an `ErrorList`, or for generated code a
/// `bool` from a sink form or a presence probe); when nothing is validated
/// it is `R::default()` (an empty list, `false`).
///
/// ```
/// use apimachinery::field::{Error, ErrorList, Path};
/// use apimachinery::operation::Context;
/// use apimachinery::validate::{direct_equal_nilable, subfield};
///
/// #[derive(PartialEq)]
/// struct Selector { name: String }
/// let non_empty = |_: &Context, p: &Path<'_>, v: Option<&String>, _: Option<&String>| match v {
///     Some(v) if v.is_empty() => ErrorList::from(Error::required(p, "")),
///     _ => ErrorList::new(),
/// };
/// let spec = Path::new("spec");
/// let path = spec.child("selector");
/// let new = Selector { name: String::new() };
/// let errs = subfield(&Context::create(), &path, Some(&new), None, "name",
///     |s| Some(&s.name), direct_equal_nilable, non_empty);
/// assert_eq!(errs.to_string(), "spec.selector.name: Required value");
/// // Unchanged on update: ratcheted.
/// let errs = subfield(&Context::update(), &path, Some(&new), Some(&new), "name",
///     |s| Some(&s.name), direct_equal_nilable, non_empty);
/// assert!(errs.is_empty());
/// ```
#[allow(clippy::too_many_arguments)] // the shape of Kubernetes' Subfield
#[inline]
pub fn subfield<'s, S, F, G, E, V, R>(
    ctx: &Context,
    path: &Path<'_>,
    new: Option<&'s S>,
    old: Option<&'s S>,
    name: &str,
    get: G,
    equiv: E,
    validator: V,
) -> R
where
    F: ?Sized + 's,
    G: Fn(&'s S) -> Option<&'s F>,
    E: Fn(Option<&F>, Option<&F>) -> bool,
    V: FnOnce(&Context, &Path<'_>, Option<&F>, Option<&F>) -> R,
    R: Default,
{
    let Some(new) = new else {
        return R::default();
    };
    let value = get(new);
    let old_value = old.and_then(&get);
    if ctx.is_update() && old.is_some() && equiv(value, old_value) {
        return R::default();
    }
    validator(ctx, &path.child(name), value, old_value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::Error;
    use crate::field::ErrorList;
    use crate::validate::direct_equal_nilable;
    use std::cell::RefCell;

    #[derive(Debug, PartialEq)]
    struct S {
        a: Option<i32>,
        b: String,
    }

    fn recorder(
        seen: &RefCell<Vec<String>>,
    ) -> impl Fn(&Context, &Path<'_>, Option<&i32>, Option<&i32>) -> ErrorList + '_ {
        move |_, p, v, o| {
            seen.borrow_mut().push(format!("{p} {v:?} {o:?}"));
            ErrorList::from(Error::invalid(p, "", "bad").with_origin("inner"))
        }
    }

    #[test]
    fn validates_at_child_path_with_old_value() {
        let seen = RefCell::new(vec![]);
        let p = Path::new("spec");
        let new = S {
            a: Some(1),
            b: "x".into(),
        };
        let old = S {
            a: Some(2),
            b: "x".into(),
        };
        let errs = subfield(
            &Context::update(),
            &p,
            Some(&new),
            Some(&old),
            "a",
            |s| s.a.as_ref(),
            direct_equal_nilable,
            recorder(&seen),
        );
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].field, "spec.a");
        assert_eq!(errs[0].origin, "inner");
        assert_eq!(seen.borrow().as_slice(), ["spec.a Some(1) Some(2)"]);
    }

    #[test]
    fn ratcheting_cases() {
        let seen = RefCell::new(vec![]);
        let p = Path::root();
        let new = S {
            a: None,
            b: "x".into(),
        };
        let old_same = S {
            a: None,
            b: "changed elsewhere".into(),
        };
        let old_diff = S {
            a: Some(3),
            b: "x".into(),
        };
        let run = |ctx: &Context, old: Option<&S>| {
            subfield(
                ctx,
                &p,
                Some(&new),
                old,
                "a",
                |s| s.a.as_ref(),
                direct_equal_nilable,
                recorder(&seen),
            )
        };
        // The subfield is unchanged even though the struct changed: skipped.
        assert!(run(&Context::update(), Some(&old_same)).is_empty());
        assert_eq!(run(&Context::update(), Some(&old_diff)).len(), 1);
        // No old struct (e.g. a new list item): validated, old value None.
        assert_eq!(run(&Context::update(), None).len(), 1);
        assert_eq!(run(&Context::create(), Some(&old_same)).len(), 1);
        assert_eq!(seen.borrow()[2], "a None None");
    }

    #[test]
    fn nil_struct_has_nothing_to_validate() {
        let seen = RefCell::new(vec![]);
        let p = Path::new("x");
        let errs = subfield::<S, i32, _, _, _, _>(
            &Context::create(),
            &p,
            None,
            None,
            "a",
            |s| s.a.as_ref(),
            direct_equal_nilable,
            recorder(&seen),
        );
        assert!(errs.is_empty());
    }

    #[test]
    fn unsized_field_values() {
        let p = Path::new("x");
        let new = S {
            a: None,
            b: "hello".into(),
        };
        let errs = subfield(
            &Context::create(),
            &p,
            Some(&new),
            None,
            "b",
            |s| Some(s.b.as_str()),
            direct_equal_nilable,
            |_, p, v: Option<&str>, _| {
                ErrorList::from(Error::invalid(p, v.unwrap_or_default(), "no"))
            },
        );
        assert_eq!(errs.to_string(), r#"x.b: Invalid value: "hello": no"#);
    }
}
