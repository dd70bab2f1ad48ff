//! `+k8s:format=k8s-extended-resource-name` (Kubernetes' `validate.ExtendedResourceName`).

use crate::content::is_label_key;
use crate::field::{Error, ErrorList, Path};
use crate::operation::Context;

const ORIGIN: &str = "format=k8s-extended-resource-name";
const QUOTA_PREFIX: &str = "requests.";
const DEFAULT_NAMESPACE_PREFIX: &str = "kubernetes.io/";

/// An extended resource name: domain-prefixed (contains `/`), not in the
/// `kubernetes.io/` domain, not starting with `requests.`, and a valid label
/// key once `requests.` is prepended (as quota does).
///
/// Every error is `Invalid` with the whole string as bad value and origin
/// `format=k8s-extended-resource-name`, in this order: `a name must be a
/// domain-prefixed path, such as 'example.com/my-prop'` (no `/`) or `must
/// not have "kubernetes.io/" domain` (contains it anywhere); `must not have
/// "requests." prefix`; then the label-key messages of `requests.<value>`.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::extended_resource_name};
/// let p = Path::new("name");
/// assert!(extended_resource_name(&Context::create(), &p, Some("example.com/gpu"), None).is_empty());
/// let errs = extended_resource_name(&Context::create(), &p, Some("kubernetes.io/gpu"), None);
/// assert_eq!(errs[0].detail, r#"must not have "kubernetes.io/" domain"#);
/// ```
pub fn extended_resource_name(
    _ctx: &Context,
    path: &Path<'_>,
    value: Option<&str>,
    _old: Option<&str>,
) -> ErrorList {
    let Some(value) = value else {
        return ErrorList::new();
    };
    let mut errs = ErrorList::new();
    if !value.contains('/') {
        errs.push(Error::invalid(
            path,
            value,
            "a name must be a domain-prefixed path, such as 'example.com/my-prop'",
        ));
    } else if value.contains(DEFAULT_NAMESPACE_PREFIX) {
        errs.push(Error::invalid(
            path,
            value,
            format!("must not have \"{DEFAULT_NAMESPACE_PREFIX}\" domain"),
        ));
    }
    if value.starts_with(QUOTA_PREFIX) {
        errs.push(Error::invalid(
            path,
            value,
            format!("must not have \"{QUOTA_PREFIX}\" prefix"),
        ));
    }
    let quota_errs = with_quota_prefix(value, is_label_key);
    errs.extend(
        quota_errs
            .into_iter()
            .map(|msg| Error::invalid(path, value, msg)),
    );
    errs.with_origin(ORIGIN)
}

sink_form!(extended_resource_name => extended_resource_name_into);

/// Calls `check` on `requests.<value>`, built on the stack when it is short
/// enough (the valid path then allocates nothing).
fn with_quota_prefix(value: &str, check: fn(&str) -> Vec<String>) -> Vec<String> {
    let mut buf = [0u8; 320];
    let total = QUOTA_PREFIX.len() + value.len();
    if total <= buf.len() {
        buf[..QUOTA_PREFIX.len()].copy_from_slice(QUOTA_PREFIX.as_bytes());
        buf[QUOTA_PREFIX.len()..total].copy_from_slice(value.as_bytes());
        if let Ok(joined) = std::str::from_utf8(&buf[..total]) {
            return check(joined);
        }
    }
    check(&format!("{QUOTA_PREFIX}{value}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::format::tests::{invalid, run};

    const NO_DOMAIN: &str = "a name must be a domain-prefixed path, such as 'example.com/my-prop'";
    const NAME_MSG: &str = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
    const PREFIX_MSG: &str = "prefix part a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

    #[test]
    fn valid() {
        for good in [
            "example-kub.io/foo",
            "example.com/gpu",
            "example.com/My_Gpu.1",
            &format!("example.com/{}", "a".repeat(63)),
        ] {
            assert!(run(extended_resource_name, good).is_empty(), "{good:?}");
        }
    }

    #[test]
    fn no_domain() {
        let long = "a".repeat(64);
        // "requests." + 64 bytes is a 73-byte unprefixed label-key name.
        assert_eq!(
            run(extended_resource_name, &long),
            vec![
                invalid(&long, ORIGIN, NO_DOMAIN),
                invalid(&long, ORIGIN, "name part must be no more than 63 bytes")
            ]
        );
        assert_eq!(
            run(extended_resource_name, ""),
            vec![
                invalid("", ORIGIN, NO_DOMAIN),
                invalid("", ORIGIN, NAME_MSG)
            ]
        );
        assert_eq!(
            run(extended_resource_name, "foo"),
            vec![invalid("foo", ORIGIN, NO_DOMAIN)]
        );
    }

    #[test]
    fn slash_only() {
        assert_eq!(
            run(extended_resource_name, "/"),
            vec![
                invalid("/", ORIGIN, PREFIX_MSG),
                invalid("/", ORIGIN, "name part must be non-empty"),
                invalid("/", ORIGIN, NAME_MSG)
            ]
        );
    }

    #[test]
    fn reserved_domain_and_prefix() {
        for bad in ["something.kubernetes.io/foo", "kubernetes.io/foo"] {
            assert_eq!(
                run(extended_resource_name, bad),
                vec![invalid(
                    bad,
                    ORIGIN,
                    r#"must not have "kubernetes.io/" domain"#
                )]
            );
        }
        assert_eq!(
            run(extended_resource_name, "requests.example.com/foo"),
            vec![invalid(
                "requests.example.com/foo",
                ORIGIN,
                r#"must not have "requests." prefix"#
            )]
        );
        // No slash and the prefix: both messages.
        assert_eq!(
            run(extended_resource_name, "requests.foo"),
            vec![
                invalid("requests.foo", ORIGIN, NO_DOMAIN),
                invalid(
                    "requests.foo",
                    ORIGIN,
                    r#"must not have "requests." prefix"#
                )
            ]
        );
    }

    #[test]
    fn name_too_long() {
        let bad = format!("example.com/{}", "a".repeat(64));
        assert_eq!(
            run(extended_resource_name, &bad),
            vec![invalid(
                &bad,
                ORIGIN,
                "name part must be no more than 63 bytes"
            )]
        );
    }

    #[test]
    fn long_values_take_the_heap_path_with_the_same_result() {
        let prefix = format!("{}.com", "a".repeat(320));
        let bad = format!("{prefix}/x");
        assert_eq!(
            run(extended_resource_name, &bad),
            vec![invalid(
                &bad,
                ORIGIN,
                "prefix part must be no more than 253 bytes"
            )]
        );
        assert_eq!(
            with_quota_prefix(&"x".repeat(400), is_label_key),
            is_label_key(&format!("requests.{}", "x".repeat(400)))
        );
    }
}
