//! `ResourceClaim` validation: a port of `ValidateResourceClaim`,
//! `ValidateResourceClaimUpdate` and `ValidateResourceClaimStatusUpdate`
//! (`pkg/apis/resource/validation`) and of the registry strategies
//! `pkg/registry/resource/resourceclaim` (master).
//!
//! # Feature gates
//!
//! Read from the validation context (registered with their release defaults
//! in `dv-harness`'s bundled pair):
//!
//! - `DRAConsumableCapacity` ([`DRA_CONSUMABLE_CAPACITY`]), validation: a
//!   constraint with neither `matchAttribute` nor `distinctAttribute` is a
//!   `Required` at the constraint itself when on, at
//!   `constraints[i].matchAttribute` when off.
//! - Strategies (`PrepareForCreate` / `PrepareForUpdate` of the root and of
//!   `/status`): the gate-off drops of [`super::drop_disabled`], each unless
//!   the stored claim uses the feature. The spec (create and root update):
//!   `DRAPrioritizedList` (`firstAvailable`), `DRADeviceTaints`
//!   ([`DRA_DEVICE_TAINTS`], request tolerations), `DRAAdminAccess`
//!   (`exactly.adminAccess`) and `DRAConsumableCapacity` (`distinctAttribute`,
//!   request `capacity`). The status (`/status` update):
//!   `DRAResourceClaimDeviceStatus` (`status.devices`), `DRAAdminAccess`
//!   (results' `adminAccess`), `DRAConsumableCapacity` (`shareID`,
//!   `consumedCapacity`) and `DRADeviceBindingConditions`
//!   ([`DRA_DEVICE_BINDING_CONDITIONS`], results' binding conditions); then,
//!   with `DRAResourceClaimDeviceStatus` on or in use, the statuses of
//!   devices (driver, pool, device and share ID) no longer allocated are
//!   pruned.
//! - `DRAConsumableCapacity` also reaches the CEL selectors: the newest
//!   `validation.go` read hands it to the DRA CEL compiler
//!   (`dracel.Features{EnableConsumableCapacity}`), declaring
//!   `device.allowMultipleAllocations` for new expressions
//!   ([`super::cel`]).
//!
//! `DRAListTypeAttributes` is not read: the newest stored `validation.go`
//! passes no `EnableListTypeAttributes` to the compiler, so new expressions
//! compile with attributes typed `any` (list macros over an attribute and
//! `includes()` fail with `compilation failed` at `.cel.expression`); stored
//! expressions compile in the environment that has everything. CEL selectors
//! are compiled ([`super::cel`]): `TestValidateClaim/CEL-compile-errors` and
//! `CEL-cost` are in the corpus next to `CEL-length`.
//!
//! Not ported: the admin-access namespace authorization of the strategy
//! (it reads the namespace's labels from the API server), derived
//! attributes and consumable capacity (not in the modelled v1 types or
//! alpha-gated; the strategies' gate-off drops of the consumable-capacity
//! fields are ported, above).

use super::cel::CelFeatures;
use super::conditions::validate_conditions;
use super::defaults::set_defaults_resource_claim;
use super::device_checks::{
    Covered, RequestNames, dns1123_label, validate_device_class_ref, validate_device_configuration,
    validate_device_toleration, validate_driver_name, validate_fully_qualified_name,
    validate_pool_name, validate_raw_extension, validate_request_name_ref, validate_request_refs,
    validate_selectors, validate_set, validate_slice, validate_uid,
};
use super::drop_disabled::{
    ClaimDropGates, drop_disabled_spec_fields, drop_disabled_status_fields,
};
use super::node_selector::validate_node_selector;
use crate::core::v1::object_meta::{validate_object_meta, validate_object_meta_update};
use crate::meta::v1::generic::FIELD_IMMUTABLE_ERROR_MSG;
use crate::meta::v1::labels::validate_label_name;
use crate::networking::ip::is_valid_interface_address;
use apimachinery::content::name_is_dns_subdomain;
use apimachinery::field::{Error, ErrorList, ErrorType, Path};
use apimachinery::operation::{Context, Operation};
use apimachinery::text_eq::TextEq;
use apimachinery::unsupported_subresource;
use declarative::api::resource::v1::{
    AllocatedDeviceStatus, AllocationResult, DeviceAllocationConfiguration, DeviceClaim,
    DeviceConstraint, DeviceRequest, DeviceRequestAllocationResult, DeviceSubRequest,
    DeviceToleration, ExactDeviceRequest, NetworkDeviceData, ResourceClaim,
    ResourceClaimConsumerReference, ResourceClaimStatus, SkipNodeOperation,
};
use std::collections::HashSet;

/// The strategy serves `/status`.
///
/// ```
/// assert_eq!(handwritten::resource::v1::resource_claim::SUBRESOURCES, &["/status"]);
/// ```
pub const SUBRESOURCES: &[&str] = &["/status"];

/// How the registry builds this kind's pair (`harness/kinds`): namespace scoped, apiVersion `resource.k8s.io/v1`.
/// The strategy's feature gates with their defaults and its normalisation rules
/// (`WithNormalizationRules(ResourceNormalizationRules)`).
pub const REGISTRATION: apimachinery::registration::Registration<
    declarative::api::resource::v1::ResourceClaim,
> = apimachinery::registration::Registration {
    namespace_scoped: true,
    options: &[
        (DRA_CONSUMABLE_CAPACITY, false),
        (DRA_PRIORITIZED_LIST, true),
        (DRA_ADMIN_ACCESS, true),
        (DRA_RESOURCE_CLAIM_DEVICE_STATUS, true),
        (DRA_DEVICE_TAINTS, true),
        (DRA_DEVICE_BINDING_CONDITIONS, true),
    ],
    normalization_rules: super::NORMALIZATION_RULES,
    ..apimachinery::registration::Registration::new("resource.k8s.io/v1")
};

