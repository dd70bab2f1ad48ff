//! The `downwardAPI` and `projected` volume sources of `core/v1`
//! `VolumeSource`, and the projections a projected volume combines. Their Go
//! types carry no `+k8s:` validation tags (master's `core/v1/types.go`).
//!
//! Not modelled (ignored when deserialising): the `podCertificate`
//! projection, and master's `defaultUser` / `user` fields, which no
//! `validation.go` that could be read checks.

use super::container::{ObjectFieldSelector, ResourceFieldSelector};
use super::volume::KeyToPath;
use crate::api::networking::v1::LabelSelector;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Kubernetes' `core/v1` `DownwardAPIVolumeSource`.
///
/// ```
/// use declarative::api::core::v1::DownwardAPIVolumeSource;
/// let d: DownwardAPIVolumeSource = serde_json::from_str(
///     r#"{"items":[{"path":"labels","fieldRef":{"apiVersion":"v1","fieldPath":"metadata.labels"}}],"defaultMode":420}"#).unwrap();
/// assert_eq!(d.items[0].path, "labels");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct DownwardAPIVolumeSource {
    /// The files of the volume.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<DownwardAPIVolumeFile>,
    /// The files' default mode bits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_mode: Option<i32>,
}

/// Kubernetes' `core/v1` `DownwardAPIVolumeFile`.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct DownwardAPIVolumeFile {
    /// The file's relative path.
    #[serde(default)]
    pub path: String,
    /// A field of the pod.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field_ref: Option<ObjectFieldSelector>,
    /// A resource of a container.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_field_ref: Option<ResourceFieldSelector>,
    /// The file's mode bits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mode: Option<i32>,
}

/// Kubernetes' `core/v1` `ProjectedVolumeSource`.
///
/// ```
/// use declarative::api::core::v1::ProjectedVolumeSource;
/// let p: ProjectedVolumeSource = serde_json::from_str(
///     r#"{"sources":[{"serviceAccountToken":{"path":"token","expirationSeconds":3600}},{"configMap":{"name":"ca"}}]}"#).unwrap();
/// assert_eq!(p.sources[0].service_account_token.as_ref().unwrap().expiration_seconds, Some(3600));
/// assert_eq!(p.sources[1].config_map.as_ref().unwrap().name, "ca");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ProjectedVolumeSource {
    /// The projections.
    #[serde(default)]
    pub sources: Vec<VolumeProjection>,
    /// The files' default mode bits.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_mode: Option<i32>,
}

/// Kubernetes' `core/v1` `VolumeProjection`: one of its members.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct VolumeProjection {
    /// A Secret's keys.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<SecretProjection>,
    /// Downward API files.
    #[serde(
        default,
        rename = "downwardAPI",
        skip_serializing_if = "Option::is_none"
    )]
    pub downward_api: Option<DownwardAPIProjection>,
    /// A ConfigMap's keys.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config_map: Option<ConfigMapProjection>,
    /// A service account token.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub service_account_token: Option<ServiceAccountTokenProjection>,
    /// The certificates of ClusterTrustBundle objects.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cluster_trust_bundle: Option<ClusterTrustBundleProjection>,
}

/// Kubernetes' `core/v1` `ClusterTrustBundleProjection`: one bundle by
/// name, or the bundles of a signer selected by labels.
///
/// ```
/// use declarative::api::core::v1::ClusterTrustBundleProjection;
/// let c: ClusterTrustBundleProjection = serde_json::from_str(
///     r#"{"signerName":"example.com/s","labelSelector":{"matchLabels":{"a":"b"}},"path":"ca.pem"}"#).unwrap();
/// assert_eq!(c.signer_name.as_deref(), Some("example.com/s"));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ClusterTrustBundleProjection {
    /// One ClusterTrustBundle by object name.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// All ClusterTrustBundles of this signer (with `labelSelector`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signer_name: Option<String>,
    /// Selects the signer's bundles by label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label_selector: Option<LabelSelector>,
    /// Whether a missing bundle is tolerated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optional: Option<bool>,
    /// The file's path, relative to the volume.
    #[serde(default)]
    pub path: String,
}

/// Kubernetes' `core/v1` `SecretProjection`.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct SecretProjection {
    /// The Secret's name (`LocalObjectReference`, inlined).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// The keys to project, and where.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<KeyToPath>,
    /// Whether the Secret may be missing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optional: Option<bool>,
}

/// Kubernetes' `core/v1` `ConfigMapProjection`.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ConfigMapProjection {
    /// The ConfigMap's name (`LocalObjectReference`, inlined).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// The keys to project, and where.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<KeyToPath>,
    /// Whether the ConfigMap may be missing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optional: Option<bool>,
}

/// Kubernetes' `core/v1` `DownwardAPIProjection`.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct DownwardAPIProjection {
    /// The files to project.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub items: Vec<DownwardAPIVolumeFile>,
}

/// Kubernetes' `core/v1` `ServiceAccountTokenProjection`.
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ServiceAccountTokenProjection {
    /// The token's intended audience.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub audience: String,
    /// The token's requested lifetime (API defaulting sets 3600, which the
    /// harness never applies).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expiration_seconds: Option<i64>,
    /// The file's path, relative to the volume.
    #[serde(default)]
    pub path: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_projected_sources() {
        let text = r#"{"sources":[{"secret":{"name":"s","items":[{"key":"k","path":"p"}]}},{"downwardAPI":{"items":[{"path":"n","fieldRef":{"apiVersion":"v1","fieldPath":"metadata.name"}}]}},{"configMap":{"name":"c","optional":true}},{"serviceAccountToken":{"audience":"a","expirationSeconds":600,"path":"t"}},{"clusterTrustBundle":{"name":"n","path":"b"}}],"defaultMode":420}"#;
        let p: ProjectedVolumeSource = serde_json::from_str(text).unwrap();
        assert_eq!(serde_json::to_string(&p).unwrap(), text);
    }
}
