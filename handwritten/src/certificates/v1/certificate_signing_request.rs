//! Hand-written validation of `CertificateSigningRequest`: a port of
//! Kubernetes' `pkg/apis/certificates/validation/validation.go`
//! (`ValidateCertificateSigningRequestCreate`, `...Update`,
//! `...StatusUpdate`, `...ApprovalUpdate`) and of the registry strategy's
//! `PrepareForCreate` / `PrepareForUpdate` (`pkg/registry/certificates/certificates/strategy.go`)
//! for the root resource and the `/status` and `/approval` subresources.
//!
//! # Feature gates
//!
//! Kubernetes' CSR validation (`validation.go`) reads no feature gate. Its
//! strategies (`strategy.go`, the newest stored version read, with
//! declarative validation on create, update, `/status` and `/approval`)
//! read only the declarative-validation gates:
//!
//! - `DeclarativeValidation`: whether declarative validation runs at all
//!   beside the hand-written one (GA and locked on from 1.36);
//! - `DeclarativeValidationTakeover`: whether the declarative errors replace
//!   the hand-written errors they cover (consulted by 1.35 only).
//!
//! Both are modelled by the harness's release lifecycle (`dv-harness`
//! `lifecycle.rs`, set per case with `gates`), not by this port: they choose
//! which side's errors are returned, not what either side reports. The
//! stage gate `DeclarativeValidationBeta` (1.36+) is modelled there too.

use super::certificate_pem::validate_certificate;
use super::pkcs10::validate_csr;
use super::signer_name::validate_signer_name;
use super::time::{is_zero_time, same_instant};
use crate::core::v1::object_meta::{validate_object_meta, validate_object_meta_update};
use apimachinery::field::{Error, ErrorList, Path};
use apimachinery::operation::{Context, Operation};
use apimachinery::validation::unsupported_subresource;
use declarative::api::certificates::v1::{
    CertificateSigningRequest, CertificateSigningRequestCondition, KeyUsage, RequestConditionType,
    base64_bytes,
};
use declarative::api::meta::v1::Time;
use std::collections::HashSet;

/// The subresources the CSR strategy serves besides the root.
///
/// ```
/// assert_eq!(handwritten::certificates::v1::certificate_signing_request::SUBRESOURCES, &["/status", "/approval"]);
/// ```
pub const SUBRESOURCES: &[&str] = &["/status", "/approval"];

/// How the registry builds this kind's pair (`harness/kinds`): cluster scoped, apiVersion `certificates.k8s.io/v1`.
/// The kind's apiVersion; the strategy defines no options or normalisation rules.
pub const REGISTRATION: apimachinery::registration::Registration<
    declarative::api::certificates::v1::CertificateSigningRequest,
> = apimachinery::registration::Registration {
    namespace_scoped: false,
    ..apimachinery::registration::Registration::new("certificates.k8s.io/v1")
};

/// The signer name only the v1beta1 API may use (`certificates.LegacyUnknownSignerName`).
///
/// ```
/// assert_eq!(handwritten::certificates::v1::certificate_signing_request::LEGACY_UNKNOWN_SIGNER_NAME, "kubernetes.io/legacy-unknown");
/// ```
pub const LEGACY_UNKNOWN_SIGNER_NAME: &str = "kubernetes.io/legacy-unknown";

/// The core/v1 condition statuses.
const CONDITION_TRUE: &str = "True";
const CONDITION_FALSE: &str = "False";
const CONDITION_UNKNOWN: &str = "Unknown";

/// All statuses, sorted as Go's `sets.String.List()` returns them.
const ALL_STATUS_VALUES: &[&str] = &[CONDITION_FALSE, CONDITION_TRUE, CONDITION_UNKNOWN];
const TRUE_STATUS_ONLY: &[&str] = &[CONDITION_TRUE];

/// Condition types whose status may only be `True`.
const TRUE_CONDITION_TYPES: &[&str] = &[
    RequestConditionType::APPROVED,
    RequestConditionType::DENIED,
    RequestConditionType::FAILED,
];

