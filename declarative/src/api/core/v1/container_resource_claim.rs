//! Kubernetes' `core/v1` `ResourceClaim`: a container's (or the pod-level
//! `resources`') reference to one of the pod's resource claims (no `+k8s:`
//! tags in master's `types.go`). Not the `resource.k8s.io` kind of the same
//! name.

use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// A reference to an entry of `spec.resourceClaims`, optionally to one
/// request of that claim.
///
/// ```
/// use declarative::api::core::v1::ResourceClaim;
/// let r: ResourceClaim = serde_json::from_str(r#"{"name":"gpu","request":"first"}"#).unwrap();
/// assert_eq!((r.name.as_str(), r.request.as_str()), ("gpu", "first"));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ResourceClaim {
    /// The `spec.resourceClaims[*].name` referred to.
    #[serde(default)]
    pub name: String,
    /// One request of the claim; empty: the whole claim.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub request: String,
}
