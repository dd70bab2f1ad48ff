//! Hand-written validators.

pub mod autoscaling;
pub mod certificates;
pub mod core;
pub mod fixtures;
pub mod meta;
pub mod networking;
pub mod resource;
pub mod storage;
