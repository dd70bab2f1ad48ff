//! Ports of `validateMetricSpec` and what it calls (`validateObjectSource`,
//! `validateExternalSource`, `validatePodsSource`, `validateResourceSource`,
//! `validateContainerResourceSource`, `validateMetricTarget`,
//! `validateMetricIdentifier`) from `pkg/apis/autoscaling/validation/validation.go`
//! (kubernetes/kubernetes, newest stored 0fec7b0f), on the internal metric
//! specs of [`super::annotation_metrics`].
//!
//! Kubernetes reports the "must populate the given metric source only"
//! errors while ranging over a Go set, in no fixed order; here they come in
//! the order the sources are checked (object, external, pods, resource,
//! containerResource). `HPAContainerMetrics` is GA and locked on, so a
//! ContainerResource metric without its source gets the gate-on detail.
//! A quantity is reported by its canonical text.

use super::annotation_metrics::{
    MetricSpec, MetricTarget, NamedMetricSource, ObjectMetricSource, ObjectReference,
    ResourceMetricSource,
};
use crate::core::v1::resources::validate_container_resource_name;
use crate::core::v1::volume::validate_dns1123_label;
use apimachinery::content::is_path_segment_name;
use apimachinery::field::{Error, ErrorList, Path};

/// The metric source types, sorted (the `NotSupported` list).
///
/// ```
/// assert_eq!(handwritten::autoscaling::v1::metric_spec::METRIC_SOURCE_TYPES.len(), 5);
/// ```
pub const METRIC_SOURCE_TYPES: &[&str] = &[
    "ContainerResource",
    "External",
    "Object",
    "Pods",
    "Resource",
];

const POPULATE: &str = "must populate information for the given metric source";

/// `ValidateCrossVersionObjectReference`: kind and name are required and,
/// when set, path segment names.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::autoscaling::v1::metric_spec::validate_cross_version_object_reference;
/// let errs = validate_cross_version_object_reference("", "..", &Path::new("ref"));
/// assert_eq!(errs[0].to_string(), "ref.kind: Required value");
/// assert_eq!(errs[1].field, "ref.name");
/// ```
pub fn validate_cross_version_object_reference(
    kind: &str,
    name: &str,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    for (child, value) in [("kind", kind), ("name", name)] {
        let field = path.child(child);
        if value.is_empty() {
            errs.push(Error::required(&field, ""));
        } else {
            for msg in is_path_segment_name(value) {
                errs.push(Error::invalid(&field, value, msg));
            }
        }
    }
    errs
}

/// `validateMetricSpec`: a supported type, exactly one source, the one the
/// type names, and that source's own rules (only the first source present
/// is validated).
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::autoscaling::v1::annotation_metrics::MetricSpec;
/// use handwritten::autoscaling::v1::metric_spec::validate_metric_spec;
/// let spec = MetricSpec { type_: "Object".into(), ..MetricSpec::default() };
/// let errs = validate_metric_spec(&spec, &Path::new("spec").child("metrics").index(0));
/// assert_eq!(errs[0].to_string(),
///     "spec.metrics[0].object: Required value: must populate information for the given metric source");
/// ```
pub fn validate_metric_spec(spec: &MetricSpec, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let type_path = path.child("type");
    if spec.type_.is_empty() {
        errs.push(Error::required(
            &type_path,
            "must specify a metric source type",
        ));
    }
    let supported = METRIC_SOURCE_TYPES.contains(&spec.type_.as_str());
    if !supported {
        errs.push(Error::not_supported(
            &type_path,
            spec.type_.as_str(),
            METRIC_SOURCE_TYPES,
        ));
    }

    let mut present: Vec<&str> = Vec::new();
    if let Some(object) = &spec.object {
        present.push("object");
        if present.len() == 1 {
            errs.extend_from(validate_object_source(object, &path.child("object")));
        }
    }
    if let Some(external) = &spec.external {
        present.push("external");
        if present.len() == 1 {
            errs.extend_from(validate_external_source(external, &path.child("external")));
        }
    }
    if let Some(pods) = &spec.pods {
        present.push("pods");
        if present.len() == 1 {
            errs.extend_from(validate_pods_source(pods, &path.child("pods")));
        }
    }
    if let Some(resource) = &spec.resource {
        present.push("resource");
        if present.len() == 1 {
            errs.extend_from(validate_resource_source(resource, &path.child("resource")));
        }
    }
    if let Some(container) = &spec.container_resource {
        present.push("containerResource");
        if present.len() == 1 {
            errs.extend_from(validate_container_resource_source(
                container,
                &path.child("containerResource"),
            ));
        }
    }

    let expected = match spec.type_.as_str() {
        "Object" => Some(("object", spec.object.is_some())),
        "Pods" => Some(("pods", spec.pods.is_some())),
        "Resource" => Some(("resource", spec.resource.is_some())),
        "External" => Some(("external", spec.external.is_some())),
        "ContainerResource" => Some(("containerResource", spec.container_resource.is_some())),
        _ => None,
    };
    match expected {
        Some((field, false)) => errs.push(Error::required(&path.child(field), POPULATE)),
        Some(_) => {}
        None => errs.push(Error::not_supported(
            &type_path,
            spec.type_.as_str(),
            METRIC_SOURCE_TYPES,
        )),
    }

    if present.len() != 1 {
        let expected_field = expected.map(|(f, _)| f).unwrap_or_default();
        for field in present.into_iter().filter(|f| *f != expected_field) {
            errs.push(Error::forbidden(
                &path.child(field),
                "must populate the given metric source only",
            ));
        }
    }
    errs
}

