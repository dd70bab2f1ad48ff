//! Continuous fuzzing (DESIGN.md sections 5 and 8): generators apart from
//! oracles, as in wasmtime's `crates/fuzzing`.
//!
//! - [`input`]: the `Arbitrary`-based structured input, realised through the
//!   generation module's plans and boundary edits;
//! - [`oracle`]: per-kind oracles and [`oracle::run_target`], the body of
//!   every `fuzz/fuzz_targets/*.rs`;
//! - [`artifact`]: fuzz artifacts as case files and minimised regressions;
//! - [`campaign`]: the stable-toolchain, coverage-blind generative campaign
//!   of `dv-harness fuzz`.
//!
//! ```
//! use dv_harness_oracles::fuzz::oracle::{Mode, target_name};
//! assert_eq!(target_name("StorageClass", Mode::Structured), "storage_class_structured");
//! ```

pub mod artifact;
pub mod campaign;
pub mod input;
pub mod oracle;
pub mod targets;
