//! `dv-harness export --format k8s-go-test CASE...`: prints each case file
//! (or recorded mismatch, named by its signature or a unique prefix of it)
//! as an entry of the kind's Kubernetes `declarative_validation_test.go`
//! table ([`dv_harness_pipeline::export`]).

use super::{Exit, Global, diagnostic};
use clap::{Args, ValueEnum};
use dv_harness_generate::corpus::Corpus;
use dv_harness_pipeline::export::{export, resolve};
use serde_json::json;
use std::path::Path;

/// Output formats of `export`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// A table entry of Kubernetes' declarative-validation tests (Go).
    K8sGoTest,
}

/// Arguments of `export`.
#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The output format.
    #[arg(long, value_enum, default_value = "k8s-go-test")]
    pub format: ExportFormat,
    /// Case files, or signatures (prefixes) of mismatches in `<reports-dir>/mismatches.jsonl`.
    #[arg(required = true, value_name = "CASE")]
    pub inputs: Vec<String>,
}

/// Runs `export`: every entry on stdout (a JSON array of `{input, entry}`
/// with `--json`); an input that cannot be exported is named on stderr and
/// makes the exit status 2.
///
/// ```
/// use clap::Parser;
/// let case = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
///     .join("../../corpus/storage.k8s.io/v1/StorageClass");
/// let file = std::fs::read_dir(case.join("seed")).unwrap().next().unwrap().unwrap().path();
/// let cli = dv_harness_cli::Cli::parse_from(["dv-harness", "--json", "export",
///     "--format", "k8s-go-test", file.to_str().unwrap()]);
/// assert_eq!(dv_harness_cli::run(cli), dv_harness_cli::Exit::Ok);
/// ```
pub fn run(args: &ExportArgs, global: &Global, corpus_dir: &Path, reports: &Path) -> Exit {
    let ExportFormat::K8sGoTest = args.format;
    let corpus = Corpus::load(corpus_dir);
    let mut exit = Exit::Ok;
    let mut entries = Vec::new();
    for arg in &args.inputs {
        let result = resolve(arg, reports)
            .and_then(|input| export(&input, &global.registry, &global.settings, &corpus));
        match result {
            Ok(text) => entries.push((arg.clone(), text)),
            Err(e) => {
                diagnostic(&e.to_string());
                exit = Exit::Input;
            }
        }
    }
    if global.json {
        let doc: Vec<_> = entries
            .iter()
            .map(|(input, entry)| json!({"input": input, "entry": entry}))
            .collect();
        println!("{}", serde_json::Value::Array(doc));
    } else {
        let texts: Vec<&str> = entries.iter().map(|(_, t)| t.as_str()).collect();
        print!("{}", texts.join("\n"));
    }
    exit
}
