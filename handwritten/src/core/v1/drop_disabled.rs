//! Gate-off field dropping of a pod template before validation: a port of
//! `dropDisabledFields` (reached through `DropDisabledTemplateFields` from
//! the RC strategy's `PrepareForCreate` / `PrepareForUpdate`; newest stored
//! `pkg/api/pod/util.go`: the 63 150-character version, store id 82367483,
//! the only stored one with `dropDisabledPodLevelResources`; the store lists
//! kubernetes/kubernetes@b917be64 for the path but shows no commit for this
//! text), for every field the RC template types carry. Each drop runs when its gate is off and the stored template (none
//! on create) does not already use the field, in Kubernetes' order:
//!
//! 1. `UserNamespacesSupport`: `hostUsers` (in use: set).
//! 2. `SupplementalGroupsPolicy`: `securityContext.supplementalGroupsPolicy`
//!    (in use: set).
//! 3. `PodLevelResources`: `resources` (in use: pod-level requests or limits
//!    not empty, `podLevelResourcesInUse`).
//! 4. `ProcMountType`: a set `securityContext.procMount` of any container,
//!    init or ephemeral container is reset to `Default`, not cleared (in use:
//!    a container of any list has a non-default one, `procMountInUse`).
//! 5. `NodeInclusionPolicyInPodTopologySpread`: the topology spread
//!    constraints' `nodeTaintsPolicy` and `nodeAffinityPolicy`, each with its
//!    own in-use check.
//! 6. `MatchLabelKeysInPodTopologySpread`: the topology spread constraints'
//!    `matchLabelKeys`.
//! 7. `MatchLabelKeysInPodAffinity`: `matchLabelKeys` and `mismatchLabelKeys`
//!    of every required and preferred pod (anti-)affinity term (in use: any
//!    term has either).
//! 8. `DynamicResourceAllocation`: every container's, init and ephemeral
//!    container's `resources.claims` and the pod's `resourceClaims` (in use:
//!    the stored template has `resourceClaims`).
//! 9. `ClusterTrustBundleProjection`: the `clusterTrustBundle` sources of
//!    projected volumes.
//! 10. `InPlacePodVerticalScaling`: `resizePolicy` of every container, init
//!     and ephemeral container (in use: a container or init container, not
//!     an ephemeral one, has one).
//! 11. `SidecarContainers`: the init containers' `restartPolicy` (in use: an
//!     init container has `restartPolicy: Always`).
//! 12. `ContainerRestartRules`: an init container's `restartPolicy` other than
//!     `Always`, and every regular and ephemeral container's `restartPolicy`
//!     (in use: such an init container policy, or a regular container's
//!     policy).
//! 13. `RecursiveReadOnlyMounts`: `recursiveReadOnly` of every volume mount
//!     of every container, init and ephemeral container.
//! 14. `HostnameOverride`: `hostnameOverride`.
//! 15. `PodLifecycleSleepAction`: the `sleep` action of `preStop` and
//!     `postStart` hooks (a hook left with no action is removed, and a
//!     `lifecycle` left with no hook and no `stopSignal`).
//! 16. `ImageVolume`: image volumes, and every volume mount naming one.
//! 17. `SELinuxChangePolicy`: `securityContext.seLinuxChangePolicy`.
//! 18. `ContainerStopSignals`: `lifecycle.stopSignal` (a `lifecycle` left
//!     empty is removed).
//!
//! Not ported, because the mirror types lack the field (a case that sets
//! one is reported as an unknown key): the `podCertificate` projection
//! (`PodCertificateRequest`), `workloadRef` (`GenericWorkload`), an env
//! var's `fileKeyRef` (`EnvFiles`) and `restartPolicyRules`
//! (`ContainerRestartRules` drops them with `restartPolicy`).

use super::replication_controller::{POD_LEVEL_RESOURCES_OPTION, SIDECAR_RESIZE_POLICY_OPTION};
use super::visit_containers::{ContainerList, all_containers};
use declarative::api::core::v1::{
    Lifecycle, LifecycleHandler, PodAffinityTerm, PodSpec, VolumeMount,
};
use std::collections::BTreeSet;

/// `UserNamespacesSupport`: off, `hostUsers` is dropped.
pub const USER_NAMESPACES_SUPPORT: &str = "UserNamespacesSupport";
/// `SupplementalGroupsPolicy`: off, `securityContext.supplementalGroupsPolicy`
/// is dropped.
pub const SUPPLEMENTAL_GROUPS_POLICY: &str = "SupplementalGroupsPolicy";
/// `ProcMountType`: off, a container's `procMount` is reset to `Default`.
pub const PROC_MOUNT_TYPE: &str = "ProcMountType";
/// `NodeInclusionPolicyInPodTopologySpread`: off, the topology spread
/// constraints' `nodeTaintsPolicy` and `nodeAffinityPolicy` are dropped.
pub const NODE_INCLUSION_POLICY_IN_POD_TOPOLOGY_SPREAD: &str =
    "NodeInclusionPolicyInPodTopologySpread";
/// `MatchLabelKeysInPodTopologySpread`: off, the topology spread
/// constraints' `matchLabelKeys` are dropped.
pub const MATCH_LABEL_KEYS_IN_POD_TOPOLOGY_SPREAD: &str = "MatchLabelKeysInPodTopologySpread";
/// `MatchLabelKeysInPodAffinity`: off, the pod (anti-)affinity terms'
/// `matchLabelKeys` and `mismatchLabelKeys` are dropped.
pub const MATCH_LABEL_KEYS_IN_POD_AFFINITY: &str = "MatchLabelKeysInPodAffinity";
/// `DynamicResourceAllocation`: off, `resourceClaims` and the containers'
/// `resources.claims` are dropped.
pub const DYNAMIC_RESOURCE_ALLOCATION: &str = "DynamicResourceAllocation";
/// `ClusterTrustBundleProjection`: off, `clusterTrustBundle` projections are
/// dropped.
pub const CLUSTER_TRUST_BUNDLE_PROJECTION: &str = "ClusterTrustBundleProjection";
/// `SidecarContainers`: off, the init containers' `restartPolicy` is dropped.
/// Known to 1.35 only (GA and locked on there).
pub const SIDECAR_CONTAINERS: &str = "SidecarContainers";
/// `ContainerRestartRules`: off, container restart policies other than an
/// init container's `Always` are dropped.
pub const CONTAINER_RESTART_RULES: &str = "ContainerRestartRules";
/// `RecursiveReadOnlyMounts`: off, the volume mounts' `recursiveReadOnly` is
/// dropped.
pub const RECURSIVE_READ_ONLY_MOUNTS: &str = "RecursiveReadOnlyMounts";
/// `HostnameOverride`: off, `hostnameOverride` is dropped.
pub const HOSTNAME_OVERRIDE: &str = "HostnameOverride";
/// `PodLifecycleSleepAction`: off, the hooks' `sleep` action is dropped.
/// Known to 1.35 and 1.36 only (GA and locked on there).
pub const POD_LIFECYCLE_SLEEP_ACTION: &str = "PodLifecycleSleepAction";
/// `ImageVolume`: off, image volumes and their mounts are dropped.
pub const IMAGE_VOLUME: &str = "ImageVolume";
/// `SELinuxChangePolicy`: off, `securityContext.seLinuxChangePolicy` is
/// dropped.
pub const SE_LINUX_CHANGE_POLICY: &str = "SELinuxChangePolicy";
/// `ContainerStopSignals`: off, `lifecycle.stopSignal` is dropped.
pub const CONTAINER_STOP_SIGNALS: &str = "ContainerStopSignals";

