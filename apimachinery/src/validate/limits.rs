//! Numeric, length and size limits (Kubernetes' `validate/limits.go`):
//! `+k8s:minimum`, `+k8s:maximum`, `+k8s:maxLength`, `+k8s:maxBytes`,
//! `+k8s:minLength`, `+k8s:maxItems`, `+k8s:minItems`, `+k8s:maxProperties`
//! and `+k8s:minProperties`.
//!
//! A nil value (`None`) always passes. Lengths of strings are counted in
//! characters (Unicode scalar values, Go's runes), except by [`max_bytes`].

use super::{list_of, push_error, push_first_sized};
use crate::field::{BadValue, Error, ErrorList, ErrorSite, ErrorType, Path};
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
        Some(&v) if v < min => list_of(|| below_minimum(path, v, min, None)),
        _ => ErrorList::new(),
    }
}

/// The error of [`minimum`] (built out of line, in [`list_of`] or [`push_error`]).
#[inline(always)]
fn below_minimum<T: Integer>(path: &Path<'_>, v: T, min: T, detail: Option<&'static str>) -> Error {
    finished(
        detail,
        || Error::invalid(path, v, format!("must be greater than or equal to {min}")),
        |d| Error::invalid(path, v, d),
    )
    .with_origin("minimum")
}

/// Appends the error `build` ([`below_minimum`] or [`above_maximum`]) makes
/// with its finished detail, out of line. Its pieces are arguments, which
/// travel in registers (`build` is a function item, of no size); a
/// closure's captures would be written to the caller's stack and read back
/// in wider loads, which stall (see `ErrorList::moved_out`).
#[cold]
#[inline(never)]
fn push_bound_error<T: Integer>(
    errs: &mut ErrorList,
    path: &Path<'_>,
    v: T,
    bound: T,
    detail: &'static str,
    build: impl FnOnce(&Path<'_>, T, T, Option<&'static str>) -> Error,
) {
    push_first_sized(errs, build(path, v, bound, Some(detail)));
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
        Some(&v) if v > max => list_of(|| above_maximum(path, v, max, None)),
        _ => ErrorList::new(),
    }
}

/// The error of [`maximum`] (built out of line, in [`list_of`] or [`push_error`]).
#[inline(always)]
fn above_maximum<T: Integer>(path: &Path<'_>, v: T, max: T, detail: Option<&'static str>) -> Error {
    finished(
        detail,
        || Error::invalid(path, v, format!("must be less than or equal to {max}")),
        |d| Error::invalid(path, v, d),
    )
    .with_origin("maximum")
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
#[inline(never)]
fn max_length_long(path: &Path<'_>, v: &str, max: usize) -> ErrorList {
    match too_many_characters(path, v, max, None) {
        Some(e) => ErrorList::from(e),
        None => ErrorList::new(),
    }
}

/// The error of [`max_length`] for a string with more bytes than `max`, if
/// it also has more characters.
fn too_many_characters(
    path: &Path<'_>,
    v: &str,
    max: usize,
    detail: Option<&'static str>,
) -> Option<Error> {
    more_characters_than(v, max).then(|| max_length_error(path, max, detail))
}

/// The error of [`max_length`]: TooLong with origin `maxLength`.
#[inline(always)]
fn max_length_error(path: &Path<'_>, max: usize, detail: Option<&'static str>) -> Error {
    finished(
        detail,
        || Error::too_long_characters(path, as_int(max)),
        |d| Error::new(ErrorType::TooLong, path, BadValue::from(OMITTED), d),
    )
    .with_origin("maxLength")
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
        Some(v) if v.len() > max => list_of(|| too_many_bytes(path, max, None)),
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
    match too_few_characters(path, v, min, None) {
        Some(e) => ErrorList::from(e),
        None => ErrorList::new(),
    }
}

/// The error of [`min_length`] for a string with too few bytes to be surely
/// long enough, if it also has too few characters.
#[cold]
#[inline(never)]
fn too_few_characters(
    path: &Path<'_>,
    v: &str,
    min: usize,
    detail: Option<&'static str>,
) -> Option<Error> {
    fewer_characters_than(v, min).then(|| min_length_error(path, v, min, detail))
}

/// The error of [`min_length`]: TooShort with origin `minLength`.
#[inline(always)]
fn min_length_error(path: &Path<'_>, v: &str, min: usize, detail: Option<&'static str>) -> Error {
    finished(
        detail,
        || Error::too_short(path, v, as_int(min)),
        |d| Error::new(ErrorType::TooShort, path, BadValue::from(v), d),
    )
    .with_origin("minLength")
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
        list_of(|| too_many_items(path, value.len(), max, None))
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
        list_of(|| too_few_items(path, value.len(), min, None))
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
        list_of(|| too_many_properties(path, value.len(), max, None))
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
        list_of(|| too_few_properties(path, value.len(), min, None))
    } else {
        ErrorList::new()
    }
}

