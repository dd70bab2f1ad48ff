//! `autoscaling/v1` validation: the `Scale` subresource object.

pub mod horizontal_pod_autoscaler;
pub mod scale;
