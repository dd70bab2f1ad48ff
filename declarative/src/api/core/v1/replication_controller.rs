//! `ReplicationController` with its spec, status and conditions, carrying the
//! `+k8s:` tags of Kubernetes' `core/v1/types.go` (master).

use super::pod_template_spec::PodTemplateSpec;
use crate::api::meta::v1::{ObjectMeta, Time};
use apimachinery::Validate;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Kubernetes' `core/v1` `ReplicationController`.
///
/// ```
/// use declarative::api::core::v1::ReplicationController;
/// let rc: ReplicationController = serde_json::from_str(r#"{
///     "apiVersion": "v1", "kind": "ReplicationController",
///     "metadata": {"name": "web", "namespace": "default"},
///     "spec": {"replicas": 3, "selector": {"app": "web"}}
/// }"#).unwrap();
/// assert_eq!(rc.spec.replicas, Some(3));
/// assert_eq!(rc.status.replicas, 0);
/// ```
///
/// +k8s:supportsSubresource="/scale"
/// +k8s:supportsSubresource="/status"
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ReplicationController {
    /// `v1`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub api_version: String,
    /// `ReplicationController`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
    /// Standard object metadata.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:subfield(name)=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:subfield(name)=+k8s:format=k8s-long-name
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The desired behaviour.
    #[serde(default)]
    pub spec: ReplicationControllerSpec,
    /// The observed state.
    #[serde(default)]
    pub status: ReplicationControllerStatus,
}

/// Kubernetes' `core/v1` `ReplicationControllerSpec`.
///
/// ```
/// use declarative::api::core::v1::ReplicationControllerSpec;
/// let s = ReplicationControllerSpec { replicas: Some(2), ..Default::default() };
/// assert_eq!(serde_json::to_string(&s).unwrap(), r#"{"replicas":2}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ReplicationControllerSpec {
    /// The desired number of pods (nil: defaulted to 1, so nil is `Required`).
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +default=1
    /// +k8s:beta(since: "1.37")=+k8s:minimum=0
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replicas: Option<i32>,
    /// Seconds a new pod must be ready before it counts as available.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +default=0
    /// +k8s:beta(since: "1.37")=+k8s:minimum=0
    #[serde(default, skip_serializing_if = "is_zero_i32")]
    pub min_ready_seconds: i32,
    /// The labels the controlled pods carry.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub selector: BTreeMap<String, String>,
    /// The pod created when there are too few replicas.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub template: Option<PodTemplateSpec>,
}

/// Kubernetes' `core/v1` `ReplicationControllerStatus`.
///
/// ```
/// use declarative::api::core::v1::ReplicationControllerStatus;
/// assert_eq!(serde_json::to_string(&ReplicationControllerStatus::default()).unwrap(), r#"{"replicas":0}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ReplicationControllerStatus {
    /// The most recently observed number of replicas.
    #[serde(default)]
    pub replicas: i32,
    /// Pods whose labels match the template's.
    #[serde(default, skip_serializing_if = "is_zero_i32")]
    pub fully_labeled_replicas: i32,
    /// Ready pods.
    #[serde(default, skip_serializing_if = "is_zero_i32")]
    pub ready_replicas: i32,
    /// Pods ready for at least minReadySeconds.
    #[serde(default, skip_serializing_if = "is_zero_i32")]
    pub available_replicas: i32,
    /// The generation the controller last observed.
    #[serde(default, skip_serializing_if = "is_zero_i64")]
    pub observed_generation: i64,
    /// The latest observations of the controller's state.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<ReplicationControllerCondition>,
}

/// Kubernetes' `core/v1` `ReplicationControllerCondition`.
///
/// ```
/// use declarative::api::core::v1::ReplicationControllerCondition;
/// let c: ReplicationControllerCondition = serde_json::from_str(r#"{"type":"ReplicaFailure","status":"True"}"#).unwrap();
/// assert_eq!(c.type_, "ReplicaFailure");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ReplicationControllerCondition {
    /// The condition type, e.g. `ReplicaFailure`.
    #[serde(default, rename = "type")]
    pub type_: String,
    /// `True`, `False` or `Unknown`.
    #[serde(default)]
    pub status: String,
    /// When the condition last changed (RFC 3339).
    #[serde(default, skip_serializing_if = "Time::is_null")]
    pub last_transition_time: Time,
    /// A machine-readable reason.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
    /// A human-readable message.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub message: String,
}

fn is_zero_i32(v: &i32) -> bool {
    *v == 0
}

fn is_zero_i64(v: &i64) -> bool {
    *v == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_a_full_object() {
        let text = r#"{"apiVersion":"v1","kind":"ReplicationController","metadata":{"name":"web","namespace":"default"},"spec":{"replicas":0,"minReadySeconds":5,"selector":{"app":"web"},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"app","image":"nginx"}],"restartPolicy":"Always"}}},"status":{"replicas":1,"readyReplicas":1,"conditions":[{"type":"ReplicaFailure","status":"False"}]}}"#;
        let rc: ReplicationController = serde_json::from_str(text).unwrap();
        assert_eq!(rc.spec.replicas, Some(0));
        assert_eq!(serde_json::to_string(&rc).unwrap(), text);
    }

    fn declarative_errors(
        rc: &ReplicationController,
    ) -> Vec<(String, String, String, &'static str)> {
        use apimachinery::operation::Context;
        rc.validate(&Context::create(), None)
            .iter()
            .map(|e| {
                (
                    e.error_type.as_str().to_string(),
                    e.field.clone(),
                    e.origin.to_string(),
                    e.stability_level.as_str(),
                )
            })
            .collect()
    }

    #[test]
    fn declarative_rules_fire_with_their_stage() {
        let text = r#"{"metadata":{"name":"-web","generation":-1},"spec":{"replicas":-1,"minReadySeconds":-2,
            "template":{"metadata":{"name":"Not Validated"},"spec":{"tolerations":[{"key":"bad key"}]}}}}"#;
        let rc: ReplicationController = serde_json::from_str(text).unwrap();
        let mut got = declarative_errors(&rc);
        got.sort();
        let inv = "FieldValueInvalid".to_string();
        let mut want = vec![
            (
                inv.clone(),
                "metadata.name".into(),
                "format=k8s-long-name".into(),
                "beta",
            ),
            (
                inv.clone(),
                "metadata.generation".into(),
                "minimum".into(),
                "alpha",
            ),
            (
                inv.clone(),
                "spec.replicas".into(),
                "minimum".into(),
                "beta",
            ),
            (
                inv.clone(),
                "spec.minReadySeconds".into(),
                "minimum".into(),
                "beta",
            ),
            (
                inv,
                "spec.template.spec.tolerations[0].key".into(),
                "format=k8s-label-key".into(),
                "alpha",
            ),
        ];
        want.sort();
        assert_eq!(got, want);
    }

    #[test]
    fn valid_object_has_no_declarative_errors() {
        let rc: ReplicationController =
            serde_json::from_str(r#"{"metadata":{"name":"web"},"spec":{"replicas":0}}"#).unwrap();
        assert!(declarative_errors(&rc).is_empty());
    }

    #[test]
    fn null_replicas_is_absent() {
        let s: ReplicationControllerSpec = serde_json::from_str(r#"{"replicas":null}"#).unwrap();
        assert_eq!(s.replicas, None);
    }
}
