//! Validation of one list item selected by its list-map key (Kubernetes'
//! `ValSliceItem` / `PtrSliceItem`, the `+k8s:item(key: value)` tag).

use crate::field::Path;
use crate::operation::Context;

/// Validates the first item of `new` for which `matches` holds, at
/// `path[index]` (`index` in `new`), passing the first matching item of
/// `old` as its old value.
///
/// `matches` selects the item by its key fields (a list-map primary key),
/// so at most one item is expected to match. Nothing happens when no new
/// item matches: removed items are not validated. On update the item is
/// skipped when an old item matched and `equiv(new, old)` holds. The result
/// is the validator's (`R::default()`, e.g. an empty list or `false`, when
/// nothing is validated).
///
/// ```
/// use apimachinery::field::{Error, ErrorList, Path};
/// use apimachinery::operation::Context;
/// use apimachinery::validate::{direct_equal, slice_item};
///
/// #[derive(PartialEq)]
/// struct Condition { kind: &'static str, status: &'static str }
/// let must_be_true = |_: &Context, p: &Path<'_>, c: Option<&Condition>, _: Option<&Condition>| {
///     match c {
///         Some(c) if c.status != "True" => {
///             let f = p.child("status");
///             ErrorList::from(Error::invalid(&f, c.status, "must be True"))
///         }
///         _ => ErrorList::new(),
///     }
/// };
/// let new = [Condition { kind: "Ready", status: "True" },
///            Condition { kind: "Approved", status: "False" }];
/// let status = Path::new("status");
/// let path = status.child("conditions");
/// let errs = slice_item(&Context::create(), &path, &new, None,
///     |c| c.kind == "Approved", direct_equal, must_be_true);
/// assert_eq!(errs.to_string(),
///     r#"status.conditions[1].status: Invalid value: "False": must be True"#);
/// // Unchanged on update: skipped.
/// let errs = slice_item(&Context::update(), &path, &new, Some(&new),
///     |c| c.kind == "Approved", direct_equal, must_be_true);
/// assert!(errs.is_empty());
/// ```
pub fn slice_item<T, M, E, V, R>(
    ctx: &Context,
    path: &Path<'_>,
    new: &[T],
    old: Option<&[T]>,
    matches: M,
    equiv: E,
    validator: V,
) -> R
where
    M: Fn(&T) -> bool,
    E: Fn(&T, &T) -> bool,
    V: FnOnce(&Context, &Path<'_>, Option<&T>, Option<&T>) -> R,
    R: Default,
{
    let Some((index, item)) = new.iter().enumerate().find(|(_, item)| matches(item)) else {
        return R::default();
    };
    let old_item = old.unwrap_or_default().iter().find(|o| matches(o));
    validate_item(ctx, path, index, item, old_item, equiv, validator)
}

/// [`slice_item`] for a list of pointers (`&[Option<T>]`, Kubernetes'
/// `PtrSliceItem`): `None` items, new or old, are never matched.
///
/// ```
/// use apimachinery::field::{Error, ErrorList, Path};
/// use apimachinery::operation::Context;
/// use apimachinery::validate::{direct_equal, ptr_slice_item};
///
/// let path = Path::new("xs");
/// let errs = ptr_slice_item(&Context::create(), &path, &[None, Some(7)], None,
///     |x| *x == 7, direct_equal,
///     |_: &Context, p: &Path<'_>, _: Option<&i32>, _: Option<&i32>|
///         ErrorList::from(Error::forbidden(p, "")));
/// assert_eq!(errs.to_string(), "xs[1]: Forbidden");
/// ```
pub fn ptr_slice_item<T, M, E, V, R>(
    ctx: &Context,
    path: &Path<'_>,
    new: &[Option<T>],
    old: Option<&[Option<T>]>,
    matches: M,
    equiv: E,
    validator: V,
) -> R
where
    M: Fn(&T) -> bool,
    E: Fn(&T, &T) -> bool,
    V: FnOnce(&Context, &Path<'_>, Option<&T>, Option<&T>) -> R,
    R: Default,
{
    let found = new.iter().enumerate().find_map(|(i, item)| {
        item.as_ref()
            .filter(|item| matches(item))
            .map(|item| (i, item))
    });
    let Some((index, item)) = found else {
        return R::default();
    };
    let old_item = old
        .unwrap_or_default()
        .iter()
        .flatten()
        .find(|o| matches(o));
    validate_item(ctx, path, index, item, old_item, equiv, validator)
}

fn validate_item<T, E, V, R>(
    ctx: &Context,
    path: &Path<'_>,
    index: usize,
    item: &T,
    old_item: Option<&T>,
    equiv: E,
    validator: V,
) -> R
where
    E: Fn(&T, &T) -> bool,
    V: FnOnce(&Context, &Path<'_>, Option<&T>, Option<&T>) -> R,
    R: Default,
{
    if ctx.is_update()
        && let Some(old_item) = old_item
        && equiv(item, old_item)
    {
        return R::default();
    }
    validator(ctx, &path.index(index), Some(item), old_item)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::Error;
    use crate::field::ErrorList;
    use crate::validate::direct_equal;
    use std::cell::RefCell;

    #[derive(Debug, PartialEq)]
    struct Cond {
        kind: &'static str,
        status: &'static str,
    }

    fn cond(kind: &'static str, status: &'static str) -> Cond {
        Cond { kind, status }
    }

    fn recorder(
        seen: &RefCell<Vec<String>>,
    ) -> impl Fn(&Context, &Path<'_>, Option<&Cond>, Option<&Cond>) -> ErrorList + '_ {
        move |_, p, v, o| {
            seen.borrow_mut().push(format!("{p} {v:?} {o:?}"));
            ErrorList::from(Error::invalid(p, "", "bad"))
        }
    }

    fn approved(c: &Cond) -> bool {
        c.kind == "Approved"
    }

    #[test]
    fn no_matching_item_means_nothing_to_validate() {
        let seen = RefCell::new(vec![]);
        let p = Path::new("c");
        let new = [cond("Ready", "True")];
        // Removed items are not validated either.
        let old = [cond("Approved", "True")];
        let errs = slice_item(
            &Context::update(),
            &p,
            &new,
            Some(&old),
            approved,
            direct_equal,
            recorder(&seen),
        );
        assert!(errs.is_empty());
        assert!(seen.borrow().is_empty());
    }

    #[test]
    fn validates_first_match_with_its_old_counterpart() {
        let seen = RefCell::new(vec![]);
        let p = Path::new("c");
        let new = [
            cond("Ready", "True"),
            cond("Approved", "False"),
            cond("Approved", "Unknown"),
        ];
        let old = [cond("Approved", "True"), cond("Approved", "X")];
        let errs = slice_item(
            &Context::update(),
            &p,
            &new,
            Some(&old),
            approved,
            direct_equal,
            recorder(&seen),
        );
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].field, "c[1]");
        assert_eq!(
            seen.borrow()[0],
            r#"c[1] Some(Cond { kind: "Approved", status: "False" }) Some(Cond { kind: "Approved", status: "True" })"#
        );
    }

    #[test]
    fn ratchets_only_on_update_with_equivalent_old_item() {
        let seen = RefCell::new(vec![]);
        let p = Path::new("c");
        let new = [cond("Approved", "False")];
        let same = [cond("Approved", "False")];
        let changed = [cond("Approved", "True")];
        let run = |ctx: &Context, old: Option<&[Cond]>| {
            slice_item(ctx, &p, &new, old, approved, direct_equal, recorder(&seen)).len()
        };
        assert_eq!(run(&Context::update(), Some(&same)), 0);
        assert_eq!(run(&Context::update(), Some(&changed)), 1);
        // Item added to the list-map: no old counterpart, validated.
        assert_eq!(run(&Context::update(), Some(&[])), 1);
        assert_eq!(run(&Context::update(), None), 1);
        assert_eq!(run(&Context::create(), Some(&same)), 1);
    }

    #[test]
    fn ptr_slice_item_ignores_nils() {
        let seen = RefCell::new(vec![]);
        let p = Path::new("c");
        let new = [None, Some(cond("Approved", "False"))];
        let old = [None, Some(cond("Approved", "False"))];
        let errs = ptr_slice_item(
            &Context::update(),
            &p,
            &new,
            Some(&old),
            approved,
            direct_equal,
            recorder(&seen),
        );
        assert!(errs.is_empty());
        let errs = ptr_slice_item(
            &Context::create(),
            &p,
            &new,
            None,
            approved,
            direct_equal,
            recorder(&seen),
        );
        assert_eq!(errs[0].field, "c[1]");
        let nils: [Option<Cond>; 2] = [None, None];
        assert!(
            ptr_slice_item(
                &Context::create(),
                &p,
                &nils,
                None,
                approved,
                direct_equal,
                recorder(&seen)
            )
            .is_empty()
        );
    }
}
