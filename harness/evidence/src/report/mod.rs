//! Reports rendered from recorded results: the evidence file
//! (`reports/evidence.json`), the promotion verdicts and the mismatch log
//! (`reports/mismatches.jsonl`), as terminal tables ([`table`]),
//! `reports/report.json`, `reports/report.md` ([`markdown`]) and a
//! self-contained `reports/report.html` with inline SVG charts ([`html`],
//! [`svg`]) that opens without network access.
//!
//! `dv-harness report` renders them; `run` and `fuzz` call [`write_all`]
//! after recording their evidence.
//!
//! ```
//! use dv_harness_evidence::report::{Report, write_all};
//! use dv_harness_evidence::evidence::Evidence;
//! let dir = tempfile::tempdir().unwrap();
//! let report = Report::build(&Evidence::default(), Vec::new(), Vec::new(), "2026-01-01T00:00:00Z", "1.37");
//! let written = write_all(dir.path(), &report).unwrap();
//! assert_eq!(written.len(), 3);
//! assert!(dir.path().join("report.html").exists());
//! ```

pub mod html;
pub mod latency;
pub mod markdown;
pub mod mismatches;
pub mod row;
pub mod svg;
pub mod table;

use crate::evidence::{Evidence, KindEvidence, RunRecord};
use crate::promote::RuleVerdict;
use dv_harness_engine::record::write_atomically;
pub use mismatches::{MismatchEntry, read_mismatch_log};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// Everything a report shows.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Report {
    /// When it was rendered (RFC 3339).
    pub generated_at: String,
    /// The Kubernetes version promotion was judged at.
    pub current_version: String,
    /// The recorded runs, oldest first.
    pub runs: Vec<RunRecord>,
    /// Per kind (sorted by apiVersion/kind).
    pub kinds: Vec<KindEvidence>,
    /// Per rule: stage, eligible stage, evidence, blockers, edit.
    pub rules: Vec<RuleVerdict>,
    /// The distinct mismatches logged.
    pub mismatches: Vec<MismatchEntry>,
    /// Rules staged beyond their evidence.
    pub violations: usize,
    /// Rules whose evidence supports a higher stage.
    pub ready: usize,
}

impl Report {
    /// Assembles a report.
    ///
    /// ```
    /// use dv_harness_evidence::report::Report;
    /// let r = Report::build(&dv_harness_evidence::evidence::Evidence::default(), vec![], vec![], "t", "1.37");
    /// assert_eq!((r.violations, r.ready), (0, 0));
    /// ```
    pub fn build(
        evidence: &Evidence,
        rules: Vec<RuleVerdict>,
        mismatches: Vec<MismatchEntry>,
        generated_at: &str,
        current_version: &str,
    ) -> Report {
        Report {
            generated_at: generated_at.to_string(),
            current_version: current_version.to_string(),
            runs: evidence.runs.clone(),
            kinds: evidence.kinds.values().cloned().collect(),
            violations: rules.iter().filter(|r| r.is_violation()).count(),
            ready: rules.iter().filter(|r| r.is_ready()).count(),
            rules,
            mismatches,
        }
    }

    /// The kinds shown: every kind with evidence, plus the kinds of the
    /// judged rules (so a kind never run still appears), sorted.
    ///
    /// ```
    /// let r = dv_harness_evidence::report::Report::build(&Default::default(), vec![], vec![], "t", "1.37");
    /// assert!(r.kind_names().is_empty());
    /// ```
    pub fn kind_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self
            .kinds
            .iter()
            .map(|k| k.kind.clone())
            .chain(self.rules.iter().map(|r| r.kind.clone()))
            .chain(self.mismatches.iter().map(|m| m.kind.clone()))
            .collect();
        names.sort();
        names.dedup();
        names
    }
}

/// Why report files could not be written.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {message}")]
pub struct ReportError {
    /// The file.
    pub path: String,
    /// What went wrong.
    pub message: String,
}

/// Writes `report.json`, `report.md` and `report.html` into `dir`
/// (atomically each) and returns their paths.
pub fn write_all(dir: &Path, report: &Report) -> Result<Vec<PathBuf>, ReportError> {
    let json = serde_json::to_string_pretty(report).map_err(|e| ReportError {
        path: dir.join("report.json").display().to_string(),
        message: e.to_string(),
    })?;
    let files = [
        ("report.json", format!("{json}\n")),
        ("report.md", markdown::render(report)),
        ("report.html", html::render(report)),
    ];
    let mut written = Vec::new();
    for (name, body) in files {
        let path = dir.join(name);
        write_atomically(&path, &body).map_err(|e| ReportError {
            path: e.path,
            message: e.source.to_string(),
        })?;
        written.push(path);
    }
    Ok(written)
}

/// Formats a ratio for display (`0.84`, or `-` when unknown).
///
/// ```
/// assert_eq!(dv_harness_evidence::report::ratio(Some(0.8449)), "0.84");
/// assert_eq!(dv_harness_evidence::report::ratio(None), "-");
/// ```
pub fn ratio(r: Option<f64>) -> String {
    r.map_or_else(|| "-".to_string(), |x| format!("{x:.2}"))
}
