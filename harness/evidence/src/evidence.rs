//! Per-rule evidence accumulated across runs in `reports/evidence.json`
//! (DESIGN.md section 11): for each rule of the inventory (`Pair::rules()`),
//! the cases that reached it, the cases where it fired on each side, the
//! mismatches and panics attributed to it (with the field, type and origin
//! of each distinct mismatch), the kinds of generator that exercised it,
//! its first and last run, and its kind's DV/HV latency ratio.
//!
//! A run hands its results over as a [`RunObservation`] (built from the
//! campaign results with [`RunObservation::from_kind_runs`], or by hand);
//! [`record_run`] merges it into the file: earlier runs are never lost, a
//! run recorded again under its uid (a long campaign's checkpoints, then
//! its end) replaces its earlier record instead of adding to it
//! ([`Evidence::merge`]), the read-merge-write holds the directory's
//! writer lock ([`crate::evidence_lock`]: concurrent recorders wait, none
//! loses another's run), the write is atomic (temporary file + rename),
//! and a file that does not
//! parse is moved aside to `evidence.json.corrupt-<timestamp>` and reported,
//! never silently replaced.
//!
//! ```
//! use dv_harness_evidence::evidence::{record_run, Evidence, RunObservation};
//! let dir = tempfile::tempdir().unwrap();
//! let run = RunObservation::new("run");
//! let recorded = record_run(dir.path(), &run).unwrap();
//! assert_eq!(recorded.run_id, 1);
//! assert_eq!(Evidence::read(dir.path()).unwrap().runs.len(), 1);
//! ```

use crate::evidence_lock::EvidenceLock;
use apimachinery::Stage;
use apimachinery::field::Error;
use dv_harness_engine::record::write_atomically;
use dv_harness_generate::campaign::KindRun;
use dv_harness_generate::coverage::error_of_rule;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// The file name under the reports directory.
pub const EVIDENCE_FILE: &str = "evidence.json";

/// The format version written to the file.
pub const FORMAT: u32 = 1;

/// A kind of generator that produced cases.
///
/// ```
/// use dv_harness_evidence::evidence::Generator;
/// assert_eq!(serde_json::to_value(Generator::Boundary).unwrap(), "boundary");
/// assert_eq!(Generator::Update.as_str(), "update");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Generator {
    /// Committed case files (`corpus/`).
    Corpus,
    /// proptest strategies (the `cargo test` equivalence suites).
    Proptest,
    /// Tag-aware boundary mutation of seeds (`run`'s generated creates).
    Boundary,
    /// Generated update sequences (ratcheting, immutability).
    Update,
    /// The fuzz campaign.
    Fuzz,
}

impl Generator {
    /// The lowercase name.
    ///
    /// ```
    /// assert_eq!(dv_harness_evidence::evidence::Generator::Corpus.as_str(), "corpus");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Generator::Corpus => "corpus",
            Generator::Proptest => "proptest",
            Generator::Boundary => "boundary",
            Generator::Update => "update",
            Generator::Fuzz => "fuzz",
        }
    }
}

/// Which side an unpaired error came from.
///
/// ```
/// assert_eq!(serde_json::to_value(dv_harness_evidence::evidence::MismatchSide::Declarative).unwrap(), "declarative");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MismatchSide {
    /// A covered hand-written error with no declarative counterpart.
    Handwritten,
    /// A declarative error with no hand-written counterpart.
    Declarative,
}

/// One distinct mismatch attributed to a rule.
///
/// ```
/// use dv_harness_evidence::evidence::{Attribution, MismatchSide};
/// let a = Attribution { side: MismatchSide::Declarative, error_type: "FieldValueInvalid".into(),
///     field: "spec.replicas".into(), origin: "minimum".into(), signature: "00ff".into() };
/// assert_eq!(serde_json::to_value(&a).unwrap()["type"], "FieldValueInvalid");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Attribution {
    /// The side whose error was unpaired.
    pub side: MismatchSide,
    /// Its error type (`FieldValueInvalid`).
    #[serde(rename = "type")]
    pub error_type: String,
    /// Its field, as reported.
    pub field: String,
    /// Its origin.
    pub origin: String,
    /// The mismatch signature (`record::signature`; the reproducer's name).
    pub signature: String,
}

/// One rule's results in one run.
///
/// ```
/// let r = dv_harness_evidence::evidence::RuleObservation::new("T/n/minimum", "T", "v1");
/// assert_eq!(r.reached, 0);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RuleObservation {
    /// The inventory id.
    pub id: String,
    /// The kind.
    pub kind: String,
    /// The kind's apiVersion.
    pub api_version: String,
    /// The JSON path pattern.
    pub path: String,
    /// The tag as written.
    pub tag: String,
    /// The stage the tag declares.
    pub stage: Stage,
    /// The stage wrapper's `since`.
    pub since: Option<String>,
    /// Cases that reached the rule.
    pub reached: u64,
    /// Cases in which DV returned the rule's error.
    pub fired_declarative: u64,
    /// Cases in which HV returned a covered error paired with the rule's DV error.
    pub fired_handwritten: u64,
    /// Cases with an unpaired error of the rule.
    pub mismatches: u64,
    /// DV panics of the kind (attributed to each of its rules).
    pub panics: u64,
    /// The distinct mismatches of the rule.
    pub attributed: Vec<Attribution>,
    /// The generators whose cases reached it.
    pub generators: BTreeSet<Generator>,
}

impl RuleObservation {
    /// An observation with zero counters.
    pub fn new(id: &str, kind: &str, api_version: &str) -> RuleObservation {
        RuleObservation {
            id: id.into(),
            kind: kind.into(),
            api_version: api_version.into(),
            path: String::new(),
            tag: String::new(),
            stage: Stage::Stable,
            since: None,
            reached: 0,
            fired_declarative: 0,
            fired_handwritten: 0,
            mismatches: 0,
            panics: 0,
            attributed: Vec::new(),
            generators: BTreeSet::new(),
        }
    }
}

