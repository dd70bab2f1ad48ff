//! The volume-plugin sources of `core/v1` `VolumeSource`: `iscsi`, `rbd`,
//! `cinder`, `cephfs`, `quobyte`, `flexVolume`, `azureFile`, `azureDisk`,
//! `vsphereVolume`, `photonPersistentDisk`, `portworxVolume`, `scaleIO`,
//! `storageos` and `csi`. Their Go types carry no `+k8s:` validation tags
//! (master's `core/v1/types.go`); hand-written validation checks them.

use apimachinery::Validate;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

fn is_false(v: &bool) -> bool {
    !*v
}

/// Kubernetes' `core/v1` `LocalObjectReference`: an object in the pod's namespace.
///
/// ```
/// use declarative::api::core::v1::LocalObjectReference;
/// let r: LocalObjectReference = serde_json::from_str(r#"{"name":"creds"}"#).unwrap();
/// assert_eq!(r.name, "creds");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct LocalObjectReference {
    /// The referent's name.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
}

/// Kubernetes' `core/v1` `ISCSIVolumeSource`.
///
/// ```
/// use declarative::api::core::v1::ISCSIVolumeSource;
/// let s: ISCSIVolumeSource = serde_json::from_str(
///     r#"{"targetPortal":"127.0.0.1","iqn":"iqn.2015-02.example.com:test","lun":1,"initiatorName":"iqn.2015-02.example.com:init"}"#).unwrap();
/// assert_eq!(s.initiator_name.as_deref(), Some("iqn.2015-02.example.com:init"));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ISCSIVolumeSource {
    /// The target portal (`ip` or `ip:port`).
    #[serde(default)]
    pub target_portal: String,
    /// The target iSCSI qualified name.
    #[serde(default, rename = "iqn")]
    pub iqn: String,
    /// The target LUN.
    #[serde(default)]
    pub lun: i32,
    /// The iSCSI interface name.
    #[serde(
        default,
        rename = "iscsiInterface",
        skip_serializing_if = "String::is_empty"
    )]
    pub iscsi_interface: String,
    /// The filesystem type.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub fs_type: String,
    /// Mount read-only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
    /// Further target portals.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub portals: Vec<String>,
    /// Whether iSCSI discovery CHAP authentication is used.
    #[serde(
        default,
        rename = "chapAuthDiscovery",
        skip_serializing_if = "is_false"
    )]
    pub discovery_chap_auth: bool,
    /// Whether iSCSI session CHAP authentication is used.
    #[serde(default, rename = "chapAuthSession", skip_serializing_if = "is_false")]
    pub session_chap_auth: bool,
    /// The CHAP secret.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_ref: Option<LocalObjectReference>,
    /// A custom initiator name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initiator_name: Option<String>,
}

/// Kubernetes' `core/v1` `RBDVolumeSource` (Rados block device).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct RBDVolumeSource {
    /// The Ceph monitors.
    #[serde(default, rename = "monitors")]
    pub ceph_monitors: Vec<String>,
    /// The image name.
    #[serde(default, rename = "image")]
    pub rbd_image: String,
    /// The filesystem type.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub fs_type: String,
    /// The Rados pool.
    #[serde(default, rename = "pool", skip_serializing_if = "String::is_empty")]
    pub rbd_pool: String,
    /// The Rados user.
    #[serde(default, rename = "user", skip_serializing_if = "String::is_empty")]
    pub rados_user: String,
    /// The keyring path.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub keyring: String,
    /// The authentication secret.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_ref: Option<LocalObjectReference>,
    /// Mount read-only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
}

/// Kubernetes' `core/v1` `CinderVolumeSource` (OpenStack).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct CinderVolumeSource {
    /// The Cinder volume's ID.
    #[serde(default, rename = "volumeID")]
    pub volume_id: String,
    /// The filesystem type.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub fs_type: String,
    /// Mount read-only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
    /// The OpenStack connection secret.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_ref: Option<LocalObjectReference>,
}

/// Kubernetes' `core/v1` `CephFSVolumeSource`.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct CephFSVolumeSource {
    /// The Ceph monitors.
    #[serde(default)]
    pub monitors: Vec<String>,
    /// The mounted root path.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub path: String,
    /// The Rados user.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub user: String,
    /// The keyring path.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub secret_file: String,
    /// The authentication secret.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_ref: Option<LocalObjectReference>,
    /// Mount read-only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
}

/// Kubernetes' `core/v1` `QuobyteVolumeSource`.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct QuobyteVolumeSource {
    /// `host:port` pairs, comma-separated.
    #[serde(default)]
    pub registry: String,
    /// The Quobyte volume.
    #[serde(default)]
    pub volume: String,
    /// Mount read-only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
    /// The user to map volume access to.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub user: String,
    /// The group to map volume access to.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub group: String,
    /// The tenant owning the volume.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub tenant: String,
}

