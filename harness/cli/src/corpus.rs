//! `dv-harness corpus ...`: the fuzz corpus and artifacts.
//!
//! - `import-artifacts [--dir fuzz/artifacts]`: every artifact becomes a
//!   minimised regression case under `corpus/` (never overwriting);
//! - `seed-fuzz [--out fuzz/corpus]`: seeds every fuzz target from `corpus/`
//!   (the JSON targets with the kind's seed objects, the structured targets
//!   with a few fixed inputs), keeping only inputs that are clean;
//! - `show-artifact TARGET FILE`: `check --from-fuzz-artifact TARGET FILE`
//!   ([`super::check::check_artifact`]): prints an artifact as case files
//!   and checks them.

use super::check::{CheckReport, check_artifact, print_report};
use super::{Exit, Global, diagnostic};
use clap::{Args, Subcommand};
use dv_harness_generate::corpus::Corpus;
use dv_harness_oracles::fuzz::artifact::{Replay, import_artifacts};
use dv_harness_oracles::fuzz::oracle::{Mode, Oracle, Verdicts, targets};
use proptest::prelude::Rng;
use proptest::test_runner::{RngAlgorithm, TestRng};
use serde_json::json;
use std::path::{Path, PathBuf};

/// Arguments of `corpus`.
#[derive(Debug, Args)]
pub struct CorpusArgs {
    /// What to do.
    #[command(subcommand)]
    pub command: CorpusCommand,
}

/// The `corpus` subcommands.
#[derive(Debug, Subcommand)]
pub enum CorpusCommand {
    /// Turn fuzz artifacts into minimised regression case files.
    ImportArtifacts {
        /// The artifacts directory (`<dir>/<target>/<file>`).
        #[arg(long, default_value = "fuzz/artifacts")]
        dir: PathBuf,
    },
    /// Seed `fuzz/corpus/<target>/` from the case corpus.
    SeedFuzz {
        /// The fuzz corpus directory.
        #[arg(long, default_value = "fuzz/corpus")]
        out: PathBuf,
        /// Seed objects per JSON target.
        #[arg(long, default_value_t = 6)]
        per_json: usize,
        /// Inputs per structured target.
        #[arg(long, default_value_t = 4)]
        per_structured: usize,
    },
    /// Print a fuzz artifact as case files and check it (same as `check --from-fuzz-artifact`).
    ShowArtifact {
        /// The target (e.g. `replication_controller_structured`).
        target: String,
        /// The artifact.
        file: PathBuf,
    },
}

/// Runs `corpus`.
///
/// ```
/// use clap::Parser;
/// let dir = tempfile::tempdir().unwrap();
/// let d = dir.path().display().to_string();
/// let cli = dv_harness_cli::Cli::parse_from(["dv-harness", "--corpus-dir", &d, "corpus",
///     "import-artifacts", "--dir", &d]);
/// assert_eq!(dv_harness_cli::run(cli), dv_harness_cli::Exit::Ok);
/// ```
pub fn run(args: &CorpusArgs, global: &Global, corpus_dir: &Path) -> Exit {
    match &args.command {
        CorpusCommand::ImportArtifacts { dir } => import(dir, global, corpus_dir),
        CorpusCommand::SeedFuzz {
            out,
            per_json,
            per_structured,
        } => seed(out, *per_json, *per_structured, global, corpus_dir),
        CorpusCommand::ShowArtifact { target, file } => show(target, file, global),
    }
}

