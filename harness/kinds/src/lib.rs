//! The pairs bundled with dv-harness: every API kind and tag fixture of
//! the `declarative` / `handwritten` crates whose both sides exist.
//!
//! Registering a real kind is one line in [`real_kinds!`]:
//!
//! ```text
//! "ReplicationController" => core::v1::{ReplicationController, replication_controller},
//! ```
//!
//! which pairs `declarative::api::core::v1::ReplicationController` with the
//! hand-written module `handwritten::core::v1::replication_controller` and
//! defines the constructor `replication_controller()`. The per-kind data
//! (apiVersion, the options the strategy defines with their defaults,
//! normalisation rules, a declarative entry point, a request body of another
//! kind) is the module's `REGISTRATION`
//! ([`apimachinery::registration::Registration`]), next to the options and
//! functions it names.

pub mod chaos;

use apimachinery::field::NormalizationRule;
use apimachinery::registration::Registration;
use dv_harness_engine::body::BodyHandler;
use dv_harness_engine::generic_registry::GenericRegistry;
use dv_harness_engine::pair::{DuplicatePair, FnPair, Registry, Strategy};
use serde::de::DeserializeOwned;
use std::any::Any;

/// THE list of the bundled real kinds, in registration order: one line
/// `"Kind" => <group>::<version>::{Kind, <kind>},` each, naming the
/// declarative type `declarative::api::<group>::<version>::Kind` (the
/// version's re-export) and the hand-written module `handwritten::<group>::<version>::<kind>` (which
/// follows the pair convention and declares its `REGISTRATION`). Calls the
/// macro `$m` with `$($args)*` then the entries. Each entry becomes a
/// constructor `<kind>()` of this crate ([`real_kind_constructors!`]);
/// [`with_real_kinds!`] hands the list on as `"Kind" => constructor`.
#[macro_export]
macro_rules! real_kinds {
    ($($m:ident)::+ $(, $($args:tt)*)?) => {
        $($m)::+! {
            $($($args)*)?
            "ReplicationController" => core::v1::{ReplicationController, replication_controller},
            "CertificateSigningRequest" => certificates::v1::{CertificateSigningRequest, certificate_signing_request},
            "HorizontalPodAutoscaler" => autoscaling::v1::{HorizontalPodAutoscaler, horizontal_pod_autoscaler},
            "StorageClass" => storage::v1::{StorageClass, storage_class},
            "VolumeAttachment" => storage::v1::{VolumeAttachment, volume_attachment},
            "CSIDriver" => storage::v1::{CSIDriver, csi_driver},
            "IPAddress" => networking::v1::{IPAddress, ip_address},
            "IngressClass" => networking::v1::{IngressClass, ingress_class},
            "NetworkPolicy" => networking::v1::{NetworkPolicy, network_policy},
            "DeviceClass" => resource::v1::{DeviceClass, device_class},
            "ResourceClaim" => resource::v1::{ResourceClaim, resource_claim},
        }
    };
}

/// Calls the macro `$m` with the bundled real kinds of [`real_kinds!`],
/// `"Kind" => constructor` each, in registration order (`constructor` is
/// this crate's function of that name). [`register_all`], [`REAL_KINDS`],
/// the fuzz oracles' dispatch, the fuzz targets and the bench catalog are
/// made from it.
#[macro_export]
macro_rules! with_real_kinds {
    ($m:ident) => {
        $crate::real_kinds!($crate::__kind_constructors, $m;)
    };
}

/// [`with_real_kinds!`]'s step: the entries of [`real_kinds!`] as `"Kind" => constructor`.
#[doc(hidden)]
#[macro_export]
macro_rules! __kind_constructors {
    ($m:ident; $($kind:literal => $group:ident :: $version:ident :: { $ty:ident, $module:ident }),* $(,)?) => {
        $m! { $($kind => $module),* }
    };
}

