//! Kubernetes' `core/v1` `NodeSelector` (no `+k8s:` tags in master's
//! `types.go`: generated validation only deserialises it).

use super::node_selector_term::NodeSelectorTerm;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// A node selector: its terms are ORed.
///
/// ```
/// use declarative::api::core::v1::NodeSelector;
/// let s: NodeSelector = serde_json::from_str(r#"{"nodeSelectorTerms":[{}]}"#).unwrap();
/// assert_eq!(s.node_selector_terms.len(), 1);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct NodeSelector {
    /// The terms, any of which may match.
    #[serde(default)]
    pub node_selector_terms: Vec<NodeSelectorTerm>,
}
