//! `dv-harness run`: every registered pair (or `--kinds`), its corpus
//! replayed and `--cases` generated create and update cases
//! (deterministic for `--seed`, bounded by `--time`), with a progress bar
//! on stderr, a summary per kind and per rule, report files
//! (`<reports>/run.json`, `<reports>/run.txt`), minimised mismatches
//! (recorded with `--record`), and exit 0 (all equal) or 1. A long run
//! checkpoints its evidence and metrics every `--checkpoint` (default 30 s;
//! [`dv_harness_pipeline::checkpoint`]), so `kill -9` loses at most that.

use super::{Exit, Global, diagnostic};
use clap::Args;
use dv_harness_engine::duration::parse_duration;
use dv_harness_engine::pair::{DynPair, Registry};
use dv_harness_generate::campaign::{CampaignConfig, KindRun, planned_cases, run_kind_observed};
use dv_harness_generate::corpus::Corpus;
use dv_harness_generate::minimize::DEFAULT_BUDGET;
use dv_harness_generate::shard::{Shard, parse_shard, run_uid};
use dv_harness_pipeline::checkpoint::Checkpoints;
use dv_harness_pipeline::{Pipeline, Recorded};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tabled::settings::Style;
use tabled::{Table, Tabled};

/// Arguments of `run`.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// Generated create cases, and generated update cases, per kind.
    #[arg(long, default_value_t = 200, value_name = "N")]
    pub cases: usize,
    /// Seed of the generators: the same seed runs the same cases.
    #[arg(long, default_value_t = 0, value_name = "S")]
    pub seed: u64,
    /// Only these kinds (`Kind` or `apiVersion/Kind`), comma-separated.
    #[arg(long, value_delimiter = ',', value_name = "A,B")]
    pub kinds: Vec<String>,
    /// Stop generating after this long (`30s`, `2m`, `500ms`; the corpus always runs).
    #[arg(long, value_parser = parse_duration, value_name = "D")]
    pub time: Option<Duration>,
    /// Candidate checks spent minimising each new mismatch.
    #[arg(long, default_value_t = DEFAULT_BUDGET, value_name = "N")]
    pub minimize_budget: usize,
    /// Run only part K of N of the campaign (corpus files and blocks of
    /// generated cases split deterministically; see `dv_harness_generate::shard`).
    #[arg(long, value_name = "K/N", default_value = "1/1", value_parser = parse_shard)]
    pub shard: Shard,
    /// The campaign's identity in the evidence file (the same for all its
    /// shards, e.g. the CI run); the run's uid is `ID:run:seed-S:shard-K-of-N`.
    #[arg(long, value_name = "ID")]
    pub run_id: Option<String>,
    /// Record the evidence so far (and the metrics) at least this often,
    /// between cases, so that a killed run loses at most this much
    /// (default: `dv_harness_pipeline::checkpoint::DEFAULT_INTERVAL`).
    #[arg(long, value_parser = parse_duration, value_name = "D", default_value = "30s")]
    pub checkpoint: Duration,
}

#[derive(Tabled)]
struct KindRow {
    kind: String,
    #[tabled(rename = "apiVersion")]
    api_version: String,
    cases: u64,
    corpus: u64,
    create: u64,
    update: u64,
    mismatches: u64,
    panics: u64,
    #[tabled(rename = "HV median")]
    hv: String,
    #[tabled(rename = "DV median")]
    dv: String,
    #[tabled(rename = "cases/s")]
    rate: String,
}

#[derive(Tabled)]
struct RuleRow {
    kind: String,
    rule: String,
    stage: &'static str,
    reached: u64,
    fired: u64,
    mismatches: u64,
}

fn nanos(n: u64) -> String {
    if n >= 1_000_000 {
        format!("{:.1}ms", n as f64 / 1e6)
    } else if n >= 1_000 {
        format!("{:.1}µs", n as f64 / 1e3)
    } else {
        format!("{n}ns")
    }
}

/// The `run --json` document (DESIGN.md section 5).
///
/// ```
/// let v = dv_harness_cli::run::run_json(&[], 7, 12);
/// assert_eq!(v, serde_json::json!({"kinds": [], "seed": 7, "elapsedMillis": 12}));
/// ```
pub fn run_json(runs: &[KindRun], seed: u64, elapsed_millis: u64) -> Value {
    json!({
        "kinds": runs.iter().map(KindRun::to_json).collect::<Vec<_>>(),
        "seed": seed,
        "elapsedMillis": elapsed_millis,
    })
}

