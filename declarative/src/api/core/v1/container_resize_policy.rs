//! `ContainerResizePolicy`: how a container reacts when a resource of it is
//! resized in place.

use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Kubernetes' `core/v1` `ContainerResizePolicy`.
///
/// ```
/// use declarative::api::core::v1::ContainerResizePolicy;
/// let p: ContainerResizePolicy = serde_json::from_str(r#"{"resourceName":"cpu","restartPolicy":"NotRequired"}"#).unwrap();
/// assert_eq!(p.resource_name, "cpu");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ContainerResizePolicy {
    /// `cpu` or `memory`.
    #[serde(default)]
    pub resource_name: String,
    /// `NotRequired` or `RestartContainer`.
    #[serde(default)]
    pub restart_policy: String,
}
