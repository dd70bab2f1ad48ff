//! `autoscaling/v1` validation: the HorizontalPodAutoscaler (with the
//! metrics and the scaling behavior its annotations carry) and the `Scale`
//! subresource object.

pub mod annotation_behavior;
pub mod annotation_metrics;
pub mod behavior;
pub mod horizontal_pod_autoscaler;
pub mod metric_spec;
pub mod scale;
