//! The CSIDriver pair's hand-written side: ports of `ValidateCSIDriver`,
//! `ValidateCSIDriverUpdate` and what they call
//! (`pkg/apis/storage/validation`), and of the registry strategy
//! (`pkg/registry/storage/csidriver`): create and update, no subresource.
//!
//! Master migrated `spec.volumeLifecycleModes` (optional, immutable) to an
//! alpha declarative rule: its immutability error carries origin
//! `immutable` and is covered by declarative. The `attachRequired` checks
//! report at `spec.attachRequired`, the field's JSON name: Kubernetes' newest
//! declarative test (`test/declarative_validation/storage/csidriver` at
//! 00a7fbe7) and the registry's (`pkg/registry/storage/csidriver` at
//! 48728d70) assert that path for hand-written validation with no
//! normalisation rule, after the fix of the long-standing
//! `spec.attachRequired` misspelling (kubernetes/kubernetes#136974,
//! #141597); the newest readable validation.go predates it. Its
//! immutability error keeps origin `immutable` but stays hand-written: the
//! api mirror's types.go (10b39a39) has no tag on `attachRequired` yet.
//!
//! Feature gates this pair reads (each from the validation context):
//! - `SELinuxMountReadWriteOncePod`: on, `spec.seLinuxMount` is required;
//!   off, the strategy drops it (on update only if the stored object does
//!   not set it).
//! - `MutableCSINodeAllocatableCount`: off, the strategy drops
//!   `spec.nodeAllocatableUpdatePeriodSeconds` (on update only if the stored
//!   object does not set it).
//! - `CSIServiceAccountTokenSecrets`: off, the strategy drops
//!   `spec.serviceAccountTokenInSecrets` (on update only if the stored
//!   object does not set it). Validation does not read it: a set
//!   `serviceAccountTokenInSecrets` without `tokenRequests` is invalid.
//!
//! An update whose spec differs from the stored spec (after those drops)
//! bumps the generation, as Kubernetes' strategy test asserts for every
//! spec field.
//!
//! Corpus cases exercise each gate both ways; Kubernetes'
//! `TestCSIDriverPrepareForUpdate` cases for `CSIServiceAccountTokenSecrets`
//! are imported with the preparation they assert.
//!
//! - `VolumeLimitScaling`: off, the strategy drops
//!   `spec.preventPodSchedulingIfMissing` (types.go `+featureGate`). The
//!   create-time drop is read from the strategy hunk of
//!   kubernetes/kubernetes#135012 (no stored `strategy.go` has the field);
//!   the update-time drop (only if the stored object does not set it)
//!   follows the rule this strategy applies to each of its gated fields, as
//!   no Kubernetes text showing `PrepareForUpdate` for this field was found.
//!   No validation rule reads the field or the gate.

use crate::core::v1::object_meta::{validate_object_meta, validate_object_meta_update};
use crate::meta::v1::generic::validate_immutable_field;
use apimachinery::content::name_is_dns_subdomain;
use apimachinery::field::{BadValue, Error, ErrorList, Path};
use apimachinery::operation::{Context, Operation};
use apimachinery::validation::unsupported_subresource;
use declarative::api::storage::v1::{CSIDriver, CSIDriverSpec, TokenRequest};
use std::collections::BTreeSet;

/// The subresources the CSIDriver strategy serves: none.
///
/// ```
/// assert!(handwritten::storage::v1::csi_driver::SUBRESOURCES.is_empty());
/// ```
pub const SUBRESOURCES: &[&str] = &[];

/// How the registry builds this kind's pair (`harness/kinds`): cluster scoped, apiVersion `storage.k8s.io/v1`.
/// The options (feature gates) the strategy reads, with their defaults.
pub const REGISTRATION: apimachinery::registration::Registration<
    declarative::api::storage::v1::CSIDriver,
> = apimachinery::registration::Registration {
    namespace_scoped: false,
    options: &[
        (SELINUX_MOUNT_READ_WRITE_ONCE_POD, true),
        (MUTABLE_CSI_NODE_ALLOCATABLE_COUNT, true),
        (CSI_SERVICE_ACCOUNT_TOKEN_SECRETS, true),
        (VOLUME_LIMIT_SCALING, true),
    ],
    ..apimachinery::registration::Registration::new("storage.k8s.io/v1")
};

