//! The `storage.k8s.io` API group's hand-written validators.

pub mod v1;
