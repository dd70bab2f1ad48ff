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
use handwritten::core::v1::replication_controller;

/// Adds every bundled pair to `registry`.
///
/// ```
/// let registry = dv_harness::bundled::register_all(dv_harness::pair::Registry::new()).unwrap();
/// assert!(registry.find("ReplicationController", Some("v1")).is_ok());
/// assert!(registry.find("CertificateSigningRequest", None).is_ok());
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
    Ok(registry)
}
