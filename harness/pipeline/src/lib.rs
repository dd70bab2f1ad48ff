//! # dv-harness-pipeline
//!
//! The one pipeline of DESIGN.md section 3 after [`Engine::check`]: whatever
//! generator produced a case (corpus file, proptest plan, boundary edit,
//! fuzz input), its outcome goes through a [`Pipeline`], which
//!
//! - counts it per kind, with latencies and rule coverage
//!   ([`dv_harness_generate::campaign::KindRun`]);
//! - records each non-equal outcome in the mismatch log, with a reproducer
//!   for a new signature ([`dv_harness_engine::record::Recorder`]);
//! - during a long campaign, checkpoints the evidence so far and the
//!   metrics at least every interval ([`Pipeline::checkpoint`],
//!   [`checkpoint`]), so that a killed campaign loses at most that;
//! - at the end, merges the run's per-rule evidence (under the run's uid,
//!   [`Pipeline::with_uid`], so shards and machines merge run by run, and
//!   the final recording replaces the run's last checkpoint) into
//!   `<reports>/evidence.json` and re-renders the reports
//!   ([`Pipeline::finish`], [`reports::after_run`]).
//!
//! `dv-harness run`, `check` and `fuzz` all go through it, so a fuzz
//! campaign's evidence reaches `promote` as a `run`'s does.
//!
//! [`export`] turns a case file or a recorded mismatch into an entry of the
//! kind's Kubernetes declarative-validation test table; the reports
//! ([`reports::render_dir`]) write one per logged mismatch.
//!
//! [`Engine::check`]: dv_harness_engine::engine::Engine::check
//!
//! ```
//! use dv_harness_pipeline::Pipeline;
//! use dv_harness_generate::campaign::Source;
//! use dv_harness_engine::{case::Case, pair::{DynPair, FnPair}, engine::EngineSettings};
//! #[derive(Clone, Default, serde::Serialize, serde::Deserialize, PartialEq, apimachinery::Validate)]
//! struct T {
//!     n: i32,
//! }
//! let pair = FnPair::<T>::new("v1", "T", |_, _, _| Default::default(), |_, _, _| {}, &[]);
//! let mut pipeline = Pipeline::new("run", Some(1), None);
//! let case = Case::create(serde_json::json!({"n": 1}));
//! let checked = pair.check_json(&case, &EngineSettings::default()).unwrap();
//! pipeline.observe(&pair, Source::Create, &case, &checked.outcome, &checked.case_json, &checked.case_text);
//! let dir = tempfile::tempdir().unwrap();
//! let notes = pipeline.finish(&dv_harness_engine::pair::Registry::new(), dir.path()).unwrap();
//! assert!(notes.iter().any(|n| n.contains("evidence.json")));
//! assert_eq!(pipeline.into_parts().runs[0].cases, 1);
//! let evidence = dv_harness_evidence::evidence::Evidence::read(dir.path()).unwrap();
//! assert_eq!(evidence.runs.len(), 1);
//! ```

pub mod checkpoint;
pub mod export;
pub mod reports;

use checkpoint::{CheckpointError, Checkpointed};

use dv_harness_engine::case::Case;
use dv_harness_engine::compare::Verdict;
use dv_harness_engine::engine::Outcome;
use dv_harness_engine::pair::{DynPair, Registry};
use dv_harness_engine::record::{NewMismatch, RecordError, Recorder, signature};
use dv_harness_evidence::evidence::{RunObservation, record_run};
use dv_harness_generate::campaign::{Finding, KindRun, Source};
use dv_harness_generate::shard::{Shard, run_uid};
use serde_json::Value;
use std::collections::HashSet;
use std::path::Path;

/// What recording a non-equal outcome gave.
#[derive(Debug)]
pub enum Recorded {
    /// A signature seen before (in this run or in the mismatch log).
    Known,
    /// A new signature, logged (with its reproducer if one was written).
    New(NewMismatch),
    /// The log or reproducer could not be written.
    Failed(RecordError),
    /// No recorder was given: nothing written.
    NotRecorded,
}

