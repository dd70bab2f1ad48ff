//! `core/v1` validation: the ReplicationController pair and the pod template
//! checks it embeds.

pub mod container;
pub mod dns_search;
pub mod env_from;
pub mod ephemeral;
pub mod handler;
pub mod image_volume;
pub mod mount_options;
pub mod object_meta;
pub mod persistent_volume_claim_spec;
pub mod pod_spec;
pub mod probe;
pub mod projected;
pub mod quantity;
pub mod replication_controller;
pub mod resize_policy;
pub mod resources;
pub mod security_context;
pub mod volume;
pub mod volume_devices;
pub mod volume_plugins;
pub mod volume_sources;
