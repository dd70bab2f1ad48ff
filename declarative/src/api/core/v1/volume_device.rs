//! `VolumeDevice`: a raw block volume mapped into a container. Its Go type
//! carries no `+k8s:` validation tags (master's `core/v1/types.go`).

use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Kubernetes' `core/v1` `VolumeDevice`.
///
/// ```
/// use declarative::api::core::v1::VolumeDevice;
/// let d: VolumeDevice = serde_json::from_str(r#"{"name":"blk","devicePath":"/dev/xvda"}"#).unwrap();
/// assert_eq!(d.device_path, "/dev/xvda");
/// assert_eq!(serde_json::to_string(&VolumeDevice::default()).unwrap(), r#"{"name":"","devicePath":""}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct VolumeDevice {
    /// The name of a volume of the pod (a PersistentVolumeClaim or ephemeral one).
    #[serde(default)]
    pub name: String,
    /// The path inside the container the device is mapped to.
    #[serde(default)]
    pub device_path: String,
}
