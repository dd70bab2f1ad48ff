//! Kubernetes' `core/v1` `CSIPersistentVolumeSource`: storage handled by an
//! external CSI driver, as a persistent volume (or a VolumeAttachment's inline
//! spec) holds it. No `+k8s:` tags in `core/v1/types.go` (kubernetes/api
//! 10b39a39); hand-written validation checks it.

use super::secret_reference::SecretReference;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

fn is_false(v: &bool) -> bool {
    !*v
}

/// A CSI volume with its handle and the Secrets of each CSI call.
///
/// ```
/// use declarative::api::core::v1::CSIPersistentVolumeSource;
/// let c: CSIPersistentVolumeSource = serde_json::from_str(
///     r#"{"driver":"com.test.foo","volumeHandle":"h","nodeStageSecretRef":{"name":"s","namespace":"n"}}"#).unwrap();
/// assert_eq!(c.volume_handle, "h");
/// assert!(c.node_stage_secret_ref.is_some());
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct CSIPersistentVolumeSource {
    /// The CSI driver's name.
    #[serde(default)]
    pub driver: String,
    /// The volume's ID as the driver returned it.
    #[serde(default)]
    pub volume_handle: String,
    /// Publish read-only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
    /// The filesystem type.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub fs_type: String,
    /// Driver-specific attributes.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub volume_attributes: BTreeMap<String, String>,
    /// The Secret passed to ControllerPublishVolume / ControllerUnpublishVolume.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub controller_publish_secret_ref: Option<SecretReference>,
    /// The Secret passed to NodeStageVolume / NodeUnstageVolume.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_stage_secret_ref: Option<SecretReference>,
    /// The Secret passed to NodePublishVolume / NodeUnpublishVolume.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_publish_secret_ref: Option<SecretReference>,
    /// The Secret passed to ControllerExpandVolume.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub controller_expand_secret_ref: Option<SecretReference>,
    /// The Secret passed to NodeExpandVolume.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_expand_secret_ref: Option<SecretReference>,
}
