//! The core group's `ObjectMeta` wrappers (`pkg/apis/core/validation`): the
//! generic checks plus the legacy finalizer-name rule.

use crate::meta::v1::object_meta as generic;
use apimachinery::content::{ValidateNameFn, name_is_dns_subdomain};
use apimachinery::field::{Error, ErrorList, Path};
use declarative::api::meta::v1::ObjectMeta;

/// The finalizer names accepted without a domain prefix.
const STANDARD_FINALIZERS: &[&str] = &["kubernetes", "orphan", "foregroundDeletion"];

/// `validateKubeFinalizerName`: an unqualified finalizer must be a standard one.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::core::v1::object_meta::validate_kube_finalizer_name;
/// assert!(validate_kube_finalizer_name("orphan", &Path::new("f")).is_empty());
/// assert!(validate_kube_finalizer_name("example.com/x", &Path::new("f")).is_empty());
/// assert_eq!(validate_kube_finalizer_name("custom", &Path::new("f"))[0].detail,
///            "name is neither a standard finalizer name nor is it fully qualified");
/// ```
pub fn validate_kube_finalizer_name(name: &str, path: &Path<'_>) -> ErrorList {
    if !name.contains('/') && !STANDARD_FINALIZERS.contains(&name) {
        return ErrorList::from(Error::invalid(
            path,
            name,
            "name is neither a standard finalizer name nor is it fully qualified",
        ));
    }
    ErrorList::new()
}

fn kube_finalizer_names(meta: &ObjectMeta, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let finalizers = path.child("finalizers");
    for (i, name) in meta.finalizers.iter().enumerate() {
        errs.extend_from(validate_kube_finalizer_name(name, &finalizers.index(i)));
    }
    errs
}

/// The core `ValidateObjectMeta`: the generic create checks plus
/// [`validate_kube_finalizer_name`] on each finalizer (at `finalizers[i]`).
///
/// ```
/// use apimachinery::content::name_is_dns_subdomain;
/// use apimachinery::field::Path;
/// use declarative::api::meta::v1::ObjectMeta;
/// use handwritten::core::v1::object_meta::validate_object_meta;
/// let m = ObjectMeta { name: "a".into(), namespace: "ns".into(), finalizers: vec!["x".into()], ..Default::default() };
/// let errs = validate_object_meta(&m, true, name_is_dns_subdomain, &Path::new("metadata"));
/// assert_eq!(errs[0].field, "metadata.finalizers[0]");
/// ```
pub fn validate_object_meta(
    meta: &ObjectMeta,
    requires_namespace: bool,
    name_fn: ValidateNameFn,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = generic::validate_object_meta(meta, requires_namespace, name_fn, path);
    errs.extend_from(kube_finalizer_names(meta, path));
    errs
}

/// The core wrapper of `ValidateObjectMetaWithOpts`: the generic checks with
/// an error-building name validator, plus the finalizer-name rule.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::meta::v1::ObjectMeta;
/// use handwritten::core::v1::object_meta::{validate_object_meta_with_opts, validate_long_name};
/// let m = ObjectMeta { name: "-a".into(), namespace: "ns".into(), ..Default::default() };
/// let errs = validate_object_meta_with_opts(&m, true, &validate_long_name, &Path::new("metadata"));
/// assert_eq!(errs[0].origin, "format=k8s-long-name");
/// ```
pub fn validate_object_meta_with_opts(
    meta: &ObjectMeta,
    is_namespaced: bool,
    name_fn: &generic::ValidateNameFnWithErrors,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = generic::validate_object_meta_with_opts(meta, is_namespaced, name_fn, path);
    errs.extend_from(kube_finalizer_names(meta, path));
    errs
}

/// The core `ValidateObjectMetaUpdate`: the generic update checks plus the
/// finalizer-name rule on the new object.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::meta::v1::ObjectMeta;
/// use handwritten::core::v1::object_meta::validate_object_meta_update;
/// let old = ObjectMeta { name: "a".into(), resource_version: "1".into(), ..Default::default() };
/// assert!(validate_object_meta_update(&old, &old, &Path::new("metadata")).is_empty());
/// ```
pub fn validate_object_meta_update(
    new: &ObjectMeta,
    old: &ObjectMeta,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = generic::validate_object_meta_update(new, old, path);
    errs.extend_from(kube_finalizer_names(new, path));
    errs
}

/// A DNS-subdomain name check whose errors carry origin
/// `format=k8s-long-name` and are covered by the declarative
/// `+k8s:format=k8s-long-name` rule on `metadata.name`.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::core::v1::object_meta::validate_long_name;
/// let errs = validate_long_name(&Path::new("name"), "Bad");
/// assert!(errs[0].covered_by_declarative);
/// assert!(validate_long_name(&Path::new("name"), "good.name").is_empty());
/// ```
pub fn validate_long_name(path: &Path<'_>, name: &str) -> ErrorList {
    name_is_dns_subdomain(name, false)
        .into_iter()
        .map(|msg| {
            Error::invalid(path, name, msg)
                .with_origin("format=k8s-long-name")
                .mark_covered_by_declarative()
        })
        .collect()
}