fn import(dir: &Path, global: &Global, corpus_dir: &Path) -> Exit {
    let corpus = Corpus::load(corpus_dir);
    let done = match import_artifacts(&global.registry, &global.settings, &corpus, dir, corpus_dir)
    {
        Ok(d) => d,
        Err(e) => {
            diagnostic(&e.to_string());
            return Exit::Input;
        }
    };
    let mut written = 0;
    for i in &done {
        let what = match (&i.replay, &i.written, &i.existing) {
            (Replay::Found { .. }, Some(p), _) => {
                written += 1;
                format!("regression written: {}", p.display())
            }
            (Replay::Found { .. }, None, Some(p)) => {
                format!("regression already exists: {}", p.display())
            }
            (Replay::Found { signature }, None, None) => format!("finding {signature}"),
            (Replay::Clean, _, _) => "clean now (fixed or exempted)".to_string(),
            (Replay::Rejected, _, _) => "no case of the target's kind".to_string(),
        };
        if global.json {
            println!(
                "{}",
                json!({"artifact": i.artifact.display().to_string(), "target": i.target,
                       "result": what})
            );
        } else {
            println!("{} ({}): {what}", i.artifact.display(), i.target);
        }
    }
    if !global.json {
        println!(
            "{} artifacts, {written} regression files written",
            done.len()
        );
    }
    Exit::Ok
}

/// FNV-1a of the bytes, hex: the seed file name.
fn content_name(data: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in data {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("seed-{h:016x}")
}

fn seed(
    out: &Path,
    per_json: usize,
    per_structured: usize,
    global: &Global,
    corpus_dir: &Path,
) -> Exit {
    let corpus = Corpus::load(corpus_dir);
    let mut exit = Exit::Ok;
    for (target, kind, mode) in targets() {
        let oracle = match global
            .registry
            .find(kind, None)
            .map_err(|e| e.to_string())
            .and_then(|p| {
                Oracle::new(p, global.settings.clone(), &corpus).map_err(|e| e.to_string())
            }) {
            Ok(o) => o,
            Err(e) => {
                diagnostic(&e);
                return Exit::Input;
            }
        };
        let inputs: Vec<Vec<u8>> = match mode {
            Mode::Json => oracle
                .generator()
                .seeds()
                .iter()
                .take(per_json)
                .map(|s| s.to_string().into_bytes())
                .collect(),
            Mode::Structured => {
                let mut key = [0u8; 32];
                for (i, b) in target.bytes().enumerate().take(32) {
                    key[i] = b;
                }
                let mut rng = TestRng::from_seed(RngAlgorithm::ChaCha, &key);
                (0..per_structured)
                    .map(|i| {
                        let mut buf = vec![0u8; 24 + 40 * i];
                        rng.fill_bytes(&mut buf);
                        buf
                    })
                    .collect()
            }
        };
        let dir = out.join(&target);
        if let Err(e) = std::fs::create_dir_all(&dir) {
            diagnostic(&format!("{}: {e}", dir.display()));
            return Exit::Input;
        }
        let mut kept = 0;
        for data in inputs {
            match oracle.run(mode, &data) {
                Verdicts::Clean => {}
                Verdicts::Reject => continue,
                Verdicts::Found(f) => {
                    diagnostic(&format!(
                        "{target}: seed input shows {} {} (signature {}); not used as a seed",
                        f.outcome.validation_identifier,
                        f.verdict().as_str(),
                        f.signature()
                    ));
                    exit = Exit::Found;
                    continue;
                }
            }
            let path = dir.join(content_name(&data));
            if !path.exists()
                && let Err(e) = std::fs::write(&path, &data)
            {
                diagnostic(&format!("{}: {e}", path.display()));
                return Exit::Input;
            }
            kept += 1;
        }
        if !global.json {
            println!("{target}: {kept} seeds in {}", dir.display());
        }
    }
    exit
}

/// `show-artifact` is `check --from-fuzz-artifact TARGET FILE`.
fn show(target: &str, file: &Path, global: &Global) -> Exit {
    let mut report = CheckReport::default();
    let corpus = Corpus::load(&dv_harness_oracles::fuzz::oracle::corpus_dir());
    check_artifact(
        &mut report,
        target,
        file,
        &global.registry,
        &global.settings,
        &corpus,
    );
    print_report(&report, global.json);
    report.exit()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_names_differ() {
        assert_ne!(content_name(b"a"), content_name(b"b"));
        assert_eq!(content_name(b"a"), content_name(b"a"));
    }
}
