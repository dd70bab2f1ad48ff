//! # dv-harness-evidence
//!
//! The last stage of dv-harness' data path: per-rule [`evidence`]
//! accumulated across runs (one writer at a time: [`evidence_lock`]), the evidence files of several machines or
//! shards combined run by run ([`evidence_merge`]), the [`promote`] policy
//! judging each rule's stage against it, and the [`report`]s rendered from
//! both.

pub mod evidence;
pub mod evidence_lock;
pub mod evidence_merge;
pub mod promote;
pub mod report;
