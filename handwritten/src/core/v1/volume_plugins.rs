//! Validation of the volume-plugin sources (`iscsi`, `rbd`, `cinder`,
//! `cephfs`, `quobyte`, `flexVolume`, `azureFile`, `azureDisk`,
//! `vsphereVolume`, `photonPersistentDisk`, `portworxVolume`, `scaleIO`,
//! `storageos`, `csi`): ports of their `validate*` functions in Kubernetes'
//! `pkg/apis/core/validation/validation.go` (read at 000f2605), with the
//! paths Kubernetes passes.

use super::volume::validate_dns1123_label;
use apimachinery::content::inclusive_range_error;
use apimachinery::content::name_is_dns_subdomain;
use apimachinery::content::util_validation::is_dns1123_subdomain;
use apimachinery::field::{BadValue, Error, ErrorList, Path};
use declarative::api::core::v1::{
    AzureDiskVolumeSource, AzureFileVolumeSource, CSIVolumeSource, CephFSVolumeSource,
    CinderVolumeSource, FlexVolumeSource, ISCSIVolumeSource, PhotonPersistentDiskVolumeSource,
    PortworxVolumeSource, QuobyteVolumeSource, RBDVolumeSource, ScaleIOVolumeSource,
    StorageOSVolumeSource, VsphereVirtualDiskVolumeSource,
};

/// Kubernetes' message when `<volume name>:<targetPortal>` is too long.
pub const ISCSI_NAME_TOO_LONG: &str = "Total length of <volume name>:<iscsi.targetPortal> must be under 64 characters if iscsi.initiatorName is specified.";

const ISCSI_PREFIX_MSG: &str = "must be valid format starting with iqn, eui, or naa";

/// Whether `rest` (what follows `iqn.`) is `dddd-dd.` then one or more of
/// `[A-Za-z0-9-.]`, a `:` and one or more characters other than
/// `,;*&$|` and white space, up to the end.
fn iqn_tail_matches(rest: &[u8]) -> bool {
    let date_ok = rest.len() > 8
        && rest[..4].iter().all(u8::is_ascii_digit)
        && rest[4] == b'-'
        && rest[5..7].iter().all(u8::is_ascii_digit)
        && rest[7] == b'.';
    if !date_ok {
        return false;
    }
    let body = &rest[8..];
    let Some(colon) = body.iter().position(|&c| c == b':') else {
        return false;
    };
    let name_ok = colon > 0
        && body[..colon]
            .iter()
            .all(|c| c.is_ascii_alphanumeric() || *c == b'-' || *c == b'.');
    let suffix = &body[colon + 1..];
    name_ok && !suffix.is_empty() && suffix.iter().all(|c| !b",;*&$|\t\n\x0c\r ".contains(c))
}

/// Kubernetes' `iscsiInitiatorIqnRegex` (unanchored at the start).
fn is_iqn(value: &str) -> bool {
    let b = value.as_bytes();
    (0..b.len()).any(|i| b[i..].starts_with(b"iqn.") && iqn_tail_matches(&b[i + 4..]))
}

/// Kubernetes' `iscsiInitiatorEuiRegex` / `iscsiInitiatorNaaRegex`: the
/// prefix, any one character, then exactly `n` ASCII alphanumerics.
fn is_prefixed_alnum(value: &str, prefix: &str, n: usize) -> bool {
    let Some(rest) = value.strip_prefix(prefix) else {
        return false;
    };
    let mut chars = rest.chars();
    chars.next().is_some_and(|c| c != '\n')
        && chars.as_str().len() == n
        && chars.as_str().bytes().all(|c| c.is_ascii_alphanumeric())
}

/// The IQN format checks shared by `iqn` and `initiatorname` (of the pod
/// and the persistent volume iSCSI sources).
pub(crate) fn iqn_format_error(value: &str, path: &Path<'_>) -> Option<Error> {
    let bad = if value.starts_with("iqn") {
        !is_iqn(value)
    } else if value.starts_with("eui") {
        !is_prefixed_alnum(value, "eui", 16)
    } else if value.starts_with("naa") {
        !is_prefixed_alnum(value, "naa", 32)
    } else {
        false
    };
    bad.then(|| Error::invalid(path, value, "must be valid format"))
}

/// Whether `value` starts with `iqn`, `eui` or `naa`.
pub(crate) fn has_iscsi_prefix(value: &str) -> bool {
    ["iqn", "eui", "naa"].iter().any(|p| value.starts_with(p))
}

