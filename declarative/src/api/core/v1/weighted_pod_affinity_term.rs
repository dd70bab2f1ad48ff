//! Kubernetes' `core/v1` `WeightedPodAffinityTerm` (no `+k8s:` tags in master's
//! `types.go`: generated validation only deserialises it).

use super::pod_affinity_term::PodAffinityTerm;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// A weighted pod affinity term.
///
/// ```
/// use declarative::api::core::v1::WeightedPodAffinityTerm;
/// let w: WeightedPodAffinityTerm = serde_json::from_str(r#"{"weight":100,"podAffinityTerm":{"topologyKey":"zone"}}"#).unwrap();
/// assert_eq!(w.weight, 100);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct WeightedPodAffinityTerm {
    /// The weight, 1-100.
    #[serde(default)]
    pub weight: i32,
    /// The pod affinity term.
    #[serde(default)]
    pub pod_affinity_term: PodAffinityTerm,
}
