//! `EphemeralVolumeSource`: a volume backed by a PersistentVolumeClaim the
//! pod owns, stamped out of a claim template. Its Go type carries no `+k8s:`
//! validation tags (master's `core/v1/types.go`).

use super::persistent_volume_claim_template::PersistentVolumeClaimTemplate;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Kubernetes' `core/v1` `EphemeralVolumeSource`.
///
/// ```
/// use declarative::api::core::v1::EphemeralVolumeSource;
/// let e: EphemeralVolumeSource = serde_json::from_str(
///     r#"{"volumeClaimTemplate":{"spec":{"accessModes":["ReadWriteOnce"]}}}"#).unwrap();
/// assert_eq!(e.volume_claim_template.unwrap().spec.access_modes, ["ReadWriteOnce"]);
/// assert_eq!(serde_json::to_string(&EphemeralVolumeSource::default()).unwrap(), "{}");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct EphemeralVolumeSource {
    /// The template of the claim created for the pod (required).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub volume_claim_template: Option<PersistentVolumeClaimTemplate>,
}