/// `DeviceRequestsMaxSize` (= `AllocationResultsMaxSize`).
pub const DEVICE_REQUESTS_MAX_SIZE: usize = 32;
/// `DeviceConstraintsMaxSize`.
pub const DEVICE_CONSTRAINTS_MAX_SIZE: usize = 32;
/// `FirstAvailableDeviceRequestMaxSize`.
pub const FIRST_AVAILABLE_MAX_SIZE: usize = 8;
/// `ResourceClaimReservedForMaxSize`.
pub const RESERVED_FOR_MAX_SIZE: usize = 256;
/// `AllocatedDeviceStatusMaxConditions`.
pub const ALLOCATED_DEVICE_STATUS_MAX_CONDITIONS: usize = 8;
/// `AllocatedDeviceStatusDataMaxLength`.
pub const ALLOCATED_DEVICE_STATUS_DATA_MAX_LENGTH: usize = 10 * 1024;
/// `BindingConditionsMaxSize` / `BindingFailureConditionsMaxSize`.
pub const BINDING_CONDITIONS_MAX_SIZE: usize = 4;

pub use super::drop_disabled::{
    DRA_ADMIN_ACCESS, DRA_CONSUMABLE_CAPACITY, DRA_DEVICE_BINDING_CONDITIONS, DRA_DEVICE_TAINTS,
    DRA_PRIORITIZED_LIST, DRA_RESOURCE_CLAIM_DEVICE_STATUS,
};

/// What the strategies' `Validate` / `ValidateUpdate` return for `/` and
/// `/status`. A root update is `ValidateResourceClaimUpdate` alone (metadata
/// and the immutable spec; the spec's content is not re-validated).
///
/// ```
/// use apimachinery::operation::Context;
/// use declarative::api::resource::v1::ResourceClaim;
/// use handwritten::resource::v1::resource_claim::validate;
/// let old: ResourceClaim = serde_json::from_str(r#"{"metadata":{"name":"c","namespace":"ns","resourceVersion":"1"},"spec":{"devices":{"requests":[]}}}"#).unwrap();
/// let mut new = old.clone();
/// new.spec = serde_json::from_str(r#"{"devices":{"requests":[{"name":"r"},{"name":"r"}]}}"#).unwrap();
/// let errs = validate(&Context::update(), &new, Some(&old));
/// assert_eq!(errs.len(), 1);
/// assert_eq!((errs[0].field.as_str(), errs[0].origin.as_ref()), ("spec", "immutable"));
/// ```
///
/// ```
/// use apimachinery::operation::Context;
/// use declarative::api::resource::v1::ResourceClaim;
/// use handwritten::resource::v1::resource_claim::validate;
/// let rc: ResourceClaim = serde_json::from_str(r#"{"metadata":{"name":"c","namespace":"ns"},"spec":{"devices":{"requests":[{"name":"r"}]}}}"#).unwrap();
/// let errs = validate(&Context::create(), &rc, None);
/// assert_eq!(errs[0].to_string(), "spec.devices.requests[0]: Required value: exactly one of `exactly` or `firstAvailable` is required");
/// ```
pub fn validate(ctx: &Context, obj: &ResourceClaim, old: Option<&ResourceClaim>) -> ErrorList {
    let sub = ctx.subresource_path();
    match (ctx.operation, sub.as_str(), old) {
        (Operation::Create, "/", _) => validate_resource_claim(ctx, obj),
        // The strategy's `ValidateUpdate` runs only `ValidateResourceClaimUpdate`:
        // the spec is immutable, so it is not re-validated on update.
        (Operation::Update, "/", Some(old)) => validate_resource_claim_update(obj, old),
        (Operation::Update, "/status", Some(old)) => {
            validate_resource_claim_status_update(obj, old)
        }
        (Operation::Update, "/" | "/status", None) => ErrorList::from(Error::internal(
            &Path::root(),
            "an update needs the old object",
        )),
        _ => ErrorList::from(unsupported_subresource("ResourceClaim", &sub)),
    }
}

/// The features `validateCELSelector` hands the DRA CEL compiler:
/// `EnableConsumableCapacity` from `DRAConsumableCapacity` (the newest
/// `validation.go` read passes no other).
fn cel_features(ctx: &Context) -> CelFeatures {
    CelFeatures {
        consumable_capacity: ctx.option_state(DRA_CONSUMABLE_CAPACITY) == Some(true),
        list_type_attributes: false,
    }
}

/// The gates of the strategies' drops, each on unless the context turns it
/// off.
fn drop_gates(ctx: &Context) -> ClaimDropGates {
    ClaimDropGates::from_fn(|gate| ctx.option_state(gate) != Some(false))
}

