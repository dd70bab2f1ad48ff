//! `autoscaling/v1`: the [`Scale`] subresource object.

mod scale;

pub use scale::{Scale, ScaleSpec, ScaleStatus};