/// Kubernetes' `certificateValidationOptions`: what an update path may change,
/// and which pre-existing problems of the stored object are tolerated.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct ValidationOptions {
    allow_setting_approval_conditions: bool,
    allow_setting_certificate: bool,
    allow_both_approved_and_denied: bool,
    allow_resetting_certificate: bool,
    allow_legacy_signer_name: bool,
    allow_duplicate_condition_types: bool,
    allow_empty_condition_type: bool,
    allow_arbitrary_certificate: bool,
    allow_unknown_usages: bool,
    allow_duplicate_usages: bool,
}

impl ValidationOptions {
    /// `getValidationOptions`: everything strict on create; on update, each
    /// tolerance is on when the stored object already has that problem.
    fn for_objects(
        new: &CertificateSigningRequest,
        old: Option<&CertificateSigningRequest>,
    ) -> Self {
        let Some(old) = old else {
            return ValidationOptions::default();
        };
        ValidationOptions {
            allow_setting_approval_conditions: false,
            allow_setting_certificate: false,
            allow_resetting_certificate: false,
            allow_both_approved_and_denied: has_both_approved_and_denied(old),
            allow_legacy_signer_name: old.spec.signer_name == LEGACY_UNKNOWN_SIGNER_NAME,
            allow_duplicate_condition_types: has_duplicate_condition_types(old),
            allow_empty_condition_type: old
                .status
                .conditions
                .iter()
                .any(|c| c.condition_type.as_str().is_empty()),
            allow_arbitrary_certificate: new.status.certificate == old.status.certificate
                || validate_certificate(&old.status.certificate).is_err(),
            allow_unknown_usages: old
                .spec
                .usages
                .iter()
                .any(|u| !KeyUsage::KNOWN.contains(&u.as_str())),
            allow_duplicate_usages: has_duplicate_usage(&old.spec.usages),
        }
    }
}

fn has_both_approved_and_denied(csr: &CertificateSigningRequest) -> bool {
    let has = |t: &str| csr.status.conditions.iter().any(|c| c.condition_type == t);
    has(RequestConditionType::APPROVED) && has(RequestConditionType::DENIED)
}

fn has_duplicate_condition_types(csr: &CertificateSigningRequest) -> bool {
    let mut seen = HashSet::new();
    csr.status
        .conditions
        .iter()
        .any(|c| !seen.insert(c.condition_type.as_str()))
}

fn has_duplicate_usage(usages: &[KeyUsage]) -> bool {
    let mut seen = HashSet::new();
    usages.iter().any(|u| !seen.insert(u.as_str()))
}

/// Every known usage, sorted as Go's `allValidUsages.List()`.
fn sorted_valid_usages() -> Vec<&'static str> {
    let mut usages = KeyUsage::KNOWN.to_vec();
    usages.sort_unstable();
    usages
}

/// `ValidateCertificateRequestName`: any name is accepted.
fn validate_certificate_request_name(_name: &str, _prefix: bool) -> Vec<String> {
    Vec::new()
}

/// What the CSR strategy's `Validate` / `ValidateUpdate` returns for the
/// context's operation and subresource (`/`, `/status`, `/approval`).
/// Other subresources, and create on a subresource, yield one
/// `InternalError`, as an unserved path would; an update without an old
/// object yields an `InternalError` too.
///
/// ```
/// use apimachinery::operation::Context;
/// use declarative::api::certificates::v1::CertificateSigningRequest;
/// use handwritten::certificates::v1::certificate_signing_request::validate;
/// let errs = validate(&Context::create(), &CertificateSigningRequest::default(), None);
/// let fields: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
/// assert_eq!(fields, ["metadata.name", "spec.request", "spec.usages", "spec.signerName"]);
/// ```
pub fn validate(
    ctx: &Context,
    obj: &CertificateSigningRequest,
    old: Option<&CertificateSigningRequest>,
) -> ErrorList {
    let sub = ctx.subresource_path();
    match (ctx.operation, sub.as_str()) {
        (Operation::Create, "/") => validate_create(obj),
        (Operation::Update, "/" | "/status" | "/approval") => {
            let Some(old) = old else {
                return ErrorList::from(Error::internal(
                    &Path::root(),
                    "an update needs the old object",
                ));
            };
            match sub.as_str() {
                "/status" => validate_status_update(obj, old),
                "/approval" => validate_approval_update(obj, old),
                _ => validate_update(obj, old),
            }
        }
        _ => ErrorList::from(unsupported_subresource("CertificateSigningRequest", &sub)),
    }
}

