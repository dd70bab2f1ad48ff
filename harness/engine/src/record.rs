//! Recording outcomes: Kubernetes' validation counters (with their metric
//! names and the `validation_identifier` label) written as Prometheus text,
//! a mismatch log (`mismatches.jsonl`, one line per new distinct mismatch
//! signature, appended and flushed as found) and a reproducer case file per
//! signature under `corpus/<group>/<version>/<Kind>/regressions/`.

use crate::compare::Verdict;
use crate::engine::Outcome;
use serde_json::{Value, json};
use std::collections::{BTreeMap, HashSet};
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

/// `apiserver_validation_declarative_validation_mismatch_total`.
pub const MISMATCH_TOTAL: &str = "apiserver_validation_declarative_validation_mismatch_total";
/// `apiserver_validation_declarative_validation_parity_discrepancies_total`.
pub const PARITY_DISCREPANCIES_TOTAL: &str =
    "apiserver_validation_declarative_validation_parity_discrepancies_total";
/// `apiserver_validation_declarative_validation_panic_total`.
pub const PANIC_TOTAL: &str = "apiserver_validation_declarative_validation_panic_total";
/// `apiserver_validation_declarative_validation_panics_total`.
pub const PANICS_TOTAL: &str = "apiserver_validation_declarative_validation_panics_total";
/// `apiserver_validation_duplicate_validation_error_total`.
pub const DUPLICATE_TOTAL: &str = "apiserver_validation_duplicate_validation_error_total";

/// `dv_harness_case_faults_total`: cases whose validator did not finish
/// (verdict `hang` or `crash`), by verdict and validation identifier. Not a
/// Kubernetes metric: an API server has no per-request time limit or
/// process isolation for its validators.
pub const FAULTS_TOTAL: &str = "dv_harness_case_faults_total";

/// Kubernetes' validation counters, and dv-harness' own count of hangs and crashes.
///
/// ```
/// use dv_harness_engine::record::ValidationMetrics;
/// let mut m = ValidationMetrics::default();
/// m.inc_mismatch("replicationcontroller_create");
/// m.inc_panic("replicationcontroller_create");
/// let text = m.render_prometheus();
/// assert!(text.contains("apiserver_validation_declarative_validation_mismatch_total 1\n"));
/// assert!(text.contains(
///   "apiserver_validation_declarative_validation_panics_total{validation_identifier=\"replicationcontroller_create\"} 1\n"));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ValidationMetrics {
    /// `declarative_validation_mismatch_total`.
    pub mismatch_total: u64,
    /// `declarative_validation_parity_discrepancies_total` by identifier.
    pub parity_discrepancies: BTreeMap<String, u64>,
    /// `declarative_validation_panic_total`.
    pub panic_total: u64,
    /// `declarative_validation_panics_total` by identifier.
    pub panics: BTreeMap<String, u64>,
    /// `duplicate_validation_error_total`.
    pub duplicate_total: u64,
    /// Hangs and crashes by (verdict, validation identifier) ([`FAULTS_TOTAL`]).
    pub faults: BTreeMap<(String, String), u64>,
}

impl ValidationMetrics {
    /// `IncDeclarativeValidationMismatchMetric`: both mismatch counters.
    ///
    /// ```
    /// let mut m = dv_harness_engine::record::ValidationMetrics::default();
    /// m.inc_mismatch("x_create");
    /// assert_eq!(m.parity_discrepancies["x_create"], 1);
    /// ```
    pub fn inc_mismatch(&mut self, identifier: &str) {
        self.mismatch_total += 1;
        *self
            .parity_discrepancies
            .entry(identifier.to_string())
            .or_default() += 1;
    }

    /// `IncDeclarativeValidationPanicMetric`: both panic counters.
    ///
    /// ```
    /// let mut m = dv_harness_engine::record::ValidationMetrics::default();
    /// m.inc_panic("x_update");
    /// assert_eq!(m.panic_total, 1);
    /// ```
    pub fn inc_panic(&mut self, identifier: &str) {
        self.panic_total += 1;
        *self.panics.entry(identifier.to_string()).or_default() += 1;
    }

