//! `autoscaling/v1` validation: the `Scale` subresource object.

pub mod scale;
pub mod horizontal_pod_autoscaler;
