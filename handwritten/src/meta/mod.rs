//! Hand-written metadata validation: ports of Kubernetes'
//! `k8s.io/apimachinery/pkg/api/validation` and
//! `k8s.io/apimachinery/pkg/apis/meta/v1/validation`.

pub mod v1;
