//! `autoscaling/v1` validation: the HorizontalPodAutoscaler (with the
//! metrics its annotation carries) and the `Scale` subresource object.

pub mod annotation_metrics;
pub mod horizontal_pod_autoscaler;
pub mod metric_spec;
pub mod scale;
