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

use crate::pair::{DuplicatePair, Registry};

/// Adds every bundled pair to `registry`.
///
/// ```
/// let registry = dv_harness::bundled::register_all(dv_harness::pair::Registry::new()).unwrap();
/// assert!(registry.find("ReplicationController", Some("v1")).is_ok());
/// ```
pub fn register_all(mut registry: Registry) -> Result<Registry, DuplicatePair> {
    // Legacy kinds: their 1.36 strategies call ValidateDeclarativelyWithMigrationChecks
    // without WithDeclarativeEnforcement() and define no options or normalisation rules.
    registry.register(crate::pair!(
        "v1",
        "ReplicationController",
        declarative::api::core::v1::ReplicationController,
        handwritten::core::v1::replication_controller
    ))?;
    Ok(registry)
}
