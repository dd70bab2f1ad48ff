//! Container validation: a port of `validateContainers`,
//! `validateInitContainers`, `validateEphemeralContainers`,
//! `validateContainerCommon` and what they call (ports, environment, volume
//! mounts, pull policy, resources, security context, probes, lifecycle
//! hooks, host port conflicts), for the modelled fields.

use super::env_from::validate_env_from;
use super::handler::validate_lifecycle;
use super::image_volume::{SUB_PATH_NOT_ALLOWED, validate_image_mount_sub_path};
use super::mount_options::{validate_mount_propagation, validate_mount_recursive_read_only};
use super::probe::{validate_liveness_probe, validate_readiness_probe};
use super::qualified_name::validate_qualified_name;
use super::resize_policy::{resize_policy_value, validate_resize_policy};
use super::resources::validate_container_resource_requirements;
use super::security_context::validate_security_context;
use super::volume::{validate_dns1123_label, validate_local_descending_path};
use super::volume_devices::{
    mount_device_overlap, validate_volume_devices, volume_device_map, volume_mount_map,
};
use apimachinery::content::{
    is_config_map_key, is_env_var_name, is_relaxed_env_var_name, is_valid_port_name,
    is_valid_port_num, name_is_dns_subdomain,
};
use apimachinery::field::{Error, ErrorList, Path};
use declarative::api::core::v1::{
    Container, ContainerPort, ContainerResizePolicy, EnvFromSource, EnvVar, EphemeralContainer,
    Lifecycle, ObjectFieldSelector, ResourceFieldSelector, ResourceRequirements, SecurityContext,
    Volume, VolumeDevice, VolumeMount,
};
use std::collections::{BTreeMap, BTreeSet};

/// The valid volumes of a pod by name (what `ValidateVolumes` returns).
pub type VolumesByName<'v> = BTreeMap<&'v str, &'v Volume>;

/// The options of `PodValidationOptions` that the modelled fields depend on.
///
/// ```
/// let o = handwritten::core::v1::container::PodValidationOptions::default();
/// assert!(o.allow_relaxed_environment_variable_validation);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PodValidationOptions {
    /// Environment variable names may use any printable ASCII but `=`.
    pub allow_relaxed_environment_variable_validation: bool,
    /// An invalid `controller.kubernetes.io/pod-deletion-cost` annotation is tolerated.
    pub allow_invalid_pod_deletion_cost: bool,
    /// The pod runs in the host's user namespace (`hostUsers` unset or
    /// true). Not an option in Kubernetes, which passes it next to the
    /// options; `validate_pod_spec` sets it from the spec.
    pub host_users: bool,
    /// A sysctl in a namespace the pod shares with the host is tolerated
    /// (`AllowNamespacedSysctlsForHostNetAndHostIPC`).
    pub allow_namespaced_sysctls_for_host_net_and_host_ipc: bool,
    /// `seLinuxChangePolicy` may only be `Recursive`
    /// (`AllowOnlyRecursiveSELinuxChangePolicy`).
    pub allow_only_recursive_selinux_change_policy: bool,
    /// The `VolumeAttributesClass` gate, which Kubernetes reads directly (not
    /// through `PodValidationOptions`) when it validates the claim template
    /// of an `ephemeral` volume.
    pub volume_attributes_class: bool,
    /// `dnsConfig.searches` may hold `.` and `_` (`AllowRelaxedDNSSearchValidation`).
    pub allow_relaxed_dns_search_validation: bool,
    /// A lifecycle hook may sleep 0 seconds (`AllowPodLifecycleSleepActionZeroValue`).
    pub allow_pod_lifecycle_sleep_action_zero_value: bool,
    /// Init containers may have a `resizePolicy` (`AllowSidecarResizePolicy`).
    pub allow_sidecar_resize_policy: bool,
    /// Pod-level `resources` are validated (`PodLevelResourcesEnabled`).
    pub pod_level_resources_enabled: bool,
    /// Pod affinity term selectors may hold invalid label values
    /// (`AllowInvalidLabelValueInSelector`; set on update only, see
    /// [`super::affinity::has_invalid_label_value_in_affinity_selector`]).
    pub allow_invalid_label_value_in_selector: bool,
    /// Required node affinity may hold invalid label values
    /// (`AllowInvalidLabelValueInRequiredNodeAffinity`; set on update only).
    pub allow_invalid_label_value_in_required_node_affinity: bool,
    /// Topology spread label selectors are not validated
    /// (`AllowInvalidTopologySpreadConstraintLabelSelector`; set on update only).
    pub allow_invalid_topology_spread_constraint_label_selector: bool,
    /// Huge pages quantities need not be a whole number of pages
    /// (`AllowIndivisibleHugePagesValues`; set on update only, see
    /// [`super::resources::uses_indivisible_huge_pages_values`]).
    pub allow_indivisible_huge_pages_values: bool,
    /// A projected `serviceAccountToken`'s `path` is not checked to be a
    /// local, non-reserved path (`AllowNonLocalProjectedTokenPath`; set on
    /// update only, see [`super::projected::has_non_local_projected_token_path`]).
    pub allow_non_local_projected_token_path: bool,
}

