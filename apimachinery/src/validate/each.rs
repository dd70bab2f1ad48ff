//! Per-element validation of lists and maps with element-level ratcheting
//! (Kubernetes' `EachValSliceVal`, `EachPtrSliceVal`, `EachMapVal`,
//! `EachMapKey`, and the `DirectEqual` match helper).
//!
//! # Match and equivalence functions
//!
//! `match_fn` and `equiv` are plain function pointers ([`MatchFn`]):
//! generated code passes non-capturing closures (`Some(|a, b| a.name ==
//! b.name)`) or [`direct_equal`], which coerce to `fn` pointers, so a call
//! allocates nothing and `None` needs no type annotation. `match_fn`
//! correlates a new element with an old one (a list-map key comparison, or
//! full equality for a `listType=set`); `equiv` then decides whether the
//! correlated pair is unchanged. As in Kubernetes, `match_fn` is called as
//! `match_fn(old_element, new_element)` and `equiv` as `equiv(new, old)`.
//!
//! Kubernetes finds each old element by a linear scan (O(n²) per list);
//! [`each_slice_val`] does the same. [`each_slice_val_by_key`] gives the
//! same results in O(n) when the correlation is a hashable key.

use std::collections::{BTreeMap, HashMap};
use std::hash::Hash;

use foldhash::fast::RandomState;

use crate::field::{ErrorList, Path};
use crate::operation::Context;

/// A function comparing two values of the same type (Kubernetes'
/// `MatchFunc`).
///
/// ```
/// use apimachinery::validate::{MatchFn, direct_equal};
/// let by_len: MatchFn<String> = |a, b| a.len() == b.len();
/// assert!(by_len(&"ab".to_string(), &"cd".to_string()));
/// let eq: MatchFn<i32> = direct_equal;
/// assert!(!eq(&1, &2));
/// ```
pub type MatchFn<T> = fn(&T, &T) -> bool;

/// Equality with `==` (Kubernetes' `DirectEqual` for non-nil values; also
/// serves for `SemanticDeepEqual`, since Rust's `PartialEq` on API types
/// already treats an absent list like an empty one).
///
/// ```
/// use apimachinery::validate::direct_equal;
/// assert!(direct_equal("a", "a"));
/// assert!(!direct_equal(&1, &2));
/// ```
pub fn direct_equal<T: PartialEq + ?Sized>(a: &T, b: &T) -> bool {
    a == b
}

