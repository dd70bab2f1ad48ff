//! `Volume` with the common volume sources: `emptyDir`, `hostPath`,
//! `configMap`, `secret` and `persistentVolumeClaim`, the disk and
//! network sources of [`super::volume_sources`], the plugin sources of
//! [`super::volume_plugins`] and the `downwardAPI` and `projected` sources
//! of [`super::projected`], `ephemeral` ([`super::EphemeralVolumeSource`])
//! and `image` ([`super::ImageVolumeSource`]).

use super::ephemeral_volume_source::EphemeralVolumeSource;
use super::image_volume_source::ImageVolumeSource;
use super::projected::{DownwardAPIVolumeSource, ProjectedVolumeSource};
use super::volume_plugins::{
    AzureDiskVolumeSource, AzureFileVolumeSource, CSIVolumeSource, CephFSVolumeSource,
    CinderVolumeSource, FlexVolumeSource, ISCSIVolumeSource, PhotonPersistentDiskVolumeSource,
    PortworxVolumeSource, QuobyteVolumeSource, RBDVolumeSource, ScaleIOVolumeSource,
    StorageOSVolumeSource, VsphereVirtualDiskVolumeSource,
};
use super::volume_sources::{
    AWSElasticBlockStoreVolumeSource, FCVolumeSource, FlockerVolumeSource,
    GCEPersistentDiskVolumeSource, GitRepoVolumeSource, GlusterfsVolumeSource, NFSVolumeSource,
};
use apimachinery::Validate;
use apimachinery::resource::QuantityText;
use serde::{Deserialize, Serialize};

/// Kubernetes' `core/v1` `Volume`; the `VolumeSource` members are inlined as
/// in the JSON form.
///
/// ```
/// use declarative::api::core::v1::Volume;
/// let v: Volume = serde_json::from_str(r#"{"name":"cache","emptyDir":{}}"#).unwrap();
/// assert!(v.empty_dir.is_some());
/// assert_eq!(serde_json::to_string(&v).unwrap(), r#"{"name":"cache","emptyDir":{}}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Volume {
    /// The volume's name, a DNS label unique within the pod.
    #[serde(default)]
    pub name: String,
    /// A directory on the host.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_path: Option<HostPathVolumeSource>,
    /// A temporary directory that shares the pod's lifetime.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub empty_dir: Option<EmptyDirVolumeSource>,
    /// A Secret's keys as files.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<SecretVolumeSource>,
    /// A PersistentVolumeClaim in the pod's namespace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub persistent_volume_claim: Option<PersistentVolumeClaimVolumeSource>,
    /// A ConfigMap's keys as files.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config_map: Option<ConfigMapVolumeSource>,
    /// A git repository checked out into the volume (deprecated).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub git_repo: Option<GitRepoVolumeSource>,
    /// A GCE persistent disk.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gce_persistent_disk: Option<GCEPersistentDiskVolumeSource>,
    /// An AWS EBS volume.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aws_elastic_block_store: Option<AWSElasticBlockStoreVolumeSource>,
    /// An NFS export.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nfs: Option<NFSVolumeSource>,
    /// A Glusterfs volume.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub glusterfs: Option<GlusterfsVolumeSource>,
    /// A Flocker dataset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flocker: Option<FlockerVolumeSource>,
    /// A Fibre Channel volume.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fc: Option<FCVolumeSource>,
    /// An iSCSI disk.
    #[serde(default, rename = "iscsi", skip_serializing_if = "Option::is_none")]
    pub iscsi: Option<ISCSIVolumeSource>,
    /// A Rados block device.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rbd: Option<RBDVolumeSource>,
    /// An OpenStack Cinder volume.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cinder: Option<CinderVolumeSource>,
    /// A CephFS mount.
    #[serde(default, rename = "cephfs", skip_serializing_if = "Option::is_none")]
    pub cephfs: Option<CephFSVolumeSource>,
    /// A Quobyte volume.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quobyte: Option<QuobyteVolumeSource>,
    /// Downward API files about the pod.
    #[serde(
        default,
        rename = "downwardAPI",
        skip_serializing_if = "Option::is_none"
    )]
    pub downward_api: Option<DownwardAPIVolumeSource>,
    /// A FlexVolume driver's volume.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flex_volume: Option<FlexVolumeSource>,
    /// An Azure File share.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub azure_file: Option<AzureFileVolumeSource>,
    /// A vSphere virtual disk.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vsphere_volume: Option<VsphereVirtualDiskVolumeSource>,
    /// A Photon Controller disk.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub photon_persistent_disk: Option<PhotonPersistentDiskVolumeSource>,
    /// A Portworx volume.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub portworx_volume: Option<PortworxVolumeSource>,
    /// An Azure data disk.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub azure_disk: Option<AzureDiskVolumeSource>,
    /// A StorageOS volume.
    #[serde(default, rename = "storageos", skip_serializing_if = "Option::is_none")]
    pub storageos: Option<StorageOSVolumeSource>,
    /// Several sources projected into one directory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub projected: Option<ProjectedVolumeSource>,
    /// A ScaleIO volume.
    #[serde(default, rename = "scaleIO", skip_serializing_if = "Option::is_none")]
    pub scale_io: Option<ScaleIOVolumeSource>,
    /// An inline CSI volume.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub csi: Option<CSIVolumeSource>,
    /// A claim created for, and owned by, the pod.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ephemeral: Option<EphemeralVolumeSource>,
    /// An OCI image or artifact.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub image: Option<ImageVolumeSource>,
}

