//! Names that can be used as one segment of a URL or storage path
//! (Kubernetes' `content.IsPathSegmentName` / `IsPathSegmentPrefix`).
//! For historical reasons neither checks emptiness or length.

/// Kubernetes' `content.IsPathSegmentName`: not `.` or `..` (then a single
/// message), and without `/` or `%` (one message each).
///
/// ```
/// use apimachinery::content::is_path_segment_name;
/// assert!(is_path_segment_name("my.Name_é").is_empty());
/// assert_eq!(is_path_segment_name(".."), vec!["may not be '..'"]);
/// assert_eq!(is_path_segment_name("a/b%c"), vec!["may not contain '/'", "may not contain '%'"]);
/// ```
pub fn is_path_segment_name(name: &str) -> Vec<String> {
    match name {
        "." => vec!["may not be '.'".to_string()],
        ".." => vec!["may not be '..'".to_string()],
        _ => is_path_segment_prefix(name),
    }
}

/// Kubernetes' `content.IsPathSegmentPrefix`: the `/` and `%` checks of
/// [`is_path_segment_name`] only (a suffix may still make `.` or `..` valid).
///
/// ```
/// use apimachinery::content::is_path_segment_prefix;
/// assert!(is_path_segment_prefix("..").is_empty());
/// assert_eq!(is_path_segment_prefix("50%"), vec!["may not contain '%'"]);
/// ```
pub fn is_path_segment_prefix(name: &str) -> Vec<String> {
    let mut errs = Vec::new();
    if name.contains('/') {
        errs.push("may not contain '/'".to_string());
    }
    if name.contains('%') {
        errs.push("may not contain '%'".to_string());
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        for good in [
            "",
            "valid-name",
            "foo.bar.baz",
            "MyResource",
            "my_resource",
            "sha256:ABCDEF012345@ABCDEF012345",
            "Iñtërnâtiônàlizætiøn",
            ".test",
            "..test",
            "...",
            "test..",
            &"x".repeat(1000),
        ] {
            assert!(is_path_segment_name(good).is_empty(), "{good:?}");
        }
        assert_eq!(is_path_segment_name("."), vec!["may not be '.'"]);
        assert_eq!(is_path_segment_name(".."), vec!["may not be '..'"]);
        assert_eq!(is_path_segment_name("foo/bar"), vec!["may not contain '/'"]);
        assert_eq!(is_path_segment_name("/"), vec!["may not contain '/'"]);
        assert_eq!(is_path_segment_name("foo%bar"), vec!["may not contain '%'"]);
        assert_eq!(
            is_path_segment_name("%/"),
            vec!["may not contain '/'", "may not contain '%'"]
        );
        assert_eq!(is_path_segment_name("./"), vec!["may not contain '/'"]);
    }

    #[test]
    fn prefixes() {
        assert!(is_path_segment_prefix(".").is_empty());
        assert!(is_path_segment_prefix("..").is_empty());
        assert_eq!(
            is_path_segment_prefix("a/%"),
            vec!["may not contain '/'", "may not contain '%'"]
        );
    }
}
