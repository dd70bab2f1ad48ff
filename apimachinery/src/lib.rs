//! # apimachinery
//!
//! The shared vocabulary of dv-harness' hand-written and declarative
//! validators, faithful to Kubernetes' `k8s.io/apimachinery`:
//!
//! - [`field`]: [`field::Path`], [`field::Error`], [`field::ErrorList`] and the
//!   error matcher, rendered and serialised exactly as Kubernetes does;
//! - [`operation`]: [`operation::Operation`] and [`operation::Context`];
//! - [`validate`]: the validation primitives generated code calls (one module
//!   per family), with Kubernetes' error types, origins and details;
//! - [`content`]: the name / label / UUID / path-segment checks shared by both sides;
//! - [`text_eq`]: string equality that stays fast on empty strings;
//! - [`runtime`]: [`runtime::RawExtension`], a JSON member kept as the bytes received;
//! - [`registration`]: the per-kind strategy data a hand-written module declares for a registry;
//! - [`Validate`] and [`Rule`]: what `#[derive(Validate)]` implements and records.
//!
//! ```
//! use apimachinery::field::{Error, Path};
//! let e = Error::too_long(&Path::new("metadata").child("name"), 63);
//! assert_eq!(e.to_string(), "metadata.name: Too long: may not be more than 63 bytes");
//! ```

#[doc(hidden)]
#[path = "private.rs"]
pub mod __private;
pub mod content;
pub mod field;
pub mod go_null;
pub mod operation;
pub mod options;
pub mod registration;
pub mod resource;
pub mod rule;
pub mod rules_once;
pub mod runtime;
pub mod text_eq;
pub mod time;
pub mod validate;
pub mod validation;

pub use rule::{Rule, RuleError, RuleParams, Stage};
pub use validation::{Validate, unsupported_subresource};
pub use validation_gen::{Validate, k8s_enum, tag_docs_json};
