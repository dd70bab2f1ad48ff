//! `Container` and `EphemeralContainer` with the parts of them this crate
//! models: ports, environment (`env`, `envFrom`), resources, volume mounts,
//! volume devices, probes, `lifecycle`, `resizePolicy` and `securityContext`
//! (its modelled part).
//!
//! Not modelled (ignored when deserialising, reported by `dv-harness check` as
//! an unknown key): `restartPolicyRules`.

use super::container_resize_policy::ContainerResizePolicy;
use super::env_from_source::EnvFromSource;
use super::lifecycle::Lifecycle;
use super::probe::Probe;
use super::security_context::SecurityContext;
use super::serde_quantity;
use super::volume_device::VolumeDevice;
use apimachinery::Validate;
use apimachinery::resource::QuantityText;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Kubernetes' `core/v1` `Container`.
///
/// ```
/// use declarative::api::core::v1::Container;
/// let c: Container = serde_json::from_str(
///     r#"{"name":"app","image":"nginx","ports":[{"containerPort":80,"protocol":"TCP"}]}"#,
/// ).unwrap();
/// assert_eq!(c.ports[0].container_port, 80);
/// assert_eq!(serde_json::to_value(&c).unwrap()["name"], "app");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Container {
    /// The container's name, a DNS label unique within the pod.
    #[serde(default)]
    pub name: String,
    /// The image reference.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub image: String,
    /// The entrypoint.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub command: Vec<String>,
    /// The entrypoint's arguments.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<String>,
    /// The working directory.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub working_dir: String,
    /// The ports to expose.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<ContainerPort>,
    /// Sources of environment variables (every key of a ConfigMap or Secret).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub env_from: Vec<EnvFromSource>,
    /// Environment variables.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub env: Vec<EnvVar>,
    /// Compute resources.
    #[serde(default, skip_serializing_if = "ResourceRequirements::is_empty")]
    pub resources: ResourceRequirements,
    /// How the container reacts to an in-place resize of each resource.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resize_policy: Vec<ContainerResizePolicy>,
    /// The restart policy of an init container (`Always` makes it a sidecar).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restart_policy: Option<String>,
    /// Volumes to mount.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub volume_mounts: Vec<VolumeMount>,
    /// Block volumes to map as devices.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub volume_devices: Vec<VolumeDevice>,
    /// Whether the container is alive.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub liveness_probe: Option<Probe>,
    /// Whether the container is ready for traffic.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub readiness_probe: Option<Probe>,
    /// Whether the container has started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub startup_probe: Option<Probe>,
    /// Hooks run after start and before stop.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lifecycle: Option<Lifecycle>,
    /// Where the termination message is written.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub termination_message_path: String,
    /// `File` or `FallbackToLogsOnError`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub termination_message_policy: String,
    /// `Always`, `Never` or `IfNotPresent`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub image_pull_policy: String,
    /// Security options of the container.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub security_context: Option<SecurityContext>,
    /// Whether the container keeps a stdin buffer open (validation reads
    /// none of `stdin`, `stdinOnce` and `tty`; they are modelled so that an
    /// object that sets them reads with no ignored key).
    #[serde(default, skip_serializing_if = "is_false")]
    pub stdin: bool,
    /// Whether stdin closes after the first attach session.
    #[serde(default, skip_serializing_if = "is_false")]
    pub stdin_once: bool,
    /// Whether the container allocates a TTY.
    #[serde(default, skip_serializing_if = "is_false")]
    pub tty: bool,
}

