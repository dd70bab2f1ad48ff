//! The HorizontalPodAutoscaler (autoscaling/v1) pair's hand-written side:
//! ports of `ValidateHorizontalPodAutoscaler`, `...Update`, `...StatusUpdate`
//! and what they call (`pkg/apis/autoscaling/validation`), and of the
//! registry strategies (`pkg/registry/autoscaling/horizontalpodautoscaler`):
//! create, update and `/status`.
//!
//! Kubernetes validates the internal object, whose `spec.metrics` an
//! autoscaling/v1 object fills from the `autoscaling.alpha.kubernetes.io/metrics`
//! annotation (first) and `targetCPUUtilizationPercentage` (a `Resource`
//! metric on `cpu` with that average utilisation, last); errors about them
//! carry the internal paths (`spec.metrics[i]...`). The annotation's metrics
//! are decoded and converted as Kubernetes' v1 conversion does
//! ([`super::annotation_metrics`]) and validated by `validateMetricSpec`
//! ([`super::metric_spec`]). An annotation that does not decode counts as
//! no metrics: Kubernetes fails the conversion at decode time, before any
//! validation, which is not a validation error and is not modelled. The
//! conversion removes the annotation from the internal object; here it stays
//! for the metadata checks (only the annotation size limit could tell).
//! `behavior` (also annotation-carried in v1) is not modelled.
//!
//! The update strategies (the root and `/status`) re-check no create-time
//! metadata. The generic registry's `validateCommonFields`, which
//! `rest.ValidateUpdate` runs before them, is not part of this strategy: the
//! engine runs it as a stage of its own ([`crate::meta::v1::registry`]) for
//! the cases that go through the registry.
//!
//! Feature gates the validation and strategy read in Kubernetes:
//! - `HPAScaleToZero` (modelled: a context option, off when undefined; the
//!   release table turns it on from 1.37, beta): the strategy's validation
//!   options lower `minReplicas`' bound from 1 to 0; on update the bound is
//!   also 0 when the stored object has `minReplicas: 0`.
//! - `HPAConfigurableTolerance` (beta, on by default, in 1.35 and 1.36; GA
//!   and locked on in 1.37): with it off the strategy's `dropDisabledFields`
//!   (its only gate-off drop in the newest stored `strategy.go`, store id
//!   235012456) clears `behavior.scaleUp/scaleDown.tolerance` unless the
//!   stored object uses it. Not read here: `behavior` travels in
//!   autoscaling/v1 in an annotation this port neither models nor validates,
//!   so the drop could change no result.
//!
//! Not ported yet: master's strategy also passes `scaleTargetRef` API-version
//! options (`AllowInvalidAPIVersion`, `AllowEmptyAPIGroup`) to
//! `ValidateCrossVersionObjectReference`; its `ValidateAPIVersion` was not
//! available to read, so `scaleTargetRef.apiVersion` is not validated. Master migrated `minReplicas`
//! (minimum 1, or 0 with the gate), `maxReplicas` (required, minimum 1) and
//! `scaleTargetRef.kind`/`.name` (required) to declarative rules: those
//! errors are covered by declarative, with origin `minimum` where Invalid.

use super::annotation_metrics::{self, MetricSpec};
use super::metric_spec::{validate_cross_version_object_reference, validate_metric_spec};
use crate::core::v1::object_meta::{validate_object_meta, validate_object_meta_update};
use crate::meta::v1::generic::validate_nonnegative_field;
use apimachinery::content::name_is_dns_subdomain;
use apimachinery::field::{Error, ErrorList, ErrorType, Path};
use apimachinery::operation::{Context, Operation};
use apimachinery::validation::unsupported_subresource;
use declarative::api::autoscaling::v1::{
    CrossVersionObjectReference, HorizontalPodAutoscaler, HorizontalPodAutoscalerSpec,
    HorizontalPodAutoscalerStatus,
};

/// The subresources the HorizontalPodAutoscaler strategy serves.
///
/// ```
/// assert_eq!(handwritten::autoscaling::v1::horizontal_pod_autoscaler::SUBRESOURCES, &["/status"]);
/// ```
pub const SUBRESOURCES: &[&str] = &["/status"];

