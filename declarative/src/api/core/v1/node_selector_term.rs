//! Kubernetes' `core/v1` `NodeSelectorTerm` (no `+k8s:` tags in master's
//! `types.go`: generated validation only deserialises it).

use super::node_selector_requirement::NodeSelectorRequirement;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// A node selector term: its label and field requirements are ANDed.
///
/// ```
/// use declarative::api::core::v1::NodeSelectorTerm;
/// let t: NodeSelectorTerm = serde_json::from_str(r#"{"matchFields":[{"key":"metadata.name","operator":"In","values":["n"]}]}"#).unwrap();
/// assert_eq!(t.match_fields[0].key, "metadata.name");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct NodeSelectorTerm {
    /// Requirements on node labels.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_expressions: Vec<NodeSelectorRequirement>,
    /// Requirements on node fields.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_fields: Vec<NodeSelectorRequirement>,
}
