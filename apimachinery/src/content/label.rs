//! Label keys (Kubernetes' "qualified names") and label values, as the
//! `content` package checks them.
//!
//! On Kubernetes master `content.IsQualifiedName` is the same function as
//! `content.IsLabelKey`, and `util/validation.IsQualifiedName` points at it
//! too, so hand-written and declarative validators produce the same messages
//! (length messages say `bytes`; releases whose `util/validation` had its own
//! copy said `characters`).

use super::dns::is_dns1123_subdomain;
use super::messages::{empty_error, max_len_error, regex_error, regex_error_after};

/// The longest label value, in bytes.
///
/// ```
/// assert_eq!(apimachinery::content::LABEL_VALUE_MAX_LENGTH, 63);
/// ```
pub const LABEL_VALUE_MAX_LENGTH: usize = 63;

/// The longest name part of a label key, in bytes.
///
/// ```
/// assert_eq!(apimachinery::content::LABEL_KEY_NAME_MAX_LENGTH, 63);
/// ```
pub const LABEL_KEY_NAME_MAX_LENGTH: usize = 63;

const LABEL_KEY_FMT: &str = "([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]";
const LABEL_KEY_ERR_MSG: &str = "must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";
const LABEL_KEY_EXAMPLES: &[&str] = &["MyName", "my.name", "123-abc"];
const LABEL_VALUE_FMT: &str = "(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?";
const LABEL_VALUE_ERR_MSG: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character";