impl Default for PodValidationOptions {
    fn default() -> Self {
        PodValidationOptions {
            allow_relaxed_environment_variable_validation: true,
            allow_invalid_pod_deletion_cost: false,
            host_users: true,
            allow_namespaced_sysctls_for_host_net_and_host_ipc: false,
            allow_only_recursive_selinux_change_policy: true,
            volume_attributes_class: true,
            allow_relaxed_dns_search_validation: true,
            allow_pod_lifecycle_sleep_action_zero_value: true,
            allow_sidecar_resize_policy: true,
            pod_level_resources_enabled: true,
            allow_invalid_label_value_in_selector: false,
            allow_invalid_label_value_in_required_node_affinity: false,
            allow_invalid_topology_spread_constraint_label_selector: false,
            allow_indivisible_huge_pages_values: false,
            allow_non_local_projected_token_path: false,
        }
    }
}

/// A view of the fields shared by `Container` and `EphemeralContainer`:
/// what container validation and the option derivations of a pod spec
/// read, whichever of the three lists a container is in (see
/// [`super::visit_containers::all_containers`]).
#[derive(Clone, Copy)]
pub(crate) struct Common<'c> {
    pub(crate) name: &'c str,
    pub(crate) image: &'c str,
    pub(crate) ports: &'c [ContainerPort],
    pub(crate) env: &'c [EnvVar],
    pub(crate) env_from: &'c [EnvFromSource],
    pub(crate) resources: &'c ResourceRequirements,
    pub(crate) resize_policy: &'c [ContainerResizePolicy],
    pub(crate) volume_mounts: &'c [VolumeMount],
    pub(crate) volume_devices: &'c [VolumeDevice],
    pub(crate) termination_message_policy: &'c str,
    pub(crate) image_pull_policy: &'c str,
    pub(crate) security_context: Option<&'c SecurityContext>,
    pub(crate) lifecycle: Option<&'c Lifecycle>,
}

impl<'c> From<&'c Container> for Common<'c> {
    fn from(c: &'c Container) -> Self {
        Common {
            name: &c.name,
            image: &c.image,
            ports: &c.ports,
            env: &c.env,
            env_from: &c.env_from,
            resources: &c.resources,
            resize_policy: &c.resize_policy,
            volume_mounts: &c.volume_mounts,
            volume_devices: &c.volume_devices,
            termination_message_policy: &c.termination_message_policy,
            image_pull_policy: &c.image_pull_policy,
            security_context: c.security_context.as_ref(),
            lifecycle: c.lifecycle.as_ref(),
        }
    }
}

impl<'c> From<&'c EphemeralContainer> for Common<'c> {
    fn from(c: &'c EphemeralContainer) -> Self {
        Common {
            name: &c.name,
            image: &c.image,
            ports: &c.ports,
            env: &c.env,
            env_from: &c.env_from,
            resources: &c.resources,
            resize_policy: &c.resize_policy,
            volume_mounts: &c.volume_mounts,
            volume_devices: &c.volume_devices,
            termination_message_policy: &c.termination_message_policy,
            image_pull_policy: &c.image_pull_policy,
            security_context: c.security_context.as_ref(),
            lifecycle: c.lifecycle.as_ref(),
        }
    }
}

const PROTOCOLS: &[&str] = &["SCTP", "TCP", "UDP"];

/// `validateContainerPorts`.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::ContainerPort;
/// use handwritten::core::v1::container::validate_container_ports;
/// let p = ContainerPort { container_port: 0, ..Default::default() };
/// let errs = validate_container_ports(&[p], &Path::new("ports"));
/// assert_eq!(errs[0].to_string(), "ports[0].containerPort: Required value");
/// assert_eq!(errs[1].to_string(), "ports[0].protocol: Required value");
/// ```
pub fn validate_container_ports(ports: &[ContainerPort], path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut names = BTreeSet::new();
    for (i, port) in ports.iter().enumerate() {
        let idx = path.index(i);
        if !port.name.is_empty() {
            let msgs = is_valid_port_name(&port.name);
            if !msgs.is_empty() {
                for msg in msgs {
                    errs.push(Error::invalid(&idx.child("name"), port.name.as_str(), msg));
                }
            } else if !names.insert(port.name.as_str()) {
                errs.push(Error::duplicate(&idx.child("name"), port.name.as_str()));
            }
        }
        let container_port = idx.child("containerPort");
        if port.container_port == 0 {
            errs.push(Error::required(&container_port, ""));
        } else {
            for msg in is_valid_port_num(i64::from(port.container_port)) {
                errs.push(Error::invalid(&container_port, port.container_port, msg));
            }
        }
        if port.host_port != 0 {
            for msg in is_valid_port_num(i64::from(port.host_port)) {
                errs.push(Error::invalid(&idx.child("hostPort"), port.host_port, msg));
            }
        }
        let protocol = idx.child("protocol");
        if port.protocol.is_empty() {
            errs.push(Error::required(&protocol, ""));
        } else if !PROTOCOLS.contains(&port.protocol.as_str()) {
            errs.push(Error::not_supported(
                &protocol,
                port.protocol.as_str(),
                PROTOCOLS,
            ));
        }
    }
    errs
}

