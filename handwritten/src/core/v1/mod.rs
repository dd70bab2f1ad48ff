//! `core/v1` validation: the ReplicationController pair and the pod template
//! checks it embeds.

pub mod affinity;
pub mod container;
pub mod dns_search;
pub mod env_from;
pub mod ephemeral;
pub mod handler;
pub mod host_alias;
pub mod image_volume;
pub mod mount_options;
pub mod node_selector;
pub mod object_meta;
pub mod os_fields;
pub mod persistent_volume_claim_spec;
pub mod pod_os;
pub mod pod_readiness_gate;
pub mod pod_scheduling_gate;
pub mod pod_security_context;
pub mod pod_spec;
pub mod probe;
pub mod projected;
pub mod qualified_name;
pub mod quantity;
pub mod replication_controller;
pub mod resize_policy;
pub mod resources;
pub mod security_context;
pub mod security_profiles;
pub mod topology_spread_constraint;
pub mod visit_containers;
pub mod volume;
pub mod volume_devices;
pub mod volume_plugins;
pub mod volume_sources;
pub mod windows_options;
