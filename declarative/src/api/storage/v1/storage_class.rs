//! `StorageClass`, carrying the `+k8s:` tags of Kubernetes'
//! `storage/v1/types.go` (master), and the `core/v1` topology selector types
//! its `allowedTopologies` holds (declared here: StorageClass is their only
//! user in this workspace).
//!
//! `reclaimPolicy` and `volumeBindingMode` are Go string enums without a
//! `+k8s:enum` tag, so they are plain strings here.

use crate::api::meta::v1::ObjectMeta;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Kubernetes' `storage.k8s.io/v1` `StorageClass` (cluster-scoped).
///
/// ```
/// use declarative::api::storage::v1::StorageClass;
/// let sc: StorageClass = serde_json::from_str(r#"{
///     "apiVersion": "storage.k8s.io/v1", "kind": "StorageClass",
///     "metadata": {"name": "fast"},
///     "provisioner": "kubernetes.io/gce-pd",
///     "parameters": {"type": "pd-ssd"},
///     "reclaimPolicy": "Retain",
///     "volumeBindingMode": "WaitForFirstConsumer"
/// }"#).unwrap();
/// assert_eq!(sc.provisioner, "kubernetes.io/gce-pd");
/// assert_eq!(sc.reclaim_policy.as_deref(), Some("Retain"));
/// assert!(sc.allowed_topologies.is_empty());
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct StorageClass {
    /// `storage.k8s.io/v1`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub api_version: String,
    /// `StorageClass`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
    /// Standard object metadata.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The type of the provisioner.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:immutable
    #[serde(default)]
    pub provisioner: String,
    /// Parameters for the provisioner that creates volumes of this class.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:immutable
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub parameters: BTreeMap<String, String>,
    /// The reclaim policy of dynamically provisioned volumes (`Delete`, `Retain`).
    ///
    /// +k8s:beta(since: "1.37")=+k8s:immutable
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reclaim_policy: Option<String>,
    /// Mount options of dynamically provisioned volumes (not validated).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub mount_options: Vec<String>,
    /// Whether volumes of this class may be expanded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allow_volume_expansion: Option<bool>,
    /// How claims are bound (`Immediate`, `WaitForFirstConsumer`).
    ///
    /// +k8s:beta(since: "1.37")=+k8s:immutable
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub volume_binding_mode: Option<String>,
    /// The node topologies where volumes may be provisioned.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub allowed_topologies: Vec<TopologySelectorTerm>,
}

/// Kubernetes' `core/v1` `TopologySelectorTerm`: the requirements are ANDed.
///
/// ```
/// use declarative::api::storage::v1::TopologySelectorTerm;
/// let t: TopologySelectorTerm = serde_json::from_str(
///     r#"{"matchLabelExpressions":[{"key":"zone","values":["a","b"]}]}"#,
/// ).unwrap();
/// assert_eq!(t.match_label_expressions[0].values, ["a", "b"]);
/// assert_eq!(serde_json::to_string(&TopologySelectorTerm::default()).unwrap(), "{}");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct TopologySelectorTerm {
    /// Label requirements, all of which must hold.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub match_label_expressions: Vec<TopologySelectorLabelRequirement>,
}

/// Kubernetes' `core/v1` `TopologySelectorLabelRequirement`: the label `key`
/// must have one of `values`.
///
/// ```
/// use declarative::api::storage::v1::TopologySelectorLabelRequirement;
/// let r = TopologySelectorLabelRequirement { key: "zone".into(), values: vec!["a".into()] };
/// assert_eq!(serde_json::to_string(&r).unwrap(), r#"{"key":"zone","values":["a"]}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct TopologySelectorLabelRequirement {
    /// The label key.
    #[serde(default)]
    pub key: String,
    /// The accepted label values.
    #[serde(default)]
    pub values: Vec<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_fields_default_and_unknown_fields_are_ignored() {
        let sc: StorageClass =
            serde_json::from_str(r#"{"metadata":{"name":"a"},"bogus":1}"#).unwrap();
        assert!(sc.provisioner.is_empty());
        assert_eq!(sc.volume_binding_mode, None);
        assert_eq!(sc.allow_volume_expansion, None);
    }

    #[test]
    fn provisioner_is_always_written_and_empty_optionals_are_omitted() {
        let sc = StorageClass::default();
        assert_eq!(
            serde_json::to_string(&sc).unwrap(),
            r#"{"metadata":{},"provisioner":""}"#
        );
    }

    #[test]
    fn round_trips_every_field() {
        let text = r#"{"metadata":{"name":"a"},"provisioner":"p","parameters":{"k":"v"},"reclaimPolicy":"Delete","mountOptions":["ro"],"allowVolumeExpansion":true,"volumeBindingMode":"Immediate","allowedTopologies":[{"matchLabelExpressions":[{"key":"z","values":["1"]}]}]}"#;
        let sc: StorageClass = serde_json::from_str(text).unwrap();
        assert_eq!(serde_json::to_string(&sc).unwrap(), text);
    }

    #[test]
    fn declarative_required_and_immutable_fields() {
        use apimachinery::Validate;
        use apimachinery::operation::Context;
        let old: StorageClass = serde_json::from_str(
            r#"{"metadata":{"name":"a"},"provisioner":"p","parameters":{"k":"v"},"reclaimPolicy":"Delete","volumeBindingMode":"Immediate"}"#,
        )
        .unwrap();
        assert!(old.validate(&Context::create(), None).is_empty());
        let mut new = old.clone();
        new.provisioner.clear();
        new.parameters.clear();
        new.reclaim_policy = None;
        new.volume_binding_mode = None;
        let mut got: Vec<String> = new
            .validate(&Context::update(), Some(&old))
            .iter()
            .map(|e| format!("{} {} {}", e.error_type.as_str(), e.field, e.origin))
            .collect();
        got.sort();
        assert_eq!(
            got,
            [
                "FieldValueInvalid parameters immutable",
                "FieldValueInvalid provisioner immutable",
                "FieldValueInvalid reclaimPolicy immutable",
                "FieldValueInvalid volumeBindingMode immutable",
                "FieldValueRequired provisioner ",
            ]
        );
        assert!(StorageClass::supported_subresources().is_empty());
    }
}