/// The gate that makes `spec.seLinuxMount` required (on by default).
///
/// ```
/// assert_eq!(handwritten::storage::v1::csi_driver::SELINUX_MOUNT_READ_WRITE_ONCE_POD, "SELinuxMountReadWriteOncePod");
/// ```
pub const SELINUX_MOUNT_READ_WRITE_ONCE_POD: &str = "SELinuxMountReadWriteOncePod";

/// The gate that enables `spec.nodeAllocatableUpdatePeriodSeconds` (on by default).
///
/// ```
/// assert_eq!(handwritten::storage::v1::csi_driver::MUTABLE_CSI_NODE_ALLOCATABLE_COUNT, "MutableCSINodeAllocatableCount");
/// ```
pub const MUTABLE_CSI_NODE_ALLOCATABLE_COUNT: &str = "MutableCSINodeAllocatableCount";

/// The gate that enables `spec.serviceAccountTokenInSecrets` (on by default).
///
/// ```
/// assert_eq!(handwritten::storage::v1::csi_driver::CSI_SERVICE_ACCOUNT_TOKEN_SECRETS, "CSIServiceAccountTokenSecrets");
/// ```
pub const CSI_SERVICE_ACCOUNT_TOKEN_SECRETS: &str = "CSIServiceAccountTokenSecrets";

/// The gate that enables `spec.preventPodSchedulingIfMissing` (beta and on
/// by default from 1.37; alpha and off in 1.35 and 1.36).
///
/// ```
/// assert_eq!(handwritten::storage::v1::csi_driver::VOLUME_LIMIT_SCALING, "VolumeLimitScaling");
/// ```
pub const VOLUME_LIMIT_SCALING: &str = "VolumeLimitScaling";

/// The supported fsGroup policies, sorted as Go's `sets.List` returns them.
const SUPPORTED_FS_GROUP_POLICIES: &[&str] = &["File", "None", "ReadWriteOnceWithFSType"];
/// The supported volume lifecycle modes, in Kubernetes' order.
const SUPPORTED_LIFECYCLE_MODES: &[&str] = &["Persistent", "Ephemeral"];
/// The shortest token lifetime: 10 minutes.
const MIN_TOKEN_EXPIRATION_SECONDS: i64 = 600;
/// The longest token lifetime: 2^32 seconds.
const MAX_TOKEN_EXPIRATION_SECONDS: i64 = 1 << 32;

/// Whether a gate is on; `default` when the context does not define it.
fn gate(ctx: &Context, name: &str, default: bool) -> bool {
    ctx.option_state(name).unwrap_or(default)
}

/// What the strategy validates: `ValidateCSIDriver` on create,
/// `ValidateCSIDriverUpdate` on update. `SELinuxMountReadWriteOncePod`
/// (default on) makes `spec.seLinuxMount` required.
///
/// ```
/// use apimachinery::operation::Context;
/// use declarative::api::storage::v1::CSIDriver;
/// use handwritten::storage::v1::csi_driver::validate;
/// let d: CSIDriver = serde_json::from_str(r#"{"metadata":{"name":"csi.example.com"},
///   "spec":{"attachRequired":true,"podInfoOnMount":false,"storageCapacity":false}}"#).unwrap();
/// let errs = validate(&Context::create(), &d, None);
/// assert_eq!(errs[0].to_string(), "spec.seLinuxMount: Required value");
/// let ctx = Context::create().option("SELinuxMountReadWriteOncePod", false);
/// assert!(validate(&ctx, &d, None).is_empty());
/// ```
pub fn validate(ctx: &Context, obj: &CSIDriver, old: Option<&CSIDriver>) -> ErrorList {
    let selinux = gate(ctx, SELINUX_MOUNT_READ_WRITE_ONCE_POD, true);
    let sub = ctx.subresource_path();
    match (ctx.operation, sub.as_str(), old) {
        (Operation::Create, "/", _) => validate_csi_driver(obj, selinux),
        (Operation::Update, "/", Some(old)) => validate_csi_driver_update(obj, old, selinux),
        (Operation::Update, "/", None) => ErrorList::from(Error::internal(
            &Path::root(),
            "an update needs the stored object",
        )),
        _ => ErrorList::from(unsupported_subresource("v1.CSIDriver", &sub)),
    }
}