/// `ValidateCertificateSigningRequestCreate`.
///
/// ```
/// use declarative::api::certificates::v1::CertificateSigningRequest;
/// use handwritten::certificates::v1::certificate_signing_request::validate_create;
/// assert!(!validate_create(&CertificateSigningRequest::default()).is_empty());
/// ```
pub fn validate_create(csr: &CertificateSigningRequest) -> ErrorList {
    validate_csr_object(csr, ValidationOptions::for_objects(csr, None))
}

/// `ValidateCertificateSigningRequestUpdate` (root update).
///
/// ```
/// use declarative::api::certificates::v1::CertificateSigningRequest;
/// use handwritten::certificates::v1::certificate_signing_request::validate_update;
/// let csr = CertificateSigningRequest::default();
/// assert!(validate_update(&csr, &csr).iter().any(|e| e.field == "metadata.resourceVersion"));
/// ```
pub fn validate_update(
    new: &CertificateSigningRequest,
    old: &CertificateSigningRequest,
) -> ErrorList {
    validate_csr_update(new, old, ValidationOptions::for_objects(new, Some(old)))
}

/// `ValidateCertificateSigningRequestStatusUpdate`: may set `status.certificate`.
///
/// ```
/// use declarative::api::certificates::v1::CertificateSigningRequest;
/// use handwritten::certificates::v1::certificate_signing_request::validate_status_update;
/// let old = CertificateSigningRequest::default();
/// let mut new = old.clone();
/// new.status.certificate = b"not pem".to_vec();
/// assert!(validate_status_update(&new, &old).iter().any(|e| e.field == "status.certificate"));
/// ```
pub fn validate_status_update(
    new: &CertificateSigningRequest,
    old: &CertificateSigningRequest,
) -> ErrorList {
    let mut opts = ValidationOptions::for_objects(new, Some(old));
    opts.allow_setting_certificate = true;
    validate_csr_update(new, old, opts)
}

/// `ValidateCertificateSigningRequestApprovalUpdate`: may add or change
/// Approved / Denied conditions.
///
/// ```
/// use declarative::api::certificates::v1::CertificateSigningRequest;
/// use handwritten::certificates::v1::certificate_signing_request::validate_approval_update;
/// let csr = CertificateSigningRequest::default();
/// assert!(!validate_approval_update(&csr, &csr).is_empty());
/// ```
pub fn validate_approval_update(
    new: &CertificateSigningRequest,
    old: &CertificateSigningRequest,
) -> ErrorList {
    let mut opts = ValidationOptions::for_objects(new, Some(old));
    opts.allow_setting_approval_conditions = true;
    validate_csr_update(new, old, opts)
}

