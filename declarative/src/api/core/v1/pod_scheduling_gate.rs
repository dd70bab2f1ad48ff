//! Kubernetes' `core/v1` `PodSchedulingGate` (no `+k8s:` tags in master's
//! `types.go`: generated validation only deserialises it).

use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// A gate that holds the pod back from scheduling while it is present.
///
/// ```
/// use declarative::api::core::v1::PodSchedulingGate;
/// let g: PodSchedulingGate = serde_json::from_str(r#"{"name":"example.com/wait"}"#).unwrap();
/// assert_eq!(g.name, "example.com/wait");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct PodSchedulingGate {
    /// The gate's name, unique among the pod's gates.
    #[serde(default)]
    pub name: String,
}