/// `validateObjectSource`.
fn validate_object_source(src: &ObjectMetricSource, path: &Path<'_>) -> ErrorList {
    let ObjectReference { kind, name, .. } = &src.described_object;
    let mut errs =
        validate_cross_version_object_reference(kind, name, &path.child("describedObject"));
    errs.extend_from(validate_metric_identifier(
        &src.metric_name,
        &path.child("metric"),
    ));
    let target = path.child("target");
    errs.extend_from(validate_metric_target(&src.target, &target));
    if src.target.value.is_none() && src.target.average_value.is_none() {
        errs.push(Error::required(
            &target.child("averageValue"),
            "must set either a target value or averageValue",
        ));
    }
    errs
}

/// `validateExternalSource`.
fn validate_external_source(src: &NamedMetricSource, path: &Path<'_>) -> ErrorList {
    let mut errs = validate_metric_identifier(&src.metric_name, &path.child("metric"));
    let target = path.child("target");
    errs.extend_from(validate_metric_target(&src.target, &target));
    match (&src.target.value, &src.target.average_value) {
        (None, None) => errs.push(Error::required(
            &target.child("averageValue"),
            "must set either a target value for metric or a per-pod target",
        )),
        (Some(_), Some(_)) => errs.push(Error::forbidden(
            &target.child("value"),
            "may not set both a target value for metric and a per-pod target",
        )),
        _ => {}
    }
    errs
}

/// `validatePodsSource`.
fn validate_pods_source(src: &NamedMetricSource, path: &Path<'_>) -> ErrorList {
    let mut errs = validate_metric_identifier(&src.metric_name, &path.child("metric"));
    let target = path.child("target");
    errs.extend_from(validate_metric_target(&src.target, &target));
    if src.target.average_value.is_none() {
        errs.push(Error::required(
            &target.child("averageValue"),
            "must specify a positive target averageValue",
        ));
    }
    errs
}

/// The utilisation/raw-value rule Resource and ContainerResource share.
fn validate_utilization_or_value(target: &MetricTarget, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    match (target.average_utilization, &target.average_value) {
        (None, None) => errs.push(Error::required(
            &path.child("averageUtilization"),
            "must set either a target raw value or a target utilization",
        )),
        (Some(_), Some(_)) => errs.push(Error::forbidden(
            &path.child("averageValue"),
            "may not set both a target raw value and a target utilization",
        )),
        _ => {}
    }
    errs
}

