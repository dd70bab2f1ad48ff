//! Kubernetes' `core/v1` `TopologySpreadConstraint` (no `+k8s:` tags in
//! master's `types.go`: generated validation only deserialises it).

use crate::api::networking::v1::LabelSelector;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// How the pod's replicas spread across a topology domain.
///
/// ```
/// use declarative::api::core::v1::TopologySpreadConstraint;
/// let c: TopologySpreadConstraint = serde_json::from_str(
///     r#"{"maxSkew":1,"topologyKey":"k8s.io/zone","whenUnsatisfiable":"DoNotSchedule","minDomains":3}"#,
/// ).unwrap();
/// assert_eq!(c.min_domains, Some(3));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct TopologySpreadConstraint {
    /// The largest allowed difference of matching pods between domains.
    #[serde(default)]
    pub max_skew: i32,
    /// The node label whose values are the domains.
    #[serde(default)]
    pub topology_key: String,
    /// `DoNotSchedule` or `ScheduleAnyway`.
    #[serde(default)]
    pub when_unsatisfiable: String,
    /// The pods counted in each domain.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label_selector: Option<LabelSelector>,
    /// The least number of eligible domains.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_domains: Option<i32>,
    /// `Honor` or `Ignore`: whether node affinity limits the domains.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_affinity_policy: Option<String>,
    /// `Honor` or `Ignore`: whether node taints limit the domains.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_taints_policy: Option<String>,
    /// Pod label keys whose values select the counted pods with the selector.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_label_keys: Vec<String>,
}
