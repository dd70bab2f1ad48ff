//! Kubernetes' `core/v1` `ScaleIOPersistentVolumeSource`: a ScaleIO volume of a
//! persistent volume. No `+k8s:` tags in `core/v1/types.go` (kubernetes/api
//! 10b39a39); hand-written validation checks it.

use super::secret_reference::SecretReference;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

fn is_false(v: &bool) -> bool {
    !*v
}

/// A ScaleIO volume whose Secret may be in any namespace. `secretRef` has
/// no `omitempty` in Go, so an unset one is written as `null`.
///
/// ```
/// use declarative::api::core::v1::ScaleIOPersistentVolumeSource;
/// let s: ScaleIOPersistentVolumeSource = serde_json::from_str(r#"{"gateway":"g","system":"s","volumeName":"v"}"#).unwrap();
/// assert_eq!(serde_json::to_string(&s).unwrap(), r#"{"gateway":"g","system":"s","secretRef":null,"volumeName":"v"}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ScaleIOPersistentVolumeSource {
    /// The ScaleIO API gateway's address.
    #[serde(default)]
    pub gateway: String,
    /// The storage system's name.
    #[serde(default)]
    pub system: String,
    /// The secret for the ScaleIO user.
    #[serde(default)]
    pub secret_ref: Option<SecretReference>,
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
    ///
    /// +default="ThinProvisioned"
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub storage_mode: String,
    /// The volume's name in the ScaleIO system.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub volume_name: String,
    /// The filesystem type.
    ///
    /// +default="xfs"
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub fs_type: String,
    /// Mount read-only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
}
