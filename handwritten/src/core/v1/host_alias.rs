//! `ValidateHostAliases` (Kubernetes' `pkg/apis/core/validation/validation.go`,
//! read at 000f2605): each alias's IP is valid as that version's
//! `IsValidIP` judges it, and each hostname a DNS-1123 subdomain.
//!
//! That `IsValidIP` (apimachinery before kubernetes/apimachinery@72340d2c,
//! February 2025) parses sloppily: non-canonical IPv6 and leading zeros
//! pass, and its error has origin `format=ip-sloppy`. The strict, canonical
//! `IsValidIP` of later apimachinery came with Kubernetes moving these
//! fields to `IsValidIPForLegacyField`, which also accepts non-canonical
//! forms; the tests of this version (`TestValidatePodDNSConfig`'s
//! non-canonical IPv6 nameserver is valid) rely on the sloppy parse. Ported
//! as [`is_valid_ip_for_legacy_field`] without strict checks, which is that
//! function.

use crate::networking::ip::is_valid_ip_for_legacy_field;
use apimachinery::content::util_validation::is_dns1123_subdomain;
use apimachinery::field::{Error, ErrorList, Path};
use declarative::api::core::v1::HostAlias;

/// `ValidateHostAliases`: errors at `<path>[i].ip` (origin
/// `format=ip-sloppy`) and `<path>[i].hostnames[j]`.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::HostAlias;
/// use handwritten::core::v1::host_alias::validate_host_aliases;
/// let a = HostAlias { ip: "999.999.999.999".into(), hostnames: vec!["host1".into()] };
/// let errs = validate_host_aliases(&[a], &Path::new("hostAliases"));
/// assert_eq!(errs[0].field, "hostAliases[0].ip");
/// ```
pub fn validate_host_aliases(aliases: &[HostAlias], path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    for (i, alias) in aliases.iter().enumerate() {
        let idx = path.index(i);
        errs.extend_from(is_valid_ip_for_legacy_field(
            &idx.child("ip"),
            &alias.ip,
            false,
            &[],
        ));
        let hostnames = idx.child("hostnames");
        for (j, hostname) in alias.hostnames.iter().enumerate() {
            let at = hostnames.index(j);
            for msg in is_dns1123_subdomain(hostname) {
                errs.push(Error::invalid(&at, hostname.as_str(), msg));
            }
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alias(ip: &str, hostnames: &[&str]) -> HostAlias {
        HostAlias {
            ip: ip.into(),
            hostnames: hostnames.iter().map(|h| h.to_string()).collect(),
        }
    }

    #[test]
    fn valid_aliases_pass() {
        let ok = [alias("12.34.56.78", &["host1.foo", "host2.bar"])];
        assert!(validate_host_aliases(&ok, &Path::new("h")).is_empty());
    }

    #[test]
    fn bad_ip_and_hostname() {
        let bad = [
            alias("999.999.999.999", &["host1"]),
            alias("12.34.56.78", &["@#$^#@#$"]),
        ];
        let errs = validate_host_aliases(&bad, &Path::new("h"));
        let fields: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["h[0].ip", "h[1].hostnames[0]"]);
        assert_eq!(errs[0].origin, "format=ip-sloppy");
        assert!(errs[1].origin.is_empty());
    }

    #[test]
    fn non_canonical_and_leading_zero_ips_pass_as_in_this_version() {
        let ok = [
            alias("FE80::0202:B3FF:FE1E:8329", &["host1"]),
            alias("010.001.002.003", &["host2"]),
        ];
        assert!(validate_host_aliases(&ok, &Path::new("h")).is_empty());
    }
}
