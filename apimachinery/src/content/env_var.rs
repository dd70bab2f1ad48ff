//! Environment variable names and ConfigMap/Secret keys (Kubernetes'
//! `util/validation` `IsEnvVarName`, `IsRelaxedEnvVarName` and
//! `IsConfigMapKey`), which share the `.`/`..` checks of `hasChDirPrefix`.

use super::messages::{empty_error, max_len_characters_error, regex_error};

const ENV_VAR_NAME_FMT: &str = "[-._a-zA-Z][-._a-zA-Z0-9]*";
const ENV_VAR_NAME_ERR_MSG: &str = "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit";
const RELAXED_ENV_VAR_NAME_ERR_MSG: &str = "a valid environment variable name must consist only of printable ASCII characters other than '='";
const CONFIG_MAP_KEY_FMT: &str = "[-._a-zA-Z0-9]+";
const CONFIG_MAP_KEY_ERR_MSG: &str =
    "a valid config key must consist of alphanumeric characters, '-', '_' or '.'";
const CONFIG_MAP_KEY_MAX_LENGTH: usize = 253;

fn is_key_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_')
}

/// Kubernetes' `hasChDirPrefix`: `.`, `..` and a `..` prefix are refused.
fn ch_dir_prefix(value: &str) -> Option<String> {
    let msg = match value {
        "." => "must not be '.'",
        ".." => "must not be '..'",
        v if v.starts_with("..") => "must not start with '..'",
        _ => return None,
    };
    Some(msg.to_string())
}

/// Kubernetes' `IsEnvVarName`: letters, digits, `_`, `-` and `.`, not
/// starting with a digit; and not `.`, `..` or starting with `..`.
///
/// ```
/// use apimachinery::content::is_env_var_name;
/// assert!(is_env_var_name("MY_ENV.NAME").is_empty());
/// assert_eq!(is_env_var_name(".."), vec!["must not be '..'"]);
/// assert_eq!(is_env_var_name("1A").len(), 1);
/// ```
pub fn is_env_var_name(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    let ok = match value.as_bytes().split_first() {
        Some((first, rest)) => {
            !first.is_ascii_digit() && is_key_byte(*first) && rest.iter().all(|&b| is_key_byte(b))
        }
        None => false,
    };
    if !ok {
        errs.push(regex_error(
            ENV_VAR_NAME_ERR_MSG,
            ENV_VAR_NAME_FMT,
            &["my.env-name", "MY_ENV.NAME", "MyEnvName1"],
        ));
    }
    errs.extend(ch_dir_prefix(value));
    errs
}

/// Kubernetes' `IsRelaxedEnvVarName`: non-empty, printable ASCII (space
/// included) other than `=`.
///
/// ```
/// use apimachinery::content::is_relaxed_env_var_name;
/// assert!(is_relaxed_env_var_name("1 my var!").is_empty());
/// assert_eq!(is_relaxed_env_var_name(""), vec!["environment variable name must be non-empty"]);
/// assert_eq!(is_relaxed_env_var_name("a=b").len(), 1);
/// ```
pub fn is_relaxed_env_var_name(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.is_empty() {
        errs.push(format!("environment variable name {}", empty_error()));
    }
    if value
        .bytes()
        .any(|b| !(b' '..=b'~').contains(&b) || b == b'=')
    {
        errs.push(RELAXED_ENV_VAR_NAME_ERR_MSG.to_string());
    }
    errs
}

