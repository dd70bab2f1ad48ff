//! `TypedLocalObjectReference`: an object in the same namespace, by group,
//! kind and name (`+structType=atomic`, no `+k8s:` validation tags).

use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Kubernetes' `core/v1` `TypedLocalObjectReference`. `apiGroup`, `kind`
/// and `name` are always written, as Go writes them.
///
/// ```
/// use declarative::api::core::v1::TypedLocalObjectReference;
/// let r: TypedLocalObjectReference = serde_json::from_str(r#"{"kind":"PersistentVolumeClaim","name":"a"}"#).unwrap();
/// assert_eq!(r.api_group, None);
/// assert_eq!(serde_json::to_string(&r).unwrap(), r#"{"apiGroup":null,"kind":"PersistentVolumeClaim","name":"a"}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct TypedLocalObjectReference {
    /// The referenced object's API group; absent means the core group.
    #[serde(default)]
    pub api_group: Option<String>,
    /// The referenced object's kind.
    #[serde(default)]
    pub kind: String,
    /// The referenced object's name.
    #[serde(default)]
    pub name: String,
}
