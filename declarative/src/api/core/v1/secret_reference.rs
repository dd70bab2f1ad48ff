//! Kubernetes' `core/v1` `SecretReference`: a Secret named by name and
//! namespace (the persistent volume sources use it; their Secret may live
//! in any namespace). No `+k8s:` tags in `core/v1/types.go` (kubernetes/api
//! 10b39a39).

use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// A Secret reference with its namespace.
///
/// ```
/// use declarative::api::core::v1::SecretReference;
/// let r: SecretReference = serde_json::from_str(r#"{"name":"creds","namespace":"kube-system"}"#).unwrap();
/// assert_eq!((r.name.as_str(), r.namespace.as_str()), ("creds", "kube-system"));
/// assert_eq!(serde_json::to_string(&SecretReference::default()).unwrap(), "{}");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct SecretReference {
    /// The Secret's name, unique within its namespace.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// The namespace the Secret is in.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub namespace: String,
}
