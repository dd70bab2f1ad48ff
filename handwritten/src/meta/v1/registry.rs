//! The generic registry's metadata checks on update (`k8s.io/apiserver`
//! `pkg/registry/rest`, read at the apiserver mirror's 24a394e5):
//! `rest.ValidateUpdate` runs `validateCommonFields` before the strategy's
//! `ValidateUpdate`. Those common fields are the create-time
//! `ValidateObjectMetaAccessor` (names checked as path segments) followed by
//! `ValidateObjectMetaAccessorUpdate`, both on `metadata`.
//!
//! Kubernetes' newer declarative-validation tests go through
//! `rest.ValidateUpdate` (kubernetes commit 755ccb3d, "Add objectMeta
//! validation in the path of DV testing"), so a strategy whose own update
//! validation does not re-run the create-time metadata checks still reports,
//! for instance, a malformed finalizer at `metadata.finalizers` there.

use crate::meta::v1::object_meta::{validate_object_meta, validate_object_meta_update};
use apimachinery::content::validate_path_segment_name;
use apimachinery::field::{ErrorList, Path};
use declarative::api::meta::v1::ObjectMeta;

/// `validateCommonFields`: the generic create-time metadata checks on the new
/// object (its name and generateName as path segments, `namespace_scoped`
/// deciding whether a namespace is required or forbidden) and then the
/// generic update checks against the stored object.
///
/// ```
/// use declarative::api::meta::v1::ObjectMeta;
/// use handwritten::meta::v1::registry::validate_common_fields;
/// let old = ObjectMeta { name: "a".into(), namespace: "ns".into(), resource_version: "1".into(), ..Default::default() };
/// assert!(validate_common_fields(&old, &old, true).is_empty());
/// let mut new = old.clone();
/// new.finalizers = vec!["a".repeat(317)];
/// let fields: Vec<String> = validate_common_fields(&new, &old, true).iter().map(|e| e.field.clone()).collect();
/// assert_eq!(fields, ["metadata.finalizers"]);
/// ```
pub fn validate_common_fields(
    new: &ObjectMeta,
    old: &ObjectMeta,
    namespace_scoped: bool,
) -> ErrorList {
    let path = Path::new("metadata");
    let mut errs = validate_object_meta(new, namespace_scoped, validate_path_segment_name, &path);
    errs.extend_from(validate_object_meta_update(new, old, &path));
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored() -> ObjectMeta {
        ObjectMeta {
            name: "obj".into(),
            namespace: "ns".into(),
            resource_version: "1".into(),
            ..Default::default()
        }
    }

    fn fields(errs: &ErrorList) -> Vec<String> {
        errs.iter().map(|e| e.field.clone()).collect()
    }

    #[test]
    fn names_are_path_segments_not_dns_names() {
        let mut new = stored();
        new.name = "Upper_Case".into();
        let old = new.clone();
        assert!(validate_common_fields(&new, &old, true).is_empty());
        new.name = "a/b".into();
        let errs = validate_common_fields(&new, &old, true);
        assert_eq!(fields(&errs), ["metadata.name", "metadata.name"]);
        assert_eq!(errs[0].detail, "may not contain '/'");
        assert_eq!(errs[1].detail, "field is immutable");
    }

    #[test]
    fn labels_are_checked_by_both_halves() {
        let mut new = stored();
        new.labels.insert("a/b/c".into(), "v".into());
        let errs = validate_common_fields(&new, &stored(), true);
        assert_eq!(fields(&errs), ["metadata.labels", "metadata.labels"]);
    }

    #[test]
    fn namespace_scope_decides_the_namespace_rule() {
        let mut new = stored();
        new.namespace.clear();
        let mut old = stored();
        old.namespace.clear();
        let errs = validate_common_fields(&new, &old, true);
        assert_eq!(errs[0].error_type.as_str(), "FieldValueRequired");
        assert!(validate_common_fields(&new, &old, false).is_empty());
        let errs = validate_common_fields(&stored(), &stored(), false);
        assert_eq!(
            errs[0].to_string(),
            "metadata.namespace: Forbidden: not allowed on this type"
        );
    }

    #[test]
    fn update_rules_follow_the_create_rules() {
        let mut new = stored();
        new.resource_version.clear();
        new.finalizers = vec!["a".repeat(317)];
        let errs = validate_common_fields(&new, &stored(), true);
        assert_eq!(
            fields(&errs),
            ["metadata.finalizers", "metadata.resourceVersion"]
        );
    }
}
