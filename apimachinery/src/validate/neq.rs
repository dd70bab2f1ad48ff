//! Disallowed values (Kubernetes' `validate/equality.go`): `+k8s:neq`.

use super::{list_of, push_first_sized};
use crate::field::{BadValue, Error, ErrorList, ErrorSite, Path, go_quote, go_quote_into};
use crate::operation::Context;

/// A value `+k8s:neq` can compare: strings, integers and booleans (the
/// payload types Kubernetes' tag accepts).
///
/// ```
/// use apimachinery::validate::NeqOperand;
/// assert_eq!("x".describe(), "\"x\"");
/// assert_eq!(5u8.describe(), "5");
/// assert_eq!(false.describe(), "false");
/// ```
pub trait NeqOperand: PartialEq {
    /// The value as the error's bad value.
    ///
    /// ```
    /// use apimachinery::{field::BadValue, validate::NeqOperand};
    /// assert_eq!(3i32.bad_value(), BadValue::from(3));
    /// ```
    fn bad_value(&self) -> BadValue;

    /// The value as the detail prints it: strings Go-quoted (`%q`), others as `%v`.
    ///
    /// ```
    /// use apimachinery::validate::NeqOperand;
    /// assert_eq!(String::from("a\"b").describe(), r#""a\"b""#);
    /// ```
    fn describe(&self) -> String;

    /// [`NeqOperand::describe`] appended to `out` (no string of its own).
    ///
    /// ```
    /// use apimachinery::validate::NeqOperand;
    /// let mut out = String::from("is ");
    /// "a\"b".describe_into(&mut out);
    /// 7u8.describe_into(&mut out);
    /// assert_eq!(out, r#"is "a\"b"7"#);
    /// ```
    fn describe_into(&self, out: &mut String) {
        out.push_str(&self.describe());
    }
}

impl NeqOperand for str {
    fn bad_value(&self) -> BadValue {
        BadValue::from(self)
    }
    fn describe(&self) -> String {
        go_quote(self)
    }
    fn describe_into(&self, out: &mut String) {
        go_quote_into(self, out);
    }
}

impl NeqOperand for String {
    fn bad_value(&self) -> BadValue {
        BadValue::from(self.as_str())
    }
    fn describe(&self) -> String {
        go_quote(self)
    }
    fn describe_into(&self, out: &mut String) {
        go_quote_into(self, out);
    }
}

macro_rules! neq_operand_display {
    ($($t:ty),*) => {$(
        impl NeqOperand for $t {
            fn bad_value(&self) -> BadValue {
                BadValue::from(*self)
            }
            fn describe(&self) -> String {
                self.to_string()
            }
            fn describe_into(&self, out: &mut String) {
                use ::core::fmt::Write as _;
                // Writing to a `String` cannot fail.
                let _ = write!(out, "{self}");
            }
        }
    )*};
}
neq_operand_display!(bool, i8, i16, i32, i64, isize, u8, u16, u32, u64, usize);

/// `NEQ`: Invalid (bad value = the value, origin `neq`, detail
/// `must not be equal to <disallowed>`) when the value equals `disallowed`.
/// `None` passes.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::neq};
/// let p = Path::new("name");
/// let errs = neq(&Context::create(), &p, Some("default"), None, "default");
/// assert_eq!(errs[0].to_string(), r#"name: Invalid value: "default": must not be equal to "default""#);
/// assert_eq!(errs[0].origin, "neq");
/// assert!(neq(&Context::create(), &p, Some(&1i32), None, &0).is_empty());
/// assert_eq!(neq(&Context::create(), &p, Some(&0i32), None, &0)[0].detail, "must not be equal to 0");
/// ```
#[inline]
pub fn neq<T: ?Sized + NeqOperand>(
    _ctx: &Context,
    path: &Path<'_>,
    value: Option<&T>,
    _old: Option<&T>,
    disallowed: &T,
) -> ErrorList {
    match value {
        Some(v) if v == disallowed => list_of(|| equal_to_disallowed(path, v, disallowed)),
        _ => ErrorList::new(),
    }
}

/// [`neq`] appending to `errs` at `path` (an [`ErrorSite`]); returns whether
/// the check failed.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context, validate};
/// let (p, mut errs) = (Path::new("s"), ErrorList::new());
/// assert!(!validate::neq_into(&Context::create(), &p, Some("b"), None, "a", &mut errs));
/// assert!(validate::neq_into(&Context::create(), &p, Some("a"), None, "a", &mut errs));
/// assert_eq!(errs, validate::neq(&Context::create(), &p, Some("a"), None, "a"));
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn neq_into<T: ?Sized + NeqOperand>(
    _ctx: &Context,
    path: impl ErrorSite,
    value: Option<&T>,
    _old: Option<&T>,
    disallowed: &T,
    errs: &mut ErrorList,
) -> bool {
    match value {
        Some(v) if v == disallowed => {
            path.report(|p| push_neq_error(errs, p, v, disallowed, None));
            true
        }
        _ => false,
    }
}

/// [`neq`] with its detail finished at compile time: `detail` is
/// `must not be equal to <disallowed>` as [`neq`] writes it (generated code
/// passes it when the derive can render the disallowed value itself), so
/// the error builds no text. Debug builds check the detail.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate};
/// let p = Path::new("name");
/// let d = r#"must not be equal to "default""#;
/// let errs = validate::neq_with_detail(&Context::create(), &p, Some("default"), None, "default", d);
/// assert_eq!(errs, validate::neq(&Context::create(), &p, Some("default"), None, "default"));
/// assert!(validate::neq_with_detail(&Context::create(), &p, Some(&1), None, &0, "must not be equal to 0").is_empty());
/// ```
#[inline]
pub fn neq_with_detail<T: ?Sized + NeqOperand>(
    ctx: &Context,
    path: &Path<'_>,
    value: Option<&T>,
    old: Option<&T>,
    disallowed: &T,
    detail: &'static str,
) -> ErrorList {
    let mut errs = ErrorList::new();
    neq_with_detail_into(ctx, path, value, old, disallowed, detail, &mut errs);
    errs
}

