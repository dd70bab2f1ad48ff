//! DNS names as the `content` package checks them: RFC 1123 labels ("short
//! names"), RFC 1123 subdomains ("long names") and the deprecated caseless
//! subdomain. Length messages say "bytes" (`content.MaxLenError`).
//!
//! The lowercase shapes are matched byte by byte (the expressions are
//! simple); the caseless one uses the regular expression itself, because Go's
//! `(?i)` folds Unicode (`K`, U+212A KELVIN SIGN, matches `[a-z]`) and the
//! `regex` crate folds the same way.

use super::messages::{max_len_error, regex_error};
use regex::Regex;
use std::sync::LazyLock;

/// The longest RFC 1123 label, in bytes.
///
/// ```
/// assert_eq!(apimachinery::content::DNS1123_LABEL_MAX_LENGTH, 63);
/// ```
pub const DNS1123_LABEL_MAX_LENGTH: usize = 63;

/// The longest RFC 1123 subdomain, in bytes.
///
/// ```
/// assert_eq!(apimachinery::content::DNS1123_SUBDOMAIN_MAX_LENGTH, 253);
/// ```
pub const DNS1123_SUBDOMAIN_MAX_LENGTH: usize = 253;

pub(super) const DNS1123_LABEL_FMT: &str = "[a-z0-9]([-a-z0-9]*[a-z0-9])?";
pub(super) const DNS1123_LABEL_ERR_MSG: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character";
pub(super) const DNS1123_SUBDOMAIN_FMT: &str =
    "[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*";
pub(super) const DNS1123_SUBDOMAIN_ERR_MSG: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";
const DNS1123_SUBDOMAIN_CASELESS_ERR_MSG: &str = "an RFC 1123 subdomain must consist of alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character";

static DNS1123_SUBDOMAIN_CASELESS_RE: LazyLock<Regex> = LazyLock::new(|| {
    // A constant, valid expression: compiling it cannot fail.
    Regex::new(&format!("^(?i){DNS1123_SUBDOMAIN_FMT}$")).unwrap_or_else(|e| panic!("{e}"))
});

/// Whether `label` matches `^[a-z0-9]([-a-z0-9]*[a-z0-9])?$`.
pub(super) fn matches_dns1123_label(label: &[u8]) -> bool {
    match (label.first(), label.last()) {
        (Some(first), Some(last)) => {
            is_lower_alnum(*first)
                && is_lower_alnum(*last)
                && label.iter().all(|&b| is_lower_alnum(b) || b == b'-')
        }
        _ => false,
    }
}

/// Whether `value` matches the RFC 1123 subdomain expression: labels joined by single dots.
pub(super) fn matches_dns1123_subdomain(value: &[u8]) -> bool {
    value.split(|&b| b == b'.').all(matches_dns1123_label)
}

/// Whether `label` matches `^[a-z]([-a-z0-9]*[a-z0-9])?$` (RFC 1035).
pub(super) fn matches_dns1035_label(label: &[u8]) -> bool {
    matches!(label.first(), Some(b'a'..=b'z')) && matches_dns1123_label(label)
}

fn is_lower_alnum(b: u8) -> bool {
    b.is_ascii_lowercase() || b.is_ascii_digit()
}

/// Kubernetes' `content.IsDNS1123Label`: a lowercase RFC 1123 label of at
/// most 63 bytes. A valid subdomain that is not a label is reported as
/// `must not contain dots`.
///
/// ```
/// use apimachinery::content::is_dns1123_label;
/// assert!(is_dns1123_label("my-name").is_empty());
/// assert_eq!(is_dns1123_label("a.b"), vec!["must not contain dots"]);
/// assert!(is_dns1123_label("My-Name")[0].starts_with("a lowercase RFC 1123 label must consist of"));
/// ```
pub fn is_dns1123_label(value: &str) -> Vec<String> {
    check_dns1123_label(value, max_len_error)
}

/// Kubernetes' `content.IsDNS1123Subdomain`: a lowercase RFC 1123 subdomain
/// of at most 253 bytes.
///
/// ```
/// use apimachinery::content::is_dns1123_subdomain;
/// assert!(is_dns1123_subdomain("example.com").is_empty());
/// assert_eq!(
///     is_dns1123_subdomain("a..b"),
///     vec!["a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')"]
/// );
/// ```
pub fn is_dns1123_subdomain(value: &str) -> Vec<String> {
    check_dns1123_subdomain(value, max_len_error)
}

