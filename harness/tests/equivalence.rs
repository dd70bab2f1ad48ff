//! The equivalence suites of every bundled pair, one test per kind and
//! suite, so a failure names its kind:
//! `<apiVersion>/<Kind>::corpus_replay` (every case file of the kind under
//! the workspace `corpus/`), `::generated_create`, `::generated_update`
//! (proptest; failing seeds persisted in `harness/proptest-regressions/`)
//! and `::anti_vacuity`. `PROPTEST_CASES` sets the generated case count.
//!
//! Run with `cargo test -p dv-harness --test equivalence` (libtest
//! arguments such as a name filter or `--list` work as usual).

use dv_harness::generate::suite::{Suite, corpus_dir};
use dv_harness::pair::Registry;
use libtest_mimic::{Arguments, Failed, Trial};
use std::sync::Arc;

fn main() {
    let args = Arguments::from_args();
    let registry = match Registry::bundled() {
        Ok(r) => Arc::new(r),
        Err(e) => {
            eprintln!("cannot build the bundled registry: {e}");
            std::process::exit(101);
        }
    };
    let corpus = corpus_dir(env!("CARGO_MANIFEST_DIR"), "../corpus");
    let mut trials = Vec::new();
    for pair in registry.iter() {
        let name = format!("{}/{}", pair.api_version(), pair.kind());
        for suite in [
            "corpus_replay",
            "generated_create",
            "generated_update",
            "anti_vacuity",
        ] {
            let registry = Arc::clone(&registry);
            let corpus = corpus.clone();
            let (kind, version) = (pair.kind().to_string(), pair.api_version().to_string());
            trials.push(Trial::test(format!("{name}::{suite}"), move || {
                let pair = registry
                    .find(&kind, Some(&version))
                    .map_err(|e| Failed::from(e.to_string()))?;
                let s = Suite::new(pair).corpus(&corpus);
                let result = match suite {
                    "corpus_replay" => s.replay_corpus().map(|_| ()),
                    "generated_create" => s.create(),
                    "generated_update" => s.update(),
                    _ => s.anti_vacuity(),
                };
                result.map_err(Failed::from)
            }));
        }
    }
    libtest_mimic::run(&args, trials).exit();
}