/// Defines one constructor `pub fn <kind>() -> FnPair<Kind>` per entry of
/// [`real_kinds!`]: the pair of the declarative type and the hand-written
/// module, built from the module's `REGISTRATION` ([`from_registration`]),
/// with the generic registry step on the type's `metadata` in the scope the
/// registration declares (`handwritten::meta::v1::registry`, and what the
/// store does to the metadata first: `handwritten::meta::v1::store_metadata`).
/// A per-kind fuzz target calls its constructor directly, so that only that
/// kind's code is linked.
macro_rules! real_kind_constructors {
    ($($kind:literal => $group:ident :: $version:ident :: { $ty:ident, $module:ident }),* $(,)?) => {
        $(
            #[doc = concat!("The ", $kind, " pair: `declarative::api::", stringify!($group), "::",
                stringify!($version), "::", stringify!($ty), "` against `handwritten::",
                stringify!($group), "::", stringify!($version), "::", stringify!($module),
                "`, registered as its `REGISTRATION` says.")]
            ///
            /// ```
            /// use dv_harness_engine::pair::Pair;
            #[doc = concat!("let pair = dv_harness_kinds::", stringify!($module), "();")]
            #[doc = concat!("assert_eq!(pair.kind(), \"", $kind, "\");")]
            #[doc = concat!("assert_eq!(pair.api_version(), handwritten::", stringify!($group), "::",
                stringify!($version), "::", stringify!($module), "::REGISTRATION.api_version);")]
            /// ```
            pub fn $module() -> FnPair<declarative::api::$group::$version::$ty> {
                from_registration(
                    dv_harness_engine::pair!(
                        handwritten::$group::$version::$module::REGISTRATION.api_version,
                        $kind,
                        declarative::api::$group::$version::$ty,
                        handwritten::$group::$version::$module
                    ),
                    &handwritten::$group::$version::$module::REGISTRATION,
                )
                .with_generic_registry(GenericRegistry::new(
                    handwritten::$group::$version::$module::REGISTRATION.namespace_scoped,
                    |obj: &declarative::api::$group::$version::$ty, scoped| {
                        handwritten::meta::v1::registry::validate_create(&obj.metadata, scoped)
                    },
                    |obj: &declarative::api::$group::$version::$ty,
                     old: &declarative::api::$group::$version::$ty,
                     scoped| {
                        handwritten::meta::v1::registry::validate_common_fields(
                            &obj.metadata,
                            &old.metadata,
                            scoped,
                        )
                    },
                )
                .with_metadata(
                    |obj: &mut declarative::api::$group::$version::$ty, scoped| {
                        handwritten::meta::v1::store_metadata::before_create(&mut obj.metadata, scoped)
                    },
                    |obj: &mut declarative::api::$group::$version::$ty,
                     old: &declarative::api::$group::$version::$ty,
                     scoped| {
                        handwritten::meta::v1::store_metadata::before_update(
                            &mut obj.metadata,
                            &old.metadata,
                            scoped,
                        )
                    },
                ))
            }
        )*
    };
}

real_kinds!(real_kind_constructors);