/// `ValidateEnv`: names are required and valid (relaxed or strict), and each
/// `valueFrom` has exactly one valid source and no literal value.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::EnvVar;
/// use handwritten::core::v1::container::{validate_env, PodValidationOptions};
/// let e = EnvVar { name: "a=b".into(), ..Default::default() };
/// let errs = validate_env(&[e], &Path::new("env"), PodValidationOptions::default());
/// assert_eq!(errs[0].field, "env[0].name");
/// ```
pub fn validate_env(vars: &[EnvVar], path: &Path<'_>, opts: PodValidationOptions) -> ErrorList {
    let mut errs = ErrorList::new();
    for (i, var) in vars.iter().enumerate() {
        let idx = path.index(i);
        let name = idx.child("name");
        if var.name.is_empty() {
            errs.push(Error::required(&name, ""));
        } else {
            let msgs = if opts.allow_relaxed_environment_variable_validation {
                is_relaxed_env_var_name(&var.name)
            } else {
                is_env_var_name(&var.name)
            };
            for msg in msgs {
                errs.push(Error::invalid(&name, var.name.as_str(), msg));
            }
        }
        errs.extend_from(validate_env_var_value_from(var, &idx.child("valueFrom")));
    }
    errs
}

const ENV_FIELD_PATHS: &[&str] = &[
    "metadata.name",
    "metadata.namespace",
    "metadata.uid",
    "spec.nodeName",
    "spec.serviceAccountName",
    "status.hostIP",
    "status.hostIPs",
    "status.podIP",
    "status.podIPs",
];

const RESOURCE_FIELD_PATHS: &[&str] = &[
    "limits.cpu",
    "limits.ephemeral-storage",
    "limits.memory",
    "requests.cpu",
    "requests.ephemeral-storage",
    "requests.memory",
];

fn validate_env_var_value_from(var: &EnvVar, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let Some(from) = &var.value_from else {
        return errs;
    };
    let mut sources = 0;
    if let Some(field_ref) = &from.field_ref {
        sources += 1;
        errs.extend_from(validate_object_field_selector(
            field_ref,
            ENV_FIELD_PATHS,
            &path.child("fieldRef"),
        ));
    }
    if let Some(resource_ref) = &from.resource_field_ref {
        sources += 1;
        errs.extend_from(validate_resource_field_selector(
            resource_ref,
            &path.child("resourceFieldRef"),
            false,
        ));
    }
    if let Some(selector) = &from.config_map_key_ref {
        sources += 1;
        errs.extend_from(validate_key_selector(
            &selector.name,
            &selector.key,
            &path.child("configMapKeyRef"),
        ));
    }
    if let Some(selector) = &from.secret_key_ref {
        sources += 1;
        errs.extend_from(validate_key_selector(
            &selector.name,
            &selector.key,
            &path.child("secretKeyRef"),
        ));
    }
    if sources == 0 {
        errs.push(Error::invalid(
            path,
            "",
            "must specify one of: `fieldRef`, `resourceFieldRef`, `configMapKeyRef` or `secretKeyRef`",
        ));
    } else if !var.value.is_empty() {
        errs.push(Error::invalid(
            path,
            "",
            "may not be specified when `value` is not empty",
        ));
    } else if sources > 1 {
        errs.push(Error::invalid(
            path,
            "",
            "may not have more than one field specified at a time",
        ));
    }
    errs
}

/// Go's `fieldpath.SplitMaybeSubscriptedPath`: `path['subscript']`.
fn split_subscripted(field_path: &str) -> Option<(&str, &str)> {
    let inner = field_path.strip_suffix("']")?;
    let (path, subscript) = inner.split_once("['")?;
    if path.is_empty() {
        return None;
    }
    Some((path, subscript))
}

/// `podshelper.ConvertDownwardAPIFieldLabel` for `v1`.
fn convert_downward_api_field_label<'a>(version: &str, label: &'a str) -> Result<&'a str, String> {
    if version != "v1" {
        return Err(format!("unsupported pod version: {version}"));
    }
    if let Some((path, _)) = split_subscripted(label) {
        return match path {
            "metadata.annotations" | "metadata.labels" => Ok(label),
            _ => Err(format!("field label does not support subscript: {label}")),
        };
    }
    match label {
        "metadata.annotations"
        | "metadata.labels"
        | "metadata.name"
        | "metadata.namespace"
        | "metadata.uid"
        | "spec.nodeName"
        | "spec.restartPolicy"
        | "spec.serviceAccountName"
        | "spec.schedulerName"
        | "status.phase"
        | "status.hostIP"
        | "status.hostIPs"
        | "status.podIP"
        | "status.podIPs" => Ok(label),
        "spec.host" => Ok("spec.nodeName"),
        _ => Err(format!("field label not supported: {label}")),
    }
}

