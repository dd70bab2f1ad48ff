//! Generic checks of Kubernetes' `k8s.io/apimachinery/pkg/api/validation`
//! (`generic.go`, `objectmeta.go`): non-negative integers and immutable fields.

use apimachinery::field::{BadValue, Error, ErrorList, Path};
use apimachinery::text_eq::TextEq;

/// Kubernetes' `IsNegativeErrorMsg`.
///
/// ```
/// assert_eq!(handwritten::meta::v1::generic::IS_NEGATIVE_ERROR_MSG, "must be greater than or equal to 0");
/// ```
pub const IS_NEGATIVE_ERROR_MSG: &str = "must be greater than or equal to 0";

/// Kubernetes' `FieldImmutableErrorMsg`.
///
/// ```
/// assert_eq!(handwritten::meta::v1::generic::FIELD_IMMUTABLE_ERROR_MSG, "field is immutable");
/// ```
pub const FIELD_IMMUTABLE_ERROR_MSG: &str = "field is immutable";

/// `ValidateNonnegativeField`: an `Invalid` error with origin `minimum` when
/// `value` is negative.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::meta::v1::generic::validate_nonnegative_field;
/// let errs = validate_nonnegative_field(-1, &Path::new("spec").child("replicas"));
/// assert_eq!(errs[0].to_string(), "spec.replicas: Invalid value: -1: must be greater than or equal to 0");
/// assert_eq!(errs[0].origin, "minimum");
/// assert!(validate_nonnegative_field(0, &Path::new("x")).is_empty());
/// ```
pub fn validate_nonnegative_field(value: i64, path: &Path<'_>) -> ErrorList {
    if value < 0 {
        return ErrorList::from(
            Error::invalid(path, value, IS_NEGATIVE_ERROR_MSG).with_origin("minimum"),
        );
    }
    ErrorList::new()
}

/// `ValidateImmutableField`: an `Invalid` error (bad value: the new value,
/// detail `field is immutable`, no origin) when `new` differs from `old`
/// (compared with `TextEq`: Go compares two empty strings for free, glibc's
/// `memcmp` does not).
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::meta::v1::generic::validate_immutable_field;
/// let errs = validate_immutable_field("b", "a", &Path::new("metadata").child("name"));
/// assert_eq!(errs[0].to_string(), r#"metadata.name: Invalid value: "b": field is immutable"#);
/// assert!(validate_immutable_field(Some(3i64), Some(3), &Path::new("x")).is_empty());
/// ```
pub fn validate_immutable_field<T: TextEq + Into<BadValue>>(
    new: T,
    old: T,
    path: &Path<'_>,
) -> ErrorList {
    if !new.text_eq(&old) {
        return ErrorList::from(Error::invalid(path, new, FIELD_IMMUTABLE_ERROR_MSG));
    }
    ErrorList::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nonnegative_accepts_zero_and_positive() {
        let p = Path::new("x");
        assert!(validate_nonnegative_field(0, &p).is_empty());
        assert!(validate_nonnegative_field(i64::MAX, &p).is_empty());
        assert_eq!(validate_nonnegative_field(i64::MIN, &p).len(), 1);
    }

    #[test]
    fn immutable_compares_nil_and_values() {
        let p = Path::new("x");
        let errs = validate_immutable_field(None::<i64>, Some(1), &p);
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].bad_value.render(), "null");
        assert!(errs[0].origin.is_empty());
        assert!(validate_immutable_field(None::<i64>, None, &p).is_empty());
    }
}
