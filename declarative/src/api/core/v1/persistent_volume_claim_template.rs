//! `PersistentVolumeClaimTemplate`: the claim an ephemeral volume creates.
//! Its metadata is `+k8s:opaqueType` in master's `core/v1/types.go`, so the
//! declarative validation of `ObjectMeta` does not run on it.

use super::persistent_volume_claim_spec::PersistentVolumeClaimSpec;
use crate::api::meta::v1::ObjectMeta;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Kubernetes' `core/v1` `PersistentVolumeClaimTemplate`.
///
/// ```
/// use declarative::api::core::v1::PersistentVolumeClaimTemplate;
/// let t: PersistentVolumeClaimTemplate = serde_json::from_str(
///     r#"{"metadata":{"labels":{"a":"b"}},"spec":{"storageClassName":"fast"}}"#).unwrap();
/// assert_eq!(t.metadata.labels["a"], "b");
/// assert_eq!(t.spec.storage_class_name.as_deref(), Some("fast"));
/// assert_eq!(serde_json::to_string(&PersistentVolumeClaimTemplate::default()).unwrap(), r#"{"spec":{"resources":{}}}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct PersistentVolumeClaimTemplate {
    /// Labels and annotations copied into the claim; no other field may be set.
    ///
    /// +k8s:opaqueType
    #[serde(default, skip_serializing_if = "is_empty_meta")]
    pub metadata: ObjectMeta,
    /// The claim's specification, copied unchanged into the claim.
    #[serde(default)]
    pub spec: PersistentVolumeClaimSpec,
}

fn is_empty_meta(meta: &ObjectMeta) -> bool {
    *meta == ObjectMeta::default()
}