/// Which of the gates `dropDisabledFields` reads are on (one field per
/// gate, named after it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DropGates {
    /// `UserNamespacesSupport`.
    pub user_namespaces_support: bool,
    /// `SupplementalGroupsPolicy`.
    pub supplemental_groups_policy: bool,
    /// `PodLevelResources`.
    pub pod_level_resources: bool,
    /// `ProcMountType`.
    pub proc_mount_type: bool,
    /// `NodeInclusionPolicyInPodTopologySpread`.
    pub node_inclusion_policy_in_pod_topology_spread: bool,
    /// `MatchLabelKeysInPodTopologySpread`.
    pub match_label_keys_in_pod_topology_spread: bool,
    /// `MatchLabelKeysInPodAffinity`.
    pub match_label_keys_in_pod_affinity: bool,
    /// `DynamicResourceAllocation`.
    pub dynamic_resource_allocation: bool,
    /// `ClusterTrustBundleProjection`.
    pub cluster_trust_bundle_projection: bool,
    /// `InPlacePodVerticalScaling`.
    pub in_place_pod_vertical_scaling: bool,
    /// `SidecarContainers`.
    pub sidecar_containers: bool,
    /// `ContainerRestartRules`.
    pub container_restart_rules: bool,
    /// `RecursiveReadOnlyMounts`.
    pub recursive_read_only_mounts: bool,
    /// `HostnameOverride`.
    pub hostname_override: bool,
    /// `PodLifecycleSleepAction`.
    pub pod_lifecycle_sleep_action: bool,
    /// `ImageVolume`.
    pub image_volume: bool,
    /// `SELinuxChangePolicy`.
    pub se_linux_change_policy: bool,
    /// `ContainerStopSignals`.
    pub container_stop_signals: bool,
}

impl DropGates {
    /// Every gate on: nothing is dropped.
    pub const ALL_ON: DropGates = DropGates {
        user_namespaces_support: true,
        supplemental_groups_policy: true,
        pod_level_resources: true,
        proc_mount_type: true,
        node_inclusion_policy_in_pod_topology_spread: true,
        match_label_keys_in_pod_topology_spread: true,
        match_label_keys_in_pod_affinity: true,
        dynamic_resource_allocation: true,
        cluster_trust_bundle_projection: true,
        in_place_pod_vertical_scaling: true,
        sidecar_containers: true,
        container_restart_rules: true,
        recursive_read_only_mounts: true,
        hostname_override: true,
        pod_lifecycle_sleep_action: true,
        image_volume: true,
        se_linux_change_policy: true,
        container_stop_signals: true,
    };

    /// The gates as `enabled` reports them, by Kubernetes name.
    ///
    /// ```
    /// use handwritten::core::v1::drop_disabled::DropGates;
    /// let g = DropGates::from_fn(|name| name != "ImageVolume");
    /// assert!(!g.image_volume && g.hostname_override);
    /// ```
    pub fn from_fn(enabled: impl Fn(&str) -> bool) -> DropGates {
        DropGates {
            user_namespaces_support: enabled(USER_NAMESPACES_SUPPORT),
            supplemental_groups_policy: enabled(SUPPLEMENTAL_GROUPS_POLICY),
            pod_level_resources: enabled(POD_LEVEL_RESOURCES_OPTION),
            proc_mount_type: enabled(PROC_MOUNT_TYPE),
            node_inclusion_policy_in_pod_topology_spread: enabled(
                NODE_INCLUSION_POLICY_IN_POD_TOPOLOGY_SPREAD,
            ),
            match_label_keys_in_pod_topology_spread: enabled(
                MATCH_LABEL_KEYS_IN_POD_TOPOLOGY_SPREAD,
            ),
            match_label_keys_in_pod_affinity: enabled(MATCH_LABEL_KEYS_IN_POD_AFFINITY),
            dynamic_resource_allocation: enabled(DYNAMIC_RESOURCE_ALLOCATION),
            cluster_trust_bundle_projection: enabled(CLUSTER_TRUST_BUNDLE_PROJECTION),
            in_place_pod_vertical_scaling: enabled(SIDECAR_RESIZE_POLICY_OPTION),
            sidecar_containers: enabled(SIDECAR_CONTAINERS),
            container_restart_rules: enabled(CONTAINER_RESTART_RULES),
            recursive_read_only_mounts: enabled(RECURSIVE_READ_ONLY_MOUNTS),
            hostname_override: enabled(HOSTNAME_OVERRIDE),
            pod_lifecycle_sleep_action: enabled(POD_LIFECYCLE_SLEEP_ACTION),
            image_volume: enabled(IMAGE_VOLUME),
            se_linux_change_policy: enabled(SE_LINUX_CHANGE_POLICY),
            container_stop_signals: enabled(CONTAINER_STOP_SIGNALS),
        }
    }
}

/// `api.DefaultProcMount`.
const DEFAULT_PROC_MOUNT: &str = "Default";

/// Runs `$body` with `$c` bound to each container, init container and
/// ephemeral container of `$spec`, mutably (the two container types share
/// the touched fields by name).
macro_rules! each_container_mut {
    ($spec:expr, |$c:ident| $body:block) => {
        for $c in $spec
            .init_containers
            .iter_mut()
            .chain($spec.containers.iter_mut())
        {
            $body
        }
        for $c in $spec.ephemeral_containers.iter_mut() {
            $body
        }
    };
}

