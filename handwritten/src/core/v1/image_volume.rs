//! The `image` pod volume source: a port of `validateImageVolumeSource` and
//! of the `subPath` rule `ValidateVolumeMounts` has for image volumes
//! (Kubernetes' `pkg/apis/core/validation/validation.go`, read at 000f2605).
//!
//! The reference is required only when the validated object is a Pod
//! (`PodValidationOptions.ResourceIsPod`); a pod template may leave it for a
//! controller to fill, so this port (which validates templates only) never
//! requires it. The pull policy is always checked.
//!
//! Not modelled: the `ImageVolume` gate of `DropDisabledTemplateFields`
//! (which drops image volumes from a template before validation when the
//! gate is off and the stored template has none; cases use `"prepare":
//! false`), and the `subPathExpr` half of the mount rule (`subPathExpr` is
//! not in this port's `VolumeMount`).

use super::container::validate_pull_policy;
use apimachinery::field::{Error, ErrorList, Path};
use declarative::api::core::v1::ImageVolumeSource;

/// The detail of a `subPath` on a mount of an image volume.
pub const SUB_PATH_NOT_ALLOWED: &str = "not allowed in image volume sources";

/// `validateImageVolumeSource`; `resource_is_pod` is
/// `PodValidationOptions.ResourceIsPod`.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::ImageVolumeSource;
/// use handwritten::core::v1::image_volume::validate_image_volume_source;
/// let errs = validate_image_volume_source(&ImageVolumeSource::default(), &Path::new("image"), false);
/// assert_eq!(errs[0].to_string(), "image.pullPolicy: Required value");
/// assert_eq!(validate_image_volume_source(&ImageVolumeSource::default(), &Path::new("image"), true).len(), 2);
/// ```
pub fn validate_image_volume_source(
    source: &ImageVolumeSource,
    path: &Path<'_>,
    resource_is_pod: bool,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if resource_is_pod && source.reference.is_empty() {
        errs.push(Error::required(&path.child("reference"), ""));
    }
    errs.extend_from(validate_pull_policy(
        &source.pull_policy,
        &path.child("pullPolicy"),
    ));
    errs
}

/// The image-volume rule of `ValidateVolumeMounts`: a mount of an image
/// volume may not set `subPath` (`Invalid` at the mount's `subPath`).
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::core::v1::image_volume::validate_image_mount_sub_path;
/// assert!(validate_image_mount_sub_path("", &Path::new("m")).is_empty());
/// assert_eq!(validate_image_mount_sub_path("x", &Path::new("m"))[0].field, "m.subPath");
/// ```
pub fn validate_image_mount_sub_path(sub_path: &str, mount_path: &Path<'_>) -> ErrorList {
    if sub_path.is_empty() {
        return ErrorList::new();
    }
    ErrorList::from(Error::invalid(
        &mount_path.child("subPath"),
        sub_path,
        SUB_PATH_NOT_ALLOWED,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorType;

    #[test]
    fn pull_policy_is_checked_and_reference_only_for_pods() {
        let source = ImageVolumeSource {
            reference: String::new(),
            pull_policy: "Sometimes".into(),
        };
        let errs = validate_image_volume_source(&source, &Path::new("i"), false);
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].error_type, ErrorType::NotSupported);
        assert_eq!(errs[0].field, "i.pullPolicy");
        let errs = validate_image_volume_source(&source, &Path::new("i"), true);
        assert_eq!(errs[0].field, "i.reference");
        let ok = ImageVolumeSource {
            reference: "r".into(),
            pull_policy: "Never".into(),
        };
        assert!(validate_image_volume_source(&ok, &Path::new("i"), true).is_empty());
    }
}