    /// Counts what Kubernetes would count for one outcome: one mismatch per
    /// log line when the mismatch check runs, one panic when DV ran and
    /// panicked, and the duplicate errors of an update's returned list.
    ///
    /// ```
    /// use dv_harness_engine::{case::Case, engine::{Engine, EngineSettings}};
    /// use declarative::api::core::v1::ReplicationController;
    /// let rc = dv_harness_engine::pair!("v1", "ReplicationController", ReplicationController,
    ///     handwritten::core::v1::replication_controller);
    /// let engine = Engine::new(&rc, EngineSettings::default());
    /// let obj: ReplicationController = serde_json::from_value(serde_json::json!({
    ///     "metadata": {"name": "web", "namespace": "default"},
    ///     "spec": {"replicas": -1, "selector": {"app": "web"}}})).unwrap();
    /// let outcome = engine.check(&Case::create(obj));
    /// let mut m = dv_harness_engine::record::ValidationMetrics::default();
    /// m.observe(&outcome);
    /// assert_eq!(m.mismatch_total, outcome.comparison.mismatch_details.len() as u64);
    /// assert_eq!(m.panic_total, 0);
    /// ```
    pub fn observe(&mut self, outcome: &Outcome) {
        let id = &outcome.validation_identifier;
        if outcome.kubernetes.mismatch_checked {
            for _ in &outcome.comparison.mismatch_details {
                self.inc_mismatch(id);
            }
        }
        if outcome.kubernetes.declarative_ran && outcome.declarative.panic.is_some() {
            self.inc_panic(id);
        }
        self.duplicate_total += outcome.kubernetes.duplicate_errors as u64;
        let verdict = outcome.comparison.verdict;
        if matches!(verdict, Verdict::Hang | Verdict::Crash) {
            *self
                .faults
                .entry((verdict.as_str().to_string(), id.clone()))
                .or_default() += 1;
        }
    }

    /// The Prometheus text exposition, with Kubernetes' help texts and
    /// stability prefixes.
    ///
    /// ```
    /// let text = dv_harness_engine::record::ValidationMetrics::default().render_prometheus();
    /// assert!(text.starts_with("# HELP apiserver_validation_declarative_validation_mismatch_total [BETA] "));
    /// ```
    pub fn render_prometheus(&self) -> String {
        let mut out = String::new();
        counter(
            &mut out,
            MISMATCH_TOTAL,
            "[BETA] Number of times declarative validation results differed from handwritten validation results for core types.",
            self.mismatch_total,
        );
        counter_vec(
            &mut out,
            PARITY_DISCREPANCIES_TOTAL,
            "[ALPHA] Number of discrepancies between declarative and handwritten validation, broken down by validation identifier.",
            &self.parity_discrepancies,
        );
        counter(
            &mut out,
            PANIC_TOTAL,
            "[BETA] Number of times declarative validation has panicked during validation.",
            self.panic_total,
        );
        counter_vec(
            &mut out,
            PANICS_TOTAL,
            "[ALPHA] Number of panics in declarative validation, broken down by validation identifier.",
            &self.panics,
        );
        counter(
            &mut out,
            DUPLICATE_TOTAL,
            "[INTERNAL] Number of duplicate validation errors during validation.",
            self.duplicate_total,
        );
        out.push_str(&format!(
            "# HELP {FAULTS_TOTAL} [dv-harness] Number of cases whose validator ran past the case time limit (hang) or killed its worker (crash), broken down by verdict and validation identifier.\n# TYPE {FAULTS_TOTAL} counter\n"
        ));
        for ((verdict, id), v) in &self.faults {
            out.push_str(&format!(
                "{FAULTS_TOTAL}{{verdict=\"{verdict}\",validation_identifier=\"{}\"}} {v}\n",
                escape_label(id)
            ));
        }
        out
    }
}

fn counter(out: &mut String, name: &str, help: &str, value: u64) {
    out.push_str(&format!(
        "# HELP {name} {help}\n# TYPE {name} counter\n{name} {value}\n"
    ));
}

fn counter_vec(out: &mut String, name: &str, help: &str, values: &BTreeMap<String, u64>) {
    out.push_str(&format!("# HELP {name} {help}\n# TYPE {name} counter\n"));
    for (id, v) in values {
        let label = escape_label(id);
        out.push_str(&format!(
            "{name}{{validation_identifier=\"{label}\"}} {v}\n"
        ));
    }
}