/// The strategy's field resets: a field whose gate is off is dropped
/// (`seLinuxMount` with `SELinuxMountReadWriteOncePod`,
/// `nodeAllocatableUpdatePeriodSeconds` with
/// `MutableCSINodeAllocatableCount`, `serviceAccountTokenInSecrets` with
/// `CSIServiceAccountTokenSecrets`, `preventPodSchedulingIfMissing` with
/// `VolumeLimitScaling`; on update only if the stored object
/// does not use it), and an update changing the spec bumps the generation.
///
/// ```
/// use apimachinery::operation::Context;
/// use declarative::api::storage::v1::CSIDriver;
/// use handwritten::storage::v1::csi_driver::prepare;
/// let mut d = CSIDriver::default();
/// d.spec.se_linux_mount = Some(true);
/// prepare(&Context::create().option("SELinuxMountReadWriteOncePod", false), &mut d, None);
/// assert_eq!(d.spec.se_linux_mount, None);
/// ```
pub fn prepare(ctx: &Context, obj: &mut CSIDriver, old: Option<&CSIDriver>) {
    let selinux = gate(ctx, SELINUX_MOUNT_READ_WRITE_ONCE_POD, true);
    let allocatable = gate(ctx, MUTABLE_CSI_NODE_ALLOCATABLE_COUNT, true);
    let token_secrets = gate(ctx, CSI_SERVICE_ACCOUNT_TOKEN_SECRETS, true);
    let limit_scaling = gate(ctx, VOLUME_LIMIT_SCALING, true);
    match (ctx.operation, ctx.subresource_path().as_str(), old) {
        (Operation::Create, "/", _) => {
            if !selinux {
                obj.spec.se_linux_mount = None;
            }
            if !allocatable {
                obj.spec.node_allocatable_update_period_seconds = None;
            }
            if !token_secrets {
                obj.spec.service_account_token_in_secrets = None;
            }
            if !limit_scaling {
                obj.spec.prevent_pod_scheduling_if_missing = None;
            }
        }
        (Operation::Update, "/", Some(old)) => {
            if !selinux && old.spec.se_linux_mount.is_none() {
                obj.spec.se_linux_mount = None;
            }
            if !allocatable && old.spec.node_allocatable_update_period_seconds.is_none() {
                obj.spec.node_allocatable_update_period_seconds = None;
            }
            if !token_secrets && old.spec.service_account_token_in_secrets.is_none() {
                obj.spec.service_account_token_in_secrets = None;
            }
            if !limit_scaling && old.spec.prevent_pod_scheduling_if_missing.is_none() {
                obj.spec.prevent_pod_scheduling_if_missing = None;
            }
            if obj.spec != old.spec {
                obj.metadata.generation = old.metadata.generation.wrapping_add(1);
            }
        }
        _ => {}
    }
}

/// `ValidateCSIDriver`: metadata (cluster-scoped, DNS-subdomain name) and
/// the spec; `selinux_gate` is `SELinuxMountReadWriteOncePod`.
///
/// ```
/// use declarative::api::storage::v1::CSIDriver;
/// use handwritten::storage::v1::csi_driver::validate_csi_driver;
/// let d: CSIDriver = serde_json::from_str(r#"{"metadata":{"name":"d"},"spec":{"fsGroupPolicy":"Any"}}"#).unwrap();
/// let fields: Vec<String> = validate_csi_driver(&d, false).iter().map(|e| e.field.clone()).collect();
/// assert_eq!(fields, ["spec.attachRequired", "spec.podInfoOnMount", "spec.storageCapacity", "spec.fsGroupPolicy"]);
/// ```
pub fn validate_csi_driver(driver: &CSIDriver, selinux_gate: bool) -> ErrorList {
    let mut errs = validate_object_meta(
        &driver.metadata,
        false,
        name_is_dns_subdomain,
        &Path::new("metadata"),
    );
    errs.extend_from(validate_spec(
        &driver.spec,
        &Path::new("spec"),
        selinux_gate,
    ));
    errs
}

