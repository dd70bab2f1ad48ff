//! Kubernetes' `core/v1` `NodeAffinity` (no `+k8s:` tags in master's
//! `types.go`: generated validation only deserialises it).

use super::node_selector::NodeSelector;
use super::preferred_scheduling_term::PreferredSchedulingTerm;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Node affinity: a required node selector and weighted preferences.
///
/// ```
/// use declarative::api::core::v1::NodeAffinity;
/// let n: NodeAffinity = serde_json::from_str(r#"{"preferredDuringSchedulingIgnoredDuringExecution":[{"weight":1,"preference":{}}]}"#).unwrap();
/// assert_eq!(n.preferred_during_scheduling_ignored_during_execution[0].weight, 1);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct NodeAffinity {
    /// Nodes the pod must be scheduled on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub required_during_scheduling_ignored_during_execution: Option<NodeSelector>,
    /// Weighted node preferences.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub preferred_during_scheduling_ignored_during_execution: Vec<PreferredSchedulingTerm>,
}
