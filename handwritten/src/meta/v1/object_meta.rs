//! `ObjectMeta` validation, a port of Kubernetes'
//! `k8s.io/apimachinery/pkg/api/validation/objectmeta.go` (master).
//!
//! `managedFields` is checked by [`super::managed_fields`]. Timestamps are
//! compared as text (Kubernetes compares the parsed
//! instants, so two spellings of one instant differ here).

use super::generic::{validate_immutable_field, validate_nonnegative_field};
use super::labels::validate_labels;
use super::managed_fields::validate_managed_fields;
use apimachinery::content::{ValidateNameFn, is_qualified_name, validate_namespace_name};
use apimachinery::field::{BadValue, Error, ErrorList, Path, go_quote};
use declarative::api::meta::v1::{ObjectMeta, OwnerReference};
use std::collections::{BTreeMap, BTreeSet};

/// Kubernetes' `TotalAnnotationSizeLimitB`: 256 KiB of keys and values.
///
/// ```
/// assert_eq!(handwritten::meta::v1::object_meta::TOTAL_ANNOTATION_SIZE_LIMIT_B, 262144);
/// ```
pub const TOTAL_ANNOTATION_SIZE_LIMIT_B: i64 = 256 * (1 << 10);

/// `metav1.FinalizerOrphanDependents`.
pub const FINALIZER_ORPHAN_DEPENDENTS: &str = "orphan";

/// `metav1.FinalizerDeleteDependents`.
pub const FINALIZER_DELETE_DEPENDENTS: &str = "foregroundDeletion";

