//! `dv-harness evidence merge OUT IN...`: merges the evidence files of
//! several machines or shards ([`dv_harness_evidence::evidence_merge`]) into `OUT`;
//! `promote` and `report` then read it from its reports directory
//! (`--reports-dir DIR` with `OUT = DIR/evidence.json`).

use super::{Exit, Global, diagnostic};
use clap::{Args, Subcommand};
use dv_harness_evidence::evidence_merge::merge_files;
use serde_json::json;
use std::path::PathBuf;

/// Arguments of `evidence`.
#[derive(Debug, Args)]
pub struct EvidenceArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: EvidenceCommand,
}

/// The `evidence` subcommands.
#[derive(Debug, Subcommand)]
pub enum EvidenceCommand {
    /// Merge evidence files into OUT (commutative; a run in several inputs counts once).
    Merge {
        /// The merged file to write (e.g. `reports/evidence.json`; it may also be an input).
        out: PathBuf,
        /// The evidence files to merge.
        #[arg(required = true)]
        inputs: Vec<PathBuf>,
    },
}

/// Runs `evidence`.
///
/// ```
/// use clap::Parser;
/// let dir = tempfile::tempdir().unwrap();
/// let a = dir.path().join("a.json");
/// dv_harness_evidence::evidence_merge::write_file(&a, &Default::default()).unwrap();
/// let out = dir.path().join("merged/evidence.json");
/// let cli = dv_harness_cli::Cli::parse_from(["dv-harness", "evidence", "merge",
///     out.to_str().unwrap(), a.to_str().unwrap(), a.to_str().unwrap()]);
/// assert_eq!(dv_harness_cli::run(cli), dv_harness_cli::Exit::Ok);
/// assert!(out.exists());
/// ```
pub fn run(args: &EvidenceArgs, global: &Global) -> Exit {
    match &args.command {
        EvidenceCommand::Merge { out, inputs } => match merge_files(out, inputs) {
            Ok(s) => {
                if global.json {
                    println!(
                        "{}",
                        json!({"out": out.display().to_string(), "runsIn": s.runs_in,
                               "runsOut": s.runs_out, "rules": s.rules, "kinds": s.kinds})
                    );
                } else {
                    println!(
                        "merged {} files ({} runs, {} distinct) into {}: {} rules of {} kinds",
                        inputs.len(),
                        s.runs_in,
                        s.runs_out,
                        out.display(),
                        s.rules,
                        s.kinds.len()
                    );
                }
                Exit::Ok
            }
            Err(e) => {
                diagnostic(&e.to_string());
                Exit::Input
            }
        },
    }
}