/// The human summary: a table per kind, then a table per rule.
///
/// ```
/// assert_eq!(dv_harness_cli::run::summary_text(&[]), "no kinds run\n");
/// ```
pub fn summary_text(runs: &[KindRun]) -> String {
    if runs.is_empty() {
        return "no kinds run\n".to_string();
    }
    let kinds: Vec<KindRow> = runs
        .iter()
        .map(|r| KindRow {
            kind: r.kind.clone(),
            api_version: r.api_version.clone(),
            cases: r.cases,
            corpus: r.corpus_cases,
            create: r.create_cases,
            update: r.update_cases,
            mismatches: r.mismatches,
            panics: r.panics,
            hv: nanos(r.hv_median()),
            dv: nanos(r.dv_median()),
            rate: format!("{:.0}", r.cases_per_second()),
        })
        .collect();
    let mut t = Table::new(kinds);
    t.with(Style::sharp());
    let mut out = format!("{t}\n");
    let rules: Vec<RuleRow> = runs
        .iter()
        .flat_map(|r| {
            r.coverage.rules().map(|(rule, c)| RuleRow {
                kind: r.kind.clone(),
                rule: rule.id.to_string(),
                stage: rule.stage.as_str(),
                reached: c.reached,
                fired: c.fired,
                mismatches: c.mismatches,
            })
        })
        .collect();
    if !rules.is_empty() {
        let mut t = Table::new(rules);
        t.with(Style::sharp());
        out.push_str(&format!("{t}\n"));
    }
    out
}

fn select_pairs<'r>(
    registry: &'r Registry,
    wanted: &[String],
) -> Result<Vec<&'r dyn DynPair>, String> {
    if wanted.is_empty() {
        return Ok(registry.iter().collect());
    }
    let mut out: Vec<&dyn DynPair> = Vec::new();
    for w in wanted {
        let (version, kind) = match w.rsplit_once('/') {
            Some((v, k)) => (Some(v), k),
            None => (None, w.as_str()),
        };
        let pair = registry.find(kind, version).map_err(|e| e.to_string())?;
        if !out
            .iter()
            .any(|p| p.kind() == pair.kind() && p.api_version() == pair.api_version())
        {
            out.push(pair);
        }
    }
    Ok(out)
}

