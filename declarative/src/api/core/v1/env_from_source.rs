//! `EnvFromSource` and the two sources it names: every key of a ConfigMap or
//! a Secret becomes an environment variable of the container.

use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Kubernetes' `core/v1` `EnvFromSource`.
///
/// ```
/// use declarative::api::core::v1::EnvFromSource;
/// let s: EnvFromSource = serde_json::from_str(r#"{"prefix":"P_","configMapRef":{"name":"cm"}}"#).unwrap();
/// assert_eq!(s.config_map_ref.unwrap().name, "cm");
/// assert!(s.secret_ref.is_none());
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct EnvFromSource {
    /// Prepended to every key of the source.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub prefix: String,
    /// The ConfigMap to read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config_map_ref: Option<ConfigMapEnvSource>,
    /// The Secret to read.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_ref: Option<SecretEnvSource>,
}

/// Kubernetes' `core/v1` `ConfigMapEnvSource`.
///
/// ```
/// use declarative::api::core::v1::ConfigMapEnvSource;
/// let s: ConfigMapEnvSource = serde_json::from_str(r#"{"name":"cm","optional":true}"#).unwrap();
/// assert_eq!(s.optional, Some(true));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ConfigMapEnvSource {
    /// The ConfigMap's name.
    ///
    /// +default=""
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// Whether the ConfigMap may be missing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optional: Option<bool>,
}

/// Kubernetes' `core/v1` `SecretEnvSource`.
///
/// ```
/// use declarative::api::core::v1::SecretEnvSource;
/// let s: SecretEnvSource = serde_json::from_str(r#"{"name":"s"}"#).unwrap();
/// assert_eq!(s.name, "s");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct SecretEnvSource {
    /// The Secret's name.
    ///
    /// +default=""
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// Whether the Secret may be missing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optional: Option<bool>,
}
