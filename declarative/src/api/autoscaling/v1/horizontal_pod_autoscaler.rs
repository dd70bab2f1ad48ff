//! `HorizontalPodAutoscaler` (autoscaling/v1) with its spec, status and the
//! `CrossVersionObjectReference` it targets, carrying the `+k8s:` tags of
//! Kubernetes' `autoscaling/v1/types.go` (master).
//!
//! `status.lastScaleTime` is kept as its RFC 3339 text.

use crate::api::meta::v1::ObjectMeta;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Kubernetes' `autoscaling/v1` `HorizontalPodAutoscaler`.
///
/// +k8s:supportsSubresource="/status"
///
/// ```
/// use declarative::api::autoscaling::v1::HorizontalPodAutoscaler;
/// let hpa: HorizontalPodAutoscaler = serde_json::from_str(r#"{
///     "apiVersion": "autoscaling/v1", "kind": "HorizontalPodAutoscaler",
///     "metadata": {"name": "web", "namespace": "default"},
///     "spec": {"scaleTargetRef": {"apiVersion": "apps/v1", "kind": "Deployment", "name": "web"},
///              "minReplicas": 2, "maxReplicas": 10, "targetCPUUtilizationPercentage": 80}
/// }"#).unwrap();
/// assert_eq!(hpa.spec.min_replicas, Some(2));
/// assert_eq!(hpa.spec.target_cpu_utilization_percentage, Some(80));
/// assert_eq!(hpa.status.current_replicas, 0);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct HorizontalPodAutoscaler {
    /// `autoscaling/v1`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub api_version: String,
    /// `HorizontalPodAutoscaler`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
    /// Standard object metadata.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The desired autoscaling behaviour.
    #[serde(default)]
    pub spec: HorizontalPodAutoscalerSpec,
    /// The observed state.
    #[serde(default)]
    pub status: HorizontalPodAutoscalerStatus,
}

/// Kubernetes' `autoscaling/v1` `HorizontalPodAutoscalerSpec`.
///
/// ```
/// use declarative::api::autoscaling::v1::HorizontalPodAutoscalerSpec;
/// assert_eq!(
///     serde_json::to_string(&HorizontalPodAutoscalerSpec::default()).unwrap(),
///     r#"{"scaleTargetRef":{"kind":"","name":""},"maxReplicas":0}"#
/// );
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct HorizontalPodAutoscalerSpec {
    /// The resource to scale, through its `/scale` subresource.
    #[serde(default)]
    pub scale_target_ref: CrossVersionObjectReference,
    /// The lower replica limit (nil: defaulted to 1; 0 only with `HPAScaleToZero`).
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:ifEnabled(HPAScaleToZero)=+k8s:minimum=0
    /// +k8s:beta(since: "1.37")=+k8s:ifDisabled(HPAScaleToZero)=+k8s:minimum=1
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min_replicas: Option<i32>,
    /// The upper replica limit.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:minimum=1
    #[serde(default)]
    pub max_replicas: i32,
    /// The target average CPU utilisation, in percent of the requested CPU.
    #[serde(
        default,
        rename = "targetCPUUtilizationPercentage",
        skip_serializing_if = "Option::is_none"
    )]
    pub target_cpu_utilization_percentage: Option<i32>,
}

/// Kubernetes' `autoscaling/v1` `CrossVersionObjectReference`.
///
/// ```
/// use declarative::api::autoscaling::v1::CrossVersionObjectReference;
/// let r: CrossVersionObjectReference = serde_json::from_str(r#"{"kind":"Deployment","name":"web"}"#).unwrap();
/// assert!(r.api_version.is_empty());
/// assert_eq!(serde_json::to_string(&r).unwrap(), r#"{"kind":"Deployment","name":"web"}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct CrossVersionObjectReference {
    /// The referent's kind.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:required
    #[serde(default)]
    pub kind: String,
    /// The referent's name.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:required
    #[serde(default)]
    pub name: String,
    /// The referent's API version.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub api_version: String,
}

