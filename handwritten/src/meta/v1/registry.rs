//! The generic registry's metadata checks (`k8s.io/apiserver`
//! `pkg/registry/rest`, read at the apiserver mirror's
//! 24a394e516bfda066d7e2221d7d92c052de27c54): what `rest.ValidateCreate` and
//! `rest.ValidateUpdate` add to the strategy's own validation for every kind.
//!
//! - Create ([`validate_create`]): the strategy's `Validate` runs first; only
//!   when it returned no errors does the registry run apimachinery's
//!   `ValidateObjectMetaAccessor` on `metadata` (names checked as path
//!   segments), its errors after the strategy's.
//! - Update ([`validate_common_fields`]): `validateCommonFields` runs first,
//!   whatever the strategy will say: `ValidateObjectMetaAccessor` followed by
//!   `ValidateObjectMetaAccessorUpdate`, both on `metadata`; the strategy's
//!   `ValidateUpdate` errors follow. Every update, the root's and a
//!   subresource's (`/status`, `/approval`, `/scale` reach the store's
//!   `BeforeUpdate` the same way), goes through it.
//!
//! The harness runs these as a stage of the engine, outside both
//! validators, for the cases that go through the registry (see the case
//! key `registry`). Kubernetes' newer declarative-validation tests
//! (`test/declarative_validation/...`, since kubernetes commit 755ccb3d,
//! "Add objectMeta validation in the path of DV testing") go through
//! `rest.ValidateUpdate`, so a strategy whose own update validation does
//! not re-run the create-time metadata checks still reports, for instance,
//! a malformed finalizer at `metadata.finalizers` there. What the store and
//! `BeforeCreate` / `BeforeUpdate` do to the metadata before the strategy
//! (name generation, the request's namespace, the stored generation, uid
//! and timestamps) is [`crate::meta::v1::store_metadata`], run on the
//! API-server path only.

use crate::meta::v1::object_meta::{validate_object_meta, validate_object_meta_update};
use apimachinery::content::validate_path_segment_name;
use apimachinery::field::{ErrorList, Path};
use declarative::api::meta::v1::ObjectMeta;

/// The registry's create-time metadata checks (`ValidateObjectMetaAccessor`
/// as `rest.ValidateCreate` calls it): names and generateName as path
/// segments, `namespace_scoped` deciding whether a namespace is required or
/// forbidden. The caller runs them only when the strategy's `Validate`
/// returned no errors.
///
/// ```
/// use declarative::api::meta::v1::ObjectMeta;
/// use handwritten::meta::v1::registry::validate_create;
/// let meta = ObjectMeta { name: "a".into(), namespace: "ns".into(), ..Default::default() };
/// assert!(validate_create(&meta, true).is_empty());
/// assert_eq!(validate_create(&meta, false)[0].to_string(),
///     "metadata.namespace: Forbidden: not allowed on this type");
/// ```
pub fn validate_create(new: &ObjectMeta, namespace_scoped: bool) -> ErrorList {
    validate_object_meta(
        new,
        namespace_scoped,
        validate_path_segment_name,
        &Path::new("metadata"),
    )
}

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
    fn create_checks_names_as_path_segments() {
        let mut new = stored();
        new.name = "Upper_Case".into();
        assert!(validate_create(&new, true).is_empty());
        new.name = "..".into();
        let errs = validate_create(&new, true);
        assert_eq!(fields(&errs), ["metadata.name"]);
        assert_eq!(errs[0].detail, "may not be '..'");
        new.name = "ok".into();
        new.namespace.clear();
        assert_eq!(
            validate_create(&new, true)[0].error_type.as_str(),
            "FieldValueRequired"
        );
        assert!(validate_create(&new, false).is_empty());
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
