//! The StorageClass pair's hand-written side: ports of `ValidateStorageClass`,
//! `ValidateStorageClassUpdate` and what they call
//! (`pkg/apis/storage/validation`), of `ValidateTopologySelectorTerm`
//! (`pkg/apis/core/validation`), and of the registry strategy
//! (`pkg/registry/storage/storageclass`): create and update, no subresource,
//! no field resets.
//!
//! Master migrated `provisioner` (required, immutable), `parameters`,
//! `reclaimPolicy` and `volumeBindingMode` (immutable) to beta declarative
//! rules; the matching hand-written errors are covered by declarative, and
//! the four immutability errors are `Invalid` with origin `immutable` (as
//! master's equivalence tests require), detail `field is immutable`.
//! `volumeBindingMode`'s `Required` stays hand-written only.
//!
//! Feature gates: none. Neither the validation nor the strategy reads a gate
//! in master (the strategy's old `ExpandPersistentVolumes` check, which
//! dropped `allowVolumeExpansion`, went with that gate's removal), so the
//! pair registers no option.
//!
//! Kubernetes' own quirk, ported as is: `validateAllowedTopologies` compares
//! each term's requirement map with a list that starts with one nil map per
//! term, and `Semantic.DeepEqual` equates nil and empty maps, so an empty
//! term is reported as a `Duplicate` at its `matchLabelExpressions`.

use crate::core::v1::object_meta::{validate_object_meta, validate_object_meta_update};
use crate::meta::v1::generic::FIELD_IMMUTABLE_ERROR_MSG;
use crate::meta::v1::labels::validate_label_name;
use apimachinery::content::name_is_dns_subdomain;
use apimachinery::field::{BadValue, Error, ErrorList, Path};
use apimachinery::operation::{Context, Operation};
use apimachinery::validation::unsupported_subresource;
use declarative::api::storage::v1::{
    StorageClass, TopologySelectorLabelRequirement, TopologySelectorTerm,
};
use std::collections::{BTreeMap, BTreeSet};

/// The subresources the StorageClass strategy serves: none.
///
/// ```
/// assert!(handwritten::storage::v1::storage_class::SUBRESOURCES.is_empty());
/// ```
pub const SUBRESOURCES: &[&str] = &[];

/// How the registry builds this kind's pair (`harness/kinds`): cluster scoped, apiVersion `storage.k8s.io/v1`.
/// The kind's apiVersion; the strategy defines no options or normalisation rules.
pub const REGISTRATION: apimachinery::registration::Registration<
    declarative::api::storage::v1::StorageClass,
> = apimachinery::registration::Registration {
    namespace_scoped: false,
    ..apimachinery::registration::Registration::new("storage.k8s.io/v1")
};

/// `maxProvisionerParameterSize`: keys plus values may total 256 KiB.
const MAX_PROVISIONER_PARAMETER_SIZE: i64 = 256 * (1 << 10);
/// `maxProvisionerParameterLen`: at most 512 parameters.
const MAX_PROVISIONER_PARAMETER_LEN: usize = 512;
/// The supported reclaim policies, sorted as Go's `sets.List` returns them.
const SUPPORTED_RECLAIM_POLICIES: &[&str] = &["Delete", "Retain"];
/// The supported volume binding modes, sorted.
const SUPPORTED_VOLUME_BINDING_MODES: &[&str] = &["Immediate", "WaitForFirstConsumer"];

