//! Kubernetes' `core/v1` `FlexPersistentVolumeSource`: an exec-based plugin
//! volume of a persistent volume. No `+k8s:` tags in `core/v1/types.go`
//! (kubernetes/api 10b39a39); hand-written validation checks it.

use super::secret_reference::SecretReference;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

fn is_false(v: &bool) -> bool {
    !*v
}

/// A FlexVolume whose Secret may be in any namespace.
///
/// ```
/// use declarative::api::core::v1::FlexPersistentVolumeSource;
/// let f: FlexPersistentVolumeSource = serde_json::from_str(r#"{"driver":"d","options":{"k":"v"}}"#).unwrap();
/// assert_eq!(f.options["k"], "v");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct FlexPersistentVolumeSource {
    /// The driver's name.
    #[serde(default)]
    pub driver: String,
    /// The filesystem type.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub fs_type: String,
    /// The secret passed to the plugin.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_ref: Option<SecretReference>,
    /// Mount read-only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
    /// Extra command options.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub options: BTreeMap<String, String>,
}