/// Kubernetes' `autoscaling/v1` `HorizontalPodAutoscalerStatus`.
///
/// ```
/// use declarative::api::autoscaling::v1::HorizontalPodAutoscalerStatus;
/// assert_eq!(
///     serde_json::to_string(&HorizontalPodAutoscalerStatus::default()).unwrap(),
///     r#"{"currentReplicas":0,"desiredReplicas":0}"#
/// );
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct HorizontalPodAutoscalerStatus {
    /// The generation last observed by the autoscaler.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub observed_generation: Option<i64>,
    /// When the autoscaler last scaled (RFC 3339).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_scale_time: Option<apimachinery::time::Time>,
    /// The current number of pods.
    #[serde(default)]
    pub current_replicas: i32,
    /// The desired number of pods.
    #[serde(default)]
    pub desired_replicas: i32,
    /// The current average CPU utilisation, in percent of the requested CPU.
    #[serde(
        default,
        rename = "currentCPUUtilizationPercentage",
        skip_serializing_if = "Option::is_none"
    )]
    pub current_cpu_utilization_percentage: Option<i32>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_fields_default_and_unknown_fields_are_ignored() {
        let hpa: HorizontalPodAutoscaler =
            serde_json::from_str(r#"{"spec":{"metrics":[]},"other":1}"#).unwrap();
        assert_eq!(hpa.spec.max_replicas, 0);
        assert_eq!(hpa.spec.min_replicas, None);
    }

    #[test]
    fn round_trips_every_field() {
        let text = r#"{"metadata":{"name":"a","namespace":"n"},"spec":{"scaleTargetRef":{"kind":"Deployment","name":"d","apiVersion":"apps/v1"},"minReplicas":1,"maxReplicas":3,"targetCPUUtilizationPercentage":50},"status":{"observedGeneration":2,"lastScaleTime":"2024-01-01T00:00:00Z","currentReplicas":1,"desiredReplicas":2,"currentCPUUtilizationPercentage":40}}"#;
        let hpa: HorizontalPodAutoscaler = serde_json::from_str(text).unwrap();
        assert_eq!(serde_json::to_string(&hpa).unwrap(), text);
    }

    fn keys(errs: &apimachinery::field::ErrorList) -> Vec<String> {
        errs.iter()
            .map(|e| {
                format!(
                    "{} {} {} beta={}",
                    e.error_type.as_str(),
                    e.field,
                    e.origin,
                    e.is_beta()
                )
            })
            .collect()
    }

    fn hpa(spec: &str) -> HorizontalPodAutoscaler {
        serde_json::from_str(&format!(
            r#"{{"metadata":{{"name":"a","namespace":"n"}},"spec":{spec}}}"#
        ))
        .unwrap()
    }

    #[test]
    fn declarative_rules_follow_the_scale_to_zero_option() {
        use apimachinery::Validate;
        use apimachinery::operation::Context;
        let h =
            hpa(r#"{"scaleTargetRef":{"kind":"D","name":"d"},"minReplicas":0,"maxReplicas":1}"#);
        let off = Context::create().option("HPAScaleToZero", false);
        assert_eq!(
            keys(&h.validate(&off, None)),
            ["FieldValueInvalid spec.minReplicas minimum beta=true"]
        );
        let on = Context::create().option("HPAScaleToZero", true);
        assert!(h.validate(&on, None).is_empty());
        // Ratcheting: an unchanged 0 passes with the gate off.
        assert!(
            h.validate(&Context::update().option("HPAScaleToZero", false), Some(&h))
                .is_empty()
        );
    }

    #[test]
    fn declarative_max_replicas_and_target_reference() {
        use apimachinery::Validate;
        use apimachinery::operation::Context;
        let ctx = Context::create().option("HPAScaleToZero", false);
        let h = hpa(r#"{"scaleTargetRef":{"kind":"","name":"d"},"maxReplicas":0}"#);
        assert_eq!(
            keys(&h.validate(&ctx, None)),
            [
                "FieldValueRequired spec.scaleTargetRef.kind  beta=false",
                "FieldValueRequired spec.maxReplicas  beta=true",
            ]
        );
        let h = hpa(r#"{"scaleTargetRef":{"kind":"D","name":"d"},"maxReplicas":-1}"#);
        assert_eq!(
            keys(&h.validate(&ctx, None)),
            ["FieldValueInvalid spec.maxReplicas minimum beta=true"]
        );
        assert_eq!(
            HorizontalPodAutoscaler::supported_subresources(),
            ["/status"]
        );
    }
}
