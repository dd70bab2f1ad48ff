//! The harness self-test (issue 11): plant known divergences in registered
//! pairs and measure how often and how fast dv-harness' generators find
//! them, against a Kubernetes-style random-fill baseline.
//!
//! - [`mutant`]: the operators, the catalogue built from each pair's rule
//!   inventory, and [`mutant::Mutated`], a pair with a mutant applied;
//! - [`baseline`]: the random fill (nil chance 1/2, 0-1 list elements);
//! - [`detect`]: when a case shows a mutant (planted and control views of
//!   one validator run, judged without details, under the lifecycles where
//!   stage marks matter);
//! - [`runner`]: per-mutant runs with a budget and a per-case watchdog,
//!   parallel over mutants, and the report (`selftest --json`);
//! - [`render`]: the report as Markdown (`selftest --markdown`).
//!
//! ```
//! let registry = dv_harness_kinds::registry().unwrap();
//! assert!(dv_harness_oracles::selftest::mutant::catalogue(&registry, &[]).len() >= 150);
//! ```

pub mod baseline;
pub mod detect;
pub mod mutant;
pub mod render;
pub mod runner;