/// Kubernetes' deprecated `content.IsDNS1123SubdomainCaseless`: an RFC 1123
/// subdomain that may contain upper case letters (the message still shows the
/// lowercase expression, as Kubernetes does).
///
/// ```
/// use apimachinery::content::is_dns1123_subdomain_caseless;
/// assert!(is_dns1123_subdomain_caseless("Example.COM").is_empty());
/// assert!(is_dns1123_subdomain_caseless("-a")[0].starts_with("an RFC 1123 subdomain must consist of"));
/// ```
pub fn is_dns1123_subdomain_caseless(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > DNS1123_SUBDOMAIN_MAX_LENGTH {
        errs.push(max_len_error(DNS1123_SUBDOMAIN_MAX_LENGTH));
    }
    if !DNS1123_SUBDOMAIN_CASELESS_RE.is_match(value) {
        errs.push(regex_error(
            DNS1123_SUBDOMAIN_CASELESS_ERR_MSG,
            DNS1123_SUBDOMAIN_FMT,
            &["Example.com"],
        ));
    }
    errs
}

/// The DNS-1123 label check with the length message of the caller's package.
pub(super) fn check_dns1123_label(value: &str, too_long: fn(usize) -> String) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > DNS1123_LABEL_MAX_LENGTH {
        errs.push(too_long(DNS1123_LABEL_MAX_LENGTH));
    }
    if !matches_dns1123_label(value.as_bytes()) {
        if matches_dns1123_subdomain(value.as_bytes()) {
            errs.push("must not contain dots".to_string());
        } else {
            errs.push(regex_error(
                DNS1123_LABEL_ERR_MSG,
                DNS1123_LABEL_FMT,
                &["my-name", "123-abc"],
            ));
        }
    }
    errs
}

