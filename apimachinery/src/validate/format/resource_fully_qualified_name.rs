//! `+k8s:format=k8s-resource-fully-qualified-name` (Kubernetes'
//! `validate.ResourceFullyQualifiedName`).

use super::long_name;
use crate::content::is_c_identifier;
use crate::field::{Error, ErrorList, Path};
use crate::operation::Context;

const ORIGIN: &str = "format=k8s-resource-fully-qualified-name";
const PREFIX_MAX_LENGTH: usize = 63;
const NAME_MAX_LENGTH: usize = 32;

/// A resource "fully qualified name": `<DNS subdomain>/<C identifier>`.
///
/// Errors, all with origin `format=k8s-resource-fully-qualified-name`:
/// - one part (no `/`): the name checks below on the whole value;
/// - two parts: an empty prefix is `Invalid` `prefix must not be empty` (bad
///   value `""`); otherwise a prefix over 63 bytes is `TooLong` (63), and the
///   prefix gets the [`long_name`] errors with detail prefix `prefix: `; an
///   empty name is `Invalid` `name must not be empty` (bad value `""`);
///   otherwise the name checks;
/// - more than two parts: `Invalid` `must not contain more than one slash`
///   (bad value: the whole string), and nothing else;
/// - then, without `/`: `Invalid` `a fully qualified name must be a domain and
///   a name separated by a slash` (bad value: the whole string).
///
/// The name checks: over 32 bytes is `TooLong` (32); not a C identifier is
/// `Invalid` with the C-identifier message (bad value: the name).
///
/// ```
/// use apimachinery::{field::Path, operation::Context, validate::resource_fully_qualified_name};
/// let p = Path::new("name");
/// assert!(resource_fully_qualified_name(&Context::create(), &p, Some("example.com/my_name"), None).is_empty());
/// let errs = resource_fully_qualified_name(&Context::create(), &p, Some("example.com/"), None);
/// assert_eq!(errs[0].to_string(), r#"name: Invalid value: "": name must not be empty"#);
/// ```
pub fn resource_fully_qualified_name(
    ctx: &Context,
    path: &Path<'_>,
    value: Option<&str>,
    _old: Option<&str>,
) -> ErrorList {
    let Some(value) = value else {
        return ErrorList::new();
    };
    let mut errs = resources_qualified_name(ctx, path, value);
    if !value.contains('/') {
        errs.push(Error::invalid(
            path,
            value,
            "a fully qualified name must be a domain and a name separated by a slash",
        ));
    }
    errs.with_origin(ORIGIN)
}

sink_form!(resource_fully_qualified_name => resource_fully_qualified_name_into);

/// Kubernetes' unexported `resourcesQualifiedName`: an optional prefix and a name.
fn resources_qualified_name(ctx: &Context, path: &Path<'_>, value: &str) -> ErrorList {
    let mut parts = value.split('/');
    let first = parts.next().unwrap_or_default();
    match (parts.next(), parts.next()) {
        (None, _) => c_identifier(path, first),
        (Some(name), None) => {
            let mut errs = ErrorList::new();
            if first.is_empty() {
                errs.push(Error::invalid(path, "", "prefix must not be empty"));
            } else {
                if first.len() > PREFIX_MAX_LENGTH {
                    errs.push(Error::too_long(path, PREFIX_MAX_LENGTH as i64));
                }
                let prefix_errs = long_name(ctx, path, Some(first), None);
                if !prefix_errs.is_empty() {
                    errs.extend_from(prefix_errs.prefix_detail("prefix: "));
                }
            }
            if name.is_empty() {
                errs.push(Error::invalid(path, "", "name must not be empty"));
            } else {
                errs.extend_from(c_identifier(path, name));
            }
            errs
        }
        (Some(_), Some(_)) => ErrorList::from(Error::invalid(
            path,
            value,
            "must not contain more than one slash",
        )),
    }
}

