//! `meta/v1`: [`ObjectMeta`] and its [`OwnerReference`]s.

mod object_meta;

pub use object_meta::{ObjectMeta, OwnerReference};
