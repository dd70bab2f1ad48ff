//! `dv-harness check FILE|DIR...`: run case files; with `expected`, also
//! check both sides against it.

use super::{Exit, Global, diagnostic, render};
use crate::case::{CaseError, CaseHeader, collect_case_files, read_case_text};
use crate::compare::Verdict;
use crate::pair::Checked;
use clap::Args;
use serde_json::{Value, json};
use std::path::PathBuf;

/// Arguments of `check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Case files, or directories searched recursively for `*.json`.
    #[arg(required = true, value_name = "FILE|DIR")]
    pub paths: Vec<PathBuf>,
}

/// The counts of a `check` run.
///
/// ```
/// let s = dv_harness::cli::check::Summary::default();
/// assert_eq!(serde_json::to_value(&s).unwrap()["cases"], 0);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    /// Cases run.
    pub cases: usize,
    /// Cases with verdict `equal`.
    pub equal: usize,
    /// Cases with verdict `declarativeStricter`, `declarativeLooser` or `mixed`.
    pub mismatches: usize,
    /// Cases with verdict `panic`.
    pub panics: usize,
    /// Cases whose `expected` failed on either side.
    pub expected_failures: usize,
}

impl Summary {
    /// Counts one checked case.
    ///
    /// ```
    /// // See `dv-harness check`.
    /// ```
    pub fn add(&mut self, checked: &Checked) {
        self.cases += 1;
        match checked.outcome.comparison.verdict {
            Verdict::Equal => self.equal += 1,
            Verdict::Panic => self.panics += 1,
            _ => self.mismatches += 1,
        }
        if checked.outcome.expected.as_ref().is_some_and(|e| !e.pass()) {
            self.expected_failures += 1;
        }
    }
}

fn check_file(path: &std::path::Path, global: &Global) -> Result<Checked, CaseError> {
    let file = path.display().to_string();
    let text = read_case_text(path)?;
    let header = CaseHeader::peek(&text).map_err(|p| CaseError::new(&file, p))?;
    let pair = global
        .registry
        .for_header(&header)
        .map_err(|p| CaseError::new(&file, p))?;
    pair.check_text(&file, &text, &global.settings)
}

/// Runs `check` and returns its exit status: 2 when nothing could be
/// checked, else 1 when any input was bad or any case differs, panics or
/// fails its expectation, else 0.
///
/// ```
/// // Exercised end to end in harness/tests/cli.rs.
/// ```
pub fn run(args: &CheckArgs, global: &mut Global) -> Exit {
    let (files, mut errors) = collect_case_files(&args.paths);
    let mut checked: Vec<(String, Checked)> = Vec::new();
    for path in &files {
        match check_file(path, global) {
            Ok(c) => checked.push((path.display().to_string(), c)),
            Err(e) => errors.push(e),
        }
    }
    for e in &errors {
        diagnostic(&e.to_string());
    }
    let mut summary = Summary::default();
    let mut record_failed = false;
    for (file, c) in &checked {
        summary.add(c);
        if let Some(rec) = global.recorder.as_mut() {
            match rec.observe(&c.outcome, &c.case_json) {
                Ok(Some(new)) => {
                    if let Some(path) = new.reproducer {
                        diagnostic(&format!(
                            "{file}: new mismatch {}, reproducer {}",
                            new.signature,
                            path.display()
                        ));
                    }
                }
                Ok(None) => {}
                Err(e) => {
                    diagnostic(&format!("cannot record: {e}"));
                    record_failed = true;
                }
            }
        }
    }
    if global.json {
        let cases: Vec<Value> = checked
            .iter()
            .map(|(file, c)| {
                let mut v = serde_json::to_value(&c.outcome).unwrap_or(Value::Null);
                if let Value::Object(m) = &mut v {
                    m.insert("file".into(), Value::from(file.as_str()));
                }
                v
            })
            .collect();
        let errs: Vec<Value> = errors
            .iter()
            .map(|e| json!({"file": e.file, "message": e.problem.to_string()}))
            .collect();
        println!(
            "{}",
            json!({"cases": cases, "errors": errs, "summary": summary})
        );
    } else {
        let colour = render::use_colour();
        for (file, c) in &checked {
            if !c.outcome.is_clean() {
                print!("{}", render::outcome_report(file, &c.outcome, colour));
            } else {
                println!(
                    "{file}: {}/{} {}: equal",
                    c.outcome.api_version,
                    c.outcome.kind,
                    c.outcome.operation.as_str()
                );
            }
        }
        println!(
            "{} cases: {} equal, {} mismatches, {} panics, {} expectation failures; {} bad inputs",
            summary.cases,
            summary.equal,
            summary.mismatches,
            summary.panics,
            summary.expected_failures,
            errors.len()
        );
    }
    if checked.is_empty() {
        if errors.is_empty() {
            diagnostic("no cases to check");
        }
        return Exit::Input;
    }
    let mut exit = Exit::Ok;
    if !errors.is_empty()
        || summary.mismatches > 0
        || summary.panics > 0
        || summary.expected_failures > 0
    {
        exit = Exit::Found;
    }
    if record_failed {
        exit = Exit::Input;
    }
    exit
}