/// `validateObjectFieldSelector` with the allowed (unsubscripted) field
/// paths `expressions`, sorted.
pub(crate) fn validate_object_field_selector(
    selector: &ObjectFieldSelector,
    expressions: &[&str],
    path: &Path<'_>,
) -> ErrorList {
    if selector.api_version.is_empty() {
        return ErrorList::from(Error::required(&path.child("apiVersion"), ""));
    }
    let field_path = path.child("fieldPath");
    if selector.field_path.is_empty() {
        return ErrorList::from(Error::required(&field_path, ""));
    }
    let internal =
        match convert_downward_api_field_label(&selector.api_version, &selector.field_path) {
            Ok(p) => p,
            Err(e) => {
                return ErrorList::from(Error::invalid(
                    &field_path,
                    selector.field_path.as_str(),
                    format!("error converting fieldPath: {e}"),
                ));
            }
        };
    match split_subscripted(internal) {
        Some(("metadata.annotations", subscript)) => {
            validate_qualified_name(&subscript.to_lowercase(), path)
        }
        Some(("metadata.labels", subscript)) => validate_qualified_name(subscript, path),
        Some((other, _)) => {
            ErrorList::from(Error::invalid(path, other, "does not support subscript"))
        }
        None if !expressions.contains(&internal) => {
            ErrorList::from(Error::not_supported(&field_path, internal, expressions))
        }
        None => ErrorList::new(),
    }
}

/// `validateContainerResourceFieldSelector`; `volume` (a downward API
/// volume file) requires `containerName` first.
pub(crate) fn validate_resource_field_selector(
    selector: &ResourceFieldSelector,
    path: &Path<'_>,
    volume: bool,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let resource = &selector.resource;
    if volume && selector.container_name.is_empty() {
        errs.push(Error::required(&path.child("containerName"), ""));
    } else if resource.is_empty() {
        errs.push(Error::required(&path.child("resource"), ""));
    } else if !RESOURCE_FIELD_PATHS.contains(&resource.as_str())
        && !resource.starts_with("requests.hugepages-")
        && !resource.starts_with("limits.hugepages-")
    {
        errs.push(Error::not_supported(
            &path.child("resource"),
            resource.as_str(),
            RESOURCE_FIELD_PATHS,
        ));
    }
    errs.extend_from(validate_resource_divisor(
        resource,
        selector.divisor.as_deref(),
        path,
    ));
    errs
}

const MEMORY_DIVISORS: &[&str] = &[
    "1", "1k", "1M", "1G", "1T", "1P", "1E", "1Ki", "1Mi", "1Gi", "1Ti", "1Pi", "1Ei",
];

fn validate_resource_divisor(resource: &str, divisor: Option<&str>, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let Some(divisor) = divisor.and_then(|d| super::quantity::parse_quantity(d).ok()) else {
        return errs;
    };
    if divisor.is_zero() {
        return errs;
    }
    let text = divisor.to_string();
    let divisor_path = path.child("divisor");
    let invalid = |detail: &'static str| Error::invalid(&divisor_path, resource, detail);
    match resource {
        "limits.cpu" | "requests.cpu" if !["1m", "1"].contains(&text.as_str()) => errs.push(invalid(
            "only divisor's values 1m and 1 are supported with the cpu resource",
        )),
        "limits.memory" | "requests.memory" if !MEMORY_DIVISORS.contains(&text.as_str()) => {
            errs.push(invalid("only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the memory resource"))
        }
        "limits.ephemeral-storage" | "requests.ephemeral-storage"
            if !MEMORY_DIVISORS.contains(&text.as_str()) =>
        {
            errs.push(invalid("only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the local ephemeral storage resource"))
        }
        _ => {}
    }
    if (resource.starts_with("requests.hugepages-") || resource.starts_with("limits.hugepages-"))
        && !MEMORY_DIVISORS.contains(&text.as_str())
    {
        errs.push(invalid("only divisor's values 1, 1k, 1M, 1G, 1T, 1P, 1E, 1Ki, 1Mi, 1Gi, 1Ti, 1Pi, 1Ei are supported with the hugepages resource"));
    }
    errs
}

/// `validateConfigMapKeySelector` / `validateSecretKeySelector` (identical checks).
fn validate_key_selector(name: &str, key: &str, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    for msg in name_is_dns_subdomain(name, false) {
        errs.push(Error::invalid(&path.child("name"), name, msg));
    }
    let key_path = path.child("key");
    if key.is_empty() {
        errs.push(Error::required(&key_path, ""));
    } else {
        for msg in is_config_map_key(key) {
            errs.push(Error::invalid(&key_path, key, msg));
        }
    }
    errs
}

