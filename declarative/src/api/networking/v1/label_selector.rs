//! `metav1.LabelSelector`, as `NetworkPolicy` uses it. Kept here because the
//! `meta/v1` module does not model it yet; it carries no `+k8s:` tags.

use apimachinery::Validate;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Kubernetes' `metav1.LabelSelector`: the labels to match and the
/// set-based requirements, ANDed together.
///
/// ```
/// use declarative::api::networking::v1::LabelSelector;
/// let s: LabelSelector = serde_json::from_str(r#"{"matchLabels":{"app":"web"}}"#).unwrap();
/// assert_eq!(s.match_labels["app"], "web");
/// assert_eq!(serde_json::to_string(&LabelSelector::default()).unwrap(), "{}");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct LabelSelector {
    /// Label key/value pairs that must all match.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub match_labels: BTreeMap<String, String>,
    /// Set-based requirements that must all hold.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_expressions: Vec<LabelSelectorRequirement>,
}

/// Kubernetes' `metav1.LabelSelectorRequirement`: `key operator values`.
///
/// ```
/// use declarative::api::networking::v1::LabelSelectorRequirement;
/// let r: LabelSelectorRequirement = serde_json::from_str(r#"{"key":"tier","operator":"In","values":["a"]}"#).unwrap();
/// assert_eq!(r.operator, "In");
/// assert_eq!(serde_json::to_string(&LabelSelectorRequirement::default()).unwrap(), r#"{"key":"","operator":""}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct LabelSelectorRequirement {
    /// The label key the selector applies to.
    #[serde(default)]
    pub key: String,
    /// `In`, `NotIn`, `Exists` or `DoesNotExist`.
    #[serde(default)]
    pub operator: String,
    /// The values for `In` / `NotIn`; empty for `Exists` / `DoesNotExist`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub values: Vec<String>,
}
