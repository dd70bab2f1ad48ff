//! Kubernetes API types with `+k8s:` tags (filled by the pairs and tag-engine work).

pub mod api;
pub mod fixtures;
