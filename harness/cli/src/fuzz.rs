//! `dv-harness fuzz --time 10m [--kinds A,B] [--jobs N]`: the stable,
//! coverage-blind generative campaign ([`dv_harness_oracles::fuzz::campaign`]) with a
//! progress bar, Ctrl-C handling that keeps everything found, new
//! mismatches recorded as the engine records them, and a summary table.
//! Every `--checkpoint` (default 30 s) the campaign's evidence so far and
//! the metrics are written ([`dv_harness_pipeline::checkpoint`]), so a
//! campaign killed with `kill -9` loses at most that interval.

use super::{Exit, Global, diagnostic};
use crate::progress::Progress as Display;
use clap::Args;
use dv_harness_engine::case::Case;
use dv_harness_engine::duration::parse_duration;
use dv_harness_engine::pair::{Checked, DynPair};
use dv_harness_engine::record::{Recorder, RecorderConfig};
use dv_harness_generate::corpus::Corpus;
use dv_harness_generate::shard::{Shard, parse_shard, run_uid};
use dv_harness_oracles::fuzz::campaign::{CampaignConfig, Progress, run_observed as run_campaign};
use dv_harness_oracles::fuzz::oracle::{KINDS, Oracle};
use dv_harness_pipeline::checkpoint::Checkpoints;
use dv_harness_pipeline::{Pipeline, Recorded};
use serde_json::Value;
use serde_json::json;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, Once};
use std::time::{Duration, Instant};
use tabled::builder::Builder;

/// Arguments of `fuzz`.
#[derive(Debug, Args)]
pub struct FuzzArgs {
    /// How long to run (`90s`, `10m`, `1h`, `500ms`; a bare number is seconds).
    #[arg(long, default_value = "10m", value_parser = parse_duration)]
    pub time: Duration,
    /// Only these kinds (comma-separated); default: the 11 bundled real kinds.
    #[arg(long, value_delimiter = ',')]
    pub kinds: Vec<String>,
    /// Worker threads.
    #[arg(long, default_value_t = 1)]
    pub jobs: usize,
    /// RNG seed.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Stop after this many cases.
    #[arg(long, value_name = "N")]
    pub max_cases: Option<u64>,
    /// Draw from part K of N of the seed's random streams, so N machines
    /// fuzzing with one seed never repeat each other (see `dv_harness_generate::shard`).
    #[arg(long, value_name = "K/N", default_value = "1/1", value_parser = parse_shard)]
    pub shard: Shard,
    /// Record the evidence so far (and the metrics) at least this often,
    /// so that a killed campaign loses at most this much (default:
    /// `dv_harness_pipeline::checkpoint::DEFAULT_INTERVAL`).
    #[arg(long, value_parser = parse_duration, value_name = "D", default_value = "30s")]
    pub checkpoint: Duration,
}

/// Where `fuzz` records.
#[derive(Debug, Clone)]
pub struct FuzzPaths {
    /// The corpus (seeds, and reproducers written under it).
    pub corpus: PathBuf,
    /// The reports directory (metrics and mismatch log).
    pub reports: PathBuf,
}

static STOP: AtomicBool = AtomicBool::new(false);

fn install_ctrlc() {
    static INSTALL: Once = Once::new();
    INSTALL.call_once(|| {
        if let Err(e) = ctrlc::set_handler(|| STOP.store(true, Ordering::SeqCst)) {
            diagnostic(&format!("cannot install the Ctrl-C handler: {e}"));
        }
    });
}

/// The campaign's counters of each kind (counted by verdict by the
/// workers) copied into the pipeline's tallies, which saw only the
/// findings and the sampled cases' coverage.
fn sync_counters(
    pipeline: &mut Pipeline,
    progress: &Progress,
    pairs: &[&dyn DynPair],
    elapsed: Duration,
) {
    for ((_, c), pair) in progress.kinds.iter().zip(pairs) {
        let run = pipeline.kind_run(*pair);
        let cases = c.cases.load(Ordering::Relaxed);
        run.cases = cases;
        run.mismatches = c.mismatches.load(Ordering::Relaxed);
        run.panics = c.panics.load(Ordering::Relaxed);
        run.fuzz_cases = cases;
        run.elapsed_nanos = u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX);
    }
}

