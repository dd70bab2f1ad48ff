//! Hand-written validators.

pub mod meta;
pub mod certificates;