/// `validateContainerResourceSource`.
fn validate_container_resource_source(src: &ResourceMetricSource, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let name = path.child("name");
    if src.name.is_empty() {
        errs.push(Error::required(&name, "must specify a resource name"));
    } else {
        errs.extend_from(validate_container_resource_name(&src.name, &name));
    }
    let container = path.child("container");
    if src.container.is_empty() {
        errs.push(Error::required(&container, "must specify a container"));
    } else {
        errs.extend_from(validate_dns1123_label(&src.container, &container));
    }
    let target = path.child("target");
    errs.extend_from(validate_metric_target(&src.target, &target));
    errs.extend_from(validate_utilization_or_value(&src.target, &target));
    errs
}

/// `validateResourceSource`.
fn validate_resource_source(src: &ResourceMetricSource, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if src.name.is_empty() {
        errs.push(Error::required(
            &path.child("name"),
            "must specify a resource name",
        ));
    }
    let target = path.child("target");
    errs.extend_from(validate_metric_target(&src.target, &target));
    errs.extend_from(validate_utilization_or_value(&src.target, &target));
    errs
}

/// `validateMetricTarget`: a known type, positive quantities and a
/// utilisation of at least 1.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::autoscaling::v1::annotation_metrics::MetricTarget;
/// use handwritten::autoscaling::v1::metric_spec::validate_metric_target;
/// let target = MetricTarget { type_: "Value".into(), value: Some("0".parse().unwrap()), ..MetricTarget::default() };
/// let errs = validate_metric_target(&target, &Path::new("t"));
/// assert_eq!(errs[0].to_string(), r#"t.value: Invalid value: "0": must be positive"#);
/// ```
pub fn validate_metric_target(target: &MetricTarget, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let type_path = path.child("type");
    if target.type_.is_empty() {
        errs.push(Error::required(
            &type_path,
            "must specify a metric target type",
        ));
    }
    if !matches!(
        target.type_.as_str(),
        "Utilization" | "Value" | "AverageValue"
    ) {
        errs.push(Error::invalid(
            &type_path,
            target.type_.as_str(),
            "must be either Utilization, Value, or AverageValue",
        ));
    }
    for (field, quantity) in [
        ("value", &target.value),
        ("averageValue", &target.average_value),
    ] {
        if let Some(q) = quantity
            && (q.is_zero() || q.is_negative())
        {
            errs.push(Error::invalid(
                &path.child(field),
                q.to_string(),
                "must be positive",
            ));
        }
    }
    if let Some(utilization) = target.average_utilization
        && utilization < 1
    {
        errs.push(Error::invalid(
            &path.child("averageUtilization"),
            utilization,
            "must be greater than 0",
        ));
    }
    errs
}