/// The bad value of a TooLong error (Kubernetes omits the value).
const OMITTED: &str = "<value omitted>";

/// The error `render` builds, or with a finished detail (generated code
/// passes the detail its constant bound gives, a literal computed at
/// expansion) the same error built by `with` without formatting anything;
/// debug builds check that both are equal.
#[inline(always)]
fn finished(
    detail: Option<&'static str>,
    render: impl FnOnce() -> Error,
    with: impl FnOnce(&'static str) -> Error,
) -> Error {
    match detail {
        None => render(),
        Some(d) => {
            let e = with(d);
            debug_assert_eq!(
                e,
                render(),
                "the finished detail differs from the rendered one"
            );
            e
        }
    }
}

/// The error of [`max_bytes`].
#[inline(always)]
fn too_many_bytes(path: &Path<'_>, max: usize, detail: Option<&'static str>) -> Error {
    finished(
        detail,
        || Error::too_long(path, as_int(max)),
        |d| Error::new(ErrorType::TooLong, path, BadValue::from(OMITTED), d),
    )
    .with_origin("maxBytes")
}

/// A TooMany error (bad value the length) with origin `origin`.
#[inline(always)]
fn too_many_of(
    path: &Path<'_>,
    len: usize,
    max: usize,
    detail: Option<&'static str>,
    origin: &'static str,
) -> Error {
    finished(
        detail,
        || Error::too_many(path, as_int(len), as_int(max)),
        |d| Error::new(ErrorType::TooMany, path, BadValue::from(as_int(len)), d),
    )
    .with_origin(origin)
}

/// A TooFew error (bad value the length) with origin `origin`.
#[inline(always)]
fn too_few_of(
    path: &Path<'_>,
    len: usize,
    min: usize,
    detail: Option<&'static str>,
    origin: &'static str,
) -> Error {
    finished(
        detail,
        || Error::too_few(path, as_int(len), as_int(min)),
        |d| Error::new(ErrorType::TooFew, path, BadValue::from(as_int(len)), d),
    )
    .with_origin(origin)
}

/// The error of [`max_items`].
#[inline(always)]
fn too_many_items(path: &Path<'_>, len: usize, max: usize, detail: Option<&'static str>) -> Error {
    too_many_of(path, len, max, detail, "maxItems")
}

/// The error of [`min_items`].
#[inline(always)]
fn too_few_items(path: &Path<'_>, len: usize, min: usize, detail: Option<&'static str>) -> Error {
    too_few_of(path, len, min, detail, "minItems")
}

/// The error of [`max_properties`].
#[inline(always)]
fn too_many_properties(
    path: &Path<'_>,
    len: usize,
    max: usize,
    detail: Option<&'static str>,
) -> Error {
    too_many_of(path, len, max, detail, "maxProperties")
}

/// The error of [`min_properties`].
#[inline(always)]
fn too_few_properties(
    path: &Path<'_>,
    len: usize,
    min: usize,
    detail: Option<&'static str>,
) -> Error {
    too_few_of(path, len, min, detail, "minProperties")
}

// The forms generated code calls: the same checks appending to the sink
// `errs` (no one-element list to build and move), with the detail a
// literal the derive computed from the constant bound, reporting at an
// `ErrorSite` (a built path, or a ratcheted field whose path is built only
// for an error) and returning whether the check failed.

/// [`minimum`] appending to `errs`; `detail` is the finished
/// `must be greater than or equal to N` for `min`. Returns whether it failed.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context, validate};
/// let (p, mut errs) = (Path::new("n"), ErrorList::new());
/// let d = "must be greater than or equal to 1";
/// assert!(!validate::minimum_into(&Context::create(), &p, Some(&1), None, 1, d, &mut errs));
/// assert!(validate::minimum_into(&Context::create(), &p, Some(&0), None, 1, d, &mut errs));
/// assert_eq!(errs, validate::minimum(&Context::create(), &p, Some(&0), None, 1));
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn minimum_into<T: Integer>(
    _ctx: &Context,
    path: impl ErrorSite,
    value: Option<&T>,
    _old: Option<&T>,
    min: T,
    detail: &'static str,
    errs: &mut ErrorList,
) -> bool {
    match value {
        Some(&v) if v < min => {
            path.report(|p| push_bound_error(errs, p, v, min, detail, below_minimum));
            true
        }
        _ => false,
    }
}

/// [`maximum`] appending to `errs`; `detail` is the finished
/// `must be less than or equal to N` for `max`. Returns whether it failed.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context, validate};
/// let (p, mut errs) = (Path::new("n"), ErrorList::new());
/// let d = "must be less than or equal to 3";
/// assert!(validate::maximum_into(&Context::create(), &p, Some(&4), None, 3, d, &mut errs));
/// assert_eq!(errs, validate::maximum(&Context::create(), &p, Some(&4), None, 3));
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn maximum_into<T: Integer>(
    _ctx: &Context,
    path: impl ErrorSite,
    value: Option<&T>,
    _old: Option<&T>,
    max: T,
    detail: &'static str,
    errs: &mut ErrorList,
) -> bool {
    match value {
        Some(&v) if v > max => {
            path.report(|p| push_bound_error(errs, p, v, max, detail, above_maximum));
            true
        }
        _ => false,
    }
}

/// [`max_length`] appending to `errs`; `detail` is the finished
/// `may not be more than N characters`. Returns whether it failed.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context, validate};
/// let (p, mut errs) = (Path::new("s"), ErrorList::new());
/// let d = "may not be more than 2 characters";
/// assert!(!validate::max_length_into(&Context::create(), &p, Some("éé"), None, 2, d, &mut errs));
/// assert!(validate::max_length_into(&Context::create(), &p, Some("abc"), None, 2, d, &mut errs));
/// assert_eq!(errs, validate::max_length(&Context::create(), &p, Some("abc"), None, 2));
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn max_length_into(
    _ctx: &Context,
    path: impl ErrorSite,
    value: Option<&str>,
    _old: Option<&str>,
    max: usize,
    detail: &'static str,
    errs: &mut ErrorList,
) -> bool {
    // The characters are counted here, when the bytes are more than
    // `max`: a valid string of multi-byte characters does not leave the
    // inlined path, and only the error is built out of line.
    match value {
        Some(v) if v.len() > max && more_characters_than(v, max) => {
            path.report(|p| push_max_length_error(errs, p, max, detail));
            true
        }
        _ => false,
    }
}

/// Whether `v`, which has more bytes than `max`, has more characters: at
/// most 4 bytes make a character, so enough bytes settle it uncounted.
#[inline(always)]
fn more_characters_than(v: &str, max: usize) -> bool {
    v.len().div_ceil(4) > max || v.chars().count() > max
}

/// The error of [`max_length_into`], built and appended out of line.
#[cold]
#[inline(never)]
fn push_max_length_error(errs: &mut ErrorList, path: &Path<'_>, max: usize, detail: &'static str) {
    super::cold::push_first_sized(errs, max_length_error(path, max, Some(detail)));
}

/// [`max_bytes`] appending to `errs`; `detail` is the finished
/// `may not be more than N bytes`. Returns whether it failed.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context, validate};
/// let (p, mut errs) = (Path::new("s"), ErrorList::new());
/// let d = "may not be more than 1 byte";
/// assert!(validate::max_bytes_into(&Context::create(), &p, Some("é"), None, 1, d, &mut errs));
/// assert_eq!(errs, validate::max_bytes(&Context::create(), &p, Some("é"), None, 1));
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn max_bytes_into(
    _ctx: &Context,
    path: impl ErrorSite,
    value: Option<&str>,
    _old: Option<&str>,
    max: usize,
    detail: &'static str,
    errs: &mut ErrorList,
) -> bool {
    match value {
        Some(v) if v.len() > max => {
            path.report(|p| push_error(errs, || too_many_bytes(p, max, Some(detail))));
            true
        }
        _ => false,
    }
}

/// [`min_length`] appending to `errs`; `detail` is the finished
/// `must be at least N characters`. Returns whether it failed.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context, validate};
/// let (p, mut errs) = (Path::new("s"), ErrorList::new());
/// let d = "must be at least 3 characters";
/// assert!(validate::min_length_into(&Context::create(), &p, Some("éé"), None, 3, d, &mut errs));
/// assert_eq!(errs, validate::min_length(&Context::create(), &p, Some("éé"), None, 3));
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn min_length_into(
    _ctx: &Context,
    path: impl ErrorSite,
    value: Option<&str>,
    _old: Option<&str>,
    min: usize,
    detail: &'static str,
    errs: &mut ErrorList,
) -> bool {
    // As `max_length_into`: counted inline, the error built out of line.
    match value {
        Some(v) if v.len().div_ceil(4) < min && fewer_characters_than(v, min) => {
            path.report(|p| push_min_length_error(errs, p, v, min, detail));
            true
        }
        _ => false,
    }
}

/// Whether `v` has fewer than `min` characters (fewer bytes settle it
/// uncounted).
#[inline(always)]
fn fewer_characters_than(v: &str, min: usize) -> bool {
    v.len() < min || v.chars().count() < min
}

/// The error of [`min_length_into`], built and appended out of line.
#[cold]
#[inline(never)]
fn push_min_length_error(
    errs: &mut ErrorList,
    path: &Path<'_>,
    v: &str,
    min: usize,
    detail: &'static str,
) {
    super::cold::push_first_sized(errs, min_length_error(path, v, min, Some(detail)));
}

/// [`max_items`] appending to `errs`; `detail` is the finished
/// `must have at most N items`. Returns whether it failed.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context, validate};
/// let (p, mut errs) = (Path::new("l"), ErrorList::new());
/// let d = "must have at most 2 items";
/// assert!(validate::max_items_into(&Context::create(), &p, &[1, 2, 3], None, 2, d, &mut errs));
/// assert_eq!(errs, validate::max_items(&Context::create(), &p, &[1, 2, 3], None, 2));
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn max_items_into<T>(
    _ctx: &Context,
    path: impl ErrorSite,
    value: &[T],
    _old: Option<&[T]>,
    max: usize,
    detail: &'static str,
    errs: &mut ErrorList,
) -> bool {
    if value.len() > max {
        path.report(|p| push_error(errs, || too_many_items(p, value.len(), max, Some(detail))));
        return true;
    }
    false
}

/// [`min_items`] appending to `errs`; `detail` is the finished
/// `must have at least N items`. Returns whether it failed.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context, validate};
/// let (p, mut errs) = (Path::new("l"), ErrorList::new());
/// let d = "must have at least 1 item";
/// assert!(validate::min_items_into::<u8>(&Context::create(), &p, &[], None, 1, d, &mut errs));
/// assert_eq!(errs, validate::min_items::<u8>(&Context::create(), &p, &[], None, 1));
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn min_items_into<T>(
    _ctx: &Context,
    path: impl ErrorSite,
    value: &[T],
    _old: Option<&[T]>,
    min: usize,
    detail: &'static str,
    errs: &mut ErrorList,
) -> bool {
    if value.len() < min {
        path.report(|p| push_error(errs, || too_few_items(p, value.len(), min, Some(detail))));
        return true;
    }
    false
}

/// [`max_properties`] appending to `errs`; `detail` is the finished
/// `must have at most N items`. Returns whether it failed.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context, validate};
/// use std::collections::BTreeMap;
/// let (p, mut errs) = (Path::new("m"), ErrorList::new());
/// let m = BTreeMap::from([("a", 1), ("b", 2)]);
/// let d = "must have at most 1 item";
/// assert!(validate::max_properties_into(&Context::create(), &p, &m, None, 1, d, &mut errs));
/// assert_eq!(errs, validate::max_properties(&Context::create(), &p, &m, None, 1));
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn max_properties_into<K, V>(
    _ctx: &Context,
    path: impl ErrorSite,
    value: &BTreeMap<K, V>,
    _old: Option<&BTreeMap<K, V>>,
    max: usize,
    detail: &'static str,
    errs: &mut ErrorList,
) -> bool {
    if value.len() > max {
        path.report(|p| {
            push_error(errs, || {
                too_many_properties(p, value.len(), max, Some(detail))
            })
        });
        return true;
    }
    false
}

/// [`min_properties`] appending to `errs`; `detail` is the finished
/// `must have at least N items`. Returns whether it failed.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context, validate};
/// use std::collections::BTreeMap;
/// let (p, mut errs) = (Path::new("m"), ErrorList::new());
/// let m: BTreeMap<String, String> = BTreeMap::new();
/// let d = "must have at least 1 item";
/// assert!(validate::min_properties_into(&Context::create(), &p, &m, None, 1, d, &mut errs));
/// assert_eq!(errs, validate::min_properties(&Context::create(), &p, &m, None, 1));
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn min_properties_into<K, V>(
    _ctx: &Context,
    path: impl ErrorSite,
    value: &BTreeMap<K, V>,
    _old: Option<&BTreeMap<K, V>>,
    min: usize,
    detail: &'static str,
    errs: &mut ErrorList,
) -> bool {
    if value.len() < min {
        path.report(|p| {
            push_error(errs, || {
                too_few_properties(p, value.len(), min, Some(detail))
            })
        });
        return true;
    }
    false
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

    /// A finished detail as the derive writes it (leaked: tests only).
    fn lit(s: String) -> &'static str {
        Box::leak(s.into_boxed_str())
    }

    fn units(n: usize, one: &str, many: &str) -> String {
        if n == 1 {
            format!("{n} {one}")
        } else {
            format!("{n} {many}")
        }
    }

    /// Runs a sink form on a list already holding one error: it must append
    /// exactly what the list form returns, after that error, and say whether
    /// it appended anything.
    fn same(list: ErrorList, sink: impl FnOnce(&mut ErrorList) -> bool) {
        let first = Error::required(&Path::new("first"), "");
        let mut errs = ErrorList::from(first.clone());
        let failed = sink(&mut errs);
        assert_eq!(failed, !list.is_empty());
        assert_eq!(errs[0], first);
        assert_eq!(&errs[1..], &list[..]);
    }

    #[test]
    fn sink_forms_append_what_the_list_forms_return() {
        let c = Context::create();
        let p = Path::new("spec");
        let f = p.child("n");
        for bound in -3i64..=3 {
            for v in -4i64..=4 {
                let d = lit(format!("must be greater than or equal to {bound}"));
                same(minimum(&c, &f, Some(&v), None, bound), |e| {
                    minimum_into(&c, &f, Some(&v), None, bound, d, e)
                });
                let d = lit(format!("must be less than or equal to {bound}"));
                same(maximum(&c, &f, Some(&v), None, bound), |e| {
                    maximum_into(&c, &f, Some(&v), None, bound, d, e)
                });
            }
        }
        same(minimum::<u8>(&c, &f, None, None, 1), |e| {
            minimum_into::<u8>(
                &c,
                &f,
                None,
                None,
                1,
                "must be greater than or equal to 1",
                e,
            )
        });
        let strings = [
            "", "a", "ab", "abc", "é", "éé", "ééé", "aéb", "abcdefgh", "😀", "😀😀", "a😀",
        ];
        for n in 0usize..=4 {
            for s in strings {
                let d = lit(format!(
                    "may not be more than {}",
                    units(n, "character", "characters")
                ));
                same(max_length(&c, &f, Some(s), None, n), |e| {
                    max_length_into(&c, &f, Some(s), None, n, d, e)
                });
                let d = lit(format!(
                    "may not be more than {}",
                    units(n, "byte", "bytes")
                ));
                same(max_bytes(&c, &f, Some(s), None, n), |e| {
                    max_bytes_into(&c, &f, Some(s), None, n, d, e)
                });
                let d = lit(format!(
                    "must be at least {}",
                    units(n, "character", "characters")
                ));
                same(min_length(&c, &f, Some(s), None, n), |e| {
                    min_length_into(&c, &f, Some(s), None, n, d, e)
                });
            }
            for len in 0usize..=4 {
                let list = vec![0u8; len];
                let map: BTreeMap<usize, u8> = (0..len).map(|i| (i, 0)).collect();
                let most = lit(format!("must have at most {}", units(n, "item", "items")));
                let least = lit(format!("must have at least {}", units(n, "item", "items")));
                same(max_items(&c, &f, &list, None, n), |e| {
                    max_items_into(&c, &f, &list, None, n, most, e)
                });
                same(min_items(&c, &f, &list, None, n), |e| {
                    min_items_into(&c, &f, &list, None, n, least, e)
                });
                same(max_properties(&c, &f, &map, None, n), |e| {
                    max_properties_into(&c, &f, &map, None, n, most, e)
                });
                same(min_properties(&c, &f, &map, None, n), |e| {
                    min_properties_into(&c, &f, &map, None, n, least, e)
                });
            }
        }
    }

    #[test]
    #[cfg(debug_assertions)]
    #[should_panic(expected = "the finished detail differs")]
    fn a_wrong_finished_detail_is_caught_in_debug_builds() {
        let mut errs = ErrorList::new();
        let p = Path::new("n");
        minimum_into(
            &Context::create(),
            &p,
            Some(&0),
            None,
            1,
            "must be at least 1",
            &mut errs,
        );
    }
}
