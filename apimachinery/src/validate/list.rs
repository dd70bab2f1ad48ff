//! List-level checks: uniqueness of `listType=set` / `listType=map` lists and
//! the "no nil items" check for lists of pointers (Kubernetes'
//! `ValSliceUnique`, `PtrSliceUnique` and `PtrSliceNoNils`).
//!
//! Kubernetes compares every pair of items (O(n²)). The same errors are
//! produced here in O(n) when the items (or their list-map keys) are
//! hashable: an item is a duplicate exactly when an *earlier* item has the
//! same key, so a single pass that remembers the keys seen so far finds the
//! same indices, already in ascending order. [`unique_by_match`] keeps the
//! pairwise algorithm for items that can only be compared with a function.
//!
//! Like Kubernetes, none of these look at the old list: ratcheting happens
//! in the generated code, which skips an unchanged list as a whole.

use std::collections::HashSet;
use std::hash::{BuildHasher, Hash};

use foldhash::fast::{FixedState, RandomState};

use serde::Serialize;

use crate::field::{BadValue, Error, ErrorList, Path};
use crate::operation::Context;

/// Lists up to this length are checked on the stack (no allocation); longer
/// lists use a hash table with a fast, randomly seeded hasher (`foldhash`),
/// sized for the whole list.
const SMALL_LIST: usize = 16;

/// Lists up to this length compare keys pairwise without hashing (at most
/// three comparisons); longer small lists hash each key once on the stack
/// and compare the hashes pairwise.
const PAIRWISE_LIST: usize = 3;

