//! The shape of the values validation-gen's `testscheme` fills for its
//! fixture tests (`ValidateFixtures`), for the ports of recursive types: the
//! filler (`randfill`, no nil chance, 2 elements, maximum depth 8) counts one
//! level per value it visits (the root struct at 0, its fields at 1, a
//! pointer's target, a slice's items and a map's keys and values one below
//! the pointer, slice or map) and leaves a value at depth 8 or more zero. So
//! a pointer at depth 7 points to a zero value, a slice at depth 7 has two
//! zero items and a map at depth 7 has the single key `""` (both keys are
//! zero) with a zero value. Random strings are replaced by fixed keys `a`
//! and `b` (and `""` at the depth limit).
//!
//! Each port writes one function per type, `fn t1(depth: usize) -> T1`,
//! returning the zero value at [`MAX_DEPTH`] and filling its fields at
//! `depth + 1` with the helpers below.

#![allow(dead_code)] // each port uses a part of it

use std::collections::BTreeMap;

/// The filler's maximum depth.
pub const MAX_DEPTH: usize = 8;

/// Whether a value at `depth` is left zero.
pub fn zero(depth: usize) -> bool {
    depth >= MAX_DEPTH
}

/// A pointer visited at `depth`: `None` past the limit, else its target
/// filled one level below.
pub fn ptr<T>(depth: usize, fill: fn(usize) -> T) -> Option<T> {
    if zero(depth) {
        None
    } else {
        Some(fill(depth + 1))
    }
}

/// A slice visited at `depth`: empty past the limit, else two items filled
/// one level below.
pub fn slice<T>(depth: usize, fill: fn(usize) -> T) -> Vec<T> {
    if zero(depth) {
        Vec::new()
    } else {
        vec![fill(depth + 1), fill(depth + 1)]
    }
}

/// A string-keyed map visited at `depth`: empty past the limit, else keys
/// `a` and `b` (both `""`, so one entry, when the keys are at the limit)
/// with values filled one level below.
pub fn map<T>(depth: usize, fill: fn(usize) -> T) -> BTreeMap<String, T> {
    if zero(depth) {
        return BTreeMap::new();
    }
    let key = |k: &str| {
        if zero(depth + 1) {
            String::new()
        } else {
            k.to_string()
        }
    };
    BTreeMap::from([(key("a"), fill(depth + 1)), (key("b"), fill(depth + 1))])
}

/// A string visited at `depth` (any non-empty text; empty past the limit).
pub fn string(depth: usize) -> String {
    if zero(depth) {
        String::new()
    } else {
        "x".to_string()
    }
}

/// An integer visited at `depth` (any non-zero number; zero past the limit).
pub fn int(depth: usize) -> i64 {
    if zero(depth) { 0 } else { 7 }
}

#[test]
fn depth_limit() {
    assert_eq!(ptr(7, int), Some(0));
    assert_eq!(ptr(8, int), None);
    assert_eq!(slice(7, string), vec![String::new(), String::new()]);
    assert_eq!(
        map(6, string),
        BTreeMap::from([("a".into(), "x".into()), ("b".into(), "x".into())])
    );
    assert_eq!(map(7, int), BTreeMap::from([(String::new(), 0)]));
    assert!(map(8, int).is_empty());
}
