//! Kubernetes API types, one API group per module, laid out as
//! `api::<group>::<version>::<Kind>` (the core group is `core`).

pub mod autoscaling;
pub mod certificates;
pub mod core;
pub mod meta;
pub mod networking;
pub mod resource;
pub mod storage;