/// One kind's results in one run.
///
/// ```
/// let k = dv_harness_evidence::evidence::KindObservation::new("T", "v1");
/// assert_eq!(k.dv_over_hv(), None);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct KindObservation {
    /// The kind.
    pub kind: String,
    /// Its apiVersion.
    pub api_version: String,
    /// Cases run.
    pub cases: u64,
    /// Cases with a mismatch verdict.
    pub mismatches: u64,
    /// Cases with a panic verdict.
    pub panics: u64,
    /// Median HV latency (ns).
    pub hv_median_nanos: u64,
    /// Median DV latency (ns).
    pub dv_median_nanos: u64,
    /// The generators that produced its cases.
    pub generators: BTreeSet<Generator>,
}

impl KindObservation {
    /// An observation with zero counters.
    pub fn new(kind: &str, api_version: &str) -> KindObservation {
        KindObservation {
            kind: kind.into(),
            api_version: api_version.into(),
            cases: 0,
            mismatches: 0,
            panics: 0,
            hv_median_nanos: 0,
            dv_median_nanos: 0,
            generators: BTreeSet::new(),
        }
    }

    /// DV median over HV median, when both were measured.
    ///
    /// ```
    /// let mut k = dv_harness_evidence::evidence::KindObservation::new("T", "v1");
    /// (k.hv_median_nanos, k.dv_median_nanos) = (200, 100);
    /// assert_eq!(k.dv_over_hv(), Some(0.5));
    /// ```
    pub fn dv_over_hv(&self) -> Option<f64> {
        (self.hv_median_nanos > 0 && self.dv_median_nanos > 0)
            .then(|| self.dv_median_nanos as f64 / self.hv_median_nanos as f64)
    }
}

/// What one run (of `run`, `fuzz`, a test suite) hands to [`record_run`].
///
/// ```
/// let r = dv_harness_evidence::evidence::RunObservation::new("fuzz");
/// assert!(r.kinds.is_empty() && r.rules.is_empty());
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RunObservation {
    /// The run's identity across machines ([`dv_harness_generate::shard::run_uid`]);
    /// empty: [`Evidence::merge`] derives one from the file's own history.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub uid: String,
    /// The command that ran (`run`, `fuzz`, ...).
    pub command: String,
    /// Its seed, if any.
    pub seed: Option<u64>,
    /// When it ran (RFC 3339, UTC); empty: `record_run` stamps it.
    pub at: String,
    /// Per kind.
    pub kinds: Vec<KindObservation>,
    /// Per rule.
    pub rules: Vec<RuleObservation>,
}

fn attribute(
    rule: &apimachinery::Rule,
    side: MismatchSide,
    errors: &[Error],
    sig: &str,
) -> Vec<Attribution> {
    let path = dv_harness_generate::path::Pattern::parse(rule.path).to_string();
    errors
        .iter()
        .filter(|e| error_of_rule(rule, &path, e))
        .map(|e| Attribution {
            side,
            error_type: e.error_type.as_str().to_string(),
            field: e.field.clone(),
            origin: e.origin.to_string(),
            signature: sig.to_string(),
        })
        .collect()
}

impl RunObservation {
    /// An empty observation of `command`.
    pub fn new(command: &str) -> RunObservation {
        RunObservation {
            uid: String::new(),
            command: command.into(),
            seed: None,
            at: String::new(),
            kinds: Vec::new(),
            rules: Vec::new(),
        }
    }

    /// The observation of a `run` (or `fuzz`) campaign: one entry per kind
    /// and per rule of its inventory.
    ///
    /// What a campaign's counters give, and how they are read:
    /// - generators: `corpus` if corpus cases ran, `boundary` for the
    ///   generated creates (boundary-mutated seeds), `update` for the update
    ///   sequences; every generator of the kind is credited to each rule the
    ///   kind's cases reached (the counters are not split by source);
    /// - `firedHandwritten`: the engine compares only HV errors marked
    ///   covered by declarative, so a DV firing without a mismatch was paired
    ///   with a covered HV error: `fired - mismatches` (a lower bound);
    /// - panics: a panic cannot be attributed to a field, so each rule of
    ///   the kind carries the kind's panics;
    /// - attributions: the unpaired errors of each distinct finding that
    ///   match the rule (field pattern, type, origin).
    ///
    /// ```
    /// let r = dv_harness_evidence::evidence::RunObservation::from_kind_runs("run", Some(3), &[]);
    /// assert_eq!(r.seed, Some(3));
    /// ```
    pub fn from_kind_runs(command: &str, seed: Option<u64>, runs: &[KindRun]) -> RunObservation {
        let mut obs = RunObservation::new(command);
        obs.seed = seed;
        for run in runs {
            let mut generators = BTreeSet::new();
            if run.corpus_cases > 0 {
                generators.insert(Generator::Corpus);
            }
            if run.create_cases > 0 {
                generators.insert(Generator::Boundary);
            }
            if run.update_cases > 0 {
                generators.insert(Generator::Update);
            }
            if run.fuzz_cases > 0 {
                generators.insert(Generator::Fuzz);
            }
            obs.kinds.push(KindObservation {
                kind: run.kind.clone(),
                api_version: run.api_version.clone(),
                cases: run.cases,
                mismatches: run.mismatches,
                panics: run.panics,
                hv_median_nanos: run.hv_median(),
                dv_median_nanos: run.dv_median(),
                generators: generators.clone(),
            });
            for (rule, c) in run.coverage.rules() {
                let mut attributed: Vec<Attribution> = run
                    .findings
                    .iter()
                    .flat_map(|f| {
                        let cmp = &f.outcome.comparison;
                        let mut a = attribute(
                            rule,
                            MismatchSide::Handwritten,
                            &cmp.only_handwritten,
                            &f.signature,
                        );
                        a.extend(attribute(
                            rule,
                            MismatchSide::Declarative,
                            &cmp.only_declarative,
                            &f.signature,
                        ));
                        a
                    })
                    .collect();
                attributed.sort();
                attributed.dedup();
                obs.rules.push(RuleObservation {
                    id: rule.id.to_string(),
                    kind: run.kind.clone(),
                    api_version: run.api_version.clone(),
                    path: rule.path.to_string(),
                    tag: rule.tag.to_string(),
                    stage: rule.stage,
                    since: rule.since.map(str::to_string),
                    reached: c.reached,
                    fired_declarative: c.fired,
                    fired_handwritten: c.fired.saturating_sub(c.mismatches),
                    mismatches: c.mismatches,
                    panics: run.panics,
                    attributed,
                    generators: if c.reached > 0 {
                        generators.clone()
                    } else {
                        BTreeSet::new()
                    },
                });
            }
        }
        obs
    }
}

