//! Presence checks (Kubernetes' `validate/required.go`): `+k8s:required`,
//! `+k8s:forbidden` and `+k8s:optional`.
//!
//! Each check comes in four shapes, as in Kubernetes:
//!
//! - `*_value`: a non-pointer field, compared with its zero value
//!   ([`ZeroValue`]: `Default::default()`, `""` for strings);
//! - `*_pointer`: a pointer field (`Option<T>` in Rust), `None` being nil;
//! - `*_slice` / `*_map`: empty means unset (nil and empty are the same).
//!
//! Errors carry no origin and an empty detail, except the optional checks,
//! whose Required error says `optional value was not specified`: the
//! generated code treats that "failure" as a non-error short-circuit (it skips
//! the field's remaining validators and discards the error).

use super::push_first_sized;
use crate::field::{Error, ErrorList, ErrorSite, Path};
use crate::operation::Context;
use std::collections::BTreeMap;

/// The detail of the Required error the `optional_*` checks return.
///
/// ```
/// assert_eq!(apimachinery::validate::OPTIONAL_NOT_SPECIFIED, "optional value was not specified");
/// ```
pub const OPTIONAL_NOT_SPECIFIED: &str = "optional value was not specified";

/// Whether a value is its type's zero value (Go's `value == zero`).
///
/// Implemented for every `Default + PartialEq` type (numbers, `bool`,
/// `String`, structs deriving both) and for `str`.
///
/// ```
/// use apimachinery::validate::ZeroValue;
/// assert!(0i32.is_zero());
/// assert!("".is_zero());
/// assert!(!String::from("x").is_zero());
/// assert!(!true.is_zero());
/// ```
pub trait ZeroValue {
    /// `true` if this is the zero value.
    ///
    /// ```
    /// use apimachinery::validate::ZeroValue;
    /// assert!(0u8.is_zero());
    /// ```
    fn is_zero(&self) -> bool;
}

impl<T: Default + PartialEq + 'static> ZeroValue for T {
    #[inline]
    fn is_zero(&self) -> bool {
        // A string is zero when empty: comparing it with `String::new()`
        // would hand two empty strings to `memcmp` (see `crate::text_eq`).
        // The type test is resolved at compile time.
        if let Some(s) = (self as &dyn std::any::Any).downcast_ref::<String>() {
            return s.is_empty();
        }
        *self == T::default()
    }
}

impl ZeroValue for str {
    fn is_zero(&self) -> bool {
        self.is_empty()
    }
}

/// Whether a nilable non-pointer value is unset: `None` (which generated code
/// never passes for a non-pointer field) counts as the zero value.
fn value_is_zero<T: ?Sized + ZeroValue>(value: Option<&T>) -> bool {
    value.is_none_or(ZeroValue::is_zero)
}

#[cold]
#[inline(never)]
fn required(path: &Path<'_>) -> ErrorList {
    ErrorList::from(Error::required(path, ""))
}

#[cold]
#[inline(never)]
fn forbidden(path: &Path<'_>) -> ErrorList {
    ErrorList::from(Error::forbidden(path, ""))
}

/// Appends the Required error of the `required_*` checks (out of line: the
/// valid path is the test only).
#[cold]
#[inline(never)]
fn push_required(path: &Path<'_>, errs: &mut ErrorList) {
    push_first_sized(errs, Error::required(path, ""));
}

/// Appends the Forbidden error of the `forbidden_*` checks.
#[cold]
#[inline(never)]
fn push_forbidden(path: &Path<'_>, errs: &mut ErrorList) {
    push_first_sized(errs, Error::forbidden(path, ""));
}

#[cold]
#[inline(never)]
fn not_specified(path: &Path<'_>) -> ErrorList {
    ErrorList::from(Error::required(path, OPTIONAL_NOT_SPECIFIED))
}

/// `RequiredValue`: Required (no origin, empty detail) when the value is its zero value.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::required_value};
/// let spec = Path::new("spec");
/// let p = spec.child("name");
/// assert!(required_value(&Context::create(), &p, Some("x"), None).is_empty());
/// let errs = required_value(&Context::create(), &p, Some(""), None);
/// assert_eq!(errs[0].to_string(), "spec.name: Required value");
/// assert!(required_value(&Context::create(), &p, Some(&0i32), None).len() == 1);
/// ```
#[inline]
pub fn required_value<T: ?Sized + ZeroValue>(
    _ctx: &Context,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
) -> ErrorList {
    if value_is_zero(value) {
        required(path)
    } else {
        ErrorList::new()
    }
}

