//! The VolumeAttachment pair's hand-written side: ports of
//! `ValidateVolumeAttachment`, `ValidateVolumeAttachmentV1`,
//! `ValidateVolumeAttachmentUpdate` and what they call
//! (`pkg/apis/storage/validation`), and of the registry strategies
//! (`pkg/registry/storage/volumeattachment`): create, update and `/status`.
//!
//! As in Kubernetes, create runs `ValidateVolumeAttachment` and the v1
//! tightening `ValidateVolumeAttachmentV1`; update (and `/status`, whose
//! strategy inherits it) runs `ValidateVolumeAttachment` and then
//! `ValidateVolumeAttachmentUpdate`, which validates the new object again,
//! so update errors other than the spec immutability appear twice.
//!
//! Master migrated `spec` (immutable) and `spec.attacher` (required,
//! `k8s-long-name-caseless`, maxLength 63) to beta declarative rules; the
//! matching errors are covered by declarative. The attacher's `Required`
//! is reported once (by `validateAttacher`): master's `ValidateCSIDriverName`
//! returns early on an empty name, and its equivalence test admits a single
//! `Required`.
//!
//! Neither path calls `ValidateObjectMetaUpdate`: update metadata is
//! validated as on create. The generic registry's `validateCommonFields`
//! (which `rest.ValidateUpdate` runs for every kind before the strategy) is
//! not part of this strategy: the engine runs it as a stage of its own
//! ([`crate::meta::v1::registry`]) for the cases that go through the registry.
//!
//! Feature gates this pair reads (from the validation context):
//! - `MutableCSINodeAllocatableCount`: off, the `/status` strategy drops a
//!   new `status.attachError.errorCode` / `status.detachError.errorCode`
//!   the stored error did not have. Validation reads no gate (a set
//!   `errorCode` must be non-negative whatever the gate).
//!
//! A source holding only `inlineVolumeSpec` has it validated as an inline
//! persistent volume spec (`ValidatePersistentVolumeSpec` with no volume
//! name, the inline rules and the zero options:
//! [`crate::core::v1::persistent_volume_spec`]) at
//! `spec.source.inlineVolumeSpec`; on update these errors, like the rest,
//! appear twice. They carry no declarative tag. The spec immutability
//! compares the inline spec as `apiequality.Semantic` does (a capacity in
//! another notation of the same value is no change).

use crate::core::v1::object_meta::validate_object_meta;
use crate::core::v1::persistent_volume_spec::{
    PersistentVolumeSpecOptions, validate_persistent_volume_spec,
};
use crate::meta::v1::generic::FIELD_IMMUTABLE_ERROR_MSG;
use apimachinery::content::{inclusive_range_error, name_is_dns_subdomain, util_validation};
use apimachinery::field::{BadValue, Error, ErrorList, Path};
use apimachinery::operation::{Context, Operation};
use apimachinery::validation::unsupported_subresource;
use declarative::api::meta::v1::ObjectMeta;
use declarative::api::storage::v1::{
    VolumeAttachment, VolumeAttachmentSource, VolumeAttachmentSpec, VolumeAttachmentStatus,
    VolumeError,
};
use std::collections::BTreeMap;

/// The subresources the VolumeAttachment strategy serves.
///
/// ```
/// assert_eq!(handwritten::storage::v1::volume_attachment::SUBRESOURCES, &["/status"]);
/// ```
pub const SUBRESOURCES: &[&str] = &["/status"];

/// How the registry builds this kind's pair (`harness/kinds`): cluster scoped, apiVersion `storage.k8s.io/v1`.
/// The options (feature gates) the strategy reads, with their defaults.
pub const REGISTRATION: apimachinery::registration::Registration<
    declarative::api::storage::v1::VolumeAttachment,
> = apimachinery::registration::Registration {
    namespace_scoped: false,
    options: &[(MUTABLE_CSI_NODE_ALLOCATABLE_COUNT, true)],
    ..apimachinery::registration::Registration::new("storage.k8s.io/v1")
};

/// The feature gate that lets `status.*Error.errorCode` be set.
///
/// ```
/// assert_eq!(handwritten::storage::v1::volume_attachment::MUTABLE_CSI_NODE_ALLOCATABLE_COUNT, "MutableCSINodeAllocatableCount");
/// ```
pub const MUTABLE_CSI_NODE_ALLOCATABLE_COUNT: &str = "MutableCSINodeAllocatableCount";