/// `ValidateCSIDriverUpdate`: metadata update checks, the new spec, and
/// neither `attachRequired` (origin `immutable`) nor `volumeLifecycleModes`
/// (origin `immutable`, covered by declarative) may change.
///
/// ```
/// use declarative::api::storage::v1::CSIDriver;
/// use handwritten::storage::v1::csi_driver::validate_csi_driver_update;
/// let old: CSIDriver = serde_json::from_str(r#"{"metadata":{"name":"d","resourceVersion":"1"},
///   "spec":{"attachRequired":true,"podInfoOnMount":true,"storageCapacity":true,"seLinuxMount":true}}"#).unwrap();
/// let mut new = old.clone();
/// new.spec.volume_lifecycle_modes = vec!["Ephemeral".into()];
/// let errs = validate_csi_driver_update(&new, &old, true);
/// assert_eq!(errs[0].to_string(), r#"spec.volumeLifecycleModes: Invalid value: ["Ephemeral"]: field is immutable"#);
/// assert!(errs[0].covered_by_declarative);
/// ```
pub fn validate_csi_driver_update(
    new: &CSIDriver,
    old: &CSIDriver,
    selinux_gate: bool,
) -> ErrorList {
    let mut errs =
        validate_object_meta_update(&new.metadata, &old.metadata, &Path::new("metadata"));
    let spec = Path::new("spec");
    errs.extend_from(validate_spec(&new.spec, &spec, selinux_gate));
    // Kubernetes' newest declarative test (00a7fbe7) matches this error by
    // origin `immutable`; the api mirror's types.go has no tag for it yet,
    // so it stays hand-written (not covered).
    errs.extend_from(
        validate_immutable_field(
            new.spec.attach_required,
            old.spec.attach_required,
            &spec.child("attachRequired"),
        )
        .with_origin("immutable"),
    );
    if new.spec.volume_lifecycle_modes != old.spec.volume_lifecycle_modes {
        errs.extend_from(
            validate_immutable_field(
                BadValue::of(&new.spec.volume_lifecycle_modes),
                BadValue::of(&old.spec.volume_lifecycle_modes),
                &spec.child("volumeLifecycleModes"),
            )
            .with_origin("immutable")
            .mark_covered_by_declarative(),
        );
    }
    errs
}

/// `validateCSIDriverSpec`.
fn validate_spec(spec: &CSIDriverSpec, path: &Path<'_>, selinux_gate: bool) -> ErrorList {
    let mut errs = ErrorList::new();
    if spec.attach_required.is_none() {
        errs.push(Error::required(&path.child("attachRequired"), ""));
    }
    if spec.pod_info_on_mount.is_none() {
        errs.push(Error::required(&path.child("podInfoOnMount"), ""));
    }
    if spec.storage_capacity.is_none() {
        errs.push(Error::required(&path.child("storageCapacity"), ""));
    }
    if let Some(policy) = &spec.fs_group_policy
        && !SUPPORTED_FS_GROUP_POLICIES.contains(&policy.as_str())
    {
        errs.push(Error::not_supported(
            &path.child("fsGroupPolicy"),
            policy.as_str(),
            SUPPORTED_FS_GROUP_POLICIES,
        ));
    }
    errs.extend_from(validate_token_requests(
        &spec.token_requests,
        &path.child("tokenRequests"),
    ));
    let modes = path.child("volumeLifecycleModes");
    for mode in &spec.volume_lifecycle_modes {
        if !SUPPORTED_LIFECYCLE_MODES.contains(&mode.as_str()) {
            errs.push(Error::not_supported(
                &modes,
                mode.as_str(),
                SUPPORTED_LIFECYCLE_MODES,
            ));
        }
    }
    if spec.se_linux_mount.is_none() && selinux_gate {
        errs.push(Error::required(&path.child("seLinuxMount"), ""));
    }
    if let Some(period) = spec.node_allocatable_update_period_seconds
        && period < 10
    {
        errs.push(Error::invalid(
            &path.child("nodeAllocatableUpdatePeriodSeconds"),
            period,
            "must be greater than or equal to 10 seconds",
        ));
    }
    if let Some(in_secrets) = spec.service_account_token_in_secrets
        && spec.token_requests.is_empty()
    {
        errs.push(Error::invalid(
            &path.child("serviceAccountTokenInSecrets"),
            in_secrets,
            "may only be set when tokenRequests is specified",
        ));
    }
    errs
}

