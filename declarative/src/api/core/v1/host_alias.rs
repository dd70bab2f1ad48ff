//! Kubernetes' `core/v1` `HostAlias` (master's `types.go` carries no `+k8s:`
//! tags on it, so generated validation only deserialises it).

use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// An entry injected into the pod's hosts file: an IP and its hostnames.
///
/// ```
/// use declarative::api::core::v1::HostAlias;
/// let h: HostAlias = serde_json::from_str(r#"{"ip":"12.34.56.78","hostnames":["host1"]}"#).unwrap();
/// assert_eq!(h.hostnames, ["host1"]);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct HostAlias {
    /// The IP address of the entry.
    #[serde(default)]
    pub ip: String,
    /// The hostnames for the IP address.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub hostnames: Vec<String>,
}
