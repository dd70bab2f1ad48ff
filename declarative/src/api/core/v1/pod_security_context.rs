//! `PodSecurityContext` and its `Sysctl`s. Kubernetes' `types.go` (master)
//! has no `+k8s:` tags on them.

use super::security_context::{
    AppArmorProfile, SELinuxOptions, SeccompProfile, WindowsSecurityContextOptions,
};
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Kubernetes' `core/v1` `PodSecurityContext`.
///
/// ```
/// use declarative::api::core::v1::PodSecurityContext;
/// let s: PodSecurityContext = serde_json::from_str(
///     r#"{"fsGroup":2000,"supplementalGroups":[1,2],"sysctls":[{"name":"kernel.shm_rmid_forced","value":"1"}]}"#,
/// ).unwrap();
/// assert_eq!(s.fs_group, Some(2000));
/// assert_eq!(s.sysctls[0].name, "kernel.shm_rmid_forced");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct PodSecurityContext {
    /// The SELinux context applied to all containers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub se_linux_options: Option<SELinuxOptions>,
    /// Windows-specific settings applied to all containers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub windows_options: Option<WindowsSecurityContextOptions>,
    /// The UID the containers' entrypoints run as.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_as_user: Option<i64>,
    /// The GID the containers' entrypoints run as.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_as_group: Option<i64>,
    /// The containers must run as a non-root user.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub run_as_non_root: Option<bool>,
    /// Groups added to each container's first process.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supplemental_groups: Option<Vec<i64>>,
    /// `Merge` or `Strict`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supplemental_groups_policy: Option<String>,
    /// The group that owns the pod's volumes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fs_group: Option<i64>,
    /// Namespaced kernel parameters set for the pod.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sysctls: Vec<Sysctl>,
    /// `OnRootMismatch` or `Always`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fs_group_change_policy: Option<String>,
    /// The seccomp profile of all containers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seccomp_profile: Option<SeccompProfile>,
    /// The AppArmor profile of all containers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub app_armor_profile: Option<AppArmorProfile>,
    /// `Recursive` or `MountOption`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub se_linux_change_policy: Option<String>,
}

/// Kubernetes' `core/v1` `Sysctl`.
///
/// ```
/// use declarative::api::core::v1::Sysctl;
/// let s: Sysctl = serde_json::from_str(r#"{"name":"net.core.somaxconn","value":"1024"}"#).unwrap();
/// assert_eq!(s.value, "1024");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Sysctl {
    /// The kernel parameter.
    #[serde(default)]
    pub name: String,
    /// Its value.
    #[serde(default)]
    pub value: String,
}
