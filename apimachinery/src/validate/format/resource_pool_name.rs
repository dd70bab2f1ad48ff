//! `+k8s:format=k8s-resource-pool-name` (Kubernetes' `validate.ResourcePoolName`).

use super::long_name;
use crate::field::{Error, ErrorList, Path};
use crate::operation::Context;

const ORIGIN: &str = "format=k8s-resource-pool-name";
const MAX_LENGTH: usize = 253;

/// One or more "long names" (DNS-1123 subdomains) separated by `/`, at most
/// 253 bytes in all.
///
/// Errors: `TooLong` (253) for the whole value; for each empty segment an
/// `Invalid` `segment N: must not be empty` (bad value: the whole string);
/// for each other segment the [`long_name`] errors with detail prefix
/// `segment N: ` (bad value: the segment). Every error's origin is
/// `format=k8s-resource-pool-name`, overriding `format=k8s-long-name`.
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::resource_pool_name};
/// let p = Path::new("pool");
/// assert!(resource_pool_name(&Context::create(), &p, Some("a.b/c"), None).is_empty());
/// let errs = resource_pool_name(&Context::create(), &p, Some("a//B"), None);
/// assert_eq!(errs[0].detail, "segment 1: must not be empty");
/// assert!(errs[1].detail.starts_with("segment 2: a lowercase RFC 1123 subdomain"));
/// assert_eq!(errs[1].origin, "format=k8s-resource-pool-name");
/// ```
pub fn resource_pool_name(
    ctx: &Context,
    path: &Path<'_>,
    value: Option<&str>,
    _old: Option<&str>,
) -> ErrorList {
    let Some(value) = value else {
        return ErrorList::new();
    };
    let mut errs = ErrorList::new();
    if value.len() > MAX_LENGTH {
        errs.push(Error::too_long(path, MAX_LENGTH as i64));
    }
    for (i, segment) in value.split('/').enumerate() {
        if segment.is_empty() {
            errs.push(Error::invalid(
                path,
                value,
                format!("segment {i}: must not be empty"),
            ));
            continue;
        }
        let segment_errs = long_name(ctx, path, Some(segment), None);
        if !segment_errs.is_empty() {
            errs.extend_from(segment_errs.prefix_detail(&format!("segment {i}: ")));
        }
    }
    errs.with_origin(ORIGIN)
}

sink_form!(resource_pool_name => resource_pool_name_into);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::format::tests::{invalid, run, too_long};

    const SUBDOMAIN_MSG: &str = "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

    fn segment(i: usize, bad: &str) -> super::super::tests::Got {
        invalid(bad, ORIGIN, &format!("segment {i}: {SUBDOMAIN_MSG}"))
    }

    #[test]
    fn valid() {
        for good in [
            "a.valid.long-name",
            "a.valid.long-name/another.one",
            "a/b/c.d.e",
            "1.2.3/4.5.6",
            &"a".repeat(253),
            &format!("{}/{}", "a".repeat(126), "b".repeat(126)),
        ] {
            assert!(run(resource_pool_name, good).is_empty(), "{good:?}");
        }
    }

    #[test]
    fn empty_segments() {
        assert_eq!(
            run(resource_pool_name, ""),
            vec![invalid("", ORIGIN, "segment 0: must not be empty")]
        );
        assert_eq!(
            run(resource_pool_name, "/"),
            vec![
                invalid("/", ORIGIN, "segment 0: must not be empty"),
                invalid("/", ORIGIN, "segment 1: must not be empty")
            ]
        );
        assert_eq!(
            run(resource_pool_name, "/a.b.c"),
            vec![invalid("/a.b.c", ORIGIN, "segment 0: must not be empty")]
        );
        assert_eq!(
            run(resource_pool_name, "a.b.c/"),
            vec![invalid("a.b.c/", ORIGIN, "segment 1: must not be empty")]
        );
        assert_eq!(
            run(resource_pool_name, "a.b.c//d.e.f"),
            vec![invalid(
                "a.b.c//d.e.f",
                ORIGIN,
                "segment 1: must not be empty"
            )]
        );
    }

    #[test]
    fn invalid_segments_carry_the_segment_as_bad_value() {
        assert_eq!(
            run(resource_pool_name, "a.valid.name/Not.Valid"),
            vec![segment(1, "Not.Valid")]
        );
        assert_eq!(
            run(resource_pool_name, "a.valid.name/-not-valid"),
            vec![segment(1, "-not-valid")]
        );
        assert_eq!(
            run(resource_pool_name, "Not/Valid/Either"),
            vec![segment(0, "Not"), segment(1, "Valid"), segment(2, "Either")]
        );
    }

    #[test]
    fn lengths() {
        let over = format!("a.valid.name/{}", "b".repeat(253));
        assert_eq!(run(resource_pool_name, &over), vec![too_long(253, ORIGIN)]);
        let one_segment = "b".repeat(254);
        assert_eq!(
            run(resource_pool_name, &one_segment),
            vec![
                too_long(253, ORIGIN),
                invalid(
                    &one_segment,
                    ORIGIN,
                    "segment 0: must be no more than 253 bytes"
                )
            ]
        );
        let exactly = format!("{}/{}", "a".repeat(126), "b".repeat(127));
        assert_eq!(exactly.len(), 254);
        assert_eq!(
            run(resource_pool_name, &exactly),
            vec![too_long(253, ORIGIN)]
        );
    }
}