/// `hostUsersInUse`.
fn host_users_in_use(old: Option<&PodSpec>) -> bool {
    old.is_some_and(|s| s.host_users.is_some())
}

/// `supplementalGroupsPolicyInUse`.
fn supplemental_groups_policy_in_use(old: Option<&PodSpec>) -> bool {
    old.and_then(|s| s.security_context.as_ref())
        .is_some_and(|sc| sc.supplemental_groups_policy.is_some())
}

/// `podLevelResourcesInUse`: pod-level requests or limits are set.
fn pod_level_resources_in_use(spec: Option<&PodSpec>) -> bool {
    spec.and_then(|s| s.resources.as_ref())
        .is_some_and(|r| !r.requests.is_empty() || !r.limits.is_empty())
}

/// `procMountInUse`: a container of any list has a `procMount` other than
/// `Default`.
fn proc_mount_in_use(old: Option<&PodSpec>) -> bool {
    old.is_some_and(|s| {
        all_containers(s).any(|c| {
            c.view
                .security_context
                .and_then(|sc| sc.proc_mount.as_deref())
                .is_some_and(|p| p != DEFAULT_PROC_MOUNT)
        })
    })
}

/// `nodeTaintsPolicyInUse` / `nodeAffinityPolicyInUse`.
fn node_inclusion_policies_in_use(old: Option<&PodSpec>) -> (bool, bool) {
    let constraints = old.map_or(&[][..], |s| &s.topology_spread_constraints[..]);
    (
        constraints.iter().any(|c| c.node_taints_policy.is_some()),
        constraints.iter().any(|c| c.node_affinity_policy.is_some()),
    )
}

/// `matchLabelKeysInTopologySpreadInUse`.
fn match_label_keys_in_topology_spread_in_use(old: Option<&PodSpec>) -> bool {
    old.is_some_and(|s| {
        s.topology_spread_constraints
            .iter()
            .any(|c| !c.match_label_keys.is_empty())
    })
}

/// Every required and preferred pod affinity and anti-affinity term of
/// `spec`.
fn pod_affinity_terms(spec: &PodSpec) -> impl Iterator<Item = &PodAffinityTerm> {
    let affinity = spec.affinity.as_ref();
    let pa = affinity.and_then(|a| a.pod_affinity.as_ref());
    let paa = affinity.and_then(|a| a.pod_anti_affinity.as_ref());
    let required = pa
        .map(|p| &p.required_during_scheduling_ignored_during_execution)
        .into_iter()
        .chain(paa.map(|p| &p.required_during_scheduling_ignored_during_execution))
        .flatten();
    let preferred = pa
        .map(|p| &p.preferred_during_scheduling_ignored_during_execution)
        .into_iter()
        .chain(paa.map(|p| &p.preferred_during_scheduling_ignored_during_execution))
        .flatten()
        .map(|w| &w.pod_affinity_term);
    required.chain(preferred)
}

/// `matchLabelKeysFieldInPodAffinityInUse`.
fn match_label_keys_in_pod_affinity_in_use(old: Option<&PodSpec>) -> bool {
    old.is_some_and(|s| {
        pod_affinity_terms(s)
            .any(|t| !t.match_label_keys.is_empty() || !t.mismatch_label_keys.is_empty())
    })
}

/// `dynamicResourceAllocationInUse`: only the pod-level claims are looked at
/// (a container cannot reference a claim the pod does not declare).
fn dynamic_resource_allocation_in_use(old: Option<&PodSpec>) -> bool {
    old.is_some_and(|s| !s.resource_claims.is_empty())
}

/// `clusterTrustBundleProjectionInUse`.
fn cluster_trust_bundle_projection_in_use(old: Option<&PodSpec>) -> bool {
    old.is_some_and(|s| {
        s.volumes
            .iter()
            .filter_map(|v| v.projected.as_ref())
            .flat_map(|p| &p.sources)
            .any(|src| src.cluster_trust_bundle.is_some())
    })
}

/// `inPlacePodVerticalScalingInUse`: a container or init container (not an
/// ephemeral container) has a `resizePolicy`.
fn in_place_pod_vertical_scaling_in_use(spec: Option<&PodSpec>) -> bool {
    spec.is_some_and(|s| {
        all_containers(s)
            .any(|c| c.list != ContainerList::Ephemeral && !c.view.resize_policy.is_empty())
    })
}

/// `restartableInitContainersInUse`: an init container has
/// `restartPolicy: Always`.
fn restartable_init_containers_in_use(old: Option<&PodSpec>) -> bool {
    old.is_some_and(|s| {
        s.init_containers
            .iter()
            .any(|c| c.restart_policy.as_deref() == Some(ALWAYS))
    })
}

/// `api.ContainerRestartPolicyAlways`.
const ALWAYS: &str = "Always";

/// `containerRestartRulesInUse`: an init container with a restart policy
/// other than `Always`, or a regular container with any (ephemeral
/// containers are not looked at; `restartPolicyRules` is not modelled).
fn container_restart_rules_in_use(old: Option<&PodSpec>) -> bool {
    old.is_some_and(|s| {
        s.init_containers
            .iter()
            .any(|c| c.restart_policy.as_deref().is_some_and(|p| p != ALWAYS))
            || s.containers.iter().any(|c| c.restart_policy.is_some())
    })
}

/// `rroInUse`: a volume mount of any container has `recursiveReadOnly`.
fn rro_in_use(old: Option<&PodSpec>) -> bool {
    old.is_some_and(|s| {
        all_containers(s).any(|c| {
            c.view
                .volume_mounts
                .iter()
                .any(|m| m.recursive_read_only.is_some())
        })
    })
}

/// `setHostnameOverrideInUse`.
fn hostname_override_in_use(old: Option<&PodSpec>) -> bool {
    old.is_some_and(|s| s.hostname_override.is_some())
}

/// `podLifecycleSleepActionInUse`: a `preStop` or `postStart` hook of any
/// container has a `sleep` action.
fn pod_lifecycle_sleep_action_in_use(old: Option<&PodSpec>) -> bool {
    old.is_some_and(|s| {
        all_containers(s)
            .filter_map(|c| c.view.lifecycle)
            .flat_map(|l| [l.pre_stop.as_ref(), l.post_start.as_ref()])
            .flatten()
            .any(|h| h.sleep.is_some())
    })
}

