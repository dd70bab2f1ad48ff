//! Kubernetes' feature-gate table per emulated release.
//!
//! Each [`Semantics`] profile carries the gates the kube-apiserver's
//! `DefaultFeatureGate` knows in that release: name, default, `LockToDefault`
//! and prerelease stage. A case file or `--gate NAME=bool` may set any of them;
//! any other name is an input error ([`UnknownGate`]) that names the closest
//! known gate.
//!
//! # How the tables were derived
//!
//! Kubernetes keeps a list of versioned specs per gate; the spec in force for
//! release X is the last one whose version is `<= X`. A gate with no such spec
//! is not settable in X and is absent from X's table. A spec that also carries a
//! `MinCompatibilityVersion` only applies when the compatibility version is
//! raised, which the default (`X - 1`) is not, so such specs are skipped
//! (only `DRAFractionalCapacityRange` in 1.37 has one).
//!
//! Sources, read once by a script that wrote the tables at the end of this file:
//!
//! - `pkg/features/kube_features.go` of kubernetes/kubernetes at
//!   `2a5a1c06c4bb33424a8253d876a094cc01957b07` (master, 2026-07-24): every
//!   gate of its versioned map, including the entries it declares for the
//!   gates of `k8s.io/apiserver`, `k8s.io/apiextensions-apiserver`,
//!   `k8s.io/controller-manager` (the two cloud-controller-manager gates) and
//!   `k8s.io/component-base/zpages`.
//! - The same file at `ec2c7739bc3ccc602f7af67b096d44a9f446122a` (2026-02-13,
//!   the oldest post-1.35 version stored): its gates that the newest file no
//!   longer has (`AnyVolumeDataSource`, `JobSuccessPolicy`, `SidecarContainers`,
//!   `PreventStaticPodAPIReferences`, ...) are kept with their specs for 1.35,
//!   and also for 1.36 unless the file said "remove in 1.36". Gates removed
//!   between the 1.35 release and that commit could not be seen.
//! - The staging mirrors (`kubernetes/apiserver` master at
//!   `24a394e516bfda066d7e2221d7d92c052de27c54`, `kubernetes/client-go`
//!   `32ce75a7d6bc6960fd048d3d1e3b34185418d8c8`, `kubernetes/component-base`
//!   `349fbe06359c4b39ca17bb9cabdf4a13d70b4b82`,
//!   `kubernetes/apiextensions-apiserver`
//!   `1aa2717a552ee6ca1e2a18f1f8ffccde981db923`, and their `release-1.35` /
//!   `release-1.36` branches): `pkg/features/kube_features.go` of the
//!   apiserver and of apiextensions-apiserver, client-go's
//!   `features/known_features.go` (registered into the same gate by
//!   `pkg/features`), component-base `logs/api/v1` (kube-apiserver registers
//!   the logging gates) and `metrics/features` (registered by the generic
//!   apiserver's `pkg/server/config.go`). A gate present on a release branch
//!   but gone from master is kept for that release only.
//! - `AllAlpha` and `AllBeta`, the two built-in gates of component-base's
//!   `featuregate`.
//!
//! Where a gate appears in several sources the specs agree (the script checked).

use crate::lifecycle::Semantics;

/// Prerelease stage of a feature gate in one release.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GateStage {
    /// Alpha: off by default unless stated.
    Alpha,
    /// Beta.
    Beta,
    /// Generally available.
    Ga,
    /// Deprecated.
    Deprecated,
}

/// One Kubernetes feature gate as the kube-apiserver knows it in one release.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FeatureGate {
    /// The gate's name as written in `--feature-gates`.
    pub name: &'static str,
    /// Its default value.
    pub default: bool,
    /// `LockToDefault`: setting it to the other value is refused.
    pub locked: bool,
    /// Prerelease stage.
    pub stage: GateStage,
}

/// A gate name Kubernetes does not know in the selected release.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown feature gate \"{name}\" in Kubernetes {release}{}", suggestion_text(.suggestion))]
pub struct UnknownGate {
    /// The name given.
    pub name: String,
    /// The release, e.g. `1.37`.
    pub release: Semantics,
    /// The closest known gate name, if any is close enough.
    pub suggestion: Option<String>,
}

fn suggestion_text(s: &Option<String>) -> String {
    match s {
        Some(s) => format!("; did you mean \"{s}\"?"),
        None => String::new(),
    }
}

/// The gate table of a release, sorted by name.
///
/// ```
/// use dv_harness_engine::{feature_gates, lifecycle::Semantics};
/// assert!(feature_gates::table(Semantics::V1_37).len() > 200);
/// ```
pub fn table(semantics: Semantics) -> &'static [FeatureGate] {
    match semantics {
        Semantics::V1_35 => GATES_1_35,
        Semantics::V1_36 => GATES_1_36,
        Semantics::V1_37 => GATES_1_37,
    }
}

/// The gate called `name` (exact, case-sensitive as Kubernetes) in a release.
///
/// ```
/// use dv_harness_engine::{feature_gates, lifecycle::Semantics};
/// let g = feature_gates::find(Semantics::V1_36, "DeclarativeValidationBeta").unwrap();
/// assert!(g.default && !g.locked);
/// assert!(feature_gates::find(Semantics::V1_35, "DeclarativeValidationBeta").is_none());
/// ```
pub fn find(semantics: Semantics, name: &str) -> Option<&'static FeatureGate> {
    let t = table(semantics);
    t.binary_search_by(|g| g.name.cmp(name)).ok().map(|i| &t[i])
}

/// Looks a gate up, or explains why it is unknown.
///
/// # Errors
/// [`UnknownGate`] when the release has no gate of that name.
pub fn lookup(semantics: Semantics, name: &str) -> Result<&'static FeatureGate, UnknownGate> {
    find(semantics, name).ok_or_else(|| UnknownGate {
        name: name.to_string(),
        release: semantics,
        suggestion: nearest(semantics, name).map(str::to_string),
    })
}

/// The known gate name closest to `name` by case-insensitive edit distance,
/// when it is within a third of the longer name's length (at least 2 edits).
///
/// ```
/// use dv_harness_engine::{feature_gates, lifecycle::Semantics};
/// assert_eq!(
///     feature_gates::nearest(Semantics::V1_37, "declarativevalidationbeta"),
///     Some("DeclarativeValidationBeta")
/// );
/// assert_eq!(feature_gates::nearest(Semantics::V1_37, "Xyzzy"), None);
/// ```
pub fn nearest(semantics: Semantics, name: &str) -> Option<&'static str> {
    let lower: Vec<char> = name.to_lowercase().chars().collect();
    let mut best: Option<(usize, &'static str)> = None;
    for g in table(semantics) {
        let cand: Vec<char> = g.name.to_lowercase().chars().collect();
        let d = edit_distance(&lower, &cand);
        let limit = (lower.len().max(cand.len()) / 3).max(2);
        if d <= limit && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, g.name));
        }
    }
    best.map(|(_, n)| n)
}

/// Levenshtein distance over chars.
pub(crate) fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let sub = prev[j] + usize::from(ca != cb);
            cur[j + 1] = sub.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

// ---- Generated tables (one-off script; see the module doc). Do not edit by hand. ----

