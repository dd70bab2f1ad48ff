//! Kubernetes' `core/v1` `StorageOSPersistentVolumeSource`: a StorageOS volume
//! of a persistent volume. No `+k8s:` tags in `core/v1/types.go`
//! (kubernetes/api 10b39a39); hand-written validation checks it.

use super::object_reference::ObjectReference;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

fn is_false(v: &bool) -> bool {
    !*v
}

/// A StorageOS volume whose API credentials are an object reference.
///
/// ```
/// use declarative::api::core::v1::StorageOSPersistentVolumeSource;
/// let s: StorageOSPersistentVolumeSource = serde_json::from_str(r#"{"volumeName":"v","secretRef":{"name":"s","namespace":"n"}}"#).unwrap();
/// assert_eq!(s.secret_ref.unwrap().namespace, "n");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct StorageOSPersistentVolumeSource {
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
    pub secret_ref: Option<ObjectReference>,
}
