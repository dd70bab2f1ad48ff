//! The mount options of a volume mount: a port of `validateMountPropagation`
//! and `validateMountRecursiveReadOnly`.

use apimachinery::field::{Error, ErrorList, Path};
use declarative::api::core::v1::{SecurityContext, VolumeMount};

const PROPAGATIONS: &[&str] = &["Bidirectional", "HostToContainer", "None"];

/// `validateMountPropagation` for a mount of a container whose security
/// context is `security_context`: a supported mode, and `Bidirectional`
/// only for a privileged container.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::core::v1::mount_options::validate_mount_propagation;
/// let errs = validate_mount_propagation("Bidirectional", None, &Path::new("mountPropagation"));
/// assert_eq!(errs[0].detail, "Bidirectional mount propagation is available only to privileged containers");
/// ```
pub fn validate_mount_propagation(
    propagation: &str,
    security_context: Option<&SecurityContext>,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if !PROPAGATIONS.contains(&propagation) {
        errs.push(Error::not_supported(path, propagation, PROPAGATIONS));
    }
    let privileged = security_context.and_then(|s| s.privileged) == Some(true);
    if propagation == "Bidirectional" && !privileged {
        errs.push(Error::forbidden(
            path,
            "Bidirectional mount propagation is available only to privileged containers",
        ));
    }
    errs
}

const RECURSIVE_READ_ONLY: &[&str] = &["Disabled", "Enabled", "IfPossible"];

/// `validateMountRecursiveReadOnly`: `Enabled` and `IfPossible` need
/// `readOnly` and no propagation other than `None`.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::VolumeMount;
/// use handwritten::core::v1::mount_options::validate_mount_recursive_read_only;
/// let m = VolumeMount { recursive_read_only: Some("Enabled".into()), ..Default::default() };
/// let errs = validate_mount_recursive_read_only(&m, &Path::new("recursiveReadOnly"));
/// assert_eq!(errs[0].detail, "may only be specified when readOnly is true");
/// ```
pub fn validate_mount_recursive_read_only(mount: &VolumeMount, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    match mount.recursive_read_only.as_deref() {
        None | Some("Disabled") => {}
        Some("Enabled" | "IfPossible") => {
            if !mount.read_only {
                errs.push(Error::forbidden(
                    path,
                    "may only be specified when readOnly is true",
                ));
            }
            if mount
                .mount_propagation
                .as_deref()
                .is_some_and(|p| p != "None")
            {
                errs.push(Error::forbidden(
                    path,
                    "may only be specified when mountPropagation is None or not specified",
                ));
            }
        }
        Some(other) => errs.push(Error::not_supported(path, other, RECURSIVE_READ_ONLY)),
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn propagation_modes() {
        let p = Path::new("m");
        let privileged = SecurityContext {
            privileged: Some(true),
            ..SecurityContext::default()
        };
        let unprivileged = SecurityContext {
            privileged: Some(false),
            ..SecurityContext::default()
        };
        assert!(validate_mount_propagation("HostToContainer", None, &p).is_empty());
        assert!(validate_mount_propagation("None", Some(&unprivileged), &p).is_empty());
        assert!(validate_mount_propagation("Bidirectional", Some(&privileged), &p).is_empty());
        assert_eq!(
            validate_mount_propagation("Bidirectional", Some(&unprivileged), &p).len(),
            1
        );
        assert_eq!(
            validate_mount_propagation("invalid", Some(&privileged), &p)[0].to_string(),
            r#"m: Unsupported value: "invalid": supported values: "Bidirectional", "HostToContainer", "None""#
        );
    }

    #[test]
    fn recursive_read_only() {
        let p = Path::new("r");
        let m = |rro: &str, ro: bool, prop: Option<&str>| VolumeMount {
            read_only: ro,
            recursive_read_only: Some(rro.into()),
            mount_propagation: prop.map(Into::into),
            ..VolumeMount::default()
        };
        assert!(validate_mount_recursive_read_only(&m("Disabled", false, None), &p).is_empty());
        assert!(
            validate_mount_recursive_read_only(&m("Enabled", true, Some("None")), &p).is_empty()
        );
        assert_eq!(
            validate_mount_recursive_read_only(&m("IfPossible", false, None), &p).len(),
            1
        );
        assert_eq!(
            validate_mount_recursive_read_only(&m("Enabled", true, Some("HostToContainer")), &p)
                .len(),
            1
        );
        assert_eq!(
            validate_mount_recursive_read_only(&m("Always", true, None), &p)[0].error_type,
            apimachinery::field::ErrorType::NotSupported
        );
    }
}