/// The strategies' `PrepareForCreate` / `PrepareForUpdate`: create clears
/// the status; a root update keeps the stored status; a status update keeps
/// the stored spec and metadata (`ResetObjectMetaForStatus`) and drops the
/// status of devices no longer allocated; fields of gates turned off are
/// dropped unless the stored object uses them. The decode-time defaults
/// ([`set_defaults_resource_claim`](super::defaults::set_defaults_resource_claim))
/// are applied first.
///
/// ```
/// use apimachinery::operation::Context;
/// use declarative::api::resource::v1::ResourceClaim;
/// use handwritten::resource::v1::resource_claim::prepare;
/// let mut rc: ResourceClaim = serde_json::from_str(r#"{"status":{"reservedFor":[{"resource":"pods","name":"p","uid":"u"}]}}"#).unwrap();
/// prepare(&Context::create(), &mut rc, None);
/// assert!(rc.status.reserved_for.is_empty());
/// ```
pub fn prepare(ctx: &Context, obj: &mut ResourceClaim, old: Option<&ResourceClaim>) {
    // The API server defaults an object when it decodes it, before the
    // strategy runs.
    set_defaults_resource_claim(obj);
    match (ctx.operation, ctx.subresource_path().as_str(), old) {
        (Operation::Create, "/", _) => {
            obj.status = ResourceClaimStatus::default();
            drop_disabled_spec_fields(drop_gates(ctx), &mut obj.spec, None);
        }
        (Operation::Update, "/", Some(old)) => {
            obj.status = old.status.clone();
            drop_disabled_spec_fields(drop_gates(ctx), &mut obj.spec, Some(&old.spec));
        }
        (Operation::Update, "/status", Some(old)) => {
            obj.spec = old.spec.clone();
            let (m, o) = (&mut obj.metadata, &old.metadata);
            m.deletion_timestamp = o.deletion_timestamp.clone();
            m.generation = o.generation;
            m.labels = o.labels.clone();
            m.annotations = o.annotations.clone();
            m.finalizers = o.finalizers.clone();
            m.owner_references = o.owner_references.clone();
            let gates = drop_gates(ctx);
            drop_disabled_status_fields(gates, obj, old);
            drop_deallocated_status_devices(gates, obj, old);
        }
        _ => {}
    }
}

/// `dropDeallocatedStatusDevices`: with device statuses enabled (or in use
/// in the stored claim), the statuses of devices the stored allocation had
/// and the new one no longer has are removed; a device is its driver, pool,
/// name and share ID.
fn drop_deallocated_status_devices(
    gates: ClaimDropGates,
    new: &mut ResourceClaim,
    old: &ResourceClaim,
) {
    if !gates.device_status && old.status.devices.is_empty() {
        return;
    }
    let ids = |status: &ResourceClaimStatus| -> HashSet<SharedDeviceId> {
        status
            .allocation
            .iter()
            .flat_map(|a| a.devices.results.iter())
            .map(|r| shared_id(&r.driver, &r.pool, &r.device, r.share_id.as_ref()))
            .collect()
    };
    let still = ids(&new.status);
    let gone: HashSet<SharedDeviceId> = ids(&old.status).difference(&still).cloned().collect();
    new.status.devices.retain(|d| {
        !gone.contains(&shared_id(
            &d.driver,
            &d.pool,
            &d.device,
            d.share_id.as_ref(),
        ))
    });
}

/// `ValidateResourceClaim`: namespaced metadata with a DNS-1123 subdomain
/// name, then the device claim.
///
/// ```
/// use apimachinery::operation::Context;
/// use declarative::api::resource::v1::ResourceClaim;
/// use handwritten::resource::v1::resource_claim::validate_resource_claim;
/// let rc: ResourceClaim = serde_json::from_str(r#"{"metadata":{"name":"c","namespace":"ns"}}"#).unwrap();
/// assert!(validate_resource_claim(&Context::create(), &rc).is_empty());
/// ```
pub fn validate_resource_claim(ctx: &Context, claim: &ResourceClaim) -> ErrorList {
    let mut errs = validate_object_meta(
        &claim.metadata,
        true,
        name_is_dns_subdomain,
        &Path::new("metadata"),
    );
    let spec = Path::new("spec");
    errs.extend_from(validate_device_claim(
        ctx,
        &claim.spec.devices,
        &spec.child("devices"),
        false,
    ));
    errs
}

/// `ValidateResourceClaimUpdate`: the create checks of the metadata, the
/// metadata update, and an immutable spec (origin `immutable`, covered).
///
/// ```
/// use declarative::api::resource::v1::ResourceClaim;
/// use handwritten::resource::v1::resource_claim::validate_resource_claim_update;
/// let old: ResourceClaim = serde_json::from_str(r#"{"metadata":{"name":"c","namespace":"ns","resourceVersion":"1"},"spec":{"devices":{"requests":[{"name":"r","exactly":{"deviceClassName":"gpu","allocationMode":"All"}}]}}}"#).unwrap();
/// let mut new = old.clone();
/// new.spec.devices.requests[0].name = "s".into();
/// let errs = validate_resource_claim_update(&new, &old);
/// assert_eq!((errs[0].field.as_str(), errs[0].origin.as_ref()), ("spec", "immutable"));
/// ```
pub fn validate_resource_claim_update(new: &ResourceClaim, old: &ResourceClaim) -> ErrorList {
    let meta = Path::new("metadata");
    let mut errs = validate_object_meta(&new.metadata, true, name_is_dns_subdomain, &meta);
    errs.extend_from(validate_object_meta_update(
        &new.metadata,
        &old.metadata,
        &meta,
    ));
    // `ValidateImmutableField` compares with `Semantic.DeepEqual`: the typed
    // comparison: quantities by value, a `RawExtension` by its bytes (the
    // same parameters written with other whitespace are a change); the bad
    // value is the new spec.
    if !new.spec.text_eq(&old.spec) {
        let bad = serde_json::to_value(&new.spec).unwrap_or_default();
        errs.push(
            Error::invalid(&Path::new("spec"), bad, FIELD_IMMUTABLE_ERROR_MSG)
                .with_origin("immutable")
                .mark_covered_by_declarative(),
        );
    }
    errs
}

