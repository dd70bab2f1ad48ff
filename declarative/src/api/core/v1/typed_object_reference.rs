//! `TypedObjectReference`: an object by group, kind, name and, optionally,
//! namespace (no `+k8s:` validation tags; `namespace` is
//! `+featureGate=CrossNamespaceVolumeDataSource`, a documentation marker).

use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Kubernetes' `core/v1` `TypedObjectReference`.
///
/// ```
/// use declarative::api::core::v1::TypedObjectReference;
/// let r: TypedObjectReference = serde_json::from_str(r#"{"apiGroup":"g","kind":"K","name":"a","namespace":"ns"}"#).unwrap();
/// assert_eq!(r.namespace.as_deref(), Some("ns"));
/// assert_eq!(serde_json::to_string(&TypedObjectReference::default()).unwrap(), r#"{"apiGroup":null,"kind":"","name":""}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct TypedObjectReference {
    /// The referenced object's API group; absent means the core group.
    #[serde(default)]
    pub api_group: Option<String>,
    /// The referenced object's kind.
    #[serde(default)]
    pub kind: String,
    /// The referenced object's name.
    #[serde(default)]
    pub name: String,
    /// The referenced object's namespace.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
}
