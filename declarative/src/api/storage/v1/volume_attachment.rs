//! `VolumeAttachment` with its spec, source and status, carrying the `+k8s:`
//! tags of Kubernetes' `storage/v1/types.go` (master).
//!
//! `source.inlineVolumeSpec` is a whole `core/v1`
//! [`PersistentVolumeSpec`]: it carries no `+k8s:` tags at master, so
//! declarative validation only reads its presence (the one-of rule of the
//! source); hand-written validation checks its contents.
//! `VolumeError.time` is kept as its RFC 3339 text.

use crate::api::core::v1::PersistentVolumeSpec;
use crate::api::meta::v1::{ObjectMeta, Time};
use apimachinery::Validate;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Kubernetes' `storage.k8s.io/v1` `VolumeAttachment` (cluster-scoped).
///
/// +k8s:supportsSubresource="/status"
///
/// ```
/// use declarative::api::storage::v1::VolumeAttachment;
/// let va: VolumeAttachment = serde_json::from_str(r#"{
///     "metadata": {"name": "va-1"},
///     "spec": {"attacher": "csi.example.com", "source": {"persistentVolumeName": "pv-1"}, "nodeName": "node-1"},
///     "status": {"attached": true, "attachmentMetadata": {"dev": "/dev/sdb"}}
/// }"#).unwrap();
/// assert_eq!(va.spec.source.persistent_volume_name.as_deref(), Some("pv-1"));
/// assert!(va.status.attached);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct VolumeAttachment {
    /// `storage.k8s.io/v1`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub api_version: String,
    /// `VolumeAttachment`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
    /// Standard object metadata.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The desired attach/detach behaviour.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:immutable
    #[serde(default)]
    pub spec: VolumeAttachmentSpec,
    /// The state reported by the external attacher.
    #[serde(default)]
    pub status: VolumeAttachmentStatus,
}

/// Kubernetes' `storage.k8s.io/v1` `VolumeAttachmentSpec`.
///
/// ```
/// use declarative::api::storage::v1::VolumeAttachmentSpec;
/// assert_eq!(
///     serde_json::to_string(&VolumeAttachmentSpec::default()).unwrap(),
///     r#"{"attacher":"","source":{},"nodeName":""}"#
/// );
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct VolumeAttachmentSpec {
    /// The name of the volume driver that must handle the request.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:format="k8s-long-name-caseless"
    /// +k8s:beta(since: "1.37")=+k8s:maxLength=63
    #[serde(default)]
    pub attacher: String,
    /// The volume to attach.
    #[serde(default)]
    pub source: VolumeAttachmentSource,
    /// The node to attach the volume to.
    #[serde(default)]
    pub node_name: String,
}

/// Kubernetes' `storage.k8s.io/v1` `VolumeAttachmentSource`: exactly one
/// member must be set.
///
/// ```
/// use declarative::api::storage::v1::VolumeAttachmentSource;
/// let s: VolumeAttachmentSource = serde_json::from_str(r#"{"inlineVolumeSpec":{"accessModes":["ReadWriteOnce"]}}"#).unwrap();
/// assert!(s.inline_volume_spec.is_some());
/// assert_eq!(s.persistent_volume_name, None);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct VolumeAttachmentSource {
    /// The name of the persistent volume to attach.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub persistent_volume_name: Option<String>,
    /// A `core/v1` `PersistentVolumeSpec` translated from a pod's inline
    /// volume (CSI migration).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inline_volume_spec: Option<PersistentVolumeSpec>,
}

/// Kubernetes' `storage.k8s.io/v1` `VolumeAttachmentStatus`.
///
/// ```
/// use declarative::api::storage::v1::VolumeAttachmentStatus;
/// assert_eq!(serde_json::to_string(&VolumeAttachmentStatus::default()).unwrap(), r#"{"attached":false}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct VolumeAttachmentStatus {
    /// Whether the volume is attached.
    #[serde(default)]
    pub attached: bool,
    /// Information returned by a successful attach.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub attachment_metadata: BTreeMap<String, String>,
    /// The last attach error.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attach_error: Option<VolumeError>,
    /// The last detach error.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detach_error: Option<VolumeError>,
}

/// Kubernetes' `storage.k8s.io/v1` `VolumeError`.
///
/// ```
/// use declarative::api::storage::v1::VolumeError;
/// let e: VolumeError = serde_json::from_str(r#"{"time":"2024-01-01T00:00:00Z","message":"boom","errorCode":5}"#).unwrap();
/// assert_eq!(e.error_code, Some(5));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct VolumeError {
    /// When the error happened (RFC 3339).
    #[serde(default, skip_serializing_if = "Time::is_null")]
    pub time: Time,
    /// The error message.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub message: String,
    /// The gRPC code of the error.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error_code: Option<i32>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_fields_default_and_unknown_fields_are_ignored() {
        let va: VolumeAttachment = serde_json::from_str(r#"{"spec":{"x":1},"y":2}"#).unwrap();
        assert!(va.spec.attacher.is_empty());
        assert_eq!(va.spec.source, VolumeAttachmentSource::default());
        assert!(!va.status.attached);
    }

    #[test]
    fn round_trips_every_field() {
        let text = r#"{"metadata":{"name":"a"},"spec":{"attacher":"x","source":{"persistentVolumeName":"pv","inlineVolumeSpec":{"capacity":{"storage":"1Gi"},"csi":{"driver":"d","volumeHandle":"h"},"accessModes":["ReadWriteOnce"]}},"nodeName":"n"},"status":{"attached":true,"attachmentMetadata":{"k":"v"},"attachError":{"message":"m"},"detachError":{"time":"2024-01-01T00:00:00Z","errorCode":-1}}}"#;
        let va: VolumeAttachment = serde_json::from_str(text).unwrap();
        assert_eq!(serde_json::to_string(&va).unwrap(), text);
    }

    #[test]
    fn declarative_attacher_and_spec_rules() {
        use apimachinery::Validate;
        use apimachinery::operation::Context;
        let mut va = VolumeAttachment::default();
        va.spec.attacher = "a".repeat(64);
        let got: Vec<String> = va
            .validate(&Context::create(), None)
            .iter()
            .map(|e| format!("{} {} {}", e.error_type.as_str(), e.field, e.origin))
            .collect();
        assert_eq!(got, ["FieldValueTooLong spec.attacher maxLength"]);
        va.spec.attacher = "Bad_Name".into();
        assert_eq!(
            va.validate(&Context::create(), None)[0].origin,
            "format=k8s-long-name-caseless"
        );
        let old = va.clone();
        va.spec.attacher = String::new();
        // `immutable` on spec short-circuits the attacher's rules.
        let errs = va.validate(&Context::update(), Some(&old));
        assert_eq!(errs.len(), 1);
        assert_eq!(
            (errs[0].field.as_str(), errs[0].origin.as_ref()),
            ("spec", "immutable")
        );
        assert_eq!(VolumeAttachment::supported_subresources(), ["/status"]);
    }
}
