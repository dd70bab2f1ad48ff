//! Kubernetes' `core/v1` `PersistentVolumeSpec` with its embedded
//! `PersistentVolumeSource`, as `core/v1/types.go` (kubernetes/api
//! 10b39a39) has them: no `+k8s:` validation tags, so hand-written
//! validation (`ValidatePersistentVolumeSpec`) checks it. A
//! VolumeAttachment's `source.inlineVolumeSpec` is one.
//!
//! The source's members are inlined, as in the JSON form (Go embeds
//! `PersistentVolumeSource` with an empty JSON name). `capacity` holds
//! [`QuantityText`]s: kept as written, equal by value, as
//! `apiequality.Semantic` compares quantities.

use super::azure_file_persistent_volume_source::AzureFilePersistentVolumeSource;
use super::cephfs_persistent_volume_source::CephFSPersistentVolumeSource;
use super::cinder_persistent_volume_source::CinderPersistentVolumeSource;
use super::csi_persistent_volume_source::CSIPersistentVolumeSource;
use super::flex_persistent_volume_source::FlexPersistentVolumeSource;
use super::glusterfs_persistent_volume_source::GlusterfsPersistentVolumeSource;
use super::iscsi_persistent_volume_source::ISCSIPersistentVolumeSource;
use super::local_volume_source::LocalVolumeSource;
use super::object_reference::ObjectReference;
use super::rbd_persistent_volume_source::RBDPersistentVolumeSource;
use super::scale_io_persistent_volume_source::ScaleIOPersistentVolumeSource;
use super::serde_quantity;
use super::storage_os_persistent_volume_source::StorageOSPersistentVolumeSource;
use super::volume::HostPathVolumeSource;
use super::volume_node_affinity::VolumeNodeAffinity;
use super::volume_plugins::{
    AzureDiskVolumeSource, PhotonPersistentDiskVolumeSource, PortworxVolumeSource,
    QuobyteVolumeSource, VsphereVirtualDiskVolumeSource,
};
use super::volume_sources::{
    AWSElasticBlockStoreVolumeSource, FCVolumeSource, FlockerVolumeSource,
    GCEPersistentDiskVolumeSource, NFSVolumeSource,
};
use apimachinery::Validate;
use apimachinery::resource::QuantityText;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The specification of a persistent volume: its capacity, its one volume
/// source, access modes, binding, reclaim policy, class, mount options,
/// volume mode, node affinity and volume attributes class.
///
/// ```
/// use declarative::api::core::v1::PersistentVolumeSpec;
/// let s: PersistentVolumeSpec = serde_json::from_str(r#"{
///     "accessModes": ["ReadWriteOnce"],
///     "csi": {"driver": "com.test.foo", "volumeHandle": "h"},
///     "persistentVolumeReclaimPolicy": "Retain"
/// }"#).unwrap();
/// assert_eq!(s.csi.unwrap().driver, "com.test.foo");
/// let gi: PersistentVolumeSpec = serde_json::from_str(r#"{"capacity":{"storage":"1Gi"}}"#).unwrap();
/// let bytes: PersistentVolumeSpec = serde_json::from_str(r#"{"capacity":{"storage":1073741824}}"#).unwrap();
/// assert_eq!(gi, bytes);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct PersistentVolumeSpec {
    /// The volume's resources (`storage`).
    #[serde(
        default,
        deserialize_with = "serde_quantity::map",
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    pub capacity: BTreeMap<String, QuantityText>,
    /// A GCE persistent disk.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gce_persistent_disk: Option<GCEPersistentDiskVolumeSource>,
    /// An AWS EBS volume.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aws_elastic_block_store: Option<AWSElasticBlockStoreVolumeSource>,
    /// A directory on the host.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_path: Option<HostPathVolumeSource>,
    /// A Glusterfs volume.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub glusterfs: Option<GlusterfsPersistentVolumeSource>,
    /// An NFS export.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nfs: Option<NFSVolumeSource>,
    /// A Rados block device.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rbd: Option<RBDPersistentVolumeSource>,
    /// An iSCSI disk.
    #[serde(default, rename = "iscsi", skip_serializing_if = "Option::is_none")]
    pub iscsi: Option<ISCSIPersistentVolumeSource>,
    /// An OpenStack Cinder volume.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cinder: Option<CinderPersistentVolumeSource>,
    /// A Ceph filesystem.
    #[serde(default, rename = "cephfs", skip_serializing_if = "Option::is_none")]
    pub ceph_fs: Option<CephFSPersistentVolumeSource>,
    /// A Fibre Channel volume.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fc: Option<FCVolumeSource>,
    /// A Flocker dataset.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flocker: Option<FlockerVolumeSource>,
    /// An exec-based plugin volume.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flex_volume: Option<FlexPersistentVolumeSource>,
    /// An Azure File share.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub azure_file: Option<AzureFilePersistentVolumeSource>,
    /// A vSphere volume.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vsphere_volume: Option<VsphereVirtualDiskVolumeSource>,
    /// A Quobyte mount.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quobyte: Option<QuobyteVolumeSource>,
    /// An Azure data disk.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub azure_disk: Option<AzureDiskVolumeSource>,
    /// A Photon Controller persistent disk.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub photon_persistent_disk: Option<PhotonPersistentDiskVolumeSource>,
    /// A Portworx volume.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub portworx_volume: Option<PortworxVolumeSource>,
    /// A ScaleIO volume.
    #[serde(default, rename = "scaleIO", skip_serializing_if = "Option::is_none")]
    pub scale_io: Option<ScaleIOPersistentVolumeSource>,
    /// Directly attached storage with node affinity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub local: Option<LocalVolumeSource>,
    /// A StorageOS volume.
    #[serde(default, rename = "storageos", skip_serializing_if = "Option::is_none")]
    pub storage_os: Option<StorageOSPersistentVolumeSource>,
    /// Storage handled by an external CSI driver.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub csi: Option<CSIPersistentVolumeSource>,
    /// The ways the volume can be mounted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub access_modes: Vec<String>,
    /// The claim the volume is bound to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claim_ref: Option<ObjectReference>,
    /// What happens to the volume once released (`Retain`, `Delete`, `Recycle`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub persistent_volume_reclaim_policy: String,
    /// The StorageClass the volume belongs to.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub storage_class_name: String,
    /// Mount options (not validated).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mount_options: Vec<String>,
    /// `Filesystem` or `Block`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub volume_mode: Option<String>,
    /// The nodes the volume can be reached from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_affinity: Option<VolumeNodeAffinity>,
    /// The VolumeAttributesClass the volume belongs to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub volume_attributes_class_name: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_source_round_trips_in_go_order() {
        let text = r#"{"capacity":{"storage":"10Gi"},"gcePersistentDisk":{"pdName":"d"},"awsElasticBlockStore":{"volumeID":"v"},"hostPath":{"path":"/p"},"glusterfs":{"endpoints":"e","path":"p","endpointsNamespace":"n"},"nfs":{"server":"s","path":"/p"},"rbd":{"monitors":["m"],"image":"i","secretRef":{"name":"s","namespace":"n"}},"iscsi":{"targetPortal":"t","iqn":"iqn.2015-02.example.com:t","lun":1},"cinder":{"volumeID":"v"},"cephfs":{"monitors":["m"]},"fc":{"wwids":["w"]},"flocker":{"datasetName":"d"},"flexVolume":{"driver":"d"},"azureFile":{"secretName":"s","shareName":"h","secretNamespace":null},"vsphereVolume":{"volumePath":"/p"},"quobyte":{"registry":"r:1","volume":"v"},"azureDisk":{"diskName":"d","diskURI":"https://u"},"photonPersistentDisk":{"pdID":"p"},"portworxVolume":{"volumeID":"v"},"scaleIO":{"gateway":"g","system":"s","secretRef":null},"local":{"path":"/l"},"storageos":{"volumeName":"v","secretRef":{"kind":"Secret","name":"s"}},"csi":{"driver":"d","volumeHandle":"h","controllerExpandSecretRef":{"name":"s","namespace":"n"}},"accessModes":["ReadWriteOnce"],"claimRef":{"namespace":"ns","name":"c"},"persistentVolumeReclaimPolicy":"Retain","storageClassName":"sc","mountOptions":["ro"],"volumeMode":"Filesystem","nodeAffinity":{"required":{"nodeSelectorTerms":[]}},"volumeAttributesClassName":"vac"}"#;
        let spec: PersistentVolumeSpec = serde_json::from_str(text).unwrap();
        assert_eq!(serde_json::to_string(&spec).unwrap(), text);
    }

    #[test]
    fn unknown_fields_are_ignored_and_capacity_compares_by_value() {
        let a: PersistentVolumeSpec =
            serde_json::from_str(r#"{"capacity":{"storage":"1Gi"},"x":1,"csi":{"y":2}}"#).unwrap();
        assert_eq!(a.csi, Some(CSIPersistentVolumeSource::default()));
        let b: PersistentVolumeSpec =
            serde_json::from_str(r#"{"capacity":{"storage":"1073741824"},"csi":{}}"#).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.capacity["storage"].as_str(), "1Gi");
        let c: PersistentVolumeSpec =
            serde_json::from_str(r#"{"capacity":{"storage":"1G"},"csi":{}}"#).unwrap();
        assert_ne!(a, c);
    }
}
