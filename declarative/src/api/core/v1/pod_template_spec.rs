//! `PodTemplateSpec`: the pod a controller stamps out.

use super::pod_spec::PodSpec;
use crate::api::meta::v1::ObjectMeta;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Kubernetes' `core/v1` `PodTemplateSpec`.
///
/// ```
/// use declarative::api::core::v1::PodTemplateSpec;
/// let t: PodTemplateSpec = serde_json::from_str(
///     r#"{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[]}}"#,
/// ).unwrap();
/// assert_eq!(t.metadata.labels["app"], "web");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct PodTemplateSpec {
    /// The metadata of the pods created from the template.
    ///
    /// +k8s:opaqueType
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The specification of the pods created from the template.
    #[serde(default)]
    pub spec: PodSpec,
}
