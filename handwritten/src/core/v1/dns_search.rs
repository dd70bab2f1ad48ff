//! The search-domain format check of `validatePodDNSConfig` (Kubernetes'
//! `pkg/apis/core/validation/validation.go`, read at 000f2605), with the
//! `AllowRelaxedDNSSearchValidation` option of
//! `pod.GetValidationOptionsFromPodTemplate`.
//!
//! Strict: a trailing `.` is dropped and the rest must be a DNS-1123
//! subdomain (`ValidateDNS1123Subdomain`). Relaxed: a search of exactly `.`
//! passes; otherwise a trailing `.` is dropped and the rest must be a
//! DNS-1123 subdomain whose labels may contain `_` and start with one
//! (`ValidateDNS1123SubdomainWithUnderScore`).

use apimachinery::content::util_validation::is_dns1123_subdomain;
use apimachinery::content::{max_len_characters_error, regex_error};
use apimachinery::field::{Error, ErrorList, Path};

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
/// use handwritten::core::v1::dns_search::is_dns1123_subdomain_with_underscore;
/// assert!(is_dns1123_subdomain_with_underscore("_sip._tcp.example.com").is_empty());
/// assert_eq!(is_dns1123_subdomain_with_underscore("Example.com").len(), 1);
/// ```
pub fn is_dns1123_subdomain_with_underscore(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > 253 {
        errs.push(max_len_characters_error(253));
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

/// The `dnsConfig.searches` format check; `relaxed` is
/// `AllowRelaxedDNSSearchValidation`. Errors are `Invalid` at
/// `searches[i]`, with the search as it was checked (trailing `.` dropped).
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::core::v1::dns_search::validate_dns_searches;
/// let s = vec!["_sip._tcp.example.com".to_string(), ".".to_string()];
/// assert!(validate_dns_searches(&s, true, &Path::new("searches")).is_empty());
/// assert_eq!(validate_dns_searches(&s, false, &Path::new("searches")).len(), 2);
/// ```
pub fn validate_dns_searches(searches: &[String], relaxed: bool, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    for (i, search) in searches.iter().enumerate() {
        if relaxed && search == "." {
            continue;
        }
        let checked = search.strip_suffix('.').unwrap_or(search);
        let msgs = if relaxed {
            is_dns1123_subdomain_with_underscore(checked)
        } else {
            is_dns1123_subdomain(checked)
        };
        let idx = path.index(i);
        for msg in msgs {
            errs.push(Error::invalid(&idx, checked, msg));
        }
    }
    errs
}

/// `useRelaxedDNSSearchValidation` for a stored template: a search that is
/// exactly `.` or contains `_` keeps the relaxed rule on update.
///
/// ```
/// use handwritten::core::v1::dns_search::uses_relaxed_dns_search;
/// assert!(uses_relaxed_dns_search(&["a_b.com".to_string()]));
/// assert!(!uses_relaxed_dns_search(&["ab.com".to_string()]));
/// ```
pub fn uses_relaxed_dns_search(searches: &[String]) -> bool {
    searches.iter().any(|s| s == "." || s.contains('_'))
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn trailing_dot_is_dropped_and_reported_value_is_trimmed() {
        let s = vec!["Bad.".to_string()];
        let errs = validate_dns_searches(&s, false, &Path::new("s"));
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].field, "s[0]");
        assert!(errs[0].to_string().contains("\"Bad\""));
        assert!(validate_dns_searches(&["ok.".to_string()], false, &Path::new("s")).is_empty());
        assert_eq!(
            validate_dns_searches(&[".".to_string()], false, &Path::new("s")).len(),
            1
        );
    }
}