/// A Prometheus label value with `\`, `"` and newlines escaped.
fn escape_label(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

/// Why recording failed.
#[derive(Debug, thiserror::Error)]
#[error("{path}: {source}")]
pub struct RecordError {
    /// The file or directory concerned.
    pub path: String,
    /// The I/O error.
    #[source]
    pub source: std::io::Error,
}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> RecordError + '_ {
    move |source| RecordError {
        path: path.display().to_string(),
        source,
    }
}

/// Writes `contents` to `path` atomically: a temporary file in the same
/// directory, then a rename over the target.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let p = dir.path().join("m.prom");
/// dv_harness_engine::record::write_atomically(&p, "a 1\n").unwrap();
/// dv_harness_engine::record::write_atomically(&p, "a 2\n").unwrap();
/// assert_eq!(std::fs::read_to_string(&p).unwrap(), "a 2\n");
/// ```
pub fn write_atomically(path: &Path, contents: &str) -> Result<(), RecordError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(io_err(dir))?;
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".to_string());
    let tmp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    {
        let mut f = File::create(&tmp).map_err(io_err(&tmp))?;
        f.write_all(contents.as_bytes()).map_err(io_err(&tmp))?;
        f.sync_all().map_err(io_err(&tmp))?;
    }
    std::fs::rename(&tmp, path).map_err(io_err(path))
}

/// The corpus directory of a kind, as the committed corpus lays it out:
/// `core` for the core group, else the full group name, then the version
/// and the kind.
///
/// ```
/// use dv_harness_engine::record::kind_dir;
/// assert_eq!(kind_dir("v1", "ReplicationController"), "core/v1/ReplicationController");
/// assert_eq!(kind_dir("certificates.k8s.io/v1", "CertificateSigningRequest"),
///            "certificates.k8s.io/v1/CertificateSigningRequest");
/// ```
pub fn kind_dir(api_version: &str, kind: &str) -> String {
    let (group, version) = match api_version.rsplit_once('/') {
        Some((g, v)) => (g, v),
        None => ("core", api_version),
    };
    format!("{group}/{version}/{kind}")
}

/// A stable signature of a mismatch: kind, operation, subresource, verdict,
/// panicking sides and the matcher renderings of the unpaired errors
/// (sorted), hashed (FNV-1a, 64 bits, hex).
///
/// ```
/// use dv_harness_engine::{case::Case, engine::{Engine, EngineSettings}};
/// use declarative::api::core::v1::ReplicationController;
/// let rc = dv_harness_engine::pair!("v1", "ReplicationController", ReplicationController,
///     handwritten::core::v1::replication_controller);
/// let engine = Engine::new(&rc, EngineSettings::default());
/// let obj: ReplicationController = serde_json::from_value(serde_json::json!({
///     "metadata": {"name": "web", "namespace": "default"},
///     "spec": {"replicas": -1, "selector": {"app": "web"}}})).unwrap();
/// let outcome = engine.check(&Case::create(obj));
/// let sig = dv_harness_engine::record::signature(&outcome);
/// assert_eq!(sig.len(), 16);
/// assert_eq!(sig, dv_harness_engine::record::signature(&outcome.clone()));
/// ```
pub fn signature(outcome: &Outcome) -> String {
    let mut parts: Vec<String> = Vec::new();
    parts.push(outcome.api_version.clone());
    parts.push(outcome.kind.clone());
    parts.push(outcome.operation.as_str().to_string());
    parts.push(outcome.subresource.clone());
    parts.push(outcome.comparison.verdict.as_str().to_string());
    parts.push(format!(
        "panic:{}{}",
        outcome.handwritten.panic.is_some(),
        outcome.declarative.panic.is_some()
    ));
    let render = |side: &str, e: &apimachinery::field::Error| {
        format!("{side}|{}|{}|{}", e.error_type.as_str(), e.field, e.origin)
    };
    let mut errs: Vec<String> = outcome
        .comparison
        .only_handwritten
        .iter()
        .map(|e| render("hv", e))
        .chain(
            outcome
                .comparison
                .only_declarative
                .iter()
                .map(|e| render("dv", e)),
        )
        .collect();
    errs.sort();
    parts.extend(errs);
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in parts.join("\n").bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    format!("{hash:016x}")
}

