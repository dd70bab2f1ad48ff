//! `Scale`: the object of a `/scale` subresource, with the `+k8s:` tags of
//! Kubernetes' `autoscaling/v1/types.go` (master).

use crate::api::meta::v1::ObjectMeta;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Kubernetes' `autoscaling/v1` `Scale`.
///
/// ```
/// use declarative::api::autoscaling::v1::Scale;
/// let s: Scale = serde_json::from_str(
///     r#"{"metadata":{"name":"web","namespace":"default"},"spec":{"replicas":3},"status":{"replicas":2,"selector":"app=web"}}"#,
/// ).unwrap();
/// assert_eq!(s.spec.replicas, 3);
/// assert_eq!(s.status.selector, "app=web");
/// ```
///
/// +k8s:isSubresource="/scale"
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Scale {
    /// `autoscaling/v1`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub api_version: String,
    /// `Scale`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
    /// The scaled object's metadata.
    ///
    /// +k8s:opaqueType
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The desired scale.
    #[serde(default)]
    pub spec: ScaleSpec,
    /// The observed scale.
    #[serde(default)]
    pub status: ScaleStatus,
}

/// Kubernetes' `autoscaling/v1` `ScaleSpec`.
///
/// ```
/// use declarative::api::autoscaling::v1::ScaleSpec;
/// assert_eq!(serde_json::to_string(&ScaleSpec { replicas: 0 }).unwrap(), "{}");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ScaleSpec {
    /// The desired number of instances.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +default=0
    /// +k8s:beta(since: "1.37")=+k8s:minimum=0
    #[serde(default, skip_serializing_if = "is_zero_i32")]
    pub replicas: i32,
}

/// Kubernetes' `autoscaling/v1` `ScaleStatus`.
///
/// ```
/// use declarative::api::autoscaling::v1::ScaleStatus;
/// let s = ScaleStatus { replicas: 1, selector: String::new() };
/// assert_eq!(serde_json::to_string(&s).unwrap(), r#"{"replicas":1}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ScaleStatus {
    /// The observed number of instances.
    #[serde(default)]
    pub replicas: i32,
    /// The label selector of the pods, in query-string form.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub selector: String,
}

fn is_zero_i32(v: &i32) -> bool {
    *v == 0
}
