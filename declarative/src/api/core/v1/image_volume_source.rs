//! `ImageVolumeSource`: an OCI image or artifact mounted as a volume. Its Go
//! type carries no `+k8s:` validation tags (master's `core/v1/types.go`).

use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Kubernetes' `core/v1` `ImageVolumeSource`.
///
/// ```
/// use declarative::api::core::v1::ImageVolumeSource;
/// let i: ImageVolumeSource = serde_json::from_str(r#"{"reference":"registry/img:1","pullPolicy":"IfNotPresent"}"#).unwrap();
/// assert_eq!(i.pull_policy, "IfNotPresent");
/// assert_eq!(serde_json::to_string(&ImageVolumeSource::default()).unwrap(), "{}");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ImageVolumeSource {
    /// The image or artifact reference (optional outside pods, so that
    /// workload controllers may default it).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reference: String,
    /// `Always`, `Never` or `IfNotPresent`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub pull_policy: String,
}