/// Where a recorder writes.
///
/// ```
/// let cfg = dv_harness_engine::record::RecorderConfig::new("reports", "corpus");
/// assert_eq!(cfg.metrics_file(), std::path::Path::new("reports/metrics.prom"));
/// ```
#[derive(Debug, Clone)]
pub struct RecorderConfig {
    /// `reports/`: metrics.prom and mismatches.jsonl.
    pub reports_dir: PathBuf,
    /// `corpus/`: regression reproducers.
    pub corpus_dir: PathBuf,
}

impl RecorderConfig {
    /// A configuration with the two directories.
    ///
    /// ```
    /// let cfg = dv_harness_engine::record::RecorderConfig::new("/tmp/r", "/tmp/c");
    /// assert_eq!(cfg.corpus_dir, std::path::PathBuf::from("/tmp/c"));
    /// ```
    pub fn new(reports_dir: impl Into<PathBuf>, corpus_dir: impl Into<PathBuf>) -> RecorderConfig {
        RecorderConfig {
            reports_dir: reports_dir.into(),
            corpus_dir: corpus_dir.into(),
        }
    }

    /// `<reports>/metrics.prom`.
    ///
    /// ```
    /// let cfg = dv_harness_engine::record::RecorderConfig::new("out", "c");
    /// assert!(cfg.metrics_file().ends_with("metrics.prom"));
    /// ```
    pub fn metrics_file(&self) -> PathBuf {
        self.reports_dir.join("metrics.prom")
    }

    /// `<reports>/mismatches.jsonl`.
    ///
    /// ```
    /// let cfg = dv_harness_engine::record::RecorderConfig::new("r", "c");
    /// assert!(cfg.mismatch_log().ends_with("mismatches.jsonl"));
    /// ```
    pub fn mismatch_log(&self) -> PathBuf {
        self.reports_dir.join("mismatches.jsonl")
    }
}

/// A newly seen mismatch.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewMismatch {
    /// Its signature.
    pub signature: String,
    /// The reproducer written, or `None` if one already existed.
    pub reproducer: Option<PathBuf>,
}

/// Accumulates metrics and logs new mismatches.
///
/// ```
/// use dv_harness_engine::record::{Recorder, RecorderConfig};
/// let dir = tempfile::tempdir().unwrap();
/// let mut rec = Recorder::open(RecorderConfig::new(dir.path().join("reports"), dir.path().join("corpus"))).unwrap();
/// rec.write_metrics().unwrap();
/// assert!(dir.path().join("reports/metrics.prom").exists());
/// ```
pub struct Recorder {
    config: RecorderConfig,
    metrics: ValidationMetrics,
    seen: HashSet<String>,
    log: Option<File>,
}

impl Recorder {
    /// Opens a recorder; signatures already in the mismatch log count as seen.
    ///
    /// ```
    /// use dv_harness_engine::record::{Recorder, RecorderConfig};
    /// let dir = tempfile::tempdir().unwrap();
    /// let rec = Recorder::open(RecorderConfig::new(dir.path().join("r"), dir.path().join("c"))).unwrap();
    /// assert_eq!(rec.metrics().mismatch_total, 0);
    /// ```
    pub fn open(config: RecorderConfig) -> Result<Recorder, RecordError> {
        let mut seen = HashSet::new();
        let log_path = config.mismatch_log();
        if let Ok(f) = File::open(&log_path) {
            for line in BufReader::new(f).lines() {
                let line = line.map_err(io_err(&log_path))?;
                if let Ok(v) = serde_json::from_str::<Value>(&line)
                    && let Some(sig) = v.get("signature").and_then(Value::as_str)
                {
                    seen.insert(sig.to_string());
                }
            }
        }
        Ok(Recorder {
            config,
            metrics: ValidationMetrics::default(),
            seen,
            log: None,
        })
    }

