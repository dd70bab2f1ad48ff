//! `PodSpec` and its `Toleration`s, with the `+k8s:` tags of Kubernetes'
//! `core/v1/types.go` (master).
//!
//! Modelled: volumes, init/regular/ephemeral containers, restartPolicy,
//! terminationGracePeriodSeconds, activeDeadlineSeconds, dnsPolicy,
//! nodeSelector, serviceAccountName, nodeName, hostname, subdomain,
//! tolerations, priorityClassName, dnsConfig, imagePullSecrets, hostAliases,
//! priority, readinessGates, runtimeClassName, preemptionPolicy, overhead, os
//! schedulingGates, topologySpreadConstraints, affinity, resourceClaims,
//! (pod-level) resources, setHostnameAsFQDN, hostnameOverride,
//! securityContext, hostNetwork, hostPID, hostIPC, shareProcessNamespace and
//! hostUsers. Everything else is ignored when deserialising.

use super::affinity::Affinity;
use super::container::{Container, EphemeralContainer, ResourceRequirements};
use super::host_alias::HostAlias;
use super::pod_os::PodOS;
use super::pod_readiness_gate::PodReadinessGate;
use super::pod_resource_claim::PodResourceClaim;
use super::pod_scheduling_gate::PodSchedulingGate;
use super::pod_security_context::PodSecurityContext;
use super::serde_quantity;
use super::topology_spread_constraint::TopologySpreadConstraint;
use super::volume::Volume;
use super::volume_plugins::LocalObjectReference;
use apimachinery::Validate;
use apimachinery::resource::QuantityText;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Kubernetes' `core/v1` `PodSpec` (the modelled subset).
///
/// ```
/// use declarative::api::core::v1::PodSpec;
/// let s: PodSpec = serde_json::from_str(
///     r#"{"containers":[{"name":"app","image":"nginx"}],"restartPolicy":"Always","dnsPolicy":"ClusterFirst"}"#,
/// ).unwrap();
/// assert_eq!(s.containers.len(), 1);
/// assert_eq!(s.restart_policy, "Always");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct PodSpec {
    /// Volumes the containers may mount.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub volumes: Vec<Volume>,
    /// Containers run to completion, in order, before the regular ones.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub init_containers: Vec<Container>,
    /// The pod's containers.
    #[serde(default)]
    pub containers: Vec<Container>,
    /// Debugging containers (not allowed in templates).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ephemeral_containers: Vec<EphemeralContainer>,
    /// `Always`, `OnFailure` or `Never`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub restart_policy: String,
    /// Seconds allowed for graceful termination.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub termination_grace_period_seconds: Option<i64>,
    /// Seconds the pod may run before it is failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub active_deadline_seconds: Option<i64>,
    /// `ClusterFirstWithHostNet`, `ClusterFirst`, `Default` or `None`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub dns_policy: String,
    /// Labels a node must have to run the pod.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub node_selector: BTreeMap<String, String>,
    /// The service account the pod runs as.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub service_account_name: String,
    /// The node the pod is bound to.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub node_name: String,
    /// The pod's hostname.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub hostname: String,
    /// The pod's subdomain.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub subdomain: String,
    /// Whether the pod's hostname is its fully qualified domain name
    /// (validation reads nothing of it).
    #[serde(
        default,
        rename = "setHostnameAsFQDN",
        skip_serializing_if = "Option::is_none"
    )]
    pub set_hostname_as_fqdn: Option<bool>,
    /// The hostname the pod's containers see, instead of `hostname`
    /// (the validation this port follows reads nothing of it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hostname_override: Option<String>,
    /// Taints the pod tolerates.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tolerations: Vec<Toleration>,
    /// The pod's priority class.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub priority_class_name: String,
    /// DNS settings merged with those `dnsPolicy` produces.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dns_config: Option<PodDNSConfig>,
    /// Secrets used to pull the containers' images.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub image_pull_secrets: Vec<LocalObjectReference>,
    /// Entries added to the pod's hosts file.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub host_aliases: Vec<HostAlias>,
    /// The pod's priority (set by admission from the priority class).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub priority: Option<i32>,
    /// Extra conditions the pod's readiness waits for.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub readiness_gates: Vec<PodReadinessGate>,
    /// The RuntimeClass the pod runs with.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub runtime_class_name: Option<String>,
    /// `PreemptLowerPriority` or `Never`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preemption_policy: Option<String>,
    /// Resources the pod's sandbox uses on top of its containers'.
    #[serde(
        default,
        deserialize_with = "serde_quantity::map",
        skip_serializing_if = "BTreeMap::is_empty"
    )]
    pub overhead: BTreeMap<String, QuantityText>,
    /// The resource claims the pod's containers may use.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub resource_claims: Vec<PodResourceClaim>,
    /// Pod-level compute resources (the `PodLevelResources` gate).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resources: Option<ResourceRequirements>,
    /// The operating system of the pod's containers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub os: Option<PodOS>,
    /// Gates that hold the pod back from scheduling.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scheduling_gates: Vec<PodSchedulingGate>,
    /// How the pod's replicas spread across topology domains.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub topology_spread_constraints: Vec<TopologySpreadConstraint>,
    /// Node affinity and pod (anti-)affinity.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub affinity: Option<Affinity>,
    /// Pod-level security attributes and common container settings.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub security_context: Option<PodSecurityContext>,
    /// Use the host's network namespace.
    #[serde(default, skip_serializing_if = "is_false")]
    pub host_network: bool,
    /// Use the host's PID namespace.
    #[serde(default, rename = "hostPID", skip_serializing_if = "is_false")]
    pub host_pid: bool,
    /// Use the host's IPC namespace.
    #[serde(default, rename = "hostIPC", skip_serializing_if = "is_false")]
    pub host_ipc: bool,
    /// Share one process namespace between the pod's containers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub share_process_namespace: Option<bool>,
    /// Run in the host's user namespace (default true).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub host_users: Option<bool>,
}