/// `RequiredPointer`: Required when the pointer is nil (`None`).
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::required_pointer};
/// let p = Path::new("spec");
/// assert!(required_pointer(&Context::create(), &p, Some(&0i32), None).is_empty());
/// assert_eq!(required_pointer::<i32>(&Context::create(), &p, None, None)[0].to_string(),
///            "spec: Required value");
/// ```
#[inline]
pub fn required_pointer<T: ?Sized>(
    _ctx: &Context,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
) -> ErrorList {
    if value.is_none() {
        required(path)
    } else {
        ErrorList::new()
    }
}

/// `RequiredSlice`: Required when the list is empty.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::required_slice};
/// let p = Path::new("items");
/// assert!(required_slice(&Context::create(), &p, &[1], None).is_empty());
/// assert_eq!(required_slice::<i32>(&Context::create(), &p, &[], None).len(), 1);
/// ```
#[inline]
pub fn required_slice<T>(
    _ctx: &Context,
    path: &Path<'_>,
    value: &[T],
    _old: Option<&[T]>,
) -> ErrorList {
    if value.is_empty() {
        required(path)
    } else {
        ErrorList::new()
    }
}

/// `RequiredMap`: Required when the map is empty.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::required_map};
/// use std::collections::BTreeMap;
/// let p = Path::new("labels");
/// let empty: BTreeMap<String, String> = BTreeMap::new();
/// assert_eq!(required_map(&Context::create(), &p, &empty, None)[0].to_string(), "labels: Required value");
/// ```
#[inline]
pub fn required_map<K, V>(
    _ctx: &Context,
    path: &Path<'_>,
    value: &BTreeMap<K, V>,
    _old: Option<&BTreeMap<K, V>>,
) -> ErrorList {
    if value.is_empty() {
        required(path)
    } else {
        ErrorList::new()
    }
}

/// `ForbiddenValue`: Forbidden (no origin, empty detail) when the value is not its zero value.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::forbidden_value};
/// let spec = Path::new("spec");
/// let p = spec.child("x");
/// assert!(forbidden_value(&Context::create(), &p, Some(""), None).is_empty());
/// assert_eq!(forbidden_value(&Context::create(), &p, Some("a"), None)[0].to_string(),
///            "spec.x: Forbidden");
/// ```
#[inline]
pub fn forbidden_value<T: ?Sized + ZeroValue>(
    _ctx: &Context,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
) -> ErrorList {
    if value_is_zero(value) {
        ErrorList::new()
    } else {
        forbidden(path)
    }
}

/// `ForbiddenPointer`: Forbidden when the pointer is set (`Some`), even to a zero value.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::forbidden_pointer};
/// let p = Path::new("x");
/// assert_eq!(forbidden_pointer(&Context::create(), &p, Some(&0), None).len(), 1);
/// assert!(forbidden_pointer::<i32>(&Context::create(), &p, None, None).is_empty());
/// ```
#[inline]
pub fn forbidden_pointer<T: ?Sized>(
    _ctx: &Context,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
) -> ErrorList {
    if value.is_none() {
        ErrorList::new()
    } else {
        forbidden(path)
    }
}

/// `ForbiddenSlice`: Forbidden when the list is not empty.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::forbidden_slice};
/// let p = Path::new("items");
/// assert_eq!(forbidden_slice(&Context::create(), &p, &["a"], None).len(), 1);
/// assert!(forbidden_slice::<&str>(&Context::create(), &p, &[], None).is_empty());
/// ```
#[inline]
pub fn forbidden_slice<T>(
    _ctx: &Context,
    path: &Path<'_>,
    value: &[T],
    _old: Option<&[T]>,
) -> ErrorList {
    if value.is_empty() {
        ErrorList::new()
    } else {
        forbidden(path)
    }
}

/// `ForbiddenMap`: Forbidden when the map is not empty.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::forbidden_map};
/// use std::collections::BTreeMap;
/// let m = BTreeMap::from([("a", 1)]);
/// assert_eq!(forbidden_map(&Context::create(), &Path::new("m"), &m, None).len(), 1);
/// ```
#[inline]
pub fn forbidden_map<K, V>(
    _ctx: &Context,
    path: &Path<'_>,
    value: &BTreeMap<K, V>,
    _old: Option<&BTreeMap<K, V>>,
) -> ErrorList {
    if value.is_empty() {
        ErrorList::new()
    } else {
        forbidden(path)
    }
}

