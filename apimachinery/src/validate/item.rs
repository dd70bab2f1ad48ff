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

/// A list item selected by [`select_slice_items`]: its index in the new
/// list, the item, and the first matching item of the old list.
pub type SelectedItem<'a, T> = (usize, &'a T, Option<&'a T>);

/// The items of `new` selected by `N` selectors in one pass: for each
/// selector, the first item of `new` it matches (with its index) and the
/// first item of `old` it matches, exactly what `N` calls of [`slice_item`]
/// would look up, but reading each item once. `matches(item)` tells for an
/// item which selectors match it. The new list is scanned until every
/// selector has its item (or to the end), the old list only for the
/// selectors that matched a new item. Pass each result to
/// [`slice_item_selected`].
///
/// ```
/// use apimachinery::validate::select_slice_items;
/// let new = ["a", "b", "a"];
/// let old = ["b", "c"];
/// let [a, b, c] = select_slice_items(&new, Some(&old), |x| [*x == "a", *x == "b", *x == "c"]);
/// assert_eq!(a, Some((0, &"a", None)));
/// assert_eq!(b, Some((1, &"b", Some(&"b"))));
/// assert_eq!(c, None); // only in the old list: removed items are not validated
/// ```
#[inline]
pub fn select_slice_items<'a, T, M, const N: usize>(
    new: &'a [T],
    old: Option<&'a [T]>,
    matches: M,
) -> [Option<SelectedItem<'a, T>>; N]
where
    M: Fn(&T) -> [bool; N],
{
    select(new, old, Some, matches)
}

/// [`select_slice_items`] for a list of pointers (`&[Option<T>]`, as
/// [`ptr_slice_item`]): `None` items, new or old, are never matched; the
/// index is the item's position in the list, `None` items counted.
///
/// ```
/// use apimachinery::validate::select_ptr_slice_items;
/// let new = [None, Some(7), Some(8)];
/// let [seven, nine] = select_ptr_slice_items(&new, None, |x: &i32| [*x == 7, *x == 9]);
/// assert_eq!(seven, Some((1, &7, None)));
/// assert_eq!(nine, None);
/// ```
#[inline]
pub fn select_ptr_slice_items<'a, T, M, const N: usize>(
    new: &'a [Option<T>],
    old: Option<&'a [Option<T>]>,
    matches: M,
) -> [Option<SelectedItem<'a, T>>; N]
where
    M: Fn(&T) -> [bool; N],
{
    select(new, old, Option::as_ref, matches)
}

/// The one pass of [`select_slice_items`] over items seen through `view`.
#[inline(always)]
fn select<'a, S, T, V, M, const N: usize>(
    new: &'a [S],
    old: Option<&'a [S]>,
    view: V,
    matches: M,
) -> [Option<SelectedItem<'a, T>>; N]
where
    V: Fn(&'a S) -> Option<&'a T>,
    M: Fn(&T) -> [bool; N],
{
    let mut found: [Option<SelectedItem<'a, T>>; N] = [None; N];
    let mut missing = N;
    for (index, item) in new.iter().enumerate() {
        if missing == 0 {
            break;
        }
        let Some(item) = view(item) else { continue };
        let hits = matches(item);
        for (slot, hit) in found.iter_mut().zip(hits) {
            if hit && slot.is_none() {
                *slot = Some((index, item, None));
                missing -= 1;
            }
        }
    }
    let Some(old) = old else { return found };
    // Only the selectors with a new item need their old one.
    let mut wanted = N - missing;
    for item in old {
        if wanted == 0 {
            break;
        }
        let Some(item) = view(item) else { continue };
        let hits = matches(item);
        for (slot, hit) in found.iter_mut().zip(hits) {
            if let Some((_, _, old_item @ None)) = slot
                && hit
            {
                *old_item = Some(item);
                wanted -= 1;
            }
        }
    }
    found
}

/// Validates an item found by [`select_slice_items`] (nothing when the
/// selector matched no new item), as [`slice_item`] validates the item it
/// finds: skipped on update when an old item matched and
/// `equiv(new, old)` holds, else `validator` at `path[index]`.
///
/// ```
/// use apimachinery::field::{Error, ErrorList, Path};
/// use apimachinery::operation::Context;
/// use apimachinery::validate::{direct_equal, select_slice_items, slice_item_selected};
/// let [two] = select_slice_items(&[1, 2], None, |x| [*x == 2]);
/// let errs: ErrorList = slice_item_selected(&Context::create(), &Path::new("xs"), two, direct_equal,
///     |_: &Context, p: &Path<'_>, _: Option<&i32>, _: Option<&i32>| ErrorList::from(Error::forbidden(p, "")));
/// assert_eq!(errs.to_string(), "xs[1]: Forbidden");
/// ```
#[inline]
pub fn slice_item_selected<T, E, V, R>(
    ctx: &Context,
    path: &Path<'_>,
    selected: Option<SelectedItem<'_, T>>,
    equiv: E,
    validator: V,
) -> R
where
    E: Fn(&T, &T) -> bool,
    V: FnOnce(&Context, &Path<'_>, Option<&T>, Option<&T>) -> R,
    R: Default,
{
    match selected {
        Some((index, item, old_item)) => {
            validate_item(ctx, path, index, item, old_item, equiv, validator)
        }
        None => R::default(),
    }
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

    /// What `slice_item` / `ptr_slice_item` pass to their validator for one
    /// selector: `(index, new, old)`, or `None` when nothing is validated.
    fn one_by_one<T: Clone>(
        new: &[Option<T>],
        old: Option<&[Option<T>]>,
        matches: impl Fn(&T) -> bool,
    ) -> Option<(usize, T, Option<T>)> {
        let ctx = Context::create();
        let p = Path::root();
        let seen: RefCell<Option<(usize, T, Option<T>)>> = RefCell::new(None);
        let () = ptr_slice_item(
            &ctx,
            &p,
            new,
            old,
            matches,
            |_, _| false,
            |_, path, v, o| {
                let index = path
                    .to_string()
                    .trim_start_matches('[')
                    .trim_end_matches(']')
                    .parse()
                    .unwrap_or(usize::MAX);
                *seen.borrow_mut() = v.map(|v| (index, v.clone(), o.cloned()));
            },
        );
        seen.into_inner()
    }

    #[test]
    fn one_pass_selects_what_each_selector_finds_on_its_own() {
        // Lists over a small alphabet with repeats and nils: every mix of
        // first matches, old counterparts and absent items.
        let items = [
            None,
            Some('a'),
            Some('b'),
            Some('a'),
            Some('c'),
            None,
            Some('b'),
        ];
        let selectors = ['a', 'b', 'c', 'd'];
        for start in 0..items.len() {
            for len in 0..=items.len() - start {
                let new = &items[start..start + len];
                for old in [None, Some(&items[..]), Some(&items[3..]), Some(&items[..0])] {
                    let got =
                        select_ptr_slice_items(new, old, |x: &char| selectors.map(|s| *x == s));
                    for (sel, got) in selectors.iter().zip(got) {
                        let want = one_by_one(new, old, |x: &char| x == sel);
                        assert_eq!(
                            got.map(|(i, v, o)| (i, *v, o.copied())),
                            want,
                            "{new:?} {old:?} {sel}"
                        );
                    }
                    let plain: Vec<char> = new.iter().flatten().copied().collect();
                    let plain_old: Option<Vec<char>> =
                        old.map(|o| o.iter().flatten().copied().collect());
                    let got = select_slice_items(&plain, plain_old.as_deref(), |x: &char| {
                        selectors.map(|s| *x == s)
                    });
                    for (sel, got) in selectors.iter().zip(got) {
                        let first = plain.iter().position(|x| x == sel);
                        let first_old = plain_old
                            .as_deref()
                            .unwrap_or_default()
                            .iter()
                            .find(|x| *x == sel);
                        assert_eq!(
                            got.map(|(i, v, o)| (i, *v, o)),
                            first.map(|i| (i, plain[i], first_old)),
                            "{plain:?} {sel}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn selected_item_validates_as_slice_item() {
        let seen = RefCell::new(vec![]);
        let p = Path::new("c");
        let new = [cond("Ready", "True"), cond("Approved", "False")];
        let old = [cond("Approved", "False")];
        for ctx in [Context::create(), Context::update()] {
            let [sel] = select_slice_items(&new, Some(&old), |c| [approved(c)]);
            let one = slice_item_selected(&ctx, &p, sel, direct_equal, recorder(&seen));
            let each = slice_item(
                &ctx,
                &p,
                &new,
                Some(&old),
                approved,
                direct_equal,
                recorder(&seen),
            );
            assert_eq!(one, each);
        }
        // Unchanged on update: skipped; on create: validated at c[1].
        assert_eq!(seen.borrow().len(), 2);
        assert!(seen.borrow()[0].starts_with("c[1] "));
        let none: ErrorList =
            slice_item_selected(&Context::create(), &p, None, direct_equal, recorder(&seen));
        assert!(none.is_empty());
    }
}