/// `pair` (built from a hand-written module's `validate`, `prepare` and
/// `SUBRESOURCES`) with the strategy, declarative entry point and request
/// body its `registration` declares.
///
/// ```
/// use dv_harness_engine::pair::{FnPair, Pair};
/// use declarative::api::core::v1::ReplicationController;
/// use handwritten::core::v1::replication_controller as rc;
/// let plain = FnPair::<ReplicationController>::new("v1", "ReplicationController",
///     rc::validate, rc::prepare, rc::SUBRESOURCES);
/// let pair = dv_harness_kinds::from_registration(plain, &rc::REGISTRATION);
/// assert_eq!(pair.strategy().options.len(), rc::REGISTRATION.options.len());
/// assert!(pair.body_handler().is_some());
/// ```
pub fn from_registration<T, B>(pair: FnPair<T>, registration: &Registration<T, B>) -> FnPair<T>
where
    T: 'static,
    B: DeserializeOwned + Any + Send + Sync + 'static,
{
    let strategy = registration.options.iter().fold(
        Strategy::default()
            .declarative_enforcement(registration.declarative_enforcement)
            .short_circuit_mismatch(registration.short_circuit_mismatch),
        |strategy, (name, default)| strategy.option(name, *default),
    );
    let mut pair = pair.with_strategy(with_rules(strategy, registration.normalization_rules));
    if let Some(entry) = &registration.declarative {
        pair = pair.with_declarative(entry.validate, entry.subresources);
    }
    if let Some(body) = &registration.body {
        pair = pair.with_body(BodyHandler::new(body));
    }
    pair
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
/// each, generated from [`real_kinds!`]) and the tag fixtures.
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
    fn registrations_become_the_strategies() {
        use apimachinery::operation::Context;
        use dv_harness_engine::pair::Pair;
        let rc = replication_controller();
        assert_eq!(rc.api_version(), "v1");
        assert_eq!(
            rc.strategy().options,
            vec![
                ("RelaxedEnvironmentVariableValidation".to_string(), true),
                ("PodDeletionCost".to_string(), true),
                ("VolumeAttributesClass".to_string(), true),
                ("RelaxedDNSSearchValidation".to_string(), true),
                ("PodLifecycleSleepActionAllowZero".to_string(), true),
                ("InPlacePodVerticalScaling".to_string(), true),
                ("PodLevelResources".to_string(), true),
                ("SELinuxMount".to_string(), false),
                ("UserNamespacesSupport".to_string(), true),
                ("SupplementalGroupsPolicy".to_string(), true),
                ("ProcMountType".to_string(), true),
                ("NodeInclusionPolicyInPodTopologySpread".to_string(), true),
                ("MatchLabelKeysInPodTopologySpread".to_string(), true),
                ("MatchLabelKeysInPodAffinity".to_string(), true),
                ("DynamicResourceAllocation".to_string(), true),
                ("ClusterTrustBundleProjection".to_string(), true),
                ("ContainerRestartRules".to_string(), true),
                ("RecursiveReadOnlyMounts".to_string(), true),
                ("HostnameOverride".to_string(), true),
                ("ImageVolume".to_string(), true),
                ("SELinuxChangePolicy".to_string(), true),
                ("ContainerStopSignals".to_string(), false),
            ]
        );
        assert!(rc.declarative_wired(&Context::update().subresource("/scale")));
        assert!(!rc.declarative_wired(&Context::update().subresource("/status")));
        let body = rc.body_handler().unwrap();
        assert_eq!(
            (body.subresource, body.kind, body.api_version),
            ("/scale", "Scale", "autoscaling/v1")
        );
        let csr = certificate_signing_request();
        assert!(csr.strategy().options.is_empty() && csr.body_handler().is_none());
        assert!(csr.declarative_wired(&Context::update().subresource("/status")));
        assert_eq!(
            network_policy().strategy().options,
            vec![("StrictIPCIDRValidation".to_string(), false)]
        );
        assert_eq!(csi_driver().strategy().options.len(), 4);
        let claim = resource_claim().strategy();
        assert_eq!(
            claim.options[0],
            ("DRAConsumableCapacity".to_string(), false)
        );
        assert_eq!(
            claim.normalization_rules.len(),
            handwritten::resource::v1::NORMALIZATION_RULES.len()
        );
        for pair in [ip_address().strategy(), storage_class().strategy()] {
            assert!(!pair.declarative_enforcement && !pair.short_circuit_mismatch);
        }
    }

    /// A `/scale` case of the ReplicationController with a Scale body whose
    /// metadata is `meta` (plus the stored resource version), and whether
    /// it is validated as written.
    fn scale_case(mut meta: serde_json::Value, prepare: bool) -> String {
        meta["resourceVersion"] = "1".into();
        serde_json::json!({
            "kind": "ReplicationController", "apiVersion": "v1",
            "operation": "update", "subresource": "/scale", "prepare": prepare,
            "object": {"kind": "Scale", "apiVersion": "autoscaling/v1",
                       "metadata": meta, "spec": {"replicas": 2}},
            "oldObject": {
                "metadata": {"name": "web", "namespace": "ns", "resourceVersion": "1",
                             "generation": 1},
                "spec": {"replicas": 1, "selector": {"app": "web"},
                         "template": {"metadata": {"labels": {"app": "web"}},
                                      "spec": {"containers": [{"name": "app", "image": "nginx",
                                               "imagePullPolicy": "IfNotPresent",
                                               "terminationMessagePolicy": "File"}],
                                               "restartPolicy": "Always",
                                               "dnsPolicy": "ClusterFirst",
                                               "terminationGracePeriodSeconds": 30}}}}
        })
        .to_string()
    }

    #[test]
    fn a_scale_body_takes_the_parents_namespace_through_an_api_server() {
        use dv_harness_engine::case::CaseProblem;
        use dv_harness_engine::engine::EngineSettings;
        use dv_harness_engine::pair::DynPair;
        let rc = replication_controller();
        let settings = EngineSettings::default();
        let fields = |text: &str| -> Vec<String> {
            let checked = DynPair::check_text(&rc, "scale.json", text, &settings).unwrap();
            checked
                .outcome
                .returned
                .iter()
                .map(|e| format!("{}:{}", e.error_type.as_str(), e.field))
                .collect()
        };
        // The update handler gives the Scale the request's namespace.
        let unset = serde_json::json!({"name": "web"});
        assert_eq!(
            fields(&scale_case(unset.clone(), true)),
            Vec::<String>::new()
        );
        // Validated as written (ValidateScale called directly), it has none.
        assert_eq!(
            fields(&scale_case(unset, false)),
            ["FieldValueRequired:metadata.namespace"]
        );
        // Another namespace or name: rejected before validation.
        for meta in [
            serde_json::json!({"name": "web", "namespace": "other"}),
            serde_json::json!({"namespace": "ns"}),
        ] {
            let err = DynPair::check_text(
                &rc,
                "scale.json",
                &scale_case(meta.clone(), true),
                &settings,
            )
            .unwrap_err();
            assert!(matches!(err.problem, CaseProblem::BadRequest(_)), "{err}");
            assert!(
                DynPair::check_text(&rc, "scale.json", &scale_case(meta, false), &settings).is_ok()
            );
        }
        // `--no-prepare` validates as written too.
        let settings = EngineSettings::default().no_prepare(true);
        let other = serde_json::json!({"name": "web", "namespace": "other"});
        assert!(
            DynPair::check_text(&rc, "scale.json", &scale_case(other, true), &settings).is_ok()
        );
    }

    #[test]
    fn scopes_are_the_strategies_namespace_scoped() {
        use dv_harness_engine::pair::Pair;
        // pkg/registry/<group>/<kind>/strategy.go NamespaceScoped() of each kind.
        fn scoped<T>(p: Option<&GenericRegistry<T>>) -> Option<bool> {
            p.map(|r| r.namespace_scoped)
        }
        assert_eq!(
            scoped(replication_controller().generic_registry()),
            Some(true)
        );
        assert_eq!(
            scoped(horizontal_pod_autoscaler().generic_registry()),
            Some(true)
        );
        assert_eq!(scoped(resource_claim().generic_registry()), Some(true));
        assert_eq!(scoped(network_policy().generic_registry()), Some(true));
        assert_eq!(
            scoped(certificate_signing_request().generic_registry()),
            Some(false)
        );
        assert_eq!(scoped(csi_driver().generic_registry()), Some(false));
        assert_eq!(scoped(volume_attachment().generic_registry()), Some(false));
        assert_eq!(scoped(ingress_class().generic_registry()), Some(false));
        assert_eq!(scoped(ip_address().generic_registry()), Some(false));
        assert_eq!(scoped(device_class().generic_registry()), Some(false));
        assert_eq!(scoped(storage_class().generic_registry()), Some(false));
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