/// One recorded run, as the evidence file keeps it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RunRecord {
    /// 1, 2, ... in recording order.
    pub id: u64,
    /// The run's identity across machines and files: merging two
    /// evidence files keeps one run per uid (files written before uids
    /// existed have none; `evidence merge` derives one from the record).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub uid: String,
    /// When (RFC 3339, UTC).
    pub at: String,
    /// The command.
    pub command: String,
    /// Its seed.
    pub seed: Option<u64>,
    /// Cases run over all kinds.
    pub cases: u64,
    /// Mismatch cases over all kinds.
    pub mismatches: u64,
    /// Panic cases over all kinds.
    pub panics: u64,
    /// Per kind.
    pub kinds: Vec<KindObservation>,
    /// Per rule: this run's counters, so that evidence files can be merged
    /// run by run (absent in files written before they were kept).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<RunRuleCounts>,
}

fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// One rule's counters in one recorded run (the numbers of a
/// [`RuleObservation`]; its path, tag and stage are kept once, in the
/// rule's [`RuleEvidence`]). Zero counters are left out of the file.
///
/// ```
/// use dv_harness_evidence::evidence::{RuleObservation, RunRuleCounts};
/// let mut r = RuleObservation::new("T/n/minimum", "T", "v1");
/// r.reached = 3;
/// let c = RunRuleCounts::of(&r);
/// assert_eq!(serde_json::to_string(&c).unwrap(), r#"{"id":"T/n/minimum","reached":3}"#);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RunRuleCounts {
    /// The inventory id.
    pub id: String,
    /// Cases that reached the rule.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub reached: u64,
    /// Cases in which DV returned the rule's error.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub fired_declarative: u64,
    /// Cases in which a covered HV error paired with the rule's DV error.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub fired_handwritten: u64,
    /// Cases with an unpaired error of the rule.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub mismatches: u64,
    /// DV panics of the kind.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub panics: u64,
    /// The distinct mismatches of the rule.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub attributed: Vec<Attribution>,
    /// The generators whose cases reached it.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub generators: BTreeSet<Generator>,
}

impl RunRuleCounts {
    /// The counters of an observation.
    pub fn of(r: &RuleObservation) -> RunRuleCounts {
        RunRuleCounts {
            id: r.id.clone(),
            reached: r.reached,
            fired_declarative: r.fired_declarative,
            fired_handwritten: r.fired_handwritten,
            mismatches: r.mismatches,
            panics: r.panics,
            attributed: r.attributed.clone(),
            generators: r.generators.clone(),
        }
    }
}

/// Accumulated evidence of one rule.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RuleEvidence {
    /// The inventory id.
    pub id: String,
    /// The kind.
    pub kind: String,
    /// The kind's apiVersion.
    pub api_version: String,
    /// The JSON path pattern.
    pub path: String,
    /// The tag as last seen.
    pub tag: String,
    /// The stage as last seen.
    pub stage: Stage,
    /// The `since` as last seen.
    pub since: Option<String>,
    /// Cases that reached it, over all runs.
    pub reached: u64,
    /// Cases in which DV returned its error.
    pub fired_declarative: u64,
    /// Cases in which a covered HV error paired with its DV error.
    pub fired_handwritten: u64,
    /// Cases with an unpaired error of the rule.
    pub mismatches: u64,
    /// Panics of the kind.
    pub panics: u64,
    /// Distinct mismatches, by field, type and origin.
    pub attributed: Vec<Attribution>,
    /// Generators whose cases reached it.
    pub generators: BTreeSet<Generator>,
    /// Runs that observed it.
    pub runs: u64,
    /// The first run that observed it (its id).
    pub first_run: u64,
    /// The last run that observed it.
    pub last_run: u64,
    /// When the first run was.
    pub first_at: String,
    /// When the last run was.
    pub last_at: String,
}

/// Accumulated evidence of one kind.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct KindEvidence {
    /// The kind.
    pub kind: String,
    /// Its apiVersion.
    pub api_version: String,
    /// Cases over all runs.
    pub cases: u64,
    /// Mismatch cases over all runs.
    pub mismatches: u64,
    /// Panic cases over all runs.
    pub panics: u64,
    /// The latest DV/HV latency ratio.
    pub dv_over_hv: Option<f64>,
    /// Where it came from: `bench` (preferred) or `run` (medians).
    pub latency_source: Option<String>,
    /// When it was measured.
    pub latency_at: Option<String>,
}

/// The evidence file.
///
/// ```
/// let e = dv_harness_evidence::evidence::Evidence::default();
/// assert_eq!(e.format, dv_harness_evidence::evidence::FORMAT);
/// ```
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Evidence {
    /// The format version.
    pub format: u32,
    /// Every recorded run, oldest first.
    pub runs: Vec<RunRecord>,
    /// Per rule id.
    pub rules: BTreeMap<String, RuleEvidence>,
    /// Per `apiVersion/Kind`.
    pub kinds: BTreeMap<String, KindEvidence>,
}

impl Default for Evidence {
    fn default() -> Evidence {
        Evidence {
            format: FORMAT,
            runs: Vec::new(),
            rules: BTreeMap::new(),
            kinds: BTreeMap::new(),
        }
    }
}

/// Why evidence could not be read or written.
#[derive(Debug, thiserror::Error)]
pub enum EvidenceError {
    /// Reading or moving a file failed.
    #[error("{path}: {message}")]
    Io {
        /// The file.
        path: String,
        /// The I/O error.
        message: String,
    },
    /// The file does not parse.
    #[error("{path}: corrupted evidence file: {message}")]
    Corrupt {
        /// The file.
        path: String,
        /// The parser's message.
        message: String,
    },
    /// The file was written by a newer format.
    #[error("{path}: evidence format {found} is newer than this build's {FORMAT}")]
    Format {
        /// The file.
        path: String,
        /// The format found.
        found: u32,
    },
}

