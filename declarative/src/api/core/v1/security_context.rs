//! `SecurityContext` of a container, with the part of it this crate models:
//! `privileged` (which bidirectional mount propagation requires).
//!
//! Not modelled (ignored when deserialising): `capabilities`,
//! `seLinuxOptions`, `windowsOptions`, `runAsUser`, `runAsGroup`,
//! `runAsNonRoot`, `readOnlyRootFilesystem`, `allowPrivilegeEscalation`,
//! `procMount`, `seccompProfile`, `appArmorProfile`.

use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Kubernetes' `core/v1` `SecurityContext` (the modelled fields).
///
/// ```
/// use declarative::api::core::v1::SecurityContext;
/// let s: SecurityContext = serde_json::from_str(r#"{"privileged":true,"runAsUser":0}"#).unwrap();
/// assert_eq!(s.privileged, Some(true));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct SecurityContext {
    /// Whether the container runs privileged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub privileged: Option<bool>,
}
