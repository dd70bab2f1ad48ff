//! Hand-written validators.

pub mod meta;
pub mod certificates;
pub mod core;
pub mod autoscaling;
pub mod networking;
pub mod storage;
pub mod resource;
pub mod fixtures;