/// `maxAttachedVolumeMetadataSize`: 256 KiB.
const MAX_ATTACHED_VOLUME_METADATA_SIZE: i64 = 256 * (1 << 10);
/// `maxVolumeErrorMessageSize`.
const MAX_VOLUME_ERROR_MESSAGE_SIZE: usize = 1024;
/// The longest CSI driver name.
const CSI_DRIVER_NAME_MAX_LENGTH: usize = 63;
/// The one-of rule's detail.
const EXACTLY_ONE_SOURCE: &str =
    "must specify exactly one of inlineVolumeSpec and persistentVolumeName";

/// What the strategy validates for `ctx.operation` and `ctx.subresource_path()`.
///
/// ```
/// use apimachinery::operation::Context;
/// use declarative::api::storage::v1::VolumeAttachment;
/// use handwritten::storage::v1::volume_attachment::validate;
/// let va: VolumeAttachment = serde_json::from_str(r#"{"metadata":{"name":"va"},
///   "spec":{"attacher":"bad_driver!","source":{"persistentVolumeName":"pv-1"},"nodeName":"node-1"}}"#).unwrap();
/// let errs = validate(&Context::create(), &va, None);
/// assert_eq!(errs.len(), 1);
/// assert_eq!(errs[0].field, "spec.attacher");
/// assert_eq!(errs[0].origin, "format=k8s-long-name-caseless");
/// assert!(errs[0].covered_by_declarative);
/// ```
pub fn validate(
    ctx: &Context,
    obj: &VolumeAttachment,
    old: Option<&VolumeAttachment>,
) -> ErrorList {
    let sub = ctx.subresource_path();
    match (ctx.operation, sub.as_str(), old) {
        (Operation::Create, "/", _) => {
            let mut errs = validate_volume_attachment(obj);
            errs.extend_from(validate_volume_attachment_v1(obj));
            errs
        }
        (Operation::Update, "/" | "/status", Some(old)) => {
            let mut errs = validate_volume_attachment(obj);
            errs.extend_from(validate_volume_attachment_update(obj, old));
            errs
        }
        (Operation::Update, "/" | "/status", None) => ErrorList::from(Error::internal(
            &Path::root(),
            "an update needs the stored object",
        )),
        _ => ErrorList::from(unsupported_subresource("v1.VolumeAttachment", &sub)),
    }
}

/// The strategy's field resets: create clears the status; update keeps the
/// stored status; `/status` keeps the stored spec and metadata (labels,
/// annotations, finalizers, owner references, deletion timestamp,
/// generation) and, with `MutableCSINodeAllocatableCount` off (it is on by
/// default), drops an `errorCode` the stored error did not have.
///
/// ```
/// use apimachinery::operation::Context;
/// use declarative::api::storage::v1::VolumeAttachment;
/// use handwritten::storage::v1::volume_attachment::prepare;
/// let old = VolumeAttachment::default();
/// let mut new = old.clone();
/// new.spec.attacher = "changed".into();
/// new.status.attached = true;
/// prepare(&Context::update().subresource("/status"), &mut new, Some(&old));
/// assert_eq!(new.spec.attacher, "");
/// assert!(new.status.attached);
/// ```
pub fn prepare(ctx: &Context, obj: &mut VolumeAttachment, old: Option<&VolumeAttachment>) {
    match (ctx.operation, ctx.subresource_path().as_str(), old) {
        (Operation::Create, "/", _) => obj.status = VolumeAttachmentStatus::default(),
        (Operation::Update, "/", Some(old)) => obj.status = old.status.clone(),
        (Operation::Update, "/status", Some(old)) => {
            obj.spec = old.spec.clone();
            reset_object_meta_for_status(&mut obj.metadata, &old.metadata);
            if !ctx
                .option_state(MUTABLE_CSI_NODE_ALLOCATABLE_COUNT)
                .unwrap_or(true)
            {
                drop_new_error_code(
                    &mut obj.status.attach_error,
                    old.status.attach_error.as_ref(),
                );
                drop_new_error_code(
                    &mut obj.status.detach_error,
                    old.status.detach_error.as_ref(),
                );
            }
        }
        _ => {}
    }
}

