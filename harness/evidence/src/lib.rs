//! # dv-harness-evidence
//!
//! The last stage of dv-harness' data path: per-rule [`evidence`]
//! accumulated across runs, the [`promote`] policy judging each rule's
//! stage against it, and the [`report`]s rendered from both.

pub mod evidence;
pub mod promote;
pub mod report;
