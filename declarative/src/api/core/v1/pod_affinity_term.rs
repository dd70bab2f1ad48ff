//! Kubernetes' `core/v1` `PodAffinityTerm` (no `+k8s:` tags in master's
//! `types.go`: generated validation only deserialises it).

use crate::api::networking::v1::LabelSelector;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Pods (by label and namespace) the term matches, within a topology domain.
///
/// ```
/// use declarative::api::core::v1::PodAffinityTerm;
/// let t: PodAffinityTerm = serde_json::from_str(r#"{"topologyKey":"zone","namespaces":["ns"],"mismatchLabelKeys":["k"]}"#).unwrap();
/// assert_eq!(t.namespaces, ["ns"]);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct PodAffinityTerm {
    /// The pods the term matches.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label_selector: Option<LabelSelector>,
    /// Namespaces the selector applies to.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub namespaces: Vec<String>,
    /// The node label whose values are the domains.
    #[serde(default)]
    pub topology_key: String,
    /// Namespaces (by label) the selector applies to.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace_selector: Option<LabelSelector>,
    /// Pod label keys whose values must match the incoming pod's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_label_keys: Vec<String>,
    /// Pod label keys whose values must differ from the incoming pod's.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mismatch_label_keys: Vec<String>,
}