/// `metav1.ResetObjectMetaForStatus` for the fields [`ObjectMeta`] models.
fn reset_object_meta_for_status(meta: &mut ObjectMeta, old: &ObjectMeta) {
    meta.deletion_timestamp = old.deletion_timestamp.clone();
    meta.generation = old.generation;
    meta.labels = old.labels.clone();
    meta.annotations = old.annotations.clone();
    meta.finalizers = old.finalizers.clone();
    meta.owner_references = old.owner_references.clone();
}

/// Clears a new error's `errorCode` unless the stored error had one.
fn drop_new_error_code(new: &mut Option<VolumeError>, old: Option<&VolumeError>) {
    if let Some(new) = new
        && old.and_then(|o| o.error_code).is_none()
    {
        new.error_code = None;
    }
}

/// `ValidateVolumeAttachment`: metadata (cluster-scoped, DNS-subdomain
/// name), spec (attacher required, exactly one source, node name) and status
/// (metadata size, error messages and codes).
///
/// ```
/// use declarative::api::storage::v1::VolumeAttachment;
/// use handwritten::storage::v1::volume_attachment::validate_volume_attachment;
/// let va: VolumeAttachment = serde_json::from_str(r#"{"metadata":{"name":"va"},"spec":{"nodeName":"n"}}"#).unwrap();
/// let shown: Vec<String> = validate_volume_attachment(&va).iter().map(|e| e.to_string()).collect();
/// assert_eq!(shown, [
///     "spec.attacher: Required value",
///     "spec.source: Required value: must specify exactly one of inlineVolumeSpec and persistentVolumeName",
/// ]);
/// ```
pub fn validate_volume_attachment(va: &VolumeAttachment) -> ErrorList {
    let mut errs = validate_object_meta(
        &va.metadata,
        false,
        name_is_dns_subdomain,
        &Path::new("metadata"),
    );
    errs.extend_from(validate_spec(&va.spec, &Path::new("spec")));
    errs.extend_from(validate_status(&va.status, &Path::new("status")));
    errs
}

/// `ValidateVolumeAttachmentV1`, the checks v1 adds on create: a set
/// attacher must be a CSI driver name (at most 63 bytes, origin
/// `maxLength`; a case-insensitive DNS subdomain, origin
/// `format=k8s-long-name-caseless`; both covered by declarative), and a set
/// persistent volume name a DNS subdomain.
///
/// ```
/// use declarative::api::storage::v1::VolumeAttachment;
/// use handwritten::storage::v1::volume_attachment::validate_volume_attachment_v1;
/// let mut va = VolumeAttachment::default();
/// va.spec.attacher = "a".repeat(64);
/// let errs = validate_volume_attachment_v1(&va);
/// assert_eq!(errs[0].to_string(), "spec.attacher: Too long: may not be more than 63 bytes");
/// assert_eq!(errs[0].origin, "maxLength");
/// ```
pub fn validate_volume_attachment_v1(va: &VolumeAttachment) -> ErrorList {
    let mut errs = ErrorList::new();
    let attacher = &va.spec.attacher;
    if !attacher.is_empty() {
        let path = Path::new("spec.attacher");
        if attacher.len() > CSI_DRIVER_NAME_MAX_LENGTH {
            errs.push(
                Error::too_long(&path, CSI_DRIVER_NAME_MAX_LENGTH as i64)
                    .with_origin("maxLength")
                    .mark_covered_by_declarative(),
            );
        }
        for msg in util_validation::is_dns1123_subdomain(&attacher.to_lowercase()) {
            errs.push(
                Error::invalid(&path, attacher.as_str(), msg)
                    .with_origin("format=k8s-long-name-caseless")
                    .mark_covered_by_declarative(),
            );
        }
    }
    if let Some(pv) = &va.spec.source.persistent_volume_name {
        let path = Path::new("spec.source.persistentVolumeName");
        for msg in name_is_dns_subdomain(pv, false) {
            errs.push(Error::invalid(&path, pv.as_str(), msg));
        }
    }
    errs
}