/// `validateCertificateSigningRequest`.
fn validate_csr_object(csr: &CertificateSigningRequest, opts: ValidationOptions) -> ErrorList {
    let metadata = Path::new("metadata");
    let mut errs = validate_object_meta(
        &csr.metadata,
        false,
        validate_certificate_request_name,
        &metadata,
    );

    let spec = Path::new("spec");
    if let Err(e) = validate_csr(&csr.spec.request) {
        errs.push(Error::invalid(
            &spec.child("request"),
            base64_bytes::encode(&csr.spec.request),
            e.to_string(),
        ));
    }
    let usages = spec.child("usages");
    if csr.spec.usages.is_empty() {
        errs.push(Error::required(&usages, ""));
    }
    if !opts.allow_unknown_usages {
        let valid = sorted_valid_usages();
        for (i, usage) in csr.spec.usages.iter().enumerate() {
            if !KeyUsage::KNOWN.contains(&usage.as_str()) {
                errs.push(Error::not_supported(
                    &usages.index(i),
                    usage.as_str(),
                    &valid,
                ));
            }
        }
    }
    if !opts.allow_duplicate_usages {
        let mut seen = HashSet::new();
        for (i, usage) in csr.spec.usages.iter().enumerate() {
            if !seen.insert(usage.as_str()) {
                errs.push(Error::duplicate(&usages.index(i), usage.as_str()));
            }
        }
    }
    let signer_name = spec.child("signerName");
    if !opts.allow_legacy_signer_name && csr.spec.signer_name == LEGACY_UNKNOWN_SIGNER_NAME {
        errs.push(Error::invalid(
            &signer_name,
            csr.spec.signer_name.as_str(),
            "the legacy signerName is not allowed via this API version",
        ));
    } else {
        errs.extend_from(validate_signer_name(&signer_name, &csr.spec.signer_name));
    }
    if let Some(seconds) = csr.spec.expiration_seconds
        && seconds < 600
    {
        // Kubernetes' newest declarative test (226250fd) matches this
        // hand-written error by origin `minimum`.
        errs.push(
            Error::invalid(
                &spec.child("expirationSeconds"),
                seconds,
                "may not specify a duration less than 600 seconds (10 minutes)",
            )
            .with_origin("minimum"),
        );
    }

    let status = Path::new("status");
    errs.extend_from(validate_conditions(&status.child("conditions"), csr, opts));

    if !opts.allow_arbitrary_certificate
        && let Err(e) = validate_certificate(&csr.status.certificate)
    {
        errs.push(Error::invalid(
            &status.child("certificate"),
            "<certificate data>",
            e.to_string(),
        ));
    }
    errs
}

/// `validateConditions`.
fn validate_conditions(
    fld_path: &Path<'_>,
    csr: &CertificateSigningRequest,
    opts: ValidationOptions,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut seen_types = HashSet::new();
    let mut has_approved = false;
    let mut has_denied = false;

    for (i, c) in csr.status.conditions.iter().enumerate() {
        let item = fld_path.index(i);
        let condition_type = c.condition_type.as_str();

        if !opts.allow_empty_condition_type && condition_type.is_empty() {
            errs.push(Error::required(&item.child("type"), ""));
        }

        let allowed = if TRUE_CONDITION_TYPES.contains(&condition_type) {
            TRUE_STATUS_ONLY
        } else {
            ALL_STATUS_VALUES
        };
        if c.status.is_empty() {
            errs.push(Error::required(&item.child("status"), ""));
        } else if !allowed.contains(&c.status.as_str()) {
            errs.push(Error::not_supported(
                &item.child("status"),
                c.status.as_str(),
                allowed,
            ));
        }

        if !opts.allow_both_approved_and_denied {
            let conflict = match condition_type {
                RequestConditionType::APPROVED => {
                    has_approved = true;
                    has_denied
                }
                RequestConditionType::DENIED => {
                    has_denied = true;
                    has_approved
                }
                _ => false,
            };
            if conflict {
                errs.push(
                    Error::invalid(
                        fld_path,
                        condition_type,
                        "Approved and Denied conditions are mutually exclusive",
                    )
                    .with_origin("zeroOrOneOf")
                    .mark_covered_by_declarative(),
                );
            }
        }

        if !opts.allow_duplicate_condition_types && !seen_types.insert(condition_type) {
            errs.push(Error::duplicate(&item.child("type"), condition_type));
        }
    }
    errs
}

/// `findConditions`: the conditions of one type, in order.
fn find_conditions<'a>(
    csr: &'a CertificateSigningRequest,
    condition_type: &str,
) -> Vec<&'a CertificateSigningRequestCondition> {
    csr.status
        .conditions
        .iter()
        .filter(|c| c.condition_type == condition_type)
        .collect()
}

/// `apiequality.Semantic.DeepEqual` for conditions: times compare as instants.
fn conditions_semantically_equal(
    a: &[&CertificateSigningRequestCondition],
    b: &[&CertificateSigningRequestCondition],
) -> bool {
    a.len() == b.len()
        && a.iter().zip(b).all(|(x, y)| {
            x.condition_type == y.condition_type
                && x.status == y.status
                && x.reason == y.reason
                && x.message == y.message
                && same_instant(x.last_update_time.as_str(), y.last_update_time.as_str())
                && same_instant(
                    x.last_transition_time.as_str(),
                    y.last_transition_time.as_str(),
                )
        })
}

