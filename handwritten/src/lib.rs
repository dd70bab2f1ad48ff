//! Hand-written validators.

pub mod meta;
pub mod certificates;
pub mod networking;
