//! The pairs bundled with dv-harness: every API kind and tag fixture of
//! the `declarative` / `handwritten` crates whose both sides exist.
//!
//! Registering a pair is one line:
//!
//! ```text
//! registry.register(crate::pair!("v1", "ReplicationController",
//!     declarative::api::core::v1::ReplicationController,
//!     handwritten::core::v1::replication_controller))?;
//! ```
//!
//! chaining `.with_strategy(Strategy::default()...)` when the kind's
//! strategy opts in to enforcement (1.36), has normalisation rules, or reads
//! feature gates (declared as options so case files may set them).

use crate::pair::{DuplicatePair, Registry, Strategy};
use handwritten::autoscaling::v1::horizontal_pod_autoscaler;
use handwritten::core::v1::replication_controller;
use handwritten::storage::v1::{csi_driver, volume_attachment};

/// Adds every bundled pair to `registry`.
///
/// ```
/// let registry = dv_harness::bundled::register_all(dv_harness::pair::Registry::new()).unwrap();
/// assert!(registry.find("ReplicationController", Some("v1")).is_ok());
/// assert!(registry.find("CertificateSigningRequest", None).is_ok());
/// assert!(registry.find("StorageClass", Some("storage.k8s.io/v1")).is_ok());
/// ```
pub fn register_all(mut registry: Registry) -> Result<Registry, DuplicatePair> {
    // Legacy kinds: their 1.36 strategies call ValidateDeclarativelyWithMigrationChecks
    // without WithDeclarativeEnforcement() and define no options or normalisation rules.
    // The feature gates the RC hand-written validation reads (both default on).
    let rc_gates = Strategy::default()
        .option(replication_controller::RELAXED_ENV_VAR_OPTION, true)
        .option(replication_controller::POD_DELETION_COST_OPTION, true);
    registry.register(
        crate::pair!(
            "v1",
            "ReplicationController",
            declarative::api::core::v1::ReplicationController,
            handwritten::core::v1::replication_controller
        )
        .with_strategy(rc_gates),
    )?;
    registry.register(crate::pair!(
        "certificates.k8s.io/v1",
        "CertificateSigningRequest",
        declarative::api::certificates::v1::CertificateSigningRequest,
        handwritten::certificates::v1::certificate_signing_request
    ))?;
    registry.register(
        crate::pair!(
            "autoscaling/v1",
            "HorizontalPodAutoscaler",
            declarative::api::autoscaling::v1::HorizontalPodAutoscaler,
            handwritten::autoscaling::v1::horizontal_pod_autoscaler
        )
        .with_strategy(
            Strategy::default().option(horizontal_pod_autoscaler::HPA_SCALE_TO_ZERO, false),
        ),
    )?;
    registry.register(crate::pair!(
        "storage.k8s.io/v1",
        "StorageClass",
        declarative::api::storage::v1::StorageClass,
        handwritten::storage::v1::storage_class
    ))?;
    registry.register(
        crate::pair!(
            "storage.k8s.io/v1",
            "VolumeAttachment",
            declarative::api::storage::v1::VolumeAttachment,
            handwritten::storage::v1::volume_attachment
        )
        .with_strategy(
            Strategy::default().option(volume_attachment::MUTABLE_CSI_NODE_ALLOCATABLE_COUNT, true),
        ),
    )?;
    registry.register(
        crate::pair!(
            "storage.k8s.io/v1",
            "CSIDriver",
            declarative::api::storage::v1::CSIDriver,
            handwritten::storage::v1::csi_driver
        )
        .with_strategy(
            Strategy::default()
                .option(csi_driver::SELINUX_MOUNT_READ_WRITE_ONCE_POD, true)
                .option(csi_driver::MUTABLE_CSI_NODE_ALLOCATABLE_COUNT, true),
        ),
    )?;
    Ok(registry)
}
