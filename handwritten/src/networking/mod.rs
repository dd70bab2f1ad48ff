//! Hand-written `networking.k8s.io` validation: ports of Kubernetes'
//! `pkg/apis/networking/validation/validation.go` and the registry
//! strategies of `pkg/registry/networking/...`, with the IP/CIDR, label
//! selector and domain-prefixed-path checks they rely on.

pub mod domain_path;
pub mod ip;
pub mod label_selector;
pub mod v1;