/// `ValidateVolumeAttachmentUpdate`: the new object is validated again and
/// its spec may not change (`Invalid` at `spec`, origin `immutable`,
/// covered by declarative).
///
/// ```
/// use declarative::api::storage::v1::VolumeAttachment;
/// use handwritten::storage::v1::volume_attachment::validate_volume_attachment_update;
/// let old: VolumeAttachment = serde_json::from_str(r#"{"metadata":{"name":"va","resourceVersion":"1"},
///   "spec":{"attacher":"a.com","source":{"persistentVolumeName":"pv"},"nodeName":"n"}}"#).unwrap();
/// let mut new = old.clone();
/// new.spec.node_name = "m".into();
/// let errs = validate_volume_attachment_update(&new, &old);
/// assert_eq!(errs.len(), 1);
/// assert_eq!(errs[0].field, "spec");
/// assert_eq!(errs[0].origin, "immutable");
/// ```
pub fn validate_volume_attachment_update(
    new: &VolumeAttachment,
    old: &VolumeAttachment,
) -> ErrorList {
    let mut errs = validate_volume_attachment(new);
    if new.spec != old.spec {
        errs.push(
            Error::invalid(
                &Path::new("spec"),
                BadValue::of(&new.spec),
                FIELD_IMMUTABLE_ERROR_MSG,
            )
            .with_origin("immutable")
            .mark_covered_by_declarative(),
        );
    }
    errs
}

/// `validateVolumeAttachmentSpec`.
fn validate_spec(spec: &VolumeAttachmentSpec, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if spec.attacher.is_empty() {
        errs.push(Error::required(&path.child("attacher"), "").mark_covered_by_declarative());
    }
    errs.extend_from(validate_source(&spec.source, &path.child("source")));
    let node = path.child("nodeName");
    for msg in name_is_dns_subdomain(&spec.node_name, false) {
        errs.push(Error::invalid(&node, spec.node_name.as_str(), msg));
    }
    errs
}

/// `validateVolumeAttachmentSource`: exactly one member; a set persistent
/// volume name may not be empty; an inline spec is a valid inline
/// persistent volume spec.
fn validate_source(source: &VolumeAttachmentSource, path: &Path<'_>) -> ErrorList {
    match (&source.persistent_volume_name, &source.inline_volume_spec) {
        (None, None) => ErrorList::from(Error::required(path, EXACTLY_ONE_SOURCE)),
        (Some(_), Some(_)) => ErrorList::from(Error::forbidden(path, EXACTLY_ONE_SOURCE)),
        (Some(pv), None) if pv.is_empty() => ErrorList::from(Error::required(
            &path.child("persistentVolumeName"),
            "must specify non empty persistentVolumeName",
        )),
        (Some(_), None) => ErrorList::new(),
        (None, Some(spec)) => validate_persistent_volume_spec(
            spec,
            "",
            true,
            &path.child("inlineVolumeSpec"),
            PersistentVolumeSpecOptions::default(),
        ),
    }
}

/// `validateVolumeAttachmentStatus`.
fn validate_status(status: &VolumeAttachmentStatus, path: &Path<'_>) -> ErrorList {
    let mut errs = validate_attachment_metadata(
        &status.attachment_metadata,
        &path.child("attachmentMetadata"),
    );
    errs.extend_from(validate_volume_error(
        status.attach_error.as_ref(),
        &path.child("attachError"),
    ));
    errs.extend_from(validate_volume_error(
        status.detach_error.as_ref(),
        &path.child("detachError"),
    ));
    errs
}

/// `validateAttachmentMetadata`: keys plus values at most 256 KiB.
fn validate_attachment_metadata(metadata: &BTreeMap<String, String>, path: &Path<'_>) -> ErrorList {
    let size: i64 = metadata
        .iter()
        .map(|(k, v)| (k.len() + v.len()) as i64)
        .sum();
    if size > MAX_ATTACHED_VOLUME_METADATA_SIZE {
        return ErrorList::from(Error::too_long(path, MAX_ATTACHED_VOLUME_METADATA_SIZE));
    }
    ErrorList::new()
}

