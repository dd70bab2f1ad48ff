//! The pairs bundled with dv-harness: every API kind and tag fixture of
//! the `declarative` / `handwritten` crates whose both sides exist.
//!
//! Registering a pair is one line:
//!
//! ```text
//! registry.register(dv_harness_engine::pair!("v1", "ReplicationController",
//!     declarative::api::core::v1::ReplicationController,
//!     handwritten::core::v1::replication_controller))?;
//! ```
//!
//! chaining `.with_strategy(Strategy::default()...)` when the kind's
//! strategy opts in to enforcement (1.36), has normalisation rules, or reads
//! feature gates (declared as options so case files may set them).

pub mod chaos;

use apimachinery::field::NormalizationRule;
use declarative::api;
use dv_harness_engine::body::BodyHandler;
use dv_harness_engine::pair::{DuplicatePair, FnPair, Registry, Strategy};
use handwritten::autoscaling::v1::horizontal_pod_autoscaler;
use handwritten::core::v1::replication_controller;
use handwritten::networking::v1::network_policy;
use handwritten::resource::v1::{device_class, resource_claim};
use handwritten::storage::v1::{csi_driver, volume_attachment};

/// Calls the macro `$m` with the bundled real kinds, `"Kind" => constructor`
/// each, in registration order. This is the one list of them: adding a kind
/// is its constructor below and one line here; [`register_all`], the fuzz
/// oracles' kind list and their per-kind dispatch are made from it.
#[macro_export]
macro_rules! with_real_kinds {
    ($m:ident) => {
        $m! {
            "ReplicationController" => replication_controller,
            "CertificateSigningRequest" => certificate_signing_request,
            "HorizontalPodAutoscaler" => horizontal_pod_autoscaler,
            "StorageClass" => storage_class,
            "VolumeAttachment" => volume_attachment,
            "CSIDriver" => csi_driver,
            "IPAddress" => ip_address,
            "IngressClass" => ingress_class,
            "NetworkPolicy" => network_policy,
            "DeviceClass" => device_class,
            "ResourceClaim" => resource_claim,
        }
    };
}

/// The names of a list of `"Kind" => constructor` entries.
macro_rules! kind_names {
    ($($kind:literal => $constructor:ident),* $(,)?) => {
        &[$($kind),*]
    };
}

/// The bundled real kinds, in registration order (from [`with_real_kinds!`]):
/// the kinds with fuzz targets and bench workloads.
///
/// ```
/// assert_eq!(dv_harness_kinds::REAL_KINDS[0], "ReplicationController");
/// ```
pub const REAL_KINDS: &[&str] = with_real_kinds!(kind_names);

/// The registry of every bundled pair: the real kinds, the tag fixtures
/// and (when enabled) the chaos fixture, in [`register_all`]'s order.
///
/// ```
/// assert!(dv_harness_kinds::registry().is_ok());
/// ```
pub fn registry() -> Result<Registry, DuplicatePair> {
    register_all(Registry::new())
}

/// Adds every bundled pair to `registry`: the real kinds (one constructor
/// each below, which a per-kind fuzz target calls directly so that only
/// that kind's code is linked) and the tag fixtures.
///
/// ```
/// let registry = dv_harness_kinds::register_all(dv_harness_engine::pair::Registry::new()).unwrap();
/// assert!(registry.find("ReplicationController", Some("v1")).is_ok());
/// assert!(registry.find("CertificateSigningRequest", None).is_ok());
/// assert!(registry.find("StorageClass", Some("storage.k8s.io/v1")).is_ok());
/// ```
pub fn register_all(mut registry: Registry) -> Result<Registry, DuplicatePair> {
    macro_rules! register {
        ($($kind:literal => $constructor:ident),* $(,)?) => {
            $(registry.register($constructor())?;)*
        };
    }
    with_real_kinds!(register);
    let mut registry = register_fixtures(registry)?;
    if crate::chaos::enabled() {
        registry.register(chaos_fixture())?;
    }
    Ok(registry)
}

