//! The HorizontalPodAutoscaler (autoscaling/v1) pair's hand-written side:
//! ports of `ValidateHorizontalPodAutoscaler`, `...Update`, `...StatusUpdate`
//! and what they call (`pkg/apis/autoscaling/validation`), and of the
//! registry strategies (`pkg/registry/autoscaling/horizontalpodautoscaler`):
//! create, update and `/status`.
//!
//! Kubernetes validates the internal object, whose `spec.metrics` an
//! autoscaling/v1 object fills from the `autoscaling.alpha.kubernetes.io/metrics`
//! annotation (first) and `targetCPUUtilizationPercentage` (a `Resource`
//! metric on `cpu` with that average utilisation, last), and whose
//! `spec.behavior` it fills from the `autoscaling.alpha.kubernetes.io/behavior`
//! annotation; errors about them carry the internal paths
//! (`spec.metrics[i]...`, `spec.behavior.scaleUp...`). The annotations are
//! decoded and converted as Kubernetes' v1 conversion does
//! ([`super::annotation_metrics`], [`super::annotation_behavior`]) and
//! validated by `validateMetricSpec` ([`super::metric_spec`]) and
//! `validateBehavior` ([`super::behavior`]). An annotation that does not
//! decode counts as absent: the newest stored v1 conversion
//! (pacoxu/kubernetes@a5e3996e, store id 25957655523; kubernetes/kubernetes'
//! own stored version, 6672a99e, is older) moves an annotation's content to
//! the spec only when it decodes without error, and ignores it otherwise
//! (for the behavior, also when it sets neither `scaleUp` nor `scaleDown`).
//! The conversion removes the annotations from the internal object; here
//! they stay for the metadata checks (only the annotation size limit could
//! tell). These errors are hand-written only: declarative validation does
//! not read annotations.
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
//! - `HPAConfigurableTolerance` (modelled: a context option, on when
//!   undefined; beta and on by default in 1.35 and 1.36, GA and locked on
//!   in 1.37): with it off, the strategy's `dropDisabledFields` (newest
//!   stored `strategy.go`, store id 235012456), run by `PrepareForCreate`
//!   and `PrepareForUpdate`, clears `behavior.scaleUp/scaleDown.tolerance`
//!   unless the stored object sets a tolerance in either. Here the drop
//!   rewrites the behavior annotation with the tolerances cleared, in the
//!   form the v1 conversion writes it back ([`super::annotation_behavior::encode`]);
//!   an annotation the drop does not change is left as written. No
//!   validation rule reads the tolerance yet (see [`super::behavior`]), so
//!   the drop changes the prepared object, not the errors.
//!
//! Not ported: master's strategy passes API-version options to
//! `ValidateCrossVersionObjectReference` (for `scaleTargetRef`:
//! `AllowInvalidAPIVersion` on an update that keeps the stored kind and
//! apiVersion, else `AllowEmptyAPIGroup` when the kind is
//! `ReplicationController`; for Object metrics' `describedObject`:
//! `AllowEmptyAPIGroup` always, `AllowInvalidAPIVersion` when a stored
//! Object metric's apiVersion already fails `ValidateAPIVersion`), but the
//! text of `ValidateAPIVersion` and of the apiVersion checks (validation.go
//! after 0fec7b0f, kubernetes/kubernetes#132537) is not in the store, so
//! neither `scaleTargetRef.apiVersion` nor `describedObject.apiVersion` is
//! validated. Master migrated `minReplicas`
//! (minimum 1, or 0 with the gate), `maxReplicas` (required, minimum 1) and
//! `scaleTargetRef.kind`/`.name` (required) to declarative rules: those
//! errors are covered by declarative, with origin `minimum` where Invalid.

use super::annotation_behavior::{self, Behavior};
use super::annotation_metrics::{self, MetricSpec};
use super::behavior::validate_behavior;
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
    options: &[
        (HPA_SCALE_TO_ZERO, false),
        (HPA_CONFIGURABLE_TOLERANCE, true),
    ],
    ..apimachinery::registration::Registration::new("autoscaling/v1")
};

