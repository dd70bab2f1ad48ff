//! `SecurityContext` of a container and the option types it shares with the
//! pod's security context (`SELinuxOptions`, `WindowsSecurityContextOptions`,
//! `SeccompProfile`, `AppArmorProfile`). Kubernetes' `types.go` (master) has
//! no `+k8s:` tags on any of them.

use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Kubernetes' `core/v1` `SecurityContext`.
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
    /// The SELinux context of the container.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub se_linux_options: Option<SELinuxOptions>,
    /// Windows-specific settings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub windows_options: Option<WindowsSecurityContextOptions>,
    /// The container must run as a non-root user.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_as_non_root: Option<bool>,
    /// The container's root filesystem is read-only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_only_root_filesystem: Option<bool>,
    /// `Default` or `Unmasked`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proc_mount: Option<String>,
    /// The seccomp profile of the container.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seccomp_profile: Option<SeccompProfile>,
    /// The AppArmor profile of the container.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub app_armor_profile: Option<AppArmorProfile>,
}

/// Kubernetes' `core/v1` `SELinuxOptions`.
///
/// ```
/// use declarative::api::core::v1::SELinuxOptions;
/// let o: SELinuxOptions = serde_json::from_str(r#"{"level":"s0:c1,c2"}"#).unwrap();
/// assert_eq!(o.level, "s0:c1,c2");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct SELinuxOptions {
    /// The SELinux user label.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub user: String,
    /// The SELinux role label.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub role: String,
    /// The SELinux type label.
    #[serde(default, rename = "type", skip_serializing_if = "String::is_empty")]
    pub type_: String,
    /// The SELinux level label.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub level: String,
}

/// Kubernetes' `core/v1` `WindowsSecurityContextOptions`.
///
/// ```
/// use declarative::api::core::v1::WindowsSecurityContextOptions;
/// let o: WindowsSecurityContextOptions = serde_json::from_str(r#"{"runAsUserName":"Container. User","hostProcess":true}"#).unwrap();
/// assert_eq!(o.host_process, Some(true));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct WindowsSecurityContextOptions {
    /// The name of the GMSACredentialSpec resource to use.
    #[serde(
        default,
        rename = "gmsaCredentialSpecName",
        skip_serializing_if = "Option::is_none"
    )]
    pub gmsa_credential_spec_name: Option<String>,
    /// The GMSA credential spec contents, inlined by the GMSA admission webhook.
    #[serde(
        default,
        rename = "gmsaCredentialSpec",
        skip_serializing_if = "Option::is_none"
    )]
    pub gmsa_credential_spec: Option<String>,
    /// The Windows user the entrypoint runs as.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_as_user_name: Option<String>,
    /// Whether the container runs as a Windows HostProcess container.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_process: Option<bool>,
}

/// Kubernetes' `core/v1` `SeccompProfile`.
///
/// ```
/// use declarative::api::core::v1::SeccompProfile;
/// let p: SeccompProfile = serde_json::from_str(r#"{"type":"Localhost","localhostProfile":"x.json"}"#).unwrap();
/// assert_eq!(p.localhost_profile.as_deref(), Some("x.json"));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct SeccompProfile {
    /// `Localhost`, `RuntimeDefault` or `Unconfined`.
    #[serde(default, rename = "type")]
    pub type_: String,
    /// The profile file, relative to the kubelet's seccomp directory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub localhost_profile: Option<String>,
}

/// Kubernetes' `core/v1` `AppArmorProfile`.
///
/// ```
/// use declarative::api::core::v1::AppArmorProfile;
/// let p: AppArmorProfile = serde_json::from_str(r#"{"type":"RuntimeDefault"}"#).unwrap();
/// assert_eq!(p.type_, "RuntimeDefault");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct AppArmorProfile {
    /// `Localhost`, `RuntimeDefault` or `Unconfined`.
    #[serde(default, rename = "type")]
    pub type_: String,
    /// The name of a profile loaded on the node.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub localhost_profile: Option<String>,
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