/// Equality of nilable values (Kubernetes' master `DirectEqual` on
/// pointers): two `None`s are equal, `None` and `Some` are not, two `Some`s
/// compare their values with `==`.
///
/// ```
/// use apimachinery::validate::direct_equal_nilable;
/// assert!(direct_equal_nilable::<i32>(None, None));
/// assert!(!direct_equal_nilable(Some(&1), None));
/// assert!(direct_equal_nilable(Some("x"), Some("x")));
/// ```
pub fn direct_equal_nilable<T: PartialEq + ?Sized>(a: Option<&T>, b: Option<&T>) -> bool {
    match (a, b) {
        (None, None) => true,
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}

/// Whether an element correlated with `old` may skip validation: only on
/// update, only when an old element was found, and only when `equiv` is
/// absent (the match was a full comparison) or says the pair is unchanged.
fn unchanged<T>(ctx: &Context, new: &T, old: Option<&T>, equiv: Option<MatchFn<T>>) -> bool {
    match old {
        Some(old) if ctx.is_update() => equiv.is_none_or(|equiv| equiv(new, old)),
        _ => false,
    }
}

/// Validates each element of a list at `path[i]` (Kubernetes'
/// `EachValSliceVal`, the `+k8s:eachVal` tag).
///
/// When `match_fn` is given and `old` is non-empty, the first old element
/// with `match_fn(old, new)` is the element's old value (passed to
/// `validator`). On update an element is skipped when an old element
/// matched and either `equiv` is `None` (the match compared the whole
/// value) or `equiv(new, old)` holds. Without `match_fn` nothing is
/// correlated and every element is validated.
///
/// ```
/// use apimachinery::field::{Error, ErrorList, Path};
/// use apimachinery::operation::Context;
/// use apimachinery::validate::{direct_equal, each_slice_val};
///
/// let positive = |_: &Context, p: &Path<'_>, v: Option<&i32>, _: Option<&i32>| match v {
///     Some(v) if *v <= 0 => ErrorList::from(Error::invalid(p, *v, "must be positive")),
///     _ => ErrorList::new(),
/// };
/// let path = Path::new("xs");
/// // A set: match on the whole value, no separate equivalence.
/// let errs = each_slice_val(&Context::create(), &path, &[1, -2, 0], None,
///     Some(direct_equal), None, positive);
/// assert_eq!(errs.to_string(),
///     "[xs[1]: Invalid value: -2: must be positive, xs[2]: Invalid value: 0: must be positive]");
/// // On update, the -2 that was already there is not revalidated.
/// let old = [-2];
/// let errs = each_slice_val(&Context::update(), &path, &[1, -2, 0], Some(&old),
///     Some(direct_equal), None, positive);
/// assert_eq!(errs.len(), 1);
/// assert_eq!(errs[0].field, "xs[2]");
/// ```
pub fn each_slice_val<T, V>(
    ctx: &Context,
    path: &Path<'_>,
    new: &[T],
    old: Option<&[T]>,
    match_fn: Option<MatchFn<T>>,
    equiv: Option<MatchFn<T>>,
    validator: V,
) -> ErrorList
where
    V: Fn(&Context, &Path<'_>, Option<&T>, Option<&T>) -> ErrorList,
{
    let old = old.unwrap_or_default();
    let mut errs = ErrorList::new();
    for (i, item) in new.iter().enumerate() {
        let correlated = match match_fn {
            Some(m) if !old.is_empty() => old.iter().find(|o| m(o, item)),
            _ => None,
        };
        if unchanged(ctx, item, correlated, equiv) {
            continue;
        }
        errs.extend_from(validator(ctx, &path.index(i), Some(item), correlated));
    }
    errs
}

/// [`each_slice_val`] for a list of pointers (`&[Option<T>]`, Kubernetes'
/// `EachPtrSliceVal`): `None` elements are skipped (they are reported by
/// [`no_nils`](super::no_nils)), and `None` old elements never match.
///
/// ```
/// use apimachinery::field::{Error, ErrorList, Path};
/// use apimachinery::operation::Context;
/// use apimachinery::validate::each_ptr_slice_val;
///
/// let path = Path::new("xs");
/// let errs = each_ptr_slice_val(&Context::create(), &path, &[Some(1), None, Some(2)], None,
///     None, None, |_: &Context, p: &Path<'_>, _: Option<&i32>, _: Option<&i32>|
///         ErrorList::from(Error::required(p, "")));
/// assert_eq!(errs.to_string(), "[xs[0]: Required value, xs[2]: Required value]");
/// ```
pub fn each_ptr_slice_val<T, V>(
    ctx: &Context,
    path: &Path<'_>,
    new: &[Option<T>],
    old: Option<&[Option<T>]>,
    match_fn: Option<MatchFn<T>>,
    equiv: Option<MatchFn<T>>,
    validator: V,
) -> ErrorList
where
    V: Fn(&Context, &Path<'_>, Option<&T>, Option<&T>) -> ErrorList,
{
    let old = old.unwrap_or_default();
    let mut errs = ErrorList::new();
    for (i, item) in new.iter().enumerate() {
        let Some(item) = item else { continue };
        let correlated = match match_fn {
            Some(m) if !old.is_empty() => old.iter().flatten().find(|o| m(o, item)),
            _ => None,
        };
        if unchanged(ctx, item, correlated, equiv) {
            continue;
        }
        errs.extend_from(validator(ctx, &path.index(i), Some(item), correlated));
    }
    errs
}

/// Old lists up to this length are correlated by scanning precomputed keys
/// on the stack; longer ones through a hash map with a fast, randomly
/// seeded hasher (`foldhash`).
const SMALL_LIST: usize = 16;

/// [`each_slice_val`] with the correlation given as a key (a list-map key,
/// or the whole value for a set) instead of a match function: an element's
/// old value is the first old element with an equal key, exactly as with
/// `match_fn = |a, b| key(a) == key(b)`, but found in O(1) so the whole
/// list is validated in O(n). `key` is called once per new and once per
/// old element, and not at all when `old` is empty (a create): then no
/// index is built.
///
/// ```
/// use apimachinery::field::{Error, ErrorList, Path};
/// use apimachinery::operation::Context;
/// use apimachinery::validate::{direct_equal, each_slice_val_by_key};
///
/// #[derive(PartialEq)]
/// struct Port { name: &'static str, port: i32 }
/// let check = |_: &Context, p: &Path<'_>, v: Option<&Port>, _: Option<&Port>| match v {
///     Some(v) if v.port > 65535 => {
///         let f = p.child("port");
///         ErrorList::from(Error::invalid(&f, v.port, "out of range"))
///     }
///     _ => ErrorList::new(),
/// };
/// let old = [Port { name: "a", port: 70000 }];
/// let new = [Port { name: "b", port: 70000 }, Port { name: "a", port: 70000 }];
/// let path = Path::new("ports");
/// let errs = each_slice_val_by_key(&Context::update(), &path, &new, Some(&old),
///     |p| p.name, Some(direct_equal), check);
/// // "a" is unchanged and ratcheted; the added "b" is validated.
/// assert_eq!(errs.len(), 1);
/// assert_eq!(errs[0].field, "ports[0].port");
/// ```
pub fn each_slice_val_by_key<'t, T, K, F, V>(
    ctx: &Context,
    path: &Path<'_>,
    new: &'t [T],
    old: Option<&'t [T]>,
    key: F,
    equiv: Option<MatchFn<T>>,
    validator: V,
) -> ErrorList
where
    K: Hash + Eq,
    F: Fn(&'t T) -> K,
    V: Fn(&Context, &Path<'_>, Option<&T>, Option<&T>) -> ErrorList,
{
    let old: &'t [T] = old.unwrap_or_default();
    let mut errs = ErrorList::new();
    if old.is_empty() {
        // A create, or nothing stored: nothing to correlate, so no index
        // is built and no key extracted.
        for (i, item) in new.iter().enumerate() {
            errs.extend_from(validator(ctx, &path.index(i), Some(item), None));
        }
        return errs;
    }
    let index = OldIndex::new(old, &key);
    for (i, item) in new.iter().enumerate() {
        let correlated = index.find(&key(item));
        if unchanged(ctx, item, correlated, equiv) {
            continue;
        }
        errs.extend_from(validator(ctx, &path.index(i), Some(item), correlated));
    }
    errs
}

/// The old elements of a list by key; the first element wins for a
/// repeated key, like a front-to-back linear scan.
enum OldIndex<'t, T, K> {
    Small([Option<(K, &'t T)>; SMALL_LIST]),
    Large(HashMap<K, &'t T, RandomState>),
}

impl<'t, T, K: Hash + Eq> OldIndex<'t, T, K> {
    fn new(old: &'t [T], key: impl Fn(&'t T) -> K) -> Self {
        if old.len() <= SMALL_LIST {
            let mut small: [Option<(K, &'t T)>; SMALL_LIST] = Default::default();
            for (slot, item) in small.iter_mut().zip(old) {
                *slot = Some((key(item), item));
            }
            OldIndex::Small(small)
        } else {
            let mut map = HashMap::with_capacity_and_hasher(old.len(), RandomState::default());
            for item in old {
                map.entry(key(item)).or_insert(item);
            }
            OldIndex::Large(map)
        }
    }

    fn find(&self, k: &K) -> Option<&'t T> {
        match self {
            OldIndex::Small(small) => small
                .iter()
                .flatten()
                .find(|(ok, _)| ok == k)
                .map(|(_, item)| *item),
            OldIndex::Large(map) => map.get(k).copied(),
        }
    }
}

/// Validates each value of a map at `path[key]` (Kubernetes' `EachMapVal`).
///
/// The value under the same key in `old` is passed as the old value. On
/// update a value is skipped when the key exists in `old` and `equiv` is
/// given and says the values are equal; with `equiv = None` every value is
/// validated. Keys are visited in map order.
///
/// ```
/// use std::collections::BTreeMap;
/// use apimachinery::field::{Error, ErrorList, Path};
/// use apimachinery::operation::Context;
/// use apimachinery::validate::{direct_equal, each_map_val};
///
/// let short = |_: &Context, p: &Path<'_>, v: Option<&String>, _: Option<&String>| match v {
///     Some(v) if v.len() > 3 => ErrorList::from(Error::too_long(p, 3)),
///     _ => ErrorList::new(),
/// };
/// let new = BTreeMap::from([("a".to_string(), "long".to_string()), ("b".to_string(), "longer".to_string())]);
/// let old = BTreeMap::from([("a".to_string(), "long".to_string())]);
/// let meta = Path::new("metadata");
/// let path = meta.child("labels");
/// let errs = each_map_val(&Context::update(), &path, &new, Some(&old), Some(direct_equal), short);
/// assert_eq!(errs.to_string(), "metadata.labels[b]: Too long: may not be more than 3 bytes");
/// ```
pub fn each_map_val<K, T, V>(
    ctx: &Context,
    path: &Path<'_>,
    new: &BTreeMap<K, T>,
    old: Option<&BTreeMap<K, T>>,
    equiv: Option<MatchFn<T>>,
    validator: V,
) -> ErrorList
where
    K: Ord + AsRef<str>,
    V: Fn(&Context, &Path<'_>, Option<&T>, Option<&T>) -> ErrorList,
{
    let mut errs = ErrorList::new();
    for (key, value) in new {
        let correlated = old.and_then(|old| old.get(key));
        if ctx.is_update()
            && let (Some(o), Some(equiv)) = (correlated, equiv)
            && equiv(value, o)
        {
            continue;
        }
        errs.extend_from(validator(
            ctx,
            &path.key(key.as_ref()),
            Some(value),
            correlated,
        ));
    }
    errs
}

/// Validates each key of a map, **at the map's own path** (Kubernetes'
/// `EachMapKey`, the `+k8s:eachKey` tag). On update, keys already present
/// in `old` are skipped. The validator always gets `None` as old value.
///
/// ```
/// use std::collections::BTreeMap;
/// use apimachinery::field::{Error, ErrorList, Path};
/// use apimachinery::operation::Context;
/// use apimachinery::validate::each_map_key;
///
/// let lower = |_: &Context, p: &Path<'_>, k: Option<&String>, _: Option<&String>| match k {
///     Some(k) if k.chars().any(|c| c.is_uppercase()) =>
///         ErrorList::from(Error::invalid(p, k.as_str(), "must be lowercase")),
///     _ => ErrorList::new(),
/// };
/// let new = BTreeMap::from([("A".to_string(), 1), ("B".to_string(), 2)]);
/// let old = BTreeMap::from([("A".to_string(), 0)]);
/// let path = Path::new("data");
/// let errs = each_map_key(&Context::update(), &path, &new, Some(&old), lower);
/// assert_eq!(errs.to_string(), r#"data: Invalid value: "B": must be lowercase"#);
/// ```
pub fn each_map_key<K, T, V>(
    ctx: &Context,
    path: &Path<'_>,
    new: &BTreeMap<K, T>,
    old: Option<&BTreeMap<K, T>>,
    validator: V,
) -> ErrorList
where
    K: Ord,
    V: Fn(&Context, &Path<'_>, Option<&K>, Option<&K>) -> ErrorList,
{
    let mut errs = ErrorList::new();
    for key in new.keys() {
        if ctx.is_update() && old.is_some_and(|old| old.contains_key(key)) {
            continue;
        }
        errs.extend_from(validator(ctx, path, Some(key), None));
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::{Error, ErrorType};
    use std::cell::{Cell, RefCell};

    #[derive(Debug, Clone, PartialEq)]
    struct Item {
        name: &'static str,
        value: i32,
    }

    fn item(name: &'static str, value: i32) -> Item {
        Item { name, value }
    }

    fn by_name(a: &Item, b: &Item) -> bool {
        a.name == b.name
    }

    /// Fails every element it sees, recording the old value it was given.
    fn failing<'s, T: std::fmt::Debug>(
        seen: &'s RefCell<Vec<String>>,
    ) -> impl Fn(&Context, &Path<'_>, Option<&T>, Option<&T>) -> ErrorList + 's {
        move |_, p, v, o| {
            seen.borrow_mut().push(format!("{p} {v:?} {o:?}"));
            ErrorList::from(Error::invalid(p, "", "bad").with_origin("test"))
        }
    }

    fn fields(errs: &ErrorList) -> Vec<&str> {
        errs.iter().map(|e| e.field.as_str()).collect()
    }

    #[test]
    fn each_slice_val_validates_every_element_on_create() {
        let seen = RefCell::new(vec![]);
        let p = Path::new("xs");
        let new = [item("a", 1), item("b", 2)];
        let old = [item("a", 1)];
        // On create old values may still be correlated, but nothing is skipped.
        let errs = each_slice_val(
            &Context::create(),
            &p,
            &new,
            Some(&old),
            Some(by_name),
            Some(direct_equal),
            failing(&seen),
        );
        assert_eq!(fields(&errs), ["xs[0]", "xs[1]"]);
        assert_eq!(errs[0].origin, "test");
        assert_eq!(errs[0].error_type, ErrorType::Invalid);
        assert_eq!(
            seen.borrow().as_slice(),
            [
                r#"xs[0] Some(Item { name: "a", value: 1 }) Some(Item { name: "a", value: 1 })"#,
                r#"xs[1] Some(Item { name: "b", value: 2 }) None"#
            ]
        );
    }

    #[test]
    fn each_slice_val_ratchets_unchanged_list_map_items() {
        let seen = RefCell::new(vec![]);
        let p = Path::new("xs");
        let old = [item("a", 1), item("b", 2)];
        // Reordered, "b" changed, "c" added, "a" unchanged.
        let new = [item("b", 3), item("c", 4), item("a", 1)];
        let errs = each_slice_val(
            &Context::update(),
            &p,
            &new,
            Some(&old),
            Some(by_name),
            Some(direct_equal),
            failing(&seen),
        );
        assert_eq!(fields(&errs), ["xs[0]", "xs[1]"]);
        assert_eq!(
            seen.borrow().as_slice(),
            [
                r#"xs[0] Some(Item { name: "b", value: 3 }) Some(Item { name: "b", value: 2 })"#,
                r#"xs[1] Some(Item { name: "c", value: 4 }) None"#
            ]
        );
    }

    #[test]
    fn each_slice_val_match_without_equiv_skips_any_match() {
        let p = Path::new("xs");
        let seen = RefCell::new(vec![]);
        let old = [item("a", 1)];
        let new = [item("a", 2)];
        // match_fn alone is taken as a full comparison.
        let errs = each_slice_val(
            &Context::update(),
            &p,
            &new,
            Some(&old),
            Some(by_name),
            None,
            failing(&seen),
        );
        assert!(errs.is_empty());
    }

    #[test]
    fn each_slice_val_without_match_revalidates_everything() {
        let p = Path::new("xs");
        let seen = RefCell::new(vec![]);
        let old = [item("a", 1)];
        let errs = each_slice_val(
            &Context::update(),
            &p,
            &old,
            Some(&old),
            None,
            Some(direct_equal),
            failing(&seen),
        );
        assert_eq!(fields(&errs), ["xs[0]"]);
        assert_eq!(
            seen.borrow()[0],
            r#"xs[0] Some(Item { name: "a", value: 1 }) None"#
        );
    }

    #[test]
    fn each_slice_val_uses_first_old_match_and_calls_match_old_first() {
        let p = Path::new("xs");
        let seen = RefCell::new(vec![]);
        let old = [item("a", 1), item("a", 2)];
        thread_local! { static OLD_FIRST: Cell<bool> = const { Cell::new(true) }; }
        fn m(a: &Item, b: &Item) -> bool {
            // The new element under test has value 9: it must come second.
            if a.value == 9 || b.value != 9 {
                OLD_FIRST.with(|c| c.set(false));
            }
            a.name == b.name
        }
        let errs = each_slice_val(
            &Context::update(),
            &p,
            &[item("a", 9)],
            Some(&old),
            Some(m),
            Some(direct_equal),
            failing(&seen),
        );
        assert!(OLD_FIRST.with(|c| c.get()));
        assert_eq!(errs.len(), 1);
        assert!(seen.borrow()[0].ends_with("Some(Item { name: \"a\", value: 1 })"));
    }

    #[test]
    fn equiv_is_called_new_first() {
        // An asymmetric equiv: "unchanged" only when new.value >= old.value.
        fn grew(new: &Item, old: &Item) -> bool {
            new.value >= old.value
        }
        let p = Path::new("xs");
        let seen = RefCell::new(vec![]);
        let old = [item("a", 1)];
        let errs = each_slice_val(
            &Context::update(),
            &p,
            &[item("a", 5)],
            Some(&old),
            Some(by_name),
            Some(grew),
            failing(&seen),
        );
        assert!(errs.is_empty());
        let m_old = BTreeMap::from([("k".to_string(), item("a", 1))]);
        let m_new = BTreeMap::from([("k".to_string(), item("a", 5))]);
        let errs = each_map_val(
            &Context::update(),
            &p,
            &m_new,
            Some(&m_old),
            Some(grew),
            failing(&seen),
        );
        assert!(errs.is_empty());
    }

    #[test]
    fn each_ptr_slice_val_skips_nils() {
        let p = Path::new("xs");
        let seen = RefCell::new(vec![]);
        let old = [None, Some(item("a", 1))];
        let new = [None, Some(item("a", 1)), Some(item("b", 1))];
        let errs = each_ptr_slice_val(
            &Context::update(),
            &p,
            &new,
            Some(&old),
            Some(by_name),
            Some(direct_equal),
            failing(&seen),
        );
        assert_eq!(fields(&errs), ["xs[2]"]);
        let errs = each_ptr_slice_val(
            &Context::create(),
            &p,
            &new,
            None,
            None,
            None,
            failing(&seen),
        );
        assert_eq!(fields(&errs), ["xs[1]", "xs[2]"]);
    }

    #[test]
    fn by_key_agrees_with_match_for_small_and_large_lists() {
        let p = Path::new("xs");
        for n in [3usize, 8, 9, 16, 17, 50] {
            let names: Vec<&'static str> = (0..n)
                .map(|i| &*Box::leak(format!("k{}", i % (n / 2 + 1)).into_boxed_str()))
                .collect();
            let old: Vec<Item> = names
                .iter()
                .enumerate()
                .map(|(i, s)| item(s, i as i32 % 3))
                .collect();
            let new: Vec<Item> = names
                .iter()
                .rev()
                .enumerate()
                .map(|(i, s)| item(s, i as i32 % 2))
                .collect();
            for ctx in [Context::create(), Context::update()] {
                let a_seen = RefCell::new(vec![]);
                let b_seen = RefCell::new(vec![]);
                let a = each_slice_val(
                    &ctx,
                    &p,
                    &new,
                    Some(&old),
                    Some(by_name),
                    Some(direct_equal),
                    failing(&a_seen),
                );
                let b = each_slice_val_by_key(
                    &ctx,
                    &p,
                    &new,
                    Some(&old),
                    |x| x.name,
                    Some(direct_equal),
                    failing(&b_seen),
                );
                assert_eq!(a, b, "n={n}");
                assert_eq!(a_seen, b_seen, "n={n}");
            }
        }
    }

    #[test]
    fn by_key_is_linear_for_10000_items() {
        let n = 10_000;
        let names: Vec<String> = (0..n).map(|i| format!("k{i}")).collect();
        let old: Vec<(&str, i32)> = names.iter().map(|s| (s.as_str(), 1)).collect();
        let mut new = old.clone();
        new[42].1 = 2;
        let calls = Cell::new(0usize);
        let validated = Cell::new(0usize);
        let p = Path::new("xs");
        let errs = each_slice_val_by_key(
            &Context::update(),
            &p,
            &new,
            Some(&old),
            |x| {
                calls.set(calls.get() + 1);
                x.0
            },
            Some(direct_equal),
            |_, _, _, _| {
                validated.set(validated.get() + 1);
                ErrorList::new()
            },
        );
        assert!(errs.is_empty());
        assert_eq!(calls.get(), 2 * n);
        assert_eq!(validated.get(), 1);
    }

    #[test]
    fn by_key_extracts_no_key_without_old_items() {
        let calls = Cell::new(0usize);
        let p = Path::new("xs");
        let new = [("a", -1), ("b", 2), ("a", -3)];
        for (ctx, old) in [
            (Context::create(), None),
            (Context::update(), Some(&[][..])),
        ] {
            let errs = each_slice_val_by_key(
                &ctx,
                &p,
                &new,
                old,
                |x: &(&str, i32)| {
                    calls.set(calls.get() + 1);
                    x.0
                },
                Some(direct_equal),
                |_, path, v, o| {
                    assert!(o.is_none());
                    match v {
                        Some(v) if v.1 < 0 => ErrorList::from(Error::invalid(path, v.1, "neg")),
                        _ => ErrorList::new(),
                    }
                },
            );
            let fields: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
            assert_eq!(fields, ["xs[0]", "xs[2]"]);
        }
        assert_eq!(calls.get(), 0);
    }

    #[test]
    fn each_map_val_ratchets_with_equiv_only() {
        let p = Path::new("m");
        let seen = RefCell::new(vec![]);
        let old = BTreeMap::from([("a".to_string(), 1), ("b".to_string(), 2)]);
        let new = BTreeMap::from([
            ("a".to_string(), 1),
            ("b".to_string(), 3),
            ("c".to_string(), 4),
        ]);
        let errs = each_map_val(
            &Context::update(),
            &p,
            &new,
            Some(&old),
            Some(direct_equal),
            failing(&seen),
        );
        assert_eq!(fields(&errs), ["m[b]", "m[c]"]);
        assert_eq!(
            seen.borrow().as_slice(),
            ["m[b] Some(3) Some(2)", "m[c] Some(4) None"]
        );
        // Without equiv every value is validated, even unchanged ones.
        let errs = each_map_val(
            &Context::update(),
            &p,
            &new,
            Some(&old),
            None,
            failing(&seen),
        );
        assert_eq!(fields(&errs), ["m[a]", "m[b]", "m[c]"]);
        // On create nothing is skipped.
        let errs = each_map_val(
            &Context::create(),
            &p,
            &new,
            Some(&new),
            Some(direct_equal),
            failing(&seen),
        );
        assert_eq!(errs.len(), 3);
    }

    #[test]
    fn each_map_key_uses_map_path_and_skips_old_keys() {
        let seen = RefCell::new(vec![]);
        let meta = Path::new("metadata");
        let p = meta.child("labels");
        let old = BTreeMap::from([("a".to_string(), 1)]);
        let new = BTreeMap::from([("a".to_string(), 9), ("b".to_string(), 2)]);
        let errs = each_map_key(&Context::update(), &p, &new, Some(&old), failing(&seen));
        assert_eq!(fields(&errs), ["metadata.labels"]);
        assert_eq!(
            seen.borrow().as_slice(),
            [r#"metadata.labels Some("b") None"#]
        );
        let errs = each_map_key(&Context::create(), &p, &new, Some(&old), failing(&seen));
        assert_eq!(errs.len(), 2);
        let errs = each_map_key(&Context::update(), &p, &new, None, failing(&seen));
        assert_eq!(errs.len(), 2);
    }

    #[test]
    fn empty_inputs_produce_no_errors() {
        let p = Path::new("x");
        let seen = RefCell::new(vec![]);
        let none: [Item; 0] = [];
        assert!(
            each_slice_val(
                &Context::update(),
                &p,
                &none,
                None,
                Some(by_name),
                None,
                failing(&seen)
            )
            .is_empty()
        );
        let m: BTreeMap<String, i32> = BTreeMap::new();
        assert!(each_map_val(&Context::create(), &p, &m, None, None, failing(&seen)).is_empty());
        assert!(each_map_key(&Context::create(), &p, &m, None, failing(&seen)).is_empty());
        assert!(seen.borrow().is_empty());
    }
}
