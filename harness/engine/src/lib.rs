//! # dv-harness-engine
//!
//! The first stage of dv-harness' data path (DESIGN.md section 3): a case
//! goes through one function, [`engine::Engine::check`], whatever produced
//! it. No command line, no bundled kinds: a user's own pairs and the bundled
//! ones (crate `dv-harness-kinds`) are registered the same way.
//!
//! - [`case`]: a [`case::Case`] and the case-file loader; [`body`]: request bodies;
//!   [`unknown_keys`]: the keys of a case file that loading ignores;
//! - [`pair`](mod@pair): the [`pair::Pair`] trait, [`pair!`] and the [`pair::Registry`];
//! - [`engine`]: [`engine::Engine::check`], the one entry point for every case;
//! - [`generic_registry`]: the API server's generic registry step (metadata
//!   checks around every strategy), run once per case outside both validators;
//! - [`normalize`] and [`compare`]: filtering, pairing and the verdict;
//! - [`field_pattern`]: `[*]` field patterns of the equivalence file;
//! - [`ratchet`]: which unpaired hand-written errors on an update ratchet;
//! - [`lifecycle`] and [`feature_gates`]: the `1.35` / `1.36` / `1.37`
//!   release semantics and the gates they read;
//! - [`expectation`]: checking both sides against a case's `expected`;
//! - [`record`]: metrics, mismatch log and reproducers;
//! - [`isolate`]: running a case on a worker thread or process;
//! - [`duration`]: the one parser of durations (`90s`, `1.5m`, `2h`).
//!
//! ```
//! use dv_harness_engine::lifecycle::Semantics;
//! assert_eq!(Semantics::default().as_str(), "1.37");
//! ```

pub mod body;
pub mod case;
pub mod compare;
pub mod duration;
pub mod engine;
pub mod expectation;
pub mod feature_gates;
pub mod field_pattern;
pub mod generic_registry;
pub use apimachinery::go_null;
pub mod isolate;
pub mod lifecycle;
pub mod mismatch_mode;
pub mod normalize;
pub mod pair;
#[cfg(test)]
mod paired_lists;
pub mod ratchet;
pub mod record;
pub mod unknown_keys;