/// A line-per-condition rendering of what changed (Kubernetes prints a
/// `cmp.Diff` here; the detail text is informative only).
fn condition_diff(
    old: &[&CertificateSigningRequestCondition],
    new: &[&CertificateSigningRequestCondition],
) -> String {
    let render = |c: &&CertificateSigningRequestCondition| {
        serde_json::to_string(c).unwrap_or_else(|_| String::from("{}"))
    };
    let mut out = Vec::new();
    for c in old {
        out.push(format!("- {}", render(c)));
    }
    for c in new {
        out.push(format!("+ {}", render(c)));
    }
    out.join("\n")
}

/// `validateCertificateSigningRequestUpdate`.
fn validate_csr_update(
    new: &CertificateSigningRequest,
    old: &CertificateSigningRequest,
    opts: ValidationOptions,
) -> ErrorList {
    let mut errs = validate_csr_object(new, opts);
    let metadata = Path::new("metadata");
    let meta_update_errs = validate_object_meta_update(&new.metadata, &old.metadata, &metadata);

    let status = Path::new("status");
    let conditions = status.child("conditions");
    for t in [
        RequestConditionType::APPROVED,
        RequestConditionType::DENIED,
        RequestConditionType::FAILED,
    ] {
        if find_conditions(new, t).len() < find_conditions(old, t).len() {
            errs.push(Error::forbidden(
                &conditions,
                format!(
                    "updates may not remove a condition of type {}",
                    apimachinery::field::go_quote(t)
                ),
            ));
        }
    }

    if !opts.allow_setting_approval_conditions {
        for t in [RequestConditionType::APPROVED, RequestConditionType::DENIED] {
            let old_conditions = find_conditions(old, t);
            let new_conditions = find_conditions(new, t);
            if new_conditions.len() < old_conditions.len() {
                // Removals are reported above.
            } else if new_conditions.len() > old_conditions.len() {
                errs.push(Error::forbidden(
                    &conditions,
                    format!(
                        "updates may not add a condition of type {}",
                        apimachinery::field::go_quote(t)
                    ),
                ));
            } else if !conditions_semantically_equal(&old_conditions, &new_conditions) {
                errs.push(Error::forbidden(
                    &conditions,
                    format!(
                        "updates may not modify a condition of type {}\n{}",
                        apimachinery::field::go_quote(t),
                        condition_diff(&old_conditions, &new_conditions)
                    ),
                ));
            }
        }
    }

    if new.status.certificate != old.status.certificate {
        let certificate = status.child("certificate");
        if !opts.allow_setting_certificate {
            errs.push(Error::forbidden(
                &certificate,
                "updates may not set certificate content",
            ));
        } else if !opts.allow_resetting_certificate && !old.status.certificate.is_empty() {
            errs.push(Error::forbidden(
                &certificate,
                "updates may not modify existing certificate content",
            ));
        }
    }

    errs.extend_from(meta_update_errs);
    errs
}

