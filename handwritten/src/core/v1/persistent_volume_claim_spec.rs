//! `ValidatePersistentVolumeClaimSpec` and what it calls (`validateDataSource`,
//! `validateDataSourceRef`), ported from Kubernetes'
//! `pkg/apis/core/validation/validation.go` (read at 000f2605), with the
//! option struct `PersistentVolumeClaimSpecValidationOptions`.
//!
//! A storage request that does not parse as a quantity is a decoding error
//! in Kubernetes (the request never reaches validation); here it is treated
//! as present and its value checks are skipped.

use super::quantity::parse_quantity;
use super::resources::validate_resource_quantity_value;
use crate::networking::label_selector::{LabelSelectorOptions, validate_label_selector};
use apimachinery::content::{name_is_dns_subdomain, util_validation, validate_namespace_name};
use apimachinery::field::{Error, ErrorList, Path};
use declarative::api::core::v1::{
    PersistentVolumeClaimSpec, TypedLocalObjectReference, TypedObjectReference,
};

/// Kubernetes' `supportedAccessModes`, sorted as `sets.List` returns them.
pub const SUPPORTED_ACCESS_MODES: &[&str] = &[
    "ReadOnlyMany",
    "ReadWriteMany",
    "ReadWriteOnce",
    "ReadWriteOncePod",
];

/// Kubernetes' `supportedVolumeModes`, sorted.
pub const SUPPORTED_VOLUME_MODES: &[&str] = &["Block", "Filesystem"];

/// `isNotPositiveErrorMsg`.
pub const IS_NOT_POSITIVE_ERROR_MSG: &str = "must be greater than zero";

/// The detail of a `dataSource` / `dataSourceRef` in the core group whose
/// kind is not `PersistentVolumeClaim`.
pub const DEFAULT_API_GROUP_KIND_MSG: &str =
    "must be 'PersistentVolumeClaim' when referencing the default apiGroup";

/// `PersistentVolumeClaimSpecValidationOptions`.
///
/// ```
/// use handwritten::core::v1::persistent_volume_claim_spec::ClaimSpecOptions;
/// assert!(!ClaimSpecOptions::default().enable_volume_attributes_class);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ClaimSpecOptions {
    /// Users may recover from a failed expansion (read by claim updates only).
    pub enable_recover_from_expansion_failure: bool,
    /// Skip the label-value check of the selector's `matchExpressions`.
    pub allow_invalid_label_value_in_selector: bool,
    /// Skip the API group check of `dataSource` / `dataSourceRef`.
    pub allow_invalid_api_group_in_data_source_or_ref: bool,
    /// Validate `volumeAttributesClassName` (the `VolumeAttributesClass` gate).
    pub enable_volume_attributes_class: bool,
}

impl ClaimSpecOptions {
    /// `ValidationOptionsForPersistentVolumeClaimTemplate` with no old
    /// template (what the ephemeral volume source passes): only the
    /// `VolumeAttributesClass` gate matters.
    ///
    /// ```
    /// use handwritten::core::v1::persistent_volume_claim_spec::ClaimSpecOptions;
    /// assert!(ClaimSpecOptions::for_new_template(true).enable_volume_attributes_class);
    /// ```
    pub fn for_new_template(volume_attributes_class_gate: bool) -> ClaimSpecOptions {
        ClaimSpecOptions {
            enable_volume_attributes_class: volume_attributes_class_gate,
            ..ClaimSpecOptions::default()
        }
    }
}

/// `ValidateClassName` (`NameIsDNSSubdomain`): one `Invalid` per message.
fn validate_class_name(name: &str, path: &Path<'_>) -> ErrorList {
    name_is_dns_subdomain(name, false)
        .into_iter()
        .map(|msg| Error::invalid(path, name, msg))
        .collect()
}

/// The API group check shared by `validateDataSource` and `validateDataSourceRef`.
fn validate_reference(
    api_group: Option<&str>,
    kind: &str,
    name: &str,
    path: &Path<'_>,
    allow_invalid_api_group: bool,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if name.is_empty() {
        errs.push(Error::required(&path.child("name"), ""));
    }
    if kind.is_empty() {
        errs.push(Error::required(&path.child("kind"), ""));
    }
    let api_group = api_group.unwrap_or("");
    if api_group.is_empty() && kind != "PersistentVolumeClaim" {
        errs.push(Error::invalid(path, kind, DEFAULT_API_GROUP_KIND_MSG));
    }
    if !api_group.is_empty() && !allow_invalid_api_group {
        let group_path = path.child("apiGroup");
        for msg in util_validation::is_dns1123_subdomain(api_group) {
            errs.push(Error::invalid(&group_path, api_group, msg));
        }
    }
    errs
}

