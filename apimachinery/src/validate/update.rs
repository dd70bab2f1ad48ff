//! Update constraints (Kubernetes' `validate/update.go`): `+k8s:update=<C>`.
//!
//! All checks run on update only. Like Kubernetes they rely on the generated
//! code's ratcheting: they are called only when the field changed, so
//! `NoModify` only needs to see that the value was set before and after.
//! Transition errors are Invalid with a `null` bad value and origin `update`;
//! item errors (`NoAddItem`, `NoRemoveItem`) are Forbidden with origin `update`.

use super::push_error;
use super::required::ZeroValue;
use crate::field::{BadValue, Error, ErrorList, Path};
use crate::operation::Context;
use std::collections::BTreeMap;
use std::fmt;

/// One `+k8s:update` constraint (Go's `UpdateConstraint`).
///
/// ```
/// use apimachinery::validate::UpdateConstraint;
/// assert_eq!("NoModify".parse::<UpdateConstraint>(), Ok(UpdateConstraint::NoModify));
/// assert_eq!(UpdateConstraint::NoAddItem.as_str(), "NoAddItem");
/// assert!("noSet".parse::<UpdateConstraint>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize)]
pub enum UpdateConstraint {
    /// Prevents unset -> set transitions.
    NoSet,
    /// Prevents set -> unset transitions.
    NoUnset,
    /// Prevents changes of a value that was set and stays set.
    NoModify,
    /// Prevents adding items to a list or map.
    NoAddItem,
    /// Prevents removing items from a list or map.
    NoRemoveItem,
}

impl UpdateConstraint {
    /// The name as written in the tag payload.
    ///
    /// ```
    /// assert_eq!(apimachinery::validate::UpdateConstraint::NoSet.as_str(), "NoSet");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            UpdateConstraint::NoSet => "NoSet",
            UpdateConstraint::NoUnset => "NoUnset",
            UpdateConstraint::NoModify => "NoModify",
            UpdateConstraint::NoAddItem => "NoAddItem",
            UpdateConstraint::NoRemoveItem => "NoRemoveItem",
        }
    }
}

impl fmt::Display for UpdateConstraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The error for a payload that names no [`UpdateConstraint`].
///
/// ```
/// use apimachinery::validate::{UnknownUpdateConstraint, UpdateConstraint};
/// let err = "Bogus".parse::<UpdateConstraint>().unwrap_err();
/// assert_eq!(err, UnknownUpdateConstraint("Bogus".to_string()));
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown update constraint {0:?} (expected NoSet, NoUnset, NoModify, NoAddItem or NoRemoveItem)"
)]
pub struct UnknownUpdateConstraint(pub String);

impl std::str::FromStr for UpdateConstraint {
    type Err = UnknownUpdateConstraint;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "NoSet" => Ok(UpdateConstraint::NoSet),
            "NoUnset" => Ok(UpdateConstraint::NoUnset),
            "NoModify" => Ok(UpdateConstraint::NoModify),
            "NoAddItem" => Ok(UpdateConstraint::NoAddItem),
            "NoRemoveItem" => Ok(UpdateConstraint::NoRemoveItem),
            other => Err(UnknownUpdateConstraint(other.to_string())),
        }
    }
}

const SET_DETAIL: &str = "field cannot be set once created";
const UNSET_DETAIL: &str = "field cannot be cleared once set";
const MODIFY_DETAIL: &str = "field cannot be modified once set";

#[inline(always)]
fn transition(path: &Path<'_>, detail: &'static str) -> Error {
    Error::invalid(path, BadValue::from(serde_json::Value::Null), detail).with_origin("update")
}

#[cold]
#[inline(never)]
fn item_error(path: &Path<'_>, detail: &'static str) -> Error {
    Error::forbidden(path, detail).with_origin("update")
}

/// The NoSet / NoUnset / NoModify checks shared by all shapes, given whether
/// the old and new values are set; item constraints are left to the caller.
fn transitions(
    path: &Path<'_>,
    old_set: bool,
    new_set: bool,
    constraint: UpdateConstraint,
    errs: &mut ErrorList,
) -> bool {
    let detail = match constraint {
        UpdateConstraint::NoSet if !old_set && new_set => SET_DETAIL,
        UpdateConstraint::NoUnset if old_set && !new_set => UNSET_DETAIL,
        UpdateConstraint::NoModify if old_set && new_set => MODIFY_DETAIL,
        _ => return false,
    };
    push_error(errs, || transition(path, detail));
    true
}

