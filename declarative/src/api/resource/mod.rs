//! The `resource.k8s.io` API group (dynamic resource allocation).

pub mod v1;
