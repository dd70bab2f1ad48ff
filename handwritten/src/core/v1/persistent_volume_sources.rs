//! Validation of the volume sources only a persistent volume holds (the
//! `*PersistentVolumeSource` types, whose Secrets are named with a
//! namespace, and `local`): ports of `validateGlusterfsPersistentVolumeSource`,
//! `validateRBDPersistentVolumeSource`, `validateCinderPersistentVolumeSource`,
//! `validateCephFSPersistentVolumeSource`, `validateISCSIPersistentVolumeSource`,
//! `validateFlexPersistentVolumeSource`, `validateAzureFilePV`,
//! `validateScaleIOPersistentVolumeSource`, `validateLocalVolumeSource`,
//! `validateStorageOSPersistentVolumeSource`, `validatePVSecretReference` and
//! `validateCSIPersistentVolumeSource` in Kubernetes'
//! `pkg/apis/core/validation/validation.go` (read at 000f2605), with the
//! paths Kubernetes passes.
//!
//! The persistent volume iSCSI source differs from the pod one in its
//! details: a name without an `iqn` / `eui` / `naa` prefix is only "must be
//! valid format", a set Secret must be named, and with an initiator name the
//! `<volume name>:<targetPortal>` length is checked here, at
//! `targetportal` (lower case, as Kubernetes spells it).

use super::volume::{validate_dns1123_label, validate_path_no_backsteps};
use super::volume_plugins::{
    ISCSI_NAME_TOO_LONG, has_iscsi_prefix, iqn_format_error, validate_csi_driver_name,
};
use apimachinery::content::inclusive_range_error;
use apimachinery::content::util_validation::is_dns1123_subdomain;
use apimachinery::content::validate_namespace_name;
use apimachinery::field::{Error, ErrorList, Path};
use declarative::api::core::v1::{
    AzureFilePersistentVolumeSource, CSIPersistentVolumeSource, CephFSPersistentVolumeSource,
    CinderPersistentVolumeSource, FlexPersistentVolumeSource, GlusterfsPersistentVolumeSource,
    ISCSIPersistentVolumeSource, LocalVolumeSource, RBDPersistentVolumeSource,
    ScaleIOPersistentVolumeSource, SecretReference, StorageOSPersistentVolumeSource,
};

/// The detail of an empty `glusterfs.endpointsNamespace`.
const EMPTY_ENDPOINTS_NAMESPACE: &str =
    "if the endpointnamespace is set, it must be a valid namespace name";

/// The detail of an iSCSI name in no known format.
const ISCSI_FORMAT_MSG: &str = "must be valid format";

/// One required string field.
fn required(value: &str, path: &Path<'_>, name: &str) -> Option<Error> {
    value
        .is_empty()
        .then(|| Error::required(&path.child(name), ""))
}

/// `Required` at `secretRef.name` (and with `namespace`, at
/// `secretRef.namespace`) for a set Secret missing them.
fn secret_ref_required(name: &str, namespace: Option<&str>, path: &Path<'_>) -> ErrorList {
    let secret = path.child("secretRef");
    let mut errs = ErrorList::new();
    errs.extend(required(name, &secret, "name"));
    if let Some(namespace) = namespace {
        errs.extend(required(namespace, &secret, "namespace"));
    }
    errs
}

/// `validateGlusterfsPersistentVolumeSource`: `endpoints` and `path`, and a
/// set `endpointsNamespace` must be a namespace name (an empty one is
/// `Invalid` with its own detail).
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::GlusterfsPersistentVolumeSource;
/// use handwritten::core::v1::persistent_volume_sources::validate_glusterfs_persistent;
/// let g = GlusterfsPersistentVolumeSource { endpoints_namespace: Some(String::new()), ..Default::default() };
/// let shown: Vec<String> = validate_glusterfs_persistent(&g, &Path::new("glusterfs")).iter().map(|e| e.to_string()).collect();
/// assert_eq!(shown, [
///     "glusterfs.endpoints: Required value",
///     "glusterfs.path: Required value",
///     r#"glusterfs.endpointsNamespace: Invalid value: "": if the endpointnamespace is set, it must be a valid namespace name"#,
/// ]);
/// ```
pub fn validate_glusterfs_persistent(
    gluster: &GlusterfsPersistentVolumeSource,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    errs.extend(required(&gluster.endpoints_name, path, "endpoints"));
    errs.extend(required(&gluster.path, path, "path"));
    if let Some(ns) = &gluster.endpoints_namespace {
        let ns_path = path.child("endpointsNamespace");
        if ns.is_empty() {
            errs.push(Error::invalid(
                &ns_path,
                ns.as_str(),
                EMPTY_ENDPOINTS_NAMESPACE,
            ));
        } else {
            for msg in validate_namespace_name(ns, false) {
                errs.push(Error::invalid(&ns_path, ns.as_str(), msg));
            }
        }
    }
    errs
}

