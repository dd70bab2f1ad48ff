//! `+k8s:format=k8s-prefixed-label-key` (Kubernetes' `validate.PrefixedLabelKey`).

use super::invalid_each_into;
use crate::content::is_prefixed_label_key;
use crate::field::{ErrorList, Path};
use crate::operation::Context;

const ORIGIN: &str = "format=k8s-prefixed-label-key";

list_form! {
    /// A label key that must have a prefix; the messages of
    /// [`is_prefixed_label_key`].
    ///
    /// ```
    /// use apimachinery::{field::Path, operation::Context, validate::prefixed_label_key};
    /// let p = Path::new("key");
    /// assert!(prefixed_label_key(&Context::create(), &p, Some("example.com/app"), None).is_empty());
    /// let errs = prefixed_label_key(&Context::create(), &p, Some("app"), None);
    /// assert_eq!(errs[0].detail, "must include a prefix (e.g. 'example.com/key')");
    /// assert_eq!(errs[0].origin, "format=k8s-prefixed-label-key");
    /// ```
    prefixed_label_key => prefixed_label_key_into
}

/// [`prefixed_label_key`] appending to `errs`; returns whether it appended any.
#[doc(hidden)]
#[inline]
pub fn prefixed_label_key_into(
    _ctx: &Context,
    path: &Path<'_>,
    value: Option<&str>,
    _old: Option<&str>,
    errs: &mut ErrorList,
) -> bool {
    match value {
        Some(value) => invalid_each_into(path, value, is_prefixed_label_key(value), ORIGIN, errs),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::format::tests::{invalid, run};

    const NO_PREFIX: &str = "must include a prefix (e.g. 'example.com/key')";

    #[test]
    fn valid() {
        assert!(run(prefixed_label_key, "example.com/app").is_empty());
        let long_prefix = format!(
            "{}.{}.{}.{}/app",
            "a".repeat(63),
            "b".repeat(63),
            "c".repeat(63),
            "d".repeat(55)
        );
        assert!(run(prefixed_label_key, &long_prefix).is_empty());
    }

    #[test]
    fn invalid_values() {
        for unprefixed in ["app", "app-name", "app.name", "app_name"] {
            assert_eq!(
                run(prefixed_label_key, unprefixed),
                vec![invalid(unprefixed, ORIGIN, NO_PREFIX)]
            );
        }
        // Label-key problems are reported instead of the missing prefix.
        let long = "a".repeat(64);
        assert_eq!(
            run(prefixed_label_key, &long),
            vec![invalid(
                &long,
                ORIGIN,
                "name part must be no more than 63 bytes"
            )]
        );
        for bad in ["", "-app", "app-", "app^", "example-.com/app", "/app"] {
            let got = run(prefixed_label_key, bad);
            assert!(!got.is_empty(), "{bad:?}");
            assert!(
                got.iter()
                    .all(|e| e.detail != NO_PREFIX && e.origin == ORIGIN)
            );
        }
    }
}