/// `validateMetricIdentifier`: a required name that is a path segment name.
fn validate_metric_identifier(name: &str, path: &Path<'_>) -> ErrorList {
    let field = path.child("name");
    if name.is_empty() {
        return ErrorList::from(Error::required(&field, "must specify a metric name"));
    }
    is_path_segment_name(name)
        .into_iter()
        .map(|msg| Error::invalid(&field, name, msg))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::autoscaling::v1::annotation_metrics::{convert, parse};

    fn errors(json: &str) -> Vec<String> {
        let v1 = parse(json).unwrap();
        let spec = convert(&v1[0]);
        validate_metric_spec(&spec, &Path::new("spec").child("metrics").index(0))
            .iter()
            .map(|e| e.to_string())
            .collect()
    }

    #[test]
    fn type_rules() {
        assert_eq!(
            errors(r#"[{}]"#),
            [
                "spec.metrics[0].type: Required value: must specify a metric source type",
                r#"spec.metrics[0].type: Unsupported value: "": supported values: "ContainerResource", "External", "Object", "Pods", "Resource""#,
                r#"spec.metrics[0].type: Unsupported value: "": supported values: "ContainerResource", "External", "Object", "Pods", "Resource""#,
            ]
        );
        assert_eq!(errors(r#"[{"type":"Bogus"}]"#).len(), 2);
    }

    #[test]
    fn one_source_only_and_the_named_one() {
        let errs = errors(
            r#"[{"type":"Resource","resource":{"name":"cpu","targetAverageValue":"100m"},
                "pods":{"metricName":"some-metric","targetAverageValue":"100m"}}]"#,
        );
        assert_eq!(
            errs,
            ["spec.metrics[0].pods: Forbidden: must populate the given metric source only"]
        );
        let errs = errors(
            r#"[{"type":"Pods","object":{"target":{"kind":"RC","name":"rc"},"metricName":"m","targetValue":"1"}}]"#,
        );
        assert_eq!(
            errs,
            [
                "spec.metrics[0].pods: Required value: must populate information for the given metric source",
            ]
        );
    }

    #[test]
    fn object_source_rules() {
        let errs = errors(r#"[{"type":"Object","object":{"target":{"name":"rc"}}}]"#);
        assert_eq!(
            errs,
            [
                "spec.metrics[0].object.describedObject.kind: Required value",
                "spec.metrics[0].object.metric.name: Required value: must specify a metric name",
                r#"spec.metrics[0].object.target.value: Invalid value: "0": must be positive"#,
            ]
        );
        let errs = errors(
            r#"[{"type":"Object","object":{"target":{"kind":"RC","name":"rc"},"metricName":"a%b","targetValue":"1","averageValue":"-1"}}]"#,
        );
        assert_eq!(
            errs,
            [
                r#"spec.metrics[0].object.metric.name: Invalid value: "a%b": may not contain '%'"#,
                r#"spec.metrics[0].object.target.averageValue: Invalid value: "-1": must be positive"#,
            ]
        );
    }

    #[test]
    fn pods_and_external_source_rules() {
        assert_eq!(
            errors(r#"[{"type":"Pods","pods":{"metricName":"m"}}]"#),
            [r#"spec.metrics[0].pods.target.averageValue: Invalid value: "0": must be positive"#]
        );
        assert_eq!(
            errors(r#"[{"type":"External","external":{"metricName":"m"}}]"#),
            [
                "spec.metrics[0].external.target.averageValue: Required value: must set either a target value for metric or a per-pod target"
            ]
        );
        assert_eq!(
            errors(
                r#"[{"type":"External","external":{"metricName":"m","targetValue":"1","targetAverageValue":"1"}}]"#
            ),
            [
                "spec.metrics[0].external.target.value: Forbidden: may not set both a target value for metric and a per-pod target"
            ]
        );
    }

    #[test]
    fn resource_source_rules() {
        assert_eq!(
            errors(r#"[{"type":"Resource","resource":{"targetAverageUtilization":0}}]"#),
            [
                "spec.metrics[0].resource.name: Required value: must specify a resource name",
                "spec.metrics[0].resource.target.averageUtilization: Invalid value: 0: must be greater than 0",
            ]
        );
        assert_eq!(
            errors(r#"[{"type":"Resource","resource":{"name":"cpu"}}]"#),
            [
                "spec.metrics[0].resource.target.averageUtilization: Required value: must set either a target raw value or a target utilization"
            ]
        );
        assert_eq!(
            errors(
                r#"[{"type":"Resource","resource":{"name":"cpu","targetAverageUtilization":70,"targetAverageValue":"300m"}}]"#
            ),
            [
                "spec.metrics[0].resource.target.averageValue: Forbidden: may not set both a target raw value and a target utilization"
            ]
        );
    }

    #[test]
    fn container_resource_source_rules() {
        let errs = errors(
            r#"[{"type":"ContainerResource","containerResource":{"name":"pods","container":"Web","targetAverageUtilization":50}}]"#,
        );
        assert_eq!(errs.len(), 2, "{errs:?}");
        assert!(errs[0].contains("containerResource.name: Invalid value"));
        assert!(errs[1].contains("containerResource.container: Invalid value"));
        assert_eq!(
            errors(
                r#"[{"type":"ContainerResource","containerResource":{"targetAverageValue":"1"}}]"#
            ),
            [
                "spec.metrics[0].containerResource.name: Required value: must specify a resource name",
                "spec.metrics[0].containerResource.container: Required value: must specify a container",
            ]
        );
    }
}