    /// The counters so far.
    ///
    /// ```
    /// use dv_harness_engine::record::{Recorder, RecorderConfig};
    /// let dir = tempfile::tempdir().unwrap();
    /// let rec = Recorder::open(RecorderConfig::new(dir.path(), dir.path())).unwrap();
    /// assert!(rec.metrics().parity_discrepancies.is_empty());
    /// ```
    pub fn metrics(&self) -> &ValidationMetrics {
        &self.metrics
    }

    /// Records one outcome: counters, and for a mismatch or panic with a new
    /// signature, a line appended (and flushed) to the mismatch log and a
    /// reproducer written (never overwriting an existing file).
    /// `case_json` is the case in file form and `case_text` the same as
    /// text ([`crate::case::Case::to_file_text`]), when there is one: a
    /// member kept as the bytes received (`runtime.RawExtension`) is only
    /// exact there. The reproducer is then that text (its `notes` set),
    /// and the log line carries it as `caseText` next to `case`; without
    /// it, both are written from `case_json`.
    ///
    /// ```
    /// use dv_harness_engine::{case::Case, engine::{Engine, EngineSettings}};
    /// use declarative::api::core::v1::ReplicationController;
    /// let rc = dv_harness_engine::pair!("v1", "ReplicationController", ReplicationController,
    ///     handwritten::core::v1::replication_controller);
    /// let engine = Engine::new(&rc, EngineSettings::default());
    /// let obj: ReplicationController = serde_json::from_value(serde_json::json!({
    ///     "metadata": {"name": "web", "namespace": "default"},
    ///     "spec": {"replicas": -1, "selector": {"app": "web"}}})).unwrap();
    /// let outcome = engine.check(&Case::create(obj));
    /// use dv_harness_engine::record::{Recorder, RecorderConfig};
    /// let dir = tempfile::tempdir().unwrap();
    /// let mut rec = Recorder::open(RecorderConfig::new(dir.path().join("r"), dir.path().join("c"))).unwrap();
    /// let case_json = serde_json::json!({"kind": "ReplicationController", "apiVersion": "v1"});
    /// let new = rec.observe(&outcome, &case_json, None).unwrap();
    /// assert_eq!(new.is_some(), !outcome.comparison.verdict.eq(&dv_harness_engine::compare::Verdict::Equal));
    /// // The same signature is never logged twice.
    /// assert!(rec.observe(&outcome, &case_json, None).unwrap().is_none());
    /// ```
    pub fn observe(
        &mut self,
        outcome: &Outcome,
        case_json: &Value,
        case_text: Option<&str>,
    ) -> Result<Option<NewMismatch>, RecordError> {
        self.metrics.observe(outcome);
        if outcome.comparison.verdict == Verdict::Equal {
            return Ok(None);
        }
        let sig = signature(outcome);
        if !self.seen.insert(sig.clone()) {
            return Ok(None);
        }
        let reproducer = self.write_reproducer(outcome, &sig, case_json, case_text)?;
        let mut line = json!({
            "signature": sig,
            "kind": outcome.kind,
            "apiVersion": outcome.api_version,
            "verdict": outcome.comparison.verdict,
            "case": case_json,
            "handwritten": outcome.handwritten,
            "declarative": outcome.declarative,
            "diff": {
                "onlyHandwritten": outcome.comparison.only_handwritten,
                "onlyDeclarative": outcome.comparison.only_declarative,
                "details": outcome.comparison.mismatch_details,
            },
            "reproducer": reproducer.as_ref().map(|p| p.display().to_string()),
        });
        if let (Some(text), Value::Object(m)) = (case_text, &mut line) {
            m.insert("caseText".into(), Value::from(text));
        }
        let log_path = self.config.mismatch_log();
        if self.log.is_none() {
            std::fs::create_dir_all(&self.config.reports_dir)
                .map_err(io_err(&self.config.reports_dir))?;
            let f = OpenOptions::new()
                .create(true)
                .append(true)
                .open(&log_path)
                .map_err(io_err(&log_path))?;
            self.log = Some(f);
        }
        if let Some(f) = self.log.as_mut() {
            writeln!(f, "{line}").map_err(io_err(&log_path))?;
            f.flush().map_err(io_err(&log_path))?;
        }
        Ok(Some(NewMismatch {
            signature: sig,
            reproducer,
        }))
    }

