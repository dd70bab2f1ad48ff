//! `IngressClass` with its spec and parameters reference, carrying the
//! `+k8s:` tags of Kubernetes' `networking/v1/types.go` (master).

use crate::api::meta::v1::ObjectMeta;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Kubernetes' `networking/v1` `IngressClass` (cluster-scoped).
///
/// ```
/// use declarative::api::networking::v1::IngressClass;
/// let ic: IngressClass = serde_json::from_str(r#"{
///     "apiVersion": "networking.k8s.io/v1", "kind": "IngressClass",
///     "metadata": {"name": "nginx"},
///     "spec": {"controller": "example.com/ingress-controller"}
/// }"#).unwrap();
/// assert_eq!(ic.spec.controller, "example.com/ingress-controller");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct IngressClass {
    /// `networking.k8s.io/v1`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub api_version: String,
    /// `IngressClass`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
    /// Standard object metadata.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The desired state.
    #[serde(default)]
    pub spec: IngressClassSpec,
}

/// Kubernetes' `networking/v1` `IngressClassSpec`.
///
/// ```
/// use declarative::api::networking::v1::IngressClassSpec;
/// assert_eq!(serde_json::to_string(&IngressClassSpec::default()).unwrap(), "{}");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct IngressClassSpec {
    /// The controller handling this class, a domain-prefixed path of at most
    /// 250 characters. Immutable.
    ///
    /// Kept although kubernetes/api master (10b39a39) lacks them: the
    /// IngressClass migration's alpha tags (issue 20), whose errors the
    /// hand-written port marks covered.
    ///
    /// +required
    /// +k8s:alpha(since: "1.38")=+k8s:required
    /// +k8s:alpha(since: "1.38")=+k8s:immutable
    /// +k8s:alpha(since: "1.38")=+k8s:maxBytes=250
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub controller: String,
    /// A custom resource with extra configuration for the controller.
    ///
    /// +optional
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parameters: Option<IngressClassParametersReference>,
}

/// Kubernetes' `networking/v1` `IngressClassParametersReference`.
///
/// `scope` has no `omitempty` in Go, so an unset scope is written as `null`.
///
/// ```
/// use declarative::api::networking::v1::IngressClassParametersReference;
/// assert_eq!(
///     serde_json::to_string(&IngressClassParametersReference::default()).unwrap(),
///     r#"{"kind":"","name":"","scope":null}"#
/// );
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct IngressClassParametersReference {
    /// The group of the referenced resource (unset: the core group).
    #[serde(default, rename = "apiGroup", skip_serializing_if = "Option::is_none")]
    pub api_group: Option<String>,
    /// The kind of the referenced resource.
    ///
    /// +required
    /// +k8s:beta(since: "1.37")=+k8s:required
    #[serde(default)]
    pub kind: String,
    /// The name of the referenced resource.
    ///
    /// +required
    /// +k8s:beta(since: "1.37")=+k8s:required
    #[serde(default)]
    pub name: String,
    /// `Cluster` or `Namespace`.
    ///
    /// Kept although kubernetes/api master (10b39a39) lacks it (see `controller`).
    ///
    /// +optional
    /// +k8s:alpha(since: "1.38")=+k8s:required
    #[serde(default)]
    pub scope: Option<String>,
    /// The namespace of the referenced resource (scope `Namespace` only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_a_namespaced_reference() {
        let text = r#"{"apiVersion":"networking.k8s.io/v1","kind":"IngressClass","metadata":{"name":"c"},"spec":{"controller":"a.io/b","parameters":{"apiGroup":"k8s.example.com","kind":"P","name":"p","scope":"Namespace","namespace":"ns"}}}"#;
        let ic: IngressClass = serde_json::from_str(text).unwrap();
        assert_eq!(serde_json::to_string(&ic).unwrap(), text);
    }
}