/// Kubernetes 1.35: every feature gate the kube-apiserver knows (216), sorted by name.
pub static GATES_1_35: &[FeatureGate] = &[
    g("APIResponseCompression", true, false, GateStage::Beta),
    g("APIServerIdentity", true, false, GateStage::Beta),
    g("APIServerTracing", true, true, GateStage::Ga),
    g("APIServingWithRoutine", false, false, GateStage::Alpha),
    g(
        "AggregatedDiscoveryRemoveBetaType",
        true,
        true,
        GateStage::Deprecated,
    ),
    g("AllAlpha", false, false, GateStage::Alpha),
    g("AllBeta", false, false, GateStage::Beta),
    g("AllowDNSOnlyNodeCSR", false, false, GateStage::Deprecated),
    g(
        "AllowInsecureKubeletCertificateSigningRequests",
        false,
        false,
        GateStage::Deprecated,
    ),
    g(
        "AllowOverwriteTerminationGracePeriodSeconds",
        false,
        true,
        GateStage::Deprecated,
    ),
    g(
        "AllowParsingUserUIDFromCertAuth",
        true,
        false,
        GateStage::Beta,
    ),
    g("AllowServiceExternalIPs", true, false, GateStage::Ga),
    g(
        "AllowUnsafeMalformedObjectDeletion",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "AnonymousAuthConfigurableEndpoints",
        true,
        true,
        GateStage::Ga,
    ),
    g("AnyVolumeDataSource", true, true, GateStage::Ga),
    g("AuthorizeNodeWithSelectors", true, true, GateStage::Ga),
    g(
        "AuthorizePodWebsocketUpgradeCreatePermission",
        true,
        false,
        GateStage::Beta,
    ),
    g("AuthorizeWithSelectors", true, true, GateStage::Ga),
    g("BtreeWatchCache", true, true, GateStage::Ga),
    g("CBORServingAndStorage", false, false, GateStage::Alpha),
    g(
        "CPUManagerPolicyAlphaOptions",
        false,
        false,
        GateStage::Alpha,
    ),
    g("CPUManagerPolicyBetaOptions", true, false, GateStage::Beta),
    g("CPUManagerPolicyOptions", true, true, GateStage::Ga),
    g(
        "CRDObservedGenerationTracking",
        false,
        false,
        GateStage::Beta,
    ),
    g("CRDValidationRatcheting", true, true, GateStage::Ga),
    g(
        "CSIServiceAccountTokenSecrets",
        true,
        false,
        GateStage::Beta,
    ),
    g("CSIVolumeHealth", false, false, GateStage::Alpha),
    g(
        "ChangeContainerStatusOnKubeletRestart",
        false,
        false,
        GateStage::Deprecated,
    ),
    g(
        "ClearingNominatedNodeNameAfterBinding",
        true,
        false,
        GateStage::Beta,
    ),
    g("ClientsAllowCBOR", false, false, GateStage::Alpha),
    g("ClientsPreferCBOR", false, false, GateStage::Alpha),
    g(
        "CloudControllerManagerWatchBasedRoutesReconciliation",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "CloudControllerManagerWebhook",
        false,
        false,
        GateStage::Alpha,
    ),
    g("ClusterTrustBundle", false, false, GateStage::Beta),
    g(
        "ClusterTrustBundleProjection",
        false,
        false,
        GateStage::Beta,
    ),
    g("ComponentFlagz", false, false, GateStage::Alpha),
    g("ComponentStatusz", false, false, GateStage::Alpha),
    g("ConcurrentWatchObjectDecode", false, false, GateStage::Beta),
    g("ConsistentListFromCache", true, true, GateStage::Ga),
    g("ConstrainedImpersonation", false, false, GateStage::Alpha),
    g("ContainerCheckpoint", true, false, GateStage::Beta),
    g("ContainerRestartRules", true, false, GateStage::Beta),
    g("ContainerStopSignals", false, false, GateStage::Alpha),
    g("ContextualLogging", true, false, GateStage::Beta),
    g("CoordinatedLeaderElection", false, false, GateStage::Beta),
    g(
        "CrossNamespaceVolumeDataSource",
        false,
        false,
        GateStage::Alpha,
    ),
    g("CustomCPUCFSQuotaPeriod", false, false, GateStage::Alpha),
    g("CustomResourceFieldSelectors", true, true, GateStage::Ga),
    g("DRAAdminAccess", true, false, GateStage::Beta),
    g("DRAConsumableCapacity", false, false, GateStage::Alpha),
    g("DRADeviceBindingConditions", false, false, GateStage::Alpha),
    g("DRADeviceTaintRules", false, false, GateStage::Alpha),
    g("DRADeviceTaints", false, false, GateStage::Alpha),
    g("DRAExtendedResource", false, false, GateStage::Alpha),
    g("DRAPartitionableDevices", false, false, GateStage::Alpha),
    g("DRAPrioritizedList", true, false, GateStage::Beta),
    g("DRAResourceClaimDeviceStatus", true, false, GateStage::Beta),
    g("DRASchedulerFilterTimeout", true, false, GateStage::Beta),
    g("DeclarativeValidation", true, false, GateStage::Beta),
    g(
        "DeclarativeValidationTakeover",
        false,
        false,
        GateStage::Beta,
    ),
    g(
        "DeploymentReplicaSetTerminatingReplicas",
        true,
        false,
        GateStage::Beta,
    ),
    g("DetectCacheInconsistency", true, false, GateStage::Beta),
    g("DisableAllocatorDualWrite", true, true, GateStage::Ga),
    g(
        "DisableCPUQuotaWithExclusiveCPUs",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "DisableNodeKubeProxyVersion",
        true,
        false,
        GateStage::Deprecated,
    ),
    g("DynamicResourceAllocation", true, true, GateStage::Ga),
    g("EnvFiles", true, false, GateStage::Beta),
    g("EventedPLEG", false, false, GateStage::Alpha),
    g("ExecProbeTimeout", true, true, GateStage::Ga),
    g(
        "ExternalServiceAccountTokenSigner",
        true,
        false,
        GateStage::Beta,
    ),
    g("GangScheduling", false, false, GateStage::Alpha),
    g("GenericWorkload", false, false, GateStage::Alpha),
    g("GitRepoVolumeDriver", false, false, GateStage::Deprecated),
    g("GracefulNodeShutdown", true, false, GateStage::Beta),
    g(
        "GracefulNodeShutdownBasedOnPodPriority",
        true,
        false,
        GateStage::Beta,
    ),
    g("HPAConfigurableTolerance", true, false, GateStage::Beta),
    g("HPAScaleToZero", false, false, GateStage::Alpha),
    g("HostnameOverride", true, false, GateStage::Beta),
    g("ImageMaximumGCAge", true, true, GateStage::Ga),
    g("ImageVolume", true, false, GateStage::Beta),
    g("ImageVolumeWithDigest", false, false, GateStage::Alpha),
    g("InOrderInformers", true, false, GateStage::Beta),
    g("InOrderInformersBatchProcess", true, false, GateStage::Beta),
    g(
        "InPlacePodLevelResourcesVerticalScaling",
        false,
        false,
        GateStage::Alpha,
    ),
    g("InPlacePodVerticalScaling", true, true, GateStage::Ga),
    g(
        "InPlacePodVerticalScalingAllocatedStatus",
        false,
        false,
        GateStage::Deprecated,
    ),
    g(
        "InPlacePodVerticalScalingExclusiveCPUs",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "InPlacePodVerticalScalingExclusiveMemory",
        false,
        false,
        GateStage::Alpha,
    ),
    g("InformerResourceVersion", true, false, GateStage::Ga),
    g("JobBackoffLimitPerIndex", true, true, GateStage::Ga),
    g("JobManagedBy", true, true, GateStage::Ga),
    g("JobPodReplacementPolicy", true, true, GateStage::Ga),
    g("JobSuccessPolicy", true, true, GateStage::Ga),
    g("KMSv1", false, false, GateStage::Deprecated),
    g("KubeProxyIPVS", true, false, GateStage::Ga),
    g("KubeletCgroupDriverFromCRI", true, true, GateStage::Ga),
    g("KubeletCrashLoopBackOffMax", true, false, GateStage::Beta),
    g(
        "KubeletEnsureSecretPulledImages",
        true,
        false,
        GateStage::Beta,
    ),
    g("KubeletFineGrainedAuthz", true, false, GateStage::Beta),
    g("KubeletInUserNamespace", false, false, GateStage::Alpha),
    g("KubeletPSI", true, false, GateStage::Beta),
    g(
        "KubeletPodResourcesDynamicResources",
        true,
        false,
        GateStage::Beta,
    ),
    g("KubeletPodResourcesGet", true, false, GateStage::Beta),
    g(
        "KubeletPodResourcesListUseActivePods",
        true,
        false,
        GateStage::Deprecated,
    ),
    g(
        "KubeletRegistrationGetOnExistsOnly",
        false,
        false,
        GateStage::Deprecated,
    ),
    g("KubeletSeparateDiskGC", true, false, GateStage::Beta),
    g(
        "KubeletServiceAccountTokenForCredentialProviders",
        true,
        false,
        GateStage::Beta,
    ),
    g("KubeletTracing", true, true, GateStage::Ga),
    g("ListFromCacheSnapshot", true, false, GateStage::Beta),
    g(
        "LocalStorageCapacityIsolationFSQuotaMonitoring",
        false,
        false,
        GateStage::Beta,
    ),
    g("LogarithmicScaleDown", true, true, GateStage::Ga),
    g("LoggingAlphaOptions", false, false, GateStage::Alpha),
    g("LoggingBetaOptions", true, false, GateStage::Beta),
    g("MatchLabelKeysInPodAffinity", true, true, GateStage::Ga),
    g(
        "MatchLabelKeysInPodTopologySpread",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "MatchLabelKeysInPodTopologySpreadSelectorMerge",
        true,
        false,
        GateStage::Beta,
    ),
    g("MaxUnavailableStatefulSet", false, false, GateStage::Beta),
    g("MemoryQoS", false, false, GateStage::Alpha),
    g("MultiCIDRServiceAllocator", true, true, GateStage::Ga),
    g(
        "MutableCSINodeAllocatableCount",
        true,
        false,
        GateStage::Beta,
    ),
    g("MutablePVNodeAffinity", false, false, GateStage::Alpha),
    g(
        "MutablePodResourcesForSuspendedJobs",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "MutableSchedulingDirectivesForSuspendedJobs",
        false,
        false,
        GateStage::Alpha,
    ),
    g("MutatingAdmissionPolicy", false, false, GateStage::Beta),
    g("NFTablesProxyMode", true, true, GateStage::Ga),
    g("NodeDeclaredFeatures", false, false, GateStage::Alpha),
    g(
        "NodeInclusionPolicyInPodTopologySpread",
        true,
        true,
        GateStage::Ga,
    ),
    g("NodeLogQuery", false, false, GateStage::Beta),
    g("NodeSwap", true, true, GateStage::Ga),
    g(
        "NominatedNodeNameForExpectation",
        true,
        false,
        GateStage::Beta,
    ),
    g("OpenAPIEnums", true, false, GateStage::Beta),
    g("OpportunisticBatching", true, false, GateStage::Beta),
    g("OrderedNamespaceDeletion", true, true, GateStage::Ga),
    g(
        "PodAndContainerStatsFromCRI",
        false,
        false,
        GateStage::Alpha,
    ),
    g("PodCertificateRequest", false, false, GateStage::Beta),
    g("PodDeletionCost", true, false, GateStage::Beta),
    g("PodLevelResources", true, false, GateStage::Beta),
    g("PodLifecycleSleepAction", true, true, GateStage::Ga),
    g(
        "PodLifecycleSleepActionAllowZero",
        true,
        true,
        GateStage::Ga,
    ),
    g("PodLogsQuerySplitStreams", false, false, GateStage::Alpha),
    g("PodObservedGenerationTracking", true, true, GateStage::Ga),
    g(
        "PodReadyToStartContainersCondition",
        true,
        false,
        GateStage::Beta,
    ),
    g("PodSchedulingReadiness", true, true, GateStage::Ga),
    g("PodTopologyLabelsAdmission", true, false, GateStage::Beta),
    g("PortForwardWebsockets", true, false, GateStage::Beta),
    g("PreferSameTrafficDistribution", true, true, GateStage::Ga),
    g(
        "PreventStaticPodAPIReferences",
        true,
        false,
        GateStage::Beta,
    ),
    g("ProcMountType", true, false, GateStage::Beta),
    g("QOSReserved", false, false, GateStage::Alpha),
    g("RecoverVolumeExpansionFailure", true, true, GateStage::Ga),
    g("RecursiveReadOnlyMounts", true, true, GateStage::Ga),
    g(
        "ReduceDefaultCrashLoopBackOffDecay",
        false,
        false,
        GateStage::Alpha,
    ),
    g("RelaxedDNSSearchValidation", true, true, GateStage::Ga),
    g(
        "RelaxedEnvironmentVariableValidation",
        true,
        true,
        GateStage::Ga,
    ),
    g(
        "RelaxedServiceNameValidation",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "ReloadKubeletServerCertificateFile",
        true,
        false,
        GateStage::Beta,
    ),
    g("RemoteRequestHeaderUID", true, false, GateStage::Beta),
    g(
        "ResilientWatchCacheInitialization",
        true,
        true,
        GateStage::Ga,
    ),
    g("ResourceHealthStatus", false, false, GateStage::Alpha),
    g(
        "RestartAllContainersOnContainerExits",
        false,
        false,
        GateStage::Alpha,
    ),
    g("RetryGenerateName", true, true, GateStage::Ga),
    g(
        "RotateKubeletServerCertificate",
        true,
        false,
        GateStage::Beta,
    ),
    g("RuntimeClassInImageCriApi", false, false, GateStage::Alpha),
    g("SELinuxChangePolicy", true, false, GateStage::Beta),
    g("SELinuxMount", false, false, GateStage::Beta),
    g("SELinuxMountReadWriteOncePod", true, false, GateStage::Beta),
    g("SchedulerAsyncAPICalls", false, false, GateStage::Beta),
    g("SchedulerAsyncPreemption", true, false, GateStage::Beta),
    g("SchedulerPopFromBackoffQ", true, false, GateStage::Beta),
    g("SchedulerQueueingHints", true, true, GateStage::Ga),
    g("SeparateCacheWatchRPC", false, false, GateStage::Deprecated),
    g("SeparateTaintEvictionController", true, true, GateStage::Ga),
    g(
        "ServiceAccountNodeAudienceRestriction",
        true,
        false,
        GateStage::Beta,
    ),
    g("ServiceAccountTokenJTI", true, true, GateStage::Ga),
    g("ServiceAccountTokenNodeBinding", true, true, GateStage::Ga),
    g(
        "ServiceAccountTokenNodeBindingValidation",
        true,
        true,
        GateStage::Ga,
    ),
    g("ServiceAccountTokenPodNodeInfo", true, true, GateStage::Ga),
    g("ServiceCIDRStatusFieldWiping", false, false, GateStage::Ga),
    g("SidecarContainers", true, true, GateStage::Ga),
    g("SizeBasedListCostEstimate", true, false, GateStage::Beta),
    g(
        "StatefulSetSemanticRevisionComparison",
        true,
        false,
        GateStage::Beta,
    ),
    g("StorageCapacityScoring", false, false, GateStage::Alpha),
    g("StorageNamespaceIndex", true, false, GateStage::Deprecated),
    g("StorageVersionAPI", false, false, GateStage::Alpha),
    g("StorageVersionHash", true, false, GateStage::Beta),
    g("StorageVersionMigrator", false, false, GateStage::Beta),
    g(
        "StreamingCollectionEncodingToJSON",
        true,
        true,
        GateStage::Ga,
    ),
    g(
        "StreamingCollectionEncodingToProtobuf",
        true,
        true,
        GateStage::Ga,
    ),
    g("StrictIPCIDRValidation", false, false, GateStage::Alpha),
    g(
        "StructuredAuthenticationConfiguration",
        true,
        true,
        GateStage::Ga,
    ),
    g(
        "StructuredAuthenticationConfigurationEgressSelector",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "StructuredAuthenticationConfigurationJWKSMetrics",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "StructuredAuthorizationConfiguration",
        true,
        true,
        GateStage::Ga,
    ),
    g("SupplementalGroupsPolicy", true, true, GateStage::Ga),
    g("SystemdWatchdog", true, true, GateStage::Ga),
    g(
        "TaintTolerationComparisonOperators",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "TokenRequestServiceAccountUIDValidation",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "TopologyManagerPolicyAlphaOptions",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "TopologyManagerPolicyBetaOptions",
        true,
        false,
        GateStage::Beta,
    ),
    g("TopologyManagerPolicyOptions", true, true, GateStage::Ga),
    g(
        "TranslateStreamCloseWebsocketRequests",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "UnauthenticatedHTTP2DOSMitigation",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "UnknownVersionInteroperabilityProxy",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "UserNamespacesHostNetworkSupport",
        false,
        false,
        GateStage::Alpha,
    ),
    g("UserNamespacesSupport", true, false, GateStage::Beta),
    g("VolumeAttributesClass", true, false, GateStage::Ga),
    g("VolumeLimitScaling", false, false, GateStage::Alpha),
    g(
        "WatchCacheInitializationPostStartHook",
        false,
        false,
        GateStage::Beta,
    ),
    g(
        "WatchFromStorageWithoutResourceVersion",
        false,
        true,
        GateStage::Deprecated,
    ),
    g("WatchList", true, false, GateStage::Beta),
    g("WatchListClient", true, false, GateStage::Beta),
    g("WinDSR", true, true, GateStage::Ga),
    g("WinOverlay", true, true, GateStage::Ga),
    g(
        "WindowsCPUAndMemoryAffinity",
        false,
        false,
        GateStage::Alpha,
    ),
    g("WindowsGracefulNodeShutdown", true, false, GateStage::Beta),
    g("WindowsHostNetwork", false, false, GateStage::Deprecated),
];