/// How the registry builds this kind's pair (`harness/kinds`): namespace scoped, apiVersion `autoscaling/v1`.
/// The options (feature gates) the strategy reads, with their defaults.
pub const REGISTRATION: apimachinery::registration::Registration<
    declarative::api::autoscaling::v1::HorizontalPodAutoscaler,
> = apimachinery::registration::Registration {
    namespace_scoped: true,
    options: &[(HPA_SCALE_TO_ZERO, false)],
    ..apimachinery::registration::Registration::new("autoscaling/v1")
};

/// The feature gate allowing `minReplicas: 0` (alpha, off by default).
///
/// ```
/// assert_eq!(handwritten::autoscaling::v1::horizontal_pod_autoscaler::HPA_SCALE_TO_ZERO, "HPAScaleToZero");
/// ```
pub const HPA_SCALE_TO_ZERO: &str = "HPAScaleToZero";

/// The annotation carrying an autoscaling/v1 object's other metrics.
///
/// ```
/// assert_eq!(handwritten::autoscaling::v1::horizontal_pod_autoscaler::METRIC_SPECS_ANNOTATION,
///            "autoscaling.alpha.kubernetes.io/metrics");
/// ```
pub const METRIC_SPECS_ANNOTATION: &str = "autoscaling.alpha.kubernetes.io/metrics";

/// What the strategy validates for `ctx.operation` and `ctx.subresource_path()`.
///
/// ```
/// use apimachinery::operation::Context;
/// use declarative::api::autoscaling::v1::HorizontalPodAutoscaler;
/// use handwritten::autoscaling::v1::horizontal_pod_autoscaler::validate;
/// let hpa: HorizontalPodAutoscaler = serde_json::from_str(r#"{"metadata":{"name":"web","namespace":"default"},
///   "spec":{"scaleTargetRef":{"kind":"Deployment","name":"web"},"minReplicas":0,"maxReplicas":5}}"#).unwrap();
/// let errs = validate(&Context::create(), &hpa, None);
/// assert_eq!(errs[0].to_string(), "spec.minReplicas: Invalid value: 0: must be greater than or equal to 1");
/// assert_eq!(errs[0].origin, "minimum");
/// let errs = validate(&Context::create().option("HPAScaleToZero", true), &hpa, None);
/// assert_eq!(errs[0].to_string(),
///     "spec.metrics: Forbidden: must specify at least one Object or External metric to support scaling to zero replicas");
/// ```
pub fn validate(
    ctx: &Context,
    obj: &HorizontalPodAutoscaler,
    old: Option<&HorizontalPodAutoscaler>,
) -> ErrorList {
    let scale_to_zero = ctx.option_state(HPA_SCALE_TO_ZERO).unwrap_or(false);
    let sub = ctx.subresource_path();
    match (ctx.operation, sub.as_str(), old) {
        (Operation::Create, "/", _) => validate_horizontal_pod_autoscaler(obj, scale_to_zero),
        (Operation::Update, "/", Some(old)) => {
            validate_horizontal_pod_autoscaler_update(obj, old, scale_to_zero)
        }
        (Operation::Update, "/status", Some(old)) => {
            validate_horizontal_pod_autoscaler_status_update(obj, old)
        }
        (Operation::Update, "/" | "/status", None) => ErrorList::from(Error::internal(
            &Path::root(),
            "an update needs the stored object",
        )),
        _ => ErrorList::from(unsupported_subresource("v1.HorizontalPodAutoscaler", &sub)),
    }
}

/// The strategy's field resets: create clears the status, update keeps the
/// stored status, `/status` keeps the stored spec.
///
/// ```
/// use apimachinery::operation::Context;
/// use declarative::api::autoscaling::v1::HorizontalPodAutoscaler;
/// use handwritten::autoscaling::v1::horizontal_pod_autoscaler::prepare;
/// let mut hpa = HorizontalPodAutoscaler::default();
/// hpa.status.current_replicas = 3;
/// prepare(&Context::create(), &mut hpa, None);
/// assert_eq!(hpa.status.current_replicas, 0);
/// ```
pub fn prepare(
    ctx: &Context,
    obj: &mut HorizontalPodAutoscaler,
    old: Option<&HorizontalPodAutoscaler>,
) {
    match (ctx.operation, ctx.subresource_path().as_str(), old) {
        (Operation::Create, "/", _) => obj.status = HorizontalPodAutoscalerStatus::default(),
        (Operation::Update, "/", Some(old)) => obj.status = old.status.clone(),
        (Operation::Update, "/status", Some(old)) => obj.spec = old.spec.clone(),
        _ => {}
    }
}

