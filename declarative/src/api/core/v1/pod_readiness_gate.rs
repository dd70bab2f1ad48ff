//! Kubernetes' `core/v1` `PodReadinessGate` (no `+k8s:` tags in master's
//! `types.go`: generated validation only deserialises it).

use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// A pod condition the pod's readiness also waits for.
///
/// ```
/// use declarative::api::core::v1::PodReadinessGate;
/// let g: PodReadinessGate = serde_json::from_str(r#"{"conditionType":"example.com/ready"}"#).unwrap();
/// assert_eq!(g.condition_type, "example.com/ready");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct PodReadinessGate {
    /// The type of a condition in the pod's condition list.
    #[serde(default)]
    pub condition_type: String,
}
