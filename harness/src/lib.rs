//! # dv-harness
//!
//! Runs a Kubernetes kind's hand-written validator (HV) and its declarative
//! validator (DV) side by side and judges whether they agree, with the
//! comparison and release semantics of Kubernetes' own migration checks
//! (`k8s.io/apiserver/pkg/registry/rest/validate.go`).
//!
//! This is the crate users depend on: it re-exports the engine
//! (`dv-harness-engine`), the generators and `equivalence_suite!`
//! (`dv-harness-generate`), the pipeline (`dv-harness-pipeline`) and the evidence store, promotion policy and
//! reports (`dv-harness-evidence`), and nothing else: no command line and no
//! bundled kinds.
//!
//! - [`case`]: a [`case::Case`] and the case-file loader;
//! - [`pair`](mod@pair): the [`pair::Pair`] trait, [`pair!`] and the [`pair::Registry`];
//! - [`engine`]: [`engine::Engine::check`], the one entry point for every case;
//! - [`normalize`] and [`compare`]: filtering, pairing and the verdict;
//! - [`generate`]: corpus, plans, boundary mutator and [`equivalence_suite!`];
//! - [`pipeline`]: checked cases from any generator counted, recorded and
//!   merged into evidence;
//! - [`evidence`], [`promote`] and [`report`]: what runs leave behind;
//!   [`evidence_merge`]: the evidence of several machines or shards combined.
//!
//! ```
//! use dv_harness::lifecycle::Semantics;
//! assert_eq!(Semantics::default().as_str(), "1.37");
//! ```

pub use dv_harness_engine::{
    body, case, compare, engine, expectation, feature_gates, field_pattern, isolate, lifecycle,
    normalize, pair, ratchet, record,
};
pub use dv_harness_evidence::{evidence, evidence_merge, promote, report};
pub use dv_harness_generate as generate;
pub use dv_harness_generate::equivalence_suite;
pub use dv_harness_pipeline as pipeline;