/// The DNS-1123 subdomain check with the length message of the caller's package.
pub(super) fn check_dns1123_subdomain(value: &str, too_long: fn(usize) -> String) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > DNS1123_SUBDOMAIN_MAX_LENGTH {
        errs.push(too_long(DNS1123_SUBDOMAIN_MAX_LENGTH));
    }
    if !matches_dns1123_subdomain(value.as_bytes()) {
        errs.push(regex_error(
            DNS1123_SUBDOMAIN_ERR_MSG,
            DNS1123_SUBDOMAIN_FMT,
            &["example.com"],
        ));
    }
    errs
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    pub(crate) const LABEL_REGEX_MSG: &str = "a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character (e.g. 'my-name',  or '123-abc', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?')";
    pub(crate) const SUBDOMAIN_REGEX_MSG: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";
    const CASELESS_REGEX_MSG: &str = "an RFC 1123 subdomain must consist of alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'Example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

    /// Every string over `alphabet` of up to `max_len` characters.
    pub(crate) fn all_strings(alphabet: &[char], max_len: usize) -> Vec<String> {
        let mut out = vec![String::new()];
        let mut frontier = vec![String::new()];
        for _ in 0..max_len {
            let mut next = Vec::new();
            for s in &frontier {
                for c in alphabet {
                    let mut t = s.clone();
                    t.push(*c);
                    next.push(t);
                }
            }
            out.extend(next.iter().cloned());
            frontier = next;
        }
        out
    }

    pub(crate) const ALPHABET: &[char] = &['a', 'z', 'A', '0', '9', '-', '.', '_', '/', 'é'];

    fn anchored(fmt: &str) -> Regex {
        Regex::new(&format!("^{fmt}$")).unwrap()
    }

    #[test]
    fn byte_matchers_agree_with_kubernetes_expressions() {
        let label = anchored(DNS1123_LABEL_FMT);
        let subdomain = anchored(DNS1123_SUBDOMAIN_FMT);
        let dns1035 = anchored("[a-z]([-a-z0-9]*[a-z0-9])?");
        for s in all_strings(ALPHABET, 4) {
            let b = s.as_bytes();
            assert_eq!(matches_dns1123_label(b), label.is_match(&s), "label {s:?}");
            assert_eq!(
                matches_dns1123_subdomain(b),
                subdomain.is_match(&s),
                "subdomain {s:?}"
            );
            assert_eq!(matches_dns1035_label(b), dns1035.is_match(&s), "1035 {s:?}");
        }
    }

    #[test]
    fn label_boundaries() {
        assert!(is_dns1123_label(&"a".repeat(63)).is_empty());
        assert_eq!(
            is_dns1123_label(&"a".repeat(64)),
            vec!["must be no more than 63 bytes"]
        );
        assert!(is_dns1123_label("a").is_empty());
        assert!(is_dns1123_label("0").is_empty());
        assert!(is_dns1123_label("a-b").is_empty());
        assert!(is_dns1123_label("a--b").is_empty());
        for bad in ["", "-a", "a-", "-", "A", "aB", "a_b", "a/b", "é", "a b"] {
            assert_eq!(is_dns1123_label(bad), vec![LABEL_REGEX_MSG], "{bad:?}");
        }
    }

    #[test]
    fn label_with_dots() {
        assert_eq!(is_dns1123_label("a.b"), vec!["must not contain dots"]);
        // Not a valid subdomain either: the regex message.
        assert_eq!(is_dns1123_label("a..b"), vec![LABEL_REGEX_MSG]);
        assert_eq!(is_dns1123_label(".a"), vec![LABEL_REGEX_MSG]);
        // Too long and dotted: both messages, length first.
        let long = format!("{}.b", "a".repeat(62));
        assert_eq!(
            is_dns1123_label(&long),
            vec!["must be no more than 63 bytes", "must not contain dots"]
        );
    }

    #[test]
    fn label_length_counts_bytes() {
        // 31 two-byte characters: 62 bytes, invalid characters only.
        assert_eq!(is_dns1123_label(&"é".repeat(31)), vec![LABEL_REGEX_MSG]);
        // 32 two-byte characters: 64 bytes.
        assert_eq!(
            is_dns1123_label(&"é".repeat(32)),
            vec!["must be no more than 63 bytes", LABEL_REGEX_MSG]
        );
    }

    #[test]
    fn subdomain_boundaries() {
        let max = format!(
            "{}.{}.{}.{}",
            "a".repeat(63),
            "b".repeat(63),
            "c".repeat(63),
            "d".repeat(61)
        );
        assert_eq!(max.len(), 253);
        assert!(is_dns1123_subdomain(&max).is_empty());
        assert_eq!(
            is_dns1123_subdomain(&format!("{max}d")),
            vec!["must be no more than 253 bytes"]
        );
        // Labels inside a subdomain have no length limit of their own.
        assert!(is_dns1123_subdomain(&"a".repeat(253)).is_empty());
        assert_eq!(
            is_dns1123_subdomain(&"a".repeat(254)),
            vec!["must be no more than 253 bytes"]
        );
        for good in ["a", "a.b", "a-b.c-d", "0.0", "a.b.c.d.e"] {
            assert!(is_dns1123_subdomain(good).is_empty(), "{good:?}");
        }
        for bad in [
            "", ".", "a.", ".a", "a..b", "a-.b", "a.-b", "A.b", "a_b", "é.com",
        ] {
            assert_eq!(
                is_dns1123_subdomain(bad),
                vec![SUBDOMAIN_REGEX_MSG],
                "{bad:?}"
            );
        }
        assert_eq!(
            is_dns1123_subdomain(&format!("{}-", "a".repeat(253))),
            vec!["must be no more than 253 bytes", SUBDOMAIN_REGEX_MSG]
        );
    }

    #[test]
    fn caseless_subdomain() {
        // Unicode case folding, as Go's (?i): KELVIN SIGN and LONG S fold into [a-z].
        for good in [
            "A.b.C",
            "EXAMPLE.COM",
            "a",
            "a-B.c",
            "\u{212A}ube",
            "\u{17F}vc",
        ] {
            assert!(is_dns1123_subdomain_caseless(good).is_empty(), "{good:?}");
        }
        for bad in ["", "-A.b.C", "A.b.C-", "A_b.C", "A..b", "é"] {
            assert_eq!(
                is_dns1123_subdomain_caseless(bad),
                vec![CASELESS_REGEX_MSG],
                "{bad:?}"
            );
        }
        assert_eq!(
            is_dns1123_subdomain_caseless(&"A".repeat(254)),
            vec!["must be no more than 253 bytes"]
        );
        assert!(is_dns1123_subdomain_caseless(&"A".repeat(253)).is_empty());
    }
}
