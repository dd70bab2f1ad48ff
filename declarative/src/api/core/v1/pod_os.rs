//! Kubernetes' `core/v1` `PodOS` (no `+k8s:` tags in master's `types.go`:
//! generated validation only deserialises it).

use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// The operating system the pod's containers run on.
///
/// ```
/// use declarative::api::core::v1::PodOS;
/// let os: PodOS = serde_json::from_str(r#"{"name":"linux"}"#).unwrap();
/// assert_eq!(os.name, "linux");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct PodOS {
    /// `linux` or `windows`.
    #[serde(default)]
    pub name: String,
}