/// `validateVolumeError`: a message over 1024 bytes is too long (Kubernetes
/// states the 256 KiB metadata limit in the error), and a negative error
/// code is invalid.
fn validate_volume_error(e: Option<&VolumeError>, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let Some(e) = e else {
        return errs;
    };
    if e.message.len() > MAX_VOLUME_ERROR_MESSAGE_SIZE {
        errs.push(Error::too_long(
            &path.child("message"),
            MAX_ATTACHED_VOLUME_METADATA_SIZE,
        ));
    }
    if let Some(code) = e.error_code
        && code < 0
    {
        errs.push(Error::invalid(
            &path.child("errorCode"),
            code,
            inclusive_range_error(0, i64::from(i32::MAX)),
        ));
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::resource::QuantityText;
    use declarative::api::core::v1::PersistentVolumeSpec;

    fn valid() -> VolumeAttachment {
        serde_json::from_str(
            r#"{"metadata":{"name":"va-1","resourceVersion":"1"},
                "spec":{"attacher":"example.com","source":{"persistentVolumeName":"pv-001"},"nodeName":"node-1"}}"#,
        )
        .unwrap()
    }

    fn inline_spec() -> PersistentVolumeSpec {
        serde_json::from_str(
            r#"{"accessModes":["ReadWriteOnce"],"csi":{"driver":"com.test.foo","volumeHandle":"h"}}"#,
        )
        .unwrap()
    }

    fn fields(errs: &ErrorList) -> Vec<String> {
        errs.iter()
            .map(|e| format!("{} {} {}", e.error_type.as_str(), e.field, e.origin))
            .collect()
    }

    #[test]
    fn attacher_rules_on_create() {
        let mut va = valid();
        va.spec.attacher = "AAAA".into();
        assert!(validate(&Context::create(), &va, None).is_empty());
        va.spec.attacher = "a".repeat(63);
        assert!(validate(&Context::create(), &va, None).is_empty());
        va.spec.attacher = String::new();
        assert_eq!(
            fields(&validate(&Context::create(), &va, None)),
            ["FieldValueRequired spec.attacher "]
        );
        va.spec.attacher = "a".repeat(255);
        assert_eq!(
            fields(&validate(&Context::create(), &va, None)),
            [
                "FieldValueTooLong spec.attacher maxLength",
                "FieldValueInvalid spec.attacher format=k8s-long-name-caseless"
            ]
        );
    }

    #[test]
    fn attacher_format_is_not_checked_on_update() {
        let old = valid();
        let mut new = valid();
        new.spec.attacher = "bad_name".into();
        let errs = validate(&Context::update(), &new, Some(&old));
        assert_eq!(fields(&errs), ["FieldValueInvalid spec immutable"]);
    }

    #[test]
    fn update_errors_are_reported_twice() {
        let mut old = valid();
        old.spec.node_name = "Bad".into();
        let new = old.clone();
        let errs = validate(&Context::update(), &new, Some(&old));
        assert_eq!(
            fields(&errs),
            [
                "FieldValueInvalid spec.nodeName ",
                "FieldValueInvalid spec.nodeName "
            ]
        );
    }

    #[test]
    fn source_one_of() {
        let mut va = valid();
        va.spec.source.inline_volume_spec = Some(inline_spec());
        assert_eq!(
            fields(&validate(&Context::create(), &va, None)),
            ["FieldValueForbidden spec.source "]
        );
        va.spec.source.persistent_volume_name = None;
        assert!(validate(&Context::create(), &va, None).is_empty());
        va.spec.source = VolumeAttachmentSource {
            persistent_volume_name: Some(String::new()),
            inline_volume_spec: None,
        };
        assert_eq!(
            fields(&validate(&Context::create(), &va, None)),
            [
                "FieldValueRequired spec.source.persistentVolumeName ",
                "FieldValueInvalid spec.source.persistentVolumeName "
            ]
        );
    }

    #[test]
    fn inline_spec_is_validated_as_an_inline_persistent_volume_spec() {
        let mut va = valid();
        va.spec.source = VolumeAttachmentSource {
            persistent_volume_name: None,
            inline_volume_spec: Some(PersistentVolumeSpec::default()),
        };
        let shown: Vec<String> = validate(&Context::create(), &va, None)
            .iter()
            .map(|e| e.to_string())
            .collect();
        assert_eq!(
            shown,
            [
                "spec.source.inlineVolumeSpec.csi: Required value: has to be specified in the context of inline volumes",
                "spec.source.inlineVolumeSpec.accessModes: Required value",
                "spec.source.inlineVolumeSpec: Required value: must specify a volume type",
            ]
        );
        let old = va.clone();
        let errs = validate(&Context::update(), &va, Some(&old));
        assert_eq!(errs.len(), 6);
        assert!(errs.iter().all(|e| !e.covered_by_declarative));
    }

    #[test]
    fn inline_capacity_in_another_notation_is_no_change() {
        let mut old = valid();
        let mut spec = inline_spec();
        spec.capacity
            .insert("storage".into(), QuantityText::new("1Gi"));
        old.spec.source = VolumeAttachmentSource {
            persistent_volume_name: None,
            inline_volume_spec: Some(spec),
        };
        let mut new = old.clone();
        if let Some(spec) = new.spec.source.inline_volume_spec.as_mut() {
            spec.capacity
                .insert("storage".into(), QuantityText::new("1073741824"));
        }
        // The capacity is forbidden in the inline context (twice on update),
        // but the spec did not change.
        assert_eq!(
            fields(&validate(&Context::update(), &new, Some(&old))),
            [
                "FieldValueForbidden spec.source.inlineVolumeSpec.capacity ",
                "FieldValueForbidden spec.source.inlineVolumeSpec.capacity "
            ]
        );
        if let Some(spec) = new.spec.source.inline_volume_spec.as_mut() {
            spec.capacity
                .insert("storage".into(), QuantityText::new("1G"));
        }
        assert_eq!(
            fields(&validate(&Context::update(), &new, Some(&old)))
                .last()
                .map(String::as_str),
            Some("FieldValueInvalid spec immutable")
        );
    }

    #[test]
    fn status_limits() {
        let mut va = valid();
        va.status
            .attachment_metadata
            .insert("k".into(), "v".repeat(262_143));
        va.status.attach_error = Some(VolumeError {
            message: "m".repeat(1025),
            error_code: Some(-1),
            ..Default::default()
        });
        va.status.detach_error = Some(VolumeError {
            message: "m".repeat(1024),
            error_code: Some(0),
            ..Default::default()
        });
        let old = va.clone();
        let errs = validate_volume_attachment(&va);
        assert_eq!(
            fields(&errs),
            [
                "FieldValueTooLong status.attachError.message ",
                "FieldValueInvalid status.attachError.errorCode "
            ]
        );
        assert_eq!(errs[0].detail, "may not be more than 262144 bytes");
        assert_eq!(
            errs[1].detail,
            "must be between 0 and 2147483647, inclusive"
        );
        va.status
            .attachment_metadata
            .insert("x".into(), String::new());
        let errs = validate(&Context::update().subresource("/status"), &va, Some(&old));
        assert_eq!(
            errs.iter()
                .filter(|e| e.field == "status.attachmentMetadata")
                .count(),
            2
        );
    }

    #[test]
    fn status_prepare_drops_new_error_codes_when_gate_is_off() {
        let old = valid();
        let mut new = valid();
        new.status.attach_error = Some(VolumeError {
            error_code: Some(3),
            ..Default::default()
        });
        new.metadata.labels.insert("a".into(), "b".into());
        let ctx = Context::update()
            .subresource("/status")
            .option(MUTABLE_CSI_NODE_ALLOCATABLE_COUNT, false);
        prepare(&ctx, &mut new, Some(&old));
        assert_eq!(
            new.status.attach_error.as_ref().and_then(|e| e.error_code),
            None
        );
        assert!(new.metadata.labels.is_empty());
        let mut kept = valid();
        kept.status.attach_error = Some(VolumeError {
            error_code: Some(3),
            ..Default::default()
        });
        prepare(
            &Context::update().subresource("/status"),
            &mut kept,
            Some(&old),
        );
        assert_eq!(kept.status.attach_error.and_then(|e| e.error_code), Some(3));
    }

    #[test]
    fn create_and_update_reset_status() {
        let mut va = valid();
        va.status.attached = true;
        prepare(&Context::create(), &mut va, None);
        assert!(!va.status.attached);
        let old = va.clone();
        va.status.attached = true;
        prepare(&Context::update(), &mut va, Some(&old));
        assert!(!va.status.attached);
    }
}