/// Runs the campaign; exit 1 when mismatches or panics were found.
///
/// ```
/// // 10 cases of StorageClass, recorded under a temporary directory.
/// use clap::Parser;
/// let dir = tempfile::tempdir().unwrap();
/// let d = dir.path().display().to_string();
/// let cli = dv_harness_cli::Cli::parse_from(["dv-harness", "--reports-dir", &d, "--corpus-dir", &d,
///     "fuzz", "--time", "30s", "--kinds", "StorageClass", "--max-cases", "10", "--json"]);
/// assert_ne!(dv_harness_cli::run(cli), dv_harness_cli::Exit::Input);
/// ```
pub fn run(args: &FuzzArgs, global: &mut Global, paths: &FuzzPaths) -> Exit {
    let kinds: Vec<String> = if args.kinds.is_empty() {
        KINDS.iter().map(|k| k.to_string()).collect()
    } else {
        args.kinds.clone()
    };
    let corpus = Corpus::load(&paths.corpus);
    let mut oracles = Vec::new();
    let mut pairs = Vec::new();
    for kind in &kinds {
        let pair = match global.registry.find(kind, None) {
            Ok(p) => p,
            Err(e) => {
                diagnostic(&e.to_string());
                return Exit::Input;
            }
        };
        pairs.push(pair);
        match Oracle::new(pair, global.settings.clone(), &corpus) {
            Ok(o) => oracles.push(o),
            Err(e) => {
                diagnostic(&e.to_string());
                return Exit::Input;
            }
        }
    }
    let recorder = match global.recorder.take() {
        Some(r) => r,
        None => match Recorder::open(RecorderConfig::new(&paths.reports, &paths.corpus)) {
            Ok(r) => r,
            Err(e) => {
                diagnostic(&e.to_string());
                return Exit::Input;
            }
        },
    };
    install_ctrlc();
    STOP.store(false, Ordering::SeqCst);
    let mut config = CampaignConfig::new(args.time, args.jobs, args.seed);
    config.max_cases = args.max_cases;
    config.shard = args.shard;
    let progress = Progress::new(&kinds);
    // Each fuzz campaign is its own run in the evidence, whichever shard.
    let mut pipeline = Pipeline::new("fuzz", Some(args.seed), Some(recorder))
        .with_uid(run_uid(None, "fuzz", args.seed, args.shard));
    for pair in &pairs {
        pipeline.kind_run(*pair);
    }
    let pipeline = Mutex::new(pipeline);
    let new_by_kind: Mutex<BTreeMap<String, u64>> = Mutex::new(BTreeMap::new());
    let record_errors = Mutex::new(Vec::<String>::new());
    // A bar on a terminal, occasional complete lines on a pipe.
    let bar = if global.json {
        Display::hidden()
    } else {
        Display::stderr(
            Some(args.time.as_secs().max(1)),
            "{elapsed_precise} [{bar:30}] {msg}",
        )
    };
    let finished = AtomicBool::new(false);
    let started = Instant::now();
    let mut checkpoints = Checkpoints::new(args.checkpoint);
    let elapsed = std::thread::scope(|scope| {
        let handle = scope.spawn(|| {
            let on_finding = |f: &dv_harness_oracles::fuzz::oracle::Finding| {
                let Some(pair) = pairs.iter().find(|p| p.kind() == f.outcome.kind).copied() else {
                    return;
                };
                let Ok(mut pipeline) = pipeline.lock() else {
                    return;
                };
                match pipeline.finding(pair, "fuzz", &f.outcome, &f.case_json, &f.case_text) {
                    Recorded::New(new) => {
                        if let Ok(mut m) = new_by_kind.lock() {
                            *m.entry(f.outcome.kind.clone()).or_default() += 1;
                        }
                        let at = new
                            .reproducer
                            .map(|p| format!(", reproducer {}", p.display()))
                            .unwrap_or_default();
                        bar.println(format!(
                            "new {} {} {}{at}",
                            f.outcome.validation_identifier,
                            f.verdict().as_str(),
                            new.signature
                        ));
                    }
                    Recorded::Known | Recorded::NotRecorded => {}
                    Recorded::Failed(e) => {
                        if let Ok(mut errs) = record_errors.lock() {
                            errs.push(e.to_string());
                        }
                    }
                }
            };
            let on_sample = |i: usize, case: &Case<Value>, checked: &Checked| {
                if let (Some(pair), Ok(mut pipeline)) = (pairs.get(i), pipeline.lock()) {
                    pipeline
                        .kind_run(*pair)
                        .observe_coverage(case, &checked.outcome);
                }
            };
            let d = run_campaign(&oracles, &config, &STOP, &progress, &on_finding, &on_sample);
            finished.store(true, Ordering::SeqCst);
            d
        });
        while !finished.load(Ordering::SeqCst) {
            std::thread::sleep(Duration::from_millis(100));
            let (cases, mismatches, panics) = progress.totals();
            let secs = bar.elapsed().as_secs_f64().max(1e-3);
            bar.set_position(bar.elapsed().as_secs());
            bar.set_message(format!(
                "{cases} cases, {:.0}/s, {mismatches} mismatches, {panics} panics",
                cases as f64 / secs
            ));
            if checkpoints.due() {
                // The workers wait for the pipeline while it is written.
                if let Ok(mut pipeline) = pipeline.lock() {
                    sync_counters(&mut pipeline, &progress, &pairs, started.elapsed());
                    crate::run::checkpoint(&mut pipeline, &paths.reports, None, &bar);
                }
                checkpoints.done();
            }
        }
        handle.join().unwrap_or_default()
    });
    bar.finish_and_clear();
    let interrupted = STOP.load(Ordering::SeqCst);
    let new_by_kind = new_by_kind.into_inner().unwrap_or_default();
    for e in record_errors.into_inner().unwrap_or_default() {
        diagnostic(&format!("cannot record: {e}"));
    }
    let secs = elapsed.as_secs_f64().max(1e-3);
    let rows: Vec<serde_json::Value> = progress
        .kinds
        .iter()
        .map(|(kind, c)| {
            let cases = c.cases.load(Ordering::Relaxed);
            json!({
                "kind": kind,
                "cases": cases,
                "casesPerSecond": (cases as f64 / secs).round(),
                "mismatches": c.mismatches.load(Ordering::Relaxed),
                "panics": c.panics.load(Ordering::Relaxed),
                "rejected": c.rejected.load(Ordering::Relaxed),
                "newSignatures": new_by_kind.get(kind).copied().unwrap_or(0),
            })
        })
        .collect();
    let (cases, mismatches, panics) = progress.totals();
    if global.json {
        println!(
            "{}",
            json!({"kinds": rows, "cases": cases, "mismatches": mismatches, "panics": panics,
                   "seconds": secs, "interrupted": interrupted, "jobs": config.jobs})
        );
    } else {
        let mut b = Builder::default();
        b.push_record([
            "kind",
            "cases",
            "cases/s",
            "mismatches",
            "panics",
            "rejected",
            "new signatures",
        ]);
        for r in &rows {
            b.push_record(
                [
                    "kind",
                    "cases",
                    "casesPerSecond",
                    "mismatches",
                    "panics",
                    "rejected",
                    "newSignatures",
                ]
                .map(|k| match &r[k] {
                    serde_json::Value::String(s) => s.clone(),
                    v => v.to_string(),
                }),
            );
        }
        println!("{}", b.build());
        println!(
            "{cases} cases in {secs:.1}s ({:.0}/s, {} jobs){}: {mismatches} mismatches, {panics} panics",
            cases as f64 / secs,
            config.jobs,
            if interrupted { ", interrupted" } else { "" }
        );
    }
    // The campaign counted every case by verdict; the pipeline saw the
    // findings and the sampled cases' coverage. Its evidence goes where
    // `run`'s goes, so fuzzing counts toward `promote`.
    let mut exit = if mismatches + panics > 0 {
        Exit::Found
    } else {
        Exit::Ok
    };
    let Ok(mut pipeline) = pipeline.into_inner() else {
        diagnostic("the fuzz pipeline was poisoned by a panicking worker");
        return exit.max(Exit::Input);
    };
    sync_counters(&mut pipeline, &progress, &pairs, elapsed);
    match pipeline.finish(&global.registry, &paths.reports) {
        Ok(notes) => notes.iter().for_each(|n| diagnostic(n)),
        Err(e) => {
            diagnostic(&format!("cannot record evidence: {e}"));
            exit = exit.max(Exit::Input);
        }
    }
    global.recorder = pipeline.into_parts().recorder;
    exit
}
