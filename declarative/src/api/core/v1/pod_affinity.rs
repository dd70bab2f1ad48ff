//! Kubernetes' `core/v1` `PodAffinity` (no `+k8s:` tags in master's
//! `types.go`: generated validation only deserialises it).

use super::pod_affinity_term::PodAffinityTerm;
use super::weighted_pod_affinity_term::WeightedPodAffinityTerm;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Pod affinity: schedule with pods matching the terms.
///
/// ```
/// use declarative::api::core::v1::PodAffinity;
/// let a: PodAffinity = serde_json::from_str(r#"{"requiredDuringSchedulingIgnoredDuringExecution":[{"topologyKey":"zone"}]}"#).unwrap();
/// assert_eq!(a.required_during_scheduling_ignored_during_execution[0].topology_key, "zone");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct PodAffinity {
    /// Terms that must hold.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub required_during_scheduling_ignored_during_execution: Vec<PodAffinityTerm>,
    /// Weighted terms that should hold.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub preferred_during_scheduling_ignored_during_execution: Vec<WeightedPodAffinityTerm>,
}