/// `validateDataSource`.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::TypedLocalObjectReference;
/// use handwritten::core::v1::persistent_volume_claim_spec::validate_data_source;
/// let r = TypedLocalObjectReference { kind: "Foo".into(), name: "a".into(), ..Default::default() };
/// let errs = validate_data_source(&r, &Path::new("dataSource"), false);
/// assert_eq!(errs[0].to_string(), r#"dataSource: Invalid value: "Foo": must be 'PersistentVolumeClaim' when referencing the default apiGroup"#);
/// ```
pub fn validate_data_source(
    source: &TypedLocalObjectReference,
    path: &Path<'_>,
    allow_invalid_api_group: bool,
) -> ErrorList {
    validate_reference(
        source.api_group.as_deref(),
        &source.kind,
        &source.name,
        path,
        allow_invalid_api_group,
    )
}

/// `validateDataSourceRef`: as [`validate_data_source`], and a set
/// namespace must be a valid namespace name.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::TypedObjectReference;
/// use handwritten::core::v1::persistent_volume_claim_spec::validate_data_source_ref;
/// let r = TypedObjectReference { kind: "PersistentVolumeClaim".into(), name: "a".into(), namespace: Some("NS".into()), ..Default::default() };
/// assert_eq!(validate_data_source_ref(&r, &Path::new("ref"), false)[0].field, "ref.namespace");
/// ```
pub fn validate_data_source_ref(
    source: &TypedObjectReference,
    path: &Path<'_>,
    allow_invalid_api_group: bool,
) -> ErrorList {
    let mut errs = validate_reference(
        source.api_group.as_deref(),
        &source.kind,
        &source.name,
        path,
        allow_invalid_api_group,
    );
    if let Some(ns) = source.namespace.as_deref().filter(|ns| !ns.is_empty()) {
        let ns_path = path.child("namespace");
        for msg in validate_namespace_name(ns, false) {
            errs.push(Error::invalid(&ns_path, ns, msg));
        }
    }
    errs
}

