//! Kubernetes' `core/v1` `ObjectReference`: a reference to any object (a
//! persistent volume's `claimRef`, a StorageOS volume's `secretRef`). No
//! `+k8s:` tags in `core/v1/types.go` (kubernetes/api 10b39a39).

use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// A reference to an object by kind, namespace, name and more.
///
/// ```
/// use declarative::api::core::v1::ObjectReference;
/// let r: ObjectReference = serde_json::from_str(
///     r#"{"kind":"PersistentVolumeClaim","namespace":"ns","name":"claim","uid":"u-1"}"#).unwrap();
/// assert_eq!(r.uid, "u-1");
/// assert_eq!(serde_json::to_string(&ObjectReference::default()).unwrap(), "{}");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ObjectReference {
    /// The referent's kind.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
    /// The referent's namespace.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub namespace: String,
    /// The referent's name.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// The referent's UID.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub uid: String,
    /// The referent's API version.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub api_version: String,
    /// The referent's resource version.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub resource_version: String,
    /// A field within the referent (for example `spec.containers{name}`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub field_path: String,
}
