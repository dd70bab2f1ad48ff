//! Kubernetes' `core/v1` `CinderPersistentVolumeSource`: an OpenStack Cinder
//! volume of a persistent volume. No `+k8s:` tags in `core/v1/types.go`
//! (kubernetes/api 10b39a39); hand-written validation checks it.

use super::secret_reference::SecretReference;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

fn is_false(v: &bool) -> bool {
    !*v
}

/// A Cinder volume whose Secret may be in any namespace.
///
/// ```
/// use declarative::api::core::v1::CinderPersistentVolumeSource;
/// let c: CinderPersistentVolumeSource = serde_json::from_str(r#"{"volumeID":"v","secretRef":{"name":"s"}}"#).unwrap();
/// assert_eq!(c.volume_id, "v");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct CinderPersistentVolumeSource {
    /// The Cinder volume's ID.
    #[serde(default, rename = "volumeID")]
    pub volume_id: String,
    /// The filesystem type.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub fs_type: String,
    /// Mount read-only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
    /// The OpenStack credentials.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_ref: Option<SecretReference>,
}