/// `imageVolumesInUse`.
fn image_volumes_in_use(old: Option<&PodSpec>) -> bool {
    old.is_some_and(|s| s.volumes.iter().any(|v| v.image.is_some()))
}

/// `seLinuxChangePolicyInUse`.
fn se_linux_change_policy_in_use(old: Option<&PodSpec>) -> bool {
    old.and_then(|s| s.security_context.as_ref())
        .is_some_and(|sc| sc.se_linux_change_policy.is_some())
}

/// `containerStopSignalsInUse`.
fn container_stop_signals_in_use(old: Option<&PodSpec>) -> bool {
    old.is_some_and(|s| {
        all_containers(s).any(|c| c.view.lifecycle.is_some_and(|l| l.stop_signal.is_some()))
    })
}

/// `dropDisabledMatchLabelKeysFieldInPodAffinity`'s clearing of the terms.
fn clear_match_label_keys(terms: &mut [PodAffinityTerm]) {
    for t in terms {
        t.match_label_keys.clear();
        t.mismatch_label_keys.clear();
    }
}

/// `dropPodLifecycleSleepAction`'s `adjustLifecycle` for one hook: the sleep
/// action cleared, the hook removed when it has no other action.
fn drop_sleep(hook: &mut Option<LifecycleHandler>) {
    if let Some(h) = hook
        && h.sleep.is_some()
    {
        h.sleep = None;
        if h.exec.is_none() && h.http_get.is_none() && h.tcp_socket.is_none() {
            *hook = None;
        }
    }
}

/// `dropPodLifecycleSleepAction` for one container's `lifecycle`.
fn drop_sleep_actions(lifecycle: &mut Option<Lifecycle>) {
    if let Some(l) = lifecycle {
        drop_sleep(&mut l.pre_stop);
        drop_sleep(&mut l.post_start);
        if l.pre_stop.is_none() && l.post_start.is_none() && l.stop_signal.is_none() {
            *lifecycle = None;
        }
    }
}

/// `dropContainerStopSignals`' `wipeLifecycle` for one container.
fn drop_stop_signal(lifecycle: &mut Option<Lifecycle>) {
    if let Some(l) = lifecycle
        && l.stop_signal.is_some()
    {
        l.stop_signal = None;
        if *l == Lifecycle::default() {
            *lifecycle = None;
        }
    }
}

/// `dropImageVolumes`' filter of one container's mounts.
fn drop_image_volume_mounts(mounts: &mut Vec<VolumeMount>, image_volumes: &BTreeSet<String>) {
    mounts.retain(|m| !image_volumes.contains(&m.name));
}

