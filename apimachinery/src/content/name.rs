//! Object-name validators (Kubernetes' `ValidateNameFunc`s from
//! `k8s.io/apimachinery/pkg/api/validation` and `.../validation/path`), as
//! `ObjectMeta` validation calls them for `metadata.name` (`prefix == false`)
//! and `metadata.generateName` (`prefix == true`).
//!
//! With `prefix`, a trailing `-` is allowed because a random suffix will be
//! appended. Kubernetes implements that by masking the name (see
//! [`mask_trailing_dash`]). These use the `util/validation` checks, whose
//! length message says `characters`.

use super::path_segment::{is_path_segment_name, is_path_segment_prefix};
use super::util_validation::{is_dns1035_label, is_dns1123_label, is_dns1123_subdomain};
use std::borrow::Cow;

/// The shape of a name validator (Go's `ValidateNameFunc`): the messages for
/// `name`, empty when valid; `prefix` is true when a suffix will be appended.
///
/// ```
/// use apimachinery::content::{ValidateNameFn, name_is_dns_label};
/// let f: ValidateNameFn = name_is_dns_label;
/// assert!(f("web-", true).is_empty());
/// ```
pub type ValidateNameFn = fn(name: &str, prefix: bool) -> Vec<String>;

/// Kubernetes' `maskTrailingDash`: when `name` is longer than one byte and
/// ends with `-`, the last **two** bytes are replaced by a single `a` (so the
/// masked name is one byte shorter; this is Kubernetes' behaviour and it
/// decides where the length limit falls for `generateName`).
///
/// Go slices bytes, so it may cut a multi-byte character in two; the masked
/// name then holds a stray byte that no name expression accepts. Rust strings
/// cannot hold a stray byte, so it is replaced by `_`, which no name
/// expression accepts either and which keeps the length in bytes.
///
/// ```
/// use apimachinery::content::mask_trailing_dash;
/// assert_eq!(mask_trailing_dash("abc-"), "aba");
/// assert_eq!(mask_trailing_dash("-"), "-");
/// assert_eq!(mask_trailing_dash("ab"), "ab");
/// ```
pub fn mask_trailing_dash(name: &str) -> Cow<'_, str> {
    if name.len() <= 1 || !name.ends_with('-') {
        return Cow::Borrowed(name);
    }
    let keep = name.len() - 2;
    let mut boundary = keep;
    while !name.is_char_boundary(boundary) {
        boundary -= 1;
    }
    let mut masked = String::with_capacity(keep + 1);
    masked.push_str(&name[..boundary]);
    masked.extend(std::iter::repeat_n('_', keep - boundary));
    masked.push('a');
    Cow::Owned(masked)
}

fn masked(name: &str, prefix: bool) -> Cow<'_, str> {
    if prefix {
        mask_trailing_dash(name)
    } else {
        Cow::Borrowed(name)
    }
}

/// Kubernetes' `NameIsDNSSubdomain`: the name must be a DNS-1123 subdomain.
///
/// ```
/// use apimachinery::content::name_is_dns_subdomain;
/// assert!(name_is_dns_subdomain("my.app", false).is_empty());
/// assert!(name_is_dns_subdomain("my.app-", true).is_empty());
/// assert_eq!(name_is_dns_subdomain("my.app-", false).len(), 1);
/// ```
pub fn name_is_dns_subdomain(name: &str, prefix: bool) -> Vec<String> {
    is_dns1123_subdomain(&masked(name, prefix))
}

/// Kubernetes' `NameIsDNSLabel`: the name must be a DNS-1123 label.
///
/// ```
/// use apimachinery::content::name_is_dns_label;
/// assert!(name_is_dns_label("web-0", false).is_empty());
/// assert_eq!(name_is_dns_label("a.b", false), vec!["must not contain dots"]);
/// ```
pub fn name_is_dns_label(name: &str, prefix: bool) -> Vec<String> {
    is_dns1123_label(&masked(name, prefix))
}

/// Kubernetes' `NameIsDNS1035Label`: the name must be a DNS-1035 label.
///
/// ```
/// use apimachinery::content::name_is_dns1035_label;
/// assert!(name_is_dns1035_label("svc-", true).is_empty());
/// assert_eq!(name_is_dns1035_label("1svc", false).len(), 1);
/// ```
pub fn name_is_dns1035_label(name: &str, prefix: bool) -> Vec<String> {
    is_dns1035_label(&masked(name, prefix))
}

/// Kubernetes' `ValidateNamespaceName` (the same function as [`name_is_dns_label`]).
///
/// ```
/// use apimachinery::content::validate_namespace_name;
/// assert!(validate_namespace_name("kube-system", false).is_empty());
/// ```
pub fn validate_namespace_name(name: &str, prefix: bool) -> Vec<String> {
    name_is_dns_label(name, prefix)
}

/// Kubernetes' `ValidateServiceAccountName` (the same function as [`name_is_dns_subdomain`]).
///
/// ```
/// use apimachinery::content::validate_service_account_name;
/// assert!(validate_service_account_name("default", false).is_empty());
/// ```
pub fn validate_service_account_name(name: &str, prefix: bool) -> Vec<String> {
    name_is_dns_subdomain(name, prefix)
}

