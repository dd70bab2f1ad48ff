//! String equality that never hands an empty string to `memcmp`.
//!
//! Rust compares two `str`/`[u8]` of equal length with `memcmp`, also when
//! both are empty. An empty `String` points at a dangling, unmapped address
//! (`0x1`), and glibc's AVX-512 `memcmp` (`__memcmp_evex_movbe`, chosen on
//! CPUs with AVX-512) reads short inputs with a masked vector load even for
//! length 0; on some CPUs (this project's AMD EPYC build machine) a masked
//! load at an unmapped address takes a slow fault-suppression path. Measured
//! there: `String::new() == String::new()` about 60-130 ns, against 3 ns for
//! two equal one-byte strings. Validation compares empty strings all the
//! time (unset origins, details, bad values, zero-value checks), so the hot
//! comparisons go through [`str_eq`], which settles empty strings by length,
//! and whole values (ratcheting compares an update's unchanged subtree with
//! the old object's) through [`TextEq`], an equality whose strings are
//! compared with [`str_eq`] at every depth.

/// `a == b`, without calling `memcmp` when both are empty.
///
/// ```
/// use apimachinery::text_eq::str_eq;
/// assert!(str_eq("", &String::new()));
/// assert!(str_eq("abc", "abc"));
/// assert!(!str_eq("abc", "abd"));
/// assert!(!str_eq("", "a"));
/// ```
#[inline]
pub fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    // Two empty strings (unset optional fields, compared when ratcheting
    // an update) settle here rather than after the size tests below.
    if a.is_empty() {
        return true;
    }
    if a.len() <= SHORT {
        return short_bytes_eq(a, b);
    }
    a == b
}

/// Strings up to this length are compared inline ([`short_bytes_eq`]):
/// field paths, origins, keys and enum values are short, and a `memcmp`
/// call costs more than the comparison.
const SHORT: usize = 32;

/// `a == b` for two slices of the same length, at most [`SHORT`], without
/// a `memcmp` call and without a loop over single bytes: from 8 bytes on,
/// whole 8-byte words from the front and the last 8 bytes (overlapping the
/// previous word when the length is not a multiple of 8); from 4 to 7
/// bytes, the first and the last 4 (overlapping); from 1 to 3, the first,
/// middle and last byte (which are all of them); none, equal.
/// Every byte is compared at least once, so the answer is `a == b`.
#[inline]
fn short_bytes_eq(a: &[u8], b: &[u8]) -> bool {
    let n = a.len();
    if n >= 8 {
        let mut at = 0;
        while at + 8 < n {
            if !eq_at::<8>(a, b, at) {
                return false;
            }
            at += 8;
        }
        return eq_at::<8>(a, b, n - 8);
    }
    if n >= 4 {
        return eq_at::<4>(a, b, 0) && eq_at::<4>(a, b, n - 4);
    }
    match (a, b) {
        ([a0, .., al], [b0, .., bl]) => a0 == b0 && al == bl && a[n / 2] == b[n / 2],
        ([a0], [b0]) => a0 == b0,
        _ => true,
    }
}

/// Whether `a` and `b` have the same `N` bytes from `at` (both hold them:
/// the callers pass `at + N <= len`), compared as one fixed-size array (one
/// load and one comparison of a word each).
#[inline(always)]
fn eq_at<const N: usize>(a: &[u8], b: &[u8], at: usize) -> bool {
    match (
        a.get(at..).and_then(<[u8]>::first_chunk::<N>),
        b.get(at..).and_then(<[u8]>::first_chunk::<N>),
    ) {
        (Some(x), Some(y)) => x == y,
        // Not reached (the callers stay in bounds); the plain comparison
        // of what is there keeps the answer right regardless.
        _ => a.get(at..) == b.get(at..),
    }
}

/// Equality that compares every string it reaches with [`str_eq`]: the
/// same answer as `PartialEq`, without `memcmp` on empty strings. The
/// `Validate` derive implements it for API types, field by field (a field
/// whose type does not implement it is compared with `==`).
///
/// ```
/// use apimachinery::text_eq::TextEq;
/// use std::collections::BTreeMap;
/// let a = vec![String::new(), "x".to_string()];
/// assert!(a.text_eq(&a.clone()));
/// assert!(!a.text_eq(&vec![String::new()]));
/// let m: BTreeMap<String, Option<String>> = [("k".into(), Some(String::new()))].into();
/// assert!(m.text_eq(&m.clone()));
/// assert!(!m.text_eq(&[("k".into(), None)].into()));
/// assert!(!m.text_eq(&[("j".into(), Some(String::new()))].into()));
/// ```
pub trait TextEq {
    /// Whether `self` equals `other` (as `==` would answer).
    fn text_eq(&self, other: &Self) -> bool;
}

