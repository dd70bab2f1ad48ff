//! `meta/v1` validation: object metadata, labels, and the small generic
//! checks (non-negative, immutable) every validator shares.

pub mod generic;
pub mod labels;
pub mod managed_fields;
pub mod object_meta;
pub mod registry;
pub mod store_metadata;