/// `UpdateValueByCompare` / `UpdateValueByReflect`: update constraints on a
/// non-pointer value, "set" meaning not the zero value. Nothing on create or
/// when there is no old value (e.g. a new list item). Item constraints are ignored.
///
/// ```
/// use apimachinery::{field::Path, operation::Context};
/// use apimachinery::validate::{UpdateConstraint::*, update_value};
/// let spec = Path::new("spec");
/// let p = spec.child("class");
/// let errs = update_value(&Context::update(), &p, Some("gold"), Some(""), &[NoSet]);
/// assert_eq!(errs[0].to_string(), "spec.class: Invalid value: null: field cannot be set once created");
/// assert_eq!(errs[0].origin, "update");
/// assert!(update_value(&Context::update(), &p, Some("gold"), Some("silver"), &[NoSet]).is_empty());
/// assert!(update_value(&Context::create(), &p, Some("gold"), None, &[NoSet]).is_empty());
/// ```
#[inline]
pub fn update_value<T: ?Sized + ZeroValue>(
    ctx: &Context,
    path: &Path<'_>,
    value: Option<&T>,
    old: Option<&T>,
    constraints: &[UpdateConstraint],
) -> ErrorList {
    let mut errs = ErrorList::new();
    update_value_into(ctx, path, value, old, constraints, &mut errs);
    errs
}

/// [`update_value`] appending to `errs`; returns whether it appended any.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context};
/// use apimachinery::validate::{UpdateConstraint::*, update_value, update_value_into};
/// let (p, mut errs) = (Path::new("class"), ErrorList::new());
/// assert!(update_value_into(&Context::update(), &p, Some("gold"), Some(""), &[NoSet], &mut errs));
/// assert_eq!(errs, update_value(&Context::update(), &p, Some("gold"), Some(""), &[NoSet]));
/// ```
#[doc(hidden)]
#[inline]
pub fn update_value_into<T: ?Sized + ZeroValue>(
    ctx: &Context,
    path: &Path<'_>,
    value: Option<&T>,
    old: Option<&T>,
    constraints: &[UpdateConstraint],
    errs: &mut ErrorList,
) -> bool {
    let Some(old) = old else {
        return false;
    };
    if !ctx.is_update() {
        return false;
    }
    let old_set = !old.is_zero();
    let new_set = value.is_some_and(|v| !v.is_zero());
    let mut failed = false;
    for &c in constraints {
        failed |= transitions(path, old_set, new_set, c, errs);
    }
    failed
}

/// `UpdatePointer`: update constraints on a pointer, "set" meaning `Some`
/// (a nil old pointer counts as unset, so NoSet applies). Nothing on create.
///
/// ```
/// use apimachinery::{field::Path, operation::Context};
/// use apimachinery::validate::{UpdateConstraint::*, update_pointer};
/// let p = Path::new("limit");
/// let errs = update_pointer::<i32>(&Context::update(), &p, None, Some(&0), &[NoUnset]);
/// assert_eq!(errs[0].detail, "field cannot be cleared once set");
/// assert_eq!(update_pointer(&Context::update(), &p, Some(&0), None, &[NoSet]).len(), 1);
/// ```
#[inline]
pub fn update_pointer<T: ?Sized>(
    ctx: &Context,
    path: &Path<'_>,
    value: Option<&T>,
    old: Option<&T>,
    constraints: &[UpdateConstraint],
) -> ErrorList {
    let mut errs = ErrorList::new();
    update_pointer_into(ctx, path, value, old, constraints, &mut errs);
    errs
}

/// [`update_pointer`] appending to `errs`; returns whether it appended any.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context};
/// use apimachinery::validate::{UpdateConstraint::*, update_pointer, update_pointer_into};
/// let (p, mut errs) = (Path::new("limit"), ErrorList::new());
/// assert!(update_pointer_into::<i32>(&Context::update(), &p, None, Some(&0), &[NoUnset], &mut errs));
/// assert!(!update_pointer_into(&Context::update(), &p, Some(&1), Some(&0), &[NoUnset], &mut errs));
/// assert_eq!(errs, update_pointer::<i32>(&Context::update(), &p, None, Some(&0), &[NoUnset]));
/// ```
#[doc(hidden)]
#[inline]
pub fn update_pointer_into<T: ?Sized>(
    ctx: &Context,
    path: &Path<'_>,
    value: Option<&T>,
    old: Option<&T>,
    constraints: &[UpdateConstraint],
    errs: &mut ErrorList,
) -> bool {
    if !ctx.is_update() {
        return false;
    }
    let mut failed = false;
    for &c in constraints {
        failed |= transitions(path, old.is_some(), value.is_some(), c, errs);
    }
    failed
}

