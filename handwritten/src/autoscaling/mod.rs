//! Hand-written validation of the `autoscaling` API group.

pub mod v1;
