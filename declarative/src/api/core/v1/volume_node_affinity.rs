//! Kubernetes' `core/v1` `VolumeNodeAffinity`: the nodes a persistent
//! volume can be reached from. No `+k8s:` tags in `core/v1/types.go`
//! (kubernetes/api 10b39a39).

use super::node_selector::NodeSelector;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// The node constraints of a persistent volume.
///
/// ```
/// use declarative::api::core::v1::VolumeNodeAffinity;
/// let a: VolumeNodeAffinity = serde_json::from_str(
///     r#"{"required":{"nodeSelectorTerms":[{"matchExpressions":[{"key":"k","operator":"Exists"}]}]}}"#).unwrap();
/// assert_eq!(a.required.unwrap().node_selector_terms.len(), 1);
/// assert_eq!(serde_json::to_string(&VolumeNodeAffinity::default()).unwrap(), "{}");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct VolumeNodeAffinity {
    /// The hard node constraints.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub required: Option<NodeSelector>,
}