/// `dropDisabledFields(spec, old)`: clears the fields of `spec` whose gate
/// is off, unless `old` (the stored template's spec; `None` on create)
/// already uses them, in Kubernetes' order (module docs).
///
/// ```
/// use declarative::api::core::v1::PodSpec;
/// use handwritten::core::v1::drop_disabled::{DropGates, drop_disabled_pod_spec_fields};
/// let mut spec: PodSpec = serde_json::from_str(r#"{"resources":{"limits":{"cpu":"1"}},"hostUsers":false}"#).unwrap();
/// let off = DropGates { pod_level_resources: false, ..DropGates::ALL_ON };
/// drop_disabled_pod_spec_fields(off, &mut spec, None);
/// assert!(spec.resources.is_none());
/// assert_eq!(spec.host_users, Some(false));
/// ```
pub fn drop_disabled_pod_spec_fields(gates: DropGates, spec: &mut PodSpec, old: Option<&PodSpec>) {
    if !gates.user_namespaces_support && !host_users_in_use(old) {
        spec.host_users = None;
    }
    if !gates.supplemental_groups_policy
        && !supplemental_groups_policy_in_use(old)
        && let Some(sc) = spec.security_context.as_mut()
    {
        sc.supplemental_groups_policy = None;
    }
    if !gates.pod_level_resources && !pod_level_resources_in_use(old) {
        spec.resources = None;
    }
    if !gates.proc_mount_type && !proc_mount_in_use(old) {
        each_container_mut!(spec, |c| {
            if let Some(p) = c
                .security_context
                .as_mut()
                .and_then(|sc| sc.proc_mount.as_mut())
            {
                *p = DEFAULT_PROC_MOUNT.to_string();
            }
        });
    }
    if !gates.node_inclusion_policy_in_pod_topology_spread {
        let (taints, affinity) = node_inclusion_policies_in_use(old);
        for c in &mut spec.topology_spread_constraints {
            if !taints {
                c.node_taints_policy = None;
            }
            if !affinity {
                c.node_affinity_policy = None;
            }
        }
    }
    if !gates.match_label_keys_in_pod_topology_spread
        && !match_label_keys_in_topology_spread_in_use(old)
    {
        for c in &mut spec.topology_spread_constraints {
            c.match_label_keys.clear();
        }
    }
    if !gates.match_label_keys_in_pod_affinity
        && !match_label_keys_in_pod_affinity_in_use(old)
        && let Some(a) = spec.affinity.as_mut()
    {
        if let Some(pa) = a.pod_affinity.as_mut() {
            clear_match_label_keys(&mut pa.required_during_scheduling_ignored_during_execution);
            for w in &mut pa.preferred_during_scheduling_ignored_during_execution {
                clear_match_label_keys(std::slice::from_mut(&mut w.pod_affinity_term));
            }
        }
        if let Some(paa) = a.pod_anti_affinity.as_mut() {
            clear_match_label_keys(&mut paa.required_during_scheduling_ignored_during_execution);
            for w in &mut paa.preferred_during_scheduling_ignored_during_execution {
                clear_match_label_keys(std::slice::from_mut(&mut w.pod_affinity_term));
            }
        }
    }
    if !gates.dynamic_resource_allocation && !dynamic_resource_allocation_in_use(old) {
        each_container_mut!(spec, |c| {
            c.resources.claims = None;
        });
        spec.resource_claims.clear();
    }
    if !gates.cluster_trust_bundle_projection && !cluster_trust_bundle_projection_in_use(old) {
        for p in spec.volumes.iter_mut().filter_map(|v| v.projected.as_mut()) {
            for src in &mut p.sources {
                src.cluster_trust_bundle = None;
            }
        }
    }
    if !gates.in_place_pod_vertical_scaling && !in_place_pod_vertical_scaling_in_use(old) {
        each_container_mut!(spec, |c| {
            c.resize_policy.clear();
        });
    }
    if !gates.sidecar_containers && !restartable_init_containers_in_use(old) {
        for c in &mut spec.init_containers {
            c.restart_policy = None;
        }
    }
    if !gates.container_restart_rules && !container_restart_rules_in_use(old) {
        for c in &mut spec.init_containers {
            if c.restart_policy.as_deref().is_some_and(|p| p != ALWAYS) {
                c.restart_policy = None;
            }
        }
        for c in &mut spec.containers {
            c.restart_policy = None;
        }
        for c in &mut spec.ephemeral_containers {
            c.restart_policy = None;
        }
    }
    if !gates.recursive_read_only_mounts && !rro_in_use(old) {
        each_container_mut!(spec, |c| {
            for m in &mut c.volume_mounts {
                m.recursive_read_only = None;
            }
        });
    }
    if !gates.hostname_override && !hostname_override_in_use(old) {
        spec.hostname_override = None;
    }
    if !gates.pod_lifecycle_sleep_action && !pod_lifecycle_sleep_action_in_use(old) {
        each_container_mut!(spec, |c| {
            drop_sleep_actions(&mut c.lifecycle);
        });
    }
    if !gates.image_volume && !image_volumes_in_use(old) {
        let image_volumes: BTreeSet<String> = spec
            .volumes
            .iter()
            .filter(|v| v.image.is_some())
            .map(|v| v.name.clone())
            .collect();
        spec.volumes.retain(|v| v.image.is_none());
        each_container_mut!(spec, |c| {
            drop_image_volume_mounts(&mut c.volume_mounts, &image_volumes);
        });
    }
    if !gates.se_linux_change_policy
        && !se_linux_change_policy_in_use(old)
        && let Some(sc) = spec.security_context.as_mut()
    {
        sc.se_linux_change_policy = None;
    }
    if !gates.container_stop_signals && !container_stop_signals_in_use(old) {
        each_container_mut!(spec, |c| {
            drop_stop_signal(&mut c.lifecycle);
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn spec(json: &str) -> PodSpec {
        serde_json::from_str(json).unwrap()
    }

    /// One drop: its gate off, a new spec using the field, a stored spec
    /// that uses it, and whether the field is still there.
    struct Drop {
        gate: &'static str,
        new: &'static str,
        old_in_use: &'static str,
        present: fn(&PodSpec) -> bool,
    }

    /// Gate on: kept; gate off and not stored (create, or a stored spec
    /// without it): dropped; gate off and stored: kept.
    fn check(d: &Drop) {
        let off = DropGates::from_fn(|name| name != d.gate);
        assert_ne!(off, DropGates::ALL_ON, "{}: not a drop gate", d.gate);
        let run = |gates: DropGates, old: Option<&str>| {
            let mut s = spec(d.new);
            let old = old.map(spec);
            drop_disabled_pod_spec_fields(gates, &mut s, old.as_ref());
            (d.present)(&s)
        };
        assert!(
            (d.present)(&spec(d.new)),
            "{}: the new spec lacks the field",
            d.gate
        );
        assert!(
            run(DropGates::ALL_ON, None),
            "{}: dropped with the gate on",
            d.gate
        );
        assert!(
            !run(off, None),
            "{}: kept on create with the gate off",
            d.gate
        );
        assert!(
            !run(off, Some("{}")),
            "{}: kept with an old spec not using it",
            d.gate
        );
        assert!(
            run(off, Some(d.old_in_use)),
            "{}: dropped although in use",
            d.gate
        );
    }

    #[test]
    fn host_users() {
        check(&Drop {
            gate: USER_NAMESPACES_SUPPORT,
            new: r#"{"hostUsers":false}"#,
            old_in_use: r#"{"hostUsers":true}"#,
            present: |s| s.host_users.is_some(),
        });
    }

    #[test]
    fn supplemental_groups_policy() {
        check(&Drop {
            gate: SUPPLEMENTAL_GROUPS_POLICY,
            new: r#"{"securityContext":{"supplementalGroupsPolicy":"Strict"}}"#,
            old_in_use: r#"{"securityContext":{"supplementalGroupsPolicy":"Merge"}}"#,
            present: |s| {
                s.security_context
                    .as_ref()
                    .is_some_and(|sc| sc.supplemental_groups_policy.is_some())
            },
        });
    }

    #[test]
    fn pod_level_resources() {
        check(&Drop {
            gate: POD_LEVEL_RESOURCES_OPTION,
            new: r#"{"resources":{"requests":{"cpu":"1"}}}"#,
            old_in_use: r#"{"resources":{"limits":{"cpu":"1"}}}"#,
            present: |s| s.resources.is_some(),
        });
        // An empty stored `resources` is not "in use".
        let off = DropGates {
            pod_level_resources: false,
            ..DropGates::ALL_ON
        };
        let mut s = spec(r#"{"resources":{"requests":{"cpu":"1"}}}"#);
        drop_disabled_pod_spec_fields(off, &mut s, Some(&spec(r#"{"resources":{}}"#)));
        assert!(s.resources.is_none());
    }

    #[test]
    fn proc_mount_is_reset_to_default_in_every_list() {
        let new = r#"{"containers":[{"name":"c","securityContext":{"procMount":"Unmasked"}}],
            "initContainers":[{"name":"i","securityContext":{"procMount":"Unmasked"}}],
            "ephemeralContainers":[{"name":"e","securityContext":{"procMount":"Unmasked"}}]}"#;
        let procs = |s: &PodSpec| -> Vec<Option<String>> {
            all_containers(s)
                .map(|c| c.view.security_context.and_then(|sc| sc.proc_mount.clone()))
                .collect()
        };
        let off = DropGates::from_fn(|n| n != PROC_MOUNT_TYPE);
        let mut s = spec(new);
        drop_disabled_pod_spec_fields(off, &mut s, None);
        assert_eq!(procs(&s), vec![Some("Default".to_string()); 3]);
        // A stored ephemeral container's non-default value counts; a stored
        // `Default` does not.
        let eph =
            r#"{"ephemeralContainers":[{"name":"e","securityContext":{"procMount":"Unmasked"}}]}"#;
        let mut s = spec(new);
        drop_disabled_pod_spec_fields(off, &mut s, Some(&spec(eph)));
        assert_eq!(procs(&s), vec![Some("Unmasked".to_string()); 3]);
        let dflt = r#"{"containers":[{"name":"c","securityContext":{"procMount":"Default"}}]}"#;
        let mut s = spec(new);
        drop_disabled_pod_spec_fields(off, &mut s, Some(&spec(dflt)));
        assert_eq!(procs(&s), vec![Some("Default".to_string()); 3]);
        // Unset stays unset.
        let mut s = spec(r#"{"containers":[{"name":"c","securityContext":{}}]}"#);
        drop_disabled_pod_spec_fields(off, &mut s, None);
        assert_eq!(procs(&s), vec![None]);
        let mut s = spec(new);
        drop_disabled_pod_spec_fields(DropGates::ALL_ON, &mut s, None);
        assert_eq!(procs(&s), vec![Some("Unmasked".to_string()); 3]);
    }

    #[test]
    fn node_inclusion_policies_each_with_its_own_use() {
        let new = r#"{"topologySpreadConstraints":[{"maxSkew":1,"topologyKey":"k","whenUnsatisfiable":"DoNotSchedule",
            "nodeTaintsPolicy":"Honor","nodeAffinityPolicy":"Ignore"}]}"#;
        check(&Drop {
            gate: NODE_INCLUSION_POLICY_IN_POD_TOPOLOGY_SPREAD,
            new,
            old_in_use: r#"{"topologySpreadConstraints":[{"nodeTaintsPolicy":"Ignore","nodeAffinityPolicy":"Honor"}]}"#,
            present: |s| {
                s.topology_spread_constraints[0]
                    .node_taints_policy
                    .is_some()
            },
        });
        let off = DropGates::from_fn(|n| n != NODE_INCLUSION_POLICY_IN_POD_TOPOLOGY_SPREAD);
        let mut s = spec(new);
        let taints_only = r#"{"topologySpreadConstraints":[{"nodeTaintsPolicy":"Ignore"}]}"#;
        drop_disabled_pod_spec_fields(off, &mut s, Some(&spec(taints_only)));
        let c = &s.topology_spread_constraints[0];
        assert_eq!(c.node_taints_policy.as_deref(), Some("Honor"));
        assert_eq!(c.node_affinity_policy, None);
    }

    #[test]
    fn topology_spread_match_label_keys() {
        check(&Drop {
            gate: MATCH_LABEL_KEYS_IN_POD_TOPOLOGY_SPREAD,
            new: r#"{"topologySpreadConstraints":[{"matchLabelKeys":["app"]}]}"#,
            old_in_use: r#"{"topologySpreadConstraints":[{"matchLabelKeys":["x"]}]}"#,
            present: |s| !s.topology_spread_constraints[0].match_label_keys.is_empty(),
        });
    }

    #[test]
    fn pod_affinity_match_label_keys_in_every_term() {
        let new = r#"{"affinity":{
            "podAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":[{"topologyKey":"k","matchLabelKeys":["a"]}],
              "preferredDuringSchedulingIgnoredDuringExecution":[{"weight":1,"podAffinityTerm":{"topologyKey":"k","mismatchLabelKeys":["b"]}}]},
            "podAntiAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":[{"topologyKey":"k","mismatchLabelKeys":["c"]}],
              "preferredDuringSchedulingIgnoredDuringExecution":[{"weight":1,"podAffinityTerm":{"topologyKey":"k","matchLabelKeys":["d"]}}]}}}"#;
        let keys = |s: &PodSpec| -> usize {
            pod_affinity_terms(s)
                .map(|t| t.match_label_keys.len() + t.mismatch_label_keys.len())
                .sum()
        };
        check(&Drop {
            gate: MATCH_LABEL_KEYS_IN_POD_AFFINITY,
            new,
            old_in_use: r#"{"affinity":{"podAntiAffinity":{"preferredDuringSchedulingIgnoredDuringExecution":[{"weight":1,"podAffinityTerm":{"topologyKey":"k","mismatchLabelKeys":["z"]}}]}}}"#,
            present: |s| {
                pod_affinity_terms(s)
                    .any(|t| !t.match_label_keys.is_empty() || !t.mismatch_label_keys.is_empty())
            },
        });
        let off = DropGates::from_fn(|n| n != MATCH_LABEL_KEYS_IN_POD_AFFINITY);
        let mut s = spec(new);
        drop_disabled_pod_spec_fields(off, &mut s, None);
        assert_eq!(keys(&s), 0);
        assert_eq!(pod_affinity_terms(&s).count(), 4);
    }

    #[test]
    fn resource_claims_of_the_pod_and_every_container() {
        let new = r#"{"resourceClaims":[{"name":"gpu","resourceClaimName":"c"}],
            "containers":[{"name":"c","resources":{"claims":[{"name":"gpu"}]}}],
            "initContainers":[{"name":"i","resources":{"claims":[{"name":"gpu"}]}}],
            "ephemeralContainers":[{"name":"e","resources":{"claims":[{"name":"gpu"}]}}]}"#;
        check(&Drop {
            gate: DYNAMIC_RESOURCE_ALLOCATION,
            new,
            old_in_use: r#"{"resourceClaims":[{"name":"other","resourceClaimName":"o"}]}"#,
            present: |s| !s.resource_claims.is_empty(),
        });
        let off = DropGates::from_fn(|n| n != DYNAMIC_RESOURCE_ALLOCATION);
        let mut s = spec(new);
        drop_disabled_pod_spec_fields(off, &mut s, None);
        assert!(all_containers(&s).all(|c| c.view.resources.claims.is_none()));
        // Container claims in the stored spec without pod-level claims do
        // not count as in use.
        let mut s = spec(new);
        let containers_only =
            r#"{"containers":[{"name":"c","resources":{"claims":[{"name":"gpu"}]}}]}"#;
        drop_disabled_pod_spec_fields(off, &mut s, Some(&spec(containers_only)));
        assert!(s.resource_claims.is_empty() && s.containers[0].resources.claims.is_none());
    }

    #[test]
    fn cluster_trust_bundle_projection() {
        check(&Drop {
            gate: CLUSTER_TRUST_BUNDLE_PROJECTION,
            new: r#"{"volumes":[{"name":"v","projected":{"sources":[{"clusterTrustBundle":{"name":"b","path":"p"}},{"configMap":{"name":"m"}}]}}]}"#,
            old_in_use: r#"{"volumes":[{"name":"w","projected":{"sources":[{"clusterTrustBundle":{"signerName":"s","path":"p"}}]}}]}"#,
            present: |s| {
                s.volumes[0].projected.as_ref().is_some_and(|p| {
                    assert_eq!(p.sources.len(), 2, "the source entry stays");
                    p.sources[0].cluster_trust_bundle.is_some()
                })
            },
        });
    }

    #[test]
    fn resize_policy_dropped_everywhere_unless_in_use() {
        let with = r#"{"containers":[{"name":"c","resizePolicy":[{"resourceName":"cpu","restartPolicy":"NotRequired"}]}],
            "initContainers":[{"name":"i","resizePolicy":[{"resourceName":"cpu","restartPolicy":"NotRequired"}]}],
            "ephemeralContainers":[{"name":"e","resizePolicy":[{"resourceName":"cpu","restartPolicy":"NotRequired"}]}]}"#;
        check(&Drop {
            gate: SIDECAR_RESIZE_POLICY_OPTION,
            new: with,
            old_in_use: r#"{"initContainers":[{"name":"i","resizePolicy":[{"resourceName":"memory","restartPolicy":"NotRequired"}]}]}"#,
            present: |s| all_containers(s).all(|c| !c.view.resize_policy.is_empty()),
        });
        let off = DropGates {
            in_place_pod_vertical_scaling: false,
            ..DropGates::ALL_ON
        };
        let mut s = spec(with);
        drop_disabled_pod_spec_fields(off, &mut s, None);
        assert!(all_containers(&s).all(|c| c.view.resize_policy.is_empty()));
        // An ephemeral container's policy does not count as in use.
        let eph_only = r#"{"ephemeralContainers":[{"name":"e","resizePolicy":[{"resourceName":"cpu","restartPolicy":"NotRequired"}]}]}"#;
        let mut s = spec(with);
        drop_disabled_pod_spec_fields(off, &mut s, Some(&spec(eph_only)));
        assert!(s.ephemeral_containers[0].resize_policy.is_empty());
    }

    #[test]
    fn sidecar_restart_policy_of_init_containers() {
        check(&Drop {
            gate: SIDECAR_CONTAINERS,
            new: r#"{"initContainers":[{"name":"i","restartPolicy":"Always"}]}"#,
            old_in_use: r#"{"initContainers":[{"name":"s","restartPolicy":"Always"}]}"#,
            present: |s| s.init_containers[0].restart_policy.is_some(),
        });
        // A stored init container policy other than `Always` is not a
        // sidecar in use.
        let off = DropGates::from_fn(|n| n != SIDECAR_CONTAINERS);
        let mut s = spec(
            r#"{"initContainers":[{"name":"i","restartPolicy":"Always"}],"containers":[{"name":"c","restartPolicy":"Always"}]}"#,
        );
        drop_disabled_pod_spec_fields(
            off,
            &mut s,
            Some(&spec(
                r#"{"initContainers":[{"name":"s","restartPolicy":"Never"}]}"#,
            )),
        );
        assert_eq!(s.init_containers[0].restart_policy, None);
        assert_eq!(
            s.containers[0].restart_policy.as_deref(),
            Some("Always"),
            "regular containers are left to validation"
        );
    }

    #[test]
    fn container_restart_rules() {
        let new = r#"{"initContainers":[{"name":"a","restartPolicy":"Always"},{"name":"n","restartPolicy":"Never"}],
            "containers":[{"name":"c","restartPolicy":"Never"}],
            "ephemeralContainers":[{"name":"e","restartPolicy":"Never"}]}"#;
        let policies = |s: &PodSpec| -> Vec<Option<String>> {
            let init = s.init_containers.iter().map(|c| c.restart_policy.clone());
            let regular = s.containers.iter().map(|c| c.restart_policy.clone());
            let eph = s
                .ephemeral_containers
                .iter()
                .map(|c| c.restart_policy.clone());
            init.chain(regular).chain(eph).collect()
        };
        let all = |p: &str| p.to_string();
        let kept = vec![
            Some(all("Always")),
            Some(all("Never")),
            Some(all("Never")),
            Some(all("Never")),
        ];
        let off = DropGates::from_fn(|n| n != CONTAINER_RESTART_RULES);
        let mut s = spec(new);
        drop_disabled_pod_spec_fields(off, &mut s, None);
        assert_eq!(policies(&s), vec![Some(all("Always")), None, None, None]);
        for in_use in [
            r#"{"containers":[{"name":"c","restartPolicy":"Always"}]}"#,
            r#"{"initContainers":[{"name":"n","restartPolicy":"OnFailure"}]}"#,
        ] {
            let mut s = spec(new);
            drop_disabled_pod_spec_fields(off, &mut s, Some(&spec(in_use)));
            assert_eq!(policies(&s), kept, "in use: {in_use}");
        }
        // Neither a stored sidecar nor a stored ephemeral container's policy
        // counts.
        for not_in_use in [
            r#"{"initContainers":[{"name":"a","restartPolicy":"Always"}]}"#,
            r#"{"ephemeralContainers":[{"name":"e","restartPolicy":"Never"}]}"#,
        ] {
            let mut s = spec(new);
            drop_disabled_pod_spec_fields(off, &mut s, Some(&spec(not_in_use)));
            assert_eq!(policies(&s), vec![Some(all("Always")), None, None, None]);
        }
        let mut s = spec(new);
        drop_disabled_pod_spec_fields(DropGates::ALL_ON, &mut s, None);
        assert_eq!(policies(&s), kept);
    }

    #[test]
    fn recursive_read_only_mounts() {
        check(&Drop {
            gate: RECURSIVE_READ_ONLY_MOUNTS,
            new: r#"{"containers":[{"name":"c","volumeMounts":[{"name":"v","mountPath":"/v","readOnly":true,"recursiveReadOnly":"Enabled"}]}],
                "ephemeralContainers":[{"name":"e","volumeMounts":[{"name":"v","mountPath":"/v","recursiveReadOnly":"IfPossible"}]}]}"#,
            old_in_use: r#"{"ephemeralContainers":[{"name":"e","volumeMounts":[{"name":"v","mountPath":"/v","recursiveReadOnly":"Disabled"}]}]}"#,
            present: |s| {
                let c = s.containers[0].volume_mounts[0]
                    .recursive_read_only
                    .is_some();
                let e = s.ephemeral_containers[0].volume_mounts[0]
                    .recursive_read_only
                    .is_some();
                assert_eq!(c, e, "both lists are dropped together");
                c
            },
        });
    }

    #[test]
    fn hostname_override() {
        check(&Drop {
            gate: HOSTNAME_OVERRIDE,
            new: r#"{"hostnameOverride":"node-a"}"#,
            old_in_use: r#"{"hostnameOverride":"other"}"#,
            present: |s| s.hostname_override.is_some(),
        });
    }

    #[test]
    fn sleep_actions_and_the_hooks_they_leave_empty() {
        let new = r#"{"containers":[{"name":"c","lifecycle":{"preStop":{"sleep":{"seconds":1}},"postStart":{"sleep":{"seconds":2},"exec":{"command":["x"]}}}},
            {"name":"d","lifecycle":{"preStop":{"sleep":{"seconds":1}}}},
            {"name":"f","lifecycle":{"preStop":{"sleep":{"seconds":1}},"stopSignal":"SIGTERM"}}]}"#;
        check(&Drop {
            gate: POD_LIFECYCLE_SLEEP_ACTION,
            new,
            old_in_use: r#"{"initContainers":[{"name":"i","lifecycle":{"postStart":{"sleep":{"seconds":0}}}}]}"#,
            present: |s| pod_lifecycle_sleep_action_in_use(Some(s)),
        });
        let off = DropGates::from_fn(|n| n != POD_LIFECYCLE_SLEEP_ACTION);
        let mut s = spec(new);
        drop_disabled_pod_spec_fields(off, &mut s, None);
        let l = s.containers[0].lifecycle.as_ref().unwrap();
        assert!(l.pre_stop.is_none());
        assert!(
            l.post_start
                .as_ref()
                .is_some_and(|h| h.exec.is_some() && h.sleep.is_none())
        );
        assert!(s.containers[1].lifecycle.is_none());
        let l = s.containers[2].lifecycle.as_ref().unwrap();
        assert!(l.pre_stop.is_none() && l.stop_signal.is_some());
    }

    #[test]
    fn image_volumes_and_their_mounts() {
        let new = r#"{"volumes":[{"name":"img","image":{"reference":"r"}},{"name":"e","emptyDir":{}}],
            "containers":[{"name":"c","volumeMounts":[{"name":"img","mountPath":"/i"},{"name":"e","mountPath":"/e"}]}],
            "initContainers":[{"name":"i","volumeMounts":[{"name":"img","mountPath":"/i"}]}],
            "ephemeralContainers":[{"name":"x","volumeMounts":[{"name":"img","mountPath":"/i"}]}]}"#;
        check(&Drop {
            gate: IMAGE_VOLUME,
            new,
            old_in_use: r#"{"volumes":[{"name":"old","image":{"reference":"r"}}]}"#,
            present: |s| s.volumes.iter().any(|v| v.image.is_some()),
        });
        let off = DropGates::from_fn(|n| n != IMAGE_VOLUME);
        let mut s = spec(new);
        drop_disabled_pod_spec_fields(off, &mut s, None);
        let names: Vec<&str> = s.volumes.iter().map(|v| v.name.as_str()).collect();
        assert_eq!(names, ["e"]);
        let mounts: Vec<&str> = all_containers(&s)
            .flat_map(|c| c.view.volume_mounts.iter().map(|m| m.name.as_str()))
            .collect();
        assert_eq!(mounts, ["e"]);
    }

    #[test]
    fn se_linux_change_policy() {
        check(&Drop {
            gate: SE_LINUX_CHANGE_POLICY,
            new: r#"{"securityContext":{"seLinuxChangePolicy":"MountOption"}}"#,
            old_in_use: r#"{"securityContext":{"seLinuxChangePolicy":"Recursive"}}"#,
            present: |s| {
                s.security_context
                    .as_ref()
                    .is_some_and(|sc| sc.se_linux_change_policy.is_some())
            },
        });
    }

    #[test]
    fn stop_signals_and_the_lifecycles_they_leave_empty() {
        let new = r#"{"containers":[{"name":"c","lifecycle":{"stopSignal":"SIGUSR1"}},
            {"name":"d","lifecycle":{"stopSignal":"SIGUSR1","preStop":{"exec":{"command":["x"]}}}}]}"#;
        check(&Drop {
            gate: CONTAINER_STOP_SIGNALS,
            new,
            old_in_use: r#"{"ephemeralContainers":[{"name":"e","lifecycle":{"stopSignal":"SIGTERM"}}]}"#,
            present: |s| container_stop_signals_in_use(Some(s)),
        });
        let off = DropGates::from_fn(|n| n != CONTAINER_STOP_SIGNALS);
        let mut s = spec(new);
        drop_disabled_pod_spec_fields(off, &mut s, None);
        assert!(s.containers[0].lifecycle.is_none());
        assert!(
            s.containers[1]
                .lifecycle
                .as_ref()
                .is_some_and(|l| l.pre_stop.is_some())
        );
    }

    #[test]
    fn every_gate_has_a_field_and_all_on_drops_nothing() {
        let names = [
            USER_NAMESPACES_SUPPORT,
            SUPPLEMENTAL_GROUPS_POLICY,
            POD_LEVEL_RESOURCES_OPTION,
            PROC_MOUNT_TYPE,
            NODE_INCLUSION_POLICY_IN_POD_TOPOLOGY_SPREAD,
            MATCH_LABEL_KEYS_IN_POD_TOPOLOGY_SPREAD,
            MATCH_LABEL_KEYS_IN_POD_AFFINITY,
            DYNAMIC_RESOURCE_ALLOCATION,
            CLUSTER_TRUST_BUNDLE_PROJECTION,
            SIDECAR_RESIZE_POLICY_OPTION,
            SIDECAR_CONTAINERS,
            CONTAINER_RESTART_RULES,
            RECURSIVE_READ_ONLY_MOUNTS,
            HOSTNAME_OVERRIDE,
            POD_LIFECYCLE_SLEEP_ACTION,
            IMAGE_VOLUME,
            SE_LINUX_CHANGE_POLICY,
            CONTAINER_STOP_SIGNALS,
        ];
        assert_eq!(DropGates::from_fn(|_| true), DropGates::ALL_ON);
        let mut seen = BTreeSet::new();
        for n in names {
            let g = DropGates::from_fn(|m| m != n);
            assert_ne!(g, DropGates::ALL_ON, "{n}");
            assert!(seen.insert(format!("{g:?}")), "{n} shares a field");
        }
    }
}
