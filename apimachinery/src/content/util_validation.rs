//! The DNS checks of Kubernetes' older `k8s.io/apimachinery/pkg/util/validation`
//! package, which hand-written validators (and [`super::name`]) still call.
//!
//! They accept exactly what the `content` checks accept, but their length
//! message says `characters` where `content` says `bytes` (both measure
//! bytes): `must be no more than 63 characters`. The DNS-1035 label and the
//! subdomain whose labels may hold `_` exist only here.

use super::dns::{
    DNS1123_SUBDOMAIN_MAX_LENGTH, check_dns1123_label, check_dns1123_subdomain,
    matches_dns1035_label,
};
use super::messages::{max_len_characters_error, regex_error};

/// The longest RFC 1035 label, in bytes.
///
/// ```
/// assert_eq!(apimachinery::content::util_validation::DNS1035_LABEL_MAX_LENGTH, 63);
/// ```
pub const DNS1035_LABEL_MAX_LENGTH: usize = 63;

const DNS1035_LABEL_FMT: &str = "[a-z]([-a-z0-9]*[a-z0-9])?";
const DNS1035_LABEL_ERR_MSG: &str = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character";

/// `validation.IsDNS1123Label`: as [`super::is_dns1123_label`], with the
/// `characters` length message.
///
/// ```
/// use apimachinery::content::util_validation::is_dns1123_label;
/// assert!(is_dns1123_label("my-name").is_empty());
/// assert_eq!(is_dns1123_label(&"a".repeat(64)), vec!["must be no more than 63 characters"]);
/// ```
pub fn is_dns1123_label(value: &str) -> Vec<String> {
    check_dns1123_label(value, max_len_characters_error)
}

/// `validation.IsDNS1123Subdomain`: as [`super::is_dns1123_subdomain`], with
/// the `characters` length message.
///
/// ```
/// use apimachinery::content::util_validation::is_dns1123_subdomain;
/// assert!(is_dns1123_subdomain("example.com").is_empty());
/// assert_eq!(is_dns1123_subdomain(&"a".repeat(254)), vec!["must be no more than 253 characters"]);
/// ```
pub fn is_dns1123_subdomain(value: &str) -> Vec<String> {
    check_dns1123_subdomain(value, max_len_characters_error)
}

const SUBDOMAIN_WITH_UNDERSCORE_FMT: &str =
    "_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?(\\._?[a-z0-9]([-_a-z0-9]*[a-z0-9])?)*";
const SUBDOMAIN_WITH_UNDERSCORE_MSG: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '_', '-' or '.', and must start and end with an alphanumeric character";

/// One label of `dns1123LabelFmtWithUnderscore`: `_?[a-z0-9]([-_a-z0-9]*[a-z0-9])?`.
fn is_label_with_underscore(label: &str) -> bool {
    let body = label.strip_prefix('_').unwrap_or(label);
    let bytes = body.as_bytes();
    let alnum = |b: &u8| b.is_ascii_lowercase() || b.is_ascii_digit();
    match (bytes.first(), bytes.last()) {
        (Some(first), Some(last)) => {
            alnum(first)
                && alnum(last)
                && bytes.iter().all(|b| alnum(b) || *b == b'-' || *b == b'_')
        }
        _ => false,
    }
}

/// `validation.IsDNS1123SubdomainWithUnderscore`: at most 253 bytes (the
/// `characters` message) and labels of [`is_label_with_underscore`].
///
/// ```
/// use apimachinery::content::util_validation::is_dns1123_subdomain_with_underscore;
/// assert!(is_dns1123_subdomain_with_underscore("_sip._tcp.example.com").is_empty());
/// assert_eq!(is_dns1123_subdomain_with_underscore("Example.com").len(), 1);
/// ```
pub fn is_dns1123_subdomain_with_underscore(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > DNS1123_SUBDOMAIN_MAX_LENGTH {
        errs.push(max_len_characters_error(DNS1123_SUBDOMAIN_MAX_LENGTH));
    }
    if !value.split('.').all(is_label_with_underscore) {
        errs.push(regex_error(
            SUBDOMAIN_WITH_UNDERSCORE_MSG,
            SUBDOMAIN_WITH_UNDERSCORE_FMT,
            &["example.com"],
        ));
    }
    errs
}

