//! `ValidateQualifiedName` of Kubernetes' core validation: every message of
//! `IsQualifiedName` as an `Invalid` error with origin
//! `format=qualified-name`.

use apimachinery::content::is_qualified_name;
use apimachinery::field::{Error, ErrorList, Path};

/// `ValidateQualifiedName`.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::core::v1::qualified_name::validate_qualified_name;
/// assert!(validate_qualified_name("example.com/ready", &Path::new("c")).is_empty());
/// let errs = validate_qualified_name("a/b/c", &Path::new("c"));
/// assert_eq!(errs[0].origin, "format=qualified-name");
/// ```
pub fn validate_qualified_name(value: &str, path: &Path<'_>) -> ErrorList {
    is_qualified_name(value)
        .into_iter()
        .map(|msg| Error::invalid(path, value, msg).with_origin("format=qualified-name"))
        .collect()
}