/// A name validator that builds its own errors (Go's `ValidateNameFuncWithErrors`).
///
/// ```
/// use apimachinery::field::{ErrorList, Path};
/// use handwritten::meta::v1::object_meta::ValidateNameFnWithErrors;
/// let f: &ValidateNameFnWithErrors = &|_p: &Path<'_>, _n: &str| ErrorList::new();
/// assert!(f(&Path::new("name"), "x").is_empty());
/// ```
pub type ValidateNameFnWithErrors = dyn Fn(&Path<'_>, &str) -> ErrorList;

/// `ValidateAnnotations`: every key, lower-cased, must be a qualified name
/// (`Invalid` at `path` with the key as bad value, origin
/// `format=k8s-label-key`), and keys plus values may total at most 256 KiB
/// (`TooLong`).
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::meta::v1::object_meta::validate_annotations;
/// use std::collections::BTreeMap;
/// let a = BTreeMap::from([("Example.COM/Key".to_string(), "any value".to_string())]);
/// assert!(validate_annotations(&a, &Path::new("annotations")).is_empty());
/// let bad = BTreeMap::from([("a b".to_string(), String::new())]);
/// assert_eq!(validate_annotations(&bad, &Path::new("annotations"))[0].origin, "format=k8s-label-key");
/// ```
pub fn validate_annotations(annotations: &BTreeMap<String, String>, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    for key in annotations.keys() {
        // Keys are checked lowercased; one that is lowercase ASCII already
        // (the usual key) is checked as it is, without a lowercased copy.
        let lowered = if key.bytes().all(|b| b.is_ascii() && !b.is_ascii_uppercase()) {
            std::borrow::Cow::Borrowed(key.as_str())
        } else {
            std::borrow::Cow::Owned(key.to_lowercase())
        };
        for msg in is_qualified_name(&lowered) {
            errs.push(Error::invalid(path, key.as_str(), msg).with_origin("format=k8s-label-key"));
        }
    }
    if annotations_size(annotations) > TOTAL_ANNOTATION_SIZE_LIMIT_B {
        errs.push(Error::too_long(path, TOTAL_ANNOTATION_SIZE_LIMIT_B));
    }
    errs
}

/// The total size in bytes of the keys and values (`ValidateAnnotationsSize`).
///
/// ```
/// use std::collections::BTreeMap;
/// let a = BTreeMap::from([("ab".to_string(), "cde".to_string())]);
/// assert_eq!(handwritten::meta::v1::object_meta::annotations_size(&a), 5);
/// ```
pub fn annotations_size(annotations: &BTreeMap<String, String>) -> i64 {
    annotations
        .iter()
        .map(|(k, v)| (k.len() + v.len()) as i64)
        .sum()
}

/// Go's `schema.ParseGroupVersion`: `(group, version)`, or `None` when the
/// text has more than one `/`. `""` and `"/"` are the empty group-version.
fn parse_group_version(gv: &str) -> Option<(&str, &str)> {
    if gv.is_empty() || gv == "/" {
        return Some(("", ""));
    }
    let mut parts = gv.splitn(3, '/');
    match (parts.next(), parts.next(), parts.next()) {
        (Some(version), None, None) => Some(("", version)),
        (Some(group), Some(version), None) => Some((group, version)),
        _ => None,
    }
}

fn validate_owner_reference(reference: &OwnerReference, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let gv = parse_group_version(&reference.api_version);
    if reference.api_version.is_empty() {
        errs.push(
            Error::required(&path.child("apiVersion"), "must not be empty")
                .mark_covered_by_declarative(),
        );
    } else if gv.is_none_or(|(_, version)| version.is_empty()) {
        errs.push(Error::invalid(
            &path.child("apiVersion"),
            reference.api_version.as_str(),
            "must be <group>/<version> or <version>",
        ));
    }
    if reference.kind.is_empty() {
        errs.push(
            Error::required(&path.child("kind"), "must not be empty").mark_covered_by_declarative(),
        );
    }
    if reference.name.is_empty() {
        errs.push(
            Error::required(&path.child("name"), "must not be empty").mark_covered_by_declarative(),
        );
    }
    if reference.uid.is_empty() {
        errs.push(
            Error::required(&path.child("uid"), "must not be empty").mark_covered_by_declarative(),
        );
    }
    // BannedOwners holds only the core v1 Event.
    let (group, version) = gv.unwrap_or(("", ""));
    if group.is_empty() && version == "v1" && reference.kind == "Event" {
        errs.push(Error::invalid(
            path,
            BadValue::of(reference),
            format!(
                "{group}/{version}, Kind={} is disallowed from being an owner",
                reference.kind
            ),
        ));
    }
    errs
}

/// `ValidateOwnerReferences`: each reference needs apiVersion, kind, name and
/// uid (at `path[i]`), may not be an `Event`, and at most one may be the controller.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::meta::v1::OwnerReference;
/// use handwritten::meta::v1::object_meta::validate_owner_references;
/// let errs = validate_owner_references(&[OwnerReference::default()], &Path::new("ownerReferences"));
/// let fields: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
/// assert_eq!(fields, ["ownerReferences[0].apiVersion", "ownerReferences[0].kind",
///                     "ownerReferences[0].name", "ownerReferences[0].uid"]);
/// ```
pub fn validate_owner_references(references: &[OwnerReference], path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut first_controller: Option<String> = None;
    for (i, reference) in references.iter().enumerate() {
        errs.extend_from(validate_owner_reference(reference, &path.index(i)));
        if reference.controller == Some(true) {
            let current = format!("{}/{}", reference.kind, reference.name);
            match &first_controller {
                Some(first) => errs.push(Error::invalid(
                    path,
                    BadValue::of(references),
                    format!(
                        "Only one reference can have Controller set to true. Found \"true\" in references for {first} and {current}"
                    ),
                )),
                None => first_controller = Some(current),
            }
        }
    }
    errs
}

/// `ValidateFinalizerName`: a finalizer must be a qualified name (errors at `path`, no origin).
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::meta::v1::object_meta::validate_finalizer_name;
/// assert!(validate_finalizer_name("example.com/cleanup", &Path::new("f")).is_empty());
/// assert_eq!(validate_finalizer_name("a b", &Path::new("f")).len(), 1);
/// ```
pub fn validate_finalizer_name(name: &str, path: &Path<'_>) -> ErrorList {
    is_qualified_name(name)
        .into_iter()
        .map(|msg| Error::invalid(path, name, msg))
        .collect()
}

/// `ValidateFinalizers`: every name is qualified (errors at `path` itself) and
/// `orphan` and `foregroundDeletion` are not both set.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::meta::v1::object_meta::validate_finalizers;
/// let f = vec!["orphan".to_string(), "foregroundDeletion".to_string()];
/// let errs = validate_finalizers(&f, &Path::new("finalizers"));
/// assert_eq!(errs[0].detail, "finalizer orphan and foregroundDeletion cannot be both set");
/// ```
pub fn validate_finalizers(finalizers: &[String], path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut orphan = false;
    let mut delete = false;
    for finalizer in finalizers {
        errs.extend_from(validate_finalizer_name(finalizer, path));
        orphan |= finalizer == FINALIZER_ORPHAN_DEPENDENTS;
        delete |= finalizer == FINALIZER_DELETE_DEPENDENTS;
    }
    if orphan && delete {
        errs.push(Error::invalid(
            path,
            BadValue::of(finalizers),
            format!(
                "finalizer {FINALIZER_ORPHAN_DEPENDENTS} and {FINALIZER_DELETE_DEPENDENTS} cannot be both set"
            ),
        ));
    }
    errs
}

/// `ValidateNoNewFinalizers`: `Forbidden` when `new` holds a finalizer `old` lacks.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::meta::v1::object_meta::validate_no_new_finalizers;
/// let errs = validate_no_new_finalizers(&["b".into(), "a".into()], &[], &Path::new("finalizers"));
/// assert_eq!(errs[0].detail,
///     r#"no new finalizers can be added if the object is being deleted, found new finalizers []string{"a", "b"}"#);
/// ```
pub fn validate_no_new_finalizers(new: &[String], old: &[String], path: &Path<'_>) -> ErrorList {
    let old: BTreeSet<&str> = old.iter().map(String::as_str).collect();
    let extra: BTreeSet<&str> = new
        .iter()
        .map(String::as_str)
        .filter(|f| !old.contains(f))
        .collect();
    if extra.is_empty() {
        return ErrorList::new();
    }
    let quoted: Vec<String> = extra.iter().map(|f| go_quote(f)).collect();
    ErrorList::from(Error::forbidden(
        path,
        format!(
            "no new finalizers can be added if the object is being deleted, found new finalizers []string{{{}}}",
            quoted.join(", ")
        ),
    ))
}

/// The checks shared by both create paths (`validateObjectMetaAccessorWithOptsCommon`).
fn validate_common(meta: &ObjectMeta, is_namespaced: bool, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let namespace = path.child("namespace");
    if is_namespaced {
        if meta.namespace.is_empty() {
            errs.push(Error::required(&namespace, ""));
        } else {
            for msg in validate_namespace_name(&meta.namespace, false) {
                errs.push(Error::invalid(&namespace, meta.namespace.as_str(), msg));
            }
        }
    } else if !meta.namespace.is_empty() {
        errs.push(Error::forbidden(&namespace, "not allowed on this type"));
    }
    errs.extend_from(
        validate_nonnegative_field(meta.generation, &path.child("generation"))
            .mark_covered_by_declarative(),
    );
    errs.extend_from(validate_labels(&meta.labels, &path.child("labels")));
    errs.extend_from(validate_annotations(
        &meta.annotations,
        &path.child("annotations"),
    ));
    errs.extend_from(validate_owner_references(
        &meta.owner_references,
        &path.child("ownerReferences"),
    ));
    errs.extend_from(validate_finalizers(
        &meta.finalizers,
        &path.child("finalizers"),
    ));
    errs.extend_from(validate_managed_fields(
        &meta.managed_fields,
        &path.child("managedFields"),
    ));
    errs
}

/// `ValidateObjectMeta`: metadata on create. `name_fn` validates the name
/// (`prefix == false`) and the generateName (`prefix == true`);
/// `requires_namespace` says whether the kind is namespaced.
///
/// ```
/// use apimachinery::content::name_is_dns_subdomain;
/// use apimachinery::field::Path;
/// use declarative::api::meta::v1::ObjectMeta;
/// use handwritten::meta::v1::object_meta::validate_object_meta;
/// let meta = ObjectMeta { name: "web".into(), namespace: "default".into(), ..Default::default() };
/// assert!(validate_object_meta(&meta, true, name_is_dns_subdomain, &Path::new("metadata")).is_empty());
/// let errs = validate_object_meta(&ObjectMeta::default(), true, name_is_dns_subdomain, &Path::new("metadata"));
/// assert_eq!(errs[0].to_string(), "metadata.name: Required value: name or generateName is required");
/// assert_eq!(errs[1].field, "metadata.namespace");
/// ```
pub fn validate_object_meta(
    meta: &ObjectMeta,
    requires_namespace: bool,
    name_fn: ValidateNameFn,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if !meta.generate_name.is_empty() {
        let generate_name = path.child("generateName");
        for msg in name_fn(&meta.generate_name, true) {
            errs.push(Error::invalid(
                &generate_name,
                meta.generate_name.as_str(),
                msg,
            ));
        }
    }
    let name = path.child("name");
    if meta.name.is_empty() {
        errs.push(Error::required(&name, "name or generateName is required"));
    } else {
        for msg in name_fn(&meta.name, false) {
            errs.push(Error::invalid(&name, meta.name.as_str(), msg));
        }
    }
    errs.extend_from(validate_common(meta, requires_namespace, path));
    errs
}

/// `ValidateObjectMetaWithOpts`: metadata on create, with a name validator
/// that builds its own errors. `generateName` is not validated; a
/// generateName without a generated name is an `InternalError`.
///
/// ```
/// use apimachinery::field::{ErrorList, Path};
/// use declarative::api::meta::v1::ObjectMeta;
/// use handwritten::meta::v1::object_meta::validate_object_meta_with_opts;
/// let meta = ObjectMeta { generate_name: "web-".into(), namespace: "ns".into(), ..Default::default() };
/// let errs = validate_object_meta_with_opts(&meta, true, &|_p: &Path<'_>, _n: &str| ErrorList::new(), &Path::new("metadata"));
/// let types: Vec<&str> = errs.iter().map(|e| e.error_type.as_str()).collect();
/// assert_eq!(types, ["InternalError", "FieldValueRequired"]);
/// ```
pub fn validate_object_meta_with_opts(
    meta: &ObjectMeta,
    is_namespaced: bool,
    name_fn: &ValidateNameFnWithErrors,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let name = path.child("name");
    if !meta.generate_name.is_empty() && meta.name.is_empty() {
        errs.push(Error::internal(
            &name,
            format!(
                "generateName was specified ({}), but no name was generated",
                go_quote(&meta.generate_name)
            ),
        ));
    }
    if meta.name.is_empty() {
        errs.push(Error::required(&name, "name or generateName is required"));
    } else {
        errs.extend_from(name_fn(&name, &meta.name));
    }
    errs.extend_from(validate_common(meta, is_namespaced, path));
    errs
}

/// `ValidateObjectMetaUpdate`: metadata on update. The resourceVersion must be
/// set; name, namespace, uid, creationTimestamp, deletionTimestamp and
/// deletionGracePeriodSeconds are immutable (the last four with origin
/// `immutable`, covered by declarative validation); generation may not
/// decrease; no finalizer may be added once deletion started; labels,
/// annotations, owner references and managed fields are validated again.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::meta::v1::ObjectMeta;
/// use handwritten::meta::v1::object_meta::validate_object_meta_update;
/// let old = ObjectMeta { name: "a".into(), resource_version: "1".into(), ..Default::default() };
/// let new = ObjectMeta { name: "b".into(), ..Default::default() };
/// let errs = validate_object_meta_update(&new, &old, &Path::new("metadata"));
/// let fields: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
/// assert_eq!(fields, ["metadata.resourceVersion", "metadata.name"]);
/// ```
pub fn validate_object_meta_update(
    new: &ObjectMeta,
    old: &ObjectMeta,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if old.deletion_timestamp.is_some() {
        errs.extend_from(validate_no_new_finalizers(
            &new.finalizers,
            &old.finalizers,
            &path.child("finalizers"),
        ));
    }
    if new.resource_version.is_empty() {
        errs.push(Error::invalid(
            &path.child("resourceVersion"),
            "",
            "must be specified for an update",
        ));
    }
    let generation = path.child("generation");
    errs.extend_from(
        validate_nonnegative_field(new.generation, &generation).mark_covered_by_declarative(),
    );
    if new.generation < old.generation {
        errs.push(Error::invalid(
            &generation,
            new.generation,
            "must not be decremented",
        ));
    }
    errs.extend_from(validate_immutable_field(
        new.name.as_str(),
        old.name.as_str(),
        &path.child("name"),
    ));
    errs.extend_from(validate_immutable_field(
        new.namespace.as_str(),
        old.namespace.as_str(),
        &path.child("namespace"),
    ));
    errs.extend_from(covered_immutable(
        new.uid.as_str(),
        old.uid.as_str(),
        &path.child("uid"),
    ));
    errs.extend_from(covered_immutable(
        &new.creation_timestamp,
        &old.creation_timestamp,
        &path.child("creationTimestamp"),
    ));
    errs.extend_from(covered_immutable(
        new.deletion_timestamp.as_ref(),
        old.deletion_timestamp.as_ref(),
        &path.child("deletionTimestamp"),
    ));
    errs.extend_from(covered_immutable(
        new.deletion_grace_period_seconds,
        old.deletion_grace_period_seconds,
        &path.child("deletionGracePeriodSeconds"),
    ));
    errs.extend_from(validate_labels(&new.labels, &path.child("labels")));
    errs.extend_from(validate_annotations(
        &new.annotations,
        &path.child("annotations"),
    ));
    errs.extend_from(validate_owner_references(
        &new.owner_references,
        &path.child("ownerReferences"),
    ));
    errs.extend_from(validate_managed_fields(
        &new.managed_fields,
        &path.child("managedFields"),
    ));
    errs
}

fn covered_immutable<T: apimachinery::text_eq::TextEq + Into<BadValue>>(
    new: T,
    old: T,
    path: &Path<'_>,
) -> ErrorList {
    validate_immutable_field(new, old, path)
        .with_origin("immutable")
        .mark_covered_by_declarative()
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::content::name_is_dns_subdomain;
    use apimachinery::field::ErrorType;

    fn valid() -> ObjectMeta {
        ObjectMeta {
            name: "web".into(),
            namespace: "default".into(),
            resource_version: "1".into(),
            ..ObjectMeta::default()
        }
    }

    fn create(meta: &ObjectMeta) -> ErrorList {
        validate_object_meta(meta, true, name_is_dns_subdomain, &Path::new("metadata"))
    }

    fn summary(errs: &ErrorList) -> Vec<(ErrorType, String, String, bool)> {
        errs.iter()
            .map(|e| {
                (
                    e.error_type,
                    e.field.clone(),
                    e.origin.to_string(),
                    e.covered_by_declarative,
                )
            })
            .collect()
    }

    #[test]
    fn valid_metadata_passes_create_and_update() {
        assert!(create(&valid()).is_empty());
        assert!(validate_object_meta_update(&valid(), &valid(), &Path::new("metadata")).is_empty());
    }

    #[test]
    fn generate_name_is_validated_as_a_prefix() {
        let meta = ObjectMeta {
            generate_name: "web-".into(),
            ..valid()
        };
        assert!(create(&meta).is_empty());
        let bad = ObjectMeta {
            generate_name: "Web-".into(),
            ..valid()
        };
        assert_eq!(create(&bad)[0].field, "metadata.generateName");
    }

    #[test]
    fn namespace_rules() {
        let missing = ObjectMeta {
            namespace: String::new(),
            ..valid()
        };
        assert_eq!(create(&missing)[0].error_type, ErrorType::Required);
        let bad = ObjectMeta {
            namespace: "a.b".into(),
            ..valid()
        };
        assert_eq!(create(&bad)[0].error_type, ErrorType::Invalid);
        let cluster = validate_object_meta(
            &valid(),
            false,
            name_is_dns_subdomain,
            &Path::new("metadata"),
        );
        assert_eq!(cluster[0].error_type, ErrorType::Forbidden);
    }

    #[test]
    fn negative_generation_is_covered_minimum() {
        let meta = ObjectMeta {
            generation: -1,
            ..valid()
        };
        assert_eq!(
            summary(&create(&meta)),
            [(
                ErrorType::Invalid,
                "metadata.generation".to_string(),
                "minimum".to_string(),
                true
            )]
        );
    }

    #[test]
    fn owner_reference_rules() {
        let p = Path::new("o");
        let bad_version = OwnerReference {
            api_version: "a/b/c".into(),
            kind: "K".into(),
            name: "n".into(),
            uid: "u".into(),
            ..OwnerReference::default()
        };
        let errs = validate_owner_references(&[bad_version], &p);
        assert_eq!(errs[0].detail, "must be <group>/<version> or <version>");
        assert!(!errs[0].covered_by_declarative);

        let event = OwnerReference {
            api_version: "v1".into(),
            kind: "Event".into(),
            name: "n".into(),
            uid: "u".into(),
            ..OwnerReference::default()
        };
        let errs = validate_owner_references(&[event], &p);
        assert_eq!(errs[0].field, "o[0]");
        assert_eq!(
            errs[0].detail,
            "/v1, Kind=Event is disallowed from being an owner"
        );

        let controller = |name: &str| OwnerReference {
            api_version: "apps/v1".into(),
            kind: "ReplicaSet".into(),
            name: name.into(),
            uid: name.into(),
            controller: Some(true),
            ..OwnerReference::default()
        };
        let errs = validate_owner_references(&[controller("a"), controller("b")], &p);
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].field, "o");
        assert!(errs[0].detail.ends_with("ReplicaSet/a and ReplicaSet/b"));
    }

    #[test]
    fn group_version_parsing_follows_go() {
        assert_eq!(parse_group_version(""), Some(("", "")));
        assert_eq!(parse_group_version("/"), Some(("", "")));
        assert_eq!(parse_group_version("v1"), Some(("", "v1")));
        assert_eq!(parse_group_version("apps/"), Some(("apps", "")));
        assert_eq!(parse_group_version("a/b/c"), None);
    }

    #[test]
    fn annotation_size_limit() {
        let big = BTreeMap::from([(
            "a".to_string(),
            "x".repeat(TOTAL_ANNOTATION_SIZE_LIMIT_B as usize),
        )]);
        let errs = validate_annotations(&big, &Path::new("a"));
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].error_type, ErrorType::TooLong);
        let fits = BTreeMap::from([(
            "a".to_string(),
            "x".repeat(TOTAL_ANNOTATION_SIZE_LIMIT_B as usize - 1),
        )]);
        assert!(validate_annotations(&fits, &Path::new("a")).is_empty());
    }

    #[test]
    fn update_immutable_fields_are_covered_with_origin() {
        let old = ObjectMeta {
            uid: "u1".into(),
            creation_timestamp: "2024-01-01T00:00:00Z".into(),
            deletion_grace_period_seconds: Some(30),
            generation: 5,
            ..valid()
        };
        let new = ObjectMeta {
            uid: "u2".into(),
            creation_timestamp: Default::default(),
            deletion_timestamp: Some("2024-01-02T00:00:00Z".into()),
            deletion_grace_period_seconds: Some(0),
            generation: 4,
            ..valid()
        };
        let errs = validate_object_meta_update(&new, &old, &Path::new("metadata"));
        let s = summary(&errs);
        assert_eq!(
            s,
            [
                (
                    ErrorType::Invalid,
                    "metadata.generation".into(),
                    String::new(),
                    false
                ),
                (
                    ErrorType::Invalid,
                    "metadata.uid".into(),
                    "immutable".into(),
                    true
                ),
                (
                    ErrorType::Invalid,
                    "metadata.creationTimestamp".into(),
                    "immutable".into(),
                    true
                ),
                (
                    ErrorType::Invalid,
                    "metadata.deletionTimestamp".into(),
                    "immutable".into(),
                    true
                ),
                (
                    ErrorType::Invalid,
                    "metadata.deletionGracePeriodSeconds".into(),
                    "immutable".into(),
                    true
                ),
            ]
        );
    }

    #[test]
    fn no_new_finalizers_while_deleting() {
        let old = ObjectMeta {
            deletion_timestamp: Some("2024-01-02T00:00:00Z".into()),
            finalizers: vec!["example.com/a".into()],
            ..valid()
        };
        let new = ObjectMeta {
            finalizers: vec!["example.com/a".into(), "example.com/b".into()],
            ..old.clone()
        };
        let errs = validate_object_meta_update(&new, &old, &Path::new("metadata"));
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].error_type, ErrorType::Forbidden);
        assert_eq!(errs[0].field, "metadata.finalizers");
    }
}
