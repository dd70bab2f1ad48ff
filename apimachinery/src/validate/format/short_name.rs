//! `+k8s:format=k8s-short-name` (Kubernetes' `validate.ShortName`).

use super::invalid_each_into;
use crate::content::is_dns1123_label;
use crate::field::{ErrorList, Path};
use crate::operation::Context;

const ORIGIN: &str = "format=k8s-short-name";

list_form! {
    /// A "short name" (DNS-1123 label): at most 63 bytes of lowercase
    /// alphanumerics and `-`, starting and ending with an alphanumeric; the
    /// messages of [`is_dns1123_label`].
    ///
    /// ```
    /// use apimachinery::{field::Path, operation::Context, validate::short_name};
    /// let p = Path::new("name");
    /// assert!(short_name(&Context::create(), &p, Some("web-0"), None).is_empty());
    /// let errs = short_name(&Context::create(), &p, Some("Web"), None);
    /// assert_eq!(errs[0].origin, "format=k8s-short-name");
    /// assert!(errs[0].detail.starts_with("a lowercase RFC 1123 label"));
    /// ```
    short_name => short_name_into
}

/// [`short_name`] appending to `errs`; returns whether it appended any.
#[doc(hidden)]
#[inline]
pub fn short_name_into(
    _ctx: &Context,
    path: &Path<'_>,
    value: Option<&str>,
    _old: Option<&str>,
    errs: &mut ErrorList,
) -> bool {
    match value {
        Some(value) => invalid_each_into(path, value, is_dns1123_label(value), ORIGIN, errs),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::format::tests::{invalid, run};

    const MSG: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";

    #[test]
    fn valid() {
        for good in ["abc-123", "a", "0", &"a".repeat(63)] {
            assert!(run(short_name, good).is_empty(), "{good:?}");
        }
        assert!(short_name(&Context::create(), &Path::root(), None, None).is_empty());
    }

    #[test]
    fn invalid_values() {
        for bad in ["", "-abc-123", "abc-123-", "ABC-123", "abc_123", "é"] {
            assert_eq!(
                run(short_name, bad),
                vec![invalid(bad, ORIGIN, MSG)],
                "{bad:?}"
            );
        }
        let long = "0".repeat(64);
        assert_eq!(
            run(short_name, &long),
            vec![invalid(&long, ORIGIN, "must be no more than 63 bytes")]
        );
        assert_eq!(
            run(short_name, "a.b"),
            vec![invalid("a.b", ORIGIN, "must not contain dots")]
        );
        let long_dash = format!("{}-", "a".repeat(63));
        assert_eq!(
            run(short_name, &long_dash),
            vec![
                invalid(&long_dash, ORIGIN, "must be no more than 63 bytes"),
                invalid(&long_dash, ORIGIN, MSG)
            ]
        );
    }
}