    fn write_reproducer(
        &self,
        outcome: &Outcome,
        sig: &str,
        case_json: &Value,
        case_text: Option<&str>,
    ) -> Result<Option<PathBuf>, RecordError> {
        let dir = self
            .config
            .corpus_dir
            .join(kind_dir(&outcome.api_version, &outcome.kind))
            .join("regressions");
        std::fs::create_dir_all(&dir).map_err(io_err(&dir))?;
        let path = dir.join(format!("{sig}.json"));
        let notes = format!(
            "dv-harness reproducer {sig}: verdict {} under semantics {}",
            outcome.comparison.verdict.as_str(),
            outcome.semantics
        );
        let text = match case_text.and_then(|t| crate::case::with_notes(t, &notes)) {
            Some(text) => text,
            None => {
                let mut doc = case_json.clone();
                if let Value::Object(m) = &mut doc {
                    m.insert("notes".into(), Value::from(notes));
                }
                serde_json::to_string_pretty(&doc).unwrap_or_else(|_| doc.to_string())
            }
        };
        match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(mut f) => {
                f.write_all(text.as_bytes()).map_err(io_err(&path))?;
                f.write_all(b"\n").map_err(io_err(&path))?;
                Ok(Some(path))
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(None),
            Err(e) => Err(io_err(&path)(e)),
        }
    }

