//! `NetworkPolicy` with its spec, rules, ports, peers and IP blocks, carrying
//! the `+k8s:` tags of Kubernetes' `networking/v1/types.go` (master).

use super::int_or_string::IntOrString;
use super::label_selector::LabelSelector;
use crate::api::meta::v1::ObjectMeta;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Kubernetes' `networking/v1` `NetworkPolicy` (v1 has no status).
///
/// ```
/// use declarative::api::networking::v1::NetworkPolicy;
/// let np: NetworkPolicy = serde_json::from_str(r#"{
///     "apiVersion": "networking.k8s.io/v1", "kind": "NetworkPolicy",
///     "metadata": {"name": "deny", "namespace": "default"},
///     "spec": {"podSelector": {}, "policyTypes": ["Ingress"]}
/// }"#).unwrap();
/// assert_eq!(np.spec.policy_types, ["Ingress"]);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct NetworkPolicy {
    /// `networking.k8s.io/v1`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub api_version: String,
    /// `NetworkPolicy`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
    /// Standard object metadata.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The desired policy.
    #[serde(default)]
    pub spec: NetworkPolicySpec,
}

/// Kubernetes' `networking/v1` `NetworkPolicySpec`.
///
/// ```
/// use declarative::api::networking::v1::NetworkPolicySpec;
/// assert_eq!(serde_json::to_string(&NetworkPolicySpec::default()).unwrap(), r#"{"podSelector":{}}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct NetworkPolicySpec {
    /// The pods the policy applies to (empty: all pods of the namespace).
    #[serde(default)]
    pub pod_selector: LabelSelector,
    /// Allowed inbound traffic.
    ///
    /// +optional
    /// +listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ingress: Vec<NetworkPolicyIngressRule>,
    /// Allowed outbound traffic.
    ///
    /// +optional
    /// +listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub egress: Vec<NetworkPolicyEgressRule>,
    /// `Ingress` and/or `Egress`.
    ///
    /// +optional
    /// +listType=atomic
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub policy_types: Vec<String>,
}

/// Kubernetes' `networking/v1` `NetworkPolicyIngressRule`.
///
/// ```
/// use declarative::api::networking::v1::NetworkPolicyIngressRule;
/// assert_eq!(serde_json::to_string(&NetworkPolicyIngressRule::default()).unwrap(), "{}");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct NetworkPolicyIngressRule {
    /// The ports traffic may arrive on (empty: all).
    ///
    /// +optional
    /// +listType=atomic
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<NetworkPolicyPort>,
    /// The sources traffic may come from (empty: all).
    ///
    /// +optional
    /// +listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub from: Vec<NetworkPolicyPeer>,
}

/// Kubernetes' `networking/v1` `NetworkPolicyEgressRule`.
///
/// ```
/// use declarative::api::networking::v1::NetworkPolicyEgressRule;
/// let r: NetworkPolicyEgressRule = serde_json::from_str(r#"{"to":[{"ipBlock":{"cidr":"10.0.0.0/8"}}]}"#).unwrap();
/// assert_eq!(r.to[0].ip_block.as_ref().unwrap().cidr, "10.0.0.0/8");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct NetworkPolicyEgressRule {
    /// The destination ports (empty: all).
    ///
    /// +optional
    /// +listType=atomic
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ports: Vec<NetworkPolicyPort>,
    /// The destinations (empty: all).
    ///
    /// +optional
    /// +listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub to: Vec<NetworkPolicyPeer>,
}

/// Kubernetes' `networking/v1` `NetworkPolicyPort`.
///
/// ```
/// use declarative::api::networking::v1::{IntOrString, NetworkPolicyPort};
/// let p: NetworkPolicyPort = serde_json::from_str(r#"{"protocol":"TCP","port":8000,"endPort":9000}"#).unwrap();
/// assert_eq!(p.port, Some(IntOrString::Int(8000)));
/// assert_eq!(p.end_port, Some(9000));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct NetworkPolicyPort {
    /// `TCP` (default), `UDP` or `SCTP`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub protocol: Option<String>,
    /// A port number or a named port.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub port: Option<IntOrString>,
    /// The last port of a range starting at `port`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_port: Option<i32>,
}

/// Kubernetes' `networking/v1` `IPBlock`: a CIDR minus some sub-CIDRs.
///
/// ```
/// use declarative::api::networking::v1::IPBlock;
/// assert_eq!(serde_json::to_string(&IPBlock::default()).unwrap(), r#"{"cidr":""}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct IPBlock {
    /// The block, e.g. `192.168.1.0/24`.
    ///
    /// +required
    /// +k8s:beta(since: "1.37")=+k8s:required
    #[serde(default)]
    pub cidr: String,
    /// Sub-blocks excluded from `cidr`.
    ///
    /// +optional
    /// +listType=atomic
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub except: Vec<String>,
}

/// Kubernetes' `networking/v1` `NetworkPolicyPeer`.
///
/// ```
/// use declarative::api::networking::v1::NetworkPolicyPeer;
/// let p: NetworkPolicyPeer = serde_json::from_str(r#"{"podSelector":{}}"#).unwrap();
/// assert!(p.pod_selector.is_some() && p.ip_block.is_none());
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct NetworkPolicyPeer {
    /// Pods selected by label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pod_selector: Option<LabelSelector>,
    /// Namespaces selected by label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace_selector: Option<LabelSelector>,
    /// An IP block (excludes the other two).
    ///
    /// +optional
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ip_block: Option<IPBlock>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_a_full_policy() {
        let text = r#"{"apiVersion":"networking.k8s.io/v1","kind":"NetworkPolicy","metadata":{"name":"p","namespace":"ns"},"spec":{"podSelector":{"matchLabels":{"app":"a"}},"ingress":[{"ports":[{"protocol":"TCP","port":"http"}],"from":[{"namespaceSelector":{"matchExpressions":[{"key":"k","operator":"In","values":["v"]}]}}]}],"egress":[{"to":[{"ipBlock":{"cidr":"10.0.0.0/8","except":["10.1.0.0/16"]}}]}],"policyTypes":["Ingress","Egress"]}}"#;
        let np: NetworkPolicy = serde_json::from_str(text).unwrap();
        assert_eq!(serde_json::to_string(&np).unwrap(), text);
    }

    #[test]
    fn a_port_that_is_neither_number_nor_string_is_rejected() {
        assert!(serde_json::from_str::<NetworkPolicyPort>(r#"{"port":true}"#).is_err());
    }
}