/// Checks that no two items of a `listType=set` list are equal.
///
/// Each later duplicate gets `Duplicate` at `path[j]` with the item as bad
/// value and no origin, in index order (Kubernetes' `ValSliceUnique` with
/// `DirectEqual`). Runs in O(n); `old` is accepted for the calling
/// convention and ignored, as in Kubernetes.
///
/// ```
/// use apimachinery::field::Path;
/// use apimachinery::operation::Context;
/// use apimachinery::validate::unique_set;
///
/// let spec = Path::new("spec");
/// let path = spec.child("finalizers");
/// let errs = unique_set(&Context::create(), &path, &["a", "b", "a", "a"], None);
/// let fields: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
/// assert_eq!(fields, ["spec.finalizers[2]", "spec.finalizers[3]"]);
/// assert_eq!(errs[0].to_string(), r#"spec.finalizers[2]: Duplicate value: "a""#);
/// assert!(errs[0].origin.is_empty());
/// ```
pub fn unique_set<T>(ctx: &Context, path: &Path<'_>, items: &[T], old: Option<&[T]>) -> ErrorList
where
    T: Hash + Eq + Serialize,
{
    unique_by_key(ctx, path, items, old, |item| item)
}

/// [`unique_set`] appending to `errs`; returns whether it appended any.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context};
/// use apimachinery::validate::{unique_set, unique_set_into};
/// let (p, mut errs) = (Path::new("xs"), ErrorList::new());
/// assert!(unique_set_into(&Context::create(), &p, &["a", "a"], None, &mut errs));
/// assert_eq!(errs, unique_set(&Context::create(), &p, &["a", "a"], None));
/// ```
#[doc(hidden)]
#[inline]
pub fn unique_set_into<T>(
    ctx: &Context,
    path: &Path<'_>,
    items: &[T],
    old: Option<&[T]>,
    errs: &mut ErrorList,
) -> bool
where
    T: Hash + Eq + Serialize,
{
    unique_by_key_into(ctx, path, items, old, |item| item, errs)
}

/// Checks that no two items of a `listType=map` list have the same key.
///
/// `key` extracts the list-map key of an item, typically a tuple of
/// references to the key fields (`|c| (c.name.as_str(), c.protocol.as_str())`).
/// It is called once per item, and for each pair of keys with equal
/// hashes (a duplicate or a hash collision) at most twice more, so the
/// check is O(n) on long lists. Each later
/// duplicate gets `Duplicate` at `path[j]` with the *whole item* as bad
/// value and no origin, in index order, as Kubernetes' `ValSliceUnique`
/// with a key-match function reports it. `old` is ignored, as in Kubernetes.
///
/// Lists of at most 16 items are checked without allocating.
///
/// ```
/// use apimachinery::field::Path;
/// use apimachinery::operation::Context;
/// use apimachinery::validate::unique_by_key;
///
/// #[derive(serde::Serialize)]
/// struct Port { name: String, port: i32 }
/// let ports = vec![
///     Port { name: "http".into(), port: 80 },
///     Port { name: "http".into(), port: 8080 },
/// ];
/// let path = Path::new("ports");
/// let errs = unique_by_key(&Context::create(), &path, &ports, None, |p| p.name.as_str());
/// assert_eq!(errs.len(), 1);
/// assert_eq!(errs[0].to_string(), r#"ports[1]: Duplicate value: {"name":"http","port":8080}"#);
/// ```
pub fn unique_by_key<'t, T, K, F>(
    ctx: &Context,
    path: &Path<'_>,
    items: &'t [T],
    old: Option<&[T]>,
    key: F,
) -> ErrorList
where
    T: Serialize,
    K: Hash + Eq,
    F: Fn(&'t T) -> K,
{
    let mut errs = ErrorList::new();
    unique_by_key_into(ctx, path, items, old, key, &mut errs);
    errs
}

/// [`unique_by_key`] appending to `errs`; returns whether it appended any.
/// Lists of fewer than two items return at once.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context};
/// use apimachinery::validate::{unique_by_key, unique_by_key_into};
/// let (p, mut errs) = (Path::new("xs"), ErrorList::new());
/// let items = [(1, "a"), (2, "a"), (3, "b")];
/// assert!(unique_by_key_into(&Context::create(), &p, &items, None, |i| i.1, &mut errs));
/// assert_eq!(errs, unique_by_key(&Context::create(), &p, &items, None, |i| i.1));
/// ```
#[doc(hidden)]
#[inline]
pub fn unique_by_key_into<'t, T, K, F>(
    _ctx: &Context,
    path: &Path<'_>,
    items: &'t [T],
    _old: Option<&[T]>,
    key: F,
    errs: &mut ErrorList,
) -> bool
where
    T: Serialize,
    K: Hash + Eq,
    F: Fn(&'t T) -> K,
{
    if items.len() < 2 {
        return false;
    }
    // A list of a few distinct keys (the common valid case) is settled
    // here, inlined; a duplicate is found and reported out of line.
    if items.len() <= PAIRWISE_LIST && distinct_pairwise(items, &key) {
        return false;
    }
    duplicates_by_key(items, Some, key, path, errs)
}

/// Whether no two of `items` (at most [`PAIRWISE_LIST`] of them) have
/// equal keys: each key against the earlier items' keys.
#[inline(always)]
fn distinct_pairwise<'t, T, K, F>(items: &'t [T], key: &F) -> bool
where
    K: Eq,
    F: Fn(&'t T) -> K,
{
    items.iter().enumerate().skip(1).all(|(i, item)| {
        let k = key(item);
        !items[..i].iter().any(|e| key(e) == k)
    })
}

/// Checks that no two items are equal according to `matches`, for item
/// types that are neither hashable nor orderable.
///
/// This is Kubernetes' pairwise algorithm (O(n²) calls of `matches`): item
/// `j` is reported when some earlier item matches it, with `Duplicate` at
/// `path[j]`, the item as bad value and no origin, in index order. Prefer
/// [`unique_set`] or [`unique_by_key`] when the items or keys are hashable.
///
/// ```
/// use apimachinery::field::Path;
/// use apimachinery::operation::Context;
/// use apimachinery::validate::unique_by_match;
///
/// let weights = [0.5_f64, 1.0, 0.5];
/// let path = Path::new("weights");
/// let errs = unique_by_match(&Context::create(), &path, &weights, None, |a, b| a == b);
/// assert_eq!(errs.len(), 1);
/// assert_eq!(errs[0].field, "weights[2]");
/// ```
pub fn unique_by_match<T, M>(
    ctx: &Context,
    path: &Path<'_>,
    items: &[T],
    old: Option<&[T]>,
    matches: M,
) -> ErrorList
where
    T: Serialize,
    M: Fn(&T, &T) -> bool,
{
    let mut errs = ErrorList::new();
    unique_by_match_into(ctx, path, items, old, matches, &mut errs);
    errs
}

/// [`unique_by_match`] appending to `errs`; returns whether it appended any.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context};
/// use apimachinery::validate::{unique_by_match, unique_by_match_into};
/// let (p, mut errs) = (Path::new("xs"), ErrorList::new());
/// let eq = |a: &f64, b: &f64| a == b;
/// assert!(unique_by_match_into(&Context::create(), &p, &[0.5, 0.5], None, eq, &mut errs));
/// assert_eq!(errs, unique_by_match(&Context::create(), &p, &[0.5, 0.5], None, eq));
/// ```
#[doc(hidden)]
#[inline]
pub fn unique_by_match_into<T, M>(
    _ctx: &Context,
    path: &Path<'_>,
    items: &[T],
    _old: Option<&[T]>,
    matches: M,
    errs: &mut ErrorList,
) -> bool
where
    T: Serialize,
    M: Fn(&T, &T) -> bool,
{
    if items.len() < 2 {
        return false;
    }
    duplicates_by_match(items.iter().enumerate(), path, matches, errs)
}

/// [`unique_set`] for a list of pointers (`&[Option<T>]`): `None` items are
/// skipped (they are reported by [`no_nils`]); indices are those of the
/// full list (Kubernetes' `PtrSliceUnique` with `DirectEqual`).
///
/// ```
/// use apimachinery::field::Path;
/// use apimachinery::operation::Context;
/// use apimachinery::validate::ptr_unique_set;
///
/// let path = Path::new("xs");
/// let errs = ptr_unique_set(&Context::create(), &path, &[Some(1), None, None, Some(1)], None);
/// assert_eq!(errs.len(), 1);
/// assert_eq!(errs[0].to_string(), "xs[3]: Duplicate value: 1");
/// ```
pub fn ptr_unique_set<T>(
    ctx: &Context,
    path: &Path<'_>,
    items: &[Option<T>],
    old: Option<&[Option<T>]>,
) -> ErrorList
where
    T: Hash + Eq + Serialize,
{
    ptr_unique_by_key(ctx, path, items, old, |item| item)
}

/// [`ptr_unique_set`] appending to `errs`; returns whether it appended any.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context};
/// use apimachinery::validate::{ptr_unique_set, ptr_unique_set_into};
/// let (p, mut errs) = (Path::new("xs"), ErrorList::new());
/// let items = [Some(1), None, Some(1)];
/// assert!(ptr_unique_set_into(&Context::create(), &p, &items, None, &mut errs));
/// assert_eq!(errs, ptr_unique_set(&Context::create(), &p, &items, None));
/// ```
#[doc(hidden)]
#[inline]
pub fn ptr_unique_set_into<T>(
    ctx: &Context,
    path: &Path<'_>,
    items: &[Option<T>],
    old: Option<&[Option<T>]>,
    errs: &mut ErrorList,
) -> bool
where
    T: Hash + Eq + Serialize,
{
    ptr_unique_by_key_into(ctx, path, items, old, |item| item, errs)
}

/// [`unique_by_key`] for a list of pointers (`&[Option<T>]`): `None` items
/// are skipped and `key` is called as for [`unique_by_key`], for `Some`
/// items only; indices are those
/// of the full list (Kubernetes' `PtrSliceUnique` with a key-match function).
///
/// ```
/// use apimachinery::field::Path;
/// use apimachinery::operation::Context;
/// use apimachinery::validate::ptr_unique_by_key;
///
/// let path = Path::new("names");
/// let items = [Some("a".to_string()), None, Some("a".to_string())];
/// let errs = ptr_unique_by_key(&Context::create(), &path, &items, None, |s| s.as_str());
/// assert_eq!(errs[0].to_string(), r#"names[2]: Duplicate value: "a""#);
/// ```
pub fn ptr_unique_by_key<'t, T, K, F>(
    ctx: &Context,
    path: &Path<'_>,
    items: &'t [Option<T>],
    old: Option<&[Option<T>]>,
    key: F,
) -> ErrorList
where
    T: Serialize,
    K: Hash + Eq,
    F: Fn(&'t T) -> K,
{
    let mut errs = ErrorList::new();
    ptr_unique_by_key_into(ctx, path, items, old, key, &mut errs);
    errs
}

/// [`ptr_unique_by_key`] appending to `errs`; returns whether it appended any.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context};
/// use apimachinery::validate::{ptr_unique_by_key, ptr_unique_by_key_into};
/// let (p, mut errs) = (Path::new("xs"), ErrorList::new());
/// let items = [Some("a".to_string()), None, Some("a".to_string())];
/// assert!(ptr_unique_by_key_into(&Context::create(), &p, &items, None, |s| s.as_str(), &mut errs));
/// assert_eq!(errs, ptr_unique_by_key(&Context::create(), &p, &items, None, |s| s.as_str()));
/// ```
#[doc(hidden)]
#[inline]
pub fn ptr_unique_by_key_into<'t, T, K, F>(
    _ctx: &Context,
    path: &Path<'_>,
    items: &'t [Option<T>],
    _old: Option<&[Option<T>]>,
    key: F,
    errs: &mut ErrorList,
) -> bool
where
    T: Serialize,
    K: Hash + Eq,
    F: Fn(&'t T) -> K,
{
    if items.len() < 2 {
        return false;
    }
    duplicates_by_key(items, Option::as_ref, key, path, errs)
}

/// [`unique_by_match`] for a list of pointers (`&[Option<T>]`): `None`
/// items are skipped; indices are those of the full list.
///
/// ```
/// use apimachinery::field::Path;
/// use apimachinery::operation::Context;
/// use apimachinery::validate::ptr_unique_by_match;
///
/// let path = Path::new("xs");
/// let errs = ptr_unique_by_match(&Context::create(), &path, &[Some(2.0), None, Some(2.0)], None,
///     |a: &f64, b: &f64| a == b);
/// assert_eq!(errs[0].field, "xs[2]");
/// ```
pub fn ptr_unique_by_match<T, M>(
    ctx: &Context,
    path: &Path<'_>,
    items: &[Option<T>],
    old: Option<&[Option<T>]>,
    matches: M,
) -> ErrorList
where
    T: Serialize,
    M: Fn(&T, &T) -> bool,
{
    let mut errs = ErrorList::new();
    ptr_unique_by_match_into(ctx, path, items, old, matches, &mut errs);
    errs
}

/// [`ptr_unique_by_match`] appending to `errs`; returns whether it appended any.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context};
/// use apimachinery::validate::{ptr_unique_by_match, ptr_unique_by_match_into};
/// let (p, mut errs) = (Path::new("xs"), ErrorList::new());
/// let eq = |a: &f64, b: &f64| a == b;
/// let items = [Some(2.0), None, Some(2.0)];
/// assert!(ptr_unique_by_match_into(&Context::create(), &p, &items, None, eq, &mut errs));
/// assert_eq!(errs, ptr_unique_by_match(&Context::create(), &p, &items, None, eq));
/// ```
#[doc(hidden)]
#[inline]
pub fn ptr_unique_by_match_into<T, M>(
    _ctx: &Context,
    path: &Path<'_>,
    items: &[Option<T>],
    _old: Option<&[Option<T>]>,
    matches: M,
    errs: &mut ErrorList,
) -> bool
where
    T: Serialize,
    M: Fn(&T, &T) -> bool,
{
    if items.len() < 2 {
        return false;
    }
    let present = items
        .iter()
        .enumerate()
        .filter_map(|(i, item)| item.as_ref().map(|item| (i, item)));
    duplicates_by_match(present, path, matches, errs)
}

/// Reports every `None` item of a list of pointers: `Required` at `path[i]`,
/// empty detail, no origin (Kubernetes' `PtrSliceNoNils`). `old` is ignored.
///
/// ```
/// use apimachinery::field::Path;
/// use apimachinery::operation::Context;
/// use apimachinery::validate::no_nils;
///
/// let path = Path::new("items");
/// let errs = no_nils(&Context::create(), &path, &[Some(1), None, Some(3), None], None);
/// assert_eq!(errs.to_string(), "[items[1]: Required value, items[3]: Required value]");
/// ```
pub fn no_nils<T>(
    ctx: &Context,
    path: &Path<'_>,
    items: &[Option<T>],
    old: Option<&[Option<T>]>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    no_nils_into(ctx, path, items, old, &mut errs);
    errs
}

/// [`no_nils`] appending to `errs`; returns whether it appended any.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context};
/// use apimachinery::validate::{no_nils, no_nils_into};
/// let (p, mut errs) = (Path::new("xs"), ErrorList::new());
/// assert!(no_nils_into(&Context::create(), &p, &[Some(1), None], None, &mut errs));
/// assert_eq!(errs, no_nils(&Context::create(), &p, &[Some(1), None], None));
/// ```
#[doc(hidden)]
#[inline]
pub fn no_nils_into<T>(
    _ctx: &Context,
    path: &Path<'_>,
    items: &[Option<T>],
    _old: Option<&[Option<T>]>,
    errs: &mut ErrorList,
) -> bool {
    let start = errs.len();
    for (i, item) in items.iter().enumerate() {
        if item.is_none() {
            errs.push(Error::required(&path.index(i), ""));
        }
    }
    errs.len() > start
}

/// The items of `items` that `present` gives (all of a slice, the `Some`
/// of a pointer list), reported as `Duplicate` at `path[i]` (index in
/// `items`, the item as bad value) when an earlier item has an equal key;
/// returns whether any was reported.
fn duplicates_by_key<'t, X, T, K, F>(
    items: &'t [X],
    present: impl Fn(&'t X) -> Option<&'t T>,
    key: F,
    path: &Path<'_>,
    errs: &mut ErrorList,
) -> bool
where
    T: Serialize + 't,
    K: Hash + Eq,
    F: Fn(&'t T) -> K,
{
    let start = errs.len();
    let mut report = |i: usize, item: &T| {
        errs.push(Error::duplicate(&path.index(i), BadValue::of(item)));
    };
    let len = items.len();
    let present_items = items
        .iter()
        .enumerate()
        .filter_map(|(i, x)| present(x).map(|item| (i, item)));
    if len <= PAIRWISE_LIST {
        // A handful of items: each key against the earlier items' keys
        // (keys are cheap projections), with no table to set up; fewer
        // than two items have no duplicates.
        if len < 2 {
            return false;
        }
        for (i, item) in present_items.skip(1) {
            let k = key(item);
            if items[..i].iter().filter_map(&present).any(|e| key(e) == k) {
                report(i, item);
            }
        }
    } else if len <= SMALL_LIST {
        // Each key hashed once (fixed seed: a short list cannot be made to
        // collide expensively), earlier hashes compared as integers, keys
        // only when hashes are equal (a duplicate or a collision). Pairwise
        // key comparison would compare two strings of equal length, byte by
        // byte through `memcmp`, for every pair: n²/2 calls.
        let state = FixedState::default();
        let mut hashes = [0u64; SMALL_LIST];
        let mut earlier: [Option<&'t T>; SMALL_LIST] = [None; SMALL_LIST];
        for (n, (i, item)) in present_items.enumerate() {
            let k = key(item);
            let hash = state.hash_one(&k);
            if hashes[..n]
                .iter()
                .zip(&earlier[..n])
                .any(|(&h, e)| h == hash && e.is_some_and(|e| key(e) == k))
            {
                report(i, item);
            }
            hashes[n] = hash;
            earlier[n] = Some(item);
        }
    } else if len < u32::MAX as usize {
        let hashed = HashedKeys::new(present_items, len, &key);
        hashed.report_duplicates(|i| items.get(i).and_then(&present), &key, report);
    } else {
        // More items than a 32-bit index can name: one hash set of keys.
        let mut seen = HashSet::with_capacity_and_hasher(len, RandomState::default());
        for (i, item) in present_items {
            if !seen.insert(key(item)) {
                report(i, item);
            }
        }
    }
    errs.len() > start
}

/// The keys of a long list, hashed in a first pass, then de-duplicated in a
/// compact open-addressing table.
///
/// On long lists the items' key strings are scattered over the heap (one
/// allocation each, in deserialisation order) and the check is bound by
/// memory latency: a hash set that hashes, probes and inserts one key at a
/// time puts every cache miss on the string bytes in the same dependent
/// chain as the probe. Here the first pass only hashes the keys: its
/// iterations are independent, so the processor overlaps the misses of
/// several items (memory-level parallelism). The second pass reads only
/// the 32-bit hashes and the table (a `u32` per slot: the entry's number),
/// and looks at the keys again only when hashes are equal, that is for
/// duplicates and genuine collisions. Keeping no key, and no index unless
/// some items are absent, keeps the working set small next to the items
/// and their strings, which on long lists already fill the cache: 4 bytes
/// per item plus at most 8 per item of table (at most half full).
struct HashedKeys {
    /// In list order: each present item's key hash (32 bits).
    hashes: Vec<u32>,
    /// Each present item's index, only when some item is absent (pointer
    /// lists); otherwise entry `n` is item `n`.
    indices: Option<Vec<u32>>,
}

impl HashedKeys {
    /// The first pass: each key extracted once and hashed. `len` (the
    /// list's length, below `u32::MAX`) sizes the entries.
    fn new<'t, T: 't, K: Hash>(
        items: impl Iterator<Item = (usize, &'t T)>,
        len: usize,
        key: impl Fn(&'t T) -> K,
    ) -> HashedKeys {
        let state = RandomState::default();
        let mut hashes = Vec::with_capacity(len);
        let mut indices: Option<Vec<u32>> = None;
        for (index, item) in items {
            if indices.is_none() && index != hashes.len() {
                // The first absent item: from here on entries keep indices.
                let mut kept = Vec::with_capacity(len);
                // Below `u32::MAX`: the caller checked the length.
                kept.extend(0..hashes.len() as u32);
                indices = Some(kept);
            }
            if let Some(kept) = &mut indices {
                kept.push(index as u32);
            }
            let hash = state.hash_one(key(item));
            hashes.push((hash >> 32) as u32);
        }
        HashedKeys { hashes, indices }
    }

    /// The item index of entry `n`.
    fn index(&self, n: usize) -> usize {
        match &self.indices {
            Some(indices) => indices[n] as usize,
            None => n,
        }
    }

    /// The second pass: `duplicate(index, item)` for each entry whose key
    /// equals an earlier entry's, in list order (Kubernetes' result).
    /// `item(index)` gives an entry's item back, `key` its key.
    fn report_duplicates<'t, T: 't, K: Eq>(
        &self,
        item: impl Fn(usize) -> Option<&'t T>,
        key: impl Fn(&'t T) -> K,
        mut duplicate: impl FnMut(usize, &'t T),
    ) {
        // At most half full: short linear probes.
        let slots = (2 * self.hashes.len()).next_power_of_two();
        let mask = slots - 1;
        // A slot: entry number + 1 (0: empty).
        let mut table = vec![0u32; slots];
        for (n, &hash) in self.hashes.iter().enumerate() {
            let mut slot = hash as usize & mask;
            loop {
                let held = table[slot];
                if held == 0 {
                    // `n + 1` fits in 32 bits: the caller checked the length.
                    table[slot] = n as u32 + 1;
                    break;
                }
                let earlier = held as usize - 1;
                if self.hashes[earlier] == hash {
                    let (this_index, earlier_index) = (self.index(n), self.index(earlier));
                    if let Some(this) = item(this_index)
                        && let Some(that) = item(earlier_index)
                        && key(that) == key(this)
                    {
                        duplicate(this_index, this);
                        break;
                    }
                }
                slot = (slot + 1) & mask;
            }
        }
    }
}

/// Kubernetes' pairwise comparison: item `j` is a duplicate when some
/// earlier item matches it; reported as `Duplicate` at `path[j]` in index
/// order. Returns whether any was reported.
fn duplicates_by_match<'t, T, M>(
    items: impl Iterator<Item = (usize, &'t T)> + Clone,
    path: &Path<'_>,
    matches: M,
    errs: &mut ErrorList,
) -> bool
where
    T: Serialize + 't,
    M: Fn(&T, &T) -> bool,
{
    let start = errs.len();
    for (n, (j, item)) in items.clone().enumerate() {
        if items
            .clone()
            .take(n)
            .any(|(_, earlier)| matches(earlier, item))
        {
            errs.push(Error::duplicate(&path.index(j), BadValue::of(item)));
        }
    }
    errs.len() > start
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::ErrorType;
    use std::cell::Cell;

    #[derive(Serialize, Clone)]
    struct Port {
        name: String,
        protocol: String,
        port: i32,
    }

    fn port(name: &str, protocol: &str, port: i32) -> Port {
        Port {
            name: name.to_string(),
            protocol: protocol.to_string(),
            port,
        }
    }

    fn fields(errs: &ErrorList) -> Vec<&str> {
        errs.iter().map(|e| e.field.as_str()).collect()
    }

    #[test]
    fn unique_set_accepts_distinct_and_empty() {
        let p = Path::new("s");
        let ctx = Context::create();
        assert!(unique_set::<i32>(&ctx, &p, &[], None).is_empty());
        assert!(unique_set(&ctx, &p, &[1], None).is_empty());
        assert!(unique_set(&ctx, &p, &[1, 2, 3], None).is_empty());
        let many: Vec<i32> = (0..100).collect();
        assert!(unique_set(&ctx, &p, &many, None).is_empty());
    }

    #[test]
    fn unique_set_reports_each_later_duplicate_sorted() {
        let p = Path::new("s");
        let ctx = Context::create();
        let errs = unique_set(&ctx, &p, &["x", "y", "x", "y", "x", "z"], None);
        assert_eq!(fields(&errs), ["s[2]", "s[3]", "s[4]"]);
        for e in errs.iter() {
            assert_eq!(e.error_type, ErrorType::Duplicate);
            assert_eq!(e.origin, "");
            assert_eq!(e.detail, "");
        }
        assert_eq!(errs[1].bad_value, BadValue::from("y"));
    }

    #[test]
    fn small_and_large_lists_report_the_same_indices() {
        // Same pattern below and above the small-list threshold.
        let ctx = Context::create();
        let p = Path::new("s");
        let small = [1, 2, 1, 3, 2, 1, 4, 5];
        let errs = unique_set(&ctx, &p, &small, None);
        assert_eq!(fields(&errs), ["s[2]", "s[4]", "s[5]"]);
        let mut large: Vec<i32> = small.to_vec();
        large.extend(100..110);
        large.push(100);
        let errs = unique_set(&ctx, &p, &large, None);
        assert_eq!(fields(&errs), ["s[2]", "s[4]", "s[5]", "s[18]"]);
        // At and just above the threshold, against the pairwise algorithm.
        for n in [SMALL_LIST - 1, SMALL_LIST, SMALL_LIST + 1] {
            let items: Vec<usize> = (0..n).map(|i| (i * 7) % 5).collect();
            let by_key = unique_set(&ctx, &p, &items, None);
            let by_match = unique_by_match(&ctx, &p, &items, None, |a, b| a == b);
            assert_eq!(by_key, by_match);
            assert_eq!(by_key.len(), n - 5);
        }
    }

    #[test]
    fn unique_by_key_matches_kubernetes_pairwise_result() {
        let ctx = Context::create();
        let p = Path::new("ports");
        // Deterministic pseudo-random keys with many collisions.
        let items: Vec<Port> = (0..200)
            .map(|i| port(&format!("p{}", (i * 7919) % 37), "TCP", i))
            .collect();
        let by_key = unique_by_key(&ctx, &p, &items, None, |x| x.name.as_str());
        let by_match = unique_by_match(&ctx, &p, &items, None, |a, b| a.name == b.name);
        assert_eq!(by_key, by_match);
        assert_eq!(by_key.len(), 200 - 37);
    }

    #[test]
    fn unique_by_key_composite_key_and_whole_item_bad_value() {
        let ctx = Context::create();
        let p = Path::new("spec");
        let ports_path = p.child("ports");
        let items = vec![
            port("a", "TCP", 1),
            port("a", "UDP", 2),
            port("a", "TCP", 3),
        ];
        let errs = unique_by_key(&ctx, &ports_path, &items, None, |x| {
            (x.name.as_str(), x.protocol.as_str())
        });
        assert_eq!(errs.len(), 1);
        assert_eq!(
            errs[0].to_string(),
            r#"spec.ports[2]: Duplicate value: {"name":"a","protocol":"TCP","port":3}"#
        );
    }

    #[test]
    fn unique_ignores_old_and_operation() {
        // Kubernetes' unique validators never ratchet by themselves.
        let p = Path::new("s");
        let old = [1, 1];
        let errs = unique_set(&Context::update(), &p, &[1, 1], Some(&old));
        assert_eq!(fields(&errs), ["s[1]"]);
    }

    #[test]
    fn key_function_calls_are_linear_for_10000_items() {
        let n = 10_000;
        let items: Vec<Port> = (0..n).map(|i| port(&format!("p{i}"), "TCP", 80)).collect();
        let calls = Cell::new(0usize);
        let p = Path::new("ports");
        let errs = unique_by_key(&Context::create(), &p, &items, None, |x| {
            calls.set(calls.get() + 1);
            x.name.as_str()
        });
        assert!(errs.is_empty());
        // Once per item, plus two for each pair of distinct keys whose 32-bit
        // hashes are equal (randomly seeded: about 0.01 such pairs expected
        // among 10 000 keys, so a run sees one now and then; 32 would take
        // a broken hash).
        let extra = calls.get().checked_sub(n as usize);
        assert!(
            extra.is_some_and(|e| e.is_multiple_of(2) && e <= 64),
            "{} key calls",
            calls.get()
        );

        // Linear in the number of items also when every item is a duplicate.
        let dups: Vec<Port> = (0..n).map(|_| port("same", "TCP", 80)).collect();
        calls.set(0);
        let errs = unique_by_key(&Context::create(), &p, &dups, None, |x| {
            calls.set(calls.get() + 1);
            x.name.as_str()
        });
        assert_eq!(errs.len(), n as usize - 1);
        // Once per item, then twice per duplicate (the pair is compared).
        assert_eq!(calls.get(), n as usize + 2 * (n as usize - 1));
    }

    #[test]
    fn hash_and_eq_are_linear_for_10000_items() {
        // Count hash and equality operations of the keys themselves.
        thread_local! {
            static HASHES: Cell<usize> = const { Cell::new(0) };
        }
        #[derive(Serialize, PartialEq, Eq)]
        struct Counted(u32);
        impl Hash for Counted {
            fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
                HASHES.with(|h| h.set(h.get() + 1));
                self.0.hash(state);
            }
        }
        let items: Vec<Counted> = (0..10_000).map(Counted).collect();
        HASHES.with(|h| h.set(0));
        let errs = unique_set(&Context::create(), &Path::new("s"), &items, None);
        assert!(errs.is_empty());
        assert_eq!(HASHES.with(|h| h.get()), 10_000);
    }

    /// A key whose hash is chosen by the test: equal hashes for unequal
    /// keys exercise the table's collision path.
    #[derive(Serialize, PartialEq, Eq, Clone, Debug)]
    struct Colliding {
        value: u32,
        hash: u32,
    }

    impl Hash for Colliding {
        fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
            self.hash.hash(state);
        }
    }

    fn pairwise<T: Serialize + PartialEq>(items: &[T]) -> ErrorList {
        unique_by_match(&Context::create(), &Path::new("s"), items, None, |a, b| {
            a == b
        })
    }

    #[test]
    fn small_lists_match_pairwise_at_every_length() {
        // Every length of both small paths (pairwise keys, hashed on the
        // stack), with colliding hashes and with absent pointer items.
        let p = Path::new("s");
        let ctx = Context::create();
        for n in 0..=SMALL_LIST {
            for buckets in [1, 3] {
                let items: Vec<Colliding> = (0..n as u32)
                    .map(|i| (i * 7) % 5)
                    .map(|value| Colliding {
                        value,
                        hash: value % buckets,
                    })
                    .collect();
                assert_eq!(
                    unique_set(&ctx, &p, &items, None),
                    pairwise(&items),
                    "n={n}"
                );
                let sparse: Vec<Option<Colliding>> = items
                    .iter()
                    .enumerate()
                    .map(|(i, c)| (i % 3 != 1).then(|| c.clone()))
                    .collect();
                assert_eq!(
                    ptr_unique_set(&ctx, &p, &sparse, None),
                    ptr_unique_by_match(&ctx, &p, &sparse, None, |a, b| a == b),
                    "n={n}"
                );
            }
        }
    }

    #[test]
    fn hashed_keys_with_colliding_hashes_match_pairwise() {
        let p = Path::new("s");
        // Every key hashes alike (one probe chain), then only four hashes.
        for buckets in [1, 4] {
            let items: Vec<Colliding> = (0..300)
                .map(|i| (i * 7919) % 101)
                .map(|value| Colliding {
                    value,
                    hash: value % buckets,
                })
                .collect();
            let errs = unique_set(&Context::create(), &p, &items, None);
            assert_eq!(errs, pairwise(&items), "{buckets} buckets");
            assert_eq!(errs.len(), 300 - 101);
        }
        // Distinct values, one hash: nothing reported.
        let distinct: Vec<Colliding> = (0..50).map(|value| Colliding { value, hash: 9 }).collect();
        assert!(unique_set(&Context::create(), &p, &distinct, None).is_empty());
    }

    #[test]
    fn hashed_keys_report_duplicates_at_both_ends() {
        let p = Path::new("s");
        let ctx = Context::create();
        let n = 1_000;
        // The last item repeats the first.
        let mut items: Vec<String> = (0..n).map(|i| format!("f-{i}")).collect();
        items[n - 1] = "f-0".into();
        let errs = unique_set(&ctx, &p, &items, None);
        assert_eq!(fields(&errs), [format!("s[{}]", n - 1)]);
        assert_eq!(errs[0].bad_value, BadValue::from("f-0"));
        // The first two items are equal, and the last two repeat the first.
        let mut items: Vec<String> = (0..n).map(|i| format!("f-{i}")).collect();
        items[1] = "f-0".into();
        items[n - 2] = "f-0".into();
        items[n - 1] = "f-0".into();
        let errs = unique_set(&ctx, &p, &items, None);
        assert_eq!(
            fields(&errs),
            [
                "s[1]".to_string(),
                format!("s[{}]", n - 2),
                format!("s[{}]", n - 1)
            ]
        );
        assert_eq!(errs, pairwise(&items));
        // Every item equal: all but the first, in order.
        let same = vec!["x"; 40];
        let errs = unique_set(&ctx, &p, &same, None);
        assert_eq!(errs.len(), 39);
        assert_eq!(errs[0].field, "s[1]");
        assert_eq!(errs[38].field, "s[39]");
    }

    #[test]
    fn hashed_keys_on_empty_and_sparse_pointer_lists() {
        let p = Path::new("s");
        let ctx = Context::create();
        // Long lists with no item or one item present: nothing to report.
        let nones: Vec<Option<String>> = vec![None; 100];
        assert!(ptr_unique_set(&ctx, &p, &nones, None).is_empty());
        let mut one = nones.clone();
        one[57] = Some("a".into());
        assert!(ptr_unique_set(&ctx, &p, &one, None).is_empty());
        // Two equal items among nils: the later one, at its full-list index.
        one[99] = Some("a".into());
        assert_eq!(fields(&ptr_unique_set(&ctx, &p, &one, None)), ["s[99]"]);
        assert_eq!(
            fields(&ptr_unique_by_key(&ctx, &p, &one, None, |s| s.as_str())),
            ["s[99]"]
        );
        // Present items first, then gaps (entries before the first gap get
        // their indices back-filled): every later duplicate at its index,
        // as the pairwise check reports them.
        let mixed: Vec<Option<String>> = (0..200)
            .map(|i| (i < 30 || i % 3 != 0).then(|| format!("v{}", i % 70)))
            .collect();
        let errs = ptr_unique_set(&ctx, &p, &mixed, None);
        let by_match = ptr_unique_by_match(&ctx, &p, &mixed, None, |a, b| a == b);
        assert!(!errs.is_empty());
        assert_eq!(errs, by_match);
    }

    #[test]
    fn hashed_keys_composite_keys_and_whole_item_bad_values() {
        let p = Path::new("ports");
        let ctx = Context::create();
        let mut items: Vec<Port> = (0..500)
            .map(|i| {
                port(
                    &format!("p{}", i % 250),
                    if i < 250 { "TCP" } else { "UDP" },
                    i,
                )
            })
            .collect();
        items.push(port("p3", "UDP", 9));
        let key = |x: &Port| (x.name.clone(), x.protocol.clone());
        let errs = unique_by_key(&ctx, &p, &items, None, key);
        assert_eq!(fields(&errs), ["ports[500]"]);
        assert_eq!(
            errs[0].to_string(),
            r#"ports[500]: Duplicate value: {"name":"p3","protocol":"UDP","port":9}"#
        );
        let by_match = unique_by_match(&ctx, &p, &items, None, |a, b| key(a) == key(b));
        assert_eq!(errs, by_match);
    }

    #[test]
    fn unique_by_match_is_pairwise_like_kubernetes() {
        let ctx = Context::create();
        let p = Path::new("s");
        let calls = Cell::new(0usize);
        let errs = unique_by_match(&ctx, &p, &[1, 2, 3, 2], None, |a, b| {
            calls.set(calls.get() + 1);
            a == b
        });
        assert_eq!(fields(&errs), ["s[3]"]);
        // Item j is compared with earlier items until a match: 0+1+2+2.
        assert_eq!(calls.get(), 5);
    }

    #[test]
    fn ptr_variants_skip_nils_and_keep_full_indices() {
        let ctx = Context::create();
        let p = Path::new("s");
        let items = [None, Some(1), None, Some(1), Some(2), Some(2)];
        assert_eq!(
            fields(&ptr_unique_set(&ctx, &p, &items, None)),
            ["s[3]", "s[5]"]
        );
        assert_eq!(
            fields(&ptr_unique_by_key(&ctx, &p, &items, None, |x| *x)),
            ["s[3]", "s[5]"]
        );
        assert_eq!(
            fields(&ptr_unique_by_match(&ctx, &p, &items, None, |a, b| a == b)),
            ["s[3]", "s[5]"]
        );
        let nones: [Option<i32>; 20] = [None; 20];
        assert!(ptr_unique_set(&ctx, &p, &nones, None).is_empty());
    }

    #[test]
    fn no_nils_reports_required_without_origin() {
        let ctx = Context::create();
        let p = Path::new("s");
        assert!(no_nils(&ctx, &p, &[Some(1), Some(2)], None).is_empty());
        assert!(no_nils::<i32>(&ctx, &p, &[], None).is_empty());
        let errs = no_nils::<i32>(&ctx, &p, &[None, Some(1), None], None);
        assert_eq!(fields(&errs), ["s[0]", "s[2]"]);
        assert_eq!(errs[0].error_type, ErrorType::Required);
        assert_eq!(errs[0].origin, "");
        assert_eq!(errs[0].detail, "");
        assert_eq!(errs[0].bad_value, BadValue::from(""));
    }
}
