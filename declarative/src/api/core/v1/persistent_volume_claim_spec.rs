//! `PersistentVolumeClaimSpec`: the storage a claim asks for. Its Go type
//! carries no `+k8s:` validation tags in master's `core/v1/types.go`
//! (`volumeAttributesClassName` is `+featureGate=VolumeAttributesClass`, a
//! documentation marker only).

use super::typed_local_object_reference::TypedLocalObjectReference;
use super::typed_object_reference::TypedObjectReference;
use super::volume_resource_requirements::VolumeResourceRequirements;
use crate::api::networking::v1::LabelSelector;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Kubernetes' `core/v1` `PersistentVolumeClaimSpec`.
///
/// ```
/// use declarative::api::core::v1::PersistentVolumeClaimSpec;
/// let s: PersistentVolumeClaimSpec = serde_json::from_str(
///     r#"{"accessModes":["ReadWriteOnce"],"resources":{"requests":{"storage":"10G"}},"volumeMode":"Block"}"#).unwrap();
/// assert_eq!(s.resources.requests["storage"].as_str(), "10G");
/// assert_eq!(s.volume_mode.as_deref(), Some("Block"));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct PersistentVolumeClaimSpec {
    /// The access modes the volume must have.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub access_modes: Vec<String>,
    /// A label query over the volumes to consider for binding.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub selector: Option<LabelSelector>,
    /// The least storage the volume must have.
    #[serde(default)]
    pub resources: VolumeResourceRequirements,
    /// The PersistentVolume bound to the claim.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub volume_name: String,
    /// The StorageClass the claim requires.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub storage_class_name: Option<String>,
    /// `Filesystem` or `Block`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub volume_mode: Option<String>,
    /// A VolumeSnapshot or PersistentVolumeClaim to copy.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data_source: Option<TypedLocalObjectReference>,
    /// The object to populate the volume from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data_source_ref: Option<TypedObjectReference>,
    /// The VolumeAttributesClass of the claim.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub volume_attributes_class_name: Option<String>,
}