/// One run's stream of checked cases, per kind, on its way to the mismatch
/// log, the evidence file and the reports.
pub struct Pipeline {
    command: String,
    seed: Option<u64>,
    uid: String,
    recorder: Option<Recorder>,
    runs: Vec<KindRun>,
    seen: HashSet<(String, String, String)>,
    /// Findings of whole-kind campaigns already logged (by a checkpoint
    /// of the kind in progress), so [`Pipeline::add_run`] logs each once.
    logged: HashSet<(String, String, String)>,
}

/// What a finished pipeline hands back.
pub struct Finished {
    /// The per-kind tallies, in the order kinds were first seen.
    pub runs: Vec<KindRun>,
    /// The recorder (for a caller that goes on recording).
    pub recorder: Option<Recorder>,
}

impl Pipeline {
    /// A pipeline of `command` (`run`, `fuzz`, `check`, ...) with `seed`,
    /// recording mismatches with `recorder` when given.
    pub fn new(command: &str, seed: Option<u64>, recorder: Option<Recorder>) -> Pipeline {
        Pipeline {
            command: command.to_string(),
            seed,
            uid: String::new(),
            recorder,
            runs: Vec::new(),
            seen: HashSet::new(),
            logged: HashSet::new(),
        }
    }

    /// The run's identity across machines and shards in the evidence file
    /// ([`dv_harness_generate::shard::run_uid`]); without one, the
    /// evidence store derives it from the file's own history.
    ///
    /// ```
    /// let p = dv_harness_pipeline::Pipeline::new("run", Some(1), None).with_uid("ci-7:run:seed-1:shard-1-of-2");
    /// assert_eq!(p.observation().uid, "ci-7:run:seed-1:shard-1-of-2");
    /// ```
    pub fn with_uid(mut self, uid: impl Into<String>) -> Pipeline {
        self.uid = uid.into();
        self
    }

    /// The tally of `pair`'s kind, created on first use.
    pub fn kind_run(&mut self, pair: &dyn DynPair) -> &mut KindRun {
        let found = self
            .runs
            .iter()
            .position(|r| r.kind == pair.kind() && r.api_version == pair.api_version());
        let i = match found {
            Some(i) => i,
            None => {
                self.runs.push(KindRun::new(pair));
                self.runs.len() - 1
            }
        };
        &mut self.runs[i]
    }

    /// A case's full outcome from `source`: counted, its latencies and rule
    /// coverage observed, and recorded when it is not equal.
    pub fn observe(
        &mut self,
        pair: &dyn DynPair,
        source: Source,
        case: &Case<Value>,
        outcome: &Outcome,
        case_json: &Value,
        case_text: &str,
    ) -> Recorded {
        self.kind_run(pair).observe(case, outcome, source);
        if outcome.comparison.verdict == Verdict::Equal {
            return Recorded::Known;
        }
        self.finding(pair, source_label(source), outcome, case_json, case_text)
    }

    /// A finding of `pair` (a non-equal outcome, already counted): kept
    /// once per signature for evidence attribution, and recorded.
    pub fn finding(
        &mut self,
        pair: &dyn DynPair,
        source: &str,
        outcome: &Outcome,
        case_json: &Value,
        case_text: &str,
    ) -> Recorded {
        let sig = signature(outcome);
        let key = (
            pair.api_version().to_string(),
            pair.kind().to_string(),
            sig.clone(),
        );
        if self.seen.insert(key) {
            self.kind_run(pair).findings.push(Finding {
                signature: sig,
                verdict: outcome.comparison.verdict,
                source: source.to_string(),
                case_json: case_json.clone(),
                case_text: case_text.to_string(),
                outcome: outcome.clone(),
            });
        }
        self.record(outcome, case_json, case_text)
    }

    /// A whole kind's tally from a campaign that ran its own cases
    /// (`generate::campaign::run_kind`): its findings recorded, its
    /// counters kept. Returns what recording each finding gave.
    pub fn add_run(&mut self, run: KindRun) -> Vec<(String, Recorded)> {
        let recorded = run
            .findings
            .iter()
            .map(|f| (f.signature.clone(), self.record_once(&run, f)))
            .collect();
        for f in &run.findings {
            self.seen.insert((
                run.api_version.clone(),
                run.kind.clone(),
                f.signature.clone(),
            ));
        }
        self.runs.push(run);
        recorded
    }

