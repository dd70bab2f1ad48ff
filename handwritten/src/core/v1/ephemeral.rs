//! The `ephemeral` pod volume source: ports of `validateEphemeralVolumeSource`,
//! `ValidatePersistentVolumeClaimTemplate` and `ValidateTemplateObjectMeta`
//! (Kubernetes' `pkg/apis/core/validation/validation.go`, read at 000f2605).
//!
//! The claim spec is checked by
//! [`super::persistent_volume_claim_spec::validate_persistent_volume_claim_spec`]
//! with the options `ValidationOptionsForPersistentVolumeClaimTemplate`
//! gives a template without an old one: only the `VolumeAttributesClass`
//! gate matters.
//!
//! The template's metadata may carry labels and annotations only. Kubernetes
//! finds the other set fields by comparing each with its zero value by
//! reflection, so an empty but present list (`"finalizers": []`) counts as
//! set there; the Rust types cannot tell an empty list from an absent one,
//! so this port reports only non-empty lists. `selfLink` is not modelled.

use super::persistent_volume_claim_spec::{
    ClaimSpecOptions, validate_persistent_volume_claim_spec,
};
use crate::meta::v1::labels::validate_labels;
use crate::meta::v1::object_meta::validate_annotations;
use apimachinery::field::{Error, ErrorList, Path};
use declarative::api::core::v1::{EphemeralVolumeSource, PersistentVolumeClaimTemplate};
use declarative::api::meta::v1::ObjectMeta;

/// The detail of a metadata field a template may not set.
pub const CANNOT_BE_SET: &str = "cannot be set";

/// `validateEphemeralVolumeSource`: a claim template is required and must
/// be valid. `volume_attributes_class` is the `VolumeAttributesClass` gate.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::EphemeralVolumeSource;
/// use handwritten::core::v1::ephemeral::validate_ephemeral_volume_source;
/// let errs = validate_ephemeral_volume_source(&EphemeralVolumeSource::default(), &Path::new("ephemeral"), true);
/// assert_eq!(errs[0].to_string(), "ephemeral.volumeClaimTemplate: Required value");
/// ```
pub fn validate_ephemeral_volume_source(
    source: &EphemeralVolumeSource,
    path: &Path<'_>,
    volume_attributes_class: bool,
) -> ErrorList {
    let template_path = path.child("volumeClaimTemplate");
    match &source.volume_claim_template {
        None => ErrorList::from(Error::required(&template_path, "")),
        Some(template) => validate_persistent_volume_claim_template(
            template,
            &template_path,
            ClaimSpecOptions::for_new_template(volume_attributes_class),
        ),
    }
}

/// `ValidatePersistentVolumeClaimTemplate`: the metadata as a template's,
/// then the spec.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::PersistentVolumeClaimTemplate;
/// use handwritten::core::v1::ephemeral::validate_persistent_volume_claim_template;
/// let t: PersistentVolumeClaimTemplate = serde_json::from_str(
///     r#"{"metadata":{"name":"x"},"spec":{"accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"1Gi"}}}}"#).unwrap();
/// let errs = validate_persistent_volume_claim_template(&t, &Path::new("t"), Default::default());
/// assert_eq!(errs[0].to_string(), "t.metadata.name: Forbidden: cannot be set");
/// ```
pub fn validate_persistent_volume_claim_template(
    template: &PersistentVolumeClaimTemplate,
    path: &Path<'_>,
    opts: ClaimSpecOptions,
) -> ErrorList {
    let mut errs = validate_template_object_meta(&template.metadata, &path.child("metadata"));
    errs.extend_from(validate_persistent_volume_claim_spec(
        &template.spec,
        &path.child("spec"),
        opts,
    ));
    errs
}

/// `ValidateTemplateObjectMeta`: valid annotations and labels, and no other
/// field set (each `Forbidden` at the Go field name with its first letter
/// lowered, so `UID` is reported at `uID`), in Go's field order.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::meta::v1::ObjectMeta;
/// use handwritten::core::v1::ephemeral::validate_template_object_meta;
/// let m = ObjectMeta { uid: "u".into(), ..Default::default() };
/// assert_eq!(validate_template_object_meta(&m, &Path::new("metadata"))[0].field, "metadata.uID");
/// ```
pub fn validate_template_object_meta(meta: &ObjectMeta, path: &Path<'_>) -> ErrorList {
    let mut errs = validate_annotations(&meta.annotations, &path.child("annotations"));
    errs.extend_from(validate_labels(&meta.labels, &path.child("labels")));
    let set = [
        ("name", !meta.name.is_empty()),
        ("generateName", !meta.generate_name.is_empty()),
        ("namespace", !meta.namespace.is_empty()),
        ("uID", !meta.uid.is_empty()),
        ("resourceVersion", !meta.resource_version.is_empty()),
        ("generation", meta.generation != 0),
        ("creationTimestamp", !meta.creation_timestamp.is_zero()),
        ("deletionTimestamp", meta.deletion_timestamp.is_some()),
        (
            "deletionGracePeriodSeconds",
            meta.deletion_grace_period_seconds.is_some(),
        ),
        ("ownerReferences", !meta.owner_references.is_empty()),
        ("finalizers", !meta.finalizers.is_empty()),
        ("managedFields", !meta.managed_fields.is_empty()),
    ];
    for (name, is_set) in set {
        if is_set {
            errs.push(Error::forbidden(&path.child(name), CANNOT_BE_SET));
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorType;

    fn fields(json: &str) -> Vec<(ErrorType, String)> {
        let source: EphemeralVolumeSource = serde_json::from_str(json).unwrap();
        validate_ephemeral_volume_source(&source, &Path::new("e"), true)
            .iter()
            .map(|e| (e.error_type, e.field.clone()))
            .collect()
    }

    const SPEC: &str =
        r#""spec":{"accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"10G"}}}"#;

    #[test]
    fn a_template_with_labels_and_annotations_is_valid() {
        let json = format!(
            r#"{{"volumeClaimTemplate":{{"metadata":{{"labels":{{"a":"b"}},"annotations":{{"c":"d"}}}},{SPEC}}}}}"#
        );
        assert!(fields(&json).is_empty());
    }

    #[test]
    fn every_other_metadata_field_is_forbidden_in_go_order() {
        let json = format!(
            r#"{{"volumeClaimTemplate":{{"metadata":{{"finalizers":["f"],"uid":"u","name":"n","generation":3,"creationTimestamp":"2024-01-01T00:00:00Z","managedFields":[{{"manager":"m"}}]}},{SPEC}}}}}"#
        );
        let got: Vec<String> = fields(&json).into_iter().map(|(_, f)| f).collect();
        let m = "e.volumeClaimTemplate.metadata";
        assert_eq!(
            got,
            [
                format!("{m}.name"),
                format!("{m}.uID"),
                format!("{m}.generation"),
                format!("{m}.creationTimestamp"),
                format!("{m}.finalizers"),
                format!("{m}.managedFields"),
            ]
        );
    }

    #[test]
    fn bad_labels_and_the_spec_are_reported() {
        let json = r#"{"volumeClaimTemplate":{"metadata":{"labels":{"hello-world":"hyphen not allowed"}},"spec":{}}}"#;
        assert_eq!(
            fields(json),
            [
                (
                    ErrorType::Invalid,
                    "e.volumeClaimTemplate.metadata.labels".to_string()
                ),
                (
                    ErrorType::Required,
                    "e.volumeClaimTemplate.spec.accessModes".to_string()
                ),
                (
                    ErrorType::Required,
                    "e.volumeClaimTemplate.spec.resources[storage]".to_string()
                ),
            ]
        );
    }
}