/// `validateTokenRequests`: audiences are unique (a repeat is a
/// `Duplicate` and skips that request's other checks) and a set expiration
/// lies between 10 minutes and 2^32 seconds.
fn validate_token_requests(requests: &[TokenRequest], path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut audiences = BTreeSet::new();
    for (i, request) in requests.iter().enumerate() {
        let idx = path.index(i);
        if !audiences.insert(request.audience.as_str()) {
            errs.push(Error::duplicate(
                &idx.child("audience"),
                request.audience.as_str(),
            ));
            continue;
        }
        let Some(seconds) = request.expiration_seconds else {
            continue;
        };
        let exp = idx.child("expirationSeconds");
        if seconds < MIN_TOKEN_EXPIRATION_SECONDS {
            errs.push(Error::invalid(
                &exp,
                seconds,
                "may not specify a duration less than 10 minutes",
            ));
        }
        if seconds > MAX_TOKEN_EXPIRATION_SECONDS {
            errs.push(Error::invalid(
                &exp,
                seconds,
                "may not specify a duration larger than 2^32 seconds",
            ));
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid() -> CSIDriver {
        serde_json::from_str(
            r#"{"metadata":{"name":"csi.example.com","resourceVersion":"1"},
                "spec":{"attachRequired":false,"podInfoOnMount":false,"storageCapacity":false,"seLinuxMount":false}}"#,
        )
        .unwrap()
    }

    fn fields(errs: &ErrorList) -> Vec<String> {
        errs.iter()
            .map(|e| format!("{} {} {}", e.error_type.as_str(), e.field, e.origin))
            .collect()
    }

    #[test]
    fn attach_required_change_reports_origin_immutable() {
        let old = valid();
        let mut new = old.clone();
        new.spec.attach_required = Some(true);
        assert_eq!(
            fields(&validate_csi_driver_update(&new, &old, true)),
            ["FieldValueInvalid spec.attachRequired immutable"]
        );
        new.spec.attach_required = None;
        assert_eq!(
            fields(&validate_csi_driver_update(&new, &old, true)),
            [
                "FieldValueRequired spec.attachRequired ",
                "FieldValueInvalid spec.attachRequired immutable"
            ]
        );
    }

    #[test]
    fn token_requests() {
        let mut d = valid();
        d.spec.token_requests = serde_json::from_str(
            r#"[{"audience":"a","expirationSeconds":599},{"audience":"a","expirationSeconds":1},
                {"audience":"","expirationSeconds":4294967297},{"audience":"b","expirationSeconds":4294967296},
                {"audience":"c","expirationSeconds":600}]"#,
        )
        .unwrap();
        assert_eq!(
            fields(&validate(&Context::create(), &d, None)),
            [
                "FieldValueInvalid spec.tokenRequests[0].expirationSeconds ",
                "FieldValueDuplicate spec.tokenRequests[1].audience ",
                "FieldValueInvalid spec.tokenRequests[2].expirationSeconds ",
            ]
        );
    }

    #[test]
    fn lifecycle_modes_and_period() {
        let mut d = valid();
        d.spec.volume_lifecycle_modes = vec!["Persistent".into(), "persistent".into()];
        d.spec.node_allocatable_update_period_seconds = Some(9);
        let errs = validate(&Context::create(), &d, None);
        assert_eq!(
            fields(&errs),
            [
                "FieldValueNotSupported spec.volumeLifecycleModes ",
                "FieldValueInvalid spec.nodeAllocatableUpdatePeriodSeconds ",
            ]
        );
        assert_eq!(
            errs[0].detail,
            r#"supported values: "Persistent", "Ephemeral""#
        );
        d.spec.node_allocatable_update_period_seconds = Some(10);
        d.spec.volume_lifecycle_modes.pop();
        assert!(validate(&Context::create(), &d, None).is_empty());
    }

    #[test]
    fn immutable_fields_on_update() {
        let old = valid();
        let mut new = valid();
        new.spec.attach_required = None;
        new.spec.volume_lifecycle_modes = vec!["Persistent".into()];
        new.spec.pod_info_on_mount = Some(true);
        let errs = validate(&Context::update(), &new, Some(&old));
        assert_eq!(
            fields(&errs),
            [
                "FieldValueRequired spec.attachRequired ",
                "FieldValueInvalid spec.attachRequired immutable",
                "FieldValueInvalid spec.volumeLifecycleModes immutable",
            ]
        );
        assert!(!errs[1].covered_by_declarative);
        assert_eq!(errs[1].bad_value.render(), "null");
    }

    #[test]
    fn update_prepare_bumps_generation_on_mutable_changes() {
        let old = valid();
        let mut new = valid();
        new.spec.requires_republish = Some(true);
        prepare(&Context::update(), &mut new, Some(&old));
        assert_eq!(new.metadata.generation, 1);
        let mut changed = valid();
        changed.spec.pod_info_on_mount = Some(true);
        prepare(&Context::update(), &mut changed, Some(&old));
        assert_eq!(changed.metadata.generation, 1);
        let mut same = valid();
        prepare(&Context::update(), &mut same, Some(&old));
        assert_eq!(same.metadata.generation, 0);
    }

    #[test]
    fn update_prepare_keeps_gated_fields_in_use() {
        let mut old = valid();
        old.spec.node_allocatable_update_period_seconds = Some(30);
        let mut new = old.clone();
        new.spec.node_allocatable_update_period_seconds = Some(5);
        let ctx = Context::update()
            .option(MUTABLE_CSI_NODE_ALLOCATABLE_COUNT, false)
            .option(SELINUX_MOUNT_READ_WRITE_ONCE_POD, false);
        prepare(&ctx, &mut new, Some(&old));
        assert_eq!(new.spec.node_allocatable_update_period_seconds, Some(5));
        old.spec.node_allocatable_update_period_seconds = None;
        prepare(&ctx, &mut new, Some(&old));
        assert_eq!(new.spec.node_allocatable_update_period_seconds, None);
        assert_eq!(new.spec.se_linux_mount, Some(false));
    }

    #[test]
    fn service_account_token_in_secrets_needs_token_requests() {
        let mut d = valid();
        d.spec.service_account_token_in_secrets = Some(false);
        assert_eq!(
            fields(&validate(&Context::create(), &d, None)),
            ["FieldValueInvalid spec.serviceAccountTokenInSecrets "]
        );
        d.spec.token_requests = vec![TokenRequest {
            audience: "gcp".into(),
            expiration_seconds: None,
        }];
        assert!(validate(&Context::create(), &d, None).is_empty());
    }

    #[test]
    fn service_account_token_in_secrets_dropped_with_gate_off() {
        let ctx = Context::create().option(CSI_SERVICE_ACCOUNT_TOKEN_SECRETS, false);
        let mut d = valid();
        d.spec.service_account_token_in_secrets = Some(true);
        prepare(&ctx, &mut d, None);
        assert_eq!(d.spec.service_account_token_in_secrets, None);
        let ctx = Context::update().option(CSI_SERVICE_ACCOUNT_TOKEN_SECRETS, false);
        let mut old = valid();
        old.spec.service_account_token_in_secrets = Some(true);
        let mut new = old.clone();
        prepare(&ctx, &mut new, Some(&old));
        assert_eq!(new.spec.service_account_token_in_secrets, Some(true));
        assert_eq!(new.metadata.generation, 0);
        old.spec.service_account_token_in_secrets = None;
        prepare(&ctx, &mut new, Some(&old));
        assert_eq!(new.spec.service_account_token_in_secrets, None);
    }

    #[test]
    fn prevent_pod_scheduling_if_missing_follows_volume_limit_scaling() {
        let off = Context::create().option(VOLUME_LIMIT_SCALING, false);
        let mut d = valid();
        d.spec.prevent_pod_scheduling_if_missing = Some(true);
        let mut kept = d.clone();
        prepare(&off, &mut d, None);
        assert_eq!(d.spec.prevent_pod_scheduling_if_missing, None);
        prepare(&Context::create(), &mut kept, None);
        assert_eq!(kept.spec.prevent_pod_scheduling_if_missing, Some(true));

        let off = Context::update().option(VOLUME_LIMIT_SCALING, false);
        let old = valid();
        let mut new = valid();
        new.spec.prevent_pod_scheduling_if_missing = Some(true);
        prepare(&off, &mut new, Some(&old));
        assert_eq!(new.spec.prevent_pod_scheduling_if_missing, None);
        assert_eq!(new.metadata.generation, 0);
        let mut in_use = valid();
        in_use.spec.prevent_pod_scheduling_if_missing = Some(false);
        let mut new = in_use.clone();
        new.spec.prevent_pod_scheduling_if_missing = Some(true);
        prepare(&off, &mut new, Some(&in_use));
        assert_eq!(new.spec.prevent_pod_scheduling_if_missing, Some(true));
        assert_eq!(new.metadata.generation, 1);
    }
}