/// What the strategy validates for `ctx.operation` and `ctx.subresource_path()`:
/// `ValidateStorageClass` on create; `ValidateStorageClass` of the new
/// object followed by `ValidateStorageClassUpdate` on update.
///
/// ```
/// use apimachinery::operation::Context;
/// use declarative::api::storage::v1::StorageClass;
/// use handwritten::storage::v1::storage_class::validate;
/// let old: StorageClass = serde_json::from_str(r#"{"metadata":{"name":"fast","resourceVersion":"1"},
///   "provisioner":"kubernetes.io/gce-pd","volumeBindingMode":"Immediate"}"#).unwrap();
/// assert!(validate(&Context::create(), &old, None).is_empty());
/// let mut new = old.clone();
/// new.provisioner = "example.com/other".into();
/// let errs = validate(&Context::update(), &new, Some(&old));
/// assert_eq!(errs.len(), 1);
/// assert_eq!(errs[0].to_string(), r#"provisioner: Invalid value: "example.com/other": field is immutable"#);
/// assert_eq!(errs[0].origin, "immutable");
/// assert!(errs[0].covered_by_declarative);
/// ```
pub fn validate(ctx: &Context, obj: &StorageClass, old: Option<&StorageClass>) -> ErrorList {
    let sub = ctx.subresource_path();
    match (ctx.operation, sub.as_str(), old) {
        (Operation::Create, "/", _) => validate_storage_class(obj),
        (Operation::Update, "/", Some(old)) => {
            let mut errs = validate_storage_class(obj);
            errs.extend_from(validate_storage_class_update(obj, old));
            errs
        }
        (Operation::Update, "/", None) => ErrorList::from(Error::internal(
            &Path::root(),
            "an update needs the stored object",
        )),
        _ => ErrorList::from(unsupported_subresource("v1.StorageClass", &sub)),
    }
}

/// The strategy's field resets: the StorageClass strategy has none.
///
/// ```
/// use apimachinery::operation::Context;
/// use declarative::api::storage::v1::StorageClass;
/// use handwritten::storage::v1::storage_class::prepare;
/// let mut sc = StorageClass { provisioner: "p".into(), ..Default::default() };
/// let before = sc.clone();
/// prepare(&Context::create(), &mut sc, None);
/// assert_eq!(sc, before);
/// ```
pub fn prepare(_ctx: &Context, _obj: &mut StorageClass, _old: Option<&StorageClass>) {}

/// `ValidateStorageClass`: metadata (cluster-scoped, DNS-subdomain name),
/// provisioner, parameters, reclaim policy, volume binding mode and
/// allowed topologies.
///
/// ```
/// use declarative::api::storage::v1::StorageClass;
/// use handwritten::storage::v1::storage_class::validate_storage_class;
/// let sc: StorageClass = serde_json::from_str(r#"{"metadata":{"name":"fast"},"provisioner":"",
///   "reclaimPolicy":"Recycle"}"#).unwrap();
/// let errs = validate_storage_class(&sc);
/// let shown: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
/// assert_eq!(shown, [
///     "provisioner: Required value",
///     r#"reclaimPolicy: Unsupported value: "Recycle": supported values: "Delete", "Retain""#,
///     "volumeBindingMode: Required value",
/// ]);
/// assert!(errs[0].covered_by_declarative);
/// assert!(!errs[2].covered_by_declarative);
/// ```
pub fn validate_storage_class(sc: &StorageClass) -> ErrorList {
    let mut errs = validate_object_meta(
        &sc.metadata,
        false,
        name_is_dns_subdomain,
        &Path::new("metadata"),
    );
    errs.extend_from(validate_provisioner(
        &sc.provisioner,
        &Path::new("provisioner"),
    ));
    errs.extend_from(validate_parameters(
        &sc.parameters,
        &Path::new("parameters"),
    ));
    errs.extend_from(validate_reclaim_policy(
        sc.reclaim_policy.as_deref(),
        &Path::new("reclaimPolicy"),
    ));
    errs.extend_from(validate_volume_binding_mode(
        sc.volume_binding_mode.as_deref(),
        &Path::new("volumeBindingMode"),
    ));
    errs.extend_from(validate_allowed_topologies(
        &sc.allowed_topologies,
        &Path::new("allowedTopologies"),
    ));
    errs
}