/// `ValidateVolumeMounts` for the modelled fields; `devices` is the
/// container's `GetVolumeDeviceMap`, `security_context` the container's
/// (whose `privileged` bidirectional propagation needs). Kubernetes reports
/// the `subPath`, `subPathExpr`, `mountPropagation` and `recursiveReadOnly`
/// checks at the list's path, not the item's.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::VolumeMount;
/// use handwritten::core::v1::container::validate_volume_mounts;
/// let m = VolumeMount { name: "missing".into(), mount_path: "/d".into(), ..Default::default() };
/// let errs = validate_volume_mounts(&[m], &Default::default(), &Default::default(), None, &Path::new("volumeMounts"));
/// assert_eq!(errs[0].to_string(), r#"volumeMounts[0].name: Not found: "missing""#);
/// ```
pub fn validate_volume_mounts(
    mounts: &[VolumeMount],
    devices: &BTreeMap<&str, &str>,
    volumes: &VolumesByName<'_>,
    security_context: Option<&SecurityContext>,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut mount_points = BTreeSet::new();
    for (i, mount) in mounts.iter().enumerate() {
        let idx = path.index(i);
        let name = idx.child("name");
        if mount.name.is_empty() {
            errs.push(Error::required(&name, ""));
        }
        if !volumes.contains_key(mount.name.as_str()) {
            errs.push(Error::not_found(&name, mount.name.as_str()));
        }
        let mount_path = idx.child("mountPath");
        if mount.mount_path.is_empty() {
            errs.push(Error::required(&mount_path, ""));
        }
        if !mount_points.insert(mount.mount_path.as_str()) {
            errs.push(Error::invalid(
                &mount_path,
                mount.mount_path.as_str(),
                "must be unique",
            ));
        }
        errs.extend_from(mount_device_overlap(mount, devices, &idx));
        if volumes
            .get(mount.name.as_str())
            .is_some_and(|v| v.image.is_some())
        {
            errs.extend_from(validate_image_mount_sub_path(&mount.sub_path, &idx));
            if !mount.sub_path_expr.is_empty() {
                errs.push(Error::invalid(
                    &idx.child("subPathExpr"),
                    mount.sub_path_expr.as_str(),
                    SUB_PATH_NOT_ALLOWED,
                ));
            }
        }
        if !mount.sub_path.is_empty() {
            errs.extend_from(validate_local_descending_path(
                &mount.sub_path,
                &path.child("subPath"),
            ));
        }
        if !mount.sub_path_expr.is_empty() {
            if !mount.sub_path.is_empty() {
                errs.push(Error::invalid(
                    &idx.child("subPathExpr"),
                    mount.sub_path_expr.as_str(),
                    "subPathExpr and subPath are mutually exclusive",
                ));
            }
            errs.extend_from(validate_local_descending_path(
                &mount.sub_path_expr,
                &path.child("subPathExpr"),
            ));
        }
        if let Some(propagation) = &mount.mount_propagation {
            errs.extend_from(validate_mount_propagation(
                propagation,
                security_context,
                &path.child("mountPropagation"),
            ));
        }
        errs.extend_from(validate_mount_recursive_read_only(
            mount,
            &path.child("recursiveReadOnly"),
        ));
    }
    errs
}

const PULL_POLICIES: &[&str] = &["Always", "IfNotPresent", "Never"];

/// `validatePullPolicy`: `Always`, `IfNotPresent` or `Never`; empty is `Required`.
pub(crate) fn validate_pull_policy(policy: &str, path: &Path<'_>) -> ErrorList {
    match policy {
        "Always" | "IfNotPresent" | "Never" => ErrorList::new(),
        "" => ErrorList::from(Error::required(path, "")),
        other => ErrorList::from(Error::not_supported(path, other, PULL_POLICIES)),
    }
}

fn validate_container_common(
    c: &Common<'_>,
    volumes: &VolumesByName<'_>,
    pod_restart_policy: &str,
    path: &Path<'_>,
    opts: PodValidationOptions,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let name = path.child("name");
    if c.name.is_empty() {
        errs.push(Error::required(&name, ""));
    } else {
        errs.extend_from(validate_dns1123_label(c.name, &name));
    }
    if c.image.is_empty() {
        errs.push(Error::required(&path.child("image"), ""));
    }
    let policy = path.child("terminationMessagePolicy");
    match c.termination_message_policy {
        "File" | "FallbackToLogsOnError" => {}
        "" => errs.push(Error::required(&policy, "")),
        other => errs.push(Error::not_supported(
            &policy,
            other,
            &["File", "FallbackToLogsOnError"],
        )),
    }
    errs.extend_from(validate_container_ports(c.ports, &path.child("ports")));
    errs.extend_from(validate_env(c.env, &path.child("env"), opts));
    errs.extend_from(validate_env_from(c.env_from, &path.child("envFrom"), opts));
    errs.extend_from(validate_volume_mounts(
        c.volume_mounts,
        &volume_device_map(c.volume_devices),
        volumes,
        c.security_context,
        &path.child("volumeMounts"),
    ));
    errs.extend_from(validate_volume_devices(
        c.volume_devices,
        &volume_mount_map(c.volume_mounts),
        volumes,
        &path.child("volumeDevices"),
    ));
    errs.extend_from(validate_pull_policy(
        c.image_pull_policy,
        &path.child("imagePullPolicy"),
    ));
    errs.extend_from(validate_container_resource_requirements(
        c.resources,
        opts.allow_indivisible_huge_pages_values,
        &path.child("resources"),
    ));
    errs.extend_from(validate_resize_policy(
        c.resize_policy,
        &path.child("resizePolicy"),
        pod_restart_policy,
    ));
    errs.extend_from(validate_security_context(
        c.security_context,
        &path.child("securityContext"),
        opts.host_users,
    ));
    errs
}

