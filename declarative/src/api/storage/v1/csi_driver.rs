//! `CSIDriver` and its spec, carrying the `+k8s:` tags of Kubernetes'
//! `storage/v1/types.go` (master).
//!
//! `fsGroupPolicy` and the volume lifecycle modes are Go string enums
//! without a `+k8s:enum` tag, so they are plain strings here.

use crate::api::meta::v1::ObjectMeta;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Kubernetes' `storage.k8s.io/v1` `CSIDriver` (cluster-scoped); its name is
/// the driver's name.
///
/// ```
/// use declarative::api::storage::v1::CSIDriver;
/// let d: CSIDriver = serde_json::from_str(r#"{
///     "metadata": {"name": "csi.example.com"},
///     "spec": {"attachRequired": true, "podInfoOnMount": false, "volumeLifecycleModes": ["Persistent"],
///              "tokenRequests": [{"audience": "vault", "expirationSeconds": 3600}]}
/// }"#).unwrap();
/// assert_eq!(d.spec.attach_required, Some(true));
/// assert_eq!(d.spec.token_requests[0].expiration_seconds, Some(3600));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct CSIDriver {
    /// `storage.k8s.io/v1`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub api_version: String,
    /// `CSIDriver`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
    /// Standard object metadata; the name is the CSI driver's name.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The driver's specification.
    #[serde(default)]
    pub spec: CSIDriverSpec,
}

/// Kubernetes' `storage.k8s.io/v1` `CSIDriverSpec`.
///
/// ```
/// use declarative::api::storage::v1::CSIDriverSpec;
/// assert_eq!(serde_json::to_string(&CSIDriverSpec::default()).unwrap(), "{}");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct CSIDriverSpec {
    /// Whether the driver needs an attach operation (immutable).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub attach_required: Option<bool>,
    /// Whether pod information is passed on mount.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pod_info_on_mount: Option<bool>,
    /// The kinds of volumes the driver supports (`Persistent`, `Ephemeral`).
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:immutable
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub volume_lifecycle_modes: Vec<String>,
    /// Whether the driver reports storage capacity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub storage_capacity: Option<bool>,
    /// How volume ownership and permissions are changed on mount
    /// (`ReadWriteOnceWithFSType`, `File`, `None`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fs_group_policy: Option<String>,
    /// Service account tokens the driver needs on mount.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub token_requests: Vec<TokenRequest>,
    /// Whether NodePublishVolume is called periodically.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requires_republish: Option<bool>,
    /// Whether the driver supports the `-o context` mount option.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub se_linux_mount: Option<bool>,
    /// How often the node's allocatable volume count is refreshed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_allocatable_update_period_seconds: Option<i64>,
    /// Whether service account tokens are passed as secrets.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub service_account_token_in_secrets: Option<bool>,
    /// Whether pods are kept from scheduling while the driver is missing on a node.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prevent_pod_scheduling_if_missing: Option<bool>,
}

/// Kubernetes' `storage.k8s.io/v1` `TokenRequest`.
///
/// ```
/// use declarative::api::storage::v1::TokenRequest;
/// let t = TokenRequest { audience: String::new(), expiration_seconds: None };
/// assert_eq!(serde_json::to_string(&t).unwrap(), r#"{"audience":""}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct TokenRequest {
    /// The token's intended audience (empty: the API server's).
    #[serde(default)]
    pub audience: String,
    /// The token's validity in seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expiration_seconds: Option<i64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_fields_default_and_unknown_fields_are_ignored() {
        let d: CSIDriver = serde_json::from_str(r#"{"spec":{"unknown":true}}"#).unwrap();
        assert_eq!(d.spec, CSIDriverSpec::default());
    }

    #[test]
    fn round_trips_every_field() {
        let text = r#"{"metadata":{"name":"d"},"spec":{"attachRequired":true,"podInfoOnMount":false,"volumeLifecycleModes":["Persistent","Ephemeral"],"storageCapacity":false,"fsGroupPolicy":"File","tokenRequests":[{"audience":"a","expirationSeconds":600}],"requiresRepublish":true,"seLinuxMount":false,"nodeAllocatableUpdatePeriodSeconds":10,"serviceAccountTokenInSecrets":true,"preventPodSchedulingIfMissing":false}}"#;
        let d: CSIDriver = serde_json::from_str(text).unwrap();
        assert_eq!(serde_json::to_string(&d).unwrap(), text);
    }

    #[test]
    fn declarative_lifecycle_modes_are_immutable_alpha() {
        use apimachinery::Validate;
        use apimachinery::operation::Context;
        let old = CSIDriver::default();
        let mut new = old.clone();
        new.spec.volume_lifecycle_modes = vec!["Persistent".into()];
        let errs = new.validate(&Context::update(), Some(&old));
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].field, "spec.volumeLifecycleModes");
        assert_eq!(errs[0].origin, "immutable");
        assert!(errs[0].is_alpha());
        assert!(new.validate(&Context::create(), None).is_empty());
    }
}
