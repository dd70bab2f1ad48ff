//! Decimal integers in canonical form (Kubernetes' `content.IsDecimalInteger`).

use super::messages::empty_error;

const DECIMAL_INTEGER_ERR_MSG: &str = "must be a valid decimal integer in canonical form";

/// Kubernetes' `content.IsDecimalInteger`: `0`, or an optional `-` followed
/// by a digit 1-9 and any digits (no `+`, no leading zeros, no `-0`, no
/// spaces). Empty strings get `must be non-empty`. The magnitude is not
/// limited.
///
/// ```
/// use apimachinery::content::is_decimal_integer;
/// assert!(is_decimal_integer("-456").is_empty());
/// assert_eq!(is_decimal_integer("0700"), vec!["must be a valid decimal integer in canonical form"]);
/// assert_eq!(is_decimal_integer(""), vec!["must be non-empty"]);
/// ```
pub fn is_decimal_integer(value: &str) -> Vec<String> {
    let bytes = value.as_bytes();
    if bytes.is_empty() {
        return vec![empty_error().to_string()];
    }
    if bytes == b"0" {
        return Vec::new();
    }
    let digits = bytes.strip_prefix(b"-").unwrap_or(bytes);
    let canonical =
        matches!(digits.first(), Some(b'1'..=b'9')) && digits.iter().all(|b| b.is_ascii_digit());
    if canonical {
        Vec::new()
    } else {
        vec![DECIMAL_INTEGER_ERR_MSG.to_string()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_integers() {
        for good in [
            "0",
            "1",
            "9",
            "10",
            "123",
            "-1",
            "-456",
            "99999999999999999999999",
        ] {
            assert!(is_decimal_integer(good).is_empty(), "{good:?}");
        }
    }

    #[test]
    fn non_canonical() {
        for bad in [
            "-", "-0", "00", "01", "0700", "+1", " 1", "1 ", "1.0", "1e3", "0x10", "--1", "1-",
            "١", "a",
        ] {
            assert_eq!(
                is_decimal_integer(bad),
                vec![DECIMAL_INTEGER_ERR_MSG],
                "{bad:?}"
            );
        }
        assert_eq!(is_decimal_integer(""), vec!["must be non-empty"]);
    }
}