/// `AccumulateUniqueHostPorts` over `containers`, reported under `path`.
fn check_host_port_conflicts<'c>(
    containers: impl Iterator<Item = &'c Container>,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut seen = BTreeSet::new();
    for (ci, container) in containers.enumerate() {
        let idx = path.index(ci);
        let ports = idx.child("ports");
        for (pi, port) in container.ports.iter().enumerate() {
            if port.host_port == 0 {
                continue;
            }
            let key = format!("{}/{}/{}", port.protocol, port.host_ip, port.host_port);
            if seen.contains(&key) {
                let port_path = ports.index(pi);
                errs.push(Error::duplicate(&port_path.child("hostPort"), key));
            } else {
                seen.insert(key);
            }
        }
    }
    errs
}

/// `validateContainers`: at least one, each valid, names unique, valid
/// lifecycle hooks and probes (`grace_period`: the pod's
/// `terminationGracePeriodSeconds`, which bounds a sleep hook), no
/// `restartPolicy`, host ports unique across the list.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::core::v1::container::validate_containers;
/// let errs = validate_containers(&[], &Default::default(), Some(30), "Always", &Path::new("containers"), Default::default());
/// assert_eq!(errs[0].to_string(), "containers: Required value");
/// ```
pub fn validate_containers(
    containers: &[Container],
    volumes: &VolumesByName<'_>,
    grace_period: Option<i64>,
    pod_restart_policy: &str,
    path: &Path<'_>,
    opts: PodValidationOptions,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if containers.is_empty() {
        errs.push(Error::required(path, ""));
        return errs;
    }
    let mut names = BTreeSet::new();
    for (i, container) in containers.iter().enumerate() {
        let idx = path.index(i);
        errs.extend_from(validate_container_common(
            &Common::from(container),
            volumes,
            pod_restart_policy,
            &idx,
            opts,
        ));
        if !names.insert(container.name.as_str()) {
            errs.push(Error::duplicate(
                &idx.child("name"),
                container.name.as_str(),
            ));
        }
        errs.extend_from(validate_hooks_and_probes(
            container,
            grace_period,
            &idx,
            opts,
        ));
        if container.restart_policy.is_some() {
            errs.push(Error::forbidden(
                &idx.child("restartPolicy"),
                "may not be set for non-init containers",
            ));
        }
    }
    errs.extend_from(check_host_port_conflicts(containers.iter(), path));
    errs
}

/// `validateInitContainers`: each valid, `restartPolicy` only `Always`,
/// names unique across init and regular containers, host ports unique
/// within each init container; lifecycle hooks and probes validated for a
/// restartable (`Always`) init container, forbidden for the others.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::Container;
/// use handwritten::core::v1::container::validate_init_containers;
/// let c = Container { name: "init".into(), image: "busybox".into(), restart_policy: Some("Never".into()),
///     termination_message_policy: "File".into(), image_pull_policy: "Always".into(), ..Default::default() };
/// let errs = validate_init_containers(&[c], &[], &Default::default(), Some(30), "Always", &Path::new("initContainers"), Default::default());
/// assert_eq!(errs[0].field, "initContainers[0].restartPolicy");
/// ```
pub fn validate_init_containers(
    containers: &[Container],
    regular: &[Container],
    volumes: &VolumesByName<'_>,
    grace_period: Option<i64>,
    pod_restart_policy: &str,
    path: &Path<'_>,
    opts: PodValidationOptions,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut names: BTreeSet<&str> = regular.iter().map(|c| c.name.as_str()).collect();
    for (i, container) in containers.iter().enumerate() {
        let idx = path.index(i);
        errs.extend_from(validate_container_common(
            &Common::from(container),
            volumes,
            pod_restart_policy,
            &idx,
            opts,
        ));
        if let Some(policy) = &container.restart_policy
            && policy != "Always"
        {
            errs.push(Error::not_supported(
                &idx.child("restartPolicy"),
                policy.as_str(),
                &["Always"],
            ));
        }
        if names.contains(container.name.as_str()) {
            errs.push(Error::duplicate(
                &idx.child("name"),
                container.name.as_str(),
            ));
        } else if !container.name.is_empty() {
            names.insert(container.name.as_str());
        }
        // Kubernetes checks each init container on its own, as the first of a list.
        errs.extend_from(check_host_port_conflicts(std::iter::once(container), path));
        if container.restart_policy.as_deref() == Some("Always") {
            errs.extend_from(validate_hooks_and_probes(
                container,
                grace_period,
                &idx,
                opts,
            ));
        } else {
            const NOT_RESTARTABLE: &str =
                "may not be set for init containers without restartPolicy=Always";
            for (name, set) in [
                ("lifecycle", container.lifecycle.is_some()),
                ("livenessProbe", container.liveness_probe.is_some()),
                ("readinessProbe", container.readiness_probe.is_some()),
                ("startupProbe", container.startup_probe.is_some()),
            ] {
                if set {
                    errs.push(Error::forbidden(&idx.child(name), NOT_RESTARTABLE));
                }
            }
        }
        if !opts.allow_sidecar_resize_policy && !container.resize_policy.is_empty() {
            errs.push(Error::invalid(
                &idx.child("resizePolicy"),
                resize_policy_value(&container.resize_policy),
                "must not be set for init containers",
            ));
        }
    }
    errs
}

