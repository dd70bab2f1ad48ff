//! `dv-harness report`: renders the reports directory from recorded
//! results (evidence, promotion verdicts, mismatch log): tables on stdout
//! (or the report JSON with `--json`) and `report.json`, `report.md`,
//! `report.html` in the reports directory. Also [`after_run`], which `run`
//! and `fuzz` call to record their evidence and refresh the reports.

use super::promote::verdicts;
use super::{Exit, Global, diagnostic};
use crate::evidence::{RunObservation, record_run, rfc3339};
use crate::pair::Registry;
use crate::promote::CurrentVersion;
use crate::report::{Report, read_mismatch_log, table, write_all};
use clap::Args;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Arguments of `report`.
#[derive(Debug, Args)]
pub struct ReportArgs {
    /// The Kubernetes release promotion is judged at.
    #[arg(long, default_value = "1.37", value_parser = parse_version, value_name = "MAJOR.MINOR")]
    pub current_version: CurrentVersion,
    /// The promotion policy (default `./promotion.toml` if present, else the built-in defaults).
    #[arg(long, value_name = "FILE")]
    pub policy: Option<PathBuf>,
}

fn parse_version(s: &str) -> Result<CurrentVersion, String> {
    s.parse()
        .map_err(|e: crate::promote::VersionError| e.to_string())
}

/// Builds the report of `reports` and writes its files; returns the
/// report and the diagnostics worth showing (unreadable log lines).
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let (report, notes) = dv_harness::cli::report::render_dir(&dv_harness::pair::Registry::new(),
///     dir.path(), None, "1.37".parse().unwrap()).unwrap();
/// assert!(report.rules.is_empty() && notes.is_empty());
/// assert!(dir.path().join("report.md").exists());
/// ```
pub fn render_dir(
    registry: &Registry,
    reports: &Path,
    policy: Option<&Path>,
    current: CurrentVersion,
) -> Result<(Report, Vec<String>), String> {
    let (evidence, verdicts) = verdicts(registry, reports, policy, current)?;
    let (mismatches, bad) =
        read_mismatch_log(reports).map_err(|e| format!("{}: {e}", reports.display()))?;
    let mut notes: Vec<String> = bad
        .iter()
        .map(|n| {
            format!(
                "{}: line {n} is not a mismatch record (skipped)",
                reports.join("mismatches.jsonl").display()
            )
        })
        .collect();
    // Each mismatch as a Kubernetes test entry (`exports/<signature>.go`,
    // linked from report.html); base objects from ./corpus when present.
    let corpus = crate::generate::corpus::Corpus::load(Path::new("corpus"));
    let (_, export_notes) = crate::export::write_mismatch_exports(
        registry,
        &crate::engine::EngineSettings::default(),
        &corpus,
        reports,
    )
    .map_err(|e| e.to_string())?;
    notes.extend(export_notes);
    let report = Report::build(
        &evidence,
        verdicts,
        mismatches,
        &rfc3339(SystemTime::now()),
        &current.to_string(),
    );
    write_all(reports, &report).map_err(|e| e.to_string())?;
    Ok((report, notes))
}

/// What `run` and `fuzz` call at the end: merge the run's evidence into
/// `<reports>/evidence.json`, then re-render the reports (default policy
/// discovery, current version 1.37). Returns the lines to show on stderr;
/// `Err` when evidence or reports could not be written.
///
/// ```
/// use dv_harness::evidence::RunObservation;
/// let dir = tempfile::tempdir().unwrap();
/// let notes = dv_harness::cli::report::after_run(&dv_harness::pair::Registry::new(), dir.path(),
///     &RunObservation::new("run")).unwrap();
/// assert!(notes.iter().any(|n| n.contains("evidence.json")));
/// assert!(dir.path().join("report.html").exists());
/// ```
pub fn after_run(
    registry: &Registry,
    reports: &Path,
    run: &RunObservation,
) -> Result<Vec<String>, String> {
    let recorded = record_run(reports, run).map_err(|e| e.to_string())?;
    let mut notes = recorded.warnings;
    notes.push(format!(
        "evidence of run {} merged into {}",
        recorded.run_id,
        recorded.path.display()
    ));
    let current = CurrentVersion {
        major: 1,
        minor: 37,
    };
    let (_, more) = render_dir(registry, reports, None, current)?;
    notes.extend(more);
    notes.push(format!(
        "reports written to {}",
        reports.join("report.{json,md,html}").display()
    ));
    Ok(notes)
}

/// Runs `report`.
///
/// ```
/// use dv_harness::cli::{Exit, Global, report::{ReportArgs, run}};
/// let dir = tempfile::tempdir().unwrap();
/// let global = Global { registry: dv_harness::pair::Registry::new(),
///     settings: Default::default(), json: true, recorder: None };
/// let args = ReportArgs { current_version: "1.37".parse().unwrap(), policy: None };
/// assert_eq!(run(&args, &global, dir.path()), Exit::Ok);
/// ```
pub fn run(args: &ReportArgs, global: &Global, reports: &Path) -> Exit {
    match render_dir(
        &global.registry,
        reports,
        args.policy.as_deref(),
        args.current_version,
    ) {
        Ok((report, notes)) => {
            for n in &notes {
                diagnostic(n);
            }
            if global.json {
                match serde_json::to_string(&report) {
                    Ok(text) => println!("{text}"),
                    Err(e) => {
                        diagnostic(&e.to_string());
                        return Exit::Input;
                    }
                }
            } else {
                print!("{}", table::render(&report));
            }
            Exit::Ok
        }
        Err(e) => {
            diagnostic(&e);
            Exit::Input
        }
    }
}