/// `gatherRequestNames`.
///
/// ```
/// use declarative::api::resource::v1::DeviceClaim;
/// use handwritten::resource::v1::resource_claim::gather_request_names;
/// let d: DeviceClaim = serde_json::from_str(r#"{"requests":[{"name":"a","firstAvailable":[{"name":"x"}]}]}"#).unwrap();
/// assert!(gather_request_names(&d).has("a/x"));
/// ```
pub fn gather_request_names(claim: &DeviceClaim) -> RequestNames {
    let mut names = RequestNames::default();
    for r in &claim.requests {
        let subs = (!r.first_available.is_empty())
            .then(|| r.first_available.iter().map(|s| s.name.clone()).collect());
        names.insert(&r.name, subs);
    }
    names
}

/// `validateDeviceClaim`: requests (at most 32, unique names), constraints
/// and configuration (at most 32 each); sizes and uniqueness are covered.
///
/// ```
/// use apimachinery::{field::Path, operation::Context};
/// use declarative::api::resource::v1::DeviceClaim;
/// use handwritten::resource::v1::resource_claim::validate_device_claim;
/// let d: DeviceClaim = serde_json::from_str(r#"{"requests":[{"name":"a"},{"name":"a"}]}"#).unwrap();
/// let errs = validate_device_claim(&Context::create(), &d, &Path::new("devices"), false);
/// assert_eq!(errs.last().unwrap().error_type.as_str(), "FieldValueDuplicate");
/// ```
pub fn validate_device_claim(
    ctx: &Context,
    claim: &DeviceClaim,
    path: &Path<'_>,
    stored: bool,
) -> ErrorList {
    let names = gather_request_names(claim);
    let features = cel_features(ctx);
    let mut errs = validate_set(
        &claim.requests,
        Some(DEVICE_REQUESTS_MAX_SIZE),
        |r, p| validate_device_request(r, p, stored, features),
        |r| r.name.clone(),
        &path.child("requests"),
        Covered::SIZE_AND_UNIQUENESS,
    );
    errs.extend_from(validate_slice(
        &claim.constraints,
        Some(DEVICE_CONSTRAINTS_MAX_SIZE),
        |c, p| validate_device_constraint(ctx, c, p, &names),
        &path.child("constraints"),
        Covered::SIZE,
    ));
    errs.extend_from(validate_slice(
        &claim.config,
        Some(super::device_checks::DEVICE_CONFIG_MAX_SIZE),
        |c, p| {
            let mut e = validate_request_refs(&c.requests, &p.child("requests"), &names);
            e.extend_from(validate_device_configuration(c.opaque.as_ref(), p, stored));
            e
        },
        &path.child("config"),
        Covered::SIZE,
    ));
    errs
}

/// `validateDeviceRequest`: a DNS-label name and exactly one of `exactly`
/// and `firstAvailable` (at most 8 alternatives with unique names).
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::resource::v1::DeviceRequest;
/// use handwritten::resource::v1::resource_claim::validate_device_request;
/// let r = DeviceRequest { name: "r".into(), ..Default::default() };
/// assert_eq!(validate_device_request(&r, &Path::new("r"), false, Default::default())[0].error_type.as_str(), "FieldValueRequired");
/// ```
pub fn validate_device_request(
    request: &DeviceRequest,
    path: &Path<'_>,
    stored: bool,
    features: CelFeatures,
) -> ErrorList {
    let mut errs = dns1123_label(&request.name, &path.child("name"));
    let has_first = !request.first_available.is_empty();
    match (&request.exactly, has_first) {
        (None, false) => errs.push(Error::required(
            path,
            "exactly one of `exactly` or `firstAvailable` is required",
        )),
        (Some(_), true) => errs.push(Error::invalid(
            path,
            serde_json::Value::Null,
            "exactly one of `exactly` or `firstAvailable` is required, but multiple fields are set",
        )),
        (None, true) => errs.extend_from(validate_set(
            &request.first_available,
            Some(FIRST_AVAILABLE_MAX_SIZE),
            |s, p| validate_device_sub_request(s, p, stored, features),
            |s| s.name.clone(),
            &path.child("firstAvailable"),
            Covered::SIZE_AND_UNIQUENESS,
        )),
        (Some(exactly), false) => errs.extend_from(validate_exact_device_request(
            exactly,
            &path.child("exactly"),
            stored,
            features,
        )),
    }
    errs
}

fn validate_tolerations(tolerations: &[DeviceToleration], path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    for (i, t) in tolerations.iter().enumerate() {
        errs.extend_from(validate_device_toleration(t, &path.index(i)));
    }
    errs
}

/// `validateDeviceSubRequest`: name, class (covered), selectors, allocation
/// mode and tolerations.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::resource::v1::DeviceSubRequest;
/// use handwritten::resource::v1::resource_claim::validate_device_sub_request;
/// let s: DeviceSubRequest = serde_json::from_str(r#"{"name":"a","allocationMode":"All"}"#).unwrap();
/// let errs = validate_device_sub_request(&s, &Path::new("s"), false, Default::default());
/// assert_eq!(errs[0].field, "s.deviceClassName");
/// assert!(errs[0].covered_by_declarative);
/// ```
pub fn validate_device_sub_request(
    sub: &DeviceSubRequest,
    path: &Path<'_>,
    stored: bool,
    features: CelFeatures,
) -> ErrorList {
    let mut errs = dns1123_label(&sub.name, &path.child("name"));
    // Covered by the subrequest's `+k8s:format=k8s-long-name`: its format
    // error carries that origin, as Kubernetes' declarative tests expect.
    errs.extend_from(
        validate_device_class_ref(&sub.device_class_name, &path.child("deviceClassName"))
            .into_iter()
            .map(|e| match e.error_type {
                ErrorType::Invalid => e.with_origin("format=k8s-long-name"),
                _ => e,
            })
            .collect::<ErrorList>()
            .mark_covered_by_declarative(),
    );
    errs.extend_from(validate_selectors(
        &sub.selectors,
        &path.child("selectors"),
        stored,
        features,
    ));
    errs.extend_from(validate_allocation_mode(
        sub.allocation_mode.as_str(),
        sub.count,
        &path.child("allocationMode"),
        &path.child("count"),
    ));
    errs.extend_from(validate_tolerations(
        &sub.tolerations,
        &path.child("tolerations"),
    ));
    errs
}

