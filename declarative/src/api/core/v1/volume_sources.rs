//! The disk and network volume sources of `core/v1` `VolumeSource` beyond
//! the common ones in [`super::volume`]: `gitRepo`, `gcePersistentDisk`,
//! `awsElasticBlockStore`, `nfs`, `glusterfs`, `flocker` and `fc`. Their Go
//! types carry no `+k8s:` tags; hand-written validation checks them.

use apimachinery::Validate;
use serde::{Deserialize, Serialize};

fn is_false(v: &bool) -> bool {
    !*v
}

fn is_zero(v: &i32) -> bool {
    *v == 0
}

/// Kubernetes' `core/v1` `GitRepoVolumeSource` (deprecated).
///
/// ```
/// use declarative::api::core::v1::GitRepoVolumeSource;
/// let g: GitRepoVolumeSource = serde_json::from_str(r#"{"repository":"https://x/y.git","directory":"."}"#).unwrap();
/// assert_eq!(g.directory, ".");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct GitRepoVolumeSource {
    /// The repository URL.
    #[serde(default)]
    pub repository: String,
    /// The commit hash.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub revision: String,
    /// The target directory, relative to the volume.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub directory: String,
}

/// Kubernetes' `core/v1` `GCEPersistentDiskVolumeSource`.
///
/// ```
/// use declarative::api::core::v1::GCEPersistentDiskVolumeSource;
/// let d: GCEPersistentDiskVolumeSource = serde_json::from_str(r#"{"pdName":"disk","partition":1}"#).unwrap();
/// assert_eq!((d.pd_name.as_str(), d.partition), ("disk", 1));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct GCEPersistentDiskVolumeSource {
    /// The disk's name in GCE.
    #[serde(default)]
    pub pd_name: String,
    /// The filesystem type.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub fs_type: String,
    /// The partition to mount (0: the whole disk).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub partition: i32,
    /// Mount read-only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
}

/// Kubernetes' `core/v1` `AWSElasticBlockStoreVolumeSource`.
///
/// ```
/// use declarative::api::core::v1::AWSElasticBlockStoreVolumeSource;
/// let d: AWSElasticBlockStoreVolumeSource = serde_json::from_str(r#"{"volumeID":"vol-1"}"#).unwrap();
/// assert_eq!(d.volume_id, "vol-1");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct AWSElasticBlockStoreVolumeSource {
    /// The EBS volume's ID.
    #[serde(default, rename = "volumeID")]
    pub volume_id: String,
    /// The filesystem type.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub fs_type: String,
    /// The partition to mount (0: the whole volume).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub partition: i32,
    /// Mount read-only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
}

/// Kubernetes' `core/v1` `NFSVolumeSource`.
///
/// ```
/// use declarative::api::core::v1::NFSVolumeSource;
/// let n: NFSVolumeSource = serde_json::from_str(r#"{"server":"nfs.example.com","path":"/export"}"#).unwrap();
/// assert_eq!(n.path, "/export");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct NFSVolumeSource {
    /// The NFS server's host name or IP address.
    #[serde(default)]
    pub server: String,
    /// The exported path.
    #[serde(default)]
    pub path: String,
    /// Mount read-only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
}

/// Kubernetes' `core/v1` `GlusterfsVolumeSource`.
///
/// ```
/// use declarative::api::core::v1::GlusterfsVolumeSource;
/// let g: GlusterfsVolumeSource = serde_json::from_str(r#"{"endpoints":"ep","path":"vol"}"#).unwrap();
/// assert_eq!(g.endpoints_name, "ep");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct GlusterfsVolumeSource {
    /// The Endpoints object naming the Glusterfs servers.
    #[serde(default, rename = "endpoints")]
    pub endpoints_name: String,
    /// The Glusterfs volume path.
    #[serde(default)]
    pub path: String,
    /// Mount read-only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
}

/// Kubernetes' `core/v1` `FlockerVolumeSource`.
///
/// ```
/// use declarative::api::core::v1::FlockerVolumeSource;
/// let f: FlockerVolumeSource = serde_json::from_str(r#"{"datasetName":"data"}"#).unwrap();
/// assert_eq!(f.dataset_name, "data");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct FlockerVolumeSource {
    /// The dataset's name (metadata).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub dataset_name: String,
    /// The dataset's UUID.
    #[serde(
        default,
        rename = "datasetUUID",
        skip_serializing_if = "String::is_empty"
    )]
    pub dataset_uuid: String,
}

/// Kubernetes' `core/v1` `FCVolumeSource` (Fibre Channel).
///
/// ```
/// use declarative::api::core::v1::FCVolumeSource;
/// let f: FCVolumeSource = serde_json::from_str(r#"{"targetWWNs":["500a0982991b8dc5"],"lun":2}"#).unwrap();
/// assert_eq!(f.lun, Some(2));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct FCVolumeSource {
    /// The target world-wide names.
    #[serde(default, rename = "targetWWNs", skip_serializing_if = "Vec::is_empty")]
    pub target_wwns: Vec<String>,
    /// The target LUN.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lun: Option<i32>,
    /// The filesystem type.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub fs_type: String,
    /// Mount read-only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
    /// The world-wide identifiers (instead of `targetWWNs` and `lun`).
    #[serde(default, rename = "wwids", skip_serializing_if = "Vec::is_empty")]
    pub wwids: Vec<String>,
}