    /// A whole-kind campaign's finding recorded unless a checkpoint of the
    /// kind in progress already did.
    fn record_once(&mut self, run: &KindRun, f: &Finding) -> Recorded {
        let key = (
            run.api_version.clone(),
            run.kind.clone(),
            f.signature.clone(),
        );
        if self.logged.contains(&key) {
            return Recorded::Known;
        }
        self.logged.insert(key);
        self.record(&f.outcome, &f.case_json, &f.case_text)
    }

    /// The mismatch log and reproducers, for an outcome that is not equal
    /// (what `check --record` does with each case file's outcome).
    pub fn record(&mut self, outcome: &Outcome, case_json: &Value, case_text: &str) -> Recorded {
        let Some(rec) = self.recorder.as_mut() else {
            return Recorded::NotRecorded;
        };
        match rec.observe(outcome, case_json, Some(case_text)) {
            Ok(Some(new)) => Recorded::New(new),
            Ok(None) => Recorded::Known,
            Err(e) => Recorded::Failed(e),
        }
    }

    /// The per-kind tallies so far.
    pub fn runs(&self) -> &[KindRun] {
        &self.runs
    }

    /// The tallies so far, mutable (a campaign that counts cases itself
    /// adds its counters here).
    pub fn runs_mut(&mut self) -> &mut [KindRun] {
        &mut self.runs
    }

    /// The run's observation: what [`Pipeline::finish`] merges into the
    /// evidence file.
    pub fn observation(&self) -> RunObservation {
        let mut observation = RunObservation::from_kind_runs(&self.command, self.seed, &self.runs);
        observation.uid = self.uid.clone();
        observation
    }

    /// The run's uid ([`Pipeline::with_uid`]; empty until given or until
    /// the first checkpoint generates one).
    pub fn uid(&self) -> &str {
        &self.uid
    }

    /// A checkpoint of a long campaign (see [`checkpoint`]): the
    /// observation so far, with `in_progress` (the tally of a kind whose
    /// campaign is still running, [`dv_harness_generate::campaign::run_kind_observed`])
    /// and its findings logged, recorded into `<reports>/evidence.json`
    /// under the run's uid, replacing the previous checkpoint; the metrics
    /// rewritten when the pipeline records. A pipeline without a uid gets
    /// a unique one here, so that it replaces itself and its end
    /// ([`Pipeline::finish`]) replaces its last checkpoint.
    ///
    /// ```
    /// use dv_harness_pipeline::Pipeline;
    /// use dv_harness_evidence::evidence::Evidence;
    /// let dir = tempfile::tempdir().unwrap();
    /// let mut p = Pipeline::new("run", Some(1), None);
    /// p.checkpoint(dir.path(), None).unwrap();
    /// p.checkpoint(dir.path(), None).unwrap();
    /// assert!(p.uid().contains(":run:seed-1:"));
    /// p.finish(&dv_harness_engine::pair::Registry::new(), dir.path()).unwrap();
    /// assert_eq!(Evidence::read(dir.path()).unwrap().runs.len(), 1);
    /// ```
    pub fn checkpoint(
        &mut self,
        reports: &Path,
        in_progress: Option<&KindRun>,
    ) -> Result<Checkpointed, CheckpointError> {
        if self.uid.is_empty() {
            self.uid = run_uid(None, &self.command, self.seed.unwrap_or(0), Shard::WHOLE);
        }
        let (mut new, mut failed) = (Vec::new(), Vec::new());
        if let Some(run) = in_progress {
            for f in &run.findings {
                match self.record_once(run, f) {
                    Recorded::New(n) => new.push(n),
                    Recorded::Failed(e) => failed.push(e),
                    Recorded::Known | Recorded::NotRecorded => {}
                }
            }
        }
        let mut observation = self.observation();
        if let Some(run) = in_progress {
            let partial =
                RunObservation::from_kind_runs(&self.command, self.seed, std::slice::from_ref(run));
            observation.kinds.extend(partial.kinds);
            observation.rules.extend(partial.rules);
        }
        let recorded = record_run(reports, &observation)?;
        let metrics = match &self.recorder {
            Some(rec) => Some(rec.write_metrics()?),
            None => None,
        };
        Ok(Checkpointed {
            evidence: recorded.path,
            metrics,
            run_id: recorded.run_id,
            new,
            failed,
            warnings: recorded.warnings,
        })
    }