/// Kubernetes' `core/v1` `EphemeralContainer`: the container fields plus
/// `targetContainerName`.
///
/// ```
/// use declarative::api::core::v1::EphemeralContainer;
/// let c: EphemeralContainer = serde_json::from_str(r#"{"name":"debug","targetContainerName":"app"}"#).unwrap();
/// assert_eq!(c.target_container_name, "app");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct EphemeralContainer {
    /// The container's name.
    #[serde(default)]
    pub name: String,
    /// The image reference.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub image: String,
    /// The entrypoint.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub command: Vec<String>,
    /// The entrypoint's arguments.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<String>,
    /// The working directory.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub working_dir: String,
    /// Ports (not allowed for ephemeral containers).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<ContainerPort>,
    /// Sources of environment variables (every key of a ConfigMap or Secret).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub env_from: Vec<EnvFromSource>,
    /// Environment variables.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub env: Vec<EnvVar>,
    /// Resources (not allowed for ephemeral containers).
    #[serde(default, skip_serializing_if = "ResourceRequirements::is_empty")]
    pub resources: ResourceRequirements,
    /// Resize policy (not allowed for ephemeral containers).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resize_policy: Vec<ContainerResizePolicy>,
    /// Restart policy (not allowed for ephemeral containers).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub restart_policy: Option<String>,
    /// Volumes to mount.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub volume_mounts: Vec<VolumeMount>,
    /// Block volumes to map as devices.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub volume_devices: Vec<VolumeDevice>,
    /// Whether the container is alive.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub liveness_probe: Option<Probe>,
    /// Whether the container is ready for traffic.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub readiness_probe: Option<Probe>,
    /// Whether the container has started.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub startup_probe: Option<Probe>,
    /// Hooks run after start and before stop.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lifecycle: Option<Lifecycle>,
    /// Where the termination message is written.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub termination_message_path: String,
    /// `File` or `FallbackToLogsOnError`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub termination_message_policy: String,
    /// `Always`, `Never` or `IfNotPresent`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub image_pull_policy: String,
    /// Security options of the container.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub security_context: Option<SecurityContext>,
    /// Whether the container keeps a stdin buffer open (validation reads
    /// none of `stdin`, `stdinOnce` and `tty`; they are modelled so that an
    /// object that sets them reads with no ignored key).
    #[serde(default, skip_serializing_if = "is_false")]
    pub stdin: bool,
    /// Whether stdin closes after the first attach session.
    #[serde(default, skip_serializing_if = "is_false")]
    pub stdin_once: bool,
    /// Whether the container allocates a TTY.
    #[serde(default, skip_serializing_if = "is_false")]
    pub tty: bool,
    /// The container whose namespaces this one joins.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub target_container_name: String,
}

/// Kubernetes' `core/v1` `ContainerPort`.
///
/// ```
/// use declarative::api::core::v1::ContainerPort;
/// let p = ContainerPort { container_port: 8080, protocol: "TCP".into(), ..Default::default() };
/// assert_eq!(serde_json::to_string(&p).unwrap(), r#"{"containerPort":8080,"protocol":"TCP"}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ContainerPort {
    /// An IANA service name, unique within the pod.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// The port on the host (0: none).
    #[serde(default, skip_serializing_if = "is_zero_i32")]
    pub host_port: i32,
    /// The port on the pod's IP.
    #[serde(default)]
    pub container_port: i32,
    /// `TCP`, `UDP` or `SCTP`.
    ///
    /// +default="TCP"
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub protocol: String,
    /// The host IP to bind to.
    #[serde(default, rename = "hostIP", skip_serializing_if = "String::is_empty")]
    pub host_ip: String,
}

/// Kubernetes' `core/v1` `EnvVar`.
///
/// ```
/// use declarative::api::core::v1::EnvVar;
/// let e: EnvVar = serde_json::from_str(r#"{"name":"A","value":"1"}"#).unwrap();
/// assert!(e.value_from.is_none());
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct EnvVar {
    /// The variable's name.
    #[serde(default)]
    pub name: String,
    /// A literal value.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub value: String,
    /// A value taken from elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value_from: Option<EnvVarSource>,
}

/// Kubernetes' `core/v1` `EnvVarSource` (`fileKeyRef` is not modelled).
///
/// ```
/// use declarative::api::core::v1::EnvVarSource;
/// let s: EnvVarSource = serde_json::from_str(r#"{"secretKeyRef":{"name":"s","key":"k"}}"#).unwrap();
/// assert_eq!(s.secret_key_ref.unwrap().key, "k");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct EnvVarSource {
    /// A field of the pod.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub field_ref: Option<ObjectFieldSelector>,
    /// A resource of a container.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_field_ref: Option<ResourceFieldSelector>,
    /// A key of a ConfigMap.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config_map_key_ref: Option<ConfigMapKeySelector>,
    /// A key of a Secret.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret_key_ref: Option<SecretKeySelector>,
}

/// Kubernetes' `core/v1` `ObjectFieldSelector`.
///
/// ```
/// use declarative::api::core::v1::ObjectFieldSelector;
/// let s: ObjectFieldSelector = serde_json::from_str(r#"{"fieldPath":"metadata.name"}"#).unwrap();
/// assert!(s.api_version.is_empty());
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ObjectFieldSelector {
    /// The schema version of `fieldPath`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub api_version: String,
    /// The field to select.
    #[serde(default)]
    pub field_path: String,
}

/// Kubernetes' `core/v1` `ResourceFieldSelector`.
///
/// ```
/// use declarative::api::core::v1::ResourceFieldSelector;
/// let s: ResourceFieldSelector = serde_json::from_str(r#"{"resource":"limits.cpu","divisor":"1m"}"#).unwrap();
/// assert_eq!(s.divisor.as_deref(), Some("1m"));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ResourceFieldSelector {
    /// The container, required for volumes.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub container_name: String,
    /// The resource to select, e.g. `limits.cpu`.
    #[serde(default)]
    pub resource: String,
    /// The divisor (a quantity).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub divisor: Option<QuantityText>,
}