impl TextEq for str {
    #[inline]
    fn text_eq(&self, other: &str) -> bool {
        str_eq(self, other)
    }
}

impl TextEq for String {
    #[inline]
    fn text_eq(&self, other: &String) -> bool {
        str_eq(self, other)
    }
}

impl TextEq for std::borrow::Cow<'_, str> {
    #[inline]
    fn text_eq(&self, other: &Self) -> bool {
        str_eq(self, other)
    }
}

/// Types without strings: `==`.
macro_rules! text_eq_by_value {
    ($($t:ty),*) => {$(
        impl TextEq for $t {
            #[inline]
            fn text_eq(&self, other: &$t) -> bool {
                self == other
            }
        }
    )*};
}
text_eq_by_value!(
    bool,
    char,
    i8,
    i16,
    i32,
    i64,
    i128,
    isize,
    u8,
    u16,
    u32,
    u64,
    u128,
    usize,
    f32,
    f64,
    ()
);

impl<T: TextEq + ?Sized> TextEq for &T {
    #[inline]
    fn text_eq(&self, other: &Self) -> bool {
        (**self).text_eq(other)
    }
}

impl<T: TextEq + ?Sized> TextEq for Box<T> {
    #[inline]
    fn text_eq(&self, other: &Self) -> bool {
        (**self).text_eq(other)
    }
}

impl<T: TextEq> TextEq for Option<T> {
    #[inline]
    fn text_eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Some(a), Some(b)) => a.text_eq(b),
            (None, None) => true,
            _ => false,
        }
    }
}

impl<T: TextEq> TextEq for [T] {
    #[inline]
    fn text_eq(&self, other: &[T]) -> bool {
        self.len() == other.len() && self.iter().zip(other).all(|(a, b)| a.text_eq(b))
    }
}

impl<T: TextEq> TextEq for Vec<T> {
    #[inline]
    fn text_eq(&self, other: &Self) -> bool {
        self.as_slice().text_eq(other.as_slice())
    }
}

impl<K: TextEq, V: TextEq> TextEq for std::collections::BTreeMap<K, V> {
    /// Lengths first, inline (two empty maps, the common case of an optional
    /// map, are equal without a call); the entries out of line.
    #[inline]
    fn text_eq(&self, other: &Self) -> bool {
        self.len() == other.len() && (self.is_empty() || entries_text_eq(self, other))
    }
}

/// The entries of two maps of equal length, pairwise in key order.
fn entries_text_eq<K: TextEq, V: TextEq>(
    a: &std::collections::BTreeMap<K, V>,
    b: &std::collections::BTreeMap<K, V>,
) -> bool {
    a.iter()
        .zip(b)
        .all(|((ka, va), (kb, vb))| ka.text_eq(kb) && va.text_eq(vb))
}

/// JSON values (opaque configuration, raw extensions): strings through
/// [`str_eq`]; objects equal when they have the same keys with equal values,
/// in any order (as `==` answers); numbers as `serde_json` compares them.
///
/// ```
/// use apimachinery::text_eq::TextEq;
/// let v: serde_json::Value = serde_json::json!({"a": ["", 1, {"b": null}], "": true});
/// assert!(v.text_eq(&v.clone()));
/// assert!(!v.text_eq(&serde_json::json!({"a": ["", 1, {"b": 0}], "": true})));
/// assert!(!serde_json::json!(1).text_eq(&serde_json::json!(1.0)));
/// let (x, y) = (serde_json::json!({"a": 1, "b": ""}), serde_json::json!({"b": "", "a": 1}));
/// assert_eq!(x.text_eq(&y), x == y);
/// ```
impl TextEq for serde_json::Value {
    fn text_eq(&self, other: &Self) -> bool {
        use serde_json::Value;
        match (self, other) {
            (Value::String(a), Value::String(b)) => str_eq(a, b),
            (Value::Array(a), Value::Array(b)) => a.text_eq(b),
            (Value::Object(a), Value::Object(b)) => {
                a.len() == b.len()
                    && a.iter()
                        .all(|(k, va)| b.get(k).is_some_and(|vb| va.text_eq(vb)))
            }
            (a, b) => a == b,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn str_eq_agrees_with_eq_at_every_length_and_position() {
        let base: String = (0..80u8).map(|i| (b'a' + i % 26) as char).collect();
        for len in 0..=base.len() {
            let a = &base[..len];
            let copy: String = a.chars().collect();
            assert!(str_eq(a, &copy), "{len}");
            for at in 0..len {
                let mut b = a.as_bytes().to_vec();
                b[at] = b'#';
                let b = String::from_utf8(b).unwrap();
                assert!(!str_eq(a, &b), "{len} {at}");
            }
            if len > 0 {
                assert!(!str_eq(a, &base[..len - 1]));
            }
        }
    }
}