/// The feature gate allowing `minReplicas: 0` (alpha, off by default).
///
/// ```
/// assert_eq!(handwritten::autoscaling::v1::horizontal_pod_autoscaler::HPA_SCALE_TO_ZERO, "HPAScaleToZero");
/// ```
pub const HPA_SCALE_TO_ZERO: &str = "HPAScaleToZero";

/// The feature gate allowing `behavior.scaleUp/scaleDown.tolerance` (on by
/// default; with it off the strategy drops tolerances the stored object
/// does not use).
///
/// ```
/// assert_eq!(handwritten::autoscaling::v1::horizontal_pod_autoscaler::HPA_CONFIGURABLE_TOLERANCE,
///            "HPAConfigurableTolerance");
/// ```
pub const HPA_CONFIGURABLE_TOLERANCE: &str = "HPAConfigurableTolerance";

/// The annotation carrying an autoscaling/v1 object's scaling behavior.
///
/// ```
/// assert_eq!(handwritten::autoscaling::v1::horizontal_pod_autoscaler::BEHAVIOR_SPECS_ANNOTATION,
///            "autoscaling.alpha.kubernetes.io/behavior");
/// ```
pub const BEHAVIOR_SPECS_ANNOTATION: &str = "autoscaling.alpha.kubernetes.io/behavior";

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
/// stored status, `/status` keeps the stored spec (with the spec's metrics
/// and behavior annotations, which are the internal spec's in Kubernetes);
/// create and update also drop the fields of disabled gates
/// ([`drop_disabled_fields`]).
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
    let tolerance_enabled = ctx.option_state(HPA_CONFIGURABLE_TOLERANCE).unwrap_or(true);
    match (ctx.operation, ctx.subresource_path().as_str(), old) {
        (Operation::Create, "/", _) => {
            obj.status = HorizontalPodAutoscalerStatus::default();
            drop_disabled_fields(obj, None, tolerance_enabled);
        }
        (Operation::Update, "/", Some(old)) => {
            obj.status = old.status.clone();
            drop_disabled_fields(obj, Some(old), tolerance_enabled);
        }
        (Operation::Update, "/status", Some(old)) => {
            obj.spec = old.spec.clone();
            for key in [METRIC_SPECS_ANNOTATION, BEHAVIOR_SPECS_ANNOTATION] {
                match old.metadata.annotations.get(key) {
                    Some(text) => obj.metadata.annotations.insert(key.into(), text.clone()),
                    None => obj.metadata.annotations.remove(key),
                };
            }
        }
        _ => {}
    }
}

/// `dropDisabledFields`: with `HPAConfigurableTolerance` off, clears the
/// tolerances of the internal behavior unless the stored object sets one;
/// the behavior annotation is rewritten when a tolerance is cleared.
///
/// ```
/// use declarative::api::autoscaling::v1::HorizontalPodAutoscaler;
/// use handwritten::autoscaling::v1::horizontal_pod_autoscaler::{drop_disabled_fields, BEHAVIOR_SPECS_ANNOTATION};
/// let mut hpa = HorizontalPodAutoscaler::default();
/// hpa.metadata.annotations.insert(BEHAVIOR_SPECS_ANNOTATION.into(),
///     r#"{"ScaleUp":{"Tolerance":"0.1","Policies":[{"Type":"Pods","Value":1,"PeriodSeconds":60}]}}"#.into());
/// drop_disabled_fields(&mut hpa, None, false);
/// assert!(hpa.metadata.annotations[BEHAVIOR_SPECS_ANNOTATION].contains(r#""Tolerance":null"#));
/// ```
pub fn drop_disabled_fields(
    obj: &mut HorizontalPodAutoscaler,
    old: Option<&HorizontalPodAutoscaler>,
    tolerance_enabled: bool,
) {
    if tolerance_enabled || old.is_some_and(tolerance_in_use) {
        return;
    }
    let Some(mut behavior) = internal_behavior(obj) else {
        return;
    };
    let mut dropped = false;
    for rules in [&mut behavior.scale_down, &mut behavior.scale_up]
        .into_iter()
        .flatten()
    {
        dropped |= rules.tolerance.take().is_some();
    }
    if dropped {
        obj.metadata.annotations.insert(
            BEHAVIOR_SPECS_ANNOTATION.into(),
            annotation_behavior::encode(&behavior),
        );
    }
}