/// Kubernetes 1.36: every feature gate the kube-apiserver knows (237), sorted by name.
pub static GATES_1_36: &[FeatureGate] = &[
    g("APIResponseCompression", true, false, GateStage::Beta),
    g("APIServerIdentity", true, false, GateStage::Beta),
    g("APIServerTracing", true, true, GateStage::Ga),
    g("APIServingWithRoutine", false, false, GateStage::Alpha),
    g(
        "AggregatedDiscoveryRemoveBetaType",
        true,
        true,
        GateStage::Deprecated,
    ),
    g("AllAlpha", false, false, GateStage::Alpha),
    g("AllBeta", false, false, GateStage::Beta),
    g("AllowDNSOnlyNodeCSR", false, false, GateStage::Deprecated),
    g(
        "AllowInsecureKubeletCertificateSigningRequests",
        false,
        false,
        GateStage::Deprecated,
    ),
    g(
        "AllowOverwriteTerminationGracePeriodSeconds",
        false,
        true,
        GateStage::Deprecated,
    ),
    g(
        "AllowParsingUserUIDFromCertAuth",
        true,
        false,
        GateStage::Beta,
    ),
    g("AllowServiceExternalIPs", true, false, GateStage::Ga),
    g(
        "AllowUnsafeMalformedObjectDeletion",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "AnonymousAuthConfigurableEndpoints",
        true,
        true,
        GateStage::Ga,
    ),
    g("AtomicFIFO", true, false, GateStage::Beta),
    g("AuthorizeNodeWithSelectors", true, true, GateStage::Ga),
    g(
        "AuthorizePodWebsocketUpgradeCreatePermission",
        true,
        false,
        GateStage::Beta,
    ),
    g("AuthorizeWithSelectors", true, true, GateStage::Ga),
    g("BtreeWatchCache", true, true, GateStage::Ga),
    g("CBORServingAndStorage", false, false, GateStage::Alpha),
    g(
        "CPUManagerPolicyAlphaOptions",
        false,
        false,
        GateStage::Alpha,
    ),
    g("CPUManagerPolicyBetaOptions", true, false, GateStage::Beta),
    g("CPUManagerPolicyOptions", true, true, GateStage::Ga),
    g(
        "CRDObservedGenerationTracking",
        true,
        false,
        GateStage::Beta,
    ),
    g("CRDValidationRatcheting", true, true, GateStage::Ga),
    g("CRIListStreaming", false, false, GateStage::Alpha),
    g("CSIServiceAccountTokenSecrets", true, true, GateStage::Ga),
    g("CSIVolumeHealth", false, false, GateStage::Alpha),
    g(
        "ChangeContainerStatusOnKubeletRestart",
        false,
        false,
        GateStage::Deprecated,
    ),
    g(
        "ClearingNominatedNodeNameAfterBinding",
        true,
        false,
        GateStage::Beta,
    ),
    g("ClientsAllowCARotation", true, false, GateStage::Beta),
    g("ClientsAllowCBOR", false, false, GateStage::Alpha),
    g("ClientsAllowTLSCacheGC", true, false, GateStage::Beta),
    g("ClientsPreferCBOR", false, false, GateStage::Alpha),
    g(
        "CloudControllerManagerWatchBasedRoutesReconciliation",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "CloudControllerManagerWebhook",
        false,
        false,
        GateStage::Alpha,
    ),
    g("ClusterTrustBundle", false, false, GateStage::Beta),
    g(
        "ClusterTrustBundleProjection",
        false,
        false,
        GateStage::Beta,
    ),
    g("ComponentFlagz", true, false, GateStage::Beta),
    g("ComponentStatusz", true, false, GateStage::Beta),
    g("ConcurrentWatchObjectDecode", false, false, GateStage::Beta),
    g("ConsistentListFromCache", true, true, GateStage::Ga),
    g("ConstrainedImpersonation", true, false, GateStage::Beta),
    g("ContainerCheckpoint", true, false, GateStage::Beta),
    g("ContainerRestartRules", true, false, GateStage::Beta),
    g("ContainerStopSignals", false, false, GateStage::Alpha),
    g("ContextualLogging", true, false, GateStage::Beta),
    g("CoordinatedLeaderElection", false, false, GateStage::Beta),
    g(
        "CrossNamespaceVolumeDataSource",
        false,
        false,
        GateStage::Alpha,
    ),
    g("CustomCPUCFSQuotaPeriod", true, false, GateStage::Ga),
    g("CustomResourceFieldSelectors", true, true, GateStage::Ga),
    g("DRAAdminAccess", true, true, GateStage::Ga),
    g("DRAConsumableCapacity", true, false, GateStage::Beta),
    g("DRADeviceBindingConditions", true, false, GateStage::Beta),
    g("DRADeviceTaintRules", false, false, GateStage::Beta),
    g("DRADeviceTaints", true, false, GateStage::Beta),
    g("DRAExtendedResource", true, false, GateStage::Beta),
    g("DRAListTypeAttributes", false, false, GateStage::Alpha),
    g(
        "DRANodeAllocatableResources",
        false,
        false,
        GateStage::Alpha,
    ),
    g("DRAPartitionableDevices", true, false, GateStage::Beta),
    g("DRAPrioritizedList", true, false, GateStage::Ga),
    g("DRAResourceClaimDeviceStatus", true, false, GateStage::Beta),
    g(
        "DRAResourceClaimGranularStatusAuthorization",
        true,
        false,
        GateStage::Beta,
    ),
    g("DRAResourcePoolStatus", false, false, GateStage::Alpha),
    g("DRASchedulerFilterTimeout", true, false, GateStage::Beta),
    g("DRAWorkloadResourceClaims", false, false, GateStage::Alpha),
    g("DeclarativeValidation", true, true, GateStage::Ga),
    g("DeclarativeValidationBeta", true, false, GateStage::Beta),
    g(
        "DeclarativeValidationTakeover",
        false,
        false,
        GateStage::Deprecated,
    ),
    g(
        "DeploymentReplicaSetTerminatingReplicas",
        true,
        false,
        GateStage::Beta,
    ),
    g("DetectCacheInconsistency", true, false, GateStage::Beta),
    g("DisableAllocatorDualWrite", true, true, GateStage::Ga),
    g(
        "DisableCPUQuotaWithExclusiveCPUs",
        true,
        false,
        GateStage::Deprecated,
    ),
    g(
        "DisableNodeKubeProxyVersion",
        true,
        true,
        GateStage::Deprecated,
    ),
    g("DynamicResourceAllocation", true, true, GateStage::Ga),
    g("EnvFiles", true, false, GateStage::Beta),
    g("EventedPLEG", false, false, GateStage::Alpha),
    g("ExecProbeTimeout", true, true, GateStage::Ga),
    g("ExtendWebSocketsToKubelet", true, false, GateStage::Beta),
    g(
        "ExternalServiceAccountTokenSigner",
        true,
        true,
        GateStage::Ga,
    ),
    g("GangScheduling", false, false, GateStage::Alpha),
    g("GenericWorkload", false, false, GateStage::Alpha),
    g("GitRepoVolumeDriver", false, true, GateStage::Deprecated),
    g("GracefulNodeShutdown", true, false, GateStage::Beta),
    g(
        "GracefulNodeShutdownBasedOnPodPriority",
        true,
        false,
        GateStage::Beta,
    ),
    g("HPAConfigurableTolerance", true, false, GateStage::Beta),
    g("HPAScaleToZero", false, false, GateStage::Alpha),
    g("HostnameOverride", true, false, GateStage::Beta),
    g("ImageMaximumGCAge", true, true, GateStage::Ga),
    g("ImageVolume", true, true, GateStage::Ga),
    g("ImageVolumeWithDigest", false, false, GateStage::Alpha),
    g("InOrderInformers", true, true, GateStage::Ga),
    g("InOrderInformersBatchProcess", true, false, GateStage::Beta),
    g(
        "InPlacePodLevelResourcesVerticalScaling",
        true,
        false,
        GateStage::Beta,
    ),
    g("InPlacePodVerticalScaling", true, true, GateStage::Ga),
    g(
        "InPlacePodVerticalScalingExclusiveCPUs",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "InPlacePodVerticalScalingExclusiveMemory",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "InPlacePodVerticalScalingInitContainers",
        true,
        false,
        GateStage::Beta,
    ),
    g("InformerResourceVersion", true, false, GateStage::Ga),
    g("JobManagedBy", true, true, GateStage::Ga),
    g("JobPodReplacementPolicy", true, true, GateStage::Ga),
    g("KMSv1", false, false, GateStage::Deprecated),
    g("KubeProxyIPVS", true, false, GateStage::Ga),
    g("KubeletCgroupDriverFromCRI", true, true, GateStage::Ga),
    g("KubeletCrashLoopBackOffMax", true, false, GateStage::Beta),
    g(
        "KubeletEnsureSecretPulledImages",
        true,
        false,
        GateStage::Beta,
    ),
    g("KubeletFineGrainedAuthz", true, true, GateStage::Ga),
    g("KubeletInUserNamespace", false, false, GateStage::Alpha),
    g("KubeletPSI", true, true, GateStage::Ga),
    g(
        "KubeletPodResourcesDynamicResources",
        true,
        true,
        GateStage::Ga,
    ),
    g("KubeletPodResourcesGet", true, true, GateStage::Ga),
    g(
        "KubeletPodResourcesListUseActivePods",
        true,
        false,
        GateStage::Deprecated,
    ),
    g(
        "KubeletRegistrationGetOnExistsOnly",
        false,
        false,
        GateStage::Deprecated,
    ),
    g("KubeletSeparateDiskGC", true, false, GateStage::Beta),
    g(
        "KubeletServiceAccountTokenForCredentialProviders",
        true,
        false,
        GateStage::Beta,
    ),
    g("KubeletTracing", true, true, GateStage::Ga),
    g("ListFromCacheSnapshot", true, false, GateStage::Beta),
    g(
        "LocalStorageCapacityIsolationFSQuotaMonitoring",
        false,
        false,
        GateStage::Beta,
    ),
    g("LogarithmicScaleDown", true, true, GateStage::Ga),
    g("LoggingAlphaOptions", false, false, GateStage::Alpha),
    g("LoggingBetaOptions", true, false, GateStage::Beta),
    g(
        "ManifestBasedAdmissionControlConfig",
        false,
        false,
        GateStage::Alpha,
    ),
    g("MatchLabelKeysInPodAffinity", true, true, GateStage::Ga),
    g(
        "MatchLabelKeysInPodTopologySpread",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "MatchLabelKeysInPodTopologySpreadSelectorMerge",
        true,
        false,
        GateStage::Beta,
    ),
    g("MaxUnavailableStatefulSet", false, false, GateStage::Beta),
    g("MemoryQoS", false, false, GateStage::Alpha),
    g("MultiCIDRServiceAllocator", true, true, GateStage::Ga),
    g("MutableCSINodeAllocatableCount", true, true, GateStage::Ga),
    g("MutablePVNodeAffinity", false, false, GateStage::Alpha),
    g(
        "MutablePodResourcesForSuspendedJobs",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "MutableSchedulingDirectivesForSuspendedJobs",
        true,
        false,
        GateStage::Beta,
    ),
    g("MutatingAdmissionPolicy", true, false, GateStage::Ga),
    g("NFTablesProxyMode", true, true, GateStage::Ga),
    g("NativeHistograms", false, false, GateStage::Alpha),
    g("NodeDeclaredFeatures", true, false, GateStage::Beta),
    g(
        "NodeInclusionPolicyInPodTopologySpread",
        true,
        true,
        GateStage::Ga,
    ),
    g("NodeLogQuery", true, true, GateStage::Ga),
    g("NodeSwap", true, true, GateStage::Ga),
    g(
        "NominatedNodeNameForExpectation",
        true,
        false,
        GateStage::Beta,
    ),
    g("OpenAPIEnums", true, false, GateStage::Beta),
    g("OpportunisticBatching", true, false, GateStage::Beta),
    g("OrderedNamespaceDeletion", true, true, GateStage::Ga),
    g("PLEGOnDemandRelist", true, false, GateStage::Beta),
    g(
        "PersistentVolumeClaimUnusedSinceTime",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "PodAndContainerStatsFromCRI",
        false,
        false,
        GateStage::Alpha,
    ),
    g("PodCertificateRequest", false, false, GateStage::Beta),
    g("PodDeletionCost", true, false, GateStage::Beta),
    g("PodLevelResourceManagers", false, false, GateStage::Alpha),
    g("PodLevelResources", true, false, GateStage::Beta),
    g("PodLifecycleSleepAction", true, true, GateStage::Ga),
    g(
        "PodLifecycleSleepActionAllowZero",
        true,
        true,
        GateStage::Ga,
    ),
    g("PodLogsQuerySplitStreams", false, false, GateStage::Alpha),
    g("PodObservedGenerationTracking", true, true, GateStage::Ga),
    g(
        "PodReadyToStartContainersCondition",
        true,
        false,
        GateStage::Beta,
    ),
    g("PodSchedulingReadiness", true, true, GateStage::Ga),
    g("PodTopologyLabelsAdmission", true, false, GateStage::Beta),
    g("PodsAPI", false, false, GateStage::Alpha),
    g("PortForwardWebsockets", true, false, GateStage::Beta),
    g("PreferSameTrafficDistribution", true, true, GateStage::Ga),
    g(
        "PreventStaticPodAPIReferences",
        true,
        false,
        GateStage::Beta,
    ),
    g("ProcMountType", true, true, GateStage::Ga),
    g("QOSReserved", false, false, GateStage::Alpha),
    g("RecoverVolumeExpansionFailure", true, true, GateStage::Ga),
    g("RecursiveReadOnlyMounts", true, true, GateStage::Ga),
    g(
        "ReduceDefaultCrashLoopBackOffDecay",
        false,
        false,
        GateStage::Alpha,
    ),
    g("RelaxedDNSSearchValidation", true, true, GateStage::Ga),
    g(
        "RelaxedEnvironmentVariableValidation",
        true,
        true,
        GateStage::Ga,
    ),
    g("RelaxedServiceNameValidation", true, false, GateStage::Beta),
    g("ReloadKubeletClientCAFile", true, false, GateStage::Beta),
    g(
        "ReloadKubeletServerCertificateFile",
        true,
        false,
        GateStage::Beta,
    ),
    g("RemoteRequestHeaderUID", true, false, GateStage::Beta),
    g(
        "ResilientWatchCacheInitialization",
        true,
        true,
        GateStage::Ga,
    ),
    g("ResourceHealthStatus", true, false, GateStage::Beta),
    g("ResourceHealthStatusMessage", true, false, GateStage::Beta),
    g(
        "RestartAllContainersOnContainerExits",
        true,
        false,
        GateStage::Beta,
    ),
    g("RetryGenerateName", true, true, GateStage::Ga),
    g(
        "RotateKubeletServerCertificate",
        true,
        false,
        GateStage::Beta,
    ),
    g("RuntimeClassInImageCriApi", false, false, GateStage::Alpha),
    g("SELinuxChangePolicy", true, true, GateStage::Ga),
    g("SELinuxMount", false, false, GateStage::Beta),
    g("SELinuxMountReadWriteOncePod", true, true, GateStage::Ga),
    g("SchedulerAsyncAPICalls", false, false, GateStage::Beta),
    g("SchedulerAsyncPreemption", true, false, GateStage::Beta),
    g("SchedulerPopFromBackoffQ", true, false, GateStage::Beta),
    g("SchedulerQueueingHints", true, true, GateStage::Ga),
    g("SeparateCacheWatchRPC", false, true, GateStage::Deprecated),
    g("SeparateTaintEvictionController", true, true, GateStage::Ga),
    g(
        "ServiceAccountNodeAudienceRestriction",
        true,
        false,
        GateStage::Beta,
    ),
    g("ServiceAccountTokenJTI", true, true, GateStage::Ga),
    g("ServiceAccountTokenNodeBinding", true, true, GateStage::Ga),
    g(
        "ServiceAccountTokenNodeBindingValidation",
        true,
        true,
        GateStage::Ga,
    ),
    g("ServiceAccountTokenPodNodeInfo", true, true, GateStage::Ga),
    g(
        "ServiceCIDRStatusFieldWiping",
        true,
        false,
        GateStage::Deprecated,
    ),
    g("ShardedListAndWatch", false, false, GateStage::Alpha),
    g("SizeBasedListCostEstimate", true, false, GateStage::Beta),
    g(
        "StaleControllerConsistencyDaemonSet",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "StaleControllerConsistencyJob",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "StaleControllerConsistencyReplicaSet",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "StaleControllerConsistencyStatefulSet",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "StatefulSetSemanticRevisionComparison",
        true,
        false,
        GateStage::Beta,
    ),
    g("StorageCapacityScoring", false, false, GateStage::Alpha),
    g("StorageNamespaceIndex", true, false, GateStage::Deprecated),
    g("StorageVersionAPI", false, false, GateStage::Alpha),
    g("StorageVersionHash", true, false, GateStage::Beta),
    g("StorageVersionMigrator", false, false, GateStage::Beta),
    g(
        "StreamingCollectionEncodingToJSON",
        true,
        true,
        GateStage::Ga,
    ),
    g(
        "StreamingCollectionEncodingToProtobuf",
        true,
        true,
        GateStage::Ga,
    ),
    g("StrictIPCIDRValidation", true, false, GateStage::Beta),
    g(
        "StructuredAuthenticationConfiguration",
        true,
        true,
        GateStage::Ga,
    ),
    g(
        "StructuredAuthenticationConfigurationEgressSelector",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "StructuredAuthenticationConfigurationJWKSMetrics",
        true,
        false,
        GateStage::Beta,
    ),
    g("SupplementalGroupsPolicy", true, true, GateStage::Ga),
    g("SystemdWatchdog", true, true, GateStage::Ga),
    g(
        "TaintTolerationComparisonOperators",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "TokenRequestServiceAccountUIDValidation",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "TopologyAwareWorkloadScheduling",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "TopologyManagerPolicyAlphaOptions",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "TopologyManagerPolicyBetaOptions",
        true,
        false,
        GateStage::Beta,
    ),
    g("TopologyManagerPolicyOptions", true, true, GateStage::Ga),
    g(
        "TranslateStreamCloseWebsocketRequests",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "UnauthenticatedHTTP2DOSMitigation",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "UnknownVersionInteroperabilityProxy",
        true,
        false,
        GateStage::Beta,
    ),
    g("UnlockWhileProcessingFIFO", true, false, GateStage::Beta),
    g(
        "UserNamespacesHostNetworkSupport",
        false,
        false,
        GateStage::Alpha,
    ),
    g("UserNamespacesSupport", true, true, GateStage::Ga),
    g("VolumeAttributesClass", true, true, GateStage::Ga),
    g("VolumeLimitScaling", false, false, GateStage::Alpha),
    g(
        "WatchCacheInitializationPostStartHook",
        true,
        false,
        GateStage::Beta,
    ),
    g("WatchList", true, false, GateStage::Beta),
    g("WatchListClient", true, false, GateStage::Beta),
    g("WinDSR", true, true, GateStage::Ga),
    g("WinOverlay", true, true, GateStage::Ga),
    g(
        "WindowsCPUAndMemoryAffinity",
        false,
        false,
        GateStage::Alpha,
    ),
    g("WindowsGracefulNodeShutdown", true, false, GateStage::Beta),
    g("WindowsHostNetwork", false, false, GateStage::Deprecated),
    g("WorkloadWithJob", false, false, GateStage::Alpha),
];

