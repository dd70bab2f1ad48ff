//! Container probes: a port of `validateProbe` and of the liveness,
//! readiness and startup wrappers around it.

use super::container::PodValidationOptions;
use super::handler::{CommonHandler, validate_handler};
use crate::meta::v1::generic::validate_nonnegative_field;
use apimachinery::field::{Error, ErrorList, Path};
use declarative::api::core::v1::Probe;

/// `validateProbe`: a valid handler, non-negative timings and thresholds, a
/// positive `terminationGracePeriodSeconds` when set.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::Probe;
/// use handwritten::core::v1::probe::validate_probe;
/// let p: Probe = serde_json::from_str(r#"{"exec":{"command":["echo"]},"periodSeconds":-1}"#).unwrap();
/// let errs = validate_probe(&p, Some(30), &Path::new("p"), Default::default());
/// assert_eq!(errs[0].to_string(), "p.periodSeconds: Invalid value: -1: must be greater than or equal to 0");
/// ```
pub fn validate_probe(
    probe: &Probe,
    grace_period: Option<i64>,
    path: &Path<'_>,
    opts: PodValidationOptions,
) -> ErrorList {
    let mut errs = validate_handler(CommonHandler::from(probe), grace_period, path, opts);
    for (name, value) in [
        ("initialDelaySeconds", probe.initial_delay_seconds),
        ("timeoutSeconds", probe.timeout_seconds),
        ("periodSeconds", probe.period_seconds),
        ("successThreshold", probe.success_threshold),
        ("failureThreshold", probe.failure_threshold),
    ] {
        errs.extend_from(validate_nonnegative_field(
            i64::from(value),
            &path.child(name),
        ));
    }
    if let Some(grace) = probe.termination_grace_period_seconds
        && grace <= 0
    {
        errs.push(Error::invalid(
            &path.child("terminationGracePeriodSeconds"),
            grace,
            "must be greater than 0",
        ));
    }
    errs
}

/// `validateLivenessProbe` and `validateStartupProbe` (the same checks):
/// a valid probe whose `successThreshold` is 1.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::Probe;
/// use handwritten::core::v1::probe::validate_liveness_probe;
/// let p: Probe = serde_json::from_str(r#"{"exec":{"command":["echo"]}}"#).unwrap();
/// let errs = validate_liveness_probe(Some(&p), Some(30), &Path::new("p"), Default::default());
/// assert_eq!(errs[0].to_string(), "p.successThreshold: Invalid value: 0: must be 1");
/// ```
pub fn validate_liveness_probe(
    probe: Option<&Probe>,
    grace_period: Option<i64>,
    path: &Path<'_>,
    opts: PodValidationOptions,
) -> ErrorList {
    let Some(probe) = probe else {
        return ErrorList::new();
    };
    let mut errs = validate_probe(probe, grace_period, path, opts);
    if probe.success_threshold != 1 {
        errs.push(Error::invalid(
            &path.child("successThreshold"),
            probe.success_threshold,
            "must be 1",
        ));
    }
    errs
}

/// `validateReadinessProbe`: a valid probe without `terminationGracePeriodSeconds`.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::Probe;
/// use handwritten::core::v1::probe::validate_readiness_probe;
/// let p: Probe = serde_json::from_str(r#"{"exec":{"command":["echo"]},"terminationGracePeriodSeconds":5}"#).unwrap();
/// let errs = validate_readiness_probe(Some(&p), Some(30), &Path::new("p"), Default::default());
/// assert_eq!(errs[0].detail, "must not be set for readinessProbes");
/// ```
pub fn validate_readiness_probe(
    probe: Option<&Probe>,
    grace_period: Option<i64>,
    path: &Path<'_>,
    opts: PodValidationOptions,
) -> ErrorList {
    let Some(probe) = probe else {
        return ErrorList::new();
    };
    let mut errs = validate_probe(probe, grace_period, path, opts);
    if let Some(grace) = probe.termination_grace_period_seconds {
        errs.push(Error::invalid(
            &path.child("terminationGracePeriodSeconds"),
            grace,
            "must not be set for readinessProbes",
        ));
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorType;

    fn fields(errs: &ErrorList) -> Vec<(ErrorType, String)> {
        errs.iter()
            .map(|e| (e.error_type, e.field.clone()))
            .collect()
    }

    #[test]
    fn negative_fields_and_grace_period() {
        let p: Probe = serde_json::from_str(
            r#"{"exec":{"command":["echo"]},"initialDelaySeconds":-1,"timeoutSeconds":-1,
                "periodSeconds":-1,"successThreshold":-1,"failureThreshold":-1,
                "terminationGracePeriodSeconds":0}"#,
        )
        .unwrap();
        let errs = validate_probe(&p, Some(30), &Path::new("p"), Default::default());
        assert_eq!(
            fields(&errs),
            [
                (ErrorType::Invalid, "p.initialDelaySeconds".into()),
                (ErrorType::Invalid, "p.timeoutSeconds".into()),
                (ErrorType::Invalid, "p.periodSeconds".into()),
                (ErrorType::Invalid, "p.successThreshold".into()),
                (ErrorType::Invalid, "p.failureThreshold".into()),
                (ErrorType::Invalid, "p.terminationGracePeriodSeconds".into()),
            ]
        );
    }

    #[test]
    fn wrappers() {
        let p: Probe =
            serde_json::from_str(r#"{"exec":{"command":["echo"]},"successThreshold":1}"#).unwrap();
        assert!(
            validate_liveness_probe(Some(&p), None, &Path::new("p"), Default::default()).is_empty()
        );
        assert!(
            validate_readiness_probe(Some(&p), None, &Path::new("p"), Default::default())
                .is_empty()
        );
        assert!(
            validate_liveness_probe(None, None, &Path::new("p"), Default::default()).is_empty()
        );
        let empty = Probe::default();
        assert_eq!(
            fields(&validate_liveness_probe(
                Some(&empty),
                None,
                &Path::new("p"),
                Default::default()
            )),
            [
                (ErrorType::Required, "p".into()),
                (ErrorType::Invalid, "p.successThreshold".into()),
            ]
        );
    }
}