/// The strategy's field wiping/reset before validation, for the context's
/// operation and subresource:
/// - create: requester identity cleared (the harness has no authenticated
///   user to inject), status reset to empty;
/// - update `/`: spec and status restored from the old object;
/// - update `/status`: spec restored, existing Approved/Denied condition
///   instances restored from the old object (when their count is
///   unchanged), missing condition timestamps populated;
/// - update `/approval`: missing condition timestamps populated, then spec
///   and status restored except the new conditions.
///
/// Timestamps are populated with the current time, or a lastTransitionTime
/// carried over from an old condition with the same type and status.
///
/// ```
/// use apimachinery::operation::Context;
/// use declarative::api::certificates::v1::CertificateSigningRequest;
/// use handwritten::certificates::v1::certificate_signing_request::prepare;
/// let mut csr = CertificateSigningRequest::default();
/// csr.spec.username = "mallory".into();
/// csr.status.certificate = b"x".to_vec();
/// prepare(&Context::create(), &mut csr, None);
/// assert!(csr.spec.username.is_empty());
/// assert!(csr.status.certificate.is_empty());
/// ```
pub fn prepare(
    ctx: &Context,
    obj: &mut CertificateSigningRequest,
    old: Option<&CertificateSigningRequest>,
) {
    match (ctx.operation, ctx.subresource_path().as_str(), old) {
        (Operation::Create, "/", _) => prepare_for_create(obj),
        (Operation::Update, "/", Some(old)) => {
            obj.spec = old.spec.clone();
            obj.status = old.status.clone();
        }
        (Operation::Update, "/status", Some(old)) => {
            obj.spec = old.spec.clone();
            preserve_condition_instances(obj, old, RequestConditionType::APPROVED);
            preserve_condition_instances(obj, old, RequestConditionType::DENIED);
            populate_condition_timestamps(obj, old, &super::time::now_rfc3339());
        }
        (Operation::Update, "/approval", Some(old)) => {
            populate_condition_timestamps(obj, old, &super::time::now_rfc3339());
            let conditions = std::mem::take(&mut obj.status.conditions);
            obj.spec = old.spec.clone();
            obj.status = old.status.clone();
            obj.status.conditions = conditions;
        }
        _ => {}
    }
}

/// `PrepareForCreate`.
fn prepare_for_create(csr: &mut CertificateSigningRequest) {
    csr.spec.username.clear();
    csr.spec.uid.clear();
    csr.spec.groups.clear();
    csr.spec.extra.clear();
    csr.status = Default::default();
}

/// `preserveConditionInstances`: when `new` has as many conditions of the
/// type as `old`, each is replaced by the old one, in order.
fn preserve_condition_instances(
    new: &mut CertificateSigningRequest,
    old: &CertificateSigningRequest,
    condition_type: &str,
) {
    let old_indices = condition_indices(old, condition_type);
    let new_indices = condition_indices(new, condition_type);
    if old_indices.len() != new_indices.len() {
        return;
    }
    for (new_index, old_index) in new_indices.into_iter().zip(old_indices) {
        new.status.conditions[new_index] = old.status.conditions[old_index].clone();
    }
}

fn condition_indices(csr: &CertificateSigningRequest, condition_type: &str) -> Vec<usize> {
    csr.status
        .conditions
        .iter()
        .enumerate()
        .filter(|(_, c)| c.condition_type == condition_type)
        .map(|(i, _)| i)
        .collect()
}

