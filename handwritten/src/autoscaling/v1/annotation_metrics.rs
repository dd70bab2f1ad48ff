//! The metrics an autoscaling/v1 HorizontalPodAutoscaler carries in its
//! `autoscaling.alpha.kubernetes.io/metrics` annotation, and their
//! conversion to the internal (v2-shaped) metric specs Kubernetes validates.
//!
//! The annotation holds a JSON list of autoscaling/v1 `MetricSpec`s
//! (`k8s.io/api` `autoscaling/v1/types.go`, read at 10b39a39). Kubernetes
//! decodes it in `Convert_v1_HorizontalPodAutoscaler_To_autoscaling_HorizontalPodAutoscaler`
//! (`pkg/apis/autoscaling/v1/conversion.go`, read at kubernetes/kubernetes
//! 6672a99e and at the newer pacoxu/kubernetes@a5e3996e, store id
//! 25957655523, which convert metrics alike) and converts each source into an internal source with a `MetricTarget`:
//! - Object: `targetValue` becomes `target.value` (always set: the v1 field
//!   is not optional, so an absent one is zero), `averageValue` becomes
//!   `target.averageValue`; the target type is `AverageValue` when
//!   `averageValue` is set, else `Value`; `target` becomes `describedObject`
//!   and `metricName` the metric identifier's name.
//! - Pods: `targetAverageValue` becomes `target.averageValue` (always set,
//!   zero when absent), type `AverageValue`.
//! - Resource: `targetAverageUtilization` and `targetAverageValue` become
//!   `target.averageUtilization` and `target.averageValue`; the type is
//!   `Utilization` when the utilisation is set, else `AverageValue`.
//! - ContainerResource: as Resource, plus `container`. The stored
//!   conversion.go predates this source; the conversion is taken to be the
//!   Resource one, which is what the v1 fields (the same as Resource's)
//!   allow.
//! - External: `targetValue` and `targetAverageValue` become `target.value`
//!   and `target.averageValue`; the type is `AverageValue` when there is no
//!   `targetValue`, else `Value`; `metricName` the identifier's name.
//!
//! A text that does not decode (not JSON, wrong field types, a quantity
//! that does not parse) is an error here. The newer conversion text
//! (a5e3996e) then ignores the whole annotation (6672a99e failed the
//! conversion instead); either way no validation error results. A JSON
//! `null` leaves a field (or a list item) at its zero value, as Go's decoder
//! does. Go's decoder also matches field names case-insensitively; this one
//! does not.
//! Label selectors are not read: no validation looks at them.

use crate::core::v1::quantity::{Quantity, parse_quantity};
use serde::{Deserialize, Deserializer};
use serde_json::Value;

/// One autoscaling/v1 `MetricSpec` as the annotation writes it.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct V1MetricSpec {
    /// `type`: the metric source type.
    #[serde(rename = "type", deserialize_with = "null_default")]
    pub type_: String,
    /// `object`.
    pub object: Option<V1ObjectMetricSource>,
    /// `pods`.
    pub pods: Option<V1PodsMetricSource>,
    /// `resource`.
    pub resource: Option<V1ResourceMetricSource>,
    /// `containerResource`.
    pub container_resource: Option<V1ContainerResourceMetricSource>,
    /// `external`.
    pub external: Option<V1ExternalMetricSource>,
}

/// autoscaling/v1 `CrossVersionObjectReference` (an Object metric's `target`).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct V1ObjectReference {
    /// `kind`.
    #[serde(deserialize_with = "null_default")]
    pub kind: String,
    /// `name`.
    #[serde(deserialize_with = "null_default")]
    pub name: String,
    /// `apiVersion`.
    #[serde(deserialize_with = "null_default")]
    pub api_version: String,
}

/// autoscaling/v1 `ObjectMetricSource`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct V1ObjectMetricSource {
    /// `target`: the described object.
    #[serde(deserialize_with = "null_default")]
    pub target: V1ObjectReference,
    /// `metricName`.
    #[serde(deserialize_with = "null_default")]
    pub metric_name: String,
    /// `targetValue` (not optional: zero when absent).
    #[serde(deserialize_with = "quantity")]
    pub target_value: Quantity,
    /// `averageValue`.
    #[serde(deserialize_with = "optional_quantity")]
    pub average_value: Option<Quantity>,
}

