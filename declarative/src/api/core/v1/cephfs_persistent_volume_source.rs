//! Kubernetes' `core/v1` `CephFSPersistentVolumeSource`: a Ceph filesystem of a
//! persistent volume. No `+k8s:` tags in `core/v1/types.go` (kubernetes/api
//! 10b39a39); hand-written validation checks it.

use super::secret_reference::SecretReference;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

fn is_false(v: &bool) -> bool {
    !*v
}

/// A CephFS mount whose Secret may be in any namespace.
///
/// ```
/// use declarative::api::core::v1::CephFSPersistentVolumeSource;
/// let c: CephFSPersistentVolumeSource = serde_json::from_str(r#"{"monitors":["a:6789"],"path":"/"}"#).unwrap();
/// assert_eq!(c.monitors, ["a:6789"]);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct CephFSPersistentVolumeSource {
    /// The Ceph monitors.
    #[serde(default)]
    pub monitors: Vec<String>,
    /// The path to mount within the filesystem.
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
    pub secret_ref: Option<SecretReference>,
    /// Mount read-only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
}