/// `ValidateStorageClassUpdate`: metadata update checks, then
/// `parameters`, `provisioner`, `reclaimPolicy` and `volumeBindingMode`
/// may not change (each an `Invalid` with origin `immutable`, covered by
/// declarative).
///
/// ```
/// use declarative::api::storage::v1::StorageClass;
/// use handwritten::storage::v1::storage_class::validate_storage_class_update;
/// let old: StorageClass = serde_json::from_str(r#"{"metadata":{"name":"a","resourceVersion":"1"},
///   "provisioner":"p","parameters":{"k":"v"},"reclaimPolicy":"Delete"}"#).unwrap();
/// let mut new = old.clone();
/// new.parameters.clear();
/// new.reclaim_policy = None;
/// let fields: Vec<String> = validate_storage_class_update(&new, &old).iter().map(|e| e.field.clone()).collect();
/// assert_eq!(fields, ["parameters", "reclaimPolicy"]);
/// ```
pub fn validate_storage_class_update(new: &StorageClass, old: &StorageClass) -> ErrorList {
    let mut errs =
        validate_object_meta_update(&new.metadata, &old.metadata, &Path::new("metadata"));
    if new.parameters != old.parameters {
        errs.push(immutable(
            &Path::new("parameters"),
            BadValue::of(&new.parameters),
        ));
    }
    if new.provisioner != old.provisioner {
        errs.push(immutable(
            &Path::new("provisioner"),
            BadValue::from(new.provisioner.as_str()),
        ));
    }
    if new.reclaim_policy != old.reclaim_policy {
        errs.push(immutable(
            &Path::new("reclaimPolicy"),
            BadValue::from(new.reclaim_policy.as_deref()),
        ));
    }
    if new.volume_binding_mode != old.volume_binding_mode {
        errs.push(immutable(
            &Path::new("volumeBindingMode"),
            BadValue::from(new.volume_binding_mode.as_deref()),
        ));
    }
    errs
}

/// The immutability error of a migrated field.
fn immutable(path: &Path<'_>, value: BadValue) -> Error {
    Error::invalid(path, value, FIELD_IMMUTABLE_ERROR_MSG)
        .with_origin("immutable")
        .mark_covered_by_declarative()
}

/// `validateProvisioner`: required (covered by declarative); a set value,
/// lower-cased, must be a qualified name.
fn validate_provisioner(provisioner: &str, path: &Path<'_>) -> ErrorList {
    if provisioner.is_empty() {
        return ErrorList::from(Error::required(path, "").mark_covered_by_declarative());
    }
    validate_label_name(&provisioner.to_lowercase(), path)
}

/// `validateParameters` (empty maps allowed): at most 512 entries (else
/// only that error), no empty key, keys plus values at most 256 KiB.
fn validate_parameters(params: &BTreeMap<String, String>, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if params.len() > MAX_PROVISIONER_PARAMETER_LEN {
        errs.push(Error::too_long(path, MAX_PROVISIONER_PARAMETER_LEN as i64));
        return errs;
    }
    let mut total: i64 = 0;
    for (k, v) in params {
        if k.is_empty() {
            errs.push(Error::invalid(path, k.as_str(), "field can not be empty."));
        }
        total += (k.len() + v.len()) as i64;
    }
    if total > MAX_PROVISIONER_PARAMETER_SIZE {
        errs.push(Error::too_long(path, MAX_PROVISIONER_PARAMETER_SIZE));
    }
    errs
}

/// `validateReclaimPolicy`: a set, non-empty policy must be `Delete` or `Retain`.
fn validate_reclaim_policy(policy: Option<&str>, path: &Path<'_>) -> ErrorList {
    match policy {
        Some(p) if !p.is_empty() && !SUPPORTED_RECLAIM_POLICIES.contains(&p) => {
            ErrorList::from(Error::not_supported(path, p, SUPPORTED_RECLAIM_POLICIES))
        }
        _ => ErrorList::new(),
    }
}

/// `validateVolumeBindingMode`: required, and one of the supported modes.
fn validate_volume_binding_mode(mode: Option<&str>, path: &Path<'_>) -> ErrorList {
    match mode {
        None => ErrorList::from(Error::required(path, "")),
        Some(m) if !SUPPORTED_VOLUME_BINDING_MODES.contains(&m) => ErrorList::from(
            Error::not_supported(path, m, SUPPORTED_VOLUME_BINDING_MODES),
        ),
        Some(_) => ErrorList::new(),
    }
}

/// A term's requirements as key -> set of values (Go's `map[string]sets.Set[string]`).
type ExprMap = BTreeMap<String, BTreeSet<String>>;

