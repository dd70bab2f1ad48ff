//! Numeric, length and size limits (Kubernetes' `validate/limits.go`):
//! `+k8s:minimum`, `+k8s:maximum`, `+k8s:maxLength`, `+k8s:maxBytes`,
//! `+k8s:minLength`, `+k8s:maxItems`, `+k8s:minItems`, `+k8s:maxProperties`
//! and `+k8s:minProperties`.
//!
//! A nil value (`None`) always passes. Lengths of strings are counted in
//! characters (Unicode scalar values, Go's runes), except by [`max_bytes`].

use crate::field::{BadValue, Error, ErrorList, Path};
use crate::operation::Context;
use std::collections::BTreeMap;
use std::fmt;

/// The integer types the numeric limits accept (Go's `constraints.Integer`):
/// `i8`..`i64`, `isize`, `u8`..`u64`, `usize`.
///
/// ```
/// fn describe<T: apimachinery::validate::Integer>(v: T) -> String { v.to_string() }
/// assert_eq!(describe(-3i8), "-3");
/// assert_eq!(describe(u64::MAX), "18446744073709551615");
/// ```
pub trait Integer: Copy + PartialOrd + fmt::Display + Into<BadValue> + sealed::Sealed {}

mod sealed {
    pub trait Sealed {}
}