/// `ValidatePersistentVolumeClaimSpec`.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::PersistentVolumeClaimSpec;
/// use handwritten::core::v1::persistent_volume_claim_spec::{validate_persistent_volume_claim_spec, ClaimSpecOptions};
/// let spec: PersistentVolumeClaimSpec = serde_json::from_str(r#"{"accessModes":["ReadWriteOnce"]}"#).unwrap();
/// let errs = validate_persistent_volume_claim_spec(&spec, &Path::new("spec"), ClaimSpecOptions::default());
/// assert_eq!(errs[0].to_string(), "spec.resources[storage]: Required value");
/// ```
pub fn validate_persistent_volume_claim_spec(
    spec: &PersistentVolumeClaimSpec,
    path: &Path<'_>,
    opts: ClaimSpecOptions,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let modes_path = path.child("accessModes");
    if spec.access_modes.is_empty() {
        errs.push(Error::required(
            &modes_path,
            "at least 1 access mode is required",
        ));
    }
    if let Some(selector) = &spec.selector {
        let selector_opts = LabelSelectorOptions {
            allow_invalid_label_value_in_selector: opts.allow_invalid_label_value_in_selector,
            ..LabelSelectorOptions::default()
        };
        errs.extend_from(validate_label_selector(
            Some(selector),
            selector_opts,
            &path.child("selector"),
        ));
    }
    errs.extend_from(validate_access_modes(&spec.access_modes, &modes_path));
    let resources = path.child("resources");
    let storage_path = resources.key("storage");
    match spec.resources.requests.get("storage") {
        None => errs.push(Error::required(&storage_path, "")),
        Some(text) => {
            if let Ok(q) = parse_quantity(text) {
                if q.is_negative() || q.is_zero() {
                    errs.push(Error::invalid(
                        &storage_path,
                        q.to_string(),
                        IS_NOT_POSITIVE_ERROR_MSG,
                    ));
                } else {
                    errs.extend_from(validate_resource_quantity_value(
                        "storage",
                        &q,
                        &storage_path,
                    ));
                }
            }
        }
    }
    if let Some(class) = spec.storage_class_name.as_deref().filter(|c| !c.is_empty()) {
        errs.extend_from(validate_class_name(class, &path.child("storageClassName")));
    }
    if let Some(mode) = &spec.volume_mode
        && !SUPPORTED_VOLUME_MODES.contains(&mode.as_str())
    {
        errs.push(Error::not_supported(
            &path.child("volumeMode"),
            mode.as_str(),
            SUPPORTED_VOLUME_MODES,
        ));
    }
    let data_source_path = path.child("dataSource");
    if let Some(source) = &spec.data_source {
        errs.extend_from(validate_data_source(
            source,
            &data_source_path,
            opts.allow_invalid_api_group_in_data_source_or_ref,
        ));
    }
    if let Some(source) = &spec.data_source_ref {
        errs.extend_from(validate_data_source_ref(
            source,
            &path.child("dataSourceRef"),
            opts.allow_invalid_api_group_in_data_source_or_ref,
        ));
    }
    let ref_namespace = spec
        .data_source_ref
        .as_ref()
        .and_then(|r| r.namespace.as_deref())
        .is_some_and(|ns| !ns.is_empty());
    if ref_namespace {
        if spec.data_source.is_some() {
            errs.push(Error::invalid(
                path,
                data_source_path.to_string(),
                "may not be specified when dataSourceRef.namespace is specified",
            ));
        }
    } else if let (Some(source), Some(source_ref)) = (&spec.data_source, &spec.data_source_ref)
        && !(source.api_group == source_ref.api_group
            && source.kind == source_ref.kind
            && source.name == source_ref.name)
    {
        errs.push(Error::invalid(
            path,
            data_source_path.to_string(),
            "must match dataSourceRef",
        ));
    }
    if opts.enable_volume_attributes_class
        && let Some(class) = spec
            .volume_attributes_class_name
            .as_deref()
            .filter(|c| !c.is_empty())
    {
        errs.extend_from(validate_class_name(
            class,
            &path.child("volumeAttributesClassName"),
        ));
    }
    errs
}