/// `UpdateStruct`: update constraints on a non-pointer struct, which is always
/// set: NoSet and NoUnset never apply and NoModify always fails (the caller
/// only calls on a change). Nothing on create or without an old value.
///
/// ```
/// use apimachinery::{field::Path, operation::Context};
/// use apimachinery::validate::{UpdateConstraint::*, update_struct};
/// let p = Path::new("template");
/// let errs = update_struct(&Context::update(), &p, Some(&1), Some(&2), &[NoSet, NoModify]);
/// assert_eq!(errs.len(), 1);
/// assert_eq!(errs[0].detail, "field cannot be modified once set");
/// ```
#[inline]
pub fn update_struct<T: ?Sized>(
    ctx: &Context,
    path: &Path<'_>,
    _value: Option<&T>,
    old: Option<&T>,
    constraints: &[UpdateConstraint],
) -> ErrorList {
    let mut errs = ErrorList::new();
    update_struct_into(ctx, path, _value, old, constraints, &mut errs);
    errs
}

/// [`update_struct`] appending to `errs`; returns whether it appended any.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context};
/// use apimachinery::validate::{UpdateConstraint::*, update_struct, update_struct_into};
/// let (p, mut errs) = (Path::new("template"), ErrorList::new());
/// assert!(update_struct_into(&Context::update(), &p, Some(&1), Some(&2), &[NoModify], &mut errs));
/// assert!(!update_struct_into(&Context::create(), &p, Some(&1), None, &[NoModify], &mut errs));
/// assert_eq!(errs, update_struct(&Context::update(), &p, Some(&1), Some(&2), &[NoModify]));
/// ```
#[doc(hidden)]
#[inline]
pub fn update_struct_into<T: ?Sized>(
    ctx: &Context,
    path: &Path<'_>,
    _value: Option<&T>,
    old: Option<&T>,
    constraints: &[UpdateConstraint],
    errs: &mut ErrorList,
) -> bool {
    if !ctx.is_update() || old.is_none() {
        return false;
    }
    let mut failed = false;
    for &c in constraints {
        if c == UpdateConstraint::NoModify {
            push_error(errs, || transition(path, MODIFY_DETAIL));
            failed = true;
        }
    }
    failed
}

fn needs_match(constraints: &[UpdateConstraint]) -> bool {
    constraints.contains(&UpdateConstraint::NoAddItem)
        || constraints.contains(&UpdateConstraint::NoRemoveItem)
}

/// The shared body of [`update_slice`] and [`update_ptr_slice`]: `item`
/// reads an element, `None` being a nil item of a pointer list (skipped).
fn slice_update<I, T: ?Sized>(
    path: &Path<'_>,
    value: &[I],
    old: &[I],
    item: impl Fn(&I) -> Option<&T>,
    matches: impl Fn(&T, &T) -> bool,
    constraints: &[UpdateConstraint],
    errs: &mut ErrorList,
) -> bool {
    // Whether some item of `list` matches `target` (the list item passed
    // first), trying the item at `target`'s own index first: lists mostly
    // keep their order across an update, so the common case is one call of
    // `matches` per item instead of a scan. Only the order of the calls
    // changes, not the answer.
    let found = |list: &[I], at: usize, target: &T| {
        let hit = |x: &I| item(x).is_some_and(|i| matches(i, target));
        match list.get(at) {
            Some(x) => hit(x) || list[..at].iter().any(hit) || list[at + 1..].iter().any(hit),
            None => list.iter().any(hit),
        }
    };
    let start = errs.len();
    for &c in constraints {
        match c {
            UpdateConstraint::NoAddItem => {
                for (i, new_item) in value.iter().enumerate() {
                    if let Some(new_item) = item(new_item)
                        && !found(old, i, new_item)
                    {
                        errs.push(item_error(&path.index(i), "item may not be added"));
                    }
                }
            }
            UpdateConstraint::NoRemoveItem => {
                for (j, old_item) in old.iter().enumerate() {
                    if let Some(old_item) = item(old_item)
                        && !found(value, j, old_item)
                    {
                        errs.push(item_error(path, "item may not be removed"));
                    }
                }
            }
            // A list is not modified as a whole: NoModify does nothing here.
            UpdateConstraint::NoModify => {}
            _ => {
                transitions(path, !old.is_empty(), !value.is_empty(), c, errs);
            }
        }
    }
    errs.len() > start
}