macro_rules! integer {
    ($($t:ty),*) => {$(
        impl sealed::Sealed for $t {}
        impl Integer for $t {}
    )*};
}
integer!(i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

/// A length as Go's `int` prints it (saturating; lengths never get near the limit).
fn as_int(n: usize) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// `Minimum`: Invalid (bad value = the value, origin `minimum`,
/// detail `must be greater than or equal to N`) when the value is below `min`.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::minimum};
/// let p = Path::new("spec");
/// let r = p.child("replicas");
/// let errs = minimum(&Context::create(), &r, Some(&-1i32), None, 0);
/// assert_eq!(errs[0].to_string(), "spec.replicas: Invalid value: -1: must be greater than or equal to 0");
/// assert_eq!(errs[0].origin, "minimum");
/// assert!(minimum(&Context::create(), &r, Some(&0i32), None, 0).is_empty());
/// assert!(minimum::<i32>(&Context::create(), &r, None, None, 0).is_empty());
/// ```
#[inline]
pub fn minimum<T: Integer>(
    _ctx: &Context,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
    min: T,
) -> ErrorList {
    match value {
        Some(&v) if v < min => ErrorList::from(
            Error::invalid(path, v, format!("must be greater than or equal to {min}"))
                .with_origin("minimum"),
        ),
        _ => ErrorList::new(),
    }
}

/// `Maximum`: Invalid (origin `maximum`, detail `must be less than or equal to N`)
/// when the value is above `max`.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::maximum};
/// let p = Path::new("port");
/// let errs = maximum(&Context::create(), &p, Some(&65536u32), None, 65535);
/// assert_eq!(errs[0].to_string(), "port: Invalid value: 65536: must be less than or equal to 65535");
/// assert_eq!(errs[0].origin, "maximum");
/// assert!(maximum(&Context::create(), &p, Some(&65535u32), None, 65535).is_empty());
/// ```
#[inline]
pub fn maximum<T: Integer>(
    _ctx: &Context,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
    max: T,
) -> ErrorList {
    match value {
        Some(&v) if v > max => ErrorList::from(
            Error::invalid(path, v, format!("must be less than or equal to {max}"))
                .with_origin("maximum"),
        ),
        _ => ErrorList::new(),
    }
}

/// `MaxLength`: TooLong (origin `maxLength`, detail `may not be more than N
/// characters`, bad value omitted) when the string has more than `max`
/// characters. A string of at most `max` bytes is accepted without counting.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::max_length};
/// let p = Path::new("name");
/// // "é" is 2 bytes but 1 character.
/// assert!(max_length(&Context::create(), &p, Some("éé"), None, 2).is_empty());
/// let errs = max_length(&Context::create(), &p, Some("abc"), None, 2);
/// assert_eq!(errs[0].to_string(), "name: Too long: may not be more than 2 characters");
/// assert_eq!(errs[0].origin, "maxLength");
/// ```
#[inline]
pub fn max_length(
    _ctx: &Context,
    path: &Path<'_>,
    value: Option<&str>,
    _old: Option<&str>,
    max: usize,
) -> ErrorList {
    // At most 4 bytes per character: few enough bytes cannot be too many
    // characters (the inlined fast path), and enough bytes must be.
    match value {
        Some(v) if v.len() > max => max_length_long(path, v, max),
        _ => ErrorList::new(),
    }
}

/// [`max_length`] for a string with more bytes than `max`.
#[cold]
fn max_length_long(path: &Path<'_>, v: &str, max: usize) -> ErrorList {
    if v.len().div_ceil(4) > max || v.chars().count() > max {
        return ErrorList::from(
            Error::too_long_characters(path, as_int(max)).with_origin("maxLength"),
        );
    }
    ErrorList::new()
}

/// `MaxBytes`: TooLong (origin `maxBytes`, detail `may not be more than N bytes`)
/// when the string has more than `max` bytes.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::max_bytes};
/// let p = Path::new("data");
/// let errs = max_bytes(&Context::create(), &p, Some("é"), None, 1);
/// assert_eq!(errs[0].to_string(), "data: Too long: may not be more than 1 byte");
/// assert_eq!(errs[0].origin, "maxBytes");
/// assert!(max_bytes(&Context::create(), &p, Some("é"), None, 2).is_empty());
/// ```
#[inline]
pub fn max_bytes(
    _ctx: &Context,
    path: &Path<'_>,
    value: Option<&str>,
    _old: Option<&str>,
    max: usize,
) -> ErrorList {
    match value {
        Some(v) if v.len() > max => {
            ErrorList::from(Error::too_long(path, as_int(max)).with_origin("maxBytes"))
        }
        _ => ErrorList::new(),
    }
}

/// `MinLength`: TooShort (bad value = the string, origin `minLength`, detail
/// `must be at least N characters`) when the string has fewer than `min` characters.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::min_length};
/// let p = Path::new("name");
/// // "éé" is 4 bytes but only 2 characters.
/// let errs = min_length(&Context::create(), &p, Some("éé"), None, 3);
/// assert_eq!(errs[0].to_string(), "name: Too short: must be at least 3 characters");
/// assert_eq!(errs[0].origin, "minLength");
/// assert!(min_length(&Context::create(), &p, Some("abc"), None, 3).is_empty());
/// ```
#[inline]
pub fn min_length(
    _ctx: &Context,
    path: &Path<'_>,
    value: Option<&str>,
    _old: Option<&str>,
    min: usize,
) -> ErrorList {
    let Some(v) = value else {
        return ErrorList::new();
    };
    // Even at 4 bytes per character, this many bytes are enough characters.
    if v.len().div_ceil(4) >= min {
        return ErrorList::new();
    }
    if v.len() < min || v.chars().count() < min {
        return ErrorList::from(Error::too_short(path, v, as_int(min)).with_origin("minLength"));
    }
    ErrorList::new()
}

/// `MaxItems`: TooMany (bad value = the length, origin `maxItems`, detail
/// `must have at most N items`) when the list has more than `max` items.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::max_items};
/// let p = Path::new("items");
/// let errs = max_items(&Context::create(), &p, &[1, 2, 3], None, 2);
/// assert_eq!(errs[0].to_string(), "items: Too many: 3: must have at most 2 items");
/// assert_eq!(errs[0].origin, "maxItems");
/// ```
#[inline]
pub fn max_items<T>(
    _ctx: &Context,
    path: &Path<'_>,
    value: &[T],
    _old: Option<&[T]>,
    max: usize,
) -> ErrorList {
    if value.len() > max {
        ErrorList::from(
            Error::too_many(path, as_int(value.len()), as_int(max)).with_origin("maxItems"),
        )
    } else {
        ErrorList::new()
    }
}

/// `MinItems`: TooFew (bad value = the length, origin `minItems`, detail
/// `must have at least N items`) when the list has fewer than `min` items.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::min_items};
/// let p = Path::new("items");
/// let errs = min_items::<u8>(&Context::create(), &p, &[], None, 1);
/// assert_eq!(errs[0].to_string(), "items: Too few: 0: must have at least 1 item");
/// assert_eq!(errs[0].origin, "minItems");
/// ```
#[inline]
pub fn min_items<T>(
    _ctx: &Context,
    path: &Path<'_>,
    value: &[T],
    _old: Option<&[T]>,
    min: usize,
) -> ErrorList {
    if value.len() < min {
        ErrorList::from(
            Error::too_few(path, as_int(value.len()), as_int(min)).with_origin("minItems"),
        )
    } else {
        ErrorList::new()
    }
}

/// `MaxProperties`: TooMany (origin `maxProperties`) when the map has more than `max` keys.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::max_properties};
/// use std::collections::BTreeMap;
/// let m = BTreeMap::from([("a", 1), ("b", 2), ("c", 3)]);
/// let errs = max_properties(&Context::create(), &Path::new("labels"), &m, None, 2);
/// assert_eq!(errs[0].to_string(), "labels: Too many: 3: must have at most 2 items");
/// assert_eq!(errs[0].origin, "maxProperties");
/// ```
#[inline]
pub fn max_properties<K, V>(
    _ctx: &Context,
    path: &Path<'_>,
    value: &BTreeMap<K, V>,
    _old: Option<&BTreeMap<K, V>>,
    max: usize,
) -> ErrorList {
    if value.len() > max {
        ErrorList::from(
            Error::too_many(path, as_int(value.len()), as_int(max)).with_origin("maxProperties"),
        )
    } else {
        ErrorList::new()
    }
}

/// `MinProperties`: TooFew (origin `minProperties`) when the map has fewer than `min` keys.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::min_properties};
/// use std::collections::BTreeMap;
/// let m = BTreeMap::from([("a", 1)]);
/// let errs = min_properties(&Context::create(), &Path::new("labels"), &m, None, 2);
/// assert_eq!(errs[0].to_string(), "labels: Too few: 1: must have at least 2 items");
/// assert_eq!(errs[0].origin, "minProperties");
/// ```
#[inline]
pub fn min_properties<K, V>(
    _ctx: &Context,
    path: &Path<'_>,
    value: &BTreeMap<K, V>,
    _old: Option<&BTreeMap<K, V>>,
    min: usize,
) -> ErrorList {
    if value.len() < min {
        ErrorList::from(
            Error::too_few(path, as_int(value.len()), as_int(min)).with_origin("minProperties"),
        )
    } else {
        ErrorList::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::ErrorType;

    fn one(mut errs: ErrorList) -> Error {
        assert_eq!(errs.len(), 1, "{errs:?}");
        errs.0.remove(0)
    }

    #[test]
    fn minimum_boundaries_across_integer_types() {
        let c = Context::create();
        let p = Path::new("spec");
        let f = p.child("n");
        assert!(minimum(&c, &f, Some(&5i64), None, 5).is_empty());
        assert!(minimum(&c, &f, Some(&6i64), None, 5).is_empty());
        let e = one(minimum(&c, &f, Some(&4i64), None, 5));
        assert_eq!(e.error_type, ErrorType::Invalid);
        assert_eq!(e.field, "spec.n");
        assert_eq!(e.origin, "minimum");
        assert_eq!(e.detail, "must be greater than or equal to 5");
        assert_eq!(e.bad_value, BadValue::from(4));
        let e = one(minimum(&c, &f, Some(&i8::MIN), None, -127));
        assert_eq!(e.bad_value, BadValue::from(-128));
        assert_eq!(e.detail, "must be greater than or equal to -127");
        assert!(minimum(&c, &f, Some(&0u8), None, 0).is_empty());
        assert_eq!(minimum(&c, &f, Some(&0u64), None, 1).len(), 1);
        assert!(minimum(&c, &f, Some(&1usize), None, 1).is_empty());
        assert!(minimum::<i16>(&c, &f, None, None, 100).is_empty());
    }

    #[test]
    fn maximum_boundaries() {
        let c = Context::update();
        let p = Path::new("n");
        assert!(maximum(&c, &p, Some(&9i32), None, 10).is_empty());
        assert!(maximum(&c, &p, Some(&10i32), None, 10).is_empty());
        let e = one(maximum(&c, &p, Some(&11i32), Some(&1), 10));
        assert_eq!(e.error_type, ErrorType::Invalid);
        assert_eq!(e.origin, "maximum");
        assert_eq!(e.detail, "must be less than or equal to 10");
        assert_eq!(e.bad_value, BadValue::from(11));
        let e = one(maximum(&c, &p, Some(&u64::MAX), None, 0));
        assert_eq!(e.bad_value.render(), "18446744073709551615");
        assert!(maximum::<u16>(&c, &p, None, None, 0).is_empty());
    }

    #[test]
    fn max_length_counts_characters() {
        let c = Context::create();
        let p = Path::new("s");
        assert!(max_length(&c, &p, Some("ab"), None, 3).is_empty());
        assert!(max_length(&c, &p, Some("abc"), None, 3).is_empty());
        let e = one(max_length(&c, &p, Some("abcd"), None, 3));
        assert_eq!(e.error_type, ErrorType::TooLong);
        assert_eq!(e.origin, "maxLength");
        assert_eq!(e.detail, "may not be more than 3 characters");
        assert_eq!(e.bad_value, BadValue::from("<value omitted>"));
        // Multibyte: 3 chars in 6 bytes passes a limit of 3 characters.
        assert!(max_length(&c, &p, Some("ééé"), None, 3).is_empty());
        assert_eq!(max_length(&c, &p, Some("éééé"), None, 3).len(), 1);
        // 4-byte characters: 2 chars, 8 bytes.
        assert!(max_length(&c, &p, Some("😀😀"), None, 2).is_empty());
        assert_eq!(max_length(&c, &p, Some("😀😀😀"), None, 2).len(), 1);
        assert_eq!(
            one(max_length(&c, &p, Some("ab"), None, 1)).detail,
            "may not be more than 1 character"
        );
        assert_eq!(max_length(&c, &p, Some("a"), None, 0).len(), 1);
        assert!(max_length(&c, &p, Some(""), None, 0).is_empty());
        assert!(max_length(&c, &p, None, None, 0).is_empty());
    }

    #[test]
    fn max_bytes_counts_bytes() {
        let c = Context::create();
        let p = Path::new("s");
        assert!(max_bytes(&c, &p, Some("é"), None, 2).is_empty());
        let e = one(max_bytes(&c, &p, Some("é"), None, 1));
        assert_eq!(e.error_type, ErrorType::TooLong);
        assert_eq!(e.origin, "maxBytes");
        assert_eq!(e.detail, "may not be more than 1 byte");
        assert!(max_bytes(&c, &p, Some("abc"), None, 3).is_empty());
        assert_eq!(
            one(max_bytes(&c, &p, Some("abcd"), None, 3)).detail,
            "may not be more than 3 bytes"
        );
        assert!(max_bytes(&c, &p, None, None, 0).is_empty());
    }

    #[test]
    fn min_length_counts_characters() {
        let c = Context::create();
        let p = Path::new("s");
        let e = one(min_length(&c, &p, Some("ab"), None, 3));
        assert_eq!(e.error_type, ErrorType::TooShort);
        assert_eq!(e.origin, "minLength");
        assert_eq!(e.detail, "must be at least 3 characters");
        assert_eq!(e.bad_value, BadValue::from("ab"));
        assert!(min_length(&c, &p, Some("abc"), None, 3).is_empty());
        assert!(min_length(&c, &p, Some("abcd"), None, 3).is_empty());
        // "éé" is 4 bytes, 2 characters: too short for 3, enough for 2.
        assert_eq!(min_length(&c, &p, Some("éé"), None, 3).len(), 1);
        assert!(min_length(&c, &p, Some("éé"), None, 2).is_empty());
        assert!(min_length(&c, &p, Some("ééé"), None, 3).is_empty());
        assert_eq!(
            one(min_length(&c, &p, Some(""), None, 1)).detail,
            "must be at least 1 character"
        );
        assert!(min_length(&c, &p, Some(""), None, 0).is_empty());
        assert!(min_length(&c, &p, None, None, 5).is_empty());
    }

    #[test]
    fn item_counts() {
        let c = Context::create();
        let p = Path::new("l");
        assert!(max_items(&c, &p, &[1, 2], None, 2).is_empty());
        assert!(max_items(&c, &p, &[1], None, 2).is_empty());
        let e = one(max_items(&c, &p, &[1, 2, 3], None, 2));
        assert_eq!(e.error_type, ErrorType::TooMany);
        assert_eq!(e.origin, "maxItems");
        assert_eq!(e.bad_value, BadValue::from(3));
        assert_eq!(e.detail, "must have at most 2 items");
        assert_eq!(
            one(max_items(&c, &p, &[1, 2], None, 1)).detail,
            "must have at most 1 item"
        );

        assert!(min_items(&c, &p, &[1, 2], None, 2).is_empty());
        assert!(min_items(&c, &p, &[1, 2, 3], None, 2).is_empty());
        let e = one(min_items(&c, &p, &[1], None, 2));
        assert_eq!(e.error_type, ErrorType::TooFew);
        assert_eq!(e.origin, "minItems");
        assert_eq!(e.bad_value, BadValue::from(1));
        assert_eq!(e.detail, "must have at least 2 items");
    }

    #[test]
    fn property_counts() {
        let c = Context::create();
        let p = Path::new("m");
        let map =
            |n: usize| -> BTreeMap<String, usize> { (0..n).map(|i| (i.to_string(), i)).collect() };
        assert!(max_properties(&c, &p, &map(2), None, 2).is_empty());
        assert!(max_properties(&c, &p, &map(0), None, 0).is_empty());
        let e = one(max_properties(&c, &p, &map(3), None, 2));
        assert_eq!(e.error_type, ErrorType::TooMany);
        assert_eq!(e.origin, "maxProperties");
        assert_eq!(e.bad_value, BadValue::from(3));
        assert_eq!(e.detail, "must have at most 2 items");

        assert!(min_properties(&c, &p, &map(2), None, 2).is_empty());
        assert!(min_properties(&c, &p, &map(3), None, 2).is_empty());
        let e = one(min_properties(&c, &p, &map(1), None, 2));
        assert_eq!(e.error_type, ErrorType::TooFew);
        assert_eq!(e.origin, "minProperties");
        assert_eq!(e.bad_value, BadValue::from(1));
        assert_eq!(e.detail, "must have at least 2 items");
        assert_eq!(min_properties(&c, &p, &map(0), None, 1).len(), 1);
    }
}
