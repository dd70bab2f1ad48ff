//! Kubernetes' `core/v1` `PodAntiAffinity` (no `+k8s:` tags in master's
//! `types.go`: generated validation only deserialises it).

use super::pod_affinity_term::PodAffinityTerm;
use super::weighted_pod_affinity_term::WeightedPodAffinityTerm;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Pod anti-affinity: schedule away from pods matching the terms.
///
/// ```
/// use declarative::api::core::v1::PodAntiAffinity;
/// let a: PodAntiAffinity = serde_json::from_str(r#"{"preferredDuringSchedulingIgnoredDuringExecution":[{"weight":5,"podAffinityTerm":{"topologyKey":"zone"}}]}"#).unwrap();
/// assert_eq!(a.preferred_during_scheduling_ignored_during_execution[0].weight, 5);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct PodAntiAffinity {
    /// Terms that must hold.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub required_during_scheduling_ignored_during_execution: Vec<PodAffinityTerm>,
    /// Weighted terms that should hold.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub preferred_during_scheduling_ignored_during_execution: Vec<WeightedPodAffinityTerm>,
}