/// `ValSliceUpdate`: update constraints on a list. NoSet/NoUnset treat an
/// empty list as unset; NoAddItem reports each new item with no `match` in the
/// old list (Forbidden `item may not be added` at `path[i]`); NoRemoveItem
/// reports each old item with no match in the new list (Forbidden `item may
/// not be removed` at the list path). `match_fn` is called as
/// `match_fn(list_item, target)`. A missing `match_fn` with an item
/// constraint is an InternalError. Nothing on create.
///
/// ```
/// use apimachinery::{field::Path, operation::Context};
/// use apimachinery::validate::{UpdateConstraint::*, update_slice};
/// let p = Path::new("finalizers");
/// let same = |a: &&str, b: &&str| a == b;
/// let errs = update_slice(&Context::update(), &p, &["a", "c"], Some(&["a", "b"][..]),
///                         Some(same), &[NoAddItem, NoRemoveItem]);
/// assert_eq!(errs[0].to_string(), "finalizers[1]: Forbidden: item may not be added");
/// assert_eq!(errs[1].to_string(), "finalizers: Forbidden: item may not be removed");
/// ```
pub fn update_slice<T, M>(
    ctx: &Context,
    path: &Path<'_>,
    value: &[T],
    old: Option<&[T]>,
    match_fn: Option<M>,
    constraints: &[UpdateConstraint],
) -> ErrorList
where
    M: Fn(&T, &T) -> bool,
{
    let mut errs = ErrorList::new();
    update_slice_into(ctx, path, value, old, match_fn, constraints, &mut errs);
    errs
}

/// [`update_slice`] appending to `errs`; returns whether it appended any.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context};
/// use apimachinery::validate::{UpdateConstraint::*, update_slice, update_slice_into};
/// let (p, mut errs) = (Path::new("items"), ErrorList::new());
/// let eq = |a: &i32, b: &i32| a == b;
/// let (new, old) = ([1, 2], [1]);
/// assert!(update_slice_into(&Context::update(), &p, &new, Some(&old), Some(eq), &[NoAddItem], &mut errs));
/// assert_eq!(errs, update_slice(&Context::update(), &p, &new, Some(&old), Some(eq), &[NoAddItem]));
/// ```
#[doc(hidden)]
#[inline]
pub fn update_slice_into<T, M>(
    ctx: &Context,
    path: &Path<'_>,
    value: &[T],
    old: Option<&[T]>,
    match_fn: Option<M>,
    constraints: &[UpdateConstraint],
    errs: &mut ErrorList,
) -> bool
where
    M: Fn(&T, &T) -> bool,
{
    if !ctx.is_update() {
        return false;
    }
    let old = old.unwrap_or(&[]);
    match match_fn {
        Some(m) => slice_update(path, value, old, |x: &T| Some(x), m, constraints, errs),
        None if needs_match(constraints) => {
            errs.push(Error::internal(
                path,
                "ValSliceUpdate: NoAddItem/NoRemoveItem require a non-nil match function",
            ));
            true
        }
        None => slice_update(
            path,
            value,
            old,
            |x: &T| Some(x),
            |_: &T, _: &T| false,
            constraints,
            errs,
        ),
    }
}

/// `PtrSliceUpdate`: [`update_slice`] for a list of pointers
/// (`&[Option<T>]`); nil items are neither added nor removed.
///
/// ```
/// use apimachinery::{field::Path, operation::Context};
/// use apimachinery::validate::{UpdateConstraint::*, update_ptr_slice};
/// let p = Path::new("xs");
/// let eq = |a: &i32, b: &i32| a == b;
/// let errs = update_ptr_slice(&Context::update(), &p, &[None, Some(2)], Some(&[Some(1)][..]),
///                             Some(eq), &[NoAddItem]);
/// assert_eq!(errs[0].to_string(), "xs[1]: Forbidden: item may not be added");
/// ```
pub fn update_ptr_slice<T, M>(
    ctx: &Context,
    path: &Path<'_>,
    value: &[Option<T>],
    old: Option<&[Option<T>]>,
    match_fn: Option<M>,
    constraints: &[UpdateConstraint],
) -> ErrorList
where
    M: Fn(&T, &T) -> bool,
{
    let mut errs = ErrorList::new();
    update_ptr_slice_into(ctx, path, value, old, match_fn, constraints, &mut errs);
    errs
}

