//! # dv-harness
//!
//! Runs a Kubernetes kind's hand-written validator (HV) and its declarative
//! validator (DV) side by side and judges whether they agree, with the
//! comparison and release semantics of Kubernetes' own migration checks
//! (`k8s.io/apiserver/pkg/registry/rest/validate.go`).
//!
//! - [`case`]: a [`case::Case`] and the case-file loader;
//! - [`pair`](mod@pair): the [`pair::Pair`] trait, [`pair!`] and the [`pair::Registry`];
//! - [`engine`]: [`engine::Engine::check`], the one entry point for every case;
//! - [`normalize`] and [`compare`]: filtering, pairing and the verdict;
//! - [`field_pattern`]: `[*]` field patterns of the equivalence file;
//! - [`ratchet`]: which unpaired hand-written errors on an update ratchet;
//! - [`lifecycle`]: the `1.35` / `1.36` / `1.37` release semantics;
//! - [`expectation`]: checking both sides against a case's `expected`;
//! - [`record`]: metrics, mismatch log and reproducers;
//! - [`cli`]: the `dv-harness` command line.
//!
//! ```
//! use dv_harness::lifecycle::Semantics;
//! assert_eq!(Semantics::default().as_str(), "1.37");
//! ```

pub mod bench;
pub mod body;
pub mod bundled;
pub mod case;
pub mod chaos;
pub mod cli;
pub mod compare;
pub mod engine;
pub mod evidence;
pub mod evidence_merge;
pub mod expectation;
pub mod export;
pub mod feature_gates;
pub mod field_pattern;
pub mod fuzz;
pub mod generate;
pub mod isolate;
pub mod lifecycle;
pub mod normalize;
pub mod pair;
pub mod progress;
pub mod promote;
pub mod ratchet;
pub mod record;
pub mod report;
pub mod selftest;
pub mod shard;
#[cfg(test)]
mod test_pair;
