//! `meta/v1`: [`ObjectMeta`], its [`OwnerReference`]s, and [`Time`].

mod object_meta;
mod time;

pub use object_meta::{ObjectMeta, OwnerReference};
pub use time::Time;