/// [`update_ptr_slice`] appending to `errs`; returns whether it appended any.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context};
/// use apimachinery::validate::{UpdateConstraint::*, update_ptr_slice, update_ptr_slice_into};
/// let (p, mut errs) = (Path::new("items"), ErrorList::new());
/// let eq = |a: &i32, b: &i32| a == b;
/// let (new, old) = ([Some(1), Some(2)], [Some(1)]);
/// assert!(update_ptr_slice_into(&Context::update(), &p, &new, Some(&old), Some(eq), &[NoAddItem], &mut errs));
/// assert_eq!(errs, update_ptr_slice(&Context::update(), &p, &new, Some(&old), Some(eq), &[NoAddItem]));
/// ```
#[doc(hidden)]
#[inline]
pub fn update_ptr_slice_into<T, M>(
    ctx: &Context,
    path: &Path<'_>,
    value: &[Option<T>],
    old: Option<&[Option<T>]>,
    match_fn: Option<M>,
    constraints: &[UpdateConstraint],
    errs: &mut ErrorList,
) -> bool
where
    M: Fn(&T, &T) -> bool,
{
    if !ctx.is_update() {
        return false;
    }
    let old = old.unwrap_or(&[]);
    match match_fn {
        Some(m) => slice_update(
            path,
            value,
            old,
            |x: &Option<T>| x.as_ref(),
            m,
            constraints,
            errs,
        ),
        None if needs_match(constraints) => {
            errs.push(Error::internal(
                path,
                "PtrSliceUpdate: NoAddItem/NoRemoveItem require a non-nil match function",
            ));
            true
        }
        None => slice_update(
            path,
            value,
            old,
            |x: &Option<T>| x.as_ref(),
            |_: &T, _: &T| false,
            constraints,
            errs,
        ),
    }
}

/// `UpdateMap`: update constraints on a map, keyed by its keys. NoSet/NoUnset
/// treat an empty map as unset; NoAddItem / NoRemoveItem report Forbidden at
/// `path[key]` (keys printed with `Display`, in key order). Nothing on create.
///
/// ```
/// use apimachinery::{field::Path, operation::Context};
/// use apimachinery::validate::{UpdateConstraint::*, update_map};
/// use std::collections::BTreeMap;
/// let p = Path::new("labels");
/// let old = BTreeMap::from([("a", 1), ("b", 2)]);
/// let new = BTreeMap::from([("a", 1), ("c", 3)]);
/// let errs = update_map(&Context::update(), &p, &new, Some(&old), &[NoAddItem, NoRemoveItem]);
/// assert_eq!(errs[0].to_string(), "labels[c]: Forbidden: item may not be added");
/// assert_eq!(errs[1].to_string(), "labels[b]: Forbidden: item may not be removed");
/// ```
pub fn update_map<K: Ord + fmt::Display, V>(
    ctx: &Context,
    path: &Path<'_>,
    value: &BTreeMap<K, V>,
    old: Option<&BTreeMap<K, V>>,
    constraints: &[UpdateConstraint],
) -> ErrorList {
    let mut errs = ErrorList::new();
    update_map_into(ctx, path, value, old, constraints, &mut errs);
    errs
}

