//! Kubernetes' `core/v1` `GlusterfsPersistentVolumeSource`: a Glusterfs volume
//! of a persistent volume, whose Endpoints may be in another namespace. No
//! `+k8s:` tags in `core/v1/types.go` (kubernetes/api 10b39a39); hand-written
//! validation checks it.

use apimachinery::Validate;
use serde::{Deserialize, Serialize};

fn is_false(v: &bool) -> bool {
    !*v
}

/// A Glusterfs volume with the Endpoints' namespace.
///
/// ```
/// use declarative::api::core::v1::GlusterfsPersistentVolumeSource;
/// let g: GlusterfsPersistentVolumeSource = serde_json::from_str(r#"{"endpoints":"ep","path":"vol","endpointsNamespace":"ns"}"#).unwrap();
/// assert_eq!(g.endpoints_namespace.as_deref(), Some("ns"));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct GlusterfsPersistentVolumeSource {
    /// The Endpoints object naming the Glusterfs servers.
    #[serde(default, rename = "endpoints")]
    pub endpoints_name: String,
    /// The Glusterfs volume path.
    #[serde(default)]
    pub path: String,
    /// Mount read-only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
    /// The namespace of the Endpoints object (the claim's when unset).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub endpoints_namespace: Option<String>,
}
