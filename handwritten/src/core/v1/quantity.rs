//! Resource quantities: Kubernetes' `k8s.io/apimachinery/pkg/api/resource`
//! lives in the `apimachinery` crate ([`apimachinery::resource::quantity`]);
//! this module keeps the path the ports import it by.

pub use apimachinery::resource::quantity::*;
