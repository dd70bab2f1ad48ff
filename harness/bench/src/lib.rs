//! In-process latency measurement of hand-written vs declarative
//! validation (DESIGN.md section 9), used by `dv-harness bench` and by the
//! criterion benches of the `benches` crate:
//!
//! - [`floor`]: the do-nothing traversal every validator is compared with;
//! - [`measure`]: interleaved timing with warm-up, median and spread;
//! - [`target`]: a pair with ready workloads, run per side (HV, DV, shadow, floor);
//! - [`catalog`]: which kinds, fixtures and scaling cases are benchmarked;
//! - [`report`]: running them and the `bench --json` result.
//!
//! ```
//! use dv_harness_bench::floor::traverse;
//! assert_eq!(traverse(&vec![1, 2, 3]), 3);
//! ```

pub mod catalog;
pub mod floor;
pub mod measure;
pub mod report;
pub mod target;
