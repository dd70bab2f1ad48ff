//! Kubernetes' `core/v1` `NodeSelectorRequirement` (no `+k8s:` tags in master's
//! `types.go`: generated validation only deserialises it).

use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// A node selector requirement: `key operator values`.
///
/// ```
/// use declarative::api::core::v1::NodeSelectorRequirement;
/// let r: NodeSelectorRequirement = serde_json::from_str(r#"{"key":"k","operator":"Gt","values":["1"]}"#).unwrap();
/// assert_eq!(r.operator, "Gt");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct NodeSelectorRequirement {
    /// The label or field key.
    #[serde(default)]
    pub key: String,
    /// `In`, `NotIn`, `Exists`, `DoesNotExist`, `Gt` or `Lt`.
    #[serde(default)]
    pub operator: String,
    /// The values the operator applies to.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<String>,
}