/// `toleranceInUse`: the internal behavior sets a tolerance in `scaleDown`
/// or `scaleUp`.
fn tolerance_in_use(hpa: &HorizontalPodAutoscaler) -> bool {
    internal_behavior(hpa).is_some_and(|b| {
        [&b.scale_down, &b.scale_up]
            .into_iter()
            .flatten()
            .any(|rules| rules.tolerance.is_some())
    })
}

/// The internal `spec.behavior` of an autoscaling/v1 object: the behavior
/// annotation's content when it decodes and sets `scaleUp` or `scaleDown`.
///
/// ```
/// use declarative::api::autoscaling::v1::HorizontalPodAutoscaler;
/// use handwritten::autoscaling::v1::horizontal_pod_autoscaler::{internal_behavior, BEHAVIOR_SPECS_ANNOTATION};
/// let mut hpa = HorizontalPodAutoscaler::default();
/// assert!(internal_behavior(&hpa).is_none());
/// hpa.metadata.annotations.insert(BEHAVIOR_SPECS_ANNOTATION.into(), r#"{"ScaleDown":{}}"#.into());
/// assert!(internal_behavior(&hpa).is_some_and(|b| b.scale_down.is_some()));
/// ```
pub fn internal_behavior(hpa: &HorizontalPodAutoscaler) -> Option<Behavior> {
    hpa.metadata
        .annotations
        .get(BEHAVIOR_SPECS_ANNOTATION)
        .and_then(|text| annotation_behavior::convert(text))
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
    if let Some(behavior) = internal_behavior(hpa) {
        errs.extend_from(validate_behavior(&behavior, &path.child("behavior")));
    }
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
/// contributes no metrics, as in the v1 conversion. With no metric at all Kubernetes adds a default CPU metric
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
        new.metadata
            .annotations
            .insert(BEHAVIOR_SPECS_ANNOTATION.into(), "{}".into());
        let mut stored = old.clone();
        stored.metadata.annotations.insert(
            METRIC_SPECS_ANNOTATION.into(),
            r#"[{"type":"Pods","pods":{"metricName":"qps","targetAverageValue":"1"}}]"#.into(),
        );
        prepare(&ctx, &mut new, Some(&stored));
        assert_eq!(new.spec.max_replicas, 10);
        assert!(
            !new.metadata
                .annotations
                .contains_key(BEHAVIOR_SPECS_ANNOTATION)
        );
        assert_eq!(
            new.metadata.annotations.get(METRIC_SPECS_ANNOTATION),
            stored.metadata.annotations.get(METRIC_SPECS_ANNOTATION)
        );
        assert_eq!(
            fields(&validate(&ctx, &new, Some(&old))),
            ["FieldValueInvalid status.currentReplicas minimum"]
        );
    }

    const TOLERANT: &str = r#"{"ScaleUp":{"Tolerance":"0.1","Policies":[{"Type":"Pods","Value":1,"PeriodSeconds":60}]}}"#;

    fn with_behavior(text: &str) -> HorizontalPodAutoscaler {
        let mut hpa = valid();
        hpa.metadata
            .annotations
            .insert(BEHAVIOR_SPECS_ANNOTATION.into(), text.into());
        hpa
    }

    fn scale_up_tolerance(hpa: &HorizontalPodAutoscaler) -> Option<String> {
        internal_behavior(hpa)
            .and_then(|b| b.scale_up)
            .and_then(|r| r.tolerance)
            .map(|q| q.to_string())
    }

    #[test]
    fn behavior_is_validated_at_internal_paths() {
        let hpa = with_behavior(
            r#"{"ScaleUp":{"SelectPolicy":"Min"},"ScaleDown":{"Policies":[{"Type":"Pods","Value":1,"PeriodSeconds":1801}]}}"#,
        );
        let errs = validate(&Context::create(), &hpa, None);
        assert_eq!(
            fields(&errs),
            [
                "FieldValueRequired spec.behavior.scaleUp.policies ",
                "FieldValueInvalid spec.behavior.scaleDown.policies[0].periodSeconds ",
            ]
        );
        assert!(errs.iter().all(|e| !e.covered_by_declarative));
        let ctx = Context::update();
        assert_eq!(validate(&ctx, &hpa, Some(&valid())).len(), 2);
        let status = Context::update().subresource("/status");
        assert!(validate(&status, &hpa, Some(&hpa)).is_empty());
    }

    #[test]
    fn behavior_that_does_not_decode_or_is_empty_is_ignored() {
        for text in ["{}", "null", "not json", r#"{"ScaleUp":{"Policies":"x"}}"#] {
            assert!(
                validate(&Context::create(), &with_behavior(text), None).is_empty(),
                "{text}"
            );
        }
        assert_eq!(
            validate(
                &Context::create(),
                &with_behavior(r#"{"scaleUp":{}}"#),
                None
            )
            .len(),
            1
        );
    }

    // The four tolerance cases of strategy_test.go (store id 3896292804):
    // TestPrepareFor{Create,Update}ConfigurableTolerance{Enabled,Disabled}.
    #[test]
    fn prepare_for_create_drops_tolerance_only_with_the_gate_off() {
        let on = Context::create().option(HPA_CONFIGURABLE_TOLERANCE, true);
        let mut hpa = with_behavior(TOLERANT);
        prepare(&on, &mut hpa, None);
        assert_eq!(scale_up_tolerance(&hpa).as_deref(), Some("100m"));
        assert_eq!(
            hpa.metadata.annotations[BEHAVIOR_SPECS_ANNOTATION],
            TOLERANT
        );

        let off = Context::create().option(HPA_CONFIGURABLE_TOLERANCE, false);
        let mut hpa = with_behavior(TOLERANT);
        prepare(&off, &mut hpa, None);
        assert_eq!(scale_up_tolerance(&hpa), None);
        let policies = internal_behavior(&hpa)
            .and_then(|b| b.scale_up)
            .and_then(|r| r.policies);
        assert_eq!(policies.map(|p| p.len()), Some(1));
    }

    #[test]
    fn prepare_for_update_keeps_tolerance_the_stored_object_uses() {
        let on = Context::update().option(HPA_CONFIGURABLE_TOLERANCE, true);
        let mut new = with_behavior(TOLERANT);
        prepare(&on, &mut new, Some(&with_behavior(TOLERANT)));
        assert!(scale_up_tolerance(&new).is_some());

        let off = Context::update().option(HPA_CONFIGURABLE_TOLERANCE, false);
        let without = with_behavior(r#"{"ScaleUp":{"Policies":[]}}"#);
        let mut new = with_behavior(TOLERANT);
        prepare(&off, &mut new, Some(&without));
        assert!(scale_up_tolerance(&new).is_none());

        let mut new = with_behavior(TOLERANT);
        prepare(&off, &mut new, Some(&with_behavior(TOLERANT)));
        assert!(scale_up_tolerance(&new).is_some());

        let stored_down = with_behavior(r#"{"ScaleDown":{"Tolerance":"0"}}"#);
        let mut new = with_behavior(TOLERANT);
        prepare(&off, &mut new, Some(&stored_down));
        assert!(scale_up_tolerance(&new).is_some());
    }

    #[test]
    fn tolerance_option_defaults_on() {
        let mut hpa = with_behavior(TOLERANT);
        prepare(&Context::create(), &mut hpa, None);
        assert!(scale_up_tolerance(&hpa).is_some());
        assert!(
            REGISTRATION
                .options
                .contains(&(HPA_CONFIGURABLE_TOLERANCE, true))
        );
    }
}