/// `OptionalValue`: "fails" with Required `optional value was not specified`
/// when the value is its zero value (a non-error short-circuit for the generator).
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::optional_value};
/// let p = Path::new("x");
/// let errs = optional_value(&Context::create(), &p, Some(&0i64), None);
/// assert_eq!(errs[0].detail, "optional value was not specified");
/// assert!(optional_value(&Context::create(), &p, Some(&1i64), None).is_empty());
/// ```
#[inline]
pub fn optional_value<T: ?Sized + ZeroValue>(
    _ctx: &Context,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
) -> ErrorList {
    if value_is_zero(value) {
        not_specified(path)
    } else {
        ErrorList::new()
    }
}

/// `OptionalPointer`: "fails" when the pointer is nil.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::optional_pointer};
/// let p = Path::new("x");
/// assert_eq!(optional_pointer::<str>(&Context::create(), &p, None, None).len(), 1);
/// assert!(optional_pointer(&Context::create(), &p, Some(""), None).is_empty());
/// ```
#[inline]
pub fn optional_pointer<T: ?Sized>(
    _ctx: &Context,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
) -> ErrorList {
    if value.is_none() {
        not_specified(path)
    } else {
        ErrorList::new()
    }
}

/// `OptionalSlice`: "fails" when the list is empty.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::optional_slice};
/// assert_eq!(optional_slice::<u8>(&Context::create(), &Path::new("l"), &[], None).len(), 1);
/// ```
#[inline]
pub fn optional_slice<T>(
    _ctx: &Context,
    path: &Path<'_>,
    value: &[T],
    _old: Option<&[T]>,
) -> ErrorList {
    if value.is_empty() {
        not_specified(path)
    } else {
        ErrorList::new()
    }
}

/// `OptionalMap`: "fails" when the map is empty.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::optional_map};
/// use std::collections::BTreeMap;
/// let m = BTreeMap::from([("k", "v")]);
/// assert!(optional_map(&Context::create(), &Path::new("m"), &m, None).is_empty());
/// ```
#[inline]
pub fn optional_map<K, V>(
    _ctx: &Context,
    path: &Path<'_>,
    value: &BTreeMap<K, V>,
    _old: Option<&BTreeMap<K, V>>,
) -> ErrorList {
    if value.is_empty() {
        not_specified(path)
    } else {
        ErrorList::new()
    }
}

// The forms generated code calls: the same checks appending to the sink
// `errs` at an `ErrorSite` (a built path, or a ratcheted field), returning
// whether they failed (the derive's short-circuit test).

