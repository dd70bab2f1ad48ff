//! `core/v1`: the [`ReplicationController`] kind and the pod template types it
//! embeds, and the [`PersistentVolumeSpec`] a VolumeAttachment's inline volume
//! spec is.

mod affinity;
mod azure_file_persistent_volume_source;
mod cephfs_persistent_volume_source;
mod cinder_persistent_volume_source;
mod container;
mod container_resize_policy;
mod container_resource_claim;
mod csi_persistent_volume_source;
mod env_from_source;
mod ephemeral_volume_source;
mod flex_persistent_volume_source;
mod glusterfs_persistent_volume_source;
mod handler_actions;
mod host_alias;
mod image_volume_source;
mod iscsi_persistent_volume_source;
mod lifecycle;
mod local_volume_source;
mod node_affinity;
mod node_selector;
mod node_selector_json;
mod node_selector_requirement;
mod node_selector_term;
mod object_reference;
mod persistent_volume_claim_spec;
mod persistent_volume_claim_template;
mod persistent_volume_spec;
mod pod_affinity;
mod pod_affinity_term;
mod pod_anti_affinity;
mod pod_os;
mod pod_readiness_gate;
mod pod_resource_claim;
mod pod_scheduling_gate;
mod pod_security_context;
mod pod_spec;
mod pod_template_spec;
mod preferred_scheduling_term;
mod probe;
mod projected;
mod rbd_persistent_volume_source;
mod replication_controller;
mod scale_io_persistent_volume_source;
mod secret_reference;
mod security_context;
mod serde_quantity;
mod storage_os_persistent_volume_source;
mod topology_spread_constraint;
mod typed_local_object_reference;
mod typed_object_reference;
mod volume;
mod volume_device;
mod volume_node_affinity;
mod volume_plugins;
mod volume_resource_requirements;
mod volume_sources;
mod weighted_pod_affinity_term;

pub use affinity::Affinity;
pub use azure_file_persistent_volume_source::AzureFilePersistentVolumeSource;
pub use cephfs_persistent_volume_source::CephFSPersistentVolumeSource;
pub use cinder_persistent_volume_source::CinderPersistentVolumeSource;
pub use container::{
    ConfigMapKeySelector, Container, ContainerPort, EnvVar, EnvVarSource, EphemeralContainer,
    ObjectFieldSelector, ResourceFieldSelector, ResourceRequirements, SecretKeySelector,
    VolumeMount,
};
pub use container_resize_policy::ContainerResizePolicy;
pub use container_resource_claim::ResourceClaim;
pub use csi_persistent_volume_source::CSIPersistentVolumeSource;
pub use env_from_source::{ConfigMapEnvSource, EnvFromSource, SecretEnvSource};
pub use ephemeral_volume_source::EphemeralVolumeSource;
pub use flex_persistent_volume_source::FlexPersistentVolumeSource;
pub use glusterfs_persistent_volume_source::GlusterfsPersistentVolumeSource;
pub use handler_actions::{
    ExecAction, GRPCAction, HTTPGetAction, HTTPHeader, SleepAction, TCPSocketAction,
};
pub use host_alias::HostAlias;
pub use image_volume_source::ImageVolumeSource;
pub use iscsi_persistent_volume_source::ISCSIPersistentVolumeSource;
pub use lifecycle::{Lifecycle, LifecycleHandler};
pub use local_volume_source::LocalVolumeSource;
pub use node_affinity::NodeAffinity;
pub use node_selector::NodeSelector;
pub use node_selector_json::NodeSelectorJson;
pub use node_selector_requirement::NodeSelectorRequirement;
pub use node_selector_term::NodeSelectorTerm;
pub use object_reference::ObjectReference;
pub use persistent_volume_claim_spec::PersistentVolumeClaimSpec;
pub use persistent_volume_claim_template::PersistentVolumeClaimTemplate;
pub use persistent_volume_spec::PersistentVolumeSpec;
pub use pod_affinity::PodAffinity;
pub use pod_affinity_term::PodAffinityTerm;
pub use pod_anti_affinity::PodAntiAffinity;
pub use pod_os::PodOS;
pub use pod_readiness_gate::PodReadinessGate;
pub use pod_resource_claim::PodResourceClaim;
pub use pod_scheduling_gate::PodSchedulingGate;
pub use pod_security_context::{PodSecurityContext, Sysctl};
pub use pod_spec::{PodDNSConfig, PodDNSConfigOption, PodSpec, Toleration};
pub use pod_template_spec::PodTemplateSpec;
pub use preferred_scheduling_term::PreferredSchedulingTerm;
pub use probe::Probe;
pub use projected::{
    ClusterTrustBundleProjection, ConfigMapProjection, DownwardAPIProjection,
    DownwardAPIVolumeFile, DownwardAPIVolumeSource, ProjectedVolumeSource, SecretProjection,
    ServiceAccountTokenProjection, VolumeProjection,
};
pub use rbd_persistent_volume_source::RBDPersistentVolumeSource;
pub use replication_controller::{
    ReplicationController, ReplicationControllerCondition, ReplicationControllerSpec,
    ReplicationControllerStatus,
};
pub use scale_io_persistent_volume_source::ScaleIOPersistentVolumeSource;
pub use secret_reference::SecretReference;
pub use security_context::{
    AppArmorProfile, Capabilities, SELinuxOptions, SeccompProfile, SecurityContext,
    WindowsSecurityContextOptions,
};
pub use storage_os_persistent_volume_source::StorageOSPersistentVolumeSource;
pub use topology_spread_constraint::TopologySpreadConstraint;
pub use typed_local_object_reference::TypedLocalObjectReference;
pub use typed_object_reference::TypedObjectReference;
pub use volume::{
    ConfigMapVolumeSource, EmptyDirVolumeSource, HostPathVolumeSource, KeyToPath,
    PersistentVolumeClaimVolumeSource, SecretVolumeSource, Volume,
};
pub use volume_device::VolumeDevice;
pub use volume_node_affinity::VolumeNodeAffinity;
pub use volume_plugins::{
    AzureDiskVolumeSource, AzureFileVolumeSource, CSIVolumeSource, CephFSVolumeSource,
    CinderVolumeSource, FlexVolumeSource, ISCSIVolumeSource, LocalObjectReference,
    PhotonPersistentDiskVolumeSource, PortworxVolumeSource, QuobyteVolumeSource, RBDVolumeSource,
    ScaleIOVolumeSource, StorageOSVolumeSource, VsphereVirtualDiskVolumeSource,
};
pub use volume_resource_requirements::VolumeResourceRequirements;
pub use volume_sources::{
    AWSElasticBlockStoreVolumeSource, FCVolumeSource, FlockerVolumeSource,
    GCEPersistentDiskVolumeSource, GitRepoVolumeSource, GlusterfsVolumeSource, NFSVolumeSource,
};
pub use weighted_pod_affinity_term::WeightedPodAffinityTerm;