/// `populateConditionTimestamps`.
fn populate_condition_timestamps(
    new: &mut CertificateSigningRequest,
    old: &CertificateSigningRequest,
    now: &str,
) {
    for c in &mut new.status.conditions {
        if is_zero_time(c.last_update_time.as_str()) {
            c.last_update_time = Time::from(now);
        }
        if is_zero_time(c.last_transition_time.as_str()) {
            let carried = old.status.conditions.iter().find(|o| {
                o.condition_type == c.condition_type
                    && o.status == c.status
                    && !is_zero_time(o.last_transition_time.as_str())
            });
            c.last_transition_time = carried
                .map(|o| o.last_transition_time.clone())
                .unwrap_or_else(|| Time::from(now));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorType;
    use declarative::api::meta::v1::ObjectMeta;

    const RSA_CSR: &[u8] = include_bytes!("testdata/rsa.csr");
    const CERT: &[u8] = include_bytes!("testdata/cert.pem");

    fn valid() -> CertificateSigningRequest {
        let mut csr = CertificateSigningRequest {
            metadata: ObjectMeta {
                name: "csr".into(),
                resource_version: "1".into(),
                ..ObjectMeta::default()
            },
            ..CertificateSigningRequest::default()
        };
        csr.spec.request = RSA_CSR.to_vec();
        csr.spec.signer_name = "example.com/signer".into();
        csr.spec.usages = vec![KeyUsage::from(KeyUsage::CLIENT_AUTH)];
        csr
    }

    fn condition(t: &str, status: &str) -> CertificateSigningRequestCondition {
        CertificateSigningRequestCondition {
            condition_type: t.into(),
            status: status.into(),
            ..Default::default()
        }
    }

    fn summary(errs: &ErrorList) -> Vec<(ErrorType, String)> {
        errs.iter()
            .map(|e| (e.error_type, e.field.clone()))
            .collect()
    }

    #[test]
    fn valid_create_has_no_errors() {
        assert_eq!(
            summary(&validate(&Context::create(), &valid(), None)),
            vec![]
        );
    }

    #[test]
    fn usages_unknown_are_listed_sorted_and_duplicates_reported() {
        let mut csr = valid();
        csr.spec.usages = vec!["bogus".into(), "any".into(), "any".into()];
        let errs = validate_create(&csr);
        assert_eq!(
            summary(&errs),
            vec![
                (ErrorType::NotSupported, "spec.usages[0]".into()),
                (ErrorType::Duplicate, "spec.usages[2]".into())
            ]
        );
        assert!(
            errs[0]
                .detail
                .starts_with(r#"supported values: "any", "cert sign", "client auth""#)
        );
    }

    #[test]
    fn short_expiration_reports_origin_minimum() {
        let mut csr = valid();
        csr.spec.expiration_seconds = Some(599);
        let errs = validate_create(&csr);
        assert_eq!(
            summary(&errs),
            vec![(ErrorType::Invalid, "spec.expirationSeconds".into())]
        );
        assert_eq!(errs[0].origin, "minimum");
        csr.spec.expiration_seconds = Some(600);
        assert!(validate_create(&csr).is_empty());
    }

    #[test]
    fn finalizer_names_are_checked_stringently() {
        let mut csr = valid();
        csr.metadata.finalizers = vec!["a".repeat(317)];
        let errs = validate_create(&csr);
        assert_eq!(
            summary(&errs),
            vec![
                (ErrorType::Invalid, "metadata.finalizers".into()),
                (ErrorType::Invalid, "metadata.finalizers[0]".into())
            ]
        );
    }

    #[test]
    fn approved_and_denied_is_covered_by_declarative_with_origin() {
        let mut csr = valid();
        csr.status.conditions = vec![condition("Approved", "True"), condition("Denied", "True")];
        let errs = validate_create(&csr);
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].field, "status.conditions");
        assert_eq!(errs[0].origin, "zeroOrOneOf");
        assert!(errs[0].covered_by_declarative);
    }

    #[test]
    fn stored_problems_are_tolerated_on_update() {
        let mut old = valid();
        old.spec.usages = vec!["bogus".into(), "bogus".into()];
        old.spec.signer_name = LEGACY_UNKNOWN_SIGNER_NAME.into();
        old.status.conditions = vec![
            condition("Approved", "True"),
            condition("Denied", "True"),
            condition("", "True"),
            condition("", "True"),
        ];
        old.status.certificate = b"garbage".to_vec();
        let new = old.clone();
        assert_eq!(summary(&validate_update(&new, &old)), vec![]);
        // The same object on create is rejected on every count.
        assert_eq!(validate_create(&new).len(), 9);
    }

    #[test]
    fn status_update_may_set_but_not_reset_the_certificate() {
        let old = valid();
        let mut new = old.clone();
        new.status.certificate = CERT.to_vec();
        assert!(validate_status_update(&new, &old).is_empty());
        assert_eq!(
            summary(&validate_update(&new, &old)),
            vec![(ErrorType::Forbidden, "status.certificate".into())]
        );
        let mut newer = new.clone();
        newer.status.certificate = [CERT, CERT].concat();
        let errs = validate_status_update(&newer, &new);
        assert_eq!(
            errs[0].detail,
            "updates may not modify existing certificate content"
        );
    }

    #[test]
    fn approval_rules_depend_on_the_path() {
        let old = valid();
        let mut new = old.clone();
        new.status.conditions = vec![condition("Approved", "True")];
        assert!(validate_approval_update(&new, &old).is_empty());
        let errs = validate_status_update(&new, &old);
        assert_eq!(
            errs[0].detail,
            r#"updates may not add a condition of type "Approved""#
        );
        let errs = validate_approval_update(&old, &new);
        assert_eq!(
            errs[0].detail,
            r#"updates may not remove a condition of type "Approved""#
        );
        let mut modified = new.clone();
        modified.status.conditions[0].reason = "changed".into();
        let errs = validate_status_update(&modified, &new);
        assert!(
            errs[0]
                .detail
                .starts_with(r#"updates may not modify a condition of type "Approved""#)
        );
    }

    #[test]
    fn condition_times_compare_as_instants() {
        let old = {
            let mut c = valid();
            let mut a = condition("Approved", "True");
            a.last_update_time = Time::from("2024-01-01T00:00:00Z");
            c.status.conditions = vec![a];
            c
        };
        let mut new = old.clone();
        new.status.conditions[0].last_update_time = Time::from("2024-01-01T01:00:00+01:00");
        assert!(validate_status_update(&new, &old).is_empty());
    }

    #[test]
    fn unserved_paths_are_internal_errors() {
        let csr = valid();
        for ctx in [
            Context::create().subresource("/status"),
            Context::update().subresource("/scale"),
        ] {
            let errs = validate(&ctx, &csr, Some(&csr));
            assert_eq!(errs[0].error_type, ErrorType::Internal);
        }
        assert_eq!(
            validate(&Context::update(), &csr, None)[0].error_type,
            ErrorType::Internal
        );
    }

    #[test]
    fn prepare_status_keeps_spec_and_approval_conditions() {
        let mut old = valid();
        let mut approved = condition("Approved", "True");
        approved.last_update_time = Time::from("2024-01-01T00:00:00Z");
        approved.last_transition_time = Time::from("2024-01-01T00:00:00Z");
        old.status.conditions = vec![approved.clone()];
        let mut new = old.clone();
        new.spec.signer_name = "changed.com/x".into();
        new.status.conditions[0].reason = "tampered".into();
        new.status.conditions.push(condition("Failed", "True"));
        prepare(
            &Context::update().subresource("/status"),
            &mut new,
            Some(&old),
        );
        assert_eq!(new.spec, old.spec);
        assert_eq!(new.status.conditions[0], approved);
        assert!(new.status.conditions[1].last_update_time.as_str().is_some());
        assert!(
            new.status.conditions[1]
                .last_transition_time
                .as_str()
                .is_some()
        );
    }

    #[test]
    fn prepare_approval_keeps_only_new_conditions() {
        let mut old = valid();
        old.status.certificate = CERT.to_vec();
        let mut new = old.clone();
        new.status.certificate.clear();
        new.spec.usages.clear();
        let mut denied = condition("Denied", "True");
        denied.last_transition_time = Time::default();
        new.status.conditions = vec![denied];
        prepare(
            &Context::update().subresource("/approval"),
            &mut new,
            Some(&old),
        );
        assert_eq!(new.spec, old.spec);
        assert_eq!(new.status.certificate, old.status.certificate);
        assert_eq!(new.status.conditions.len(), 1);
        assert!(new.status.conditions[0].last_update_time.as_str().is_some());
    }

    #[test]
    fn prepare_transition_time_is_carried_over() {
        let mut old = valid();
        let mut failed = condition("Failed", "True");
        failed.last_transition_time = Time::from("2020-02-02T00:00:00Z");
        old.status.conditions = vec![failed];
        let mut new = old.clone();
        new.status.conditions[0].last_transition_time = Time::default();
        prepare(
            &Context::update().subresource("/status"),
            &mut new,
            Some(&old),
        );
        assert_eq!(
            new.status.conditions[0].last_transition_time.as_str(),
            Some("2020-02-02T00:00:00Z")
        );
    }

    #[test]
    fn prepare_root_update_restores_spec_and_status() {
        let old = valid();
        let mut new = old.clone();
        new.spec.expiration_seconds = Some(1);
        new.status.conditions = vec![condition("Approved", "True")];
        new.metadata.labels.insert("a".into(), "b".into());
        prepare(&Context::update(), &mut new, Some(&old));
        assert_eq!(new.spec, old.spec);
        assert_eq!(new.status, old.status);
        assert_eq!(new.metadata.labels.len(), 1);
    }
}
