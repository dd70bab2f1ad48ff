//! Signer-name syntax: Kubernetes' `ValidateSignerName`
//! (`pkg/apis/core/validation`), used for `spec.signerName`.
//!
//! A signer name is `<domain>/<path>`: the domain is at most 253 bytes of
//! DNS-1123 labels with at least one dot, the path is dot-separated DNS-1123
//! subdomains, and the whole name is at most 571 bytes
//! (253 + 1 + 253 + 1 + 63).

use apimachinery::content::util_validation::{is_dns1123_label, is_dns1123_subdomain};
use apimachinery::field::{Error, ErrorList, Path};

const DNS1123_SUBDOMAIN_MAX_LENGTH: i64 = 253;
const DNS1123_LABEL_MAX_LENGTH: i64 = 63;

/// The longest valid signer name, in bytes.
///
/// ```
/// assert_eq!(handwritten::certificates::v1::signer_name::MAX_SIGNER_NAME_LENGTH, 571);
/// ```
pub const MAX_SIGNER_NAME_LENGTH: i64 = DNS1123_SUBDOMAIN_MAX_LENGTH
    + (DNS1123_SUBDOMAIN_MAX_LENGTH + DNS1123_LABEL_MAX_LENGTH + 1)
    + 1;

/// Kubernetes' `ValidateSignerName`: the errors for `signer_name` at `fld_path`.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::certificates::v1::signer_name::validate_signer_name;
/// let p = Path::new("spec");
/// let p = p.child("signerName");
/// assert!(validate_signer_name(&p, "example.com/my-signer").is_empty());
/// assert_eq!(validate_signer_name(&p, "")[0].to_string(), "spec.signerName: Required value");
/// assert_eq!(
///     validate_signer_name(&p, "example.com")[0].detail,
///     "must be a fully qualified domain and path of the form 'example.com/signer-name'"
/// );
/// ```
pub fn validate_signer_name(fld_path: &Path<'_>, signer_name: &str) -> ErrorList {
    let mut errs = ErrorList::new();
    if signer_name.is_empty() {
        errs.push(Error::required(fld_path, ""));
        return errs;
    }

    let segments: Vec<&str> = signer_name.split('/').collect();
    let [domain, path] = segments.as_slice() else {
        errs.push(Error::invalid(
            fld_path,
            signer_name,
            "must be a fully qualified domain and path of the form 'example.com/signer-name'",
        ));
        return errs;
    };

    if domain.len() as i64 > DNS1123_SUBDOMAIN_MAX_LENGTH {
        errs.push(Error::too_long(fld_path, DNS1123_SUBDOMAIN_MAX_LENGTH));
    }
    let domain_labels: Vec<&str> = domain.split('.').collect();
    for label in &domain_labels {
        let problems = is_dns1123_label(label);
        if !problems.is_empty() {
            for problem in problems {
                errs.push(Error::invalid(
                    fld_path,
                    *domain,
                    format!("validating label {}: {problem}", go_quote(label)),
                ));
            }
            break;
        }
    }
    if domain_labels.len() < 2 {
        errs.push(Error::invalid(
            fld_path,
            *domain,
            "should be a domain with at least two segments separated by dots",
        ));
    }

    for label in path.split('.') {
        let problems = is_dns1123_subdomain(label);
        if !problems.is_empty() {
            for problem in problems {
                errs.push(Error::invalid(
                    fld_path,
                    *path,
                    format!("validating label {}: {problem}", go_quote(label)),
                ));
            }
            break;
        }
    }

    if signer_name.len() as i64 > MAX_SIGNER_NAME_LENGTH {
        errs.push(Error::too_long(fld_path, MAX_SIGNER_NAME_LENGTH));
    }
    errs
}

fn go_quote(s: &str) -> String {
    apimachinery::field::go_quote(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorType;

    fn check(name: &str) -> Vec<(ErrorType, String)> {
        let p = Path::new("spec");
        let p = p.child("signerName");
        validate_signer_name(&p, name)
            .iter()
            .map(|e| (e.error_type, e.detail.to_string()))
            .collect()
    }

    #[test]
    fn valid_names() {
        for name in [
            "example.com/signer",
            "kubernetes.io/kube-apiserver-client",
            "a.b/ns.name",
            &format!("example.com/{}", "a".repeat(253)),
        ] {
            assert!(check(name).is_empty(), "{name}");
        }
    }

    #[test]
    fn multiple_slashes_stop_early() {
        let errs = check("a.com/b/c");
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].0, ErrorType::Invalid);
    }

    #[test]
    fn single_label_domain() {
        let errs = check("example/signer");
        assert_eq!(
            errs,
            vec![(
                ErrorType::Invalid,
                "should be a domain with at least two segments separated by dots".into()
            )]
        );
    }

    #[test]
    fn bad_domain_label_reports_only_the_first_bad_label() {
        let errs = check("Bad.Also_bad.com/s");
        assert_eq!(errs.len(), 1);
        assert!(
            errs[0]
                .1
                .starts_with("validating label \"Bad\": a lowercase RFC 1123 label")
        );
    }

    #[test]
    fn empty_path_is_invalid() {
        let errs = check("example.com/");
        assert_eq!(errs.len(), 1);
        assert!(errs[0].1.starts_with("validating label \"\": "));
    }

    #[test]
    fn long_domain_and_long_name() {
        let long_domain = format!("{}.com", vec!["a".repeat(63); 4].join("."));
        let errs = check(&format!("{long_domain}/{}", "b".repeat(320)));
        let types: Vec<ErrorType> = errs.iter().map(|e| e.0).collect();
        assert_eq!(
            types,
            vec![ErrorType::TooLong, ErrorType::Invalid, ErrorType::TooLong]
        );
        assert_eq!(errs[2].1, "may not be more than 571 bytes");
    }
}
