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

use apimachinery::content::util_validation::{
    is_dns1123_subdomain, is_dns1123_subdomain_with_underscore,
};
use apimachinery::field::{Error, ErrorList, Path};

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
