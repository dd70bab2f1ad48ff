//! Hand-written `resource.k8s.io` validation: ports of Kubernetes'
//! `pkg/apis/resource/validation/validation.go` and the registry
//! strategies of `pkg/registry/resource/...`.

pub mod v1;