/// Kubernetes' `core/v1` `FlexVolumeSource`.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct FlexVolumeSource {
    /// The driver's name.
    #[serde(default)]
    pub driver: String,
    /// The filesystem type.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub fs_type: String,
    /// A secret passed to the driver.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_ref: Option<LocalObjectReference>,
    /// Mount read-only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
    /// Driver options.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub options: BTreeMap<String, String>,
}

/// Kubernetes' `core/v1` `AzureFileVolumeSource`.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct AzureFileVolumeSource {
    /// The secret holding the account name and key.
    #[serde(default)]
    pub secret_name: String,
    /// The share's name.
    #[serde(default)]
    pub share_name: String,
    /// Mount read-only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
}

/// Kubernetes' `core/v1` `AzureDiskVolumeSource`.
///
/// ```
/// use declarative::api::core::v1::AzureDiskVolumeSource;
/// let d: AzureDiskVolumeSource = serde_json::from_str(r#"{"diskName":"d","diskURI":"https://x","kind":"Shared"}"#).unwrap();
/// assert_eq!(d.kind.as_deref(), Some("Shared"));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct AzureDiskVolumeSource {
    /// The data disk's name.
    #[serde(default)]
    pub disk_name: String,
    /// The data disk's URI.
    #[serde(default, rename = "diskURI")]
    pub data_disk_uri: String,
    /// The host caching mode (`None`, `ReadOnly`, `ReadWrite`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub caching_mode: Option<String>,
    /// The filesystem type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fs_type: Option<String>,
    /// Mount read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_only: Option<bool>,
    /// The disk kind (`Shared`, `Dedicated`, `Managed`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<String>,
}

/// Kubernetes' `core/v1` `VsphereVirtualDiskVolumeSource`.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct VsphereVirtualDiskVolumeSource {
    /// The vSphere volume's path.
    #[serde(default)]
    pub volume_path: String,
    /// The filesystem type.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub fs_type: String,
    /// The storage policy's name.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub storage_policy_name: String,
    /// The storage policy's ID.
    #[serde(
        default,
        rename = "storagePolicyID",
        skip_serializing_if = "String::is_empty"
    )]
    pub storage_policy_id: String,
}

/// Kubernetes' `core/v1` `PhotonPersistentDiskVolumeSource`.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct PhotonPersistentDiskVolumeSource {
    /// The disk's ID.
    #[serde(default, rename = "pdID")]
    pub pd_id: String,
    /// The filesystem type.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub fs_type: String,
}

/// Kubernetes' `core/v1` `PortworxVolumeSource`.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct PortworxVolumeSource {
    /// The Portworx volume's ID.
    #[serde(default, rename = "volumeID")]
    pub volume_id: String,
    /// The filesystem type.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub fs_type: String,
    /// Mount read-only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
}

/// Kubernetes' `core/v1` `ScaleIOVolumeSource`.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ScaleIOVolumeSource {
    /// The ScaleIO API gateway's address.
    #[serde(default)]
    pub gateway: String,
    /// The storage system's name.
    #[serde(default)]
    pub system: String,
    /// The secret for the ScaleIO user.
    #[serde(default)]
    pub secret_ref: Option<LocalObjectReference>,
    /// Whether SSL is used with the gateway.
    #[serde(default, rename = "sslEnabled", skip_serializing_if = "is_false")]
    pub ssl_enabled: bool,
    /// The protection domain.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub protection_domain: String,
    /// The storage pool.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub storage_pool: String,
    /// `ThickProvisioned` or `ThinProvisioned`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub storage_mode: String,
    /// The volume's name in the ScaleIO system.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub volume_name: String,
    /// The filesystem type.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub fs_type: String,
    /// Mount read-only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
}

/// Kubernetes' `core/v1` `StorageOSVolumeSource`.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct StorageOSVolumeSource {
    /// The volume's name in its StorageOS namespace.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub volume_name: String,
    /// The StorageOS namespace.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub volume_namespace: String,
    /// The filesystem type.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub fs_type: String,
    /// Mount read-only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
    /// The StorageOS API credentials.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_ref: Option<LocalObjectReference>,
}

/// Kubernetes' `core/v1` `CSIVolumeSource` (an inline CSI volume).
///
/// ```
/// use declarative::api::core::v1::CSIVolumeSource;
/// let c: CSIVolumeSource = serde_json::from_str(r#"{"driver":"csi.example.com","volumeAttributes":{"a":"b"}}"#).unwrap();
/// assert_eq!(c.volume_attributes["a"], "b");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct CSIVolumeSource {
    /// The CSI driver's name.
    #[serde(default)]
    pub driver: String,
    /// Mount read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_only: Option<bool>,
    /// The filesystem type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fs_type: Option<String>,
    /// Driver-specific attributes.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub volume_attributes: BTreeMap<String, String>,
    /// The secret passed to NodePublishVolume.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_publish_secret_ref: Option<LocalObjectReference>,
}
