//! `networking.k8s.io/v1`: `IPAddress`, `NetworkPolicy` and `IngressClass`,
//! with the `+k8s:` tags of Kubernetes' `networking/v1/types.go` (master).

pub mod ingress_class;
pub mod int_or_string;
pub mod ip_address;
pub mod label_selector;
pub mod network_policy;

pub use ingress_class::{IngressClass, IngressClassParametersReference, IngressClassSpec};
pub use int_or_string::IntOrString;
pub use ip_address::{IPAddress, IPAddressSpec, ParentReference};
pub use label_selector::{LabelSelector, LabelSelectorRequirement};
pub use network_policy::{
    IPBlock, NetworkPolicy, NetworkPolicyEgressRule, NetworkPolicyIngressRule, NetworkPolicyPeer,
    NetworkPolicyPort, NetworkPolicySpec,
};