/// The chaos fixture pair (DESIGN.md section 9.2), registered by
/// [`register_all`] only with `DV_HARNESS_CHAOS=1`.
///
/// ```
/// use dv_harness_engine::pair::Pair;
/// assert_eq!(dv_harness_kinds::chaos_fixture().kind(), "ChaosFixture");
/// ```
pub fn chaos_fixture() -> FnPair<crate::chaos::ChaosFixture> {
    dv_harness_engine::pair!(
        FIXTURE_API_VERSION,
        "ChaosFixture",
        crate::chaos::ChaosFixture,
        crate::chaos::handwritten_twin
    )
    .fixture()
}

/// The ReplicationController pair.
///
/// ```
/// use dv_harness_engine::pair::Pair;
/// assert_eq!(dv_harness_kinds::replication_controller().kind(), "ReplicationController");
/// ```
pub fn replication_controller() -> FnPair<api::core::v1::ReplicationController> {
    // Legacy kinds: their 1.36 strategies call ValidateDeclarativelyWithMigrationChecks
    // without WithDeclarativeEnforcement() and define no options or normalisation rules.
    // The feature gates the RC hand-written validation reads (both default on).
    let rc_gates = Strategy::default()
        .option(replication_controller::RELAXED_ENV_VAR_OPTION, true)
        .option(replication_controller::POD_DELETION_COST_OPTION, true);
    dv_harness_engine::pair!(
        "v1",
        "ReplicationController",
        api::core::v1::ReplicationController,
        handwritten::core::v1::replication_controller
    )
    .with_strategy(rc_gates)
    .with_declarative(
        replication_controller::declarative,
        replication_controller::DECLARATIVE_SUBRESOURCES,
    )
    .with_body(BodyHandler::new(
        "/scale",
        replication_controller::SCALE_BODY_KIND,
        replication_controller::SCALE_BODY_API_VERSION,
        replication_controller::apply_scale,
        replication_controller::validate_scale_request,
        replication_controller::declarative_scale_request,
    ))
}

/// The CertificateSigningRequest pair.
///
/// ```
/// use dv_harness_engine::pair::Pair;
/// assert_eq!(dv_harness_kinds::certificate_signing_request().kind(), "CertificateSigningRequest");
/// ```
pub fn certificate_signing_request() -> FnPair<api::certificates::v1::CertificateSigningRequest> {
    dv_harness_engine::pair!(
        "certificates.k8s.io/v1",
        "CertificateSigningRequest",
        api::certificates::v1::CertificateSigningRequest,
        handwritten::certificates::v1::certificate_signing_request
    )
}

/// The HorizontalPodAutoscaler pair.
///
/// ```
/// use dv_harness_engine::pair::Pair;
/// assert_eq!(dv_harness_kinds::horizontal_pod_autoscaler().kind(), "HorizontalPodAutoscaler");
/// ```
pub fn horizontal_pod_autoscaler() -> FnPair<api::autoscaling::v1::HorizontalPodAutoscaler> {
    dv_harness_engine::pair!(
        "autoscaling/v1",
        "HorizontalPodAutoscaler",
        api::autoscaling::v1::HorizontalPodAutoscaler,
        handwritten::autoscaling::v1::horizontal_pod_autoscaler
    )
    .with_strategy(Strategy::default().option(horizontal_pod_autoscaler::HPA_SCALE_TO_ZERO, false))
}

/// The StorageClass pair.
///
/// ```
/// use dv_harness_engine::pair::Pair;
/// assert_eq!(dv_harness_kinds::storage_class().kind(), "StorageClass");
/// ```
pub fn storage_class() -> FnPair<api::storage::v1::StorageClass> {
    dv_harness_engine::pair!(
        "storage.k8s.io/v1",
        "StorageClass",
        api::storage::v1::StorageClass,
        handwritten::storage::v1::storage_class
    )
}