    /// Ends the run: its evidence merged into `<reports>/evidence.json`
    /// and the reports re-rendered ([`reports::after_run`]). Returns the
    /// lines worth showing (evidence merged, reports written, warnings).
    pub fn finish(&self, registry: &Registry, reports: &Path) -> Result<Vec<String>, String> {
        reports::after_run(registry, reports, &self.observation())
    }

    /// The pipeline's parts: the tallies and the recorder (for a caller
    /// that goes on recording, or writes the metrics).
    pub fn into_parts(self) -> Finished {
        Finished {
            runs: self.runs,
            recorder: self.recorder,
        }
    }
}

/// How a source is named in a finding.
fn source_label(source: Source) -> &'static str {
    match source {
        Source::Corpus => "corpus",
        Source::Create => "generated create",
        Source::Update => "generated update",
        Source::Fuzz => "fuzz",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorList;
    use apimachinery::operation::Context;
    use dv_harness_engine::engine::EngineSettings;
    use dv_harness_engine::pair::FnPair;
    use dv_harness_engine::record::RecorderConfig;
    use dv_harness_evidence::evidence::Evidence;
    use dv_harness_generate::campaign::{CampaignConfig, run_kind_observed};

    #[derive(
        Clone, Default, serde::Serialize, serde::Deserialize, PartialEq, apimachinery::Validate,
    )]
    struct T {
        /// +k8s:beta(since: "1.37")=+k8s:optional
        /// +k8s:beta(since: "1.37")=+k8s:minimum=0
        #[serde(default)]
        n: i32,
    }

    /// Forgets the rule: DV is stricter for a negative `n`.
    fn hv(_: &Context, _: &T, _: Option<&T>) -> ErrorList {
        ErrorList::new()
    }

    fn prep(_: &Context, _: &mut T, _: Option<&T>) {}

    #[test]
    fn checkpoints_of_a_kind_in_progress_log_each_mismatch_once_and_end_as_one_run() {
        let dir = tempfile::tempdir().unwrap();
        let reports = dir.path().join("reports");
        let recorder =
            Recorder::open(RecorderConfig::new(&reports, dir.path().join("corpus"))).unwrap();
        let pair = FnPair::new("v1", "T", hv, prep, &[]);
        let mut pipeline = Pipeline::new("run", Some(1), Some(recorder));
        let mut checkpoints = Vec::new();
        let run = run_kind_observed(
            &pair,
            &EngineSettings::default(),
            &[],
            &CampaignConfig::new(60, 1),
            &mut |so_far| {
                if so_far.cases % 20 == 0 {
                    let c = pipeline.checkpoint(&reports, Some(so_far)).unwrap();
                    let e = Evidence::read(&reports).unwrap();
                    assert_eq!(e.runs.len(), 1);
                    assert_eq!(e.runs[0].cases, so_far.cases);
                    assert!(c.metrics.is_some());
                    checkpoints.push((so_far.cases, so_far.findings.len(), c.new.len()));
                }
            },
        )
        .unwrap();
        let findings = run.findings.len();
        assert!(findings > 0);
        // Every finding reported by a checkpoint was new then.
        let logged_early: usize = checkpoints.iter().map(|c| c.2).sum();
        assert!(logged_early > 0, "{checkpoints:?}");
        let cases = run.cases;
        let recorded = pipeline.add_run(run);
        let later = recorded
            .iter()
            .filter(|(_, r)| matches!(r, Recorded::New(_)))
            .count();
        assert_eq!(logged_early + later, findings);
        pipeline
            .finish(&dv_harness_engine::pair::Registry::new(), &reports)
            .unwrap();
        let e = Evidence::read(&reports).unwrap();
        assert_eq!(e.runs.len(), 1);
        assert_eq!(e.runs[0].cases, cases);
        assert_eq!(e.kinds["v1/T"].cases, cases);
        let log = std::fs::read_to_string(reports.join("mismatches.jsonl")).unwrap();
        assert_eq!(log.lines().count(), findings);
        let rec = pipeline.into_parts().recorder.unwrap();
        assert_eq!(rec.metrics().mismatch_total, findings as u64);
    }
}