/// What [`record_run`] did.
#[derive(Debug, Clone, PartialEq)]
pub struct Recorded {
    /// The evidence file written.
    pub path: PathBuf,
    /// The id given to the run.
    pub run_id: u64,
    /// Things the caller should tell the user (a corrupted file moved
    /// aside, stale temporary files removed).
    pub warnings: Vec<String>,
    /// The evidence after the merge.
    pub evidence: Evidence,
}

fn kind_key(api_version: &str, kind: &str) -> String {
    format!("{api_version}/{kind}")
}

/// Days since 1970-01-01 to a civil date (proleptic Gregorian).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// A time as RFC 3339 UTC, seconds precision.
///
/// ```
/// use std::time::{Duration, UNIX_EPOCH};
/// let t = UNIX_EPOCH + Duration::from_secs(1_795_000_000);
/// assert_eq!(dv_harness_evidence::evidence::rfc3339(t), "2026-11-18T11:06:40Z");
/// ```
pub fn rfc3339(t: SystemTime) -> String {
    let secs = t
        .duration_since(SystemTime::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let days = i64::try_from(secs / 86_400).unwrap_or(0);
    let rem = secs % 86_400;
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        (rem % 3600) / 60,
        rem % 60
    )
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> EvidenceError + '_ {
    move |e| EvidenceError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    }
}

impl Evidence {
    /// The evidence file of a reports directory.
    ///
    /// ```
    /// assert_eq!(dv_harness_evidence::evidence::Evidence::file("reports"),
    ///            std::path::Path::new("reports/evidence.json"));
    /// ```
    pub fn file(dir: impl AsRef<Path>) -> PathBuf {
        dir.as_ref().join(EVIDENCE_FILE)
    }

    /// Parses evidence text; `path` names it in errors.
    ///
    /// ```
    /// use dv_harness_evidence::evidence::{Evidence, EvidenceError};
    /// assert!(matches!(Evidence::parse("{\"format\": 1", "e.json"), Err(EvidenceError::Corrupt { .. })));
    /// ```
    pub fn parse(text: &str, path: &str) -> Result<Evidence, EvidenceError> {
        let e: Evidence = serde_json::from_str(text).map_err(|e| EvidenceError::Corrupt {
            path: path.into(),
            message: e.to_string(),
        })?;
        if e.format > FORMAT {
            return Err(EvidenceError::Format {
                path: path.into(),
                found: e.format,
            });
        }
        Ok(e)
    }

    /// Reads `<dir>/evidence.json` without changing anything: empty
    /// evidence if there is none, an error if it does not parse.
    ///
    /// ```
    /// let dir = tempfile::tempdir().unwrap();
    /// assert!(dv_harness_evidence::evidence::Evidence::read(dir.path()).unwrap().runs.is_empty());
    /// ```
    pub fn read(dir: &Path) -> Result<Evidence, EvidenceError> {
        let path = Evidence::file(dir);
        match std::fs::read_to_string(&path) {
            Ok(text) => Evidence::parse(&text, &path.display().to_string()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Evidence::default()),
            Err(e) => Err(io(&path)(e)),
        }
    }

    /// Writes the evidence to `path` atomically (temporary file and
    /// rename), as pretty JSON with a final newline.
    ///
    /// ```
    /// use dv_harness_evidence::evidence::Evidence;
    /// let dir = tempfile::tempdir().unwrap();
    /// Evidence::default().write(&Evidence::file(dir.path())).unwrap();
    /// assert!(Evidence::read(dir.path()).unwrap().runs.is_empty());
    /// ```
    pub fn write(&self, path: &Path) -> Result<(), EvidenceError> {
        let text = serde_json::to_string_pretty(self).map_err(|e| EvidenceError::Io {
            path: path.display().to_string(),
            message: e.to_string(),
        })?;
        write_atomically(path, &format!("{text}\n")).map_err(|e| EvidenceError::Io {
            path: e.path,
            message: e.source.to_string(),
        })
    }

    /// The evidence of a kind.
    ///
    /// ```
    /// assert!(dv_harness_evidence::evidence::Evidence::default().kind("v1", "T").is_none());
    /// ```
    pub fn kind(&self, api_version: &str, kind: &str) -> Option<&KindEvidence> {
        self.kinds.get(&kind_key(api_version, kind))
    }

    /// Merges one run; returns its id. `at` stamps it when the observation has none.
    ///
    /// A run whose uid is already recorded (a campaign's checkpoint, then
    /// its next checkpoint or its end) *replaces* that record: its previous
    /// contribution to the per-kind and per-rule totals is taken out before
    /// the new one is added, and the record keeps its id, its place and its
    /// time (unless the observation carries its own `at`). So any number of
    /// checkpoints followed by the final recording count as one run. Runs
    /// with different uids (or none) add up.
    ///
    /// ```
    /// use dv_harness_evidence::evidence::{Evidence, RunObservation, RuleObservation};
    /// let mut e = Evidence::default();
    /// let mut run = RunObservation::new("run");
    /// let mut r = RuleObservation::new("T/n/minimum", "T", "v1");
    /// r.reached = 5;
    /// run.rules.push(r);
    /// e.merge(&run, "2026-01-01T00:00:00Z");
    /// e.merge(&run, "2026-01-02T00:00:00Z");
    /// let ev = &e.rules["T/n/minimum"];
    /// assert_eq!((ev.reached, ev.runs, ev.first_run, ev.last_run), (10, 2, 1, 2));
    /// // The same uid twice: the second replaces the first.
    /// run.uid = "ci-1:run:seed-0:shard-1-of-1".into();
    /// e.merge(&run, "2026-01-03T00:00:00Z");
    /// run.rules[0].reached = 8;
    /// let id = e.merge(&run, "2026-01-04T00:00:00Z");
    /// assert_eq!((id, e.runs.len(), e.runs[2].at.as_str()), (3, 3, "2026-01-03T00:00:00Z"));
    /// assert_eq!((e.rules["T/n/minimum"].reached, e.rules["T/n/minimum"].runs), (18, 3));
    /// ```
    pub fn merge(&mut self, run: &RunObservation, at: &str) -> u64 {
        let replaced = if run.uid.is_empty() {
            None
        } else {
            self.runs.iter().rposition(|r| r.uid == run.uid)
        };
        let (id, at) = match replaced {
            Some(i) => {
                let old = self.take_out(i);
                let at = if run.at.is_empty() {
                    old.at
                } else {
                    run.at.clone()
                };
                (old.id, at)
            }
            None => {
                let at = if run.at.is_empty() { at } else { &run.at };
                (self.runs.last().map_or(0, |r| r.id) + 1, at.to_string())
            }
        };
        let uid = if run.uid.is_empty() {
            format!("{}:{at}:{}", run.command, id)
        } else {
            run.uid.clone()
        };
        let record = RunRecord {
            id,
            uid,
            at: at.clone(),
            command: run.command.clone(),
            seed: run.seed,
            cases: run.kinds.iter().map(|k| k.cases).sum(),
            mismatches: run.kinds.iter().map(|k| k.mismatches).sum(),
            panics: run.kinds.iter().map(|k| k.panics).sum(),
            kinds: run.kinds.clone(),
            rules: run.rules.iter().map(RunRuleCounts::of).collect(),
        };
        match replaced {
            Some(i) => self.runs[i] = record,
            None => self.runs.push(record),
        }
        self.add(run, id, &at);
        id
    }