/// `validateRBDPersistentVolumeSource`: monitors and an image.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::core::v1::persistent_volume_sources::validate_rbd_persistent;
/// let fields: Vec<String> = validate_rbd_persistent(&Default::default(), &Path::new("rbd")).iter().map(|e| e.field.clone()).collect();
/// assert_eq!(fields, ["rbd.monitors", "rbd.image"]);
/// ```
pub fn validate_rbd_persistent(rbd: &RBDPersistentVolumeSource, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if rbd.ceph_monitors.is_empty() {
        errs.push(Error::required(&path.child("monitors"), ""));
    }
    errs.extend(required(&rbd.rbd_image, path, "image"));
    errs
}

/// `validateCinderPersistentVolumeSource`: a volume ID, and a set Secret
/// with a name and a namespace.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::{CinderPersistentVolumeSource, SecretReference};
/// use handwritten::core::v1::persistent_volume_sources::validate_cinder_persistent;
/// let c = CinderPersistentVolumeSource { volume_id: "v".into(), secret_ref: Some(SecretReference::default()), ..Default::default() };
/// let fields: Vec<String> = validate_cinder_persistent(&c, &Path::new("cinder")).iter().map(|e| e.field.clone()).collect();
/// assert_eq!(fields, ["cinder.secretRef.name", "cinder.secretRef.namespace"]);
/// ```
pub fn validate_cinder_persistent(
    cinder: &CinderPersistentVolumeSource,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    errs.extend(required(&cinder.volume_id, path, "volumeID"));
    if let Some(secret) = &cinder.secret_ref {
        errs.extend_from(secret_ref_required(
            &secret.name,
            Some(&secret.namespace),
            path,
        ));
    }
    errs
}

/// `validateCephFSPersistentVolumeSource`: monitors.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::core::v1::persistent_volume_sources::validate_cephfs_persistent;
/// assert_eq!(validate_cephfs_persistent(&Default::default(), &Path::new("cephfs"))[0].field, "cephfs.monitors");
/// ```
pub fn validate_cephfs_persistent(
    cephfs: &CephFSPersistentVolumeSource,
    path: &Path<'_>,
) -> ErrorList {
    if cephfs.monitors.is_empty() {
        return ErrorList::from(Error::required(&path.child("monitors"), ""));
    }
    ErrorList::new()
}

/// `validateISCSIPersistentVolumeSource` (module doc for how it differs from
/// the pod source's check); `pv_name` is the persistent volume's name (`""`
/// for an inline spec).
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::ISCSIPersistentVolumeSource;
/// use handwritten::core::v1::persistent_volume_sources::validate_iscsi_persistent;
/// let s: ISCSIPersistentVolumeSource = serde_json::from_str(r#"{"targetPortal":"127.0.0.1","iqn":"foo","lun":1}"#).unwrap();
/// let errs = validate_iscsi_persistent(&s, "pv", &Path::new("iscsi"));
/// assert_eq!(errs[0].to_string(), r#"iscsi.iqn: Invalid value: "foo": must be valid format"#);
/// ```
pub fn validate_iscsi_persistent(
    iscsi: &ISCSIPersistentVolumeSource,
    pv_name: &str,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    errs.extend(required(&iscsi.target_portal, path, "targetPortal"));
    if iscsi.initiator_name.is_some() && pv_name.len() + 1 + iscsi.target_portal.len() > 64 {
        errs.push(Error::invalid(
            &path.child("targetportal"),
            iscsi.target_portal.as_str(),
            ISCSI_NAME_TOO_LONG,
        ));
    }
    let iqn_path = path.child("iqn");
    if iscsi.iqn.is_empty() {
        errs.push(Error::required(&iqn_path, ""));
    } else if !has_iscsi_prefix(&iscsi.iqn) {
        errs.push(Error::invalid(
            &iqn_path,
            iscsi.iqn.as_str(),
            ISCSI_FORMAT_MSG,
        ));
    } else {
        errs.extend(iqn_format_error(&iscsi.iqn, &iqn_path));
    }
    if !(0..=255).contains(&iscsi.lun) {
        errs.push(Error::invalid(
            &path.child("lun"),
            iscsi.lun,
            inclusive_range_error(0, 255),
        ));
    }
    if (iscsi.discovery_chap_auth || iscsi.session_chap_auth) && iscsi.secret_ref.is_none() {
        errs.push(Error::required(&path.child("secretRef"), ""));
    }
    if let Some(secret) = &iscsi.secret_ref {
        errs.extend_from(secret_ref_required(&secret.name, None, path));
    }
    if let Some(initiator) = &iscsi.initiator_name {
        let p = path.child("initiatorname");
        if !has_iscsi_prefix(initiator) {
            errs.push(Error::invalid(&p, initiator.as_str(), ISCSI_FORMAT_MSG));
        }
        errs.extend(iqn_format_error(initiator, &p));
    }
    errs
}