/// Kubernetes' `core/v1` `EmptyDirVolumeSource` (`mode` is not modelled).
///
/// ```
/// use declarative::api::core::v1::EmptyDirVolumeSource;
/// let e: EmptyDirVolumeSource = serde_json::from_str(r#"{"medium":"Memory","sizeLimit":"1Gi"}"#).unwrap();
/// assert_eq!(e.size_limit.as_deref(), Some("1Gi"));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct EmptyDirVolumeSource {
    /// `""` (node default), `Memory` or `HugePages`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub medium: String,
    /// The most local storage the volume may use (a quantity).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub size_limit: Option<QuantityText>,
}

/// Kubernetes' `core/v1` `HostPathVolumeSource`.
///
/// ```
/// use declarative::api::core::v1::HostPathVolumeSource;
/// let h: HostPathVolumeSource = serde_json::from_str(r#"{"path":"/var/log","type":"Directory"}"#).unwrap();
/// assert_eq!(h.type_.as_deref(), Some("Directory"));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct HostPathVolumeSource {
    /// The path on the host.
    #[serde(default)]
    pub path: String,
    /// The expected kind of path (`""`, `Directory`, `File`, ...).
    #[serde(default, rename = "type", skip_serializing_if = "Option::is_none")]
    pub type_: Option<String>,
}

/// Kubernetes' `core/v1` `ConfigMapVolumeSource` (`defaultUser` is not modelled).
///
/// ```
/// use declarative::api::core::v1::ConfigMapVolumeSource;
/// let c: ConfigMapVolumeSource = serde_json::from_str(r#"{"name":"cm","defaultMode":420}"#).unwrap();
/// assert_eq!(c.default_mode, Some(0o644));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ConfigMapVolumeSource {
    /// The ConfigMap's name.
    ///
    /// +default=""
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// Which keys to project, and where.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<KeyToPath>,
    /// The file mode bits (0 to 0777).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_mode: Option<i32>,
    /// Whether the ConfigMap may be missing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optional: Option<bool>,
}

/// Kubernetes' `core/v1` `SecretVolumeSource` (`defaultUser` is not modelled).
///
/// ```
/// use declarative::api::core::v1::SecretVolumeSource;
/// let s: SecretVolumeSource = serde_json::from_str(r#"{"secretName":"tls"}"#).unwrap();
/// assert_eq!(s.secret_name, "tls");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct SecretVolumeSource {
    /// The Secret's name.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub secret_name: String,
    /// Which keys to project, and where.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<KeyToPath>,
    /// The file mode bits (0 to 0777).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_mode: Option<i32>,
    /// Whether the Secret may be missing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optional: Option<bool>,
}