/// [`update_map`] appending to `errs`; returns whether it appended any.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context};
/// use apimachinery::validate::{UpdateConstraint::*, update_map, update_map_into};
/// use std::collections::BTreeMap;
/// let (p, mut errs) = (Path::new("labels"), ErrorList::new());
/// let old = BTreeMap::from([("a", 1), ("b", 2)]);
/// let new = BTreeMap::from([("a", 1)]);
/// assert!(update_map_into(&Context::update(), &p, &new, Some(&old), &[NoRemoveItem], &mut errs));
/// assert!(!update_map_into(&Context::update(), &p, &old, Some(&new), &[NoRemoveItem], &mut errs));
/// assert_eq!(errs, update_map(&Context::update(), &p, &new, Some(&old), &[NoRemoveItem]));
/// ```
#[doc(hidden)]
#[inline]
pub fn update_map_into<K: Ord + fmt::Display, V>(
    ctx: &Context,
    path: &Path<'_>,
    value: &BTreeMap<K, V>,
    old: Option<&BTreeMap<K, V>>,
    constraints: &[UpdateConstraint],
    errs: &mut ErrorList,
) -> bool {
    if !ctx.is_update() {
        return false;
    }
    let empty = BTreeMap::new();
    let old = old.unwrap_or(&empty);
    let start = errs.len();
    for &c in constraints {
        match c {
            UpdateConstraint::NoAddItem => {
                for k in value.keys().filter(|k| !old.contains_key(*k)) {
                    let key = k.to_string();
                    errs.push(item_error(&path.key(&key), "item may not be added"));
                }
            }
            UpdateConstraint::NoRemoveItem => {
                for k in old.keys().filter(|k| !value.contains_key(*k)) {
                    let key = k.to_string();
                    errs.push(item_error(&path.key(&key), "item may not be removed"));
                }
            }
            UpdateConstraint::NoModify => {}
            _ => {
                transitions(path, !old.is_empty(), !value.is_empty(), c, errs);
            }
        }
    }
    errs.len() > start
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::ErrorType;
    use UpdateConstraint::*;

    const ALL_TRANSITIONS: [UpdateConstraint; 3] = [NoSet, NoUnset, NoModify];

    fn details(errs: &ErrorList) -> Vec<&str> {
        errs.iter().map(|e| &*e.detail).collect()
    }

    fn assert_transition(e: &Error, field: &str, detail: &str) {
        assert_eq!(e.error_type, ErrorType::Invalid);
        assert_eq!(e.field, field);
        assert_eq!(e.origin, "update");
        assert_eq!(e.detail, detail);
        assert_eq!(e.bad_value, BadValue::Value(serde_json::Value::Null));
        assert_eq!(
            e.to_string(),
            format!("{field}: Invalid value: null: {detail}")
        );
    }

    #[test]
    fn value_transitions() {
        let u = Context::update();
        let spec = Path::new("spec");
        let p = spec.child("v");
        let errs = update_value(&u, &p, Some(&1), Some(&0), &ALL_TRANSITIONS);
        assert_eq!(errs.len(), 1);
        assert_transition(&errs[0], "spec.v", SET_DETAIL);
        let errs = update_value(&u, &p, Some(&0), Some(&1), &ALL_TRANSITIONS);
        assert_eq!(details(&errs), [UNSET_DETAIL]);
        let errs = update_value(&u, &p, Some(&2), Some(&1), &ALL_TRANSITIONS);
        assert_eq!(details(&errs), [MODIFY_DETAIL]);
        // Constraints not given are not checked.
        assert!(update_value(&u, &p, Some(&2), Some(&1), &[NoSet, NoUnset]).is_empty());
        assert!(update_value(&u, &p, Some(&1), Some(&0), &[NoUnset, NoModify]).is_empty());
        // No old value (new item), create: nothing.
        assert!(update_value(&u, &p, Some(&1), None, &ALL_TRANSITIONS).is_empty());
        assert!(
            update_value(&Context::create(), &p, Some(&1), Some(&0), &ALL_TRANSITIONS).is_empty()
        );
        // Strings: "" is unset.
        let errs = update_value(&u, &p, Some(""), Some("x"), &[NoUnset]);
        assert_eq!(details(&errs), [UNSET_DETAIL]);
        // Item constraints do not apply to values.
        assert!(update_value(&u, &p, Some(&1), Some(&0), &[NoAddItem, NoRemoveItem]).is_empty());
    }

    #[test]
    fn pointer_transitions() {
        let u = Context::update();
        let p = Path::new("p");
        let errs = update_pointer(&u, &p, Some(&0), None, &ALL_TRANSITIONS);
        assert_eq!(errs.len(), 1);
        assert_transition(&errs[0], "p", SET_DETAIL);
        let errs = update_pointer::<i32>(&u, &p, None, Some(&0), &ALL_TRANSITIONS);
        assert_eq!(details(&errs), [UNSET_DETAIL]);
        // A pointer to the zero value is set: changing 0 -> 1 is a modification.
        let errs = update_pointer(&u, &p, Some(&1), Some(&0), &ALL_TRANSITIONS);
        assert_eq!(details(&errs), [MODIFY_DETAIL]);
        assert!(update_pointer::<i32>(&u, &p, None, None, &ALL_TRANSITIONS).is_empty());
        assert!(
            update_pointer(&Context::create(), &p, Some(&0), None, &ALL_TRANSITIONS).is_empty()
        );
    }

    #[test]
    fn struct_is_always_set() {
        let u = Context::update();
        let p = Path::new("s");
        assert!(update_struct(&u, &p, Some(&1), Some(&2), &[NoSet, NoUnset]).is_empty());
        let errs = update_struct(&u, &p, Some(&1), Some(&2), &[NoModify, NoSet]);
        assert_eq!(errs.len(), 1);
        assert_transition(&errs[0], "s", MODIFY_DETAIL);
        assert!(update_struct(&u, &p, Some(&1), None, &[NoModify]).is_empty());
        assert!(update_struct(&Context::create(), &p, Some(&1), Some(&2), &[NoModify]).is_empty());
    }

    #[test]
    fn slice_set_and_unset_use_length() {
        let u = Context::update();
        let p = Path::new("l");
        let no_match = None::<fn(&i32, &i32) -> bool>;
        let errs = update_slice(
            &u,
            &p,
            &[1],
            Some(&[]),
            no_match,
            &[NoSet, NoUnset, NoModify],
        );
        assert_eq!(errs.len(), 1);
        assert_transition(&errs[0], "l", SET_DETAIL);
        let errs = update_slice(&u, &p, &[1], None, no_match, &[NoSet]);
        assert_eq!(details(&errs), [SET_DETAIL]);
        let errs = update_slice(&u, &p, &[], Some(&[1]), no_match, &[NoSet, NoUnset]);
        assert_eq!(details(&errs), [UNSET_DETAIL]);
        assert!(
            update_slice(
                &u,
                &p,
                &[2],
                Some(&[1]),
                no_match,
                &[NoSet, NoUnset, NoModify]
            )
            .is_empty()
        );
        assert!(update_slice(&Context::create(), &p, &[1], None, no_match, &[NoSet]).is_empty());
    }

    #[test]
    fn slice_items_added_and_removed() {
        let u = Context::update();
        let spec = Path::new("spec");
        let p = spec.child("items");
        let by_key = Some(|a: &(i32, &str), b: &(i32, &str)| a.0 == b.0);
        let old = [(1, "a"), (2, "b"), (3, "c")];
        let new = [(1, "changed"), (4, "d"), (5, "e")];
        let errs = update_slice(&u, &p, &new, Some(&old), by_key, &[NoAddItem, NoRemoveItem]);
        let rendered: Vec<String> = errs.iter().map(ToString::to_string).collect();
        assert_eq!(
            rendered,
            [
                "spec.items[1]: Forbidden: item may not be added",
                "spec.items[2]: Forbidden: item may not be added",
                "spec.items: Forbidden: item may not be removed",
                "spec.items: Forbidden: item may not be removed",
            ]
        );
        assert!(
            errs.iter()
                .all(|e| e.origin == "update" && e.error_type == ErrorType::Forbidden)
        );
        // Reordering adds and removes nothing.
        let reordered = [(3, "c"), (1, "a"), (2, "b")];
        assert!(
            update_slice(
                &u,
                &p,
                &reordered,
                Some(&old),
                by_key,
                &[NoAddItem, NoRemoveItem]
            )
            .is_empty()
        );
        // Constraint order decides error order.
        let errs = update_slice(
            &u,
            &p,
            &new[..1],
            Some(&old[1..2]),
            by_key,
            &[NoRemoveItem, NoAddItem],
        );
        assert_eq!(errs[0].detail, "item may not be removed");
        assert_eq!(errs[1].field, "spec.items[0]");
        // Every new item is added when there is no old list.
        assert_eq!(
            update_slice(&u, &p, &new, None, by_key, &[NoAddItem]).len(),
            3
        );
    }

    #[test]
    fn match_is_called_with_list_item_first() {
        let u = Context::update();
        let p = Path::new("l");
        // An asymmetric match: the list item must be greater than the target.
        let gt = Some(|item: &i32, target: &i32| item > target);
        // New 1: is there an old item > 1? yes (5) -> not added.
        // Old 5: is there a new item > 5? no -> removed.
        let errs = update_slice(&u, &p, &[1], Some(&[5]), gt, &[NoAddItem, NoRemoveItem]);
        assert_eq!(details(&errs), ["item may not be removed"]);
    }

    #[test]
    fn missing_match_function_is_an_internal_error() {
        let u = Context::update();
        let p = Path::new("l");
        let errs = update_slice(
            &u,
            &p,
            &[1],
            Some(&[1]),
            None::<fn(&i32, &i32) -> bool>,
            &[NoSet, NoAddItem],
        );
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].error_type, ErrorType::Internal);
        assert_eq!(
            errs[0].detail,
            "ValSliceUpdate: NoAddItem/NoRemoveItem require a non-nil match function"
        );
        let errs = update_ptr_slice(
            &u,
            &p,
            &[Some(1)],
            None,
            None::<fn(&i32, &i32) -> bool>,
            &[NoRemoveItem],
        );
        assert_eq!(
            errs[0].detail,
            "PtrSliceUpdate: NoAddItem/NoRemoveItem require a non-nil match function"
        );
        // Not on create.
        assert!(
            update_slice(
                &Context::create(),
                &p,
                &[1],
                None,
                None::<fn(&i32, &i32) -> bool>,
                &[NoAddItem]
            )
            .is_empty()
        );
    }

    #[test]
    fn pointer_slices_skip_nil_items() {
        let u = Context::update();
        let p = Path::new("l");
        let eq = Some(|a: &i32, b: &i32| a == b);
        let old = [None, Some(1), Some(2)];
        let new = [Some(1), None, Some(3)];
        let errs = update_ptr_slice(&u, &p, &new, Some(&old), eq, &[NoAddItem, NoRemoveItem]);
        let rendered: Vec<String> = errs.iter().map(ToString::to_string).collect();
        assert_eq!(
            rendered,
            [
                "l[2]: Forbidden: item may not be added",
                "l: Forbidden: item may not be removed"
            ]
        );
        // A list of only nils is still non-empty for NoSet / NoUnset.
        let errs = update_ptr_slice(&u, &p, &[None], Some(&[]), eq, &[NoSet, NoAddItem]);
        assert_eq!(details(&errs), [SET_DETAIL]);
    }

    #[test]
    fn map_constraints() {
        let u = Context::update();
        let meta = Path::new("metadata");
        let p = meta.child("labels");
        let empty: BTreeMap<String, i32> = BTreeMap::new();
        let old = BTreeMap::from([("a/b".to_string(), 1), ("x".to_string(), 2)]);
        let new = BTreeMap::from([
            ("a/b".to_string(), 9),
            ("y".to_string(), 2),
            ("z".to_string(), 3),
        ]);
        let errs = update_map(
            &u,
            &p,
            &new,
            Some(&old),
            &[NoAddItem, NoRemoveItem, NoModify, NoSet, NoUnset],
        );
        let rendered: Vec<String> = errs.iter().map(ToString::to_string).collect();
        assert_eq!(
            rendered,
            [
                "metadata.labels[y]: Forbidden: item may not be added",
                "metadata.labels[z]: Forbidden: item may not be added",
                "metadata.labels[x]: Forbidden: item may not be removed",
            ]
        );
        let errs = update_map(&u, &p, &new, Some(&empty), &[NoSet]);
        assert_eq!(errs.len(), 1);
        assert_transition(&errs[0], "metadata.labels", SET_DETAIL);
        let errs = update_map(&u, &p, &empty, Some(&old), &[NoUnset]);
        assert_eq!(details(&errs), [UNSET_DETAIL]);
        assert_eq!(update_map(&u, &p, &new, None, &[NoSet, NoAddItem]).len(), 4);
        let ints = BTreeMap::from([(7u8, ())]);
        assert_eq!(
            update_map(&u, &p, &ints, None, &[NoAddItem])[0].field,
            "metadata.labels[7]"
        );
        assert!(update_map(&Context::create(), &p, &new, None, &[NoSet, NoAddItem]).is_empty());
    }

    #[test]
    fn constraint_names_round_trip() {
        for c in [NoSet, NoUnset, NoModify, NoAddItem, NoRemoveItem] {
            assert_eq!(c.as_str().parse::<UpdateConstraint>(), Ok(c));
            assert_eq!(c.to_string(), c.as_str());
        }
    }
}