    /// Writes `metrics.prom` atomically.
    ///
    /// ```
    /// use dv_harness_engine::record::{Recorder, RecorderConfig};
    /// let dir = tempfile::tempdir().unwrap();
    /// let rec = Recorder::open(RecorderConfig::new(dir.path().join("r"), dir.path().join("c"))).unwrap();
    /// let path = rec.write_metrics().unwrap();
    /// assert!(std::fs::read_to_string(path).unwrap().contains("# TYPE apiserver_validation_declarative_validation_panic_total counter"));
    /// ```
    pub fn write_metrics(&self) -> Result<PathBuf, RecordError> {
        let path = self.config.metrics_file();
        write_atomically(&path, &self.metrics.render_prometheus())?;
        Ok(path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::compare::Comparison;
    use crate::engine::{KubernetesView, SideResult};
    use apimachinery::field::{Error, ErrorList};
    use apimachinery::operation::Operation;

    fn outcome(verdict: Verdict, field: &str) -> Outcome {
        let e = Error::required(&apimachinery::field::Path::new(field), "").mark_beta();
        Outcome {
            kind: "ReplicationController".into(),
            api_version: "v1".into(),
            operation: Operation::Create,
            subresource: String::new(),
            prepared: true,
            registry: false,
            semantics: "1.37".into(),
            validation_identifier: "replicationcontroller_create".into(),
            handwritten: SideResult::default(),
            declarative: SideResult {
                errors: ErrorList::from(e.clone()),
                panic: None,
                nanos: 1,
            },
            comparison: Comparison {
                verdict,
                only_declarative: if verdict == Verdict::Equal {
                    ErrorList::new()
                } else {
                    ErrorList::from(e)
                },
                mismatch_details: if verdict == Verdict::Equal {
                    vec![]
                } else {
                    vec!["detail".into()]
                },
                ..Comparison::default()
            },
            returned: ErrorList::new(),
            expected: None,
            kubernetes: KubernetesView {
                declarative_ran: true,
                mismatch_checked: true,
                duplicate_errors: 0,
            },
        }
    }

    fn recorder(dir: &Path) -> Recorder {
        Recorder::open(RecorderConfig::new(dir.join("reports"), dir.join("corpus"))).unwrap()
    }

    /// A DeviceClass case file of the corpus.
    fn device_class_case(name: &str) -> String {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../corpus/resource.k8s.io/v1/DeviceClass/seed")
            .join(name);
        std::fs::read_to_string(path).unwrap()
    }

    /// Records `text`'s outcome (marked as a finding: only findings are
    /// recorded) in `dir`, with the case's text or without it, and returns
    /// the reproducer and the log line.
    fn record_case(dir: &Path, checked: &crate::pair::Checked, with_text: bool) -> (String, Value) {
        let mut finding = checked.outcome.clone();
        finding.comparison.verdict = Verdict::DeclarativeStricter;
        let mut rec = recorder(dir);
        let text = with_text.then_some(checked.case_text.as_str());
        let new = rec
            .observe(&finding, &checked.case_json, text)
            .unwrap()
            .unwrap();
        let reproducer = std::fs::read_to_string(new.reproducer.unwrap()).unwrap();
        let log = std::fs::read_to_string(dir.join("reports/mismatches.jsonl")).unwrap();
        let line = serde_json::from_str(log.lines().next().unwrap()).unwrap();
        (reproducer, line)
    }

    #[test]
    fn a_recorded_case_replays_with_the_bytes_of_its_raw_members() {
        use crate::engine::EngineSettings;
        use crate::pair::DynPair;
        let pair = crate::pair!(
            "resource.k8s.io/v1",
            "DeviceClass",
            declarative::api::resource::v1::DeviceClass,
            handwritten::resource::v1::device_class
        );
        let settings = EngineSettings::default();
        let fields = |o: &Outcome| -> Vec<String> {
            o.handwritten
                .errors
                .iter()
                .map(|e| format!("{}:{}", e.error_type.as_str(), e.field))
                .collect()
        };
        let check = |text: &str| pair.check_text("case.json", text, &settings).unwrap();
        let too_long = "FieldValueTooLong:spec.config[0].opaque.parameters";
        // One byte over the limit only through the space inside the
        // parameters; exactly at the limit, written without whitespace.
        for (file, errors) in [
            (
                "k8s-testvalidateclassupdate-invalid-config-too-large.json",
                vec![too_long; 2],
            ),
            ("create-parameters-at-limit.json", vec![]),
        ] {
            let checked = check(&device_class_case(file));
            assert_eq!(fields(&checked.outcome), errors, "{file}");
            let dir = tempfile::tempdir().unwrap();
            let (reproducer, line) = record_case(dir.path(), &checked, true);
            assert!(reproducer.contains("dv-harness reproducer"), "{reproducer}");
            let replayed = check(&reproducer).outcome;
            assert_eq!(fields(&replayed), errors, "{file}");
            assert_eq!(replayed.returned, checked.outcome.returned, "{file}");
            // The log line carries the same text, and the case as a value.
            assert_eq!(line["case"], checked.case_json, "{file}");
            let logged = check(line["caseText"].as_str().unwrap()).outcome;
            assert_eq!(fields(&logged), errors, "{file}");
        }
        // Written from the value alone, the parameters are pretty-printed:
        // whitespace added inside them puts them over the limit.
        let checked = check(&device_class_case("create-parameters-at-limit.json"));
        let dir = tempfile::tempdir().unwrap();
        let (lossy, line) = record_case(dir.path(), &checked, false);
        assert_eq!(fields(&check(&lossy).outcome), [too_long]);
        assert!(line.get("caseText").is_none());
    }

    #[test]
    fn new_signatures_are_logged_once_and_flushed() {
        let dir = tempfile::tempdir().unwrap();
        let mut rec = recorder(dir.path());
        let case = json!({"kind": "ReplicationController", "apiVersion": "v1", "object": {}});
        let first = rec
            .observe(&outcome(Verdict::DeclarativeStricter, "a"), &case, None)
            .unwrap();
        assert!(first.is_some());
        // Flushed: readable before the recorder is dropped.
        let log = std::fs::read_to_string(dir.path().join("reports/mismatches.jsonl")).unwrap();
        assert_eq!(log.lines().count(), 1);
        let again = rec
            .observe(&outcome(Verdict::DeclarativeStricter, "a"), &case, None)
            .unwrap();
        assert!(again.is_none());
        rec.observe(&outcome(Verdict::DeclarativeStricter, "b"), &case, None)
            .unwrap();
        rec.observe(&outcome(Verdict::Equal, "c"), &case, None)
            .unwrap();
        let log = std::fs::read_to_string(dir.path().join("reports/mismatches.jsonl")).unwrap();
        assert_eq!(log.lines().count(), 2);
        let line: Value = serde_json::from_str(log.lines().next().unwrap()).unwrap();
        assert_eq!(line["diff"]["onlyDeclarative"][0]["field"], "a");
        assert_eq!(line["case"]["kind"], "ReplicationController");
        assert_eq!(rec.metrics().mismatch_total, 3);
        assert_eq!(
            rec.metrics().parity_discrepancies["replicationcontroller_create"],
            3
        );

        // A new recorder appends and remembers earlier signatures.
        let mut rec2 = recorder(dir.path());
        assert!(
            rec2.observe(&outcome(Verdict::DeclarativeStricter, "a"), &case, None)
                .unwrap()
                .is_none()
        );
        rec2.observe(&outcome(Verdict::DeclarativeStricter, "d"), &case, None)
            .unwrap();
        let log = std::fs::read_to_string(dir.path().join("reports/mismatches.jsonl")).unwrap();
        assert_eq!(log.lines().count(), 3);
    }

    #[test]
    fn reproducers_never_overwrite() {
        let dir = tempfile::tempdir().unwrap();
        let o = outcome(Verdict::DeclarativeStricter, "a");
        let sig = signature(&o);
        let regressions = dir
            .path()
            .join("corpus/core/v1/ReplicationController/regressions");
        std::fs::create_dir_all(&regressions).unwrap();
        let existing = regressions.join(format!("{sig}.json"));
        std::fs::write(&existing, "hand-edited").unwrap();
        let mut rec = recorder(dir.path());
        let new = rec
            .observe(&o, &json!({"kind": "ReplicationController"}), None)
            .unwrap()
            .unwrap();
        assert_eq!(new.reproducer, None);
        assert_eq!(std::fs::read_to_string(&existing).unwrap(), "hand-edited");

        let o2 = outcome(Verdict::DeclarativeStricter, "z");
        let new = rec
            .observe(&o2, &json!({"kind": "ReplicationController"}), None)
            .unwrap()
            .unwrap();
        let path = new.reproducer.unwrap();
        let written: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        assert!(
            written["notes"]
                .as_str()
                .unwrap()
                .contains("declarativeStricter")
        );
    }

    #[test]
    fn metrics_file_is_replaced_atomically() {
        let dir = tempfile::tempdir().unwrap();
        let mut rec = recorder(dir.path());
        let path = rec.write_metrics().unwrap();
        assert!(
            std::fs::read_to_string(&path)
                .unwrap()
                .contains(&format!("{MISMATCH_TOTAL} 0\n"))
        );
        rec.observe(
            &outcome(Verdict::DeclarativeStricter, "a"),
            &json!({}),
            None,
        )
        .unwrap();
        rec.write_metrics().unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(&format!("{MISMATCH_TOTAL} 1\n")));
        // No temporary file is left behind.
        let names: Vec<_> = std::fs::read_dir(dir.path().join("reports"))
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
    }

    #[test]
    fn hangs_and_crashes_are_counted_by_verdict() {
        let mut m = ValidationMetrics::default();
        m.observe(&outcome(Verdict::Hang, "a"));
        m.observe(&outcome(Verdict::Crash, "a"));
        m.observe(&outcome(Verdict::Crash, "a"));
        m.observe(&outcome(Verdict::Panic, "a"));
        let id = outcome(Verdict::Hang, "a").validation_identifier;
        let text = m.render_prometheus();
        assert!(text.contains(&format!(
            "dv_harness_case_faults_total{{verdict=\"crash\",validation_identifier=\"{id}\"}} 2\n"
        )));
        assert!(text.contains(&format!(
            "dv_harness_case_faults_total{{verdict=\"hang\",validation_identifier=\"{id}\"}} 1\n"
        )));
    }

    #[test]
    fn panic_counted_only_when_declarative_ran() {
        let mut m = ValidationMetrics::default();
        let mut o = outcome(Verdict::Panic, "a");
        o.declarative.panic = Some("boom".into());
        m.observe(&o);
        assert_eq!(m.panic_total, 1);
        o.kubernetes.declarative_ran = false;
        o.kubernetes.mismatch_checked = false;
        m.observe(&o);
        assert_eq!(m.panic_total, 1);
        assert_eq!(m.mismatch_total, 1);
    }
}