/// The lifecycle hooks and the three probes of a regular or restartable
/// init container (`validateLifecycle`, `validateLivenessProbe`,
/// `validateReadinessProbe`, `validateStartupProbe`).
fn validate_hooks_and_probes(
    container: &Container,
    grace_period: Option<i64>,
    idx: &Path<'_>,
    opts: PodValidationOptions,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(lifecycle) = &container.lifecycle {
        errs.extend_from(validate_lifecycle(
            lifecycle,
            grace_period,
            &idx.child("lifecycle"),
            opts,
        ));
    }
    errs.extend_from(validate_liveness_probe(
        container.liveness_probe.as_ref(),
        grace_period,
        &idx.child("livenessProbe"),
        opts,
    ));
    errs.extend_from(validate_readiness_probe(
        container.readiness_probe.as_ref(),
        grace_period,
        &idx.child("readinessProbe"),
        opts,
    ));
    // `validateStartupProbe` has the liveness probe's checks.
    errs.extend_from(validate_liveness_probe(
        container.startup_probe.as_ref(),
        grace_period,
        &idx.child("startupProbe"),
        opts,
    ));
    errs
}

/// `validateEphemeralContainers`: each valid, names unique across all
/// containers, the target container exists, and ports, resources,
/// restartPolicy and volume-mount subPaths are forbidden.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::EphemeralContainer;
/// use handwritten::core::v1::container::validate_ephemeral_containers;
/// let c = EphemeralContainer { name: "debug".into(), image: "busybox".into(), target_container_name: "nope".into(),
///     termination_message_policy: "File".into(), image_pull_policy: "Always".into(), ..Default::default() };
/// let errs = validate_ephemeral_containers(&[c], &[], &[], &Default::default(), "Always", &Path::new("ephemeralContainers"), Default::default());
/// assert_eq!(errs[0].to_string(), r#"ephemeralContainers[0].targetContainerName: Not found: "nope""#);
/// ```
pub fn validate_ephemeral_containers(
    containers: &[EphemeralContainer],
    regular: &[Container],
    init: &[Container],
    volumes: &VolumesByName<'_>,
    pod_restart_policy: &str,
    path: &Path<'_>,
    opts: PodValidationOptions,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if containers.is_empty() {
        return errs;
    }
    let others: BTreeSet<&str> = regular
        .iter()
        .chain(init.iter())
        .map(|c| c.name.as_str())
        .collect();
    let mut all = others.clone();
    for (i, container) in containers.iter().enumerate() {
        let idx = path.index(i);
        errs.extend_from(validate_container_common(
            &Common::from(container),
            volumes,
            pod_restart_policy,
            &idx,
            opts,
        ));
        if container.image.len() != container.image.trim().len() {
            errs.push(Error::invalid(
                &idx.child("image"),
                container.image.as_str(),
                "must not have leading or trailing whitespace",
            ));
        }
        if !all.insert(container.name.as_str()) {
            errs.push(Error::duplicate(
                &idx.child("name"),
                container.name.as_str(),
            ));
        }
        if !container.target_container_name.is_empty()
            && !others.contains(container.target_container_name.as_str())
        {
            errs.push(Error::not_found(
                &idx.child("targetContainerName"),
                container.target_container_name.as_str(),
            ));
        }
        // `validateFieldAllowList`, in the order of the container's fields.
        const FORBIDDEN: &str = "cannot be set for an Ephemeral Container";
        for (name, set) in [
            ("ports", !container.ports.is_empty()),
            ("resources", !container.resources.is_empty()),
            ("resizePolicy", !container.resize_policy.is_empty()),
            ("restartPolicy", container.restart_policy.is_some()),
            ("livenessProbe", container.liveness_probe.is_some()),
            ("readinessProbe", container.readiness_probe.is_some()),
            ("startupProbe", container.startup_probe.is_some()),
            ("lifecycle", container.lifecycle.is_some()),
        ] {
            if set {
                errs.push(Error::forbidden(&idx.child(name), FORBIDDEN));
            }
        }
        let mounts = idx.child("volumeMounts");
        for (j, mount) in container.volume_mounts.iter().enumerate() {
            let m = mounts.index(j);
            if !mount.sub_path.is_empty() {
                errs.push(Error::forbidden(&m.child("subPath"), FORBIDDEN));
            }
            if !mount.sub_path_expr.is_empty() {
                errs.push(Error::forbidden(&m.child("subPathExpr"), FORBIDDEN));
            }
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorType;

    fn container(name: &str) -> Container {
        Container {
            name: name.into(),
            image: "img".into(),
            termination_message_policy: "File".into(),
            image_pull_policy: "IfNotPresent".into(),
            ..Container::default()
        }
    }

    fn summary(errs: &ErrorList) -> Vec<(ErrorType, String)> {
        errs.iter()
            .map(|e| (e.error_type, e.field.clone()))
            .collect()
    }

    #[test]
    fn valid_container_passes() {
        let errs = validate_containers(
            &[container("a")],
            &VolumesByName::new(),
            Some(30),
            "Always",
            &Path::new("c"),
            PodValidationOptions::default(),
        );
        assert!(errs.is_empty(), "{errs}");
    }

    #[test]
    fn required_fields_and_duplicates() {
        let empty = Container::default();
        let errs = validate_containers(
            &[empty, container("a"), container("a")],
            &VolumesByName::new(),
            Some(30),
            "Always",
            &Path::new("c"),
            PodValidationOptions::default(),
        );
        assert_eq!(
            summary(&errs),
            [
                (ErrorType::Required, "c[0].name".into()),
                (ErrorType::Required, "c[0].image".into()),
                (ErrorType::Required, "c[0].terminationMessagePolicy".into()),
                (ErrorType::Required, "c[0].imagePullPolicy".into()),
                (ErrorType::Duplicate, "c[2].name".into()),
            ]
        );
    }

    #[test]
    fn host_port_conflicts() {
        let mut a = container("a");
        a.ports = vec![ContainerPort {
            container_port: 80,
            host_port: 8080,
            protocol: "TCP".into(),
            ..ContainerPort::default()
        }];
        let b = Container {
            name: "b".into(),
            ..a.clone()
        };
        let errs = validate_containers(
            &[a, b],
            &VolumesByName::new(),
            Some(30),
            "Always",
            &Path::new("c"),
            PodValidationOptions::default(),
        );
        assert_eq!(
            summary(&errs),
            [(ErrorType::Duplicate, "c[1].ports[0].hostPort".into())]
        );
    }

    #[test]
    fn env_value_from_rules() {
        let vars: Vec<EnvVar> = serde_json::from_str(
            r#"[{"name":"A","valueFrom":{}},
                {"name":"B","value":"x","valueFrom":{"secretKeyRef":{"name":"s","key":"k"}}},
                {"name":"C","valueFrom":{"fieldRef":{"apiVersion":"v1","fieldPath":"spec.nodeName"}}},
                {"name":"D","valueFrom":{"fieldRef":{"apiVersion":"v1","fieldPath":"status.phase"}}},
                {"name":"E","valueFrom":{"resourceFieldRef":{"resource":"limits.cpu","divisor":"2"}}}]"#,
        )
        .unwrap();
        let errs = validate_env(&vars, &Path::new("env"), PodValidationOptions::default());
        assert_eq!(
            summary(&errs),
            [
                (ErrorType::Invalid, "env[0].valueFrom".into()),
                (ErrorType::Invalid, "env[1].valueFrom".into()),
                (
                    ErrorType::NotSupported,
                    "env[3].valueFrom.fieldRef.fieldPath".into()
                ),
                (
                    ErrorType::Invalid,
                    "env[4].valueFrom.resourceFieldRef.divisor".into()
                ),
            ]
        );
    }

    #[test]
    fn strict_env_names_when_relaxed_is_off() {
        let vars = vec![EnvVar {
            name: "1A".into(),
            ..EnvVar::default()
        }];
        let opts = PodValidationOptions {
            allow_relaxed_environment_variable_validation: false,
            ..PodValidationOptions::default()
        };
        assert_eq!(validate_env(&vars, &Path::new("e"), opts).len(), 1);
        assert!(validate_env(&vars, &Path::new("e"), PodValidationOptions::default()).is_empty());
    }

    #[test]
    fn sub_path_error_uses_list_path() {
        let volume: Volume = serde_json::from_str(r#"{"name":"v","emptyDir":{}}"#).unwrap();
        let volumes = VolumesByName::from([("v", &volume)]);
        let m = VolumeMount {
            name: "v".into(),
            mount_path: "/d".into(),
            sub_path: "../x".into(),
            ..VolumeMount::default()
        };
        let errs = validate_volume_mounts(&[m], &BTreeMap::new(), &volumes, None, &Path::new("vm"));
        assert_eq!(summary(&errs), [(ErrorType::Invalid, "vm.subPath".into())]);
    }

    #[test]
    fn image_volume_mounts_may_not_set_sub_path() {
        let volume: Volume =
            serde_json::from_str(r#"{"name":"v","image":{"reference":"r","pullPolicy":"Always"}}"#)
                .unwrap();
        let volumes = VolumesByName::from([("v", &volume)]);
        let m = VolumeMount {
            name: "v".into(),
            mount_path: "/d".into(),
            sub_path: "x".into(),
            ..VolumeMount::default()
        };
        let errs = validate_volume_mounts(
            std::slice::from_ref(&m),
            &BTreeMap::new(),
            &volumes,
            None,
            &Path::new("vm"),
        );
        assert_eq!(
            summary(&errs),
            [(ErrorType::Invalid, "vm[0].subPath".into())]
        );
        let plain = VolumeMount {
            sub_path: String::new(),
            ..m
        };
        assert!(
            validate_volume_mounts(&[plain], &BTreeMap::new(), &volumes, None, &Path::new("vm"))
                .is_empty()
        );
    }
}