/// `validateAllowedTopologies`: each term is validated, and a term whose
/// requirement map equals an earlier entry of the comparison list is a
/// `Duplicate` at `[i].matchLabelExpressions`. As in Kubernetes, that list
/// starts with one empty placeholder per term (Go pre-sizes the slice and
/// then appends), so a term without requirements is reported once per term
/// plus once per earlier empty term.
fn validate_allowed_topologies(terms: &[TopologySelectorTerm], path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if terms.is_empty() {
        return errs;
    }
    let mut seen: Vec<ExprMap> = vec![ExprMap::new(); terms.len()];
    for (i, term) in terms.iter().enumerate() {
        let idx = path.index(i);
        let (expr_map, term_errs) = validate_topology_selector_term(term, &idx);
        errs.extend_from(term_errs);
        let dup = idx.child("matchLabelExpressions");
        for earlier in &seen {
            if *earlier == expr_map {
                errs.push(Error::duplicate(&dup, ""));
            }
        }
        seen.push(expr_map);
    }
    errs
}

/// `ValidateTopologySelectorTerm`: each requirement is validated; a key
/// repeated within the term is a `Duplicate` at `[j].key`.
fn validate_topology_selector_term(
    term: &TopologySelectorTerm,
    path: &Path<'_>,
) -> (ExprMap, ErrorList) {
    let mut errs = ErrorList::new();
    let mut expr_map = ExprMap::new();
    let exprs = path.child("matchLabelExpressions");
    for (j, req) in term.match_label_expressions.iter().enumerate() {
        let idx = exprs.index(j);
        let (values, req_errs) = validate_topology_selector_label_requirement(req, &idx);
        errs.extend_from(req_errs);
        if expr_map.contains_key(&req.key) {
            errs.push(Error::duplicate(&idx.child("key"), req.key.as_str()));
        }
        expr_map.insert(req.key.clone(), values);
    }
    (expr_map, errs)
}

