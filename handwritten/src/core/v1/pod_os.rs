//! `validateOS` (Kubernetes' `pkg/apis/core/validation/validation.go`, read
//! at 000f2605): a pod's `os.name` is required and must be `linux` or
//! `windows`.
//!
//! `validateLinux` and `validateWindows`, which `ValidatePodSpec` runs once
//! the name is valid, are in [`super::os_fields`].

use apimachinery::field::{Error, ErrorList, Path};
use declarative::api::core::v1::PodOS;

/// The supported OS names, sorted as Go's `sets.List` returns them.
const VALID_OS: &[&str] = &["linux", "windows"];

/// `validateOS`: an empty name is `Required` at `<path>.name`; an unknown
/// one is `NotSupported` at `<path>` itself (not at `.name`, as in
/// Kubernetes).
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::PodOS;
/// use handwritten::core::v1::pod_os::validate_os;
/// let errs = validate_os(&PodOS { name: "dos".into() }, &Path::new("os"));
/// assert_eq!(errs[0].field, "os");
/// assert!(validate_os(&PodOS { name: "linux".into() }, &Path::new("os")).is_empty());
/// ```
pub fn validate_os(os: &PodOS, path: &Path<'_>) -> ErrorList {
    if os.name.is_empty() {
        return ErrorList::from(Error::required(&path.child("name"), "cannot be empty"));
    }
    if VALID_OS.contains(&os.name.as_str()) {
        return ErrorList::new();
    }
    ErrorList::from(Error::not_supported(path, os.name.as_str(), VALID_OS))
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorType;

    #[test]
    fn empty_name_is_required_at_name() {
        let errs = validate_os(&PodOS::default(), &Path::new("os"));
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].error_type, ErrorType::Required);
        assert_eq!(errs[0].field, "os.name");
        assert_eq!(errs[0].detail, "cannot be empty");
    }

    #[test]
    fn names_are_case_sensitive() {
        let errs = validate_os(
            &PodOS {
                name: "Linux".into(),
            },
            &Path::new("os"),
        );
        assert_eq!(errs[0].error_type, ErrorType::NotSupported);
        assert_eq!(errs[0].detail, r#"supported values: "linux", "windows""#);
        assert!(
            validate_os(
                &PodOS {
                    name: "windows".into()
                },
                &Path::new("os")
            )
            .is_empty()
        );
    }
}
