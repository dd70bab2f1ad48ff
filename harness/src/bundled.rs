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
    register_fixtures(registry)
}

/// The apiVersion under which the tag fixtures are registered.
pub const FIXTURE_API_VERSION: &str = "fixtures.dv-harness.io/v1";

/// Registers the tag fixture `declarative::fixtures::<module>::<Type>` with
/// its hand-written twin `handwritten::fixtures::<module>` (or the given
/// submodule), as kind `<Type>` under [`FIXTURE_API_VERSION`].
macro_rules! fixture {
    ($registry:ident, $module:ident :: $ty:ident) => {
        fixture!($registry, $module::$ty => $module)
    };
    ($registry:ident, $module:ident :: $ty:ident => $($hv:ident)::+) => {
        $registry.register(
            crate::pair!(
                FIXTURE_API_VERSION,
                stringify!($ty),
                declarative::fixtures::$module::$ty,
                handwritten::fixtures::$($hv)::+
            )
            .fixture(),
        )?
    };
}

/// Adds every tag fixture pair to `registry`.
///
/// ```
/// let registry = dv_harness::bundled::register_fixtures(dv_harness::pair::Registry::new()).unwrap();
/// let minimum = registry.find("MinimumFixture", None).unwrap();
/// assert!(minimum.is_fixture());
/// assert_eq!(minimum.api_version(), dv_harness::bundled::FIXTURE_API_VERSION);
/// assert!(registry.iter().all(|p| p.is_fixture()));
/// ```
pub fn register_fixtures(mut registry: Registry) -> Result<Registry, DuplicatePair> {
    fixture!(registry, custom_unique::CustomUniqueFixture);
    fixture!(registry, custom_validation::CustomValidationFixture);
    fixture!(registry, dependent::DependentFixture);
    fixture!(registry, each_key::EachKeyFixture);
    fixture!(registry, each_val::EachValFixture);
    registry.register(
        crate::pair!(
            FIXTURE_API_VERSION,
            "EnumFixture",
            declarative::fixtures::enum_::EnumFixture,
            handwritten::fixtures::enum_
        )
        .fixture()
        .with_strategy(
            Strategy::default().option(handwritten::fixtures::enum_::RETRIES_OPTION, false),
        ),
    )?;
    fixture!(registry, forbidden::ForbiddenFixture);
    fixture!(registry, format::FormatFixture);
    registry.register(
        crate::pair!(
            FIXTURE_API_VERSION,
            "IfEnabledFixture",
            declarative::fixtures::if_enabled::IfEnabledFixture,
            handwritten::fixtures::if_enabled
        )
        .fixture()
        .with_strategy(
            Strategy::default()
                .option(
                    handwritten::fixtures::if_enabled::SCALE_TO_ZERO_OPTION,
                    false,
                )
                .option(handwritten::fixtures::if_enabled::LEGACY_OPTION, false),
        ),
    )?;
    fixture!(registry, immutable::ImmutableFixture);
    fixture!(registry, item::ItemFixture);
    fixture!(registry, levels::LevelsFixture);
    fixture!(registry, list_map::ListMapFixture);
    fixture!(registry, list_set::ListSetFixture);
    fixture!(registry, max_bytes::MaxBytesFixture);
    fixture!(registry, max_items::MaxItemsFixture);
    fixture!(registry, max_length::MaxLengthFixture);
    fixture!(registry, max_properties::MaxPropertiesFixture);
    fixture!(registry, maximum::MaximumFixture);
    fixture!(registry, min_items::MinItemsFixture);
    fixture!(registry, min_length::MinLengthFixture);
    fixture!(registry, min_properties::MinPropertiesFixture);
    fixture!(registry, minimum::MinimumFixture);
    fixture!(registry, mode::ModeFixture);
    fixture!(registry, monotonic::MonotonicFixture);
    fixture!(registry, neq::NeqFixture);
    fixture!(registry, opaque_type::OpaqueTypeFixture);
    fixture!(registry, optional::OptionalFixture);
    fixture!(registry, required::RequiredFixture);
    fixture!(registry, subfield::SubfieldFixture);
    fixture!(registry, subresources::SupportsSubresourceFixture => subresources::supports_subresource);
    fixture!(registry, subresources::IsSubresourceFixture => subresources::is_subresource);
    fixture!(registry, union::UnionFixture => union::members);
    fixture!(registry, union::DiscriminatedUnionFixture => union::discriminated);
    fixture!(registry, unique::UniqueFixture);
    fixture!(registry, update::UpdateFixture);
    fixture!(registry, validate_false::ValidateFalseFixture);
    fixture!(registry, zero_or_one_of::ZeroOrOneOfFixture);
    Ok(registry)
}
