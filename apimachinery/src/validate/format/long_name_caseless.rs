//! `+k8s:format=k8s-long-name-caseless` (Kubernetes' `validate.LongNameCaseless`).

use super::invalid_each_into;
use crate::content::is_dns1123_subdomain_caseless;
use crate::field::{ErrorList, Path};
use crate::operation::Context;

const ORIGIN: &str = "format=k8s-long-name-caseless";

list_form! {
    /// A deprecated caseless "long name": a DNS-1123 subdomain that may hold
    /// upper case letters; the messages of [`is_dns1123_subdomain_caseless`].
    ///
    /// ```
    /// use apimachinery::{field::Path, operation::Context, validate::long_name_caseless};
    /// let p = Path::new("driver");
    /// assert!(long_name_caseless(&Context::create(), &p, Some("Example.COM"), None).is_empty());
    /// let errs = long_name_caseless(&Context::create(), &p, Some("A_b"), None);
    /// assert_eq!(errs[0].origin, "format=k8s-long-name-caseless");
    /// ```
    long_name_caseless => long_name_caseless_into
}

/// [`long_name_caseless`] appending to `errs`; returns whether it appended any.
#[doc(hidden)]
#[inline]
pub fn long_name_caseless_into(
    _ctx: &Context,
    path: &Path<'_>,
    value: Option<&str>,
    _old: Option<&str>,
    errs: &mut ErrorList,
) -> bool {
    match value {
        Some(value) => invalid_each_into(
            path,
            value,
            is_dns1123_subdomain_caseless(value),
            ORIGIN,
            errs,
        ),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::format::tests::{invalid, run};

    const MSG: &str = "an RFC 1123 subdomain must consist of alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'Example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

    #[test]
    fn valid() {
        for good in ["A.b.C", "a.b.c", "EXAMPLE.COM", &"A".repeat(253)] {
            assert!(run(long_name_caseless, good).is_empty(), "{good:?}");
        }
    }

    #[test]
    fn invalid_values() {
        for bad in ["", "-A.b.C", "A.b.C-", "A_b.C", "A..b", "é"] {
            assert_eq!(
                run(long_name_caseless, bad),
                vec![invalid(bad, ORIGIN, MSG)],
                "{bad:?}"
            );
        }
        let long = "a".repeat(254);
        assert_eq!(
            run(long_name_caseless, &long),
            vec![invalid(&long, ORIGIN, "must be no more than 253 bytes")]
        );
    }
}