/// `ValidateHorizontalPodAutoscaler`: metadata (namespaced, DNS-subdomain
/// name) and the spec, with `minReplicas` at least 1 (0 if `scale_to_zero`).
///
/// ```
/// use declarative::api::autoscaling::v1::HorizontalPodAutoscaler;
/// use handwritten::autoscaling::v1::horizontal_pod_autoscaler::validate_horizontal_pod_autoscaler;
/// let hpa: HorizontalPodAutoscaler = serde_json::from_str(r#"{"metadata":{"name":"web","namespace":"default"},
///   "spec":{"scaleTargetRef":{"kind":"Deployment","name":"web"},"maxReplicas":0}}"#).unwrap();
/// let errs = validate_horizontal_pod_autoscaler(&hpa, false);
/// assert_eq!(errs[0].to_string(), "spec.maxReplicas: Required value");
/// assert!(errs[0].covered_by_declarative);
/// ```
pub fn validate_horizontal_pod_autoscaler(
    hpa: &HorizontalPodAutoscaler,
    scale_to_zero: bool,
) -> ErrorList {
    let mut errs = validate_object_meta(
        &hpa.metadata,
        true,
        name_is_dns_subdomain,
        &Path::new("metadata"),
    );
    let lower_bound = if scale_to_zero { 0 } else { 1 };
    errs.extend_from(validate_spec(hpa, &Path::new("spec"), lower_bound));
    errs
}

/// `ValidateHorizontalPodAutoscalerUpdate`: metadata update checks and the
/// spec, with `minReplicas` at least 0 if `scale_to_zero` or the stored
/// object already has `minReplicas: 0`, else at least 1.
///
/// ```
/// use declarative::api::autoscaling::v1::HorizontalPodAutoscaler;
/// use handwritten::autoscaling::v1::horizontal_pod_autoscaler::validate_horizontal_pod_autoscaler_update;
/// let old: HorizontalPodAutoscaler = serde_json::from_str(r#"{"metadata":{"name":"web","namespace":"default","resourceVersion":"1"},
///   "spec":{"scaleTargetRef":{"kind":"Deployment","name":"web"},"minReplicas":0,"maxReplicas":5,
///   "targetCPUUtilizationPercentage":80}}"#).unwrap();
/// let fields: Vec<String> = validate_horizontal_pod_autoscaler_update(&old, &old, false)
///     .iter().map(|e| e.field.clone()).collect();
/// assert_eq!(fields, ["spec.metrics"]);
/// ```
pub fn validate_horizontal_pod_autoscaler_update(
    new: &HorizontalPodAutoscaler,
    old: &HorizontalPodAutoscaler,
    scale_to_zero: bool,
) -> ErrorList {
    let mut errs =
        validate_object_meta_update(&new.metadata, &old.metadata, &Path::new("metadata"));
    let lower_bound = if scale_to_zero || old.spec.min_replicas == Some(0) {
        0
    } else {
        1
    };
    errs.extend_from(validate_spec(new, &Path::new("spec"), lower_bound));
    errs
}

/// `ValidateHorizontalPodAutoscalerStatusUpdate`: metadata update checks
/// and non-negative `status.currentReplicas` and `status.desiredReplicas`.
///
/// ```
/// use declarative::api::autoscaling::v1::HorizontalPodAutoscaler;
/// use handwritten::autoscaling::v1::horizontal_pod_autoscaler::validate_horizontal_pod_autoscaler_status_update;
/// let old: HorizontalPodAutoscaler = serde_json::from_str(r#"{"metadata":{"name":"web","resourceVersion":"1"}}"#).unwrap();
/// let mut new = old.clone();
/// new.status.desired_replicas = -1;
/// let errs = validate_horizontal_pod_autoscaler_status_update(&new, &old);
/// assert_eq!(errs[0].to_string(), "status.desiredReplicas: Invalid value: -1: must be greater than or equal to 0");
/// ```
pub fn validate_horizontal_pod_autoscaler_status_update(
    new: &HorizontalPodAutoscaler,
    old: &HorizontalPodAutoscaler,
) -> ErrorList {
    let mut errs =
        validate_object_meta_update(&new.metadata, &old.metadata, &Path::new("metadata"));
    let status = Path::new("status");
    errs.extend_from(validate_nonnegative_field(
        i64::from(new.status.current_replicas),
        &status.child("currentReplicas"),
    ));
    errs.extend_from(validate_nonnegative_field(
        i64::from(new.status.desired_replicas),
        &status.child("desiredReplicas"),
    ));
    errs
}

