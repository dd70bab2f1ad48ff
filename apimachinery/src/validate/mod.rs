//! The validation primitives generated code calls (Kubernetes'
//! `k8s.io/apimachinery/pkg/api/validate`), one module per family.
//!
//! # Conventions (shared by every primitive and by `validation-gen`)
//!
//! Every primitive has the shape
//!
//! ```text
//! fn name(ctx: &Context, path: &Path<'_>, value: V, old: Option<V>, extra...) -> ErrorList
//! ```
//!
//! - Scalars are passed nilable: `value: Option<&T>` (`None` is Go's nil
//!   pointer; generated code passes `Some(&field)` for a non-pointer field).
//! - Strings as `Option<&str>`; string newtypes (enums) pass `.as_ref()`.
//! - Lists as `&[T]` (nil and empty are the same), old as `Option<&[T]>`.
//! - Maps as `&BTreeMap<K, V>`, old as `Option<&BTreeMap<K, V>>`.
//! - `old` is `None` on create, and on update when there is no correlated old value.
//! - Nested validators are closures
//!   `Fn(&Context, &Path<'_>, Option<&T>, Option<&T>) -> ErrorList`.
//! - An empty result means valid; the valid path allocates nothing.
//! - Type, origin and detail of every error are exactly Kubernetes'.
//!
//! Every primitive is re-exported here, so generated code calls
//! `::apimachinery::validate::minimum(...)`.

mod cold;
use cold::{list_of, push_error, push_first_sized};

mod list;
pub use list::*;

mod required;
pub use required::*;
mod limits;
pub use limits::*;
mod enum_;
pub use enum_::*;
mod neq;
pub use neq::*;
mod immutable;
pub use immutable::*;
mod update;
pub use update::*;
mod monotonic;
pub use monotonic::*;
mod option;
pub use option::*;
mod testing;
pub use testing::*;
mod dependent;
pub use dependent::*;

pub mod format;
pub use format::{
    extended_resource_name, label_key, label_value, long_name, long_name_caseless,
    path_segment_name, prefixed_label_key, resource_fully_qualified_name, resource_pool_name,
    short_name, uuid,
};

mod each;
pub use each::*;

mod item;
pub use item::*;

mod subfield;
pub use subfield::*;

mod union;
pub use union::*;

mod discriminator;
pub use discriminator::*;