/// [`neq_with_detail`] appending to `errs` at `path` (an [`ErrorSite`]);
/// returns whether the check failed.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context, validate};
/// let (p, mut errs) = (Path::new("n"), ErrorList::new());
/// assert!(!validate::neq_with_detail_into(&Context::create(), &p, Some(&4), None, &5, "must not be equal to 5", &mut errs));
/// assert!(validate::neq_with_detail_into(&Context::create(), &p, Some(&5), None, &5, "must not be equal to 5", &mut errs));
/// assert_eq!(errs, validate::neq(&Context::create(), &p, Some(&5), None, &5));
/// ```
#[doc(hidden)]
#[inline(always)]
pub fn neq_with_detail_into<T: ?Sized + NeqOperand>(
    _ctx: &Context,
    path: impl ErrorSite,
    value: Option<&T>,
    _old: Option<&T>,
    disallowed: &T,
    detail: &'static str,
    errs: &mut ErrorList,
) -> bool {
    match value {
        Some(v) if v == disallowed => {
            path.report(|p| push_neq_error(errs, p, v, disallowed, Some(detail)));
            true
        }
        _ => false,
    }
}

/// The error of [`neq_into`] (`detail: None`) or [`neq_with_detail_into`],
/// pushed out of line. The pieces are arguments, which travel in registers
/// or as single words: a closure's captures would be written to the
/// caller's stack and read back in wider loads, which stall (see
/// `limits::push_bound_error`).
#[cold]
#[inline(never)]
fn push_neq_error<T: ?Sized + NeqOperand>(
    errs: &mut ErrorList,
    path: &Path<'_>,
    v: &T,
    disallowed: &T,
    detail: Option<&'static str>,
) {
    let e = match detail {
        Some(detail) => equal_to_disallowed_finished(path, v, disallowed, detail),
        None => equal_to_disallowed(path, v, disallowed),
    };
    push_first_sized(errs, e);
}

#[inline(always)]
fn equal_to_disallowed_finished<T: ?Sized + NeqOperand>(
    path: &Path<'_>,
    v: &T,
    disallowed: &T,
    detail: &'static str,
) -> Error {
    debug_assert_eq!(
        detail.strip_prefix("must not be equal to "),
        Some(disallowed.describe().as_str()),
        "a finished neq detail must be the one neq writes"
    );
    Error::invalid(path, v.bad_value(), detail).with_origin("neq")
}

#[inline(always)]
fn equal_to_disallowed<T: ?Sized + NeqOperand>(path: &Path<'_>, v: &T, disallowed: &T) -> Error {
    // The detail in one string: no formatting machinery, no second string
    // for the described value.
    const LEAD: &str = "must not be equal to ";
    let mut detail = String::with_capacity(LEAD.len() + 24);
    detail.push_str(LEAD);
    disallowed.describe_into(&mut detail);
    Error::invalid(path, v.bad_value(), detail).with_origin("neq")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::ErrorType;

    #[test]
    fn describe_into_appends_what_describe_gives() {
        fn check<T: ?Sized + NeqOperand>(v: &T) {
            let mut out = String::from("x");
            v.describe_into(&mut out);
            assert_eq!(out, format!("x{}", v.describe()));
        }
        for s in ["", "a", "a\"b\n", "é\u{7f}"] {
            check(s);
            check(&s.to_string());
        }
        check(&true);
        check(&-128i8);
        check(&i64::MIN);
        check(&u64::MAX);
        check(&0usize);
    }

    #[test]
    fn strings_are_quoted() {
        let c = Context::create();
        let p = Path::new("spec");
        let f = p.child("s");
        assert!(neq(&c, &f, Some("b"), None, "a").is_empty());
        assert!(neq(&c, &f, Some("A"), None, "a").is_empty());
        assert!(neq::<str>(&c, &f, None, None, "a").is_empty());
        let errs = neq(&c, &f, Some("é\n"), None, "é\n");
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].error_type, ErrorType::Invalid);
        assert_eq!(errs[0].field, "spec.s");
        assert_eq!(errs[0].origin, "neq");
        assert_eq!(errs[0].bad_value, BadValue::from("é\n"));
        assert_eq!(errs[0].detail, "must not be equal to \"é\\n\"");
        // The empty string may be the disallowed value.
        assert_eq!(
            neq(&c, &f, Some(""), None, "")[0].detail,
            r#"must not be equal to """#
        );
        let owned = String::from("x");
        assert_eq!(neq(&c, &f, Some(&owned), None, &owned).len(), 1);
    }

    #[test]
    fn integers_and_bools_print_plainly() {
        let c = Context::update();
        let p = Path::new("n");
        let errs = neq(&c, &p, Some(&-5i64), Some(&1), &-5);
        assert_eq!(errs[0].detail, "must not be equal to -5");
        assert_eq!(errs[0].bad_value, BadValue::from(-5));
        assert!(neq(&c, &p, Some(&-4i64), None, &-5).is_empty());
        let errs = neq(&c, &p, Some(&true), None, &true);
        assert_eq!(
            errs[0].to_string(),
            "n: Invalid value: true: must not be equal to true"
        );
        assert!(neq(&c, &p, Some(&false), None, &true).is_empty());
    }
}
