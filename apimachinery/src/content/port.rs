//! Port numbers, port names and other numeric ranges (Kubernetes'
//! `util/validation` `IsValidPortNum`, `IsInRange`, `IsValidGroupID`,
//! `IsValidUserID` and `IsValidPortName`).

use super::messages::{inclusive_range_error, max_len_characters_error};

/// Kubernetes' `IsValidPortNum`: 1 to 65535.
///
/// ```
/// use apimachinery::content::is_valid_port_num;
/// assert!(is_valid_port_num(80).is_empty());
/// assert_eq!(is_valid_port_num(0), vec!["must be between 1 and 65535, inclusive"]);
/// ```
pub fn is_valid_port_num(port: i64) -> Vec<String> {
    is_in_range(port, 1, 65535)
}

/// Kubernetes' `IsInRange`: `min <= value <= max`.
///
/// ```
/// use apimachinery::content::is_in_range;
/// assert!(is_in_range(5, 1, 5).is_empty());
/// assert_eq!(is_in_range(6, 1, 5), vec!["must be between 1 and 5, inclusive"]);
/// ```
pub fn is_in_range(value: i64, min: i64, max: i64) -> Vec<String> {
    if (min..=max).contains(&value) {
        Vec::new()
    } else {
        vec![inclusive_range_error(min, max)]
    }
}

/// Kubernetes' `IsValidGroupID`: a Unix GID, 0 to 2147483647.
///
/// ```
/// use apimachinery::content::is_valid_group_id;
/// assert!(is_valid_group_id(0).is_empty());
/// assert_eq!(is_valid_group_id(-1), vec!["must be between 0 and 2147483647, inclusive"]);
/// ```
pub fn is_valid_group_id(gid: i64) -> Vec<String> {
    is_in_range(gid, 0, i64::from(i32::MAX))
}

/// Kubernetes' `IsValidUserID`: a Unix UID, 0 to 2147483647.
///
/// ```
/// use apimachinery::content::is_valid_user_id;
/// assert!(is_valid_user_id(1000).is_empty());
/// assert_eq!(is_valid_user_id(1 << 31).len(), 1);
/// ```
pub fn is_valid_user_id(uid: i64) -> Vec<String> {
    is_in_range(uid, 0, i64::from(i32::MAX))
}

/// Kubernetes' `IsValidPortName` (an IANA service name, lowercase only): at
/// most 15 bytes of `[-a-z0-9]`, at least one letter, no `--`, no leading or
/// trailing `-`. Every broken rule gives its own message, in that order.
///
/// ```
/// use apimachinery::content::is_valid_port_name;
/// assert!(is_valid_port_name("http-alt").is_empty());
/// assert_eq!(is_valid_port_name("80"), vec!["must contain at least one letter (a-z)"]);
/// ```
pub fn is_valid_port_name(port: &str) -> Vec<String> {
    let bytes = port.as_bytes();
    let mut errs = Vec::new();
    if bytes.len() > 15 {
        errs.push(max_len_characters_error(15));
    }
    let charset_ok = !bytes.is_empty()
        && bytes
            .iter()
            .all(|&b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !charset_ok {
        errs.push(
            "must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)".to_string(),
        );
    }
    if !bytes.iter().any(u8::is_ascii_lowercase) {
        errs.push("must contain at least one letter (a-z)".to_string());
    }
    if port.contains("--") {
        errs.push("must not contain consecutive hyphens".to_string());
    }
    if bytes.first() == Some(&b'-') || bytes.last() == Some(&b'-') {
        errs.push("must not begin or end with a hyphen".to_string());
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHARSET: &str = "must contain only alpha-numeric characters (a-z, 0-9), and hyphens (-)";
    const LETTER: &str = "must contain at least one letter (a-z)";
    const DOUBLE: &str = "must not contain consecutive hyphens";
    const EDGE: &str = "must not begin or end with a hyphen";

    #[test]
    fn port_numbers_and_ranges() {
        for good in [1, 80, 65535] {
            assert!(is_valid_port_num(good).is_empty());
        }
        for bad in [0, -1, 65536, i64::MAX] {
            assert_eq!(
                is_valid_port_num(bad),
                vec!["must be between 1 and 65535, inclusive"]
            );
        }
        assert!(is_valid_user_id(2147483647).is_empty());
        assert_eq!(
            is_valid_user_id(2147483648),
            vec!["must be between 0 and 2147483647, inclusive"]
        );
        assert!(is_valid_group_id(2147483647).is_empty());
        assert_eq!(is_valid_group_id(-1).len(), 1);
    }

    #[test]
    fn port_names() {
        for good in ["a", "http", "p-80", "a1b2", &"a".repeat(15)] {
            assert!(is_valid_port_name(good).is_empty(), "{good:?}");
        }
        assert_eq!(
            is_valid_port_name(&"a".repeat(16)),
            vec!["must be no more than 15 characters"]
        );
        assert_eq!(is_valid_port_name(""), vec![CHARSET, LETTER]);
        assert_eq!(is_valid_port_name("123"), vec![LETTER]);
        assert_eq!(is_valid_port_name("HTTP"), vec![CHARSET, LETTER]);
        assert_eq!(is_valid_port_name("Http"), vec![CHARSET]);
        assert_eq!(is_valid_port_name("a--b"), vec![DOUBLE]);
        assert_eq!(is_valid_port_name("-a"), vec![EDGE]);
        assert_eq!(is_valid_port_name("a-"), vec![EDGE]);
        assert_eq!(is_valid_port_name("--"), vec![LETTER, DOUBLE, EDGE]);
        assert_eq!(is_valid_port_name("a_b"), vec![CHARSET]);
        assert_eq!(is_valid_port_name("é"), vec![CHARSET, LETTER]);
        assert_eq!(
            is_valid_port_name(&format!("-{}--", "0".repeat(14))),
            vec!["must be no more than 15 characters", LETTER, DOUBLE, EDGE]
        );
    }
}