    /// Adds a run's counters (recorded as run `id` at `at`) to the per-kind
    /// and per-rule totals.
    fn add(&mut self, run: &RunObservation, id: u64, at: &str) {
        for k in &run.kinds {
            let entry = self
                .kinds
                .entry(kind_key(&k.api_version, &k.kind))
                .or_insert_with(|| KindEvidence {
                    kind: k.kind.clone(),
                    api_version: k.api_version.clone(),
                    cases: 0,
                    mismatches: 0,
                    panics: 0,
                    dv_over_hv: None,
                    latency_source: None,
                    latency_at: None,
                });
            entry.cases += k.cases;
            entry.mismatches += k.mismatches;
            entry.panics += k.panics;
            // A bench measurement is better than run medians: keep it.
            if let Some(ratio) = k.dv_over_hv()
                && entry.latency_source.as_deref() != Some("bench")
            {
                entry.dv_over_hv = Some(ratio);
                entry.latency_source = Some("run".into());
                entry.latency_at = Some(at.to_string());
            }
        }
        for r in &run.rules {
            let entry = self
                .rules
                .entry(r.id.clone())
                .or_insert_with(|| RuleEvidence {
                    id: r.id.clone(),
                    kind: r.kind.clone(),
                    api_version: r.api_version.clone(),
                    path: String::new(),
                    tag: String::new(),
                    stage: r.stage,
                    since: None,
                    reached: 0,
                    fired_declarative: 0,
                    fired_handwritten: 0,
                    mismatches: 0,
                    panics: 0,
                    attributed: Vec::new(),
                    generators: BTreeSet::new(),
                    runs: 0,
                    first_run: id,
                    last_run: id,
                    first_at: at.to_string(),
                    last_at: at.to_string(),
                });
            entry.path = r.path.clone();
            entry.tag = r.tag.clone();
            entry.stage = r.stage;
            entry.since = r.since.clone();
            entry.reached += r.reached;
            entry.fired_declarative += r.fired_declarative;
            entry.fired_handwritten += r.fired_handwritten;
            entry.mismatches += r.mismatches;
            entry.panics += r.panics;
            for a in &r.attributed {
                if !entry.attributed.contains(a) {
                    entry.attributed.push(a.clone());
                }
            }
            entry.attributed.sort();
            entry.generators.extend(r.generators.iter().copied());
            // A replaced run keeps its id, which may be older than the
            // rule's last run.
            if entry.runs == 0 {
                (entry.first_run, entry.first_at) = (id, at.to_string());
                (entry.last_run, entry.last_at) = (id, at.to_string());
            } else {
                if id < entry.first_run {
                    (entry.first_run, entry.first_at) = (id, at.to_string());
                }
                if id >= entry.last_run {
                    (entry.last_run, entry.last_at) = (id, at.to_string());
                }
            }
            entry.runs += 1;
        }
    }

    /// Takes the contribution of `self.runs[index]` out of the per-kind and
    /// per-rule totals (the record itself stays, to be overwritten).
    ///
    /// A rule's distinct mismatches and generators are unions over runs:
    /// they are recomputed from the other runs' counters when those account
    /// for all of the rule's remaining counts, and otherwise (a file written
    /// before runs kept their counters) left as they are. A kind or rule no
    /// other run mentions is removed (a kind with a bench latency stays).
    /// Returns a copy of the record taken out.
    fn take_out(&mut self, index: usize) -> RunRecord {
        let old = self.runs[index].clone();
        let others = || {
            self.runs
                .iter()
                .enumerate()
                .filter(move |(i, _)| *i != index)
                .map(|(_, r)| r)
        };
        let mut drop_kinds = Vec::new();
        for k in &old.kinds {
            let key = kind_key(&k.api_version, &k.kind);
            let mentioned = others().any(|r| {
                r.kinds
                    .iter()
                    .any(|o| o.kind == k.kind && o.api_version == k.api_version)
            });
            if let Some(entry) = self.kinds.get_mut(&key) {
                entry.cases = entry.cases.saturating_sub(k.cases);
                entry.mismatches = entry.mismatches.saturating_sub(k.mismatches);
                entry.panics = entry.panics.saturating_sub(k.panics);
                if !mentioned && entry.latency_source.as_deref() != Some("bench") {
                    drop_kinds.push(key);
                }
            }
        }
        for key in drop_kinds {
            self.kinds.remove(&key);
        }
        let mut drop_rules = Vec::new();
        for c in &old.rules {
            let counts: Vec<&RunRuleCounts> = others()
                .flat_map(|r| r.rules.iter().filter(|o| o.id == c.id))
                .collect();
            let Some(entry) = self.rules.get_mut(&c.id) else {
                continue;
            };
            entry.reached = entry.reached.saturating_sub(c.reached);
            entry.fired_declarative = entry.fired_declarative.saturating_sub(c.fired_declarative);
            entry.fired_handwritten = entry.fired_handwritten.saturating_sub(c.fired_handwritten);
            entry.mismatches = entry.mismatches.saturating_sub(c.mismatches);
            entry.panics = entry.panics.saturating_sub(c.panics);
            entry.runs = entry.runs.saturating_sub(1);
            let sum = |f: fn(&RunRuleCounts) -> u64| counts.iter().map(|o| f(o)).sum::<u64>();
            let accounted = sum(|o| o.reached) == entry.reached
                && sum(|o| o.fired_declarative) == entry.fired_declarative
                && sum(|o| o.fired_handwritten) == entry.fired_handwritten
                && sum(|o| o.mismatches) == entry.mismatches
                && sum(|o| o.panics) == entry.panics
                && counts.len() as u64 == entry.runs;
            if accounted {
                if counts.is_empty() {
                    drop_rules.push(c.id.clone());
                    continue;
                }
                let mut attributed: Vec<Attribution> = counts
                    .iter()
                    .flat_map(|o| o.attributed.iter().cloned())
                    .collect();
                attributed.sort();
                attributed.dedup();
                entry.attributed = attributed;
                entry.generators = counts
                    .iter()
                    .flat_map(|o| o.generators.iter().copied())
                    .collect();
            }
        }
        for id in drop_rules {
            self.rules.remove(&id);
        }
        old
    }

