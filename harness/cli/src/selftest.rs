//! `dv-harness selftest [--budget 2s] [--kinds A,B] [--threads N] [--limit N] [--include IDS] [--markdown FILE]`:
//! plants the mutant catalogue in the registered pairs and reports, per
//! mutant, whether dv-harness' generators and the random-fill baseline
//! found it and how fast. Exit 0 when every non-benign mutant was detected
//! by dv-harness and no benign one was, else 1.

use super::{Exit, Global};
use clap::Args;
use dv_harness_engine::duration::parse_duration;
use dv_harness_generate::corpus::Corpus;
use dv_harness_oracles::selftest::mutant::{catalogue, sample};
use dv_harness_oracles::selftest::runner::{Report, SelftestConfig, Which, run_all};
use std::path::Path;
use std::time::Duration;
use tabled::settings::Style;
use tabled::{Table, Tabled};

/// Arguments of `selftest`.
#[derive(Debug, Args)]
pub struct SelftestArgs {
    /// Wall-time budget per mutant and generator (`2s`, `500ms`).
    #[arg(long, default_value = "2s", value_parser = parse_duration)]
    pub budget: Duration,
    /// Per-case time limit: a longer case is reported as a hang. Generous
    /// on purpose: a loaded machine must not make a benign mutant's slow
    /// case look like a loop (500 ms did once); a looping mutant still
    /// shows well within a 10 s budget.
    #[arg(long, default_value = "2s", value_parser = parse_duration)]
    pub case_limit: Duration,
    /// Only these kinds (comma-separated).
    #[arg(long, value_delimiter = ',')]
    pub kinds: Vec<String>,
    /// Worker threads.
    #[arg(long, default_value_t = 2)]
    pub threads: usize,
    /// Run a sample of this many mutants (stratified over operator families and kinds).
    #[arg(long)]
    pub limit: Option<usize>,
    /// Also run these mutants (comma-separated ids), whatever the sample.
    #[arg(long, value_delimiter = ',')]
    pub include: Vec<String>,
    /// Generation seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Also write the Markdown report (totals, per family, per kind, misses) here.
    #[arg(long)]
    pub markdown: Option<std::path::PathBuf>,
}

#[derive(Tabled)]
struct FamilyRow {
    family: String,
    mutants: usize,
    #[tabled(rename = "dv-harness")]
    harness: String,
    #[tabled(rename = "random fill")]
    baseline: String,
}

fn pct(n: usize, of: usize) -> String {
    if of == 0 {
        return "-".to_string();
    }
    format!("{n}/{of} ({:.0}%)", 100.0 * n as f64 / of as f64)
}

/// The human summary: per-family table and totals.
///
/// ```
/// let r = dv_harness_oracles::selftest::runner::Report { mutants: vec![], wall_millis: 5, budget_millis: 100, threads: 2 };
/// assert!(dv_harness_cli::selftest::summary(&r).contains("detection rate"));
/// ```
pub fn summary(report: &Report) -> String {
    let rows: Vec<FamilyRow> = report
        .families()
        .into_iter()
        .map(|(family, n, benign, h, b)| FamilyRow {
            family: if benign > 0 {
                format!("{family} ({benign} benign: must not be reported)")
            } else {
                family.to_string()
            },
            mutants: n,
            harness: pct(h, n - benign),
            baseline: pct(b, n - benign),
        })
        .collect();
    let (hm, hw) = report.median_worst(Which::Harness);
    let (bm, bw) = report.median_worst(Which::Baseline);
    format!(
        "{}\ndetection rate: dv-harness {:.1}%, random fill {:.1}% (non-benign mutants)\n\
         time to detection: dv-harness median {hm} ms, worst {hw} ms; random fill median {bm} ms, worst {bw} ms\n\
         {} mutants, budget {} ms per mutant and generator, {} threads, wall time {} ms\n",
        Table::new(rows).with(Style::markdown()),
        100.0 * report.detection_rate(),
        100.0 * report.baseline_detection_rate(),
        report.mutants.len(),
        report.budget_millis,
        report.threads,
        report.wall_millis,
    )
}

/// Runs `selftest`.
///
/// ```no_run
/// use clap::Parser;
/// let cli = dv_harness_cli::Cli::parse_from(["dv-harness", "selftest", "--budget", "1s", "--kinds", "ReplicationController"]);
/// dv_harness_cli::run(cli);
/// ```
pub fn run(args: &SelftestArgs, global: &Global, corpus_dir: &Path) -> Exit {
    let mut mutants = catalogue(&global.registry, &args.kinds);
    if mutants.is_empty() {
        super::diagnostic("no mutants: no registered kind matches --kinds");
        return Exit::Input;
    }
    if let Some(limit) = args.limit {
        mutants = sample(&mutants, limit, &args.include);
    }
    let corpus = Corpus::load(corpus_dir);
    let config = SelftestConfig {
        budget: args.budget,
        case_limit: args.case_limit,
        threads: args.threads,
        seed: args.seed,
        settings: global.settings.clone(),
    };
    // A bar on a terminal, occasional complete lines on a pipe.
    let progress = crate::progress::Progress::stderr(
        Some(mutants.len() as u64),
        "{prefix} [{bar:30}] {pos}/{len} {elapsed}",
    );
    progress.set_prefix("selftest mutants");
    let report = run_all(
        &global.registry,
        &corpus,
        &mutants,
        &config,
        &|done, _total| progress.set_position(done as u64),
    );
    progress.finish_and_clear();
    if let Some(path) = &args.markdown
        && let Err(e) = std::fs::write(
            path,
            dv_harness_oracles::selftest::render::markdown(&report),
        )
    {
        super::diagnostic(&format!("{}: {e}", path.display()));
        return Exit::Input;
    }
    if global.json {
        println!("{}", report.to_json());
    } else {
        print!("{}", summary(&report));
    }
    let all_found = report
        .mutants
        .iter()
        .all(|m| m.benign != m.harness.millis.is_some());
    if all_found { Exit::Ok } else { Exit::Found }
}
