//! C identifiers (Kubernetes' `content.IsCIdentifier`): the format only, no
//! length limit.

use super::messages::regex_error;

const C_IDENTIFIER_FMT: &str = "[A-Za-z_][A-Za-z0-9_]*";
const C_IDENTIFIER_ERR_MSG: &str = "a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_'";

/// Kubernetes' `content.IsCIdentifier`: an ASCII letter or `_`, then ASCII
/// letters, digits or `_`.
///
/// ```
/// use apimachinery::content::is_c_identifier;
/// assert!(is_c_identifier("_my_Name1").is_empty());
/// assert_eq!(
///     is_c_identifier("1x"),
///     vec!["a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName', regex used for validation is '[A-Za-z_][A-Za-z0-9_]*')"]
/// );
/// ```
pub fn is_c_identifier(value: &str) -> Vec<String> {
    if matches_c_identifier(value.as_bytes()) {
        Vec::new()
    } else {
        vec![regex_error(
            C_IDENTIFIER_ERR_MSG,
            C_IDENTIFIER_FMT,
            &["my_name", "MY_NAME", "MyName"],
        )]
    }
}

fn matches_c_identifier(value: &[u8]) -> bool {
    match value.split_first() {
        Some((first, rest)) => {
            (first.is_ascii_alphabetic() || *first == b'_')
                && rest.iter().all(|b| b.is_ascii_alphanumeric() || *b == b'_')
        }
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::dns::tests::{ALPHABET, all_strings};
    use regex::Regex;

    #[test]
    fn byte_matcher_agrees_with_kubernetes_expression() {
        let re = Regex::new(&format!("^{C_IDENTIFIER_FMT}$")).unwrap();
        for s in all_strings(ALPHABET, 4) {
            assert_eq!(matches_c_identifier(s.as_bytes()), re.is_match(&s), "{s:?}");
        }
    }

    #[test]
    fn identifiers() {
        for good in [
            "a",
            "_",
            "A",
            "my_name",
            "MY_NAME",
            "MyName",
            "_1",
            &"a".repeat(100),
        ] {
            assert!(is_c_identifier(good).is_empty(), "{good:?}");
        }
        for bad in ["", "1a", "a-b", "a.b", "a b", "é", "a/b"] {
            assert_eq!(is_c_identifier(bad).len(), 1, "{bad:?}");
        }
    }
}