/// `validateTopologySelectorLabelRequirement`: at least one value, no
/// repeated value, and a qualified-name key.
fn validate_topology_selector_label_requirement(
    req: &TopologySelectorLabelRequirement,
    path: &Path<'_>,
) -> (BTreeSet<String>, ErrorList) {
    let mut errs = ErrorList::new();
    let mut values = BTreeSet::new();
    let values_path = path.child("values");
    if req.values.is_empty() {
        errs.push(Error::required(&values_path, ""));
    }
    for (k, value) in req.values.iter().enumerate() {
        if !values.insert(value.clone()) {
            errs.push(Error::duplicate(&values_path.index(k), value.as_str()));
        }
    }
    errs.extend_from(validate_label_name(&req.key, &path.child("key")));
    (values, errs)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid() -> StorageClass {
        serde_json::from_str(
            r#"{"metadata":{"name":"fast","resourceVersion":"1"},"provisioner":"kubernetes.io/gce-pd",
                "reclaimPolicy":"Delete","volumeBindingMode":"Immediate"}"#,
        )
        .unwrap()
    }

    fn fields(errs: &ErrorList) -> Vec<String> {
        errs.iter()
            .map(|e| format!("{} {}", e.error_type.as_str(), e.field))
            .collect()
    }

    #[test]
    fn too_many_parameters_stop_the_parameter_checks() {
        let mut sc = valid();
        for i in 0..=MAX_PROVISIONER_PARAMETER_LEN {
            sc.parameters.insert(format!("k{i}"), String::new());
        }
        sc.parameters.insert(String::new(), "x".repeat(300_000));
        let errs = validate_storage_class(&sc);
        assert_eq!(fields(&errs), ["FieldValueTooLong parameters"]);
        assert_eq!(errs[0].detail, "may not be more than 512 bytes");
    }

    #[test]
    fn empty_key_and_oversized_parameters() {
        let mut sc = valid();
        sc.parameters.insert(String::new(), "x".repeat(262_145));
        let errs = validate_storage_class(&sc);
        assert_eq!(
            fields(&errs),
            [
                "FieldValueInvalid parameters",
                "FieldValueTooLong parameters"
            ]
        );
        assert_eq!(errs[1].detail, "may not be more than 262144 bytes");
        sc.parameters.insert(String::new(), "x".repeat(262_144));
        assert_eq!(
            fields(&validate_storage_class(&sc)),
            ["FieldValueInvalid parameters"]
        );
    }

    #[test]
    fn provisioner_is_checked_lower_cased() {
        let mut sc = valid();
        sc.provisioner = "Example.COM/Disk".into();
        assert!(validate_storage_class(&sc).is_empty());
        sc.provisioner = "bad provisioner".into();
        let errs = validate_storage_class(&sc);
        assert_eq!(fields(&errs), ["FieldValueInvalid provisioner"]);
        assert!(!errs[0].covered_by_declarative);
    }

    #[test]
    fn empty_terms_are_duplicates_of_the_placeholders() {
        let mut sc = valid();
        sc.allowed_topologies = vec![
            TopologySelectorTerm::default(),
            TopologySelectorTerm::default(),
        ];
        let errs = validate_storage_class(&sc);
        // term 0: two placeholders; term 1: two placeholders and term 0.
        assert_eq!(errs.len(), 5);
        assert!(
            errs.iter()
                .all(|e| e.error_type.as_str() == "FieldValueDuplicate")
        );
        assert_eq!(errs[0].field, "allowedTopologies[0].matchLabelExpressions");
        assert_eq!(errs[4].field, "allowedTopologies[1].matchLabelExpressions");
    }

    #[test]
    fn topology_requirements() {
        let mut sc = valid();
        sc.allowed_topologies = serde_json::from_str(
            r#"[{"matchLabelExpressions":[{"key":"zone","values":["a","a"]},{"key":"zone","values":["b"]},{"key":"bad key","values":[]}]},
                {"matchLabelExpressions":[{"key":"zone","values":["b"]}]}]"#,
        )
        .unwrap();
        let errs = validate_storage_class(&sc);
        assert_eq!(
            fields(&errs),
            [
                "FieldValueDuplicate allowedTopologies[0].matchLabelExpressions[0].values[1]",
                "FieldValueDuplicate allowedTopologies[0].matchLabelExpressions[1].key",
                "FieldValueRequired allowedTopologies[0].matchLabelExpressions[2].values",
                "FieldValueInvalid allowedTopologies[0].matchLabelExpressions[2].key",
            ]
        );
    }

    #[test]
    fn identical_terms_are_duplicates() {
        let mut sc = valid();
        sc.allowed_topologies = serde_json::from_str(
            r#"[{"matchLabelExpressions":[{"key":"zone","values":["a","b"]}]},
                {"matchLabelExpressions":[{"key":"zone","values":["b","a"]}]}]"#,
        )
        .unwrap();
        assert_eq!(
            fields(&validate_storage_class(&sc)),
            ["FieldValueDuplicate allowedTopologies[1].matchLabelExpressions"]
        );
    }

    #[test]
    fn update_of_each_immutable_field() {
        let old = valid();
        let mut new = valid();
        new.volume_binding_mode = Some("WaitForFirstConsumer".into());
        let errs = validate(&Context::update(), &new, Some(&old));
        assert_eq!(fields(&errs), ["FieldValueInvalid volumeBindingMode"]);
        assert_eq!(errs[0].origin, "immutable");
        new.volume_binding_mode = None;
        let errs = validate(&Context::update(), &new, Some(&old));
        assert_eq!(
            fields(&errs),
            [
                "FieldValueRequired volumeBindingMode",
                "FieldValueInvalid volumeBindingMode"
            ]
        );
        assert!(!errs[0].covered_by_declarative);
        assert!(errs[1].covered_by_declarative);
    }

    #[test]
    fn subresources_are_not_served() {
        let sc = valid();
        let errs = validate(&Context::update().subresource("/status"), &sc, Some(&sc));
        assert_eq!(fields(&errs), ["InternalError <nil>"]);
        let errs = validate(&Context::update(), &sc, None);
        assert_eq!(fields(&errs), ["InternalError <nil>"]);
    }
}
