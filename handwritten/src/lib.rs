//! Hand-written validators.

pub mod meta;