    /// Records a bench measurement (`bench --json`'s `dvOverHv`) for every
    /// recorded apiVersion of `kind`; it takes precedence over run medians.
    ///
    /// ```
    /// use dv_harness_evidence::evidence::{Evidence, RunObservation, KindObservation};
    /// let mut e = Evidence::default();
    /// let mut run = RunObservation::new("run");
    /// run.kinds.push(KindObservation::new("T", "v1"));
    /// e.merge(&run, "2026-01-01T00:00:00Z");
    /// e.set_bench_latency("T", 0.8, "2026-01-02T00:00:00Z");
    /// assert_eq!(e.kind("v1", "T").unwrap().dv_over_hv, Some(0.8));
    /// ```
    pub fn set_bench_latency(&mut self, kind: &str, dv_over_hv: f64, at: &str) {
        for k in self.kinds.values_mut().filter(|k| k.kind == kind) {
            k.dv_over_hv = Some(dv_over_hv);
            k.latency_source = Some("bench".into());
            k.latency_at = Some(at.to_string());
        }
    }
}

fn move_aside(path: &Path, stamp: &str) -> Result<PathBuf, EvidenceError> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| EVIDENCE_FILE.to_string());
    let mut target = path.with_file_name(format!("{name}.corrupt-{stamp}"));
    let mut n = 1;
    while target.exists() {
        target = path.with_file_name(format!("{name}.corrupt-{stamp}-{n}"));
        n += 1;
    }
    std::fs::rename(path, &target).map_err(io(path))?;
    Ok(target)
}

/// Whether the process that named a temporary file (`pid`) can no longer
/// be writing it: it is this process (whose writes are sequential), or,
/// where `/proc` tells, a process that no longer runs.
fn writer_is_gone(pid: &str) -> bool {
    let Ok(pid) = pid.parse::<u32>() else {
        return true;
    };
    if pid == std::process::id() {
        return true;
    }
    let proc = Path::new("/proc");
    !proc.is_dir() || !proc.join(pid.to_string()).exists()
}

/// Removes temporary files an interrupted write left next to the evidence
/// file (`.evidence.json.<pid>.tmp`, of a process no longer running);
/// returns their names.
fn remove_stale_temporaries(dir: &Path) -> Vec<String> {
    let prefix = format!(".{EVIDENCE_FILE}.");
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut removed = Vec::new();
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let Some(pid) = name
            .strip_prefix(&prefix)
            .and_then(|rest| rest.strip_suffix(".tmp"))
        else {
            continue;
        };
        // Another live process may be writing its checkpoint right now.
        if !writer_is_gone(pid) {
            continue;
        }
        if std::fs::remove_file(entry.path()).is_ok() {
            removed.push(name);
        }
    }
    removed.sort();
    removed
}

/// Loads the evidence for updating: a missing file is empty evidence; a
/// file that does not parse is moved aside to
/// `evidence.json.corrupt-<timestamp>` (reported in the warnings) and the
/// merge starts afresh; stale temporary files of an interrupted write are
/// removed (reported too).
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// std::fs::write(dir.path().join("evidence.json"), "{\"format\": 1, \"ru").unwrap();
/// let (e, warnings) = dv_harness_evidence::evidence::load_for_update(dir.path()).unwrap();
/// assert!(e.runs.is_empty());
/// assert!(warnings[0].contains("moved aside"));
/// ```
pub fn load_for_update(dir: &Path) -> Result<(Evidence, Vec<String>), EvidenceError> {
    let mut warnings: Vec<String> = remove_stale_temporaries(dir)
        .into_iter()
        .map(|n| format!("removed {n}, left by an interrupted evidence write"))
        .collect();
    match Evidence::read(dir) {
        Ok(e) => Ok((e, warnings)),
        Err(EvidenceError::Corrupt { path, message }) => {
            let stamp = rfc3339(SystemTime::now()).replace(':', "");
            let moved = move_aside(&Evidence::file(dir), &stamp)?;
            warnings.push(format!(
                "{path} is corrupted ({message}); moved aside to {} and started a new evidence file",
                moved.display()
            ));
            Ok((Evidence::default(), warnings))
        }
        Err(e) => Err(e),
    }
}

fn save(dir: &Path, evidence: &Evidence) -> Result<PathBuf, EvidenceError> {
    let path = Evidence::file(dir);
    evidence.write(&path)?;
    Ok(path)
}