/// `validateFlexPersistentVolumeSource`: a driver, and no option key in the
/// `kubernetes.io` or `k8s.io` namespaces.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::FlexPersistentVolumeSource;
/// use handwritten::core::v1::persistent_volume_sources::validate_flex_persistent;
/// let f: FlexPersistentVolumeSource = serde_json::from_str(r#"{"driver":"d","options":{"kubernetes.io/x":"1"}}"#).unwrap();
/// assert_eq!(validate_flex_persistent(&f, &Path::new("flexVolume"))[0].field, "flexVolume.options[kubernetes.io/x]");
/// ```
pub fn validate_flex_persistent(flex: &FlexPersistentVolumeSource, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    errs.extend(required(&flex.driver, path, "driver"));
    let options = path.child("options");
    for key in flex.options.keys() {
        let namespace = key.split_once('/').map_or(key.as_str(), |(ns, _)| ns);
        let normalized = format!(".{}", namespace.to_lowercase());
        if normalized.ends_with(".kubernetes.io") || normalized.ends_with(".k8s.io") {
            errs.push(Error::invalid(
                &options.key(key),
                key.as_str(),
                "kubernetes.io and k8s.io namespaces are reserved",
            ));
        }
    }
    errs
}

/// `validateAzureFilePV`: a secret name, a share name, and a set
/// `secretNamespace` may not be empty.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::AzureFilePersistentVolumeSource;
/// use handwritten::core::v1::persistent_volume_sources::validate_azure_file_persistent;
/// let a = AzureFilePersistentVolumeSource { secret_name: "s".into(), share_name: "h".into(), secret_namespace: Some(String::new()), ..Default::default() };
/// assert_eq!(validate_azure_file_persistent(&a, &Path::new("azureFile"))[0].to_string(), "azureFile.secretNamespace: Required value");
/// ```
pub fn validate_azure_file_persistent(
    azure: &AzureFilePersistentVolumeSource,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    errs.extend(required(&azure.secret_name, path, "secretName"));
    errs.extend(required(&azure.share_name, path, "shareName"));
    if let Some(ns) = &azure.secret_namespace {
        errs.extend(required(ns, path, "secretNamespace"));
    }
    errs
}

