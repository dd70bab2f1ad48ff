//! `+k8s:format=k8s-label-value` (Kubernetes' `validate.LabelValue`).

use super::invalid_each_into;
use crate::content::is_label_value;
use crate::field::{ErrorList, Path};
use crate::operation::Context;

const ORIGIN: &str = "format=k8s-label-value";

list_form! {
    /// A label value: empty, or at most 63 bytes of alphanumerics, `-`, `_` and
    /// `.` starting and ending with an alphanumeric; the messages of
    /// [`is_label_value`].
    ///
    /// ```
    /// use apimachinery::{field::Path, operation::Context, validate::label_value};
    /// let p = Path::new("value");
    /// assert!(label_value(&Context::create(), &p, Some(""), None).is_empty());
    /// let errs = label_value(&Context::create(), &p, Some("-x"), None);
    /// assert_eq!(errs[0].origin, "format=k8s-label-value");
    /// ```
    label_value => label_value_into
}

/// [`label_value`] appending to `errs`; returns whether it appended any.
#[doc(hidden)]
#[inline]
pub fn label_value_into(
    _ctx: &Context,
    path: &Path<'_>,
    value: Option<&str>,
    _old: Option<&str>,
    errs: &mut ErrorList,
) -> bool {
    match value {
        Some(value) => invalid_each_into(path, value, is_label_value(value), ORIGIN, errs),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::validate::format::tests::{invalid, run};

    const MSG: &str = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')";

    #[test]
    fn valid() {
        let max = format!("a{}c", "b".repeat(61));
        for good in [
            "",
            "valid-value",
            "valid.value",
            "valid_value",
            "a",
            "123-abc",
            "Valid-Value",
            &max,
        ] {
            assert!(run(label_value, good).is_empty(), "{good:?}");
        }
    }

    #[test]
    fn invalid_values() {
        for bad in [
            "-invalid-value",
            "invalid-value-",
            ".invalid.value",
            "invalid.value.",
            "_invalid_value",
            "invalid_value_",
            "invalid@value",
            "é",
        ] {
            assert_eq!(
                run(label_value, bad),
                vec![invalid(bad, ORIGIN, MSG)],
                "{bad:?}"
            );
        }
        let long = format!("a{}c", "b".repeat(62));
        assert_eq!(
            run(label_value, &long),
            vec![invalid(&long, ORIGIN, "must be no more than 63 bytes")]
        );
    }
}