/// Kubernetes 1.37: every feature gate the kube-apiserver knows (250), sorted by name.
pub static GATES_1_37: &[FeatureGate] = &[
    g("APIResponseCompression", true, false, GateStage::Beta),
    g("APIServerIdentity", true, false, GateStage::Beta),
    g(
        "APIServerWebhookAuthenticationToken",
        false,
        false,
        GateStage::Alpha,
    ),
    g("APIServingWithRoutine", false, false, GateStage::Alpha),
    g(
        "AggregatedDiscoveryRemoveBetaType",
        true,
        true,
        GateStage::Deprecated,
    ),
    g("AllAlpha", false, false, GateStage::Alpha),
    g("AllBeta", false, false, GateStage::Beta),
    g("AllowDNSOnlyNodeCSR", false, false, GateStage::Deprecated),
    g(
        "AllowInsecureKubeletCertificateSigningRequests",
        false,
        false,
        GateStage::Deprecated,
    ),
    g(
        "AllowOverwriteTerminationGracePeriodSeconds",
        false,
        true,
        GateStage::Deprecated,
    ),
    g(
        "AllowParsingUserUIDFromCertAuth",
        true,
        false,
        GateStage::Beta,
    ),
    g("AllowServiceExternalIPs", true, false, GateStage::Ga),
    g(
        "AllowUnsafeMalformedObjectDeletion",
        true,
        false,
        GateStage::Beta,
    ),
    g("AtomicFIFO", true, false, GateStage::Beta),
    g(
        "AtomicWriteVolumeUserFields",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "AuthorizePodWebsocketUpgradeCreatePermission",
        true,
        false,
        GateStage::Beta,
    ),
    g("CBORServingAndStorage", false, false, GateStage::Alpha),
    g(
        "CPUManagerPolicyAlphaOptions",
        false,
        false,
        GateStage::Alpha,
    ),
    g("CPUManagerPolicyBetaOptions", true, false, GateStage::Beta),
    g("CPUManagerPolicyOptions", true, true, GateStage::Ga),
    g(
        "CRDObservedGenerationTracking",
        true,
        false,
        GateStage::Beta,
    ),
    g("CRDValidationRatcheting", true, true, GateStage::Ga),
    g("CRIListStreaming", false, false, GateStage::Alpha),
    g("CSIServiceAccountTokenSecrets", true, true, GateStage::Ga),
    g("CSIVolumeHealth", false, false, GateStage::Alpha),
    g(
        "ChangeContainerStatusOnKubeletRestart",
        false,
        false,
        GateStage::Deprecated,
    ),
    g(
        "ClearingNominatedNodeNameAfterBinding",
        true,
        false,
        GateStage::Beta,
    ),
    g("ClientsAllowCARotation", true, false, GateStage::Beta),
    g("ClientsAllowCBOR", false, false, GateStage::Alpha),
    g("ClientsAllowTLSCacheGC", true, false, GateStage::Beta),
    g("ClientsPreferCBOR", false, false, GateStage::Alpha),
    g(
        "CloudControllerManagerWatchBasedRoutesReconciliation",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "CloudControllerManagerWebhook",
        false,
        false,
        GateStage::Alpha,
    ),
    g("ClusterTrustBundle", true, false, GateStage::Ga),
    g("ClusterTrustBundleProjection", true, false, GateStage::Ga),
    g("ComponentFlagz", true, false, GateStage::Beta),
    g("ComponentStatusz", true, false, GateStage::Beta),
    g("CompositePodGroup", false, false, GateStage::Alpha),
    g("ConcurrentWatchObjectDecode", true, false, GateStage::Beta),
    g(
        "ConsistentListFromCacheSkipTimeoutFallback",
        false,
        false,
        GateStage::Alpha,
    ),
    g("ConstrainedImpersonation", true, false, GateStage::Beta),
    g("ContainerCheckpoint", true, false, GateStage::Beta),
    g("ContainerRestartRules", true, false, GateStage::Beta),
    g("ContainerStopSignals", false, false, GateStage::Alpha),
    g("ContextualLogging", true, false, GateStage::Beta),
    g("CoordinatedLeaderElection", false, false, GateStage::Beta),
    g(
        "CrossNamespaceVolumeDataSource",
        false,
        false,
        GateStage::Alpha,
    ),
    g("CustomCPUCFSQuotaPeriod", true, false, GateStage::Ga),
    g("CustomResourceFieldSelectors", true, true, GateStage::Ga),
    g("DRAAdminAccess", true, true, GateStage::Ga),
    g("DRAConsumableCapacity", true, false, GateStage::Beta),
    g("DRADerivedAttributes", false, false, GateStage::Alpha),
    g("DRADeviceBindingConditions", true, false, GateStage::Beta),
    g("DRADeviceTaintRules", true, false, GateStage::Ga),
    g("DRADeviceTaints", true, false, GateStage::Ga),
    g("DRAExtendedResource", true, true, GateStage::Ga),
    g("DRAFractionalCapacityRange", false, false, GateStage::Beta),
    g("DRAListTypeAttributes", false, false, GateStage::Alpha),
    g(
        "DRANodeAllocatableResources",
        false,
        false,
        GateStage::Alpha,
    ),
    g("DRAOptionalNodeOperations", false, false, GateStage::Alpha),
    g("DRAPartitionableDevices", true, false, GateStage::Beta),
    g(
        "DRAPartitionableDevicesType",
        false,
        false,
        GateStage::Alpha,
    ),
    g("DRAPrioritizedList", true, true, GateStage::Ga),
    g("DRAResourceClaimDeviceStatus", true, true, GateStage::Ga),
    g(
        "DRAResourceClaimGranularStatusAuthorization",
        true,
        false,
        GateStage::Beta,
    ),
    g("DRAResourcePoolStatus", false, false, GateStage::Alpha),
    g("DRASchedulerFilterTimeout", true, false, GateStage::Beta),
    g("DRAWorkloadResourceClaims", false, false, GateStage::Alpha),
    g("DeclarativeValidation", true, true, GateStage::Ga),
    g("DeclarativeValidationBeta", true, false, GateStage::Beta),
    g(
        "DeclarativeValidationTakeover",
        false,
        true,
        GateStage::Deprecated,
    ),
    g("DefaultPodSysctls", false, false, GateStage::Alpha),
    g(
        "DeploymentReplicaSetTerminatingReplicas",
        true,
        false,
        GateStage::Beta,
    ),
    g("DetectCacheInconsistency", true, false, GateStage::Beta),
    g("DisableAllocatorDualWrite", true, true, GateStage::Ga),
    g(
        "DisableCPUQuotaWithExclusiveCPUs",
        true,
        true,
        GateStage::Deprecated,
    ),
    g(
        "DisableNodeKubeProxyVersion",
        true,
        true,
        GateStage::Deprecated,
    ),
    g("DynamicResourceAllocation", true, true, GateStage::Ga),
    g("EmptyDirVolumeMode", false, false, GateStage::Alpha),
    g("EnvFiles", true, false, GateStage::Beta),
    g("EtcdRangeStream", true, false, GateStage::Beta),
    g("EventedPLEG", false, false, GateStage::Alpha),
    g("EvictionRequestAPI", false, false, GateStage::Alpha),
    g(
        "ExcludeAdmissionWebhookVirtualResources",
        true,
        false,
        GateStage::Beta,
    ),
    g("ExecProbeTimeout", true, true, GateStage::Ga),
    g("ExtendWebSocketsToKubelet", true, false, GateStage::Beta),
    g(
        "ExternalServiceAccountTokenSigner",
        true,
        true,
        GateStage::Ga,
    ),
    g("GRPCContainerProbeTLS", false, false, GateStage::Alpha),
    g("GenericWorkload", false, false, GateStage::Beta),
    g("GitRepoVolumeDriver", false, true, GateStage::Deprecated),
    g("GracefulNodeShutdown", true, false, GateStage::Beta),
    g(
        "GracefulNodeShutdownBasedOnPodPriority",
        true,
        false,
        GateStage::Beta,
    ),
    g("H2CContainerProbe", false, false, GateStage::Alpha),
    g("HPAConfigurableTolerance", true, true, GateStage::Ga),
    g("HPAGeneration", true, false, GateStage::Beta),
    g("HPAOptimizedSelectorStore", true, false, GateStage::Beta),
    g("HPAScaleToZero", true, false, GateStage::Beta),
    g("HostnameOverride", true, true, GateStage::Ga),
    g("HugepageAwareEviction", true, false, GateStage::Beta),
    g("ImageMaximumGCAge", true, true, GateStage::Ga),
    g("ImageVolume", true, true, GateStage::Ga),
    g("ImageVolumeWithDigest", false, false, GateStage::Alpha),
    g("InOrderInformers", true, true, GateStage::Ga),
    g("InOrderInformersBatchProcess", true, false, GateStage::Beta),
    g(
        "InPlacePodLevelResourcesVerticalScaling",
        true,
        false,
        GateStage::Beta,
    ),
    g("InPlacePodVerticalScaling", true, true, GateStage::Ga),
    g(
        "InPlacePodVerticalScalingExclusiveCPUs",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "InPlacePodVerticalScalingExclusiveMemory",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "InPlacePodVerticalScalingInitContainers",
        true,
        true,
        GateStage::Ga,
    ),
    g(
        "InPlacePodVerticalScalingMemoryBackedVolumes",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "InPlacePodVerticalScalingSchedulerPreemption",
        false,
        false,
        GateStage::Alpha,
    ),
    g("InformerResourceVersion", true, false, GateStage::Ga),
    g("JobManagedBy", true, true, GateStage::Ga),
    g("KMSv1", false, false, GateStage::Deprecated),
    g("KubeProxyIPVS", true, false, GateStage::Deprecated),
    g(
        "KubeProxyNFTablesLocalhostNodePorts",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "KubeletAllocatedPodsEndpoint",
        false,
        false,
        GateStage::Alpha,
    ),
    g("KubeletCgroupDriverFromCRI", true, true, GateStage::Ga),
    g("KubeletCrashLoopBackOffMax", true, false, GateStage::Beta),
    g(
        "KubeletEnsureSecretPulledImages",
        true,
        false,
        GateStage::Beta,
    ),
    g("KubeletFineGrainedAuthz", true, true, GateStage::Ga),
    g("KubeletInUserNamespace", true, false, GateStage::Beta),
    g("KubeletPSI", true, true, GateStage::Ga),
    g(
        "KubeletPodResourcesDynamicResources",
        true,
        true,
        GateStage::Ga,
    ),
    g("KubeletPodResourcesGet", true, true, GateStage::Ga),
    g(
        "KubeletPodResourcesListUseActivePods",
        true,
        false,
        GateStage::Deprecated,
    ),
    g(
        "KubeletRegistrationGetOnExistsOnly",
        false,
        false,
        GateStage::Deprecated,
    ),
    g("KubeletSeparateDiskGC", true, false, GateStage::Beta),
    g(
        "KubeletServiceAccountTokenForCredentialProviders",
        true,
        false,
        GateStage::Beta,
    ),
    g("KubeletTracing", true, true, GateStage::Ga),
    g("ListFromCacheSnapshot", true, false, GateStage::Beta),
    g(
        "LocalStorageCapacityIsolationFSQuotaMonitoring",
        false,
        false,
        GateStage::Beta,
    ),
    g("LoggingAlphaOptions", false, false, GateStage::Alpha),
    g("LoggingBetaOptions", true, false, GateStage::Beta),
    g(
        "ManifestBasedAdmissionControlConfig",
        true,
        false,
        GateStage::Beta,
    ),
    g("MatchLabelKeysInPodAffinity", true, true, GateStage::Ga),
    g(
        "MatchLabelKeysInPodTopologySpread",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "MatchLabelKeysInPodTopologySpreadSelectorMerge",
        true,
        false,
        GateStage::Beta,
    ),
    g("MaxUnavailableStatefulSet", true, false, GateStage::Beta),
    g("MemoryQoS", true, false, GateStage::Beta),
    g("MultiCIDRServiceAllocator", true, true, GateStage::Ga),
    g("MutableCSINodeAllocatableCount", true, true, GateStage::Ga),
    g("MutablePVNodeAffinity", false, false, GateStage::Alpha),
    g(
        "MutablePodResourcesForSuspendedJobs",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "MutableSchedulingDirectivesForSuspendedJobs",
        true,
        false,
        GateStage::Beta,
    ),
    g("MutatingAdmissionPolicy", true, false, GateStage::Ga),
    g("NFTablesNetlink", true, false, GateStage::Beta),
    g("NFTablesProxyMode", true, true, GateStage::Ga),
    g("NativeHistograms", true, false, GateStage::Beta),
    g(
        "NodeControllerLeaseCircuitBreaker",
        true,
        false,
        GateStage::Beta,
    ),
    g("NodeDeclaredFeatures", true, true, GateStage::Ga),
    g(
        "NodeInclusionPolicyInPodTopologySpread",
        true,
        true,
        GateStage::Ga,
    ),
    g("NodeLifecycleConditions", false, false, GateStage::Alpha),
    g("NodeLogQuery", true, true, GateStage::Ga),
    g("NodeSwap", true, true, GateStage::Ga),
    g(
        "NominatedNodeNameForExpectation",
        true,
        false,
        GateStage::Beta,
    ),
    g("OpenAPIEnums", true, false, GateStage::Beta),
    g("OpportunisticBatching", true, false, GateStage::Beta),
    g("PLEGOnDemandRelist", true, true, GateStage::Ga),
    g(
        "PersistentVolumeClaimUnusedSinceTime",
        true,
        false,
        GateStage::Beta,
    ),
    g("PodAndContainerStatsFromCRI", false, false, GateStage::Beta),
    g("PodCertificateRequest", true, false, GateStage::Ga),
    g("PodDeletionCost", true, false, GateStage::Beta),
    g("PodGroupPreemptionPolicy", false, false, GateStage::Alpha),
    g("PodLevelResourceManagers", true, false, GateStage::Beta),
    g("PodLevelResources", true, false, GateStage::Beta),
    g(
        "PodLevelResourcesFixDefaulting",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "PodLevelResourcesFixKubeletQOSClass",
        true,
        false,
        GateStage::Beta,
    ),
    g("PodLogsQuerySplitStreams", false, false, GateStage::Alpha),
    g("PodObservedGenerationTracking", true, true, GateStage::Ga),
    g(
        "PodReadyToStartContainersCondition",
        true,
        true,
        GateStage::Ga,
    ),
    g("PodSchedulingReadiness", true, true, GateStage::Ga),
    g("PodTopologyLabelsAdmission", true, false, GateStage::Beta),
    g("PodsAPI", true, false, GateStage::Beta),
    g("PortForwardWebsockets", true, false, GateStage::Beta),
    g("PreferSameTrafficDistribution", true, true, GateStage::Ga),
    g("ProcMountType", true, true, GateStage::Ga),
    g("QOSReserved", false, false, GateStage::Alpha),
    g("RecoverVolumeExpansionFailure", true, true, GateStage::Ga),
    g("RecursiveReadOnlyMounts", true, true, GateStage::Ga),
    g(
        "ReduceDefaultCrashLoopBackOffDecay",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "RelaxedEnvironmentVariableValidation",
        true,
        true,
        GateStage::Ga,
    ),
    g("RelaxedServiceNameValidation", true, true, GateStage::Ga),
    g("ReloadKubeletClientCAFile", true, false, GateStage::Beta),
    g(
        "ReloadKubeletServerCertificateFile",
        true,
        false,
        GateStage::Beta,
    ),
    g("RemoteRequestHeaderUID", true, false, GateStage::Beta),
    g("ResourceHealthStatus", true, false, GateStage::Beta),
    g("ResourceHealthStatusMessage", true, false, GateStage::Beta),
    g(
        "RestartAllContainersOnContainerExits",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "RotateKubeletServerCertificate",
        true,
        false,
        GateStage::Beta,
    ),
    g("RuntimeClassInImageCriApi", false, false, GateStage::Alpha),
    g("SELinuxChangePolicy", true, true, GateStage::Ga),
    g("SELinuxMount", true, false, GateStage::Ga),
    g("SELinuxMountReadWriteOncePod", true, true, GateStage::Ga),
    g("SchedulerAsyncAPICalls", false, false, GateStage::Beta),
    g("SchedulerAsyncPreemption", true, false, GateStage::Beta),
    g("SchedulerPopFromBackoffQ", true, false, GateStage::Beta),
    g("SeparateCacheWatchRPC", false, true, GateStage::Deprecated),
    g("SeparateTaintEvictionController", true, true, GateStage::Ga),
    g(
        "ServiceAccountNodeAudienceRestriction",
        true,
        false,
        GateStage::Beta,
    ),
    g("ServiceAccountTokenJTI", true, true, GateStage::Ga),
    g("ServiceAccountTokenNodeBinding", true, true, GateStage::Ga),
    g(
        "ServiceAccountTokenNodeBindingValidation",
        true,
        true,
        GateStage::Ga,
    ),
    g("ServiceAccountTokenPodNodeInfo", true, true, GateStage::Ga),
    g(
        "ServiceCIDRStatusFieldWiping",
        true,
        false,
        GateStage::Deprecated,
    ),
    g("ShardedListAndWatch", false, false, GateStage::Alpha),
    g("SizeBasedListCostEstimate", true, false, GateStage::Beta),
    g(
        "StaleControllerConsistencyDaemonSet",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "StaleControllerConsistencyHPA",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "StaleControllerConsistencyJob",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "StaleControllerConsistencyReplicaSet",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "StaleControllerConsistencyStatefulSet",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "StatefulSetRecreateStrategy",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "StatefulSetSemanticRevisionComparison",
        true,
        false,
        GateStage::Beta,
    ),
    g("StorageCapacityScoring", true, false, GateStage::Beta),
    g("StorageNamespaceIndex", true, false, GateStage::Deprecated),
    g("StorageVersionAPI", false, false, GateStage::Alpha),
    g("StorageVersionHash", true, false, GateStage::Beta),
    g("StorageVersionMigrator", true, false, GateStage::Ga),
    g("StrictIPCIDRValidation", true, false, GateStage::Beta),
    g(
        "StructuredAuthenticationConfigurationEgressSelector",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "StructuredAuthenticationConfigurationJWKSMetrics",
        true,
        false,
        GateStage::Beta,
    ),
    g("SupplementalGroupsPolicy", true, true, GateStage::Ga),
    g("SystemdWatchdog", true, true, GateStage::Ga),
    g(
        "TaintTolerationComparisonOperators",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "TokenRequestServiceAccountUIDValidation",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "TopologyAwareWorkloadScheduling",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "TopologyManagerPolicyAlphaOptions",
        false,
        false,
        GateStage::Alpha,
    ),
    g(
        "TopologyManagerPolicyBetaOptions",
        true,
        false,
        GateStage::Beta,
    ),
    g("TopologyManagerPolicyOptions", true, true, GateStage::Ga),
    g(
        "TranslateStreamCloseWebsocketRequests",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "UnauthenticatedHTTP2DOSMitigation",
        true,
        false,
        GateStage::Beta,
    ),
    g(
        "UnknownVersionInteroperabilityProxy",
        true,
        false,
        GateStage::Beta,
    ),
    g("UnlockWhileProcessingFIFO", true, false, GateStage::Beta),
    g(
        "UserNamespacesHostNetworkSupport",
        false,
        false,
        GateStage::Alpha,
    ),
    g("UserNamespacesSupport", true, true, GateStage::Ga),
    g("VolumeAttributesClass", true, true, GateStage::Ga),
    g("VolumeBindMountOptions", false, false, GateStage::Alpha),
    g("VolumeLimitScaling", true, false, GateStage::Beta),
    g(
        "WatchCacheInitializationPostStartHook",
        true,
        true,
        GateStage::Ga,
    ),
    g("WatchList", true, false, GateStage::Beta),
    g("WatchListClient", true, false, GateStage::Beta),
    g("WatchListCompression", true, false, GateStage::Beta),
    g(
        "WebhookRoundTripLoadBalancing",
        true,
        false,
        GateStage::Beta,
    ),
    g("WinDSR", true, true, GateStage::Ga),
    g("WinOverlay", true, true, GateStage::Ga),
    g(
        "WindowsCPUAndMemoryAffinity",
        false,
        false,
        GateStage::Alpha,
    ),
    g("WindowsGracefulNodeShutdown", true, false, GateStage::Beta),
    g("WindowsHostNetwork", false, false, GateStage::Deprecated),
    g("WorkloadWithJob", false, false, GateStage::Alpha),
];