/// autoscaling/v1 `PodsMetricSource`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct V1PodsMetricSource {
    /// `metricName`.
    #[serde(deserialize_with = "null_default")]
    pub metric_name: String,
    /// `targetAverageValue` (not optional: zero when absent).
    #[serde(deserialize_with = "quantity")]
    pub target_average_value: Quantity,
}

/// autoscaling/v1 `ResourceMetricSource`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct V1ResourceMetricSource {
    /// `name`: the resource name.
    #[serde(deserialize_with = "null_default")]
    pub name: String,
    /// `targetAverageUtilization`.
    pub target_average_utilization: Option<i32>,
    /// `targetAverageValue`.
    #[serde(deserialize_with = "optional_quantity")]
    pub target_average_value: Option<Quantity>,
}

/// autoscaling/v1 `ContainerResourceMetricSource`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct V1ContainerResourceMetricSource {
    /// `name`: the resource name.
    #[serde(deserialize_with = "null_default")]
    pub name: String,
    /// `targetAverageUtilization`.
    pub target_average_utilization: Option<i32>,
    /// `targetAverageValue`.
    #[serde(deserialize_with = "optional_quantity")]
    pub target_average_value: Option<Quantity>,
    /// `container`.
    #[serde(deserialize_with = "null_default")]
    pub container: String,
}

/// autoscaling/v1 `ExternalMetricSource`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct V1ExternalMetricSource {
    /// `metricName`.
    #[serde(deserialize_with = "null_default")]
    pub metric_name: String,
    /// `targetValue`.
    #[serde(deserialize_with = "optional_quantity")]
    pub target_value: Option<Quantity>,
    /// `targetAverageValue`.
    #[serde(deserialize_with = "optional_quantity")]
    pub target_average_value: Option<Quantity>,
}

/// A quantity as Go's `Quantity.UnmarshalJSON` reads it: a string or a bare
/// number; `null` is zero.
fn quantity_from(value: Value) -> Result<Quantity, String> {
    match value {
        Value::Null => Ok(Quantity::default()),
        Value::String(text) => parse_quantity(&text).map_err(|e| e.to_string()),
        Value::Number(n) => parse_quantity(&n.to_string()).map_err(|e| e.to_string()),
        other => Err(format!("not a quantity: {other}")),
    }
}

/// A non-pointer field: `null` leaves Go's zero value, as its decoder does.
fn null_default<'de, D: Deserializer<'de>, T: Deserialize<'de> + Default>(
    d: D,
) -> Result<T, D::Error> {
    Ok(Option::<T>::deserialize(d)?.unwrap_or_default())
}

fn quantity<'de, D: Deserializer<'de>>(d: D) -> Result<Quantity, D::Error> {
    quantity_from(Value::deserialize(d)?).map_err(serde::de::Error::custom)
}

/// A pointer quantity: `null` leaves it unset, as Go's decoder does.
fn optional_quantity<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Quantity>, D::Error> {
    match Value::deserialize(d)? {
        Value::Null => Ok(None),
        v => quantity_from(v).map(Some).map_err(serde::de::Error::custom),
    }
}

/// The internal `MetricTarget`.
#[derive(Debug, Clone, Default)]
pub struct MetricTarget {
    /// `type`: `Utilization`, `Value` or `AverageValue`.
    pub type_: String,
    /// `value`.
    pub value: Option<Quantity>,
    /// `averageValue`.
    pub average_value: Option<Quantity>,
    /// `averageUtilization`.
    pub average_utilization: Option<i32>,
}

/// The internal `CrossVersionObjectReference` of an Object metric.
#[derive(Debug, Clone, Default)]
pub struct ObjectReference {
    /// `kind`.
    pub kind: String,
    /// `name`.
    pub name: String,
    /// `apiVersion`.
    pub api_version: String,
}

