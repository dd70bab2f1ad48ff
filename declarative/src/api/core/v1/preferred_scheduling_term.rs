//! Kubernetes' `core/v1` `PreferredSchedulingTerm` (no `+k8s:` tags in master's
//! `types.go`: generated validation only deserialises it).

use super::node_selector_term::NodeSelectorTerm;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// A weighted node preference.
///
/// ```
/// use declarative::api::core::v1::PreferredSchedulingTerm;
/// let p: PreferredSchedulingTerm = serde_json::from_str(r#"{"weight":10,"preference":{}}"#).unwrap();
/// assert_eq!(p.weight, 10);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct PreferredSchedulingTerm {
    /// The weight, 1-100.
    #[serde(default)]
    pub weight: i32,
    /// The node selector term.
    #[serde(default)]
    pub preference: NodeSelectorTerm,
}