fn is_false(v: &bool) -> bool {
    !*v
}

/// Kubernetes' `core/v1` `PodDNSConfig`.
///
/// ```
/// use declarative::api::core::v1::PodDNSConfig;
/// let c: PodDNSConfig = serde_json::from_str(r#"{"nameservers":["1.1.1.1"],"options":[{"name":"ndots","value":"2"}]}"#).unwrap();
/// assert_eq!(c.options[0].value.as_deref(), Some("2"));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct PodDNSConfig {
    /// DNS server IP addresses.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub nameservers: Vec<String>,
    /// DNS search domains.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub searches: Vec<String>,
    /// Resolver options.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub options: Vec<PodDNSConfigOption>,
}

/// Kubernetes' `core/v1` `PodDNSConfigOption`.
///
/// ```
/// use declarative::api::core::v1::PodDNSConfigOption;
/// let o: PodDNSConfigOption = serde_json::from_str(r#"{"name":"edns0"}"#).unwrap();
/// assert!(o.value.is_none());
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct PodDNSConfigOption {
    /// The option's name.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    /// The option's value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<String>,
}

/// Kubernetes' `core/v1` `Toleration`.
///
/// ```
/// use declarative::api::core::v1::Toleration;
/// let t: Toleration = serde_json::from_str(r#"{"key":"k","operator":"Exists","effect":"NoExecute","tolerationSeconds":30}"#).unwrap();
/// assert_eq!(t.toleration_seconds, Some(30));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Toleration {
    /// The taint key the toleration applies to (empty: all keys).
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:format=k8s-label-key
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub key: String,
    /// `Exists` or `Equal` (empty means `Equal`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub operator: String,
    /// The taint value to match.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub value: String,
    /// `NoSchedule`, `PreferNoSchedule` or `NoExecute` (empty: all).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub effect: String,
    /// How long a `NoExecute` taint is tolerated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toleration_seconds: Option<i64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn containers_key_is_always_written() {
        assert_eq!(
            serde_json::to_string(&PodSpec::default()).unwrap(),
            r#"{"containers":[]}"#
        );
    }

    #[test]
    fn unmodelled_fields_are_ignored() {
        let s: PodSpec = serde_json::from_str(
            r#"{"containers":[],"schedulerName":"x","enableServiceLinks":true}"#,
        )
        .unwrap();
        assert_eq!(s, PodSpec::default());
    }

    #[test]
    fn security_and_host_namespace_fields_round_trip() {
        let json = r#"{"containers":[],"securityContext":{"runAsUser":1},"hostNetwork":true,"hostPID":true,"hostIPC":true,"shareProcessNamespace":false,"hostUsers":false}"#;
        let s: PodSpec = serde_json::from_str(json).unwrap();
        assert!(s.host_network && s.host_pid && s.host_ipc);
        assert_eq!(s.share_process_namespace, Some(false));
        assert_eq!(s.host_users, Some(false));
        assert_eq!(serde_json::to_string(&s).unwrap(), json);
    }
}