/// Each access mode supported, and `ReadWriteOncePod` alone among the
/// supported ones: the access-mode checks `ValidatePersistentVolumeClaimSpec`
/// and `ValidatePersistentVolumeSpec` share.
pub(crate) fn validate_access_modes(modes: &[String], modes_path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let (mut read_write_once_pod, mut other) = (false, false);
    for mode in modes {
        let supported = SUPPORTED_ACCESS_MODES.contains(&mode.as_str());
        if !supported {
            errs.push(Error::not_supported(
                modes_path,
                mode.as_str(),
                SUPPORTED_ACCESS_MODES,
            ));
        }
        if mode == "ReadWriteOncePod" {
            read_write_once_pod = true;
        } else if supported {
            other = true;
        }
    }
    if read_write_once_pod && other {
        errs.push(Error::forbidden(
            modes_path,
            "may not use ReadWriteOncePod with other access modes",
        ));
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorType;

    fn check(json: &str, opts: ClaimSpecOptions) -> Vec<(ErrorType, String)> {
        let spec: PersistentVolumeClaimSpec = serde_json::from_str(json).unwrap();
        validate_persistent_volume_claim_spec(&spec, &Path::new("spec"), opts)
            .iter()
            .map(|e| (e.error_type, e.field.clone()))
            .collect()
    }

    const GOOD: &str =
        r#""accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"10G"}}"#;

    #[test]
    fn a_good_spec_is_valid() {
        assert!(check(&format!("{{{GOOD}}}"), ClaimSpecOptions::default()).is_empty());
    }

    #[test]
    fn access_modes_are_required_supported_and_read_write_once_pod_alone() {
        let none = check(
            r#"{"resources":{"requests":{"storage":"1"}}}"#,
            ClaimSpecOptions::default(),
        );
        assert_eq!(
            none,
            [(ErrorType::Required, "spec.accessModes".to_string())]
        );
        let bad = check(
            r#"{"accessModes":["fakemode"],"resources":{"requests":{"storage":"1"}}}"#,
            ClaimSpecOptions::default(),
        );
        assert_eq!(
            bad,
            [(ErrorType::NotSupported, "spec.accessModes".to_string())]
        );
        let mixed = check(
            r#"{"accessModes":["ReadWriteOncePod","ReadWriteMany"],"resources":{"requests":{"storage":"1"}}}"#,
            ClaimSpecOptions::default(),
        );
        assert_eq!(
            mixed,
            [(ErrorType::Forbidden, "spec.accessModes".to_string())]
        );
        let alone = check(
            r#"{"accessModes":["ReadWriteOncePod","fakemode"],"resources":{"requests":{"storage":"1"}}}"#,
            ClaimSpecOptions::default(),
        );
        assert_eq!(
            alone,
            [(ErrorType::NotSupported, "spec.accessModes".to_string())]
        );
    }

    #[test]
    fn storage_must_be_requested_and_positive() {
        let memory = check(
            r#"{"accessModes":["ReadWriteOnce"],"resources":{"requests":{"memory":"10G"}}}"#,
            ClaimSpecOptions::default(),
        );
        assert_eq!(
            memory,
            [(ErrorType::Required, "spec.resources[storage]".to_string())]
        );
        for q in ["0G", "-10G"] {
            let spec: PersistentVolumeClaimSpec = serde_json::from_str(&format!(
                r#"{{"accessModes":["ReadWriteOnce"],"resources":{{"requests":{{"storage":"{q}"}}}}}}"#
            ))
            .unwrap();
            let errs = validate_persistent_volume_claim_spec(
                &spec,
                &Path::new("spec"),
                ClaimSpecOptions::default(),
            );
            assert_eq!(errs.len(), 1);
            assert_eq!(errs[0].detail, IS_NOT_POSITIVE_ERROR_MSG);
        }
    }

    #[test]
    fn data_source_and_ref_must_match_unless_the_ref_has_a_namespace() {
        let mismatch = check(
            &format!(
                r#"{{{GOOD},"dataSource":{{"kind":"PersistentVolumeClaim","name":"a"}},"dataSourceRef":{{"kind":"PersistentVolumeClaim","name":"b"}}}}"#
            ),
            ClaimSpecOptions::default(),
        );
        assert_eq!(mismatch, [(ErrorType::Invalid, "spec".to_string())]);
        let cross = check(
            &format!(
                r#"{{{GOOD},"dataSource":{{"kind":"PersistentVolumeClaim","name":"a"}},"dataSourceRef":{{"kind":"PersistentVolumeClaim","name":"a","namespace":"other"}}}}"#
            ),
            ClaimSpecOptions::default(),
        );
        assert_eq!(cross, [(ErrorType::Invalid, "spec".to_string())]);
        let group = check(
            &format!(
                r#"{{{GOOD},"dataSource":{{"apiGroup":"^invalid","kind":"Foo","name":"a"}}}}"#
            ),
            ClaimSpecOptions::default(),
        );
        assert_eq!(
            group,
            [(ErrorType::Invalid, "spec.dataSource.apiGroup".to_string())]
        );
        let allowed = ClaimSpecOptions {
            allow_invalid_api_group_in_data_source_or_ref: true,
            ..ClaimSpecOptions::default()
        };
        assert!(
            check(
                &format!(
                    r#"{{{GOOD},"dataSource":{{"apiGroup":"^invalid","kind":"Foo","name":"a"}}}}"#
                ),
                allowed
            )
            .is_empty()
        );
    }

    #[test]
    fn class_names_and_volume_mode() {
        let class = check(
            &format!(r#"{{{GOOD},"storageClassName":"-invalid-"}}"#),
            ClaimSpecOptions::default(),
        );
        assert_eq!(
            class,
            [(ErrorType::Invalid, "spec.storageClassName".to_string())]
        );
        let mode = check(
            &format!(r#"{{{GOOD},"volumeMode":"fakeVolumeMode"}}"#),
            ClaimSpecOptions::default(),
        );
        assert_eq!(
            mode,
            [(ErrorType::NotSupported, "spec.volumeMode".to_string())]
        );
        let vac = format!(r#"{{{GOOD},"volumeAttributesClassName":"-invalid-"}}"#);
        assert!(check(&vac, ClaimSpecOptions::for_new_template(false)).is_empty());
        assert_eq!(
            check(&vac, ClaimSpecOptions::for_new_template(true)),
            [(
                ErrorType::Invalid,
                "spec.volumeAttributesClassName".to_string()
            )]
        );
    }
}
