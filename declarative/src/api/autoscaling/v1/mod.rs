//! `autoscaling/v1`: the [`Scale`] subresource object.

mod scale;

pub use scale::{Scale, ScaleSpec, ScaleStatus};
pub mod horizontal_pod_autoscaler;
pub use horizontal_pod_autoscaler::{
    CrossVersionObjectReference, HorizontalPodAutoscaler, HorizontalPodAutoscalerSpec,
    HorizontalPodAutoscalerStatus,
};
