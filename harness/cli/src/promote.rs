//! `dv-harness promote [--check] [--current-version 1.37] [--policy FILE]`:
//! per rule of every registered API kind (tag fixtures excluded), the stage
//! its tag declares, the stage its recorded evidence supports, the evidence
//! and what blocks the next stage; the rules ready to promote with the exact
//! tag edit. `--check` is the CI gate: exit 1 if any rule is staged beyond
//! its evidence (named on stderr). `--json` prints DESIGN's `promote --json`.

use super::{Exit, Global, diagnostic};
use clap::Args;
use dv_harness_evidence::evidence::Evidence;
use dv_harness_evidence::promote::{CurrentVersion, RuleVerdict, promote_json};
use dv_harness_evidence::report::table;
pub use dv_harness_pipeline::reports::{kind_rules, verdicts};
use std::path::{Path, PathBuf};

/// Arguments of `promote`.
#[derive(Debug, Args)]
pub struct PromoteArgs {
    /// Exit 1 when any rule's tag declares a stage beyond its evidence (the CI gate).
    #[arg(long)]
    pub check: bool,
    /// The Kubernetes release being prepared: soaks are measured up to it and edits use it as `since`.
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

/// Runs `promote`.
///
/// ```
/// use dv_harness_cli::{Exit, Global, promote::{PromoteArgs, run}};
/// let dir = tempfile::tempdir().unwrap();
/// let global = Global { registry: dv_harness_engine::pair::Registry::new(),
///     settings: Default::default(), json: true, recorder: None };
/// let args = PromoteArgs { check: true, current_version: "1.37".parse().unwrap(), policy: None };
/// assert_eq!(run(&args, &global, dir.path()), Exit::Ok);
/// ```
pub fn run(args: &PromoteArgs, global: &Global, reports: &Path) -> Exit {
    let (evidence, verdicts) = match verdicts(
        &global.registry,
        reports,
        args.policy.as_deref(),
        args.current_version,
    ) {
        Ok(v) => v,
        Err(e) => {
            diagnostic(&e);
            return Exit::Input;
        }
    };
    if global.json {
        println!("{}", promote_json(&verdicts));
    } else {
        if evidence.runs.is_empty() {
            diagnostic(&format!(
                "no evidence recorded in {}: every rule beyond alpha is unsupported",
                Evidence::file(reports).display()
            ));
        }
        print!("{}", table::rules(&verdicts));
        print!(
            "{}",
            table::gate(&verdicts, &args.current_version.to_string())
        );
    }
    let violations: Vec<&RuleVerdict> = verdicts.iter().filter(|v| v.is_violation()).collect();
    if args.check && !violations.is_empty() {
        for v in &violations {
            diagnostic(&format!(
                "{} is tagged {} but its evidence supports {}: {}",
                v.id,
                v.stage.as_str(),
                v.eligible.as_str(),
                v.blockers_text()
            ));
        }
        diagnostic(&format!(
            "promotion gate failed: {} rule(s) staged beyond their evidence",
            violations.len()
        ));
        return Exit::Found;
    }
    Exit::Ok
}
