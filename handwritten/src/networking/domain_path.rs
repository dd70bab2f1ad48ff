//! `validation.IsDomainPrefixedPath` of Kubernetes'
//! `k8s.io/apimachinery/pkg/util/validation` (master).

use apimachinery::content::regex_error;
use apimachinery::content::util_validation::is_dns1123_subdomain;
use apimachinery::field::{Error, ErrorList, Path};

/// The HTTP path characters `IsDomainPrefixedPath` allows after the domain.
pub const HTTP_PATH_FMT: &str = r"[A-Za-z0-9/\-._~%!$&'()*+,;=:]+";

fn is_http_path_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "/-._~%!$&'()*+,;=:".contains(c)
}

/// `IsDomainPrefixedPath`: `host/path` with a DNS-1123 subdomain host and a
/// non-empty path of HTTP path characters. Empty: `Required`. The host's
/// problems are reported with the host as bad value, the path's with the
/// path.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::networking::domain_path::is_domain_prefixed_path;
/// let spec = Path::new("spec");
/// let p = spec.child("controller");
/// assert!(is_domain_prefixed_path(&p, "example.com/ingress").is_empty());
/// assert_eq!(is_domain_prefixed_path(&p, "")[0].error_type.as_str(), "FieldValueRequired");
/// assert_eq!(
///     is_domain_prefixed_path(&p, "nopath")[0].detail,
///     r#"must be a domain-prefixed path (such as "acme.io/foo")"#
/// );
/// ```
pub fn is_domain_prefixed_path(path: &Path<'_>, value: &str) -> ErrorList {
    let mut errs = ErrorList::new();
    if value.is_empty() {
        errs.push(Error::required(path, ""));
        return errs;
    }
    let Some((host, rest)) = value
        .split_once('/')
        .filter(|(h, r)| !h.is_empty() && !r.is_empty())
    else {
        errs.push(Error::invalid(
            path,
            value,
            "must be a domain-prefixed path (such as \"acme.io/foo\")",
        ));
        return errs;
    };
    for msg in is_dns1123_subdomain(host) {
        errs.push(Error::invalid(path, host, msg));
    }
    if !rest.chars().all(is_http_path_char) {
        errs.push(Error::invalid(
            path,
            rest,
            regex_error("Invalid path", HTTP_PATH_FMT, &[]),
        ));
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_and_path_are_checked_separately() {
        let p = Path::new("c");
        let errs = is_domain_prefixed_path(&p, "Bad_Host/a b");
        assert_eq!(errs.len(), 2);
        assert_eq!(errs[0].bad_value.render(), r#""Bad_Host""#);
        assert_eq!(errs[1].bad_value.render(), r#""a b""#);
        assert_eq!(
            errs[1].detail,
            r"Invalid path (regex used for validation is '[A-Za-z0-9/\-._~%!$&'()*+,;=:]+')"
        );
        assert!(is_domain_prefixed_path(&p, "a.io/x/y:z").is_empty());
        assert_eq!(is_domain_prefixed_path(&p, "/x").len(), 1);
        assert_eq!(is_domain_prefixed_path(&p, "a.io/").len(), 1);
    }
}
