//! Generation: the objects and updates that tell the hand-written and the
//! declarative validator apart (DESIGN.md section 8).
//!
//! - [`corpus`]: every case file under `corpus/`, by kind;
//! - [`path`]: the rule inventory's JSON path patterns on `serde_json::Value`;
//! - [`values`]: structure-aware value strategies (alphabets, lengths, integers);
//! - [`boundary`]: the tag-aware boundary mutator driven by `Pair::rules()`;
//! - [`mutate`]: edits of an object's JSON, kept only when they deserialise;
//! - [`repair`]: completing an edited object until it deserialises;
//! - [`scratch`]: editing a seed in place on a working copy restored after use;
//! - [`seed_objects`]: the seeds deserialised once, cloned when used as they are;
//! - [`plan`]: create and update-sequence plans (proptest strategies) and the
//!   per-kind [`plan::Generator`] realising them as cases;
//! - [`coverage`]: which rules were reached and fired (anti-vacuity);
//! - [`target`]: coverage-guided boundary edits of the rules not yet fired;
//! - [`minimize`]: shrinking a mismatch to a minimal case;
//! - [`campaign`]: N deterministic create and update cases per kind with
//!   statistics (what `dv-harness run` does);
//! - [`shard`]: `--shard K/N` (which part of a campaign a machine runs) and
//!   run uids;
//! - [`suite`]: the `cargo test` equivalence suites, for the bundled pairs and
//!   for users' own types ([`equivalence_suite!`](crate::equivalence_suite!)).
//!
//! ```
//! use dv_harness_generate::path::Pattern;
//! assert_eq!(Pattern::parse("spec.items[*].name").segments().len(), 4);
//! ```

pub mod boundary;
pub mod campaign;
pub mod corpus;
pub mod coverage;
pub mod minimize;
pub mod mutate;
pub mod path;
pub mod plan;
pub mod repair;
pub mod scratch;
pub mod seed_objects;
pub mod shard;
pub mod suite;
pub mod target;
pub mod values;