/// Merges one run into `<dir>/evidence.json` (see [`load_for_update`] for
/// missing, corrupted and half-written files) and writes it atomically.
///
/// ```
/// use dv_harness_evidence::evidence::{record_run, RunObservation};
/// let dir = tempfile::tempdir().unwrap();
/// record_run(dir.path(), &RunObservation::new("run")).unwrap();
/// let second = record_run(dir.path(), &RunObservation::new("fuzz")).unwrap();
/// assert_eq!(second.run_id, 2);
/// assert_eq!(second.evidence.runs[0].command, "run");
/// ```
pub fn record_run(dir: &Path, run: &RunObservation) -> Result<Recorded, EvidenceError> {
    let _writer = EvidenceLock::acquire(dir)?;
    let (mut evidence, warnings) = load_for_update(dir)?;
    let run_id = evidence.merge(run, &rfc3339(SystemTime::now()));
    let path = save(dir, &evidence)?;
    Ok(Recorded {
        path,
        run_id,
        warnings,
        evidence,
    })
}

/// Records `bench` results (`(kind, dvOverHv)`) into `<dir>/evidence.json`.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let r = dv_harness_evidence::evidence::record_bench(dir.path(), &[("T".to_string(), 0.9)]).unwrap();
/// assert!(r.evidence.kinds.is_empty()); // no run recorded T yet
/// ```
pub fn record_bench(dir: &Path, ratios: &[(String, f64)]) -> Result<Recorded, EvidenceError> {
    let _writer = EvidenceLock::acquire(dir)?;
    let (mut evidence, warnings) = load_for_update(dir)?;
    let at = rfc3339(SystemTime::now());
    for (kind, ratio) in ratios {
        evidence.set_bench_latency(kind, *ratio, &at);
    }
    let path = save(dir, &evidence)?;
    Ok(Recorded {
        path,
        run_id: evidence.runs.last().map_or(0, |r| r.id),
        warnings,
        evidence,
    })
}