/// The VolumeAttachment pair.
///
/// ```
/// use dv_harness_engine::pair::Pair;
/// assert_eq!(dv_harness_kinds::volume_attachment().kind(), "VolumeAttachment");
/// ```
pub fn volume_attachment() -> FnPair<api::storage::v1::VolumeAttachment> {
    dv_harness_engine::pair!(
        "storage.k8s.io/v1",
        "VolumeAttachment",
        api::storage::v1::VolumeAttachment,
        handwritten::storage::v1::volume_attachment
    )
    .with_strategy(
        Strategy::default().option(volume_attachment::MUTABLE_CSI_NODE_ALLOCATABLE_COUNT, true),
    )
}

/// The CSIDriver pair.
///
/// ```
/// use dv_harness_engine::pair::Pair;
/// assert_eq!(dv_harness_kinds::csi_driver().kind(), "CSIDriver");
/// ```
pub fn csi_driver() -> FnPair<api::storage::v1::CSIDriver> {
    dv_harness_engine::pair!(
        "storage.k8s.io/v1",
        "CSIDriver",
        api::storage::v1::CSIDriver,
        handwritten::storage::v1::csi_driver
    )
    .with_strategy(
        Strategy::default()
            .option(csi_driver::SELINUX_MOUNT_READ_WRITE_ONCE_POD, true)
            .option(csi_driver::MUTABLE_CSI_NODE_ALLOCATABLE_COUNT, true)
            .option(csi_driver::CSI_SERVICE_ACCOUNT_TOKEN_SECRETS, true)
            .option(csi_driver::VOLUME_LIMIT_SCALING, true),
    )
}

/// The IPAddress pair.
///
/// ```
/// use dv_harness_engine::pair::Pair;
/// assert_eq!(dv_harness_kinds::ip_address().kind(), "IPAddress");
/// ```
pub fn ip_address() -> FnPair<api::networking::v1::IPAddress> {
    dv_harness_engine::pair!(
        "networking.k8s.io/v1",
        "IPAddress",
        api::networking::v1::IPAddress,
        handwritten::networking::v1::ip_address
    )
}

/// The IngressClass pair.
///
/// ```
/// use dv_harness_engine::pair::Pair;
/// assert_eq!(dv_harness_kinds::ingress_class().kind(), "IngressClass");
/// ```
pub fn ingress_class() -> FnPair<api::networking::v1::IngressClass> {
    dv_harness_engine::pair!(
        "networking.k8s.io/v1",
        "IngressClass",
        api::networking::v1::IngressClass,
        handwritten::networking::v1::ingress_class
    )
}

/// The NetworkPolicy pair.
///
/// ```
/// use dv_harness_engine::pair::Pair;
/// assert_eq!(dv_harness_kinds::network_policy().kind(), "NetworkPolicy");
/// ```
pub fn network_policy() -> FnPair<api::networking::v1::NetworkPolicy> {
    dv_harness_engine::pair!(
        "networking.k8s.io/v1",
        "NetworkPolicy",
        api::networking::v1::NetworkPolicy,
        handwritten::networking::v1::network_policy
    )
    .with_strategy(Strategy::default().option(network_policy::STRICT_IP_CIDR_VALIDATION, false))
}

/// The DeviceClass pair.
///
/// ```
/// use dv_harness_engine::pair::Pair;
/// assert_eq!(dv_harness_kinds::device_class().kind(), "DeviceClass");
/// ```
pub fn device_class() -> FnPair<api::resource::v1::DeviceClass> {
    dv_harness_engine::pair!(
        "resource.k8s.io/v1",
        "DeviceClass",
        api::resource::v1::DeviceClass,
        handwritten::resource::v1::device_class
    )
    .with_strategy(Strategy::default().option(device_class::DRA_EXTENDED_RESOURCE, true))
}

