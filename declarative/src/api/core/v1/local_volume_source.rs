//! Kubernetes' `core/v1` `LocalVolumeSource`: directly attached storage (a
//! persistent volume source only). No `+k8s:` tags in `core/v1/types.go`
//! (kubernetes/api 10b39a39).

use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// A local disk, partition or directory on a node.
///
/// ```
/// use declarative::api::core::v1::LocalVolumeSource;
/// let l: LocalVolumeSource = serde_json::from_str(r#"{"path":"/mnt/disks/ssd1","fsType":"ext4"}"#).unwrap();
/// assert_eq!(l.fs_type.as_deref(), Some("ext4"));
/// assert_eq!(serde_json::to_string(&LocalVolumeSource::default()).unwrap(), r#"{"path":""}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct LocalVolumeSource {
    /// The full path to the volume on the node.
    #[serde(default)]
    pub path: String,
    /// The filesystem type (for block devices).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fs_type: Option<String>,
}
