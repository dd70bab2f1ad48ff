//! The `autoscaling` API group.

pub mod v1;
