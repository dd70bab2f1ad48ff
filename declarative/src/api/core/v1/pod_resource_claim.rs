//! Kubernetes' `core/v1` `PodResourceClaim` (no `+k8s:` tags in master's
//! `types.go`: generated validation only deserialises it).

use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// A resource claim of the pod: a name containers refer to, and either a
/// `ResourceClaim` or a `ResourceClaimTemplate` of the pod's namespace.
///
/// ```
/// use declarative::api::core::v1::PodResourceClaim;
/// let c: PodResourceClaim = serde_json::from_str(r#"{"name":"gpu","resourceClaimTemplateName":"gpu-template"}"#).unwrap();
/// assert_eq!(c.resource_claim_template_name.as_deref(), Some("gpu-template"));
/// assert!(c.resource_claim_name.is_none());
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct PodResourceClaim {
    /// The name containers use to refer to the claim; a DNS label.
    #[serde(default)]
    pub name: String,
    /// A `ResourceClaim` of the pod's namespace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_claim_name: Option<String>,
    /// A `ResourceClaimTemplate` of the pod's namespace, from which a claim
    /// is made for the pod.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_claim_template_name: Option<String>,
}
