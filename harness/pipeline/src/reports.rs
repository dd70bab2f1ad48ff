//! The last step of the pipeline: a run's evidence merged into
//! `<reports>/evidence.json`, every rule judged by the promotion policy, and
//! the reports rendered (`report.json`, `report.md`, `report.html`). `run`,
//! `fuzz`, `report` and `promote` share these functions.

use dv_harness_engine::pair::Registry;
use dv_harness_evidence::evidence::{Evidence, RunObservation, record_run, rfc3339};
use dv_harness_evidence::promote::{CurrentVersion, KindRules, Policy, RuleVerdict, judge};
use dv_harness_evidence::report::{Report, read_mismatch_log, write_all};
use std::path::Path;
use std::time::SystemTime;

/// The rule inventories of the registered API kinds (tag fixtures excluded).
///
/// ```
/// let registry = dv_harness_engine::pair::Registry::new();
/// let kinds = dv_harness_pipeline::reports::kind_rules(&registry);
/// assert!(kinds.is_empty());
/// ```
pub fn kind_rules(registry: &Registry) -> Vec<KindRules<'_>> {
    registry
        .iter()
        .filter(|p| !p.is_fixture())
        .map(|p| KindRules {
            kind: p.kind(),
            api_version: p.api_version(),
            rules: p.rules(),
        })
        .collect()
}

/// Loads the policy and the evidence of `reports` and judges every rule.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let v = dv_harness_pipeline::reports::verdicts(&dv_harness_engine::pair::Registry::new(), dir.path(),
///     None, "1.37".parse().unwrap()).unwrap();
/// assert!(v.1.is_empty());
/// ```
pub fn verdicts(
    registry: &Registry,
    reports: &Path,
    policy: Option<&Path>,
    current: CurrentVersion,
) -> Result<(Evidence, Vec<RuleVerdict>), String> {
    let (policy, _) = Policy::discover(policy, Path::new(".")).map_err(|e| e.to_string())?;
    let evidence = Evidence::read(reports).map_err(|e| e.to_string())?;
    let verdicts = judge(&policy, &evidence, &kind_rules(registry), current);
    Ok((evidence, verdicts))
}

/// Builds the report of `reports` and writes its files; returns the
/// report and the diagnostics worth showing (unreadable log lines).
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let (report, notes) = dv_harness_pipeline::reports::render_dir(&dv_harness_engine::pair::Registry::new(),
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
    let corpus = dv_harness_generate::corpus::Corpus::load(Path::new("corpus"));
    let (_, export_notes) = crate::export::write_mismatch_exports(
        registry,
        &dv_harness_engine::engine::EngineSettings::default(),
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
/// use dv_harness_evidence::evidence::RunObservation;
/// let dir = tempfile::tempdir().unwrap();
/// let notes = dv_harness_pipeline::reports::after_run(&dv_harness_engine::pair::Registry::new(), dir.path(),
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
