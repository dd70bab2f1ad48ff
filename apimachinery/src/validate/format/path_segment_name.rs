//! `+k8s:format=k8s-path-segment-name` (Kubernetes' `validate.PathSegmentName`).

use super::invalid_each_into;
use crate::content::is_path_segment_name;
use crate::field::{ErrorList, Path};
use crate::operation::Context;

const ORIGIN: &str = "format=k8s-path-segment-name";

list_form! {
    /// A name usable as a path segment: not `.` or `..`, without `/` or `%`;
    /// the messages of [`is_path_segment_name`].
    ///
    /// ```
    /// use apimachinery::{field::Path, operation::Context, validate::path_segment_name};
    /// let p = Path::new("name");
    /// assert!(path_segment_name(&Context::create(), &p, Some("Iñtërnâtiônàl"), None).is_empty());
    /// let errs = path_segment_name(&Context::create(), &p, Some("a/b%c"), None);
    /// assert_eq!(errs.len(), 2);
    /// assert_eq!(errs[1].detail, "may not contain '%'");
    /// ```
    path_segment_name => path_segment_name_into
}

/// [`path_segment_name`] appending to `errs`; returns whether it appended any.
#[doc(hidden)]
#[inline]
pub fn path_segment_name_into(
    _ctx: &Context,
    path: &Path<'_>,
    value: Option<&str>,
    _old: Option<&str>,
    errs: &mut ErrorList,
) -> bool {
    match value {
        Some(value) => invalid_each_into(path, value, is_path_segment_name(value), ORIGIN, errs),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::format::tests::{invalid, run};

    #[test]
    fn valid() {
        for good in [
            "",
            "valid-name",
            "foo.bar.baz",
            "MyResource",
            "resource123",
            "my_resource",
            "sha256:ABCDEF012345@ABCDEF012345",
            "Iñtërnâtiônàlizætiøn",
            ".test",
            "..test",
        ] {
            assert!(run(path_segment_name, good).is_empty(), "{good:?}");
        }
    }

    #[test]
    fn invalid_values() {
        assert_eq!(
            run(path_segment_name, "."),
            vec![invalid(".", ORIGIN, "may not be '.'")]
        );
        assert_eq!(
            run(path_segment_name, ".."),
            vec![invalid("..", ORIGIN, "may not be '..'")]
        );
        assert_eq!(
            run(path_segment_name, "foo/bar"),
            vec![invalid("foo/bar", ORIGIN, "may not contain '/'")]
        );
        assert_eq!(
            run(path_segment_name, "foo%bar"),
            vec![invalid("foo%bar", ORIGIN, "may not contain '%'")]
        );
        assert_eq!(
            run(path_segment_name, "foo/bar%baz"),
            vec![
                invalid("foo/bar%baz", ORIGIN, "may not contain '/'"),
                invalid("foo/bar%baz", ORIGIN, "may not contain '%'")
            ]
        );
    }
}
