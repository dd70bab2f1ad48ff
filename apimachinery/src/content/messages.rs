//! The message builders every content check uses (Kubernetes'
//! `content.RegexError`, `content.MaxLenError`, `content.EmptyError`, and the
//! `util/validation` variant of `MaxLenError` that counts "characters").

/// The explanation of a regular-expression mismatch: `msg`, then the examples
/// (each quoted, followed by `", "`, joined by `" or "`, hence the double
/// space before "or") and the expression, in parentheses.
///
/// ```
/// use apimachinery::content::regex_error;
/// assert_eq!(
///     regex_error("bad", "[a-z]+", &["ab", "cd"]),
///     "bad (e.g. 'ab',  or 'cd', regex used for validation is '[a-z]+')"
/// );
/// assert_eq!(regex_error("bad", "[a-z]+", &[]), "bad (regex used for validation is '[a-z]+')");
/// ```
pub fn regex_error(msg: &str, re: &str, examples: &[&str]) -> String {
    regex_error_after("", msg, re, examples)
}

/// `prefix` followed by [`regex_error`]'s message, built in one allocation
/// (label keys say `name part ...`).
///
/// ```
/// use apimachinery::content::{regex_error, regex_error_after};
/// assert_eq!(
///     regex_error_after("name part ", "bad", "[a-z]+", &["ab"]),
///     format!("name part {}", regex_error("bad", "[a-z]+", &["ab"]))
/// );
/// ```
pub fn regex_error_after(prefix: &str, msg: &str, re: &str, examples: &[&str]) -> String {
    let examples_len: usize = examples.iter().map(|e| e.len() + 8).sum();
    let mut out = String::with_capacity(prefix.len() + msg.len() + re.len() + 40 + examples_len);
    out.push_str(prefix);
    out.push_str(msg);
    if examples.is_empty() {
        out.push_str(" (regex used for validation is '");
    } else {
        out.push_str(" (e.g. ");
        for (i, example) in examples.iter().enumerate() {
            if i > 0 {
                out.push_str(" or ");
            }
            out.push('\'');
            out.push_str(example);
            out.push_str("', ");
        }
        out.push_str("regex used for validation is '");
    }
    out.push_str(re);
    out.push_str("')");
    out
}

/// The explanation of a string longer than `length` bytes, as the `content`
/// package words it: `must be no more than N bytes`.
///
/// ```
/// assert_eq!(apimachinery::content::max_len_error(63), "must be no more than 63 bytes");
/// ```
pub fn max_len_error(length: usize) -> String {
    format!("must be no more than {length} bytes")
}

/// The explanation of a string longer than `length` bytes, as
/// `k8s.io/apimachinery/pkg/util/validation` still words it (it measures bytes
/// but says "characters"): `must be no more than N characters`.
///
/// ```
/// use apimachinery::content::max_len_characters_error;
/// assert_eq!(max_len_characters_error(63), "must be no more than 63 characters");
/// ```
pub fn max_len_characters_error(length: usize) -> String {
    format!("must be no more than {length} characters")
}

/// The explanation of an empty string: `must be non-empty`.
///
/// ```
/// assert_eq!(apimachinery::content::empty_error(), "must be non-empty");
/// ```
pub const fn empty_error() -> &'static str {
    "must be non-empty"
}

/// The explanation of a number outside an inclusive range:
/// `must be between LO and HI, inclusive`.
///
/// ```
/// use apimachinery::content::inclusive_range_error;
/// assert_eq!(inclusive_range_error(1, 65535), "must be between 1 and 65535, inclusive");
/// ```
pub fn inclusive_range_error(lo: i64, hi: i64) -> String {
    format!("must be between {lo} and {hi}, inclusive")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regex_error_with_three_examples_has_double_spaces() {
        assert_eq!(
            regex_error("m", "r", &["a", "b", "c"]),
            "m (e.g. 'a',  or 'b',  or 'c', regex used for validation is 'r')"
        );
    }

    #[test]
    fn regex_error_with_one_example() {
        assert_eq!(
            regex_error("m", "r", &["a"]),
            "m (e.g. 'a', regex used for validation is 'r')"
        );
    }

    #[test]
    fn length_messages() {
        assert_eq!(max_len_error(253), "must be no more than 253 bytes");
        assert_eq!(max_len_error(0), "must be no more than 0 bytes");
        assert_eq!(
            max_len_characters_error(1),
            "must be no more than 1 characters"
        );
        assert_eq!(empty_error(), "must be non-empty");
        assert_eq!(
            inclusive_range_error(-1, 0),
            "must be between -1 and 0, inclusive"
        );
    }
}