/// Records `bench` results (`(apiVersion, kind, dvOverHv)`) into
/// `<dir>/evidence.json`, adding a kind no run has recorded yet, so a
/// report shows the bench ratio (`latencyFrom: bench`) in preference to
/// run medians wherever a bench measured the kind.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let r = dv_harness_evidence::evidence::record_bench_kinds(dir.path(),
///     &[("v1".to_string(), "T".to_string(), 0.9)]).unwrap();
/// let k = r.evidence.kind("v1", "T").unwrap();
/// assert_eq!((k.dv_over_hv, k.latency_source.as_deref()), (Some(0.9), Some("bench")));
/// ```
pub fn record_bench_kinds(
    dir: &Path,
    ratios: &[(String, String, f64)],
) -> Result<Recorded, EvidenceError> {
    let _writer = EvidenceLock::acquire(dir)?;
    let (mut evidence, warnings) = load_for_update(dir)?;
    let at = rfc3339(SystemTime::now());
    for (api_version, kind, ratio) in ratios {
        let entry = evidence
            .kinds
            .entry(kind_key(api_version, kind))
            .or_insert_with(|| KindEvidence {
                kind: kind.clone(),
                api_version: api_version.clone(),
                cases: 0,
                mismatches: 0,
                panics: 0,
                dv_over_hv: None,
                latency_source: None,
                latency_at: None,
            });
        entry.dv_over_hv = Some(*ratio);
        entry.latency_source = Some("bench".into());
        entry.latency_at = Some(at.clone());
    }
    let path = save(dir, &evidence)?;
    Ok(Recorded {
        path,
        run_id: evidence.runs.last().map_or(0, |r| r.id),
        warnings,
        evidence,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn concurrent_recorders_lose_no_run() {
        let dir = tempfile::tempdir().unwrap();
        let writers: Vec<_> = (0..8)
            .map(|i| {
                let dir = dir.path().to_path_buf();
                std::thread::spawn(move || {
                    for j in 0..4 {
                        let mut run = RunObservation::new(&format!("run-{i}-{j}"));
                        run.uid = format!("uid-{i}-{j}");
                        record_run(&dir, &run).unwrap();
                    }
                })
            })
            .collect();
        for w in writers {
            w.join().unwrap();
        }
        let evidence = Evidence::read(dir.path()).unwrap();
        let mut commands: Vec<_> = evidence.runs.iter().map(|r| r.command.clone()).collect();
        commands.sort();
        assert_eq!(commands.len(), 32, "{commands:?}");
        commands.dedup();
        assert_eq!(commands.len(), 32);
    }

    #[test]
    fn civil_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }

    #[test]
    fn bench_latency_survives_later_runs() {
        let mut e = Evidence::default();
        let mut run = RunObservation::new("run");
        let mut k = KindObservation::new("T", "v1");
        (k.hv_median_nanos, k.dv_median_nanos) = (100, 300);
        run.kinds.push(k);
        e.merge(&run, "a");
        assert_eq!(e.kind("v1", "T").and_then(|k| k.dv_over_hv), Some(3.0));
        e.set_bench_latency("T", 0.7, "b");
        e.merge(&run, "c");
        let k = e.kind("v1", "T");
        assert_eq!(k.and_then(|k| k.dv_over_hv), Some(0.7));
        assert_eq!(k.map(|k| k.cases), Some(0));
    }

    /// A checkpointed campaign's observation after `cases` cases: one kind,
    /// two rules, the second with a distinct mismatch from 20 cases on.
    fn campaign(uid: &str, cases: u64) -> RunObservation {
        let mut run = RunObservation::new("fuzz");
        run.uid = uid.into();
        run.seed = Some(1);
        let mut k = KindObservation::new("T", "v1");
        k.cases = cases;
        k.mismatches = cases / 20;
        k.generators.insert(Generator::Fuzz);
        run.kinds.push(k);
        let mut a = RuleObservation::new("T/n/minimum", "T", "v1");
        a.reached = cases;
        a.fired_declarative = cases / 2;
        a.generators.insert(Generator::Fuzz);
        let mut b = RuleObservation::new("T/s/maxLength", "T", "v1");
        b.reached = cases / 4;
        b.mismatches = cases / 20;
        if cases >= 20 {
            b.attributed.push(Attribution {
                side: MismatchSide::Declarative,
                error_type: "FieldValueTooLong".into(),
                field: "s".into(),
                origin: "maxLength".into(),
                signature: "0badc0de".into(),
            });
            b.generators.insert(Generator::Fuzz);
        }
        run.rules.extend([a, b]);
        run
    }

    #[test]
    fn checkpoints_then_the_end_count_as_one_run() {
        let mut checkpointed = Evidence::default();
        checkpointed.merge(&campaign("c", 0), "t0");
        checkpointed.merge(&campaign("c", 10), "t1");
        checkpointed.merge(&campaign("c", 40), "t2");
        let id = checkpointed.merge(&campaign("c", 100), "t3");
        let mut once = Evidence::default();
        once.merge(&campaign("c", 100), "t0");
        assert_eq!(id, 1);
        assert_eq!(checkpointed, once);
        assert_eq!(checkpointed.runs.len(), 1);
        assert_eq!(checkpointed.runs[0].cases, 100);
        assert_eq!(checkpointed.rules["T/n/minimum"].reached, 100);
        assert_eq!(checkpointed.rules["T/n/minimum"].runs, 1);
        assert_eq!(checkpointed.kinds["v1/T"].mismatches, 5);
    }

    #[test]
    fn a_replaced_run_keeps_its_place_among_other_runs() {
        let mut e = Evidence::default();
        e.merge(&campaign("a", 10), "t1");
        e.merge(&campaign("b", 30), "t2");
        // `a` was still running; its next checkpoint replaces run 1.
        let id = e.merge(&campaign("a", 60), "t3");
        assert_eq!(id, 1);
        let uids: Vec<(u64, &str, &str)> = e
            .runs
            .iter()
            .map(|r| (r.id, r.uid.as_str(), r.at.as_str()))
            .collect();
        assert_eq!(uids, [(1, "a", "t1"), (2, "b", "t2")]);
        let rule = &e.rules["T/n/minimum"];
        assert_eq!((rule.reached, rule.runs), (90, 2));
        assert_eq!((rule.first_run, rule.last_run), (1, 2));
        assert_eq!(
            (rule.first_at.as_str(), rule.last_at.as_str()),
            ("t1", "t2")
        );
        assert_eq!(e.kinds["v1/T"].cases, 90);
        // The same as recording both finished runs in that order.
        let mut direct = Evidence::default();
        direct.merge(&campaign("a", 60), "t1");
        direct.merge(&campaign("b", 30), "t2");
        assert_eq!(e, direct);
    }

    #[test]
    fn different_uids_and_runs_without_uid_add_up() {
        let mut e = Evidence::default();
        e.merge(&campaign("a", 10), "t1");
        e.merge(&campaign("b", 10), "t2");
        e.merge(&campaign("", 10), "t3");
        e.merge(&campaign("", 10), "t4");
        assert_eq!(e.runs.len(), 4);
        assert_eq!(e.rules["T/n/minimum"].reached, 40);
        assert_eq!(e.rules["T/n/minimum"].runs, 4);
    }

    #[test]
    fn replacing_recomputes_unions_and_drops_what_only_it_reported() {
        let mut e = Evidence::default();
        e.merge(&campaign("a", 40), "t1");
        assert_eq!(e.rules["T/s/maxLength"].attributed.len(), 1);
        // The replacement saw fewer cases (a shorter observation): its
        // attribution and generators go, as does a rule only it listed.
        let mut extra = campaign("a", 40);
        extra
            .rules
            .push(RuleObservation::new("T/x/format", "T", "v1"));
        e.merge(&extra, "t2");
        assert!(e.rules.contains_key("T/x/format"));
        e.merge(&campaign("a", 10), "t3");
        assert!(!e.rules.contains_key("T/x/format"));
        let rule = &e.rules["T/s/maxLength"];
        assert!(rule.attributed.is_empty(), "{rule:?}");
        assert!(rule.generators.is_empty(), "{rule:?}");
        // A kind no run lists any more is gone.
        let mut other = RunObservation::new("run");
        other.uid = "a".into();
        e.merge(&other, "t4");
        assert!(e.kinds.is_empty() && e.rules.is_empty(), "{e:?}");
        assert_eq!(e.runs.len(), 1);
    }

    #[test]
    fn replacing_keeps_unions_a_legacy_file_cannot_explain() {
        let mut e = Evidence::default();
        e.merge(&campaign("", 40), "t1");
        // Written before runs kept their rule counters.
        e.runs[0].rules.clear();
        e.merge(&campaign("a", 40), "t2");
        e.merge(&campaign("a", 10), "t3");
        let rule = &e.rules["T/s/maxLength"];
        assert_eq!(rule.reached, 12);
        assert_eq!(rule.attributed.len(), 1);
        assert_eq!(rule.runs, 2);
    }

    #[test]
    fn record_run_of_one_uid_leaves_one_entry() {
        let dir = tempfile::tempdir().unwrap();
        for cases in [5, 50, 500] {
            record_run(
                dir.path(),
                &campaign("local-1:fuzz:seed-1:shard-1-of-1", cases),
            )
            .unwrap();
        }
        record_run(dir.path(), &campaign("other", 1)).unwrap();
        let e = Evidence::read(dir.path()).unwrap();
        assert_eq!(e.runs.len(), 2);
        assert_eq!(e.runs[0].cases, 500);
        assert_eq!(e.kinds["v1/T"].cases, 501);
    }

    #[test]
    fn a_live_writers_temporary_file_is_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        // pid 1 always runs; 99999999 is above any pid_max.
        let live = dir.path().join(".evidence.json.1.tmp");
        let dead = dir.path().join(".evidence.json.99999999.tmp");
        std::fs::write(&live, "{").unwrap();
        std::fs::write(&dead, "{").unwrap();
        let removed = remove_stale_temporaries(dir.path());
        assert!(removed.contains(&".evidence.json.99999999.tmp".to_string()));
        assert!(!dead.exists());
        // Where /proc tells that pid 1 runs, its file stays.
        assert_eq!(live.exists(), Path::new("/proc/1").exists());
    }

    #[test]
    fn newer_format_is_refused() {
        let text = r#"{"format": 99, "runs": [], "rules": {}, "kinds": {}}"#;
        assert!(matches!(
            Evidence::parse(text, "e"),
            Err(EvidenceError::Format { found: 99, .. })
        ));
    }
}