/// The ResourceClaim pair.
///
/// ```
/// use dv_harness_engine::pair::Pair;
/// assert_eq!(dv_harness_kinds::resource_claim().kind(), "ResourceClaim");
/// ```
pub fn resource_claim() -> FnPair<api::resource::v1::ResourceClaim> {
    // ResourceClaim's strategy passes WithNormalizationRules(ResourceNormalizationRules).
    let claim = Strategy::default()
        .option(resource_claim::DRA_CONSUMABLE_CAPACITY, false)
        .option(resource_claim::DRA_PRIORITIZED_LIST, true)
        .option(resource_claim::DRA_ADMIN_ACCESS, true)
        .option(resource_claim::DRA_RESOURCE_CLAIM_DEVICE_STATUS, true);
    dv_harness_engine::pair!(
        "resource.k8s.io/v1",
        "ResourceClaim",
        api::resource::v1::ResourceClaim,
        handwritten::resource::v1::resource_claim
    )
    .with_strategy(with_rules(
        claim,
        handwritten::resource::v1::NORMALIZATION_RULES,
    ))
}

/// A strategy with `(pattern, replacement)` normalisation rules added. The
/// bundled rule tables are constants whose patterns are tested to compile
/// (see this module's tests), so none is dropped.
fn with_rules(strategy: Strategy, rules: &[(&str, &str)]) -> Strategy {
    rules
        .iter()
        .filter_map(|(pattern, replacement)| NormalizationRule::new(pattern, *replacement).ok())
        .fold(strategy, Strategy::normalization)
}

/// The apiVersion under which the tag fixtures are registered.
pub const FIXTURE_API_VERSION: &str = "fixtures.dv-harness.io/v1";

/// Calls the macro `$m` with every tag fixture, `module::Type => twin`
/// each (`declarative::fixtures::<module>::<Type>` against
/// `handwritten::fixtures::<twin>`), in registration order. This is the one
/// list of them: [`register_fixtures`] and the bench catalog are made from
/// it; a fixture's strategy (options) is [`fixture_strategy`].
#[macro_export]
macro_rules! with_fixtures {
    ($m:ident) => {
        $m! {
            custom_unique::CustomUniqueFixture => custom_unique,
            custom_validation::CustomValidationFixture => custom_validation,
            dependent::DependentFixture => dependent,
            each_key::EachKeyFixture => each_key,
            each_val::EachValFixture => each_val,
            enum_::EnumFixture => enum_,
            forbidden::ForbiddenFixture => forbidden,
            format::FormatFixture => format,
            if_enabled::IfEnabledFixture => if_enabled,
            immutable::ImmutableFixture => immutable,
            item::ItemFixture => item,
            levels::LevelsFixture => levels,
            list_map::ListMapFixture => list_map,
            list_set::ListSetFixture => list_set,
            max_bytes::MaxBytesFixture => max_bytes,
            max_items::MaxItemsFixture => max_items,
            max_length::MaxLengthFixture => max_length,
            max_properties::MaxPropertiesFixture => max_properties,
            maximum::MaximumFixture => maximum,
            min_items::MinItemsFixture => min_items,
            min_length::MinLengthFixture => min_length,
            min_properties::MinPropertiesFixture => min_properties,
            minimum::MinimumFixture => minimum,
            mode::ModeFixture => mode,
            monotonic::MonotonicFixture => monotonic,
            neq::NeqFixture => neq,
            opaque_type::OpaqueTypeFixture => opaque_type,
            optional::OptionalFixture => optional,
            required::RequiredFixture => required,
            subfield::SubfieldFixture => subfield,
            subresources::SupportsSubresourceFixture => subresources::supports_subresource,
            subresources::IsSubresourceFixture => subresources::is_subresource,
            union::UnionFixture => union::members,
            union::DiscriminatedUnionFixture => union::discriminated,
            unique::UniqueFixture => unique,
            update::UpdateFixture => update,
            validate_false::ValidateFalseFixture => validate_false,
            zero_or_one_of::ZeroOrOneOfFixture => zero_or_one_of,
        }
    };
}