fn write_reports(dir: &Path, json: &Value, text: &str) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let pretty = serde_json::to_string_pretty(json).unwrap_or_else(|_| json.to_string());
    for (name, body) in [("run.json", pretty.as_str()), ("run.txt", text)] {
        let path = dir.join(name);
        std::fs::write(&path, format!("{body}\n"))
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

/// A checkpoint of `pipeline` (with the kind `in_progress`), its new
/// reproducers and problems shown above the bar.
pub(crate) fn checkpoint(
    pipeline: &mut Pipeline,
    reports: &Path,
    in_progress: Option<&KindRun>,
    bar: &crate::progress::Progress,
) {
    match pipeline.checkpoint(reports, in_progress) {
        Ok(c) => {
            for path in c.new.into_iter().filter_map(|n| n.reproducer) {
                bar.suspend(|| diagnostic(&format!("reproducer: {}", path.display())));
            }
            for e in c.failed {
                bar.suspend(|| diagnostic(&format!("cannot record: {e}")));
            }
            for w in c.warnings {
                bar.suspend(|| diagnostic(&w));
            }
        }
        Err(e) => bar.suspend(|| diagnostic(&e.to_string())),
    }
}

/// Where `run` reads the corpus and writes its reports.
#[derive(Debug, Clone)]
pub struct RunPaths {
    /// The corpus directory.
    pub corpus: PathBuf,
    /// The reports directory.
    pub reports: PathBuf,
}

/// Runs `run`.
pub fn run(args: &RunArgs, global: &mut Global, paths: &RunPaths) -> Exit {
    let start = Instant::now();
    let pairs = match select_pairs(&global.registry, &args.kinds) {
        Ok(p) => p,
        Err(e) => {
            diagnostic(&e);
            return Exit::Input;
        }
    };
    let corpus = Corpus::load(&paths.corpus);
    for e in &corpus.errors {
        diagnostic(&format!("corpus: {e}"));
    }
    let plan = CampaignConfig {
        shard: args.shard,
        ..CampaignConfig::new(args.cases, args.seed)
    };
    let total: u64 = pairs
        .iter()
        .map(|p| {
            planned_cases(
                &plan,
                p.api_version(),
                p.kind(),
                corpus.files(p.api_version(), p.kind()),
            )
        })
        .sum();
    // A bar on a terminal, occasional complete lines on a pipe.
    let bar = crate::progress::Progress::stderr(
        Some(total),
        "{prefix:>24} [{bar:30}] {pos}/{len} {per_sec} {msg}",
    );
    let deadline = args.time.map(|t| start + t);
    let mut exit = Exit::Ok;
    let mut pipeline = Pipeline::new("run", Some(args.seed), global.recorder.take()).with_uid(
        run_uid(args.run_id.as_deref(), "run", args.seed, args.shard),
    );
    let mut checkpoints = Checkpoints::new(args.checkpoint);
    for (i, pair) in pairs.iter().enumerate() {
        bar.set_prefix(pair.kind().to_string());
        // Share the remaining time equally among the kinds left.
        let kind_deadline = deadline.map(|d| {
            let now = Instant::now();
            let left = d.saturating_duration_since(now);
            now + left / u32::try_from(pairs.len() - i).unwrap_or(1)
        });
        let config = CampaignConfig {
            deadline: kind_deadline,
            minimize_budget: args.minimize_budget,
            shard: args.shard,
            ..CampaignConfig::new(args.cases, args.seed)
        };
        let files = corpus.files(pair.api_version(), pair.kind());
        let mut after_case = |so_far: &KindRun| {
            bar.inc(1);
            if checkpoints.due() {
                checkpoint(&mut pipeline, &paths.reports, Some(so_far), &bar);
                checkpoints.done();
            }
        };
        let run = match run_kind_observed(*pair, &global.settings, files, &config, &mut after_case)
        {
            Ok(r) => r,
            Err(e) => {
                bar.suspend(|| diagnostic(&e.to_string()));
                exit = exit.max(Exit::Input);
                continue;
            }
        };
        for e in &run.corpus_errors {
            bar.suspend(|| diagnostic(&format!("corpus: {e}")));
        }
        for f in &run.findings {
            bar.suspend(|| {
                diagnostic(&format!(
                    "{} {}: {} ({}), signature {}",
                    run.kind,
                    f.outcome.operation.as_str(),
                    f.verdict.as_str(),
                    f.source,
                    f.signature
                ))
            });
        }
        if run.mismatches > 0 || run.panics > 0 {
            exit = exit.max(Exit::Found);
        }
        for (_, recorded) in pipeline.add_run(run) {
            match recorded {
                Recorded::New(new) => {
                    if let Some(path) = new.reproducer {
                        bar.suspend(|| diagnostic(&format!("reproducer: {}", path.display())));
                    }
                }
                Recorded::Failed(e) => bar.suspend(|| diagnostic(&format!("cannot record: {e}"))),
                Recorded::Known | Recorded::NotRecorded => {}
            }
        }
        if checkpoints.due() {
            checkpoint(&mut pipeline, &paths.reports, None, &bar);
            checkpoints.done();
        }
    }
    bar.finish_and_clear();
    let runs = pipeline.runs();
    let elapsed = u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX);
    let doc = run_json(runs, args.seed, elapsed);
    let text = summary_text(runs);
    let mut report = doc.clone();
    if let Value::Object(m) = &mut report {
        let findings: Vec<Value> = runs
            .iter()
            .flat_map(|r| {
                r.findings.iter().map(|f| {
                    json!({"kind": r.kind, "signature": f.signature, "verdict": f.verdict,
                           "source": f.source, "case": f.case_json})
                })
            })
            .collect();
        m.insert("findings".into(), Value::Array(findings));
        m.insert("shard".into(), Value::String(args.shard.to_string()));
    }
    if let Err(e) = write_reports(&paths.reports, &report, &text) {
        diagnostic(&format!("cannot write reports: {e}"));
        exit = exit.max(Exit::Input);
    }
    // Merge this run into the per-rule evidence and re-render the reports.
    match pipeline.finish(&global.registry, &paths.reports) {
        Ok(notes) => notes.iter().for_each(|n| diagnostic(n)),
        Err(e) => {
            diagnostic(&format!("cannot record evidence: {e}"));
            exit = exit.max(Exit::Input);
        }
    }
    global.recorder = pipeline.into_parts().recorder;
    if global.json {
        println!("{doc}");
    } else {
        print!("{text}");
    }
    exit
}
