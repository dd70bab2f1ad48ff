//! `metav1.Condition` checks (`ValidateConditions` / `ValidateCondition` /
//! `IsValidConditionReason` of Kubernetes'
//! `k8s.io/apimachinery/pkg/apis/meta/v1/validation`, master), as
//! `ResourceClaim` status devices use them. The errors Kubernetes marks as
//! covered by declarative validation are marked here too.
//!
//! `lastTransitionTime` is a `metav1.Time`: JSON `null` (or absent) is Go's
//! zero time (`0001-01-01T00:00:00Z` is accepted here).

use crate::meta::v1::labels::validate_label_name;
use apimachinery::content::regex_error;
use apimachinery::field::{Error, ErrorList, Path};
use declarative::api::resource::v1::Condition;
use std::collections::HashSet;

/// The longest reason, in bytes.
pub const MAX_REASON_LEN: usize = 1024;
/// The longest message, in bytes.
pub const MAX_MESSAGE_LEN: usize = 32 * 1024;
/// The condition statuses, sorted as Go's `sets.String.List()`.
pub const CONDITION_STATUSES: [&str; 3] = ["False", "True", "Unknown"];

const REASON_FMT: &str = "[A-Za-z]([A-Za-z0-9_,:]*[A-Za-z0-9_])?";
const REASON_ERR_MSG: &str = "a condition reason must start with alphabetic character, optionally followed by a string of alphanumeric characters or '_,:', and must end with an alphanumeric character or '_'";

/// `IsValidConditionReason`: the format only (not the length).
///
/// ```
/// use handwritten::resource::v1::conditions::is_valid_condition_reason;
/// assert!(is_valid_condition_reason("ReasonA:ReasonB").is_empty());
/// assert_eq!(is_valid_condition_reason("1a").len(), 1);
/// assert_eq!(is_valid_condition_reason("a,").len(), 1);
/// ```
pub fn is_valid_condition_reason(value: &str) -> Vec<String> {
    let b = value.as_bytes();
    let first_ok = b.first().is_some_and(|c| c.is_ascii_alphabetic());
    let middle_ok = b
        .iter()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b',' | b':'));
    let last_ok = b
        .last()
        .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_');
    if first_ok && middle_ok && last_ok {
        return Vec::new();
    }
    vec![regex_error(
        REASON_ERR_MSG,
        REASON_FMT,
        &[
            "my_name",
            "MY_NAME",
            "MyName",
            "ReasonA,ReasonB",
            "ReasonA:ReasonB",
        ],
    )]
}

/// `ValidateConditions`: unique types (covered), then each condition.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::resource::v1::Condition;
/// use handwritten::resource::v1::conditions::validate_conditions;
/// let c = Condition { type_: "Ready".into(), status: "True".into(), last_transition_time: "2026-01-01T00:00:00Z".into(), reason: "Up".into(), ..Default::default() };
/// assert!(validate_conditions(&[c.clone()], &Path::new("conditions")).is_empty());
/// let errs = validate_conditions(&[c.clone(), c], &Path::new("conditions"));
/// assert_eq!(errs[0].to_string(), r#"conditions[1]: Duplicate value: "Ready""#);
/// ```
pub fn validate_conditions(conditions: &[Condition], path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut seen = HashSet::new();
    for (i, condition) in conditions.iter().enumerate() {
        let p = path.index(i);
        if !seen.insert(condition.type_.as_str()) {
            errs.push(Error::duplicate(&p, condition.type_.as_str()).mark_covered_by_declarative());
        }
        errs.extend_from(validate_condition(condition, &p));
    }
    errs
}

/// `ValidateCondition`.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::resource::v1::Condition;
/// use handwritten::resource::v1::conditions::validate_condition;
/// let errs = validate_condition(&Condition::default(), &Path::new("c"));
/// let fields: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
/// assert_eq!(fields, ["c.type", "c.status", "c.lastTransitionTime", "c.reason"]);
/// ```
pub fn validate_condition(condition: &Condition, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let type_path = path.child("type");
    if condition.type_.is_empty() {
        errs.push(Error::required(&type_path, "is required").mark_covered_by_declarative());
    } else {
        errs.extend_from(validate_label_name(&condition.type_, &type_path));
    }
    let status = path.child("status");
    if condition.status.as_str().is_empty() {
        errs.push(Error::required(&status, "").mark_covered_by_declarative());
    } else if !CONDITION_STATUSES.contains(&condition.status.as_str()) {
        errs.push(
            Error::not_supported(&status, condition.status.as_str(), &CONDITION_STATUSES)
                .mark_covered_by_declarative(),
        );
    }
    if condition.observed_generation < 0 {
        errs.push(
            Error::invalid(
                &path.child("observedGeneration"),
                condition.observed_generation,
                "must be greater than or equal to zero",
            )
            .with_origin("minimum")
            .mark_covered_by_declarative(),
        );
    }
    if condition.last_transition_time.is_zero() {
        errs.push(
            Error::required(&path.child("lastTransitionTime"), "").mark_covered_by_declarative(),
        );
    }
    let reason = path.child("reason");
    if condition.reason.is_empty() {
        errs.push(Error::required(&reason, "").mark_covered_by_declarative());
    } else {
        for msg in is_valid_condition_reason(&condition.reason) {
            errs.push(Error::invalid(&reason, condition.reason.as_str(), msg));
        }
        if condition.reason.len() > MAX_REASON_LEN {
            errs.push(
                Error::too_long(&reason, MAX_REASON_LEN as i64)
                    .with_origin("maxBytes")
                    .mark_covered_by_declarative(),
            );
        }
    }
    if condition.message.len() > MAX_MESSAGE_LEN {
        errs.push(Error::too_long(
            &path.child("message"),
            MAX_MESSAGE_LEN as i64,
        ));
    }
    errs
}
