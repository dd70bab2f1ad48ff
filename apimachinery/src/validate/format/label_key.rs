//! `+k8s:format=k8s-label-key` (Kubernetes' `validate.LabelKey`).

use super::invalid_each_into;
use crate::content::is_label_key;
use crate::field::{ErrorList, Path};
use crate::operation::Context;

const ORIGIN: &str = "format=k8s-label-key";

list_form! {
    /// A label key: an optional DNS-subdomain prefix and `/`, then a name; the
    /// messages of [`is_label_key`].
    ///
    /// ```
    /// use apimachinery::{field::Path, operation::Context, validate::label_key};
    /// let p = Path::new("key");
    /// assert!(label_key(&Context::create(), &p, Some("example.com/App"), None).is_empty());
    /// let errs = label_key(&Context::create(), &p, Some("/a"), None);
    /// assert_eq!(errs[0].detail, "prefix part must be non-empty");
    /// assert_eq!(errs[0].origin, "format=k8s-label-key");
    /// ```
    label_key => label_key_into
}

/// [`label_key`] appending to `errs`; returns whether it appended any.
#[doc(hidden)]
#[inline]
pub fn label_key_into(
    _ctx: &Context,
    path: &Path<'_>,
    value: Option<&str>,
    _old: Option<&str>,
    errs: &mut ErrorList,
) -> bool {
    match value {
        Some(value) => invalid_each_into(path, value, is_label_key(value), ORIGIN, errs),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::format::tests::{invalid, run};

    const NAME_MSG: &str = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
    const PREFIX_MSG: &str = "prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

    #[test]
    fn valid() {
        let long_prefix = format!(
            "{}.{}.{}.{}/app",
            "a".repeat(63),
            "b".repeat(63),
            "c".repeat(63),
            "d".repeat(55)
        );
        for good in [
            "app",
            "app-name",
            "app.name",
            "app_name",
            "example.com/app",
            &long_prefix,
            &"a".repeat(63),
        ] {
            assert!(run(label_key, good).is_empty(), "{good:?}");
        }
    }

    #[test]
    fn invalid_values() {
        assert_eq!(
            run(label_key, ""),
            vec![
                invalid("", ORIGIN, "name part must be non-empty"),
                invalid("", ORIGIN, NAME_MSG)
            ]
        );
        for bad in ["-app", "app-", "app^"] {
            assert_eq!(run(label_key, bad), vec![invalid(bad, ORIGIN, NAME_MSG)]);
        }
        let long = "a".repeat(64);
        assert_eq!(
            run(label_key, &long),
            vec![invalid(
                &long,
                ORIGIN,
                "name part must be no more than 63 bytes"
            )]
        );
        let long_prefix = format!("{}/app", "a".repeat(254));
        assert_eq!(
            run(label_key, &long_prefix),
            vec![invalid(
                &long_prefix,
                ORIGIN,
                "prefix part must be no more than 253 bytes"
            )]
        );
        assert_eq!(
            run(label_key, "example-.com/app"),
            vec![invalid("example-.com/app", ORIGIN, PREFIX_MSG)]
        );
        assert_eq!(run(label_key, "a/b/c").len(), 1);
    }
}