/// `validateExactDeviceRequest`: class, selectors, allocation mode and
/// tolerations.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::resource::v1::ExactDeviceRequest;
/// use handwritten::resource::v1::resource_claim::validate_exact_device_request;
/// let e: ExactDeviceRequest = serde_json::from_str(r#"{"deviceClassName":"gpu","allocationMode":"ExactCount","count":0}"#).unwrap();
/// assert_eq!(validate_exact_device_request(&e, &Path::new("e"), false, Default::default())[0].field, "e.count");
/// ```
pub fn validate_exact_device_request(
    request: &ExactDeviceRequest,
    path: &Path<'_>,
    stored: bool,
    features: CelFeatures,
) -> ErrorList {
    let mut errs =
        validate_device_class_ref(&request.device_class_name, &path.child("deviceClassName"));
    errs.extend_from(validate_selectors(
        &request.selectors,
        &path.child("selectors"),
        stored,
        features,
    ));
    errs.extend_from(validate_allocation_mode(
        request.allocation_mode.as_str(),
        request.count,
        &path.child("allocationMode"),
        &path.child("count"),
    ));
    errs.extend_from(validate_tolerations(
        &request.tolerations,
        &path.child("tolerations"),
    ));
    errs
}

/// `validateDeviceAllocationMode`: `All` takes no count, `ExactCount` a
/// positive one; anything else, the empty mode included (Kubernetes
/// validates the defaulted internal object), is `NotSupported` (covered).
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::resource::v1::resource_claim::validate_allocation_mode;
/// let (m, c) = (Path::new("allocationMode"), Path::new("count"));
/// assert!(validate_allocation_mode("ExactCount", 1, &m, &c).is_empty());
/// assert_eq!(validate_allocation_mode("All", 2, &m, &c)[0].detail, "must not be specified when allocationMode is 'All'");
/// assert_eq!(validate_allocation_mode("", 0, &m, &c)[0].error_type.as_str(), "FieldValueNotSupported");
/// ```
pub fn validate_allocation_mode(
    mode: &str,
    count: i64,
    mode_path: &Path<'_>,
    count_path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    match mode {
        "All" => {
            if count != 0 {
                errs.push(Error::invalid(
                    count_path,
                    count,
                    "must not be specified when allocationMode is 'All'",
                ));
            }
        }
        "ExactCount" => {
            if count <= 0 {
                errs.push(Error::invalid(
                    count_path,
                    count,
                    "must be greater than zero",
                ));
            }
        }
        other => errs.push(
            Error::not_supported(mode_path, other, &["All", "ExactCount"])
                .mark_covered_by_declarative(),
        ),
    }
    errs
}

/// `validateDeviceConstraint`: request references (unique, at most 32) and
/// one attribute (a fully-qualified name, covered).
///
/// ```
/// use apimachinery::{field::Path, operation::Context};
/// use declarative::api::resource::v1::DeviceConstraint;
/// use handwritten::resource::v1::device_checks::RequestNames;
/// use handwritten::resource::v1::resource_claim::validate_device_constraint;
/// let errs = validate_device_constraint(&Context::create(), &DeviceConstraint::default(), &Path::new("c"), &RequestNames::default());
/// assert_eq!(errs[0].field, "c.matchAttribute");
/// ```
pub fn validate_device_constraint(
    ctx: &Context,
    constraint: &DeviceConstraint,
    path: &Path<'_>,
    names: &RequestNames,
) -> ErrorList {
    let mut errs = validate_request_refs(&constraint.requests, &path.child("requests"), names);
    if let Some(attr) = &constraint.match_attribute {
        errs.extend_from(
            validate_fully_qualified_name(attr, &path.child("matchAttribute"))
                .mark_covered_by_declarative(),
        );
    } else if let Some(attr) = &constraint.distinct_attribute {
        errs.extend_from(
            // Not covered: Kubernetes marks only the matchAttribute check.
            validate_fully_qualified_name(attr, &path.child("distinctAttribute")),
        );
    } else if ctx.option_state(DRA_CONSUMABLE_CAPACITY) == Some(true) {
        errs.push(Error::required(
            path,
            r#"exactly one of "matchAttribute" or "distinctAttribute" is required, but multiple fields are set"#,
        ));
    } else {
        errs.push(Error::required(&path.child("matchAttribute"), ""));
    }
    errs
}

/// `ValidateResourceClaimStatusUpdate`: the metadata update and the status
/// against the stored status.
///
/// ```
/// use declarative::api::resource::v1::ResourceClaim;
/// use handwritten::resource::v1::resource_claim::validate_resource_claim_status_update;
/// let old: ResourceClaim = serde_json::from_str(r#"{"metadata":{"name":"c","namespace":"ns","resourceVersion":"1"},"spec":{"devices":{"requests":[{"name":"r","exactly":{"deviceClassName":"gpu","allocationMode":"All"}}]}}}"#).unwrap();
/// let mut new = old.clone();
/// new.status = serde_json::from_str(r#"{"reservedFor":[{"resource":"pods","name":"p","uid":"u"}]}"#).unwrap();
/// assert_eq!(validate_resource_claim_status_update(&new, &old)[0].field, "status.reservedFor");
/// ```
pub fn validate_resource_claim_status_update(
    new: &ResourceClaim,
    old: &ResourceClaim,
) -> ErrorList {
    let mut errs =
        validate_object_meta_update(&new.metadata, &old.metadata, &Path::new("metadata"));
    let names = gather_request_names(&new.spec.devices);
    errs.extend_from(validate_status(
        &new.status,
        &old.status,
        new.metadata.deletion_timestamp.is_some(),
        &names,
        &Path::new("status"),
    ));
    errs
}