/// Kubernetes' `path.ValidatePathSegmentName`: with `prefix` only `/` and `%`
/// are refused, otherwise `.` and `..` too.
///
/// ```
/// use apimachinery::content::validate_path_segment_name;
/// assert!(validate_path_segment_name("..", true).is_empty());
/// assert_eq!(validate_path_segment_name("..", false), vec!["may not be '..'"]);
/// ```
pub fn validate_path_segment_name(name: &str, prefix: bool) -> Vec<String> {
    if prefix {
        is_path_segment_prefix(name)
    } else {
        is_path_segment_name(name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::dns::tests::{LABEL_REGEX_MSG, SUBDOMAIN_REGEX_MSG};

    #[test]
    fn masking() {
        assert_eq!(mask_trailing_dash(""), "");
        assert_eq!(mask_trailing_dash("-"), "-");
        assert_eq!(mask_trailing_dash("a-"), "a");
        assert_eq!(mask_trailing_dash("--"), "a");
        assert_eq!(mask_trailing_dash("ab-"), "aa");
        assert_eq!(mask_trailing_dash("a-b"), "a-b");
        assert!(matches!(mask_trailing_dash("abc"), Cow::Borrowed(_)));
        // A two-byte character before the dash: one stray byte kept as '_'.
        assert_eq!(mask_trailing_dash("xé-"), "x_a");
        assert_eq!(mask_trailing_dash("xé-").len(), "xé-".len() - 1);
        // A three-byte character: two stray bytes.
        assert_eq!(mask_trailing_dash("x€-"), "x__a");
    }

    #[test]
    fn generate_name_allows_trailing_dash() {
        assert!(name_is_dns_subdomain("abc-", true).is_empty());
        assert_eq!(
            name_is_dns_subdomain("abc-", false),
            vec![SUBDOMAIN_REGEX_MSG]
        );
        assert!(name_is_dns_label("abc-", true).is_empty());
        assert_eq!(name_is_dns_label("abc-", false), vec![LABEL_REGEX_MSG]);
        assert!(name_is_dns1035_label("abc-", true).is_empty());
        assert_eq!(name_is_dns1035_label("abc-", false).len(), 1);
        // A lone dash is not masked.
        assert_eq!(name_is_dns_label("-", true), vec![LABEL_REGEX_MSG]);
        // Masking replaces the character before the dash, even an invalid one.
        assert!(name_is_dns_label("a_-", true).is_empty());
        assert!(name_is_dns_label("a.-", true).is_empty());
        assert!(name_is_dns_subdomain("a.-", true).is_empty());
        assert_eq!(name_is_dns_label("aé-", true), vec![LABEL_REGEX_MSG]);
        // A leading dash is still refused.
        assert_eq!(name_is_dns_label("-a-", true), vec![LABEL_REGEX_MSG]);
        assert_eq!(name_is_dns1035_label("1a-", true).len(), 1);
    }

    #[test]
    fn generate_name_length_limit_is_one_byte_longer() {
        // 64 bytes ending in '-' mask to 63 bytes: valid.
        let name = format!("{}-", "a".repeat(63));
        assert!(name_is_dns_label(&name, true).is_empty());
        assert_eq!(
            name_is_dns_label(&name, false),
            vec!["must be no more than 63 characters", LABEL_REGEX_MSG]
        );
        let name = format!("{}-", "a".repeat(64));
        assert_eq!(
            name_is_dns_label(&name, true),
            vec!["must be no more than 63 characters"]
        );
        let name = format!("{}-", "a".repeat(253));
        assert!(name_is_dns_subdomain(&name, true).is_empty());
        let name = format!("{}-", "a".repeat(254));
        assert_eq!(
            name_is_dns_subdomain(&name, true),
            vec!["must be no more than 253 characters"]
        );
        // 62 bytes then a two-byte character and a dash: 65 bytes, masked to 64.
        let name = format!("{}é-", "a".repeat(62));
        assert_eq!(
            name_is_dns_label(&name, true),
            vec!["must be no more than 63 characters", LABEL_REGEX_MSG]
        );
        // 61 + 2 + 1 = 64 bytes, masked to 63.
        let name = format!("{}é-", "a".repeat(61));
        assert_eq!(name_is_dns_label(&name, true), vec![LABEL_REGEX_MSG]);
    }

    #[test]
    fn names_use_characters_wording() {
        assert_eq!(
            name_is_dns_label(&"a".repeat(64), false),
            vec!["must be no more than 63 characters"]
        );
        assert_eq!(
            name_is_dns1035_label(&"a".repeat(64), false),
            vec!["must be no more than 63 characters"]
        );
        assert_eq!(validate_namespace_name("A", false), vec![LABEL_REGEX_MSG]);
        assert_eq!(
            validate_service_account_name("a_b", false),
            vec![SUBDOMAIN_REGEX_MSG]
        );
    }

    #[test]
    fn path_segment_names() {
        assert_eq!(
            validate_path_segment_name(".", false),
            vec!["may not be '.'"]
        );
        assert!(validate_path_segment_name(".", true).is_empty());
        assert_eq!(
            validate_path_segment_name("a/b", true),
            vec!["may not contain '/'"]
        );
    }
}