/// `validateScaleIOPersistentVolumeSource`: a gateway, a system and a volume
/// name.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::core::v1::persistent_volume_sources::validate_scale_io_persistent;
/// assert_eq!(validate_scale_io_persistent(&Default::default(), &Path::new("scaleIO")).len(), 3);
/// ```
pub fn validate_scale_io_persistent(
    scale_io: &ScaleIOPersistentVolumeSource,
    path: &Path<'_>,
) -> ErrorList {
    [
        required(&scale_io.gateway, path, "gateway"),
        required(&scale_io.system, path, "system"),
        required(&scale_io.volume_name, path, "volumeName"),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// `validateLocalVolumeSource`: a path (when empty, nothing else is
/// checked) without `..` elements.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::LocalVolumeSource;
/// use handwritten::core::v1::persistent_volume_sources::validate_local;
/// let l = LocalVolumeSource { path: "/foo/../bar".into(), ..Default::default() };
/// assert_eq!(validate_local(&l, &Path::new("local"))[0].detail, "must not contain '..'");
/// ```
pub fn validate_local(local: &LocalVolumeSource, path: &Path<'_>) -> ErrorList {
    let path_path = path.child("path");
    if local.path.is_empty() {
        return ErrorList::from(Error::required(&path_path, ""));
    }
    validate_path_no_backsteps(&local.path, &path_path)
}

/// `validateStorageOSPersistentVolumeSource`: a DNS-label volume name, a
/// DNS-label namespace when set, and a set Secret with a name and a
/// namespace.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::{ObjectReference, StorageOSPersistentVolumeSource};
/// use handwritten::core::v1::persistent_volume_sources::validate_storageos_persistent;
/// let s = StorageOSPersistentVolumeSource { volume_name: "v".into(), secret_ref: Some(ObjectReference::default()), ..Default::default() };
/// let fields: Vec<String> = validate_storageos_persistent(&s, &Path::new("storageos")).iter().map(|e| e.field.clone()).collect();
/// assert_eq!(fields, ["storageos.secretRef.name", "storageos.secretRef.namespace"]);
/// ```
pub fn validate_storageos_persistent(
    storageos: &StorageOSPersistentVolumeSource,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let name = path.child("volumeName");
    if storageos.volume_name.is_empty() {
        errs.push(Error::required(&name, ""));
    } else {
        errs.extend_from(validate_dns1123_label(&storageos.volume_name, &name));
    }
    if !storageos.volume_namespace.is_empty() {
        errs.extend_from(validate_dns1123_label(
            &storageos.volume_namespace,
            &path.child("volumeNamespace"),
        ));
    }
    if let Some(secret) = &storageos.secret_ref {
        errs.extend_from(secret_ref_required(
            &secret.name,
            Some(&secret.namespace),
            path,
        ));
    }
    errs
}

/// `validatePVSecretReference`: a DNS-subdomain name and a DNS-label
/// namespace, each `Required` when empty.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::SecretReference;
/// use handwritten::core::v1::persistent_volume_sources::validate_pv_secret_reference;
/// let r = SecretReference { name: "Foo".into(), namespace: String::new() };
/// let shown: Vec<String> = validate_pv_secret_reference(&r, &Path::new("ref")).iter().map(|e| e.to_string()).collect();
/// assert_eq!(shown[1], "ref.namespace: Required value");
/// assert!(shown[0].starts_with(r#"ref.name: Invalid value: "Foo": a lowercase RFC 1123 subdomain"#));
/// ```
pub fn validate_pv_secret_reference(secret: &SecretReference, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let name = path.child("name");
    if secret.name.is_empty() {
        errs.push(Error::required(&name, ""));
    } else {
        for msg in is_dns1123_subdomain(&secret.name) {
            errs.push(Error::invalid(&name, secret.name.as_str(), msg));
        }
    }
    let namespace = path.child("namespace");
    if secret.namespace.is_empty() {
        errs.push(Error::required(&namespace, ""));
    } else {
        errs.extend_from(validate_dns1123_label(&secret.namespace, &namespace));
    }
    errs
}

/// `validateCSIPersistentVolumeSource`: the driver name, a volume handle,
/// and every set Secret reference but `nodeStageSecretRef` (which
/// Kubernetes does not check) valid.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::CSIPersistentVolumeSource;
/// use handwritten::core::v1::persistent_volume_sources::validate_csi_persistent;
/// let c: CSIPersistentVolumeSource = serde_json::from_str(r#"{"driver":"com.test.foo"}"#).unwrap();
/// assert_eq!(validate_csi_persistent(&c, &Path::new("csi"))[0].to_string(), "csi.volumeHandle: Required value");
/// ```
pub fn validate_csi_persistent(csi: &CSIPersistentVolumeSource, path: &Path<'_>) -> ErrorList {
    let mut errs = validate_csi_driver_name(&csi.driver, &path.child("driver"));
    errs.extend(required(&csi.volume_handle, path, "volumeHandle"));
    for (secret, name) in [
        (
            &csi.controller_publish_secret_ref,
            "controllerPublishSecretRef",
        ),
        (
            &csi.controller_expand_secret_ref,
            "controllerExpandSecretRef",
        ),
        (&csi.node_publish_secret_ref, "nodePublishSecretRef"),
        (&csi.node_expand_secret_ref, "nodeExpandSecretRef"),
    ] {
        if let Some(secret) = secret {
            errs.extend_from(validate_pv_secret_reference(secret, &path.child(name)));
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorType;

    fn shown(errs: &ErrorList) -> Vec<String> {
        errs.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn glusterfs_namespace_must_be_a_namespace_name() {
        let g: GlusterfsPersistentVolumeSource =
            serde_json::from_str(r#"{"endpoints":"ep","path":"p","endpointsNamespace":"Bad_NS"}"#)
                .unwrap();
        let errs = validate_glusterfs_persistent(&g, &Path::new("glusterfs"));
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].field, "glusterfs.endpointsNamespace");
        assert_eq!(errs[0].error_type, ErrorType::Invalid);
        let ok: GlusterfsPersistentVolumeSource =
            serde_json::from_str(r#"{"endpoints":"ep","path":"p","endpointsNamespace":"ns"}"#)
                .unwrap();
        assert!(validate_glusterfs_persistent(&ok, &Path::new("glusterfs")).is_empty());
    }

    #[test]
    fn iscsi_persistent_details() {
        let s: ISCSIPersistentVolumeSource = serde_json::from_str(
            r#"{"targetPortal":"127.0.0.1","iqn":"iqn.2015-02.example.com:test","lun":256,
                "chapAuthSession":true,"initiatorName":"bad"}"#,
        )
        .unwrap();
        assert_eq!(
            shown(&validate_iscsi_persistent(&s, "", &Path::new("iscsi"))),
            [
                "iscsi.lun: Invalid value: 256: must be between 0 and 255, inclusive",
                "iscsi.secretRef: Required value",
                r#"iscsi.initiatorname: Invalid value: "bad": must be valid format"#,
            ]
        );
        let mut named = s.clone();
        named.lun = 0;
        named.secret_ref = Some(SecretReference::default());
        named.initiator_name = Some("iqn.2015-02.example.com:init".into());
        let long = "p".repeat(60);
        let errs = validate_iscsi_persistent(&named, &long, &Path::new("iscsi"));
        assert_eq!(
            errs.iter().map(|e| e.field.as_str()).collect::<Vec<_>>(),
            ["iscsi.targetportal", "iscsi.secretRef.name"]
        );
        assert_eq!(errs[0].detail, ISCSI_NAME_TOO_LONG);
        let mut bad_iqn = named.clone();
        bad_iqn.secret_ref = Some(SecretReference {
            name: "s".into(),
            namespace: String::new(),
        });
        bad_iqn.iqn = "eui.1234".into();
        assert_eq!(
            shown(&validate_iscsi_persistent(
                &bad_iqn,
                "pv",
                &Path::new("iscsi")
            )),
            [r#"iscsi.iqn: Invalid value: "eui.1234": must be valid format"#]
        );
    }

    #[test]
    fn csi_secret_references() {
        let c: CSIPersistentVolumeSource = serde_json::from_str(
            r#"{"driver":"Bad_Driver","volumeHandle":"h",
                "controllerPublishSecretRef":{"name":"s"},
                "nodeStageSecretRef":{},
                "nodePublishSecretRef":{"namespace":"Bad"},
                "controllerExpandSecretRef":{"name":"s","namespace":"n"},
                "nodeExpandSecretRef":{"name":"a_b","namespace":"n"}}"#,
        )
        .unwrap();
        let errs = validate_csi_persistent(&c, &Path::new("csi"));
        assert_eq!(
            errs.iter()
                .map(|e| format!("{} {}", e.error_type.as_str(), e.field))
                .collect::<Vec<_>>(),
            [
                "FieldValueInvalid csi.driver",
                "FieldValueRequired csi.controllerPublishSecretRef.namespace",
                "FieldValueRequired csi.nodePublishSecretRef.name",
                "FieldValueInvalid csi.nodePublishSecretRef.namespace",
                "FieldValueInvalid csi.nodeExpandSecretRef.name",
            ]
        );
    }

    #[test]
    fn storageos_and_local_and_flex() {
        let s: StorageOSPersistentVolumeSource =
            serde_json::from_str(r#"{"volumeName":"Vol","volumeNamespace":"ns_1"}"#).unwrap();
        let errs = validate_storageos_persistent(&s, &Path::new("storageos"));
        assert_eq!(
            errs.iter().map(|e| e.field.as_str()).collect::<Vec<_>>(),
            ["storageos.volumeName", "storageos.volumeNamespace"]
        );
        assert_eq!(
            shown(&validate_local(&Default::default(), &Path::new("local"))),
            ["local.path: Required value"]
        );
        let f: FlexPersistentVolumeSource =
            serde_json::from_str(r#"{"options":{"a.k8s.io/b":"1","x/y":"2"}}"#).unwrap();
        assert_eq!(
            validate_flex_persistent(&f, &Path::new("flexVolume"))
                .iter()
                .map(|e| e.field.as_str())
                .collect::<Vec<_>>(),
            ["flexVolume.driver", "flexVolume.options[a.k8s.io/b]"]
        );
    }
}
