//! Kubernetes' `core/v1` `ISCSIPersistentVolumeSource`: an iSCSI disk of a
//! persistent volume. No `+k8s:` tags in `core/v1/types.go` (kubernetes/api
//! 10b39a39); hand-written validation checks it.

use super::secret_reference::SecretReference;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

fn is_false(v: &bool) -> bool {
    !*v
}

/// An iSCSI disk whose CHAP Secret may be in any namespace.
///
/// ```
/// use declarative::api::core::v1::ISCSIPersistentVolumeSource;
/// let s: ISCSIPersistentVolumeSource = serde_json::from_str(
///     r#"{"targetPortal":"127.0.0.1","iqn":"iqn.2015-02.example.com:test","lun":1,"chapAuthSession":true}"#).unwrap();
/// assert!(s.session_chap_auth);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ISCSIPersistentVolumeSource {
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
    ///
    /// +default="default"
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
    pub secret_ref: Option<SecretReference>,
    /// A custom initiator name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initiator_name: Option<String>,
}