type SharedDeviceId = (String, String, String, Option<String>);

fn shared_id(driver: &str, pool: &str, device: &str, share: Option<&String>) -> SharedDeviceId {
    (driver.into(), pool.into(), device.into(), share.cloned())
}

fn shared_id_text(id: &SharedDeviceId) -> String {
    match &id.3 {
        Some(share) => format!("{}/{}/{}/{}", id.0, id.1, id.2, share),
        None => format!("{}/{}/{}", id.0, id.1, id.2),
    }
}

fn validate_status(
    status: &ResourceClaimStatus,
    old: &ResourceClaimStatus,
    deleted: bool,
    names: &RequestNames,
    path: &Path<'_>,
) -> ErrorList {
    let reserved = path.child("reservedFor");
    let mut errs = validate_set(
        &status.reserved_for,
        Some(RESERVED_FOR_MAX_SIZE),
        validate_consumer_reference,
        |c| c.uid.clone(),
        &reserved,
        Covered::SIZE_AND_UNIQUENESS,
    );
    let allocated: HashSet<SharedDeviceId> = status
        .allocation
        .iter()
        .flat_map(|a| a.devices.results.iter())
        .map(|r| shared_id(&r.driver, &r.pool, &r.device, r.share_id.as_ref()))
        .collect();
    errs.extend_from(validate_set(
        &status.devices,
        None,
        |d, p| validate_device_status(d, p, &allocated),
        |d| {
            shared_id_text(&shared_id(
                &d.driver,
                &d.pool,
                &d.device,
                d.share_id.as_ref(),
            ))
        },
        &path.child("devices"),
        Covered::UNIQUENESS,
    ));
    if !status.reserved_for.is_empty() {
        if status.allocation.is_none() {
            errs.push(Error::forbidden(
                &reserved,
                "may not be specified when `allocated` is not set",
            ));
        } else if deleted {
            let old_set: HashSet<&ResourceClaimConsumerReference> =
                old.reserved_for.iter().collect();
            if status.reserved_for.iter().any(|r| !old_set.contains(r)) {
                errs.push(Error::forbidden(
                    &reserved,
                    "new entries may not be added while `deallocationRequested` or `deletionTimestamp` are set",
                ));
            }
        }
    }
    let allocation = path.child("allocation");
    match (&status.allocation, &old.allocation) {
        // `ValidateImmutableField` compares with `Semantic.DeepEqual`: the
        // typed comparison, whose node selector equates nil and empty lists
        // as Go does (`NodeSelectorJson`).
        (Some(new_alloc), Some(old_alloc)) if !new_alloc.text_eq(old_alloc) => {
            let v = serde_json::to_value(new_alloc).unwrap_or_default();
            errs.push(
                Error::invalid(&allocation, v, FIELD_IMMUTABLE_ERROR_MSG)
                    .with_origin("update")
                    .mark_covered_by_declarative(),
            );
        }
        (Some(_), Some(_)) => {}
        (Some(new_alloc), None) => {
            errs.extend_from(validate_allocation_result(new_alloc, &allocation, names));
        }
        _ => {}
    }
    errs
}

fn validate_consumer_reference(r: &ResourceClaimConsumerReference, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    for (value, name) in [
        (&r.resource, "resource"),
        (&r.name, "name"),
        (&r.uid, "uid"),
    ] {
        if value.is_empty() {
            errs.push(Error::required(&path.child(name), ""));
        }
    }
    errs
}

/// `validateAllocationResult` for a new allocation: the device results and
/// configuration, and the node selector.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::resource::v1::AllocationResult;
/// use handwritten::resource::v1::device_checks::RequestNames;
/// use handwritten::resource::v1::resource_claim::validate_allocation_result;
/// let a: AllocationResult = serde_json::from_str(r#"{"devices":{"results":[{"request":"r","driver":"d.io","pool":"p","device":"d"}]}}"#).unwrap();
/// let errs = validate_allocation_result(&a, &Path::new("allocation"), &RequestNames::default());
/// assert_eq!(errs[0].field, "allocation.devices.results[0].request");
/// ```
pub fn validate_allocation_result(
    allocation: &AllocationResult,
    path: &Path<'_>,
    names: &RequestNames,
) -> ErrorList {
    let devices = path.child("devices");
    let mut errs = validate_slice(
        &allocation.devices.results,
        Some(DEVICE_REQUESTS_MAX_SIZE),
        |r, p| validate_request_allocation_result(r, p, names),
        &devices.child("results"),
        Covered::SIZE,
    );
    errs.extend_from(validate_slice(
        &allocation.devices.config,
        Some(2 * super::device_checks::DEVICE_CONFIG_MAX_SIZE),
        |c, p| validate_allocation_configuration(c, p, names),
        &devices.child("config"),
        Covered::SIZE,
    ));
    if let Some(selector) = &allocation.node_selector {
        errs.extend_from(validate_node_selector(
            &selector.0,
            false,
            &path.child("nodeSelector"),
        ));
    }
    errs
}

