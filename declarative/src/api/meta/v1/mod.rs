//! `meta/v1`: [`ObjectMeta`], its [`OwnerReference`]s and
//! [`ManagedFieldsEntry`]s, and [`Time`].

mod managed_fields;
mod object_meta;
mod time;

pub use managed_fields::{ManagedFieldsEntry, ManagedFieldsOperationType};
pub use object_meta::{ObjectMeta, OwnerReference};
pub use time::Time;