macro_rules! presence_into {
    ($(#[$doc:meta])* $name:ident, $push:ident, $unset:ident: $fail_when_unset:expr,
     [$($gen:tt)*] $v:ty, $o:ty, $test:expr) => {
        $(#[$doc])*
        #[doc(hidden)]
        #[inline(always)]
        pub fn $name<$($gen)*>(
            _ctx: &Context,
            path: impl ErrorSite,
            value: $v,
            _old: $o,
            errs: &mut ErrorList,
        ) -> bool {
            let $unset: bool = $test(value);
            if $unset == $fail_when_unset {
                path.report(|p| $push(p, errs));
                return true;
            }
            false
        }
    };
}

presence_into!(
    /// [`required_value`] appending to `errs`; whether it failed.
    ///
    /// ```
    /// use apimachinery::{field::{ErrorList, Path}, operation::Context, validate};
    /// let (p, mut errs) = (Path::new("x"), ErrorList::new());
    /// assert!(!validate::required_value_into(&Context::create(), &p, Some(&1), None, &mut errs));
    /// assert!(validate::required_value_into(&Context::create(), &p, Some(&0), None, &mut errs));
    /// assert_eq!(errs, validate::required_value(&Context::create(), &p, Some(&0), None));
    /// ```
    required_value_into, push_required, unset: true,
    [T: ?Sized + ZeroValue] Option<&T>, Option<&T>, value_is_zero
);
presence_into!(
    /// [`required_pointer`] appending to `errs`; whether it failed.
    ///
    /// ```
    /// use apimachinery::{field::{ErrorList, Path}, operation::Context, validate};
    /// let (p, mut errs) = (Path::new("x"), ErrorList::new());
    /// assert!(validate::required_pointer_into::<i32>(&Context::create(), &p, None, None, &mut errs));
    /// assert_eq!(errs, validate::required_pointer::<i32>(&Context::create(), &p, None, None));
    /// ```
    required_pointer_into, push_required, unset: true,
    [T: ?Sized] Option<&T>, Option<&T>, |v: Option<&T>| v.is_none()
);
presence_into!(
    /// [`required_slice`] appending to `errs`; whether it failed.
    ///
    /// ```
    /// use apimachinery::{field::{ErrorList, Path}, operation::Context, validate};
    /// let (p, mut errs) = (Path::new("x"), ErrorList::new());
    /// assert!(validate::required_slice_into::<u8>(&Context::create(), &p, &[], None, &mut errs));
    /// assert_eq!(errs, validate::required_slice::<u8>(&Context::create(), &p, &[], None));
    /// ```
    required_slice_into, push_required, unset: true,
    [T] &[T], Option<&[T]>, |v: &[T]| v.is_empty()
);
presence_into!(
    /// [`required_map`] appending to `errs`; whether it failed.
    ///
    /// ```
    /// use apimachinery::{field::{ErrorList, Path}, operation::Context, validate};
    /// use std::collections::BTreeMap;
    /// let (p, mut errs, m) = (Path::new("x"), ErrorList::new(), BTreeMap::<u8, u8>::new());
    /// assert!(validate::required_map_into(&Context::create(), &p, &m, None, &mut errs));
    /// assert_eq!(errs, validate::required_map(&Context::create(), &p, &m, None));
    /// ```
    required_map_into, push_required, unset: true,
    [K, V] &BTreeMap<K, V>, Option<&BTreeMap<K, V>>, |v: &BTreeMap<K, V>| v.is_empty()
);
presence_into!(
    /// [`forbidden_value`] appending to `errs`; whether it failed.
    ///
    /// ```
    /// use apimachinery::{field::{ErrorList, Path}, operation::Context, validate};
    /// let (p, mut errs) = (Path::new("x"), ErrorList::new());
    /// assert!(!validate::forbidden_value_into(&Context::create(), &p, Some(&0), None, &mut errs));
    /// assert!(validate::forbidden_value_into(&Context::create(), &p, Some(&1), None, &mut errs));
    /// assert_eq!(errs, validate::forbidden_value(&Context::create(), &p, Some(&1), None));
    /// ```
    forbidden_value_into, push_forbidden, unset: false,
    [T: ?Sized + ZeroValue] Option<&T>, Option<&T>, value_is_zero
);
presence_into!(
    /// [`forbidden_pointer`] appending to `errs`; whether it failed.
    ///
    /// ```
    /// use apimachinery::{field::{ErrorList, Path}, operation::Context, validate};
    /// let (p, mut errs) = (Path::new("x"), ErrorList::new());
    /// assert!(validate::forbidden_pointer_into(&Context::create(), &p, Some(&0), None, &mut errs));
    /// assert_eq!(errs, validate::forbidden_pointer(&Context::create(), &p, Some(&0), None));
    /// ```
    forbidden_pointer_into, push_forbidden, unset: false,
    [T: ?Sized] Option<&T>, Option<&T>, |v: Option<&T>| v.is_none()
);
presence_into!(
    /// [`forbidden_slice`] appending to `errs`; whether it failed.
    ///
    /// ```
    /// use apimachinery::{field::{ErrorList, Path}, operation::Context, validate};
    /// let (p, mut errs) = (Path::new("x"), ErrorList::new());
    /// assert!(validate::forbidden_slice_into(&Context::create(), &p, &[1], None, &mut errs));
    /// assert_eq!(errs, validate::forbidden_slice(&Context::create(), &p, &[1], None));
    /// ```
    forbidden_slice_into, push_forbidden, unset: false,
    [T] &[T], Option<&[T]>, |v: &[T]| v.is_empty()
);
presence_into!(
    /// [`forbidden_map`] appending to `errs`; whether it failed.
    ///
    /// ```
    /// use apimachinery::{field::{ErrorList, Path}, operation::Context, validate};
    /// use std::collections::BTreeMap;
    /// let (p, mut errs, m) = (Path::new("x"), ErrorList::new(), BTreeMap::from([(1u8, 1u8)]));
    /// assert!(validate::forbidden_map_into(&Context::create(), &p, &m, None, &mut errs));
    /// assert_eq!(errs, validate::forbidden_map(&Context::create(), &p, &m, None));
    /// ```
    forbidden_map_into, push_forbidden, unset: false,
    [K, V] &BTreeMap<K, V>, Option<&BTreeMap<K, V>>, |v: &BTreeMap<K, V>| v.is_empty()
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::{BadValue, ErrorType};

    #[derive(Default, PartialEq)]
    struct Pair {
        a: i32,
        b: String,
    }

    fn assert_single(errs: &ErrorList, t: ErrorType, field: &str, detail: &str) {
        assert_eq!(errs.len(), 1, "{errs:?}");
        assert_eq!(errs[0].error_type, t);
        assert_eq!(errs[0].field, field);
        assert_eq!(errs[0].origin, "");
        assert_eq!(errs[0].detail, detail);
        assert_eq!(errs[0].bad_value, BadValue::from(""));
    }

    #[test]
    fn value_variants_compare_with_zero() {
        let c = Context::create();
        let p = Path::new("spec");
        let f = p.child("f");
        for (v, zero) in [("", true), ("a", false), ("é", false)] {
            assert_eq!(required_value(&c, &f, Some(v), None).len(), zero as usize);
            assert_eq!(forbidden_value(&c, &f, Some(v), None).len(), !zero as usize);
            assert_eq!(optional_value(&c, &f, Some(v), None).len(), zero as usize);
        }
        assert_single(
            &required_value(&c, &f, Some(&0u16), None),
            ErrorType::Required,
            "spec.f",
            "",
        );
        assert_single(
            &forbidden_value(&c, &f, Some(&-1i8), None),
            ErrorType::Forbidden,
            "spec.f",
            "",
        );
        assert_single(
            &optional_value(&c, &f, Some(&false), None),
            ErrorType::Required,
            "spec.f",
            OPTIONAL_NOT_SPECIFIED,
        );
        assert!(required_value(&c, &f, Some(&true), None).is_empty());
        // None stands for the zero value of a non-pointer field.
        assert_eq!(required_value::<str>(&c, &f, None, None).len(), 1);
        assert!(forbidden_value::<str>(&c, &f, None, None).is_empty());
    }

    #[test]
    fn value_variants_on_structs() {
        let c = Context::create();
        let p = Path::new("s");
        let zero = Pair::default();
        let set = Pair {
            a: 0,
            b: "x".into(),
        };
        assert_eq!(required_value(&c, &p, Some(&zero), None).len(), 1);
        assert!(required_value(&c, &p, Some(&set), None).is_empty());
        assert_eq!(forbidden_value(&c, &p, Some(&set), None).len(), 1);
        assert!(forbidden_value(&c, &p, Some(&zero), None).is_empty());
    }

    #[test]
    fn pointer_variants_look_only_at_nil() {
        let c = Context::update();
        let root = Path::root();
        assert_single(
            &required_pointer::<i32>(&c, &root, None, Some(&1)),
            ErrorType::Required,
            "<nil>",
            "",
        );
        // A pointer to a zero value is set.
        assert!(required_pointer(&c, &root, Some(&0), None).is_empty());
        assert!(optional_pointer(&c, &root, Some(""), None).is_empty());
        assert_single(
            &forbidden_pointer(&c, &root, Some(""), None),
            ErrorType::Forbidden,
            "<nil>",
            "",
        );
        assert_single(
            &optional_pointer::<bool>(&c, &root, None, None),
            ErrorType::Required,
            "<nil>",
            OPTIONAL_NOT_SPECIFIED,
        );
    }

    #[test]
    fn slice_and_map_variants_use_emptiness() {
        let c = Context::create();
        let p = Path::new("spec");
        let l = p.child("list");
        let none: [i32; 0] = [];
        assert_single(
            &required_slice(&c, &l, &none, None),
            ErrorType::Required,
            "spec.list",
            "",
        );
        assert!(required_slice(&c, &l, &[0], None).is_empty());
        assert!(forbidden_slice(&c, &l, &none, None).is_empty());
        assert_single(
            &forbidden_slice(&c, &l, &[0], None),
            ErrorType::Forbidden,
            "spec.list",
            "",
        );
        assert_single(
            &optional_slice(&c, &l, &none, None),
            ErrorType::Required,
            "spec.list",
            OPTIONAL_NOT_SPECIFIED,
        );
        assert!(optional_slice(&c, &l, &[0], None).is_empty());

        let empty: BTreeMap<String, i32> = BTreeMap::new();
        let one = BTreeMap::from([(String::new(), 0)]);
        assert_single(
            &required_map(&c, &l, &empty, None),
            ErrorType::Required,
            "spec.list",
            "",
        );
        assert!(required_map(&c, &l, &one, None).is_empty());
        assert!(forbidden_map(&c, &l, &empty, None).is_empty());
        assert_single(
            &forbidden_map(&c, &l, &one, None),
            ErrorType::Forbidden,
            "spec.list",
            "",
        );
        assert_single(
            &optional_map(&c, &l, &empty, None),
            ErrorType::Required,
            "spec.list",
            OPTIONAL_NOT_SPECIFIED,
        );
        assert!(optional_map(&c, &l, &one, None).is_empty());
    }
}