/// The strategy a tag fixture is registered with: the options its
/// hand-written twin reads, all off by default (`None`: no strategy).
///
/// ```
/// assert!(dv_harness_kinds::fixture_strategy("IfEnabledFixture").is_some());
/// assert!(dv_harness_kinds::fixture_strategy("MinimumFixture").is_none());
/// ```
pub fn fixture_strategy(kind: &str) -> Option<Strategy> {
    match kind {
        "EnumFixture" => {
            Some(Strategy::default().option(handwritten::fixtures::enum_::RETRIES_OPTION, false))
        }
        "IfEnabledFixture" => Some(
            Strategy::default()
                .option(
                    handwritten::fixtures::if_enabled::SCALE_TO_ZERO_OPTION,
                    false,
                )
                .option(handwritten::fixtures::if_enabled::LEGACY_OPTION, false)
                .option(handwritten::fixtures::if_enabled::KEYED_PORTS_OPTION, false)
                .option(
                    handwritten::fixtures::if_enabled::EXCLUSIVE_SOURCES_OPTION,
                    false,
                )
                .option(
                    handwritten::fixtures::if_enabled::MODAL_STORAGE_OPTION,
                    false,
                )
                .option(
                    handwritten::fixtures::if_enabled::LOOSE_BACKENDS_OPTION,
                    false,
                )
                .option(
                    handwritten::fixtures::if_enabled::EXCLUSIVE_STATES_OPTION,
                    false,
                ),
        ),
        _ => None,
    }
}

/// Adds every tag fixture pair to `registry`.
///
/// ```
/// let registry = dv_harness_kinds::register_fixtures(dv_harness_engine::pair::Registry::new()).unwrap();
/// let minimum = registry.find("MinimumFixture", None).unwrap();
/// assert!(minimum.is_fixture());
/// assert_eq!(minimum.api_version(), dv_harness_kinds::FIXTURE_API_VERSION);
/// assert!(registry.iter().all(|p| p.is_fixture()));
/// ```
pub fn register_fixtures(mut registry: Registry) -> Result<Registry, DuplicatePair> {
    macro_rules! register {
        ($($module:ident :: $ty:ident => $($hv:ident)::+),* $(,)?) => {
            $(
                let pair = dv_harness_engine::pair!(
                    FIXTURE_API_VERSION,
                    stringify!($ty),
                    declarative::fixtures::$module::$ty,
                    handwritten::fixtures::$($hv)::+
                )
                .fixture();
                registry.register(match fixture_strategy(stringify!($ty)) {
                    Some(strategy) => pair.with_strategy(strategy),
                    None => pair,
                })?;
            )*
        };
    }
    with_fixtures!(register);
    Ok(registry)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bundled_normalisation_rule_compiles() {
        for (pattern, replacement) in handwritten::resource::v1::NORMALIZATION_RULES {
            assert!(
                NormalizationRule::new(pattern, *replacement).is_ok(),
                "{pattern}"
            );
        }
        let s = with_rules(
            Strategy::default(),
            handwritten::resource::v1::NORMALIZATION_RULES,
        );
        assert_eq!(
            s.normalization_rules.len(),
            handwritten::resource::v1::NORMALIZATION_RULES.len()
        );
    }

    #[test]
    fn bundled_kinds_are_registered_once() {
        let registry = crate::registry().unwrap();
        let real: Vec<&str> = registry
            .iter()
            .filter(|p| !p.is_fixture())
            .map(|p| p.kind())
            .collect();
        for kind in [
            "ReplicationController",
            "CertificateSigningRequest",
            "HorizontalPodAutoscaler",
            "StorageClass",
            "VolumeAttachment",
            "CSIDriver",
            "IPAddress",
            "IngressClass",
            "NetworkPolicy",
            "DeviceClass",
            "ResourceClaim",
        ] {
            assert!(real.contains(&kind), "{kind}");
        }
        let claim = registry.find("ResourceClaim", None).unwrap();
        assert!(!claim.strategy().normalization_rules.is_empty());
    }
}
