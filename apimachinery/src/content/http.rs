//! HTTP header names and percentages (Kubernetes' `util/validation`
//! `IsHTTPHeaderName` and `IsValidPercent`).

use super::messages::regex_error;

const HTTP_HEADER_NAME_FMT: &str = "[-A-Za-z0-9]+";
const HTTP_HEADER_NAME_ERR_MSG: &str =
    "a valid HTTP header must consist of alphanumeric characters or '-'";
const PERCENT_FMT: &str = "[0-9]+%";
const PERCENT_ERR_MSG: &str =
    "a valid percent string must be a numeric string followed by an ending '%'";

/// Kubernetes' `IsHTTPHeaderName`: one or more ASCII letters, digits or `-`.
///
/// ```
/// use apimachinery::content::is_http_header_name;
/// assert!(is_http_header_name("X-Header-Name").is_empty());
/// assert_eq!(
///     is_http_header_name("X_Header"),
///     vec!["a valid HTTP header must consist of alphanumeric characters or '-' (e.g. 'X-Header-Name', regex used for validation is '[-A-Za-z0-9]+')"]
/// );
/// ```
pub fn is_http_header_name(value: &str) -> Vec<String> {
    if !value.is_empty()
        && value
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-')
    {
        Vec::new()
    } else {
        vec![regex_error(
            HTTP_HEADER_NAME_ERR_MSG,
            HTTP_HEADER_NAME_FMT,
            &["X-Header-Name"],
        )]
    }
}

/// Kubernetes' `IsValidPercent`: one or more ASCII digits then `%`.
///
/// ```
/// use apimachinery::content::is_valid_percent;
/// assert!(is_valid_percent("25%").is_empty());
/// assert_eq!(
///     is_valid_percent("25"),
///     vec!["a valid percent string must be a numeric string followed by an ending '%' (e.g. '1%',  or '93%', regex used for validation is '[0-9]+%')"]
/// );
/// ```
pub fn is_valid_percent(value: &str) -> Vec<String> {
    let ok = value
        .strip_suffix('%')
        .is_some_and(|digits| !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()));
    if ok {
        Vec::new()
    } else {
        vec![regex_error(PERCENT_ERR_MSG, PERCENT_FMT, &["1%", "93%"])]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::dns::tests::all_strings;
    use regex::Regex;

    #[test]
    fn byte_checks_agree_with_kubernetes_expressions() {
        let header = Regex::new(&format!("^{HTTP_HEADER_NAME_FMT}$")).unwrap();
        let percent = Regex::new(&format!("^{PERCENT_FMT}$")).unwrap();
        for s in all_strings(&['a', 'Z', '0', '9', '-', '%', '_', ' ', 'é'], 4) {
            assert_eq!(
                is_http_header_name(&s).is_empty(),
                header.is_match(&s),
                "{s:?}"
            );
            assert_eq!(
                is_valid_percent(&s).is_empty(),
                percent.is_match(&s),
                "{s:?}"
            );
        }
    }

    #[test]
    fn boundaries() {
        assert_eq!(is_http_header_name("").len(), 1);
        assert!(is_http_header_name("-").is_empty());
        assert!(is_valid_percent("0%").is_empty());
        assert!(is_valid_percent("100000%").is_empty());
        for bad in ["", "%", "1%%", "-1%", "1.5%", " 1%", "1 %"] {
            assert_eq!(is_valid_percent(bad).len(), 1, "{bad:?}");
        }
    }
}
