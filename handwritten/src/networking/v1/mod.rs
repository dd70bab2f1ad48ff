//! `networking.k8s.io/v1` validators, one kind per module (pair convention:
//! `validate`, `prepare`, `SUBRESOURCES`).

pub mod ingress_class;
pub mod ip_address;
pub mod network_policy;
