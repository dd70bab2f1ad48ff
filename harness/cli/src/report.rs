//! `dv-harness report`: renders the reports directory from recorded
//! results (evidence, promotion verdicts, mismatch log): tables on stdout
//! (or the report JSON with `--json`) and `report.json`, `report.md`,
//! `report.html` in the reports directory. Also [`after_run`], which `run`
//! and `fuzz` call to record their evidence and refresh the reports.

use super::{Exit, Global, diagnostic};
use clap::Args;
use dv_harness_evidence::promote::CurrentVersion;
use dv_harness_evidence::report::table;
pub use dv_harness_pipeline::reports::{after_run, render_dir};
use std::path::{Path, PathBuf};

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
        .map_err(|e: dv_harness_evidence::promote::VersionError| e.to_string())
}

/// Runs `report`.
///
/// ```
/// use dv_harness_cli::{Exit, Global, report::{ReportArgs, run}};
/// let dir = tempfile::tempdir().unwrap();
/// let global = Global { registry: dv_harness_engine::pair::Registry::new(),
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