/// The internal `ObjectMetricSource`.
#[derive(Debug, Clone, Default)]
pub struct ObjectMetricSource {
    /// `describedObject`.
    pub described_object: ObjectReference,
    /// `metric.name`.
    pub metric_name: String,
    /// `target`.
    pub target: MetricTarget,
}

/// The internal `PodsMetricSource` and `ExternalMetricSource` (a metric
/// identifier and a target).
#[derive(Debug, Clone, Default)]
pub struct NamedMetricSource {
    /// `metric.name`.
    pub metric_name: String,
    /// `target`.
    pub target: MetricTarget,
}

/// The internal `ResourceMetricSource` and `ContainerResourceMetricSource`
/// (`container` empty for the former).
#[derive(Debug, Clone, Default)]
pub struct ResourceMetricSource {
    /// `name`: the resource name.
    pub name: String,
    /// `container` (ContainerResource only).
    pub container: String,
    /// `target`.
    pub target: MetricTarget,
}

/// The internal `MetricSpec`.
#[derive(Debug, Clone, Default)]
pub struct MetricSpec {
    /// `type`.
    pub type_: String,
    /// `object`.
    pub object: Option<ObjectMetricSource>,
    /// `pods`.
    pub pods: Option<NamedMetricSource>,
    /// `resource`.
    pub resource: Option<ResourceMetricSource>,
    /// `containerResource`.
    pub container_resource: Option<ResourceMetricSource>,
    /// `external`.
    pub external: Option<NamedMetricSource>,
}

/// Decodes the annotation's text.
///
/// ```
/// use handwritten::autoscaling::v1::annotation_metrics::parse;
/// let metrics = parse(r#"[{"type":"Pods","pods":{"metricName":"qps"}}]"#).unwrap();
/// assert_eq!(metrics[0].type_, "Pods");
/// assert!(parse("[{\"type\":\"Pods\",\"pods\":{\"targetAverageValue\":\"1x\"}}]").is_err());
/// ```
pub fn parse(text: &str) -> Result<Vec<V1MetricSpec>, serde_json::Error> {
    let items = serde_json::from_str::<Option<Vec<Option<V1MetricSpec>>>>(text)?;
    Ok(items
        .unwrap_or_default()
        .into_iter()
        .map(Option::unwrap_or_default)
        .collect())
}

/// The Resource conversion's target: `Utilization` when a utilisation is
/// given, else `AverageValue`.
fn resource_target(utilization: Option<i32>, average_value: Option<Quantity>) -> MetricTarget {
    MetricTarget {
        type_: if utilization.is_some() {
            "Utilization"
        } else {
            "AverageValue"
        }
        .into(),
        value: None,
        average_value,
        average_utilization: utilization,
    }
}

/// Converts one autoscaling/v1 metric spec to its internal form.
///
/// ```
/// use handwritten::autoscaling::v1::annotation_metrics::{convert, parse};
/// let v1 = parse(r#"[{"type":"Object","object":{"metricName":"qps"}}]"#).unwrap();
/// let target = convert(&v1[0]).object.unwrap().target;
/// assert_eq!(target.type_, "Value");
/// assert!(target.value.unwrap().is_zero());
/// ```
pub fn convert(spec: &V1MetricSpec) -> MetricSpec {
    MetricSpec {
        type_: spec.type_.clone(),
        object: spec.object.as_ref().map(|o| ObjectMetricSource {
            described_object: ObjectReference {
                kind: o.target.kind.clone(),
                name: o.target.name.clone(),
                api_version: o.target.api_version.clone(),
            },
            metric_name: o.metric_name.clone(),
            target: MetricTarget {
                type_: if o.average_value.is_some() {
                    "AverageValue"
                } else {
                    "Value"
                }
                .into(),
                value: Some(o.target_value.clone()),
                average_value: o.average_value.clone(),
                average_utilization: None,
            },
        }),
        pods: spec.pods.as_ref().map(|p| NamedMetricSource {
            metric_name: p.metric_name.clone(),
            target: MetricTarget {
                type_: "AverageValue".into(),
                value: None,
                average_value: Some(p.target_average_value.clone()),
                average_utilization: None,
            },
        }),
        resource: spec.resource.as_ref().map(|r| ResourceMetricSource {
            name: r.name.clone(),
            container: String::new(),
            target: resource_target(r.target_average_utilization, r.target_average_value.clone()),
        }),
        container_resource: spec
            .container_resource
            .as_ref()
            .map(|r| ResourceMetricSource {
                name: r.name.clone(),
                container: r.container.clone(),
                target: resource_target(
                    r.target_average_utilization,
                    r.target_average_value.clone(),
                ),
            }),
        external: spec.external.as_ref().map(|e| NamedMetricSource {
            metric_name: e.metric_name.clone(),
            target: MetricTarget {
                type_: if e.target_value.is_none() {
                    "AverageValue"
                } else {
                    "Value"
                }
                .into(),
                value: e.target_value.clone(),
                average_value: e.target_average_value.clone(),
                average_utilization: None,
            },
        }),
    }
}