/// Kubernetes' `core/v1` `PersistentVolumeClaimVolumeSource`.
///
/// ```
/// use declarative::api::core::v1::PersistentVolumeClaimVolumeSource;
/// let p: PersistentVolumeClaimVolumeSource = serde_json::from_str(r#"{"claimName":"data"}"#).unwrap();
/// assert!(!p.read_only);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct PersistentVolumeClaimVolumeSource {
    /// The claim's name.
    #[serde(default)]
    pub claim_name: String,
    /// Whether to mount read-only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
}

/// Kubernetes' `core/v1` `KeyToPath` (`user` is not modelled).
///
/// ```
/// use declarative::api::core::v1::KeyToPath;
/// let k: KeyToPath = serde_json::from_str(r#"{"key":"a","path":"dir/a"}"#).unwrap();
/// assert_eq!(k.path, "dir/a");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct KeyToPath {
    /// The key to project.
    #[serde(default)]
    pub key: String,
    /// The relative file path.
    #[serde(default)]
    pub path: String,
    /// The file mode bits (0 to 0777).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<i32>,
}

fn is_false(v: &bool) -> bool {
    !*v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_sources_are_ignored() {
        let v: Volume =
            serde_json::from_str(r#"{"name":"x","futureSource":{"reference":"r"}}"#).unwrap();
        assert_eq!(
            v,
            Volume {
                name: "x".into(),
                ..Volume::default()
            }
        );
    }

    #[test]
    fn claim_name_is_always_written() {
        let p = PersistentVolumeClaimVolumeSource::default();
        assert_eq!(serde_json::to_string(&p).unwrap(), r#"{"claimName":""}"#);
    }

    #[test]
    fn plugin_and_projected_sources_round_trip() {
        for text in [
            r#"{"name":"a","iscsi":{"targetPortal":"p","iqn":"iqn.2015-02.example.com:t","lun":0,"initiatorName":"iqn.2015-02.example.com:i"}}"#,
            r#"{"name":"a","rbd":{"monitors":["m"],"image":"i"}}"#,
            r#"{"name":"a","cinder":{"volumeID":"v","secretRef":{"name":"s"}}}"#,
            r#"{"name":"a","cephfs":{"monitors":["m"]}}"#,
            r#"{"name":"a","quobyte":{"registry":"r:1","volume":"v"}}"#,
            r#"{"name":"a","downwardAPI":{"items":[{"path":"p","fieldRef":{"apiVersion":"v1","fieldPath":"metadata.name"}}]}}"#,
            r#"{"name":"a","flexVolume":{"driver":"d","options":{"k":"v"}}}"#,
            r#"{"name":"a","azureFile":{"secretName":"s","shareName":"h"}}"#,
            r#"{"name":"a","vsphereVolume":{"volumePath":"/p"}}"#,
            r#"{"name":"a","photonPersistentDisk":{"pdID":"d"}}"#,
            r#"{"name":"a","portworxVolume":{"volumeID":"v"}}"#,
            r#"{"name":"a","azureDisk":{"diskName":"d","diskURI":"https://u","kind":"Managed"}}"#,
            r#"{"name":"a","storageos":{"volumeName":"v"}}"#,
            r#"{"name":"a","projected":{"sources":[{"downwardAPI":{}}]}}"#,
            r#"{"name":"a","scaleIO":{"gateway":"g","system":"s","secretRef":null}}"#,
            r#"{"name":"a","csi":{"driver":"d","nodePublishSecretRef":{"name":"s"}}}"#,
            r#"{"name":"a","image":{"reference":"r","pullPolicy":"Always"}}"#,
            r#"{"name":"a","ephemeral":{"volumeClaimTemplate":{"metadata":{"labels":{"a":"b"}},"spec":{"accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"1Gi"}},"dataSource":{"apiGroup":null,"kind":"PersistentVolumeClaim","name":"p"}}}}}"#,
        ] {
            let v: Volume = serde_json::from_str(text).unwrap();
            assert_eq!(serde_json::to_string(&v).unwrap(), text);
        }
    }
}
