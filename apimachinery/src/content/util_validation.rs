//! The DNS checks of Kubernetes' older `k8s.io/apimachinery/pkg/util/validation`
//! package, which hand-written validators (and [`super::name`]) still call.
//!
//! They accept exactly what the `content` checks accept, but their length
//! message says `characters` where `content` says `bytes` (both measure
//! bytes): `must be no more than 63 characters`. The DNS-1035 label exists
//! only here.

use super::dns::{check_dns1123_label, check_dns1123_subdomain, matches_dns1035_label};
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
}