fn validate_request_allocation_result(
    result: &DeviceRequestAllocationResult,
    path: &Path<'_>,
    names: &RequestNames,
) -> ErrorList {
    let mut errs = validate_request_name_ref(&result.request, &path.child("request"), names);
    errs.extend_from(validate_driver_name(
        &result.driver,
        &path.child("driver"),
        Covered::DRIVER,
    ));
    errs.extend_from(
        validate_pool_name(&result.pool, &path.child("pool")).mark_covered_by_declarative(),
    );
    errs.extend_from(dns1123_label(&result.device, &path.child("device")));
    errs.extend_from(validate_binding_conditions(
        &result.binding_conditions,
        &result.binding_failure_conditions,
        path,
    ));
    errs.extend_from(validate_tolerations(
        &result.tolerations,
        &path.child("tolerations"),
    ));
    if let Some(share) = &result.share_id {
        errs.extend_from(validate_uid(share, &path.child("shareID")).mark_covered_by_declarative());
    }
    errs.extend_from(validate_skip_node_operations(
        &result.skip_node_operations,
        &path.child("skipNodeOperations"),
    ));
    errs
}

/// `validateSkipNodeOperations`: `NodePrepareResources` may only be skipped
/// together with `NodeUnprepareResources` (or `*`). Values and uniqueness
/// are left to declarative validation, as in Kubernetes.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::resource::v1::SkipNodeOperation;
/// use handwritten::resource::v1::resource_claim::validate_skip_node_operations;
/// let p = Path::new("skipNodeOperations");
/// assert_eq!(validate_skip_node_operations(&[SkipNodeOperation::NodePrepareResources], &p).len(), 1);
/// assert!(validate_skip_node_operations(&[SkipNodeOperation::NodePrepareResources, SkipNodeOperation::All], &p).is_empty());
/// ```
pub fn validate_skip_node_operations(ops: &[SkipNodeOperation], path: &Path<'_>) -> ErrorList {
    let has = |v: &str| ops.iter().any(|o| o.as_str() == v);
    if has("NodePrepareResources") && !has("NodeUnprepareResources") && !has("*") {
        let value = serde_json::to_value(ops).unwrap_or_default();
        return ErrorList::from(Error::invalid(
            path,
            value,
            "NodePrepareResources cannot be skipped unless NodeUnprepareResources is also skipped",
        ));
    }
    ErrorList::new()
}

/// `validateDeviceBindingParameters`: at most 4 of each (size covered),
/// label-name entries, no duplicates, no overlap between the two lists.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::resource::v1::resource_claim::validate_binding_conditions;
/// let c = vec!["ready".to_string()];
/// let errs = validate_binding_conditions(&c, &c, &Path::new("r"));
/// assert_eq!(errs[0].field, "r.bindingFailureConditions[0]");
/// ```
pub fn validate_binding_conditions(
    conditions: &[String],
    failure: &[String],
    path: &Path<'_>,
) -> ErrorList {
    let cond_path = path.child("bindingConditions");
    let fail_path = path.child("bindingFailureConditions");
    let mut errs = validate_slice(
        conditions,
        Some(BINDING_CONDITIONS_MAX_SIZE),
        |c, p| validate_label_name(c, p),
        &cond_path,
        Covered::SIZE,
    );
    errs.extend_from(validate_slice(
        failure,
        Some(BINDING_CONDITIONS_MAX_SIZE),
        |c, p| validate_label_name(c, p),
        &fail_path,
        Covered::SIZE,
    ));
    let mut seen = HashSet::new();
    for (i, c) in conditions.iter().enumerate() {
        if !seen.insert(c) {
            errs.push(Error::duplicate(&cond_path.index(i), c.as_str()));
        }
    }
    let mut seen_fail = HashSet::new();
    for (i, c) in failure.iter().enumerate() {
        if !seen_fail.insert(c) {
            errs.push(Error::duplicate(&fail_path.index(i), c.as_str()));
        }
        if conditions.contains(c) {
            errs.push(Error::invalid(
                &fail_path.index(i),
                c.as_str(),
                "bindingFailureConditions must not overlap with bindingConditions",
            ));
        }
    }
    errs
}

fn validate_allocation_configuration(
    config: &DeviceAllocationConfiguration,
    path: &Path<'_>,
    names: &RequestNames,
) -> ErrorList {
    let source = path.child("source");
    let mut errs = ErrorList::new();
    match config.source.as_str() {
        "" => errs.push(Error::required(&source, "").mark_covered_by_declarative()),
        "FromClaim" | "FromClass" => {}
        other => errs.push(
            Error::not_supported(&source, other, &["FromClaim", "FromClass"])
                .mark_covered_by_declarative(),
        ),
    }
    errs.extend_from(validate_request_refs(
        &config.requests,
        &path.child("requests"),
        names,
    ));
    errs.extend_from(validate_device_configuration(
        config.opaque.as_ref(),
        path,
        false,
    ));
    errs
}

fn validate_device_status(
    device: &AllocatedDeviceStatus,
    path: &Path<'_>,
    allocated: &HashSet<SharedDeviceId>,
) -> ErrorList {
    let mut errs = validate_driver_name(&device.driver, &path.child("driver"), Covered::NONE);
    errs.extend_from(validate_pool_name(&device.pool, &path.child("pool")));
    errs.extend_from(dns1123_label(&device.device, &path.child("device")));
    if let Some(share) = &device.share_id {
        errs.extend_from(validate_uid(share, &path.child("shareID")).mark_covered_by_declarative());
    }
    let id = shared_id(
        &device.driver,
        &device.pool,
        &device.device,
        device.share_id.as_ref(),
    );
    if !allocated.contains(&id) {
        errs.push(Error::invalid(
            path,
            shared_id_text(&id),
            "must be an allocated device in the claim",
        ));
    }
    let conditions = path.child("conditions");
    if device.conditions.len() > ALLOCATED_DEVICE_STATUS_MAX_CONDITIONS {
        errs.push(Error::too_many(
            &conditions,
            device.conditions.len() as i64,
            ALLOCATED_DEVICE_STATUS_MAX_CONDITIONS as i64,
        ));
    }
    errs.extend_from(validate_conditions(&device.conditions, &conditions));
    if let Some(data) = &device.data {
        errs.extend_from(validate_raw_extension(
            Some(data),
            &path.child("data"),
            false,
            ALLOCATED_DEVICE_STATUS_DATA_MAX_LENGTH,
        ));
    }
    if let Some(network) = &device.network_data {
        errs.extend_from(validate_network_device_data(
            network,
            &path.child("networkData"),
        ));
    }
    errs
}