/// `validateISCSIVolumeSource`.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::ISCSIVolumeSource;
/// use handwritten::core::v1::volume_plugins::validate_iscsi;
/// let s: ISCSIVolumeSource = serde_json::from_str(r#"{"targetPortal":"127.0.0.1","iqn":"iqn.2015-02.example.com:test"}"#).unwrap();
/// assert!(validate_iscsi(&s, &Path::new("iscsi")).is_empty());
/// let bad: ISCSIVolumeSource = serde_json::from_str(r#"{"targetPortal":"127.0.0.1","iqn":"iqn.2015-02.example.com"}"#).unwrap();
/// assert_eq!(validate_iscsi(&bad, &Path::new("iscsi"))[0].detail, "must be valid format");
/// ```
pub fn validate_iscsi(iscsi: &ISCSIVolumeSource, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if iscsi.target_portal.is_empty() {
        errs.push(Error::required(&path.child("targetPortal"), ""));
    }
    let iqn_path = path.child("iqn");
    if iscsi.iqn.is_empty() {
        errs.push(Error::required(&iqn_path, ""));
    } else if !has_iscsi_prefix(&iscsi.iqn) {
        errs.push(Error::invalid(
            &iqn_path,
            iscsi.iqn.as_str(),
            ISCSI_PREFIX_MSG,
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
    if let Some(initiator) = &iscsi.initiator_name {
        let p = path.child("initiatorname");
        if !has_iscsi_prefix(initiator) {
            errs.push(Error::invalid(&p, initiator.as_str(), ISCSI_PREFIX_MSG));
        }
        errs.extend(iqn_format_error(initiator, &p));
    }
    errs
}

/// The check `validateVolumeSource` adds for an `iscsi` source with an
/// initiator name: `<volume name>:<targetPortal>` must not exceed 64 bytes
/// (reported at `name`, whether or not the source was the first one).
pub fn validate_iscsi_name_length(
    volume_name: &str,
    iscsi: &ISCSIVolumeSource,
    path: &Path<'_>,
) -> Option<Error> {
    (iscsi.initiator_name.is_some() && volume_name.len() + 1 + iscsi.target_portal.len() > 64)
        .then(|| Error::invalid(&path.child("name"), volume_name, ISCSI_NAME_TOO_LONG))
}

/// `validateRBDVolumeSource`: monitors and an image.
pub fn validate_rbd(rbd: &RBDVolumeSource, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if rbd.ceph_monitors.is_empty() {
        errs.push(Error::required(&path.child("monitors"), ""));
    }
    if rbd.rbd_image.is_empty() {
        errs.push(Error::required(&path.child("image"), ""));
    }
    errs
}

/// A set secret reference must name the secret (`secretRef.name`).
fn secret_ref_name(name: Option<&str>, path: &Path<'_>) -> Option<Error> {
    name.is_some_and(str::is_empty).then(|| {
        let secret = path.child("secretRef");
        Error::required(&secret.child("name"), "")
    })
}

/// `validateCinderVolumeSource`: a volume ID, and a named secret if one is set.
pub fn validate_cinder(cinder: &CinderVolumeSource, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if cinder.volume_id.is_empty() {
        errs.push(Error::required(&path.child("volumeID"), ""));
    }
    errs.extend(secret_ref_name(
        cinder.secret_ref.as_ref().map(|r| r.name.as_str()),
        path,
    ));
    errs
}

/// `validateCephFSVolumeSource`: monitors.
pub fn validate_cephfs(cephfs: &CephFSVolumeSource, path: &Path<'_>) -> ErrorList {
    if cephfs.monitors.is_empty() {
        return ErrorList::from(Error::required(&path.child("monitors"), ""));
    }
    ErrorList::new()
}

/// Go's `net.SplitHostPort` succeeds on `value`.
fn splits_host_port(value: &str) -> bool {
    let Some(last) = value.rfind(':') else {
        return false;
    };
    let (rest_from, close_from) = if value.starts_with('[') {
        let Some(end) = value.find(']') else {
            return false;
        };
        if end + 1 != last {
            return false;
        }
        (1, end + 1)
    } else {
        if value[..last].contains(':') {
            return false;
        }
        (0, 0)
    };
    !value[rest_from..].contains('[') && !value[close_from..].contains(']')
}

const QUOBYTE_REGISTRY_MSG: &str = "must be a host:port pair or multiple pairs separated by commas";

/// `validateQuobyteVolumeSource`: a registry of `host:port` pairs (one
/// error per bad pair), a tenant of at most 64 bytes, and a volume.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::QuobyteVolumeSource;
/// use handwritten::core::v1::volume_plugins::validate_quobyte;
/// let q = QuobyteVolumeSource { registry: "a:7861,b".into(), volume: "v".into(), ..Default::default() };
/// assert_eq!(validate_quobyte(&q, &Path::new("quobyte"))[0].field, "quobyte.registry");
/// ```
pub fn validate_quobyte(quobyte: &QuobyteVolumeSource, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let registry = path.child("registry");
    if quobyte.registry.is_empty() {
        errs.push(Error::required(&registry, QUOBYTE_REGISTRY_MSG));
    } else if quobyte.tenant.len() >= 65 {
        errs.push(Error::required(
            &path.child("tenant"),
            "must be a UUID and may not exceed a length of 64 characters",
        ));
    } else {
        for pair in quobyte.registry.split(',') {
            if !splits_host_port(pair) {
                errs.push(Error::invalid(
                    &registry,
                    quobyte.registry.as_str(),
                    QUOBYTE_REGISTRY_MSG,
                ));
            }
        }
    }
    if quobyte.volume.is_empty() {
        errs.push(Error::required(&path.child("volume"), ""));
    }
    errs
}

/// `validateFlexVolumeSource`: a driver, and no option key in the
/// `kubernetes.io` or `k8s.io` namespaces.
pub fn validate_flex_volume(flex: &FlexVolumeSource, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if flex.driver.is_empty() {
        errs.push(Error::required(&path.child("driver"), ""));
    }
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

/// `validateAzureFile`: a secret name and a share name.
pub fn validate_azure_file(azure: &AzureFileVolumeSource, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if azure.secret_name.is_empty() {
        errs.push(Error::required(&path.child("secretName"), ""));
    }
    if azure.share_name.is_empty() {
        errs.push(Error::required(&path.child("shareName"), ""));
    }
    errs
}

/// The caching modes, sorted as Go's `sets.List` returns them.
const AZURE_CACHING_MODES: &[&str] = &["None", "ReadOnly", "ReadWrite"];
/// The disk kinds, sorted.
const AZURE_DISK_KINDS: &[&str] = &["Dedicated", "Managed", "Shared"];

/// `validateAzureDisk`: names, a supported caching mode and kind, and a
/// disk URI of the kind's form.
pub fn validate_azure_disk(azure: &AzureDiskVolumeSource, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if azure.disk_name.is_empty() {
        errs.push(Error::required(&path.child("diskName"), ""));
    }
    let uri = path.child("diskURI");
    if azure.data_disk_uri.is_empty() {
        errs.push(Error::required(&uri, ""));
    }
    if let Some(mode) = &azure.caching_mode
        && !AZURE_CACHING_MODES.contains(&mode.as_str())
    {
        errs.push(Error::not_supported(
            &path.child("cachingMode"),
            mode.as_str(),
            AZURE_CACHING_MODES,
        ));
    }
    if let Some(kind) = &azure.kind {
        if !AZURE_DISK_KINDS.contains(&kind.as_str()) {
            errs.push(Error::not_supported(
                &path.child("kind"),
                kind.as_str(),
                AZURE_DISK_KINDS,
            ));
        }
        let value = azure.data_disk_uri.as_str();
        if kind == "Managed" && !value.starts_with("/subscriptions/") {
            errs.push(Error::not_supported(
                &uri,
                value,
                &["/subscriptions/{sub-id}/resourcegroups/{group-name}/providers/microsoft.compute/disks/{disk-id}"],
            ));
        }
        if kind != "Managed" && !value.starts_with("https://") {
            errs.push(Error::not_supported(
                &uri,
                value,
                &["https://{account-name}.blob.core.windows.net/{container-name}/{disk-name}.vhd"],
            ));
        }
    }
    errs
}

/// One required string field.
fn required(value: &str, path: &Path<'_>, name: &str) -> Option<Error> {
    value
        .is_empty()
        .then(|| Error::required(&path.child(name), ""))
}

/// `validateVsphereVolumeSource`: a volume path.
pub fn validate_vsphere_volume(
    vsphere: &VsphereVirtualDiskVolumeSource,
    path: &Path<'_>,
) -> ErrorList {
    required(&vsphere.volume_path, path, "volumePath")
        .into_iter()
        .collect()
}

/// `validatePhotonPersistentDiskVolumeSource`: a disk ID.
pub fn validate_photon_persistent_disk(
    photon: &PhotonPersistentDiskVolumeSource,
    path: &Path<'_>,
) -> ErrorList {
    required(&photon.pd_id, path, "pdID").into_iter().collect()
}

/// `validatePortworxVolumeSource`: a volume ID.
pub fn validate_portworx_volume(portworx: &PortworxVolumeSource, path: &Path<'_>) -> ErrorList {
    required(&portworx.volume_id, path, "volumeID")
        .into_iter()
        .collect()
}

/// `validateScaleIOVolumeSource`: a gateway, a system and a volume name.
pub fn validate_scale_io(scale_io: &ScaleIOVolumeSource, path: &Path<'_>) -> ErrorList {
    [
        required(&scale_io.gateway, path, "gateway"),
        required(&scale_io.system, path, "system"),
        required(&scale_io.volume_name, path, "volumeName"),
    ]
    .into_iter()
    .flatten()
    .collect()
}

/// `validateStorageOSVolumeSource`: a DNS-label volume name, a DNS-label
/// namespace when set, and a named secret when one is set.
pub fn validate_storageos(storageos: &StorageOSVolumeSource, path: &Path<'_>) -> ErrorList {
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
    errs.extend(secret_ref_name(
        storageos.secret_ref.as_ref().map(|r| r.name.as_str()),
        path,
    ));
    errs
}

/// `ValidateCSIDriverName`: required, at most 63 bytes, and a DNS subdomain
/// once lower-cased (all three checked).
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::core::v1::volume_plugins::validate_csi_driver_name;
/// assert!(validate_csi_driver_name("io.Kubernetes.storage.CSI-driver", &Path::new("driver")).is_empty());
/// assert_eq!(validate_csi_driver_name("", &Path::new("driver")).len(), 2);
/// ```
pub fn validate_csi_driver_name(driver: &str, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if driver.is_empty() {
        errs.push(Error::required(path, ""));
    }
    if driver.len() > 63 {
        errs.push(Error::too_long(path, 63));
    }
    for msg in is_dns1123_subdomain(&driver.to_lowercase()) {
        errs.push(Error::invalid(path, driver, msg));
    }
    errs
}

/// `validateCSIVolumeSource`: the driver name, and a valid secret name when
/// a node-publish secret is set (whose format errors Kubernetes reports at
/// `name`).
pub fn validate_csi(csi: &CSIVolumeSource, path: &Path<'_>) -> ErrorList {
    let mut errs = validate_csi_driver_name(&csi.driver, &path.child("driver"));
    if let Some(secret) = &csi.node_publish_secret_ref {
        if secret.name.is_empty() {
            let secret = path.child("nodePublishSecretRef");
            errs.push(Error::required(&secret.child("name"), ""));
        } else {
            for msg in name_is_dns_subdomain(&secret.name, false) {
                errs.push(Error::invalid(
                    &path.child("name"),
                    BadValue::from(secret.name.as_str()),
                    msg,
                ));
            }
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iscsi_formats() {
        assert!(is_iqn("iqn.2015-02.example.com:test"));
        assert!(is_iqn("xiqn.2015-02.example.com:a:b"));
        assert!(!is_iqn("iqn.2015-02.example.com"));
        assert!(!is_iqn("iqn.2015-02.example.com:a b"));
        assert!(!is_iqn("iqn.215-02.example.com:a"));
        assert!(is_prefixed_alnum("eui.02004567A425678D", "eui", 16));
        assert!(!is_prefixed_alnum("eui.02004567A425678", "eui", 16));
        assert!(is_prefixed_alnum(
            "naa.62004567BA64678D0123456789ABCDEF",
            "naa",
            32
        ));
    }

    #[test]
    fn host_port_pairs() {
        for ok in ["a:1", "a:", "[::1]:80", ":80"] {
            assert!(splits_host_port(ok), "{ok}");
        }
        for bad in ["a", "a:b:c", "[::1]", "[::1]x:1", "a]:1", "[a:1"] {
            assert!(!splits_host_port(bad), "{bad}");
        }
    }

    #[test]
    fn azure_disk_uri_follows_kind() {
        let d: AzureDiskVolumeSource = serde_json::from_str(
            r#"{"diskName":"d","diskURI":"https://x","kind":"Managed","cachingMode":"All"}"#,
        )
        .unwrap();
        let errs = validate_azure_disk(&d, &Path::new("azureDisk"));
        let fields: Vec<_> = errs.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["azureDisk.cachingMode", "azureDisk.diskURI"]);
    }

    #[test]
    fn flex_reserved_option_namespaces() {
        let f: FlexVolumeSource = serde_json::from_str(
            r#"{"driver":"d","options":{"kubernetes.io/x":"1","foo.k8s.io":"2","myk8s.io/y":"3","a/b":"4"}}"#,
        )
        .unwrap();
        let errs = validate_flex_volume(&f, &Path::new("flexVolume"));
        let fields: Vec<_> = errs.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "flexVolume.options[foo.k8s.io]",
                "flexVolume.options[kubernetes.io/x]"
            ]
        );
    }
}