/// The internal CPU metric `targetCPUUtilizationPercentage` becomes.
///
/// ```
/// let m = handwritten::autoscaling::v1::annotation_metrics::cpu_utilization_metric(80);
/// assert_eq!(m.resource.unwrap().target.average_utilization, Some(80));
/// ```
pub fn cpu_utilization_metric(percentage: i32) -> MetricSpec {
    MetricSpec {
        type_: "Resource".into(),
        resource: Some(ResourceMetricSource {
            name: "cpu".into(),
            container: String::new(),
            target: resource_target(Some(percentage), None),
        }),
        ..MetricSpec::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn null_and_absent_quantities() {
        let v1 = parse(
            r#"[{"type":"Pods","pods":{"metricName":"m","targetAverageValue":null}},
                {"type":"External","external":{"metricName":"m","targetValue":null,"targetAverageValue":2}}]"#,
        )
        .unwrap();
        let pods = convert(&v1[0]).pods.unwrap();
        assert!(pods.target.average_value.unwrap().is_zero());
        let external = convert(&v1[1]).external.unwrap();
        assert_eq!(external.target.type_, "AverageValue");
        assert!(external.target.value.is_none());
        assert_eq!(external.target.average_value.unwrap().to_string(), "2");
    }

    #[test]
    fn target_types_follow_the_set_fields() {
        let v1 = parse(
            r#"[{"type":"Object","object":{"averageValue":"1"}},
                {"type":"Resource","resource":{"name":"cpu","targetAverageValue":"100m"}},
                {"type":"ContainerResource","containerResource":{"name":"cpu","container":"c","targetAverageUtilization":5}},
                {"type":"External","external":{"targetValue":"3"}}]"#,
        )
        .unwrap();
        let types: Vec<String> = v1
            .iter()
            .map(convert)
            .map(|m| {
                let t = m
                    .object
                    .map(|o| o.target)
                    .or(m.resource.map(|r| r.target))
                    .or(m.container_resource.map(|r| r.target))
                    .or(m.external.map(|e| e.target));
                t.map(|t| t.type_).unwrap_or_default()
            })
            .collect();
        assert_eq!(
            types,
            ["AverageValue", "AverageValue", "Utilization", "Value"]
        );
    }

    #[test]
    fn undecodable_texts() {
        assert!(parse("not json").is_err());
        assert!(parse(r#"[{"type":1}]"#).is_err());
        assert!(parse(r#"[{"type":"Object","object":{"targetValue":true}}]"#).is_err());
        assert!(parse("null").unwrap().is_empty());
    }

    #[test]
    fn nulls_leave_zero_values() {
        let v1 = parse(
            r#"[null,{"type":null,"object":{"target":null,"metricName":null}},
                {"type":"ContainerResource","containerResource":{"name":null,"container":null,"targetAverageUtilization":null}}]"#,
        )
        .unwrap();
        assert_eq!(v1.len(), 3);
        assert!(v1[0].type_.is_empty() && v1[0].object.is_none());
        let object = v1[1].object.as_ref().unwrap();
        assert!(object.target.kind.is_empty() && object.metric_name.is_empty());
        let container = v1[2].container_resource.as_ref().unwrap();
        assert!(container.name.is_empty() && container.target_average_utilization.is_none());
    }
}
