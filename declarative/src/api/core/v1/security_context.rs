//! `SecurityContext` of a container, with the parts of it this crate models.
//!
//! Not modelled (ignored when deserialising): `seLinuxOptions`,
//! `windowsOptions`, `runAsNonRoot`, `readOnlyRootFilesystem`, `procMount`,
//! `seccompProfile`, `appArmorProfile` (the last two are shared with the
//! pod's security context).

use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Kubernetes' `core/v1` `SecurityContext` (the modelled fields).
///
/// ```
/// use declarative::api::core::v1::SecurityContext;
/// let s: SecurityContext = serde_json::from_str(r#"{"privileged":true,"runAsUser":0,"capabilities":{"add":["NET_ADMIN"]}}"#).unwrap();
/// assert_eq!(s.privileged, Some(true));
/// assert_eq!(s.capabilities.unwrap().add, ["NET_ADMIN"]);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct SecurityContext {
    /// Capabilities to add and drop.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capabilities: Option<Capabilities>,
    /// Whether the container runs privileged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub privileged: Option<bool>,
    /// The UID the entrypoint runs as.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_as_user: Option<i64>,
    /// The GID the entrypoint runs as.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_as_group: Option<i64>,
    /// Whether a process may gain more privileges than its parent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow_privilege_escalation: Option<bool>,
}

/// Kubernetes' `core/v1` `Capabilities`.
///
/// ```
/// use declarative::api::core::v1::Capabilities;
/// let c: Capabilities = serde_json::from_str(r#"{"drop":["ALL"]}"#).unwrap();
/// assert_eq!(c.drop, ["ALL"]);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Capabilities {
    /// Capabilities to add.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub add: Vec<String>,
    /// Capabilities to drop.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub drop: Vec<String>,
}