/// Kubernetes' `IsConfigMapKey` (also used for Secret keys): at most 253
/// bytes of letters, digits, `-`, `_` and `.`; and not `.`, `..` or starting
/// with `..`.
///
/// ```
/// use apimachinery::content::is_config_map_key;
/// assert!(is_config_map_key("key.name").is_empty());
/// assert_eq!(is_config_map_key("."), vec!["must not be '.'"]);
/// assert_eq!(is_config_map_key("a/b").len(), 1);
/// ```
pub fn is_config_map_key(value: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if value.len() > CONFIG_MAP_KEY_MAX_LENGTH {
        errs.push(max_len_characters_error(CONFIG_MAP_KEY_MAX_LENGTH));
    }
    if value.is_empty() || !value.bytes().all(is_key_byte) {
        errs.push(regex_error(
            CONFIG_MAP_KEY_ERR_MSG,
            CONFIG_MAP_KEY_FMT,
            &["key.name", "KEY_NAME", "key-name"],
        ));
    }
    errs.extend(ch_dir_prefix(value));
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::dns::tests::all_strings;
    use regex::Regex;

    const ENV_MSG: &str = "a valid environment variable name must consist of alphabetic characters, digits, '_', '-', or '.', and must not start with a digit (e.g. 'my.env-name',  or 'MY_ENV.NAME',  or 'MyEnvName1', regex used for validation is '[-._a-zA-Z][-._a-zA-Z0-9]*')";
    const KEY_MSG: &str = "a valid config key must consist of alphanumeric characters, '-', '_' or '.' (e.g. 'key.name',  or 'KEY_NAME',  or 'key-name', regex used for validation is '[-._a-zA-Z0-9]+')";

    #[test]
    fn byte_checks_agree_with_kubernetes_expressions() {
        let env = Regex::new(&format!("^{ENV_VAR_NAME_FMT}$")).unwrap();
        let key = Regex::new(&format!("^{CONFIG_MAP_KEY_FMT}$")).unwrap();
        for s in all_strings(&['a', 'Z', '0', '-', '.', '_', '/', ' ', 'é'], 4) {
            assert_eq!(
                is_env_var_name(&s).first().map(String::as_str) == Some(ENV_MSG),
                !env.is_match(&s),
                "{s:?}"
            );
            assert_eq!(
                is_config_map_key(&s).first().map(String::as_str) == Some(KEY_MSG),
                !key.is_match(&s),
                "{s:?}"
            );
        }
    }

    #[test]
    fn env_var_names() {
        for good in [
            "A",
            "my.env-name",
            "MY_ENV.NAME",
            "MyEnvName1",
            "_",
            "-",
            ".a",
            "a..",
        ] {
            assert!(is_env_var_name(good).is_empty(), "{good:?}");
        }
        for bad in ["", "1", "1a", "a b", "a=b", "é", "a/b"] {
            assert_eq!(is_env_var_name(bad), vec![ENV_MSG], "{bad:?}");
        }
        assert_eq!(is_env_var_name("."), vec!["must not be '.'"]);
        assert_eq!(is_env_var_name(".."), vec!["must not be '..'"]);
        assert_eq!(is_env_var_name("..a"), vec!["must not start with '..'"]);
        assert_eq!(
            is_env_var_name("..a b"),
            vec![ENV_MSG, "must not start with '..'"]
        );
    }

    #[test]
    fn relaxed_env_var_names() {
        for good in ["1", " ", "~!@#", "a b", ".."] {
            assert!(is_relaxed_env_var_name(good).is_empty(), "{good:?}");
        }
        let relaxed = "a valid environment variable name must consist only of printable ASCII characters other than '='";
        for bad in ["=", "a\tb", "é", "\u{7f}", "a\n"] {
            assert_eq!(is_relaxed_env_var_name(bad), vec![relaxed], "{bad:?}");
        }
        assert_eq!(
            is_relaxed_env_var_name(""),
            vec!["environment variable name must be non-empty"]
        );
    }

    #[test]
    fn config_map_keys() {
        for good in [
            "key.name",
            "KEY_NAME",
            "key-name",
            ".a",
            "a..b",
            &"a".repeat(253),
        ] {
            assert!(is_config_map_key(good).is_empty(), "{good:?}");
        }
        assert_eq!(
            is_config_map_key(&"a".repeat(254)),
            vec!["must be no more than 253 characters"]
        );
        assert_eq!(is_config_map_key(""), vec![KEY_MSG]);
        assert_eq!(is_config_map_key("a/b"), vec![KEY_MSG]);
        assert_eq!(is_config_map_key(".."), vec!["must not be '..'"]);
        assert_eq!(is_config_map_key("..x"), vec!["must not start with '..'"]);
        assert_eq!(
            is_config_map_key(&format!("..{}", "/".repeat(252))),
            vec![
                "must be no more than 253 characters",
                KEY_MSG,
                "must not start with '..'"
            ]
        );
    }
}