/// `validation.IsDNS1035Label`: a lowercase RFC 1035 label (starts with a
/// letter) of at most 63 bytes.
///
/// ```
/// use apimachinery::content::util_validation::is_dns1035_label;
/// assert!(is_dns1035_label("my-name").is_empty());
/// assert_eq!(
///     is_dns1035_label("1abc"),
///     vec!["a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')"]
/// );
/// ```
pub fn is_dns1035_label(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > DNS1035_LABEL_MAX_LENGTH {
        errs.push(max_len_characters_error(DNS1035_LABEL_MAX_LENGTH));
    }
    if !matches_dns1035_label(value.as_bytes()) {
        errs.push(regex_error(
            DNS1035_LABEL_ERR_MSG,
            DNS1035_LABEL_FMT,
            &["my-name", "abc-123"],
        ));
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::dns::tests::{LABEL_REGEX_MSG, SUBDOMAIN_REGEX_MSG, all_strings};

    const DNS1035_MSG: &str = "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')";

    #[test]
    fn same_verdicts_as_content_with_characters_wording() {
        for s in all_strings(&['a', 'A', '0', '-', '.', 'é'], 4) {
            let ours = is_dns1123_label(&s);
            let content = crate::content::is_dns1123_label(&s);
            assert_eq!(ours, content, "label {s:?}");
            assert_eq!(
                is_dns1123_subdomain(&s),
                crate::content::is_dns1123_subdomain(&s),
                "subdomain {s:?}"
            );
        }
        assert_eq!(
            is_dns1123_label(&"-".repeat(64)),
            vec!["must be no more than 63 characters", LABEL_REGEX_MSG]
        );
        assert_eq!(is_dns1123_label("a.b"), vec!["must not contain dots"]);
        assert_eq!(is_dns1123_subdomain("a_b"), vec![SUBDOMAIN_REGEX_MSG]);
        assert!(is_dns1123_subdomain(&"a".repeat(253)).is_empty());
    }

    #[test]
    fn dns1035_label() {
        assert!(is_dns1035_label("a").is_empty());
        assert!(is_dns1035_label("a0").is_empty());
        assert!(is_dns1035_label("a-0").is_empty());
        assert!(is_dns1035_label(&"a".repeat(63)).is_empty());
        assert_eq!(
            is_dns1035_label(&"a".repeat(64)),
            vec!["must be no more than 63 characters"]
        );
        for bad in ["", "0a", "-a", "a-", "A", "a.b", "a_b", "é"] {
            assert_eq!(is_dns1035_label(bad), vec![DNS1035_MSG], "{bad:?}");
        }
        assert_eq!(
            is_dns1035_label(&format!("1{}", "a".repeat(63))),
            vec!["must be no more than 63 characters", DNS1035_MSG]
        );
    }

    #[test]
    fn labels_may_start_with_one_underscore_and_hold_more() {
        for ok in ["a", "_a", "a_b", "_a-b_c.d", "0"] {
            assert!(is_dns1123_subdomain_with_underscore(ok).is_empty(), "{ok}");
        }
        for bad in ["", "__a", "a_", "-a", "a..b", "A", "a.", "_"] {
            assert_eq!(is_dns1123_subdomain_with_underscore(bad).len(), 1, "{bad}");
        }
        let long = format!("{}.{}", "a".repeat(200), "b".repeat(60));
        assert_eq!(
            is_dns1123_subdomain_with_underscore(&long),
            vec!["must be no more than 253 characters".to_string()]
        );
    }
}