const fn g(name: &'static str, default: bool, locked: bool, stage: GateStage) -> FeatureGate {
    FeatureGate {
        name,
        default,
        locked,
        stage,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gate(s: Semantics, n: &str) -> (bool, bool, GateStage) {
        let g = find(s, n).unwrap_or_else(|| panic!("{n} missing in {s}"));
        (g.default, g.locked, g.stage)
    }

    #[test]
    fn tables_sorted_without_duplicates() {
        for s in Semantics::ALL {
            let t = table(s);
            assert!(t.len() > 200, "{s}: {}", t.len());
            for w in t.windows(2) {
                assert!(w[0].name < w[1].name, "{s}: {} !< {}", w[0].name, w[1].name);
            }
            for g in t {
                assert_eq!(find(s, g.name).map(|x| x.name), Some(g.name));
            }
        }
    }

    #[test]
    fn lifecycle_gates_match_gates_defaults() {
        use crate::lifecycle::Gates;
        for s in Semantics::ALL {
            let d = Gates::defaults(s);
            assert_eq!(
                find(s, "DeclarativeValidation").unwrap().default,
                d.declarative_validation
            );
            match find(s, "DeclarativeValidationTakeover") {
                Some(g) => assert_eq!(g.default, d.takeover, "{s}"),
                None => panic!("DeclarativeValidationTakeover missing in {s}"),
            }
            match find(s, "DeclarativeValidationBeta") {
                Some(g) => assert_eq!(g.default, d.beta, "{s}"),
                None => assert!(!d.beta && s == Semantics::V1_35),
            }
            // AllDeclarativeEnforcedForTest is a test-only context hook in
            // Kubernetes, not a feature gate.
            assert!(find(s, "AllDeclarativeEnforcedForTest").is_none());
            assert!(!d.all_enforced_for_test);
        }
        assert_eq!(
            gate(Semantics::V1_35, "DeclarativeValidation"),
            (true, false, GateStage::Beta)
        );
        assert_eq!(
            gate(Semantics::V1_36, "DeclarativeValidation"),
            (true, true, GateStage::Ga)
        );
        assert_eq!(
            gate(Semantics::V1_35, "DeclarativeValidationTakeover"),
            (false, false, GateStage::Beta)
        );
        assert_eq!(
            gate(Semantics::V1_36, "DeclarativeValidationTakeover"),
            (false, false, GateStage::Deprecated)
        );
        assert_eq!(
            gate(Semantics::V1_37, "DeclarativeValidationTakeover"),
            (false, true, GateStage::Deprecated)
        );
    }

    #[test]
    fn well_known_gates() {
        use GateStage::*;
        use Semantics::*;
        let cases: &[(Semantics, &str, (bool, bool, GateStage))] = &[
            (V1_35, "CSIServiceAccountTokenSecrets", (true, false, Beta)),
            (V1_36, "CSIServiceAccountTokenSecrets", (true, true, Ga)),
            (V1_36, "DRAListTypeAttributes", (false, false, Alpha)),
            (V1_35, "DRAPrioritizedList", (true, false, Beta)),
            (V1_36, "DRAPrioritizedList", (true, false, Ga)),
            (V1_37, "DRAPrioritizedList", (true, true, Ga)),
            (V1_35, "DRAAdminAccess", (true, false, Beta)),
            (V1_36, "DRAAdminAccess", (true, true, Ga)),
            (V1_36, "HPAScaleToZero", (false, false, Alpha)),
            (V1_37, "HPAScaleToZero", (true, false, Beta)),
            (V1_37, "PodDeletionCost", (true, false, Beta)),
            (
                V1_35,
                "RelaxedEnvironmentVariableValidation",
                (true, true, Ga),
            ),
            (V1_35, "SELinuxMountReadWriteOncePod", (true, false, Beta)),
            (V1_36, "SELinuxMountReadWriteOncePod", (true, true, Ga)),
            (V1_35, "MutableCSINodeAllocatableCount", (true, false, Beta)),
            (V1_36, "MutableCSINodeAllocatableCount", (true, true, Ga)),
            (V1_35, "StrictIPCIDRValidation", (false, false, Alpha)),
            (V1_36, "StrictIPCIDRValidation", (true, false, Beta)),
            (V1_35, "DRAConsumableCapacity", (false, false, Alpha)),
            (V1_36, "DRAConsumableCapacity", (true, false, Beta)),
            (V1_35, "DRAResourceClaimDeviceStatus", (true, false, Beta)),
            (V1_37, "DRAResourceClaimDeviceStatus", (true, true, Ga)),
            (V1_35, "DRAExtendedResource", (false, false, Alpha)),
            (V1_36, "DRAExtendedResource", (true, false, Beta)),
            (V1_37, "DRAExtendedResource", (true, true, Ga)),
            (V1_37, "DRAFractionalCapacityRange", (false, false, Beta)),
            (V1_37, "CustomCPUCFSQuotaPeriod", (true, false, Ga)),
            (V1_35, "SidecarContainers", (true, true, Ga)),
            (V1_36, "AuthorizeWithSelectors", (true, true, Ga)),
            (
                V1_35,
                "WatchFromStorageWithoutResourceVersion",
                (false, true, Deprecated),
            ),
            (V1_37, "NativeHistograms", (true, false, Beta)),
            (V1_37, "AllAlpha", (false, false, Alpha)),
            (V1_37, "AtomicFIFO", (true, false, Beta)),
            (V1_37, "LoggingBetaOptions", (true, false, Beta)),
        ];
        for (s, n, want) in cases {
            assert_eq!(gate(*s, n), *want, "{n} in {s}");
        }
        for (s, n) in [
            (V1_35, "DRAListTypeAttributes"),
            (V1_35, "NativeHistograms"),
            (V1_36, "SidecarContainers"),
            (V1_37, "AuthorizeWithSelectors"),
            (V1_36, "WatchFromStorageWithoutResourceVersion"),
            (V1_36, "CompositePodGroup"),
            (V1_37, "PreventStaticPodAPIReferences"),
        ] {
            assert!(find(s, n).is_none(), "{n} should be unknown in {s}");
        }
        assert!(find(V1_36, "PreventStaticPodAPIReferences").is_some());
    }

    #[test]
    fn nearest_and_error() {
        assert_eq!(
            nearest(Semantics::V1_37, "HPAScaleToZer0"),
            Some("HPAScaleToZero")
        );
        assert_eq!(
            nearest(Semantics::V1_37, "podDeletionCost"),
            Some("PodDeletionCost")
        );
        assert_eq!(
            nearest(Semantics::V1_35, "DeclarativeValidationBeta"),
            Some("DeclarativeValidation")
        );
        assert_eq!(nearest(Semantics::V1_37, "NoSuchThingAtAll"), None);
        assert_eq!(
            lookup(Semantics::V1_37, "PodDeletionCost").unwrap().name,
            "PodDeletionCost"
        );
        let e = lookup(Semantics::V1_37, "DeclarativeValidationBta").unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown feature gate \"DeclarativeValidationBta\" in Kubernetes 1.37; did you mean \"DeclarativeValidationBeta\"?"
        );
        let e = lookup(Semantics::V1_36, "Zzz").unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown feature gate \"Zzz\" in Kubernetes 1.36"
        );
        assert_eq!(e.suggestion, None);
    }
}
