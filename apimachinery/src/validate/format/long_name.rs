//! `+k8s:format=k8s-long-name` (Kubernetes' `validate.LongName`).

use super::invalid_each_into;
use crate::content::is_dns1123_subdomain;
use crate::field::{ErrorList, Path};
use crate::operation::Context;

const ORIGIN: &str = "format=k8s-long-name";

list_form! {
    /// A "long name" (DNS-1123 subdomain): at most 253 bytes of dot-separated
    /// lowercase labels; the messages of [`is_dns1123_subdomain`].
    ///
    /// ```
    /// use apimachinery::{field::Path, operation::Context, validate::long_name};
    /// let p = Path::new("name");
    /// assert!(long_name(&Context::create(), &p, Some("a.b.c"), None).is_empty());
    /// let errs = long_name(&Context::create(), &p, Some(&"a".repeat(254)), None);
    /// assert_eq!(errs[0].detail, "must be no more than 253 bytes");
    /// assert_eq!(errs[0].origin, "format=k8s-long-name");
    /// ```
    long_name => long_name_into
}

/// [`long_name`] appending to `errs`; returns whether it appended any.
#[doc(hidden)]
#[inline]
pub fn long_name_into(
    _ctx: &Context,
    path: &Path<'_>,
    value: Option<&str>,
    _old: Option<&str>,
    errs: &mut ErrorList,
) -> bool {
    match value {
        Some(value) => invalid_each_into(path, value, is_dns1123_subdomain(value), ORIGIN, errs),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::format::tests::{invalid, run};

    const MSG: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

    #[test]
    fn valid() {
        for good in ["a.b.c", "a", "a-b.c-d", &"a".repeat(253)] {
            assert!(run(long_name, good).is_empty(), "{good:?}");
        }
        assert!(long_name(&Context::update(), &Path::root(), None, Some("x")).is_empty());
    }

    #[test]
    fn invalid_values() {
        for bad in [
            "", "-a.b.c", "a.b.c-", "A.b.c", "a_b.c", "a..b", ".a", "a.", "é.com",
        ] {
            assert_eq!(
                run(long_name, bad),
                vec![invalid(bad, ORIGIN, MSG)],
                "{bad:?}"
            );
        }
        let long = "a".repeat(254);
        assert_eq!(
            run(long_name, &long),
            vec![invalid(&long, ORIGIN, "must be no more than 253 bytes")]
        );
        let long_upper = "A".repeat(254);
        assert_eq!(
            run(long_name, &long_upper),
            vec![
                invalid(&long_upper, ORIGIN, "must be no more than 253 bytes"),
                invalid(&long_upper, ORIGIN, MSG)
            ]
        );
    }
}
