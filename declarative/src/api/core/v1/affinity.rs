//! Kubernetes' `core/v1` `Affinity` (no `+k8s:` tags in master's
//! `types.go`: generated validation only deserialises it).

use super::node_affinity::NodeAffinity;
use super::pod_affinity::PodAffinity;
use super::pod_anti_affinity::PodAntiAffinity;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// The pod's scheduling constraints: node affinity and pod (anti-)affinity.
///
/// ```
/// use declarative::api::core::v1::Affinity;
/// let a: Affinity = serde_json::from_str(r#"{"nodeAffinity":{}}"#).unwrap();
/// assert!(a.node_affinity.is_some() && a.pod_affinity.is_none());
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Affinity {
    /// Node affinity rules.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_affinity: Option<NodeAffinity>,
    /// Rules to schedule with matching pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pod_affinity: Option<PodAffinity>,
    /// Rules to schedule away from matching pods.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pod_anti_affinity: Option<PodAntiAffinity>,
}
