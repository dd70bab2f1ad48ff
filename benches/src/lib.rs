//! Shared set-up of the criterion benches: the bundled pairs' benchmark
//! targets, with their objects built from the seed corpus of this
//! workspace (`corpus/<group>/<version>/<Kind>/seed/*.json`), through
//! [`dv_harness_bench`] — the same targets `dv-harness bench` measures.
//!
//! ```
//! let b = benches::load(Some(&["ListSetFixture"]), Some(10));
//! assert_eq!(b.kinds.len(), 1);
//! assert_eq!(b.scaling[0].1.workloads(), ["1", "10"]);
//! ```

use dv_harness_bench::catalog::{Benches, Selection, benches};
use dv_harness_engine::engine::EngineSettings;
use dv_harness_engine::pair::Registry;
use dv_harness_generate::corpus::Corpus;
use std::path::PathBuf;

/// The workspace's corpus directory, found from this crate's manifest.
///
/// ```
/// assert!(benches::corpus_dir().is_dir());
/// ```
pub fn corpus_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../corpus")
}

/// The benchmark targets of every bundled kind (or only `kinds`), scaling
/// sizes up to `max_items` (all of them with `None`). Kinds that cannot be
/// benchmarked are reported on stderr and left out.
///
/// ```
/// let b = benches::load(None, Some(1));
/// assert!(b.kinds.iter().any(|k| k.kind() == "ReplicationController"));
/// ```
pub fn load(kinds: Option<&[&str]>, max_items: Option<usize>) -> Benches {
    let selection = Selection {
        kinds: kinds.map(|k| k.iter().map(|s| (*s).to_string()).collect()),
        max_items,
    };
    let registry = match dv_harness_kinds::registry() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("benches: {e}");
            Registry::new()
        }
    };
    let corpus = Corpus::load(&corpus_dir());
    match benches(&registry, &corpus, &EngineSettings::default(), &selection) {
        Ok(b) => {
            for skipped in &b.skipped {
                eprintln!("benches: {skipped}; skipped");
            }
            b
        }
        Err(e) => {
            eprintln!("benches: {e}");
            Benches {
                kinds: Vec::new(),
                scaling: Vec::new(),
                skipped: vec![e],
            }
        }
    }
}