/// Whether `name` matches `^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$`.
fn matches_label_key_name(name: &[u8]) -> bool {
    match (name.first(), name.last()) {
        (Some(first), Some(last)) => {
            first.is_ascii_alphanumeric()
                && last.is_ascii_alphanumeric()
                && name
                    .iter()
                    .all(|&b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
        }
        _ => false,
    }
}

/// Kubernetes' `content.IsLabelKey`: an optional DNS-subdomain prefix and `/`,
/// then a name of at most 63 bytes of alphanumerics, `-`, `_` and `.` that
/// starts and ends with an alphanumeric. Prefix messages start with
/// `prefix part `, name messages with `name part `; more than one `/` gives a
/// single message.
///
/// ```
/// use apimachinery::content::is_label_key;
/// assert!(is_label_key("example.com/MyName").is_empty());
/// assert_eq!(is_label_key("/a"), vec!["prefix part must be non-empty"]);
/// assert_eq!(is_label_key(&"a".repeat(64)), vec!["name part must be no more than 63 bytes"]);
/// ```
pub fn is_label_key(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    let mut parts = value.split('/');
    let first = parts.next().unwrap_or_default();
    let name = match (parts.next(), parts.next()) {
        (None, _) => first,
        (Some(name), None) => {
            if first.is_empty() {
                errs.push(format!("prefix part {}", empty_error()));
            } else {
                errs.extend(
                    is_dns1123_subdomain(first)
                        .into_iter()
                        .map(|msg| format!("prefix part {msg}")),
                );
            }
            name
        }
        (Some(_), Some(_)) => {
            errs.push(format!(
                "a valid label key {} with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')",
                regex_error(LABEL_KEY_ERR_MSG, LABEL_KEY_FMT, LABEL_KEY_EXAMPLES)
            ));
            return errs;
        }
    };
    if name.is_empty() {
        errs.push(format!("name part {}", empty_error()));
    } else if name.len() > LABEL_KEY_NAME_MAX_LENGTH {
        errs.push(format!(
            "name part {}",
            max_len_error(LABEL_KEY_NAME_MAX_LENGTH)
        ));
    }
    if !matches_label_key_name(name.as_bytes()) {
        errs.push(regex_error_after(
            "name part ",
            LABEL_KEY_ERR_MSG,
            LABEL_KEY_FMT,
            LABEL_KEY_EXAMPLES,
        ));
    }
    errs
}

/// Kubernetes' deprecated `content.IsQualifiedName`: the same check as [`is_label_key`].
///
/// ```
/// use apimachinery::content::{is_label_key, is_qualified_name};
/// assert_eq!(is_qualified_name("a/b/c"), is_label_key("a/b/c"));
/// ```
pub fn is_qualified_name(value: &str) -> Vec<String> {
    is_label_key(value)
}

/// Kubernetes' `content.IsPrefixedLabelKey`: a valid label key that has a prefix.
///
/// ```
/// use apimachinery::content::is_prefixed_label_key;
/// assert!(is_prefixed_label_key("example.com/key").is_empty());
/// assert_eq!(is_prefixed_label_key("key"), vec!["must include a prefix (e.g. 'example.com/key')"]);
/// ```
pub fn is_prefixed_label_key(value: &str) -> Vec<String> {
    let errs = is_label_key(value);
    if !errs.is_empty() {
        return errs;
    }
    if value.split('/').count() != 2 {
        return vec!["must include a prefix (e.g. 'example.com/key')".to_string()];
    }
    Vec::new()
}

/// Kubernetes' `content.IsLabelValue`: empty, or at most 63 bytes of
/// alphanumerics, `-`, `_` and `.` starting and ending with an alphanumeric.
///
/// ```
/// use apimachinery::content::is_label_value;
/// assert!(is_label_value("").is_empty());
/// assert!(is_label_value("My_Value-1.0").is_empty());
/// assert!(is_label_value("-x")[0].starts_with("a valid label must be an empty string"));
/// ```
pub fn is_label_value(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > LABEL_VALUE_MAX_LENGTH {
        errs.push(max_len_error(LABEL_VALUE_MAX_LENGTH));
    }
    if !value.is_empty() && !matches_label_key_name(value.as_bytes()) {
        errs.push(regex_error(
            LABEL_VALUE_ERR_MSG,
            LABEL_VALUE_FMT,
            &["MyValue", "my_value", "12345"],
        ));
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::dns::tests::{ALPHABET, SUBDOMAIN_REGEX_MSG, all_strings};
    use regex::Regex;

    const NAME_REGEX_MSG: &str = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')";
    const MANY_SLASHES_MSG: &str = "a valid label key must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]') with an optional DNS subdomain prefix and '/' (e.g. 'example.com/MyName')";
    const VALUE_REGEX_MSG: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

    #[test]
    fn byte_matcher_agrees_with_kubernetes_expressions() {
        let key = Regex::new(&format!("^{LABEL_KEY_FMT}$")).unwrap();
        let value = Regex::new(&format!("^{LABEL_VALUE_FMT}$")).unwrap();
        for s in all_strings(ALPHABET, 4) {
            assert_eq!(
                matches_label_key_name(s.as_bytes()),
                key.is_match(&s),
                "{s:?}"
            );
            let value_ok = s.is_empty() || matches_label_key_name(s.as_bytes());
            assert_eq!(value_ok, value.is_match(&s), "{s:?}");
        }
    }

    #[test]
    fn label_key_valid() {
        let long_prefix = format!(
            "{}.{}.{}.{}",
            "a".repeat(63),
            "b".repeat(63),
            "c".repeat(63),
            "d".repeat(61)
        );
        for good in [
            "a",
            "A",
            "app",
            "app-name",
            "app.name",
            "app_name",
            "My.Name-1_x",
            "example.com/app",
            "example.com/App",
            &"a".repeat(63),
            &format!("{long_prefix}/app"),
        ] {
            assert!(is_label_key(good).is_empty(), "{good:?}");
        }
    }

    #[test]
    fn label_key_name_errors() {
        assert_eq!(
            is_label_key(""),
            vec!["name part must be non-empty", NAME_REGEX_MSG]
        );
        for bad in ["-app", "app-", "_a", "a_", ".a", "a.", "app^", "a b", "é"] {
            assert_eq!(is_label_key(bad), vec![NAME_REGEX_MSG], "{bad:?}");
        }
        assert_eq!(
            is_label_key(&"a".repeat(64)),
            vec!["name part must be no more than 63 bytes"]
        );
        assert_eq!(
            is_label_key(&format!("{}-", "a".repeat(63))),
            vec!["name part must be no more than 63 bytes", NAME_REGEX_MSG]
        );
        assert_eq!(
            is_label_key(&"é".repeat(32)),
            vec!["name part must be no more than 63 bytes", NAME_REGEX_MSG]
        );
    }

    #[test]
    fn label_key_prefix_errors() {
        assert_eq!(is_label_key("/a"), vec!["prefix part must be non-empty"]);
        assert_eq!(
            is_label_key("/"),
            vec![
                "prefix part must be non-empty",
                "name part must be non-empty",
                NAME_REGEX_MSG
            ]
        );
        let prefix_msg = format!("prefix part {SUBDOMAIN_REGEX_MSG}");
        assert_eq!(is_label_key("example-.com/app"), vec![prefix_msg.clone()]);
        assert_eq!(is_label_key("Example.com/app"), vec![prefix_msg.clone()]);
        assert_eq!(
            is_label_key(&format!("{}/app", "a".repeat(254))),
            vec!["prefix part must be no more than 253 bytes"]
        );
        assert_eq!(
            is_label_key("a_b/-x"),
            vec![prefix_msg, NAME_REGEX_MSG.to_string()]
        );
    }

    #[test]
    fn label_key_many_slashes() {
        assert_eq!(is_label_key("a/b/c"), vec![MANY_SLASHES_MSG]);
        assert_eq!(is_label_key("//"), vec![MANY_SLASHES_MSG]);
        assert_eq!(is_qualified_name("a/b/c"), vec![MANY_SLASHES_MSG]);
    }

    #[test]
    fn prefixed_label_key() {
        assert!(is_prefixed_label_key("example.com/app").is_empty());
        for unprefixed in ["app", "app-name", "app.name", "app_name"] {
            assert_eq!(
                is_prefixed_label_key(unprefixed),
                vec!["must include a prefix (e.g. 'example.com/key')"]
            );
        }
        // Label-key errors win and are returned unchanged.
        assert_eq!(is_prefixed_label_key("-app"), vec![NAME_REGEX_MSG]);
        assert_eq!(is_prefixed_label_key("a/b/c"), vec![MANY_SLASHES_MSG]);
        assert_eq!(
            is_prefixed_label_key("/app"),
            vec!["prefix part must be non-empty"]
        );
    }

    #[test]
    fn label_value() {
        assert!(is_label_value("").is_empty());
        assert!(is_label_value("a").is_empty());
        assert!(is_label_value("Valid-Value").is_empty());
        assert!(is_label_value(&format!("a{}c", "b".repeat(61))).is_empty());
        assert_eq!(
            is_label_value(&format!("a{}c", "b".repeat(62))),
            vec!["must be no more than 63 bytes"]
        );
        for bad in ["-a", "a-", ".a", "a.", "_a", "a_", "a@b", "a/b", "é"] {
            assert_eq!(is_label_value(bad), vec![VALUE_REGEX_MSG], "{bad:?}");
        }
        assert_eq!(
            is_label_value(&"é".repeat(32)),
            vec!["must be no more than 63 bytes", VALUE_REGEX_MSG]
        );
    }

    #[test]
    fn upstream_verdicts() {
        let long_ok = format!("{}/{}", "a".repeat(253), "b".repeat(63));
        let long_name = "a".repeat(64);
        let long_prefix = format!("{}/abc", "a".repeat(254));
        let prefixed_ok = [
            "simple/simple",
            "now-with-dashes/simple",
            "now.with.dots/simple",
            "1-num.2-num/3-num",
            "1.2.3.4/5678",
            "example.com/Uppercase_Is_OK_123",
            &long_ok,
        ];
        let unprefixed_ok = [
            "simple",
            "1-starts-with-num",
            "1234",
            "Uppercase_Is_OK_123",
            "requests.storage-foo",
            &"a".repeat(63),
        ];
        let bad = [
            "nospecialchars%^=@",
            "cantendwithadash-",
            "-cantstartwithadash-",
            "only/one/slash",
            "Example.com/abc",
            "example_com/abc",
            "example.com/",
            "/simple",
            &long_name,
            &long_prefix,
        ];
        for v in prefixed_ok {
            assert!(is_label_key(v).is_empty(), "{v:?}");
            assert!(is_prefixed_label_key(v).is_empty(), "{v:?}");
        }
        for v in unprefixed_ok {
            assert!(is_label_key(v).is_empty(), "{v:?}");
            assert!(!is_prefixed_label_key(v).is_empty(), "{v:?}");
        }
        for v in bad {
            assert!(!is_label_key(v).is_empty(), "{v:?}");
            assert!(!is_prefixed_label_key(v).is_empty(), "{v:?}");
        }
        for v in ["Tama-nui-te-rā.is.Māori.sun", "\\backslashes\\are\\bad"] {
            assert!(!is_label_value(v).is_empty(), "{v:?}");
        }
    }
}