/// Kubernetes' unexported `validateCIdentifier` with the 32-byte limit.
fn c_identifier(path: &Path<'_>, id: &str) -> ErrorList {
    let mut errs = ErrorList::new();
    if id.len() > NAME_MAX_LENGTH {
        errs.push(Error::too_long(path, NAME_MAX_LENGTH as i64));
    }
    errs.extend(
        is_c_identifier(id)
            .into_iter()
            .map(|msg| Error::invalid(path, id, msg)),
    );
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::format::tests::{invalid, run, too_long};

    const C_ID_MSG: &str = "a valid C identifier must start with alphabetic character or '_', followed by a string of alphanumeric characters or '_' (e.g. 'my_name',  or 'MY_NAME',  or 'MyName', regex used for validation is '[A-Za-z_][A-Za-z0-9_]*')";
    const NO_SLASH: &str =
        "a fully qualified name must be a domain and a name separated by a slash";
    const PREFIX_MSG: &str = "prefix: a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

    #[test]
    fn valid() {
        for good in [
            "prefix.com/name",
            "my-subdomain.example.com/name",
            "prefix.com/Name",
            "a/_",
            &format!("{}/{}", "a".repeat(63), "n".repeat(32)),
        ] {
            assert!(
                run(resource_fully_qualified_name, good).is_empty(),
                "{good:?}"
            );
        }
    }

    #[test]
    fn name_errors() {
        for (input, name) in [
            ("prefix.com/name.with.dots", "name.with.dots"),
            ("prefix.com/name-with-dashes", "name-with-dashes"),
            ("prefix.com/1abc", "1abc"),
        ] {
            assert_eq!(
                run(resource_fully_qualified_name, input),
                vec![invalid(name, ORIGIN, C_ID_MSG)]
            );
        }
        let long = format!("prefix.com/{}", "a".repeat(33));
        assert_eq!(
            run(resource_fully_qualified_name, &long),
            vec![too_long(32, ORIGIN)]
        );
        assert_eq!(
            run(resource_fully_qualified_name, "prefix.com/"),
            vec![invalid("", ORIGIN, "name must not be empty")]
        );
    }

    #[test]
    fn more_than_one_slash() {
        for input in [
            "prefix.com/name/extra",
            "prefix.com/a/b/c/d",
            "prefix.com/name/",
            "prefix.com//name",
            "/prefix.com/name",
            "//",
        ] {
            assert_eq!(
                run(resource_fully_qualified_name, input),
                vec![invalid(
                    input,
                    ORIGIN,
                    "must not contain more than one slash"
                )],
                "{input:?}"
            );
        }
    }

    #[test]
    fn no_slash() {
        assert_eq!(
            run(resource_fully_qualified_name, "name"),
            vec![invalid("name", ORIGIN, NO_SLASH)]
        );
        assert_eq!(
            run(resource_fully_qualified_name, ""),
            vec![invalid("", ORIGIN, C_ID_MSG), invalid("", ORIGIN, NO_SLASH)]
        );
        let long = "a".repeat(33);
        assert_eq!(
            run(resource_fully_qualified_name, &long),
            vec![too_long(32, ORIGIN), invalid(&long, ORIGIN, NO_SLASH)]
        );
    }

    #[test]
    fn prefix_errors() {
        assert_eq!(
            run(resource_fully_qualified_name, "/name"),
            vec![invalid("", ORIGIN, "prefix must not be empty")]
        );
        assert_eq!(
            run(resource_fully_qualified_name, "/"),
            vec![
                invalid("", ORIGIN, "prefix must not be empty"),
                invalid("", ORIGIN, "name must not be empty")
            ]
        );
        assert_eq!(
            run(resource_fully_qualified_name, "Prefix.com/name"),
            vec![invalid("Prefix.com", ORIGIN, PREFIX_MSG)]
        );
        let prefix = "a".repeat(64);
        assert_eq!(
            run(resource_fully_qualified_name, &format!("{prefix}/name")),
            vec![too_long(63, ORIGIN)]
        );
        let prefix = "a".repeat(254);
        assert_eq!(
            run(resource_fully_qualified_name, &format!("{prefix}/name")),
            vec![
                too_long(63, ORIGIN),
                invalid(&prefix, ORIGIN, "prefix: must be no more than 253 bytes")
            ]
        );
    }
}
