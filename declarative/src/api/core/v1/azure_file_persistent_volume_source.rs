//! Kubernetes' `core/v1` `AzureFilePersistentVolumeSource`: an Azure File share
//! of a persistent volume. No `+k8s:` tags in `core/v1/types.go`
//! (kubernetes/api 10b39a39); hand-written validation checks it.

use apimachinery::Validate;
use serde::{Deserialize, Serialize};

fn is_false(v: &bool) -> bool {
    !*v
}

/// An Azure File share whose Secret may be in another namespace.
/// `secretNamespace` has no `omitempty` in Go, so an unset one is written
/// as `null`.
///
/// ```
/// use declarative::api::core::v1::AzureFilePersistentVolumeSource;
/// let a: AzureFilePersistentVolumeSource = serde_json::from_str(r#"{"secretName":"s","shareName":"h"}"#).unwrap();
/// assert_eq!(serde_json::to_string(&a).unwrap(), r#"{"secretName":"s","shareName":"h","secretNamespace":null}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct AzureFilePersistentVolumeSource {
    /// The Secret holding the account name and key.
    #[serde(default)]
    pub secret_name: String,
    /// The share's name.
    #[serde(default)]
    pub share_name: String,
    /// Mount read-only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
    /// The Secret's namespace (the pod's when unset).
    #[serde(default)]
    pub secret_namespace: Option<String>,
}