/// `validateNetworkDeviceData`: interface name at most 256 bytes and
/// hardware address at most 128 (both origin `maxBytes`, covered); at most
/// 16 unique interface addresses in canonical CIDR form.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::resource::v1::NetworkDeviceData;
/// use handwritten::resource::v1::resource_claim::validate_network_device_data;
/// let d = NetworkDeviceData { ips: vec!["10.0.0.1".into()], ..Default::default() };
/// assert_eq!(validate_network_device_data(&d, &Path::new("n"))[0].field, "n.ips[0]");
/// ```
pub fn validate_network_device_data(data: &NetworkDeviceData, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if data.interface_name.len() > 256 {
        errs.push(
            Error::too_long(&path.child("interfaceName"), 256)
                .with_origin("maxBytes")
                .mark_covered_by_declarative(),
        );
    }
    if data.hardware_address.len() > 128 {
        errs.push(
            Error::too_long(&path.child("hardwareAddress"), 128)
                .with_origin("maxBytes")
                .mark_covered_by_declarative(),
        );
    }
    errs.extend_from(validate_set(
        &data.ips,
        Some(16),
        |ip, p| is_valid_interface_address(p, ip),
        |ip| ip.clone(),
        &path.child("ips"),
        Covered::SIZE_AND_UNIQUENESS,
    ));
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claim(spec: &str) -> ResourceClaim {
        serde_json::from_str(&format!(
            r#"{{"metadata":{{"name":"c","namespace":"ns","resourceVersion":"1"}},"spec":{{"devices":{spec}}}}}"#
        ))
        .unwrap()
    }

    #[test]
    fn status_prepare_prunes_deallocated_devices_by_share_id() {
        let status = |results: &str, devices: &str| -> ResourceClaim {
            serde_json::from_str(&format!(
                r#"{{"status":{{"allocation":{{"devices":{{"results":[{results}]}}}},"devices":[{devices}]}}}}"#
            ))
            .unwrap()
        };
        let a = r#"{"request":"r","driver":"d","pool":"p","device":"x","shareID":"a"}"#;
        let b = r#"{"request":"r","driver":"d","pool":"p","device":"x","shareID":"b"}"#;
        let dev = |share: &str| {
            format!(r#"{{"driver":"d","pool":"p","device":"x","shareID":"{share}"}}"#)
        };
        let old = status(&format!("{a},{b}"), &dev("a"));
        let ctx = Context::update().subresource("/status");
        // The share allocated as `b` is gone; `a` stays: only `b`'s status goes.
        let mut new = status(a, &format!("{},{}", dev("a"), dev("b")));
        prepare(&ctx, &mut new, Some(&old));
        let shares: Vec<Option<&str>> = new
            .status
            .devices
            .iter()
            .map(|d| d.share_id.as_deref())
            .collect();
        assert_eq!(shares, [Some("a")]);
        // With the device-status gate off and no stored statuses, the
        // statuses are dropped outright before any pruning.
        let off = ctx.clone().option(DRA_RESOURCE_CLAIM_DEVICE_STATUS, false);
        let mut new = status(a, &dev("a"));
        prepare(&off, &mut new, Some(&status(a, "")));
        assert!(new.status.devices.is_empty());
    }

    #[test]
    fn unqualified_finalizer_names_are_rejected() {
        let mut rc = claim(
            r#"{"requests":[{"name":"r","exactly":{"deviceClassName":"c","allocationMode":"All"}}]}"#,
        );
        rc.metadata.finalizers = vec!["custom".into()];
        let errs = validate(&Context::create(), &rc, None);
        let got: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(got, ["metadata.finalizers[0]"]);
    }

    #[test]
    fn first_available_and_exactly_are_exclusive() {
        let rc = claim(
            r#"{"requests":[{"name":"r","exactly":{"deviceClassName":"c","allocationMode":"All"},"firstAvailable":[{"name":"a","deviceClassName":"c","allocationMode":"All"}]}]}"#,
        );
        let errs = validate(&Context::create(), &rc, None);
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].field, "spec.devices.requests[0]");
    }

    #[test]
    fn status_update_checks_new_allocations_only() {
        let old = claim(
            r#"{"requests":[{"name":"r","exactly":{"deviceClassName":"c","allocationMode":"All"}}]}"#,
        );
        let mut new = old.clone();
        new.status = serde_json::from_str(
            r#"{"allocation":{"devices":{"results":[{"request":"x","driver":"d.io","pool":"p","device":"gpu-0"}]}}}"#,
        )
        .unwrap();
        let ctx = Context::update().subresource("/status");
        let errs = validate(&ctx, &new, Some(&old));
        assert_eq!(errs.len(), 1);
        assert_eq!(
            errs[0].field,
            "status.allocation.devices.results[0].request"
        );
        let mut changed = new.clone();
        changed.status.allocation.as_mut().unwrap().devices.results[0].device = "gpu-1".into();
        let errs = validate(&ctx, &changed, Some(&new));
        assert_eq!(
            (errs[0].field.as_str(), errs[0].origin.as_ref()),
            ("status.allocation", "update")
        );
    }
}
