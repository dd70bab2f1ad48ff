//! `+k8s:format=k8s-uuid` (Kubernetes' `validate.UUID`).

use super::invalid_each_into;
use crate::content::is_uuid;
use crate::field::{ErrorList, Path};
use crate::operation::Context;

const ORIGIN: &str = "format=k8s-uuid";

list_form! {
    /// A lowercase UUID in the 8-4-4-4-12 form; the single message of [`is_uuid`].
    ///
    /// ```
    /// use apimachinery::{field::Path, operation::Context, validate::uuid};
    /// let p = Path::new("uid");
    /// assert!(uuid(&Context::create(), &p, Some("123e4567-e89b-12d3-a456-426614174000"), None).is_empty());
    /// let errs = uuid(&Context::create(), &p, Some("not-a-uuid"), None);
    /// assert_eq!(errs[0].to_string(), r#"uid: Invalid value: "not-a-uuid": must be a lowercase UUID in 8-4-4-4-12 format"#);
    /// assert_eq!(errs[0].origin, "format=k8s-uuid");
    /// ```
    uuid => uuid_into
}

/// [`uuid`] appending to `errs`; returns whether it appended any.
#[doc(hidden)]
#[inline]
pub fn uuid_into(
    _ctx: &Context,
    path: &Path<'_>,
    value: Option<&str>,
    _old: Option<&str>,
    errs: &mut ErrorList,
) -> bool {
    match value {
        Some(value) => invalid_each_into(path, value, is_uuid(value), ORIGIN, errs),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::format::tests::{invalid, run};

    const MSG: &str = "must be a lowercase UUID in 8-4-4-4-12 format";

    #[test]
    fn valid() {
        assert!(run(uuid, "123e4567-e89b-12d3-a456-426614174000").is_empty());
    }

    #[test]
    fn invalid_values() {
        for bad in [
            "123E4567-E89B-12D3-A456-426614174000",
            "urn:uuid:123e4567-e89b-12d3-a456-426614174000",
            "123e4567e89b12d3a456426614174000",
            "123e4567-e89b-12d3-a456-42661417400",
            "123e4567-e89b-12d3-a456-42661417400g",
            "123e4567-e89b-12d3-a4564-26614174000",
            "",
            "not-a-uuid",
        ] {
            assert_eq!(run(uuid, bad), vec![invalid(bad, ORIGIN, MSG)], "{bad:?}");
        }
    }
}
