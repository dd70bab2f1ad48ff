//! `ObjectMeta`: the metadata of every persisted object, with its `+k8s:`
//! tags as Kubernetes' `meta/v1/types.go` (master) has them.
//!
//! `selfLink` is not modelled (unknown JSON fields are ignored when
//! deserialising).

use super::{ManagedFieldsEntry, Time};
use apimachinery::Validate;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Kubernetes' `metav1.ObjectMeta` (JSON as `meta/v1`).
///
/// Timestamps are kept as their RFC 3339 text and compared as instants.
///
/// ```
/// use declarative::api::meta::v1::ObjectMeta;
/// let m: ObjectMeta = serde_json::from_str(r#"{"name":"web","namespace":"default","generation":2}"#).unwrap();
/// assert_eq!(m.name, "web");
/// assert_eq!(m.generation, 2);
/// assert_eq!(serde_json::to_string(&m).unwrap(), r#"{"name":"web","namespace":"default","generation":2}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ObjectMeta {
    /// The object's name, unique within its namespace.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,

    /// A prefix the server uses to generate a unique name.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub generate_name: String,

    /// The namespace the object lives in.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub namespace: String,

    /// The server-assigned unique identifier.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:immutable
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub uid: String,

    /// The opaque version used for optimistic concurrency.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub resource_version: String,

    /// The generation of the desired state.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:minimum=0
    #[serde(default, skip_serializing_if = "is_zero_i64")]
    pub generation: i64,

    /// When the object was created (RFC 3339).
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:immutable
    #[serde(default, skip_serializing_if = "Time::is_null")]
    pub creation_timestamp: Time,

    /// When the object will be deleted (RFC 3339).
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:immutable
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deletion_timestamp: Option<apimachinery::time::Time>,

    /// Seconds allowed for graceful termination once deletion was requested.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:immutable
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deletion_grace_period_seconds: Option<i64>,

    /// Identifying key/value pairs.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,

    /// Non-identifying key/value pairs.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub annotations: BTreeMap<String, String>,

    /// The objects this one depends on.
    ///
    /// +k8s:alpha(since:"1.37")=+k8s:optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub owner_references: Vec<OwnerReference>,

    /// Conditions that must clear before the object is deleted.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub finalizers: Vec<String>,

    /// Which workflow manages which fields (server-side apply).
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub managed_fields: Vec<ManagedFieldsEntry>,
}

/// Kubernetes' `metav1.OwnerReference`.
///
/// ```
/// use declarative::api::meta::v1::OwnerReference;
/// let r: OwnerReference = serde_json::from_str(
///     r#"{"apiVersion":"apps/v1","kind":"ReplicaSet","name":"rs","uid":"u1","controller":true}"#,
/// ).unwrap();
/// assert_eq!(r.controller, Some(true));
/// assert_eq!(r.block_owner_deletion, None);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct OwnerReference {
    /// The owner's API version.
    ///
    /// +k8s:alpha(since:"1.37")=+k8s:required
    #[serde(default)]
    pub api_version: String,

    /// The owner's kind.
    ///
    /// +k8s:alpha(since:"1.37")=+k8s:required
    #[serde(default)]
    pub kind: String,

    /// The owner's name.
    ///
    /// +k8s:alpha(since:"1.37")=+k8s:required
    #[serde(default)]
    pub name: String,

    /// The owner's UID.
    ///
    /// +k8s:alpha(since:"1.37")=+k8s:required
    #[serde(default)]
    pub uid: String,

    /// Whether this reference points to the managing controller.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub controller: Option<bool>,

    /// Whether the owner cannot be deleted before this object is removed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub block_owner_deletion: Option<bool>,
}

fn is_zero_i64(v: &i64) -> bool {
    *v == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_fields_default_and_unknown_fields_are_ignored() {
        let m: ObjectMeta = serde_json::from_str(r#"{"selfLink":"x","labels":{"a":"b"}}"#).unwrap();
        assert_eq!(m.labels.get("a").map(String::as_str), Some("b"));
        assert!(m.name.is_empty());
        assert_eq!(m.deletion_grace_period_seconds, None);
    }

    #[test]
    fn empty_fields_are_omitted_but_owner_reference_keys_are_not() {
        let m = ObjectMeta {
            owner_references: vec![OwnerReference::default()],
            ..ObjectMeta::default()
        };
        assert_eq!(
            serde_json::to_string(&m).unwrap(),
            r#"{"ownerReferences":[{"apiVersion":"","kind":"","name":"","uid":""}]}"#
        );
    }

    #[test]
    fn timestamps_round_trip() {
        let text = r#"{"creationTimestamp":"2024-01-01T00:00:00Z","deletionTimestamp":"2024-01-02T00:00:00Z","deletionGracePeriodSeconds":30}"#;
        let m: ObjectMeta = serde_json::from_str(text).unwrap();
        assert_eq!(serde_json::to_string(&m).unwrap(), text);
    }
}