/// Kubernetes' `core/v1` `ConfigMapKeySelector`.
///
/// ```
/// use declarative::api::core::v1::ConfigMapKeySelector;
/// let s: ConfigMapKeySelector = serde_json::from_str(r#"{"name":"cm","key":"k","optional":true}"#).unwrap();
/// assert_eq!(s.optional, Some(true));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ConfigMapKeySelector {
    /// The ConfigMap's name.
    ///
    /// +default=""
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// The key to select.
    #[serde(default)]
    pub key: String,
    /// Whether the ConfigMap or key may be missing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optional: Option<bool>,
}

/// Kubernetes' `core/v1` `SecretKeySelector`.
///
/// ```
/// use declarative::api::core::v1::SecretKeySelector;
/// let s: SecretKeySelector = serde_json::from_str(r#"{"name":"s","key":"k"}"#).unwrap();
/// assert_eq!(s.name, "s");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct SecretKeySelector {
    /// The Secret's name.
    ///
    /// +default=""
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// The key to select.
    #[serde(default)]
    pub key: String,
    /// Whether the Secret or key may be missing.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub optional: Option<bool>,
}

/// Kubernetes' `core/v1` `ResourceRequirements` (`claims` is not modelled);
/// quantities are kept as written and compared by value.
///
/// ```
/// use declarative::api::core::v1::ResourceRequirements;
/// let r: ResourceRequirements = serde_json::from_str(r#"{"limits":{"cpu":"1"},"requests":{"cpu":"500m"}}"#).unwrap();
/// assert_eq!(r.requests["cpu"].as_str(), "500m");
/// assert!(!r.is_empty());
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ResourceRequirements {
    /// The maximum amounts.
    #[serde(
        default,
        deserialize_with = "serde_quantity::map",
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    pub limits: BTreeMap<String, QuantityText>,
    /// The minimum amounts.
    #[serde(
        default,
        deserialize_with = "serde_quantity::map",
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    pub requests: BTreeMap<String, QuantityText>,
    /// The pod resource claims used; `Some(vec![])` is an empty list as
    /// written (Kubernetes tells it from an absent one at pod level).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claims: Option<Vec<super::ResourceClaim>>,
}

impl ResourceRequirements {
    /// Whether neither limits, requests nor claims are set.
    ///
    /// ```
    /// assert!(declarative::api::core::v1::ResourceRequirements::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.limits.is_empty() && self.requests.is_empty() && self.claims.is_none()
    }

    /// The claims referred to (none when absent).
    ///
    /// ```
    /// assert!(declarative::api::core::v1::ResourceRequirements::default().claims().is_empty());
    /// ```
    pub fn claims(&self) -> &[super::ResourceClaim] {
        self.claims.as_deref().unwrap_or_default()
    }
}

/// Kubernetes' `core/v1` `VolumeMount` (`bindMountOptions`, newer than the
/// validation this port follows, is not modelled).
///
/// ```
/// use declarative::api::core::v1::VolumeMount;
/// let m: VolumeMount = serde_json::from_str(r#"{"name":"data","mountPath":"/data","readOnly":true}"#).unwrap();
/// assert!(m.read_only);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct VolumeMount {
    /// The volume's name.
    #[serde(default)]
    pub name: String,
    /// Whether the mount is read-only.
    #[serde(default, skip_serializing_if = "is_false")]
    pub read_only: bool,
    /// `Disabled`, `IfPossible` or `Enabled`: whether read-only applies recursively.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recursive_read_only: Option<String>,
    /// Where to mount it.
    #[serde(default)]
    pub mount_path: String,
    /// A path within the volume to mount instead of its root.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub sub_path: String,
    /// `None`, `HostToContainer` or `Bidirectional`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mount_propagation: Option<String>,
    /// Like `subPath`, with `$(VAR)` references to the container's environment.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub sub_path_expr: String,
}

fn is_zero_i32(v: &i32) -> bool {
    *v == 0
}

fn is_false(v: &bool) -> bool {
    !*v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn required_keys_are_always_written() {
        let c = Container::default();
        assert_eq!(serde_json::to_string(&c).unwrap(), r#"{"name":""}"#);
        let m = VolumeMount::default();
        assert_eq!(
            serde_json::to_string(&m).unwrap(),
            r#"{"name":"","mountPath":""}"#
        );
    }

    #[test]
    fn host_ip_uses_go_json_name() {
        let p: ContainerPort =
            serde_json::from_str(r#"{"containerPort":1,"hostIP":"1.2.3.4"}"#).unwrap();
        assert_eq!(p.host_ip, "1.2.3.4");
    }
}
