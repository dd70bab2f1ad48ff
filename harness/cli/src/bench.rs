//! `dv-harness bench [--kinds A,B] [--budget D]`: a quick in-process
//! latency comparison of the hand-written validator, the declarative one
//! and shadow mode (both plus the comparison), as ratios per kind, plus the
//! cost per list item at 1 to 10 000 items. Objects come from the seed
//! corpus (`--corpus-dir`). For precise numbers use the criterion benches
//! (`cargo bench -p benches`).

use super::{Exit, Global, diagnostic};
use clap::Args;
use dv_harness_bench::catalog::{Selection, benches, unbenched};
use dv_harness_bench::report::run as run_benches;
use dv_harness_bench::target::BenchError;
use dv_harness_generate::corpus::Corpus;
use std::path::Path;
use std::time::Duration;

/// Arguments of `bench`.
#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Only these kinds (comma-separated; fixture names such as `ListMapFixture` too).
    #[arg(long, value_delimiter = ',')]
    pub kinds: Vec<String>,
    /// Total measuring time, shared by all workloads (`10s`, `500ms`).
    #[arg(long, default_value = "10s", value_parser = dv_harness_engine::duration::parse_duration)]
    pub budget: Duration,
    /// Leave out scaling sizes above this many list items (default: up to 10 000).
    #[arg(long, value_name = "N")]
    pub max_items: Option<usize>,
}

/// Runs `bench`.
///
/// ```
/// use clap::Parser;
/// let cli = dv_harness_cli::Cli::parse_from(["dv-harness", "--json", "bench",
///     "--kinds", "ListSetFixture", "--budget", "20ms"]);
/// assert_eq!(dv_harness_cli::run(cli), dv_harness_cli::Exit::Ok);
/// ```
pub fn run(args: &BenchArgs, global: &Global, corpus_dir: &Path, record: Option<&Path>) -> Exit {
    let corpus = Corpus::load(corpus_dir);
    let selection = Selection {
        kinds: (!args.kinds.is_empty()).then(|| args.kinds.clone()),
        max_items: args.max_items,
    };
    let built = match benches(&global.registry, &corpus, &global.settings, &selection) {
        Ok(b) => b,
        Err(e) => {
            diagnostic(&e.to_string());
            return Exit::Input;
        }
    };
    if let Some(wanted) = &selection.kinds {
        let known: Vec<&str> = built.kinds.iter().map(|k| k.kind()).collect();
        let scaled: Vec<&str> = built.scaling.iter().map(|(_, s)| s.kind()).collect();
        let unknown: Vec<&str> = wanted
            .iter()
            .map(String::as_str)
            .filter(|k| !known.contains(k) && !scaled.contains(k))
            .collect();
        if !unknown.is_empty() {
            let all = benches(
                &global.registry,
                &corpus,
                &global.settings,
                &Selection::default(),
            );
            let names = all.map_or_else(
                |_| String::new(),
                |b| {
                    b.kinds
                        .iter()
                        .map(|k| k.kind().to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                },
            );
            diagnostic(
                &BenchError::UnknownKinds {
                    names: unknown.join(", "),
                    known: names,
                }
                .to_string(),
            );
            return Exit::Input;
        }
    }
    for skipped in &built.skipped {
        diagnostic(&format!("{skipped}; skipped"));
    }
    for kind in unbenched(&global.registry) {
        diagnostic(&format!(
            "{kind}: registered but not in the benchmark catalog; skipped"
        ));
    }
    if cfg!(debug_assertions) {
        diagnostic("debug build: ratios are not representative (use --release)");
    }
    let report = run_benches(&built, args.budget, &mut |label| {
        if !global.json {
            eprintln!("bench: {label}");
        }
    });
    // With --record, the ratios go into the evidence, where the report
    // prefers them to run medians.
    if let Some(dir) = record {
        let ratios: Vec<(String, String, f64)> = report
            .kinds
            .iter()
            .filter(|k| !k.fixture)
            .map(|k| (k.api_version.clone(), k.kind.clone(), k.dv_over_hv))
            .collect();
        match dv_harness_evidence::evidence::record_bench_kinds(dir, &ratios) {
            Ok(r) => diagnostic(&format!("bench ratios recorded in {}", r.path.display())),
            Err(e) => {
                diagnostic(&format!("cannot record bench ratios: {e}"));
                return Exit::Input;
            }
        }
    }
    if global.json {
        match serde_json::to_string_pretty(&report) {
            Ok(text) => println!("{text}"),
            Err(e) => {
                diagnostic(&format!("cannot render JSON: {e}"));
                return Exit::Input;
            }
        }
    } else {
        print!("{}", report.tables());
    }
    Exit::Ok
}
