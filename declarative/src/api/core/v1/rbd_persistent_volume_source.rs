//! Kubernetes' `core/v1` `RBDPersistentVolumeSource`: a Rados block device of a
//! persistent volume. No `+k8s:` tags in `core/v1/types.go` (kubernetes/api
//! 10b39a39); hand-written validation checks it.

use super::secret_reference::SecretReference;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

fn is_false(v: &bool) -> bool {
    !*v
}

/// A Rados block device whose Secret may be in any namespace.
///
/// ```
/// use declarative::api::core::v1::RBDPersistentVolumeSource;
/// let r: RBDPersistentVolumeSource = serde_json::from_str(r#"{"monitors":["m"],"image":"i","secretRef":{"name":"s","namespace":"n"}}"#).unwrap();
/// assert_eq!(r.secret_ref.unwrap().namespace, "n");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct RBDPersistentVolumeSource {
    /// The Ceph monitors.
    #[serde(default, rename = "monitors")]
    pub ceph_monitors: Vec<String>,
    /// The image name.
    #[serde(default, rename = "image")]
    pub rbd_image: String,
    /// The filesystem type.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub fs_type: String,
    /// The Rados pool.
    ///
    /// +default="rbd"
    #[serde(default, rename = "pool", skip_serializing_if = "String::is_empty")]
    pub rbd_pool: String,
    /// The Rados user.
    ///
    /// +default="admin"
    #[serde(default, rename = "user", skip_serializing_if = "String::is_empty")]
    pub rados_user: String,
    /// The keyring path.
    ///
    /// +default="/etc/ceph/keyring"
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub keyring: String,
    /// The authentication secret.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_ref: Option<SecretReference>,
    /// Mount read-only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
}
