//! Fixed results for generator tests (Kubernetes' `validate/testing.go`):
//! `+k8s:validateTrue`, `+k8s:validateFalse`, `+k8s:validateTrueAlpha` and
//! `+k8s:validateTrueBeta` all call [`fixed_result`] (the Alpha/Beta variants
//! with `result: true`, the generated code adding the lifecycle mark);
//! `+k8s:validateError` fails at generation time and calls nothing.

use super::{list_of, push_error};
use crate::field::{BadValue, Error, ErrorList, Path};
use crate::operation::Context;
use serde::Serialize;

/// `FixedResult`: nothing when `result` is true; otherwise Invalid (bad value
/// = the value as JSON, `null` for `None`, origin `validateFalse`, detail
/// `forced failure: <arg>`). Accepts any value shape.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::fixed_result};
/// let p = Path::new("name");
/// assert!(fixed_result(&Context::create(), &p, Some("x"), None::<&str>, true, "").is_empty());
/// let errs = fixed_result(&Context::create(), &p, Some("x"), None::<&str>, false, "field T.Name");
/// assert_eq!(errs[0].to_string(), r#"name: Invalid value: "x": forced failure: field T.Name"#);
/// assert_eq!(errs[0].origin, "validateFalse");
/// ```
pub fn fixed_result<V: Serialize, O>(
    _ctx: &Context,
    path: &Path<'_>,
    value: V,
    _old: O,
    result: bool,
    arg: &str,
) -> ErrorList {
    if result {
        return ErrorList::new();
    }
    list_of(|| forced_failure(path, &value, arg))
}

/// [`fixed_result`] appending to `errs`; returns whether it appended the
/// error.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context, validate};
/// let (p, mut errs) = (Path::new("name"), ErrorList::new());
/// assert!(!validate::fixed_result_into(&Context::create(), &p, "x", None::<&str>, true, "a", &mut errs));
/// assert!(validate::fixed_result_into(&Context::create(), &p, "x", None::<&str>, false, "a", &mut errs));
/// assert_eq!(errs, validate::fixed_result(&Context::create(), &p, "x", None::<&str>, false, "a"));
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn fixed_result_into<V: Serialize, O>(
    _ctx: &Context,
    path: &Path<'_>,
    value: V,
    _old: O,
    result: bool,
    arg: &str,
    errs: &mut ErrorList,
) -> bool {
    if result {
        return false;
    }
    push_error(errs, || forced_failure(path, &value, arg));
    true
}

/// The detail of a failing [`fixed_result`] for a tag's argument, as a
/// `&'static str` built at compile time (`forced failure: <arg>`), for
/// [`fixed_result_with_detail`].
///
/// ```
/// assert_eq!(apimachinery::validate::forced_failure_detail!("field T.Name"), "forced failure: field T.Name");
/// ```
#[doc(hidden)]
#[macro_export]
macro_rules! __forced_failure_detail {
    ($arg:literal) => {
        ::core::concat!("forced failure: ", $arg)
    };
}
pub use crate::__forced_failure_detail as forced_failure_detail;

/// [`fixed_result`] with its detail finished at compile time
/// ([`forced_failure_detail!`]): generated code passes it, so a failure
/// builds no text.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate};
/// let p = Path::new("name");
/// let d = validate::forced_failure_detail!("field T.Name");
/// let errs = validate::fixed_result_with_detail(&Context::create(), &p, Some("x"), None::<&str>, false, d);
/// assert_eq!(errs, validate::fixed_result(&Context::create(), &p, Some("x"), None::<&str>, false, "field T.Name"));
/// assert!(validate::fixed_result_with_detail(&Context::create(), &p, 1, None::<&i32>, true, d).is_empty());
/// ```
pub fn fixed_result_with_detail<V: Serialize, O>(
    _ctx: &Context,
    path: &Path<'_>,
    value: V,
    _old: O,
    result: bool,
    detail: &'static str,
) -> ErrorList {
    if result {
        return ErrorList::new();
    }
    list_of(|| forced_failure_finished(path, &value, detail))
}

/// [`fixed_result_with_detail`] appending to `errs`; returns whether it
/// appended the error.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context, validate};
/// let (p, mut errs) = (Path::new("name"), ErrorList::new());
/// let d = validate::forced_failure_detail!("a");
/// assert!(!validate::fixed_result_with_detail_into(&Context::create(), &p, "x", None::<&str>, true, d, &mut errs));
/// assert!(validate::fixed_result_with_detail_into(&Context::create(), &p, "x", None::<&str>, false, d, &mut errs));
/// assert_eq!(errs, validate::fixed_result(&Context::create(), &p, "x", None::<&str>, false, "a"));
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn fixed_result_with_detail_into<V: Serialize, O>(
    _ctx: &Context,
    path: &Path<'_>,
    value: V,
    _old: O,
    result: bool,
    detail: &'static str,
    errs: &mut ErrorList,
) -> bool {
    if result {
        return false;
    }
    push_error(errs, || forced_failure_finished(path, &value, detail));
    true
}

#[inline(always)]
fn forced_failure_finished<V: Serialize>(
    path: &Path<'_>,
    value: &V,
    detail: &'static str,
) -> Error {
    Error::invalid(path, BadValue::of(value), detail).with_origin("validateFalse")
}

#[inline(always)]
fn forced_failure<V: Serialize>(path: &Path<'_>, value: &V, arg: &str) -> Error {
    // The detail in one string of its size: no formatting machinery.
    const LEAD: &str = "forced failure: ";
    let mut detail = String::with_capacity(LEAD.len() + arg.len());
    detail.push_str(LEAD);
    detail.push_str(arg);
    Error::invalid(path, BadValue::of(value), detail).with_origin("validateFalse")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::ErrorType;
    use std::collections::BTreeMap;

    #[test]
    fn false_fails_with_the_value_true_passes() {
        let c = Context::update();
        let spec = Path::new("spec");
        let p = spec.child("f");
        let errs = fixed_result(&c, &p, Some(&5i32), Some(&5i32), false, "");
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].error_type, ErrorType::Invalid);
        assert_eq!(errs[0].field, "spec.f");
        assert_eq!(errs[0].origin, "validateFalse");
        assert_eq!(errs[0].detail, "forced failure: ");
        assert_eq!(errs[0].bad_value, BadValue::from(5));
        let errs = fixed_result(&c, &p, None::<&i32>, None::<&i32>, false, "x");
        assert_eq!(errs[0].bad_value.render(), "null");
        let list: &[&str] = &["a", "b"];
        let errs = fixed_result(&c, &p, list, None::<&[&str]>, false, "list");
        assert_eq!(errs[0].bad_value.render(), r#"["a","b"]"#);
        let map = BTreeMap::from([("k", 1)]);
        let errs = fixed_result(&c, &p, &map, Some(&map), false, "map");
        assert_eq!(
            errs[0].to_string(),
            r#"spec.f: Invalid value: {"k":1}: forced failure: map"#
        );
        assert!(fixed_result(&c, &p, list, None::<&[&str]>, true, "list").is_empty());
    }
}