/// `validateHorizontalPodAutoscalerSpec` on the internal form of an
/// autoscaling/v1 spec.
fn validate_spec(hpa: &HorizontalPodAutoscaler, path: &Path<'_>, lower_bound: i32) -> ErrorList {
    let spec: &HorizontalPodAutoscalerSpec = &hpa.spec;
    let mut errs = ErrorList::new();
    if let Some(min) = spec.min_replicas
        && min < lower_bound
    {
        errs.push(
            Error::invalid(
                &path.child("minReplicas"),
                min,
                format!("must be greater than or equal to {lower_bound}"),
            )
            .with_origin("minimum")
            .mark_covered_by_declarative(),
        );
    }
    let max = path.child("maxReplicas");
    if spec.max_replicas == 0 {
        errs.push(Error::required(&max, "").mark_covered_by_declarative());
    } else if spec.max_replicas < 1 {
        errs.push(
            Error::invalid(
                &max,
                spec.max_replicas,
                "must be greater than or equal to 1",
            )
            .with_origin("minimum")
            .mark_covered_by_declarative(),
        );
    }
    if let Some(min) = spec.min_replicas
        && spec.max_replicas < min
    {
        errs.push(Error::invalid(
            &max,
            spec.max_replicas,
            "must be greater than or equal to `minReplicas`",
        ));
    }
    errs.extend_from(validate_scale_target_ref(
        &spec.scale_target_ref,
        &path.child("scaleTargetRef"),
    ));
    errs.extend_from(validate_metrics(hpa, &path.child("metrics")));
    errs
}

/// `ValidateCrossVersionObjectReference` on `scaleTargetRef`; its
/// `Required` errors are covered by declarative.
fn validate_scale_target_ref(
    reference: &CrossVersionObjectReference,
    path: &Path<'_>,
) -> ErrorList {
    validate_cross_version_object_reference(&reference.kind, &reference.name, path)
        .into_iter()
        .map(|e| {
            if e.error_type == ErrorType::Required {
                e.mark_covered_by_declarative()
            } else {
                e
            }
        })
        .collect()
}

/// The internal `spec.metrics` of an autoscaling/v1 object: the
/// annotation's metrics, converted, then the CPU metric of
/// `targetCPUUtilizationPercentage`. An annotation that does not decode
/// contributes no metrics (Kubernetes fails the conversion instead, before
/// validation). With no metric at all Kubernetes adds a default CPU metric
/// (80% utilisation), which validation accepts: it is left out here.
pub fn internal_metrics(hpa: &HorizontalPodAutoscaler) -> Vec<MetricSpec> {
    let mut metrics: Vec<MetricSpec> = hpa
        .metadata
        .annotations
        .get(METRIC_SPECS_ANNOTATION)
        .and_then(|text| annotation_metrics::parse(text).ok())
        .unwrap_or_default()
        .iter()
        .map(annotation_metrics::convert)
        .collect();
    if let Some(target) = hpa.spec.target_cpu_utilization_percentage {
        metrics.push(annotation_metrics::cpu_utilization_metric(target));
    }
    metrics
}

/// `validateMetrics` on the internal metrics: each metric spec, and
/// `minReplicas: 0` needs an Object or External metric.
fn validate_metrics(hpa: &HorizontalPodAutoscaler, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let metrics = internal_metrics(hpa);
    for (i, metric) in metrics.iter().enumerate() {
        errs.extend_from(validate_metric_spec(metric, &path.index(i)));
    }
    let has_object_or_external = metrics
        .iter()
        .any(|m| m.type_ == "Object" || m.type_ == "External");
    if hpa.spec.min_replicas == Some(0) && !has_object_or_external {
        errs.push(Error::forbidden(
            path,
            "must specify at least one Object or External metric to support scaling to zero replicas",
        ));
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn valid() -> HorizontalPodAutoscaler {
        serde_json::from_str(
            r#"{"metadata":{"name":"test-hpa","namespace":"default","resourceVersion":"1"},
                "spec":{"scaleTargetRef":{"kind":"Deployment","name":"test-deployment","apiVersion":"apps/v1"},"maxReplicas":10}}"#,
        )
        .unwrap()
    }

    fn fields(errs: &ErrorList) -> Vec<String> {
        errs.iter()
            .map(|e| format!("{} {} {}", e.error_type.as_str(), e.field, e.origin))
            .collect()
    }

    #[test]
    fn max_replicas_rules() {
        let mut hpa = valid();
        hpa.spec.max_replicas = -1;
        hpa.spec.min_replicas = Some(2);
        assert_eq!(
            fields(&validate(&Context::create(), &hpa, None)),
            [
                "FieldValueInvalid spec.maxReplicas minimum",
                "FieldValueInvalid spec.maxReplicas ",
            ]
        );
    }

    #[test]
    fn target_reference_rules() {
        let mut hpa = valid();
        hpa.spec.scale_target_ref.kind = String::new();
        hpa.spec.scale_target_ref.name = "a/b".into();
        let errs = validate(&Context::create(), &hpa, None);
        assert_eq!(
            fields(&errs),
            [
                "FieldValueRequired spec.scaleTargetRef.kind ",
                "FieldValueInvalid spec.scaleTargetRef.name ",
            ]
        );
        assert!(errs[0].covered_by_declarative);
        assert!(!errs[1].covered_by_declarative);
    }

    #[test]
    fn cpu_metric_follows_the_annotation_metrics() {
        let mut hpa = valid();
        hpa.spec.target_cpu_utilization_percentage = Some(0);
        hpa.spec.min_replicas = Some(0);
        hpa.metadata.annotations.insert(
            METRIC_SPECS_ANNOTATION.into(),
            r#"[{"type":"Pods","pods":{"metricName":"qps","targetAverageValue":"1"}},
                {"type":"External","external":{"metricName":"queue","targetValue":"5"}}]"#
                .into(),
        );
        let ctx = Context::create().option(HPA_SCALE_TO_ZERO, true);
        assert_eq!(
            fields(&validate(&ctx, &hpa, None)),
            ["FieldValueInvalid spec.metrics[2].resource.target.averageUtilization "]
        );
        hpa.metadata
            .annotations
            .insert(METRIC_SPECS_ANNOTATION.into(), "not json".into());
        assert_eq!(
            fields(&validate(&ctx, &hpa, None)),
            [
                "FieldValueInvalid spec.metrics[0].resource.target.averageUtilization ",
                "FieldValueForbidden spec.metrics ",
            ]
        );
    }

    #[test]
    fn annotation_metrics_are_validated_at_internal_paths() {
        let mut hpa = valid();
        hpa.spec.target_cpu_utilization_percentage = Some(50);
        hpa.metadata.annotations.insert(
            METRIC_SPECS_ANNOTATION.into(),
            r#"[{"type":"Object","object":{"target":{"name":"rc"},"metricName":"qps","targetValue":"1"}}]"#
                .into(),
        );
        let errs = validate(&Context::create(), &hpa, None);
        assert_eq!(
            fields(&errs),
            ["FieldValueRequired spec.metrics[0].object.describedObject.kind "]
        );
        assert!(!errs[0].covered_by_declarative);
        assert_eq!(internal_metrics(&hpa).len(), 2);
    }

    #[test]
    fn stored_zero_min_replicas_lowers_the_bound_on_update() {
        let mut old = valid();
        old.spec.min_replicas = Some(0);
        let mut new = old.clone();
        new.spec.min_replicas = Some(-1);
        let errs = validate(&Context::update(), &new, Some(&old));
        assert_eq!(errs[0].detail, "must be greater than or equal to 0");
    }

    #[test]
    fn status_update_keeps_the_spec_and_checks_counts() {
        let old = valid();
        let mut new = valid();
        new.spec.max_replicas = 0;
        new.status.current_replicas = -2;
        let ctx = Context::update().subresource("/status");
        prepare(&ctx, &mut new, Some(&old));
        assert_eq!(new.spec.max_replicas, 10);
        assert_eq!(
            fields(&validate(&ctx, &new, Some(&old))),
            ["FieldValueInvalid status.currentReplicas minimum"]
        );
    }
}
