//! The fuzz oracles: a case is run through [`JsonEngine::check_json_verdict`] (the
//! engine, with the equivalence file's normalisation rules and reviewed
//! exceptions) and any verdict other than `equal` — a mismatch or a
//! validator panic — is a finding. [`run_target`] is what every
//! `fuzz/fuzz_targets/*.rs` calls: it prints a finding as a case file on
//! stderr, then panics so libFuzzer saves the input as an artifact.

use super::input::StructuredInput;
use dv_harness_engine::case::{Case, CaseProblem};
use dv_harness_engine::compare::Verdict;
use dv_harness_engine::engine::{EngineSettings, Outcome};
use dv_harness_engine::normalize::Equivalence;
use dv_harness_engine::pair::{DynPair, JsonEngine, Pair};
use dv_harness_engine::record::signature;
use dv_harness_generate::corpus::Corpus;
use dv_harness_generate::plan::{GenerateError, Generator};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The bundled real kinds that have fuzz targets (the real kinds of
/// [`dv_harness_kinds::register_all`], in its order).
pub const KINDS: &[&str] = dv_harness_kinds::REAL_KINDS;

/// How a target reads its bytes.
///
/// ```
/// use dv_harness_oracles::fuzz::oracle::Mode;
/// assert_eq!(Mode::Json.suffix(), "json");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mode {
    /// `arbitrary`'s encoding of a [`StructuredInput`].
    Structured,
    /// The JSON bytes of the object (checked on create and on an unchanged update).
    Json,
}

impl Mode {
    /// The target-name suffix.
    ///
    /// ```
    /// assert_eq!(dv_harness_oracles::fuzz::oracle::Mode::Structured.suffix(), "structured");
    /// ```
    pub const fn suffix(self) -> &'static str {
        match self {
            Mode::Structured => "structured",
            Mode::Json => "json",
        }
    }
}

/// The target name of a kind and mode: the kind in snake case and the mode.
///
/// ```
/// use dv_harness_oracles::fuzz::oracle::{Mode, target_name};
/// assert_eq!(target_name("ReplicationController", Mode::Structured), "replication_controller_structured");
/// assert_eq!(target_name("CSIDriver", Mode::Json), "csi_driver_json");
/// assert_eq!(target_name("IPAddress", Mode::Json), "ip_address_json");
/// ```
pub fn target_name(kind: &str, mode: Mode) -> String {
    let chars: Vec<char> = kind.chars().collect();
    let mut out = String::new();
    for (i, c) in chars.iter().enumerate() {
        let next_lower = chars.get(i + 1).is_some_and(|n| n.is_lowercase());
        let prev_lower = i > 0 && chars[i - 1].is_lowercase();
        if c.is_uppercase() && i > 0 && (prev_lower || next_lower) {
            out.push('_');
        }
        out.extend(c.to_lowercase());
    }
    format!("{out}_{}", mode.suffix())
}

/// Every target: (name, kind, mode), structured then JSON per kind.
///
/// ```
/// assert_eq!(dv_harness_oracles::fuzz::oracle::targets().len(), 22);
/// ```
pub fn targets() -> Vec<(String, &'static str, Mode)> {
    KINDS
        .iter()
        .flat_map(|k| [Mode::Structured, Mode::Json].map(|m| (target_name(k, m), *k, m)))
        .collect()
}

/// A target name that names no target.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown fuzz target {0:?} (targets are <kind in snake case>_structured and _json)")]
pub struct UnknownTarget(pub String);

/// The kind and mode of a target name.
///
/// ```
/// use dv_harness_oracles::fuzz::oracle::{Mode, parse_target};
/// assert_eq!(parse_target("storage_class_json").unwrap(), ("StorageClass", Mode::Json));
/// assert!(parse_target("nope").is_err());
/// ```
pub fn parse_target(name: &str) -> Result<(&'static str, Mode), UnknownTarget> {
    targets()
        .into_iter()
        .find(|(n, _, _)| n == name)
        .map(|(_, k, m)| (k, m))
        .ok_or_else(|| UnknownTarget(name.to_string()))
}

/// A mismatch or panic found by an oracle.
#[derive(Debug, Clone)]
pub struct Finding {
    /// The case that shows it.
    pub case: Case<Value>,
    /// The case in file form.
    pub case_json: Value,
    /// The same case file as text, raw members byte for byte
    /// ([`dv_harness_engine::pair::Checked::case_text`]).
    pub case_text: String,
    /// The engine's outcome.
    pub outcome: Outcome,
}

impl Finding {
    /// The verdict.
    pub fn verdict(&self) -> Verdict {
        self.outcome.comparison.verdict
    }

    /// The mismatch signature (`record::signature`).
    pub fn signature(&self) -> String {
        signature(&self.outcome)
    }

    /// The case file a user can rerun with `dv-harness check`, with notes
    /// naming the verdict and the unpaired errors.
    pub fn case_file(&self) -> Value {
        let mut doc = self.case_json.clone();
        if let Value::Object(m) = &mut doc {
            m.insert("notes".into(), Value::from(self.notes()));
        }
        doc
    }

    /// [`Finding::case_file`] as text: the case's own text
    /// ([`Finding::case_text`]) with the notes set, so a raw member keeps
    /// the bytes the validators saw (a `Value` pretty-printed would add
    /// whitespace inside it).
    pub fn case_file_text(&self) -> String {
        dv_harness_engine::case::with_notes(&self.case_text, &self.notes()).unwrap_or_else(|| {
            let doc = self.case_file();
            serde_json::to_string_pretty(&doc).unwrap_or_else(|_| doc.to_string())
        })
    }

    /// The notes of the case file: the verdict and the unpaired errors.
    fn notes(&self) -> String {
        let mut notes = format!(
            "dv-harness fuzz finding {}: verdict {}",
            self.signature(),
            self.verdict().as_str()
        );
        for d in &self.outcome.comparison.mismatch_details {
            notes.push_str("; ");
            notes.push_str(d);
        }
        if let Some(p) = &self.outcome.handwritten.panic {
            notes.push_str(&format!("; hand-written validation panicked: {p}"));
        }
        if let Some(p) = &self.outcome.declarative.panic {
            notes.push_str(&format!("; declarative validation panicked: {p}"));
        }
        notes
    }
}

/// What an oracle made of one fuzz input.
#[derive(Debug, Clone)]
pub enum Verdicts {
    /// The bytes are no case for this kind (invalid JSON, wrong types):
    /// keep it out of the corpus.
    Reject,
    /// Every case was equal (or an exempted divergence).
    Clean,
    /// A mismatch or panic.
    Found(Box<Finding>),
}

/// One kind's oracle: its generator (seeds from the corpus, the rule
/// inventory's boundary edits) and the engine settings.
pub struct Oracle<'p> {
    generator: Generator<'p>,
    /// The pair's engine, built once for the oracle's settings.
    engine: Box<dyn JsonEngine + 'p>,
}

impl<'p> Oracle<'p> {
    /// The oracle of a pair, seeded from `corpus`.
    ///
    /// ```
    /// use dv_harness_oracles::fuzz::oracle::Oracle;
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let pair = registry.find("StorageClass", None).unwrap();
    /// let corpus = dv_harness_generate::corpus::Corpus::default();
    /// let oracle = Oracle::new(pair, Default::default(), &corpus).unwrap();
    /// assert_eq!(oracle.pair().kind(), "StorageClass");
    /// ```
    pub fn new(
        pair: &'p dyn DynPair,
        settings: EngineSettings,
        corpus: &Corpus,
    ) -> Result<Oracle<'p>, GenerateError> {
        let files = corpus.files(pair.api_version(), pair.kind());
        let engine = pair.json_engine(&settings);
        Ok(Oracle {
            generator: Generator::new(pair, settings, files)?,
            engine,
        })
    }

    /// The pair.
    pub fn pair(&self) -> &'p dyn DynPair {
        self.generator.pair()
    }

    /// The generator.
    pub fn generator(&self) -> &Generator<'p> {
        &self.generator
    }

    /// The cases a fuzz input stands for (`None`: rejected).
    ///
    /// ```
    /// use dv_harness_oracles::fuzz::oracle::{Mode, Oracle};
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let pair = registry.find("StorageClass", None).unwrap();
    /// let oracle = Oracle::new(pair, Default::default(), &Default::default()).unwrap();
    /// assert!(oracle.cases(Mode::Json, b"not json").is_none());
    /// assert!(oracle.cases(Mode::Json, br#"{"provisioner": 5}"#).is_none());
    /// assert_eq!(oracle.cases(Mode::Json, br#"{"provisioner": "x"}"#).unwrap().len(), 2);
    /// assert_eq!(oracle.cases(Mode::Structured, &[0; 16]).unwrap().len(), 1);
    /// ```
    pub fn cases(&self, mode: Mode, data: &[u8]) -> Option<Vec<Case<Value>>> {
        match mode {
            Mode::Structured => {
                let input = StructuredInput::from_bytes(data).ok()?;
                Some(vec![input.case(&self.generator)])
            }
            Mode::Json => {
                let value: Value = serde_json::from_slice(data).ok()?;
                if !value.is_object() {
                    return None;
                }
                let object = self.pair().roundtrip(&value).ok()?;
                Some(vec![
                    Case::create(object.clone()),
                    Case::update(object.clone(), object),
                ])
            }
        }
    }

    /// Runs one case: `Ok(None)` when clean, the finding otherwise; an
    /// error when the case is no case of this kind.
    ///
    /// ```
    /// use dv_harness_engine::case::Case;
    /// use dv_harness_oracles::fuzz::oracle::Oracle;
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let pair = registry.find("ReplicationController", None).unwrap();
    /// let oracle = Oracle::new(pair, Default::default(), &Default::default()).unwrap();
    /// let case = Case::create(serde_json::json!({"metadata": {"name": "a", "namespace": "d"},
    ///     "spec": {"replicas": -1, "selector": {"a": "b"}}}));
    /// assert!(oracle.check(&case).unwrap().is_none());
    /// ```
    pub fn check(&self, case: &Case<Value>) -> Result<Option<Finding>, CaseProblem> {
        if self.generator.settings().isolator.is_some() {
            // Isolated, one run gives the whole outcome: a second run of a
            // hang or crash would cost another time limit or worker.
            let finding = self.finding(case)?;
            return Ok((finding.outcome.comparison.verdict != Verdict::Equal).then_some(finding));
        }
        if self.is_equal(case.clone())? {
            return Ok(None);
        }
        self.finding(case).map(Some)
    }

    /// The hot path: whether a case is equal, from the engine's verdict
    /// only (the case is taken, its objects moved into the pair's type and
    /// prepared in place).
    fn is_equal(&self, case: Case<Value>) -> Result<bool, CaseProblem> {
        Ok(self.engine.check_json_verdict(case)? == Verdict::Equal)
    }

    /// The finding of a case that is not equal: the case file is built by
    /// a second, identical run.
    fn finding(&self, case: &Case<Value>) -> Result<Finding, CaseProblem> {
        let checked = self.generator.check(case)?;
        Ok(Finding {
            case: case.clone(),
            case_json: checked.case_json,
            case_text: checked.case_text,
            outcome: checked.outcome,
        })
    }

    /// Runs a fuzz input.
    ///
    /// ```
    /// use dv_harness_oracles::fuzz::oracle::{Mode, Oracle, Verdicts};
    /// let registry = dv_harness_kinds::registry().unwrap();
    /// let pair = registry.find("StorageClass", None).unwrap();
    /// let oracle = Oracle::new(pair, Default::default(), &Default::default()).unwrap();
    /// assert!(matches!(oracle.run(Mode::Json, b"[1]"), Verdicts::Reject));
    /// ```
    pub fn run(&self, mode: Mode, data: &[u8]) -> Verdicts {
        if mode == Mode::Structured {
            return self.run_structured(data);
        }
        let Some(cases) = self.cases(mode, data) else {
            return Verdicts::Reject;
        };
        for (i, case) in cases.into_iter().enumerate() {
            match self.is_equal(case) {
                Err(_) => return Verdicts::Reject,
                Ok(true) => {}
                Ok(false) => {
                    // Realisation is deterministic: the same bytes give the
                    // same case again, for the finding's case file.
                    let Some(case) = self.cases(mode, data).and_then(|c| c.into_iter().nth(i))
                    else {
                        return Verdicts::Reject;
                    };
                    return match self.finding(&case) {
                        Ok(f) => Verdicts::Found(Box::new(f)),
                        Err(_) => Verdicts::Reject,
                    };
                }
            }
        }
        Verdicts::Clean
    }

    /// [`Oracle::run`] of a structured input: its case realised with
    /// objects of the pair's type ([`StructuredInput::typed_case`]); a
    /// case that is not equal is realised again as JSON for the finding.
    fn run_structured(&self, data: &[u8]) -> Verdicts {
        let Ok(input) = StructuredInput::from_bytes(data) else {
            return Verdicts::Reject;
        };
        let verdict = input
            .typed_case(&self.generator)
            .and_then(|case| self.engine.check_typed_verdict(case));
        match verdict {
            Err(_) => Verdicts::Reject,
            Ok(Verdict::Equal) => Verdicts::Clean,
            Ok(_) => match self.finding(&input.case(&self.generator)) {
                Ok(f) => Verdicts::Found(Box::new(f)),
                Err(_) => Verdicts::Reject,
            },
        }
    }
}

/// The corpus the fuzz oracles are seeded from: `$DV_HARNESS_CORPUS`, else
/// `dv-corpus/` next to the executable (how OSS-Fuzz builds ship it), else
/// the repository's `corpus/` as compiled in, else `./corpus`.
///
/// ```
/// let dir = dv_harness_oracles::fuzz::oracle::corpus_dir();
/// assert!(dir.ends_with("corpus"));
/// ```
pub fn corpus_dir() -> PathBuf {
    if let Some(p) = std::env::var_os("DV_HARNESS_CORPUS") {
        return PathBuf::from(p);
    }
    let beside_exe = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(|d| d.join("dv-corpus")))
        .filter(|d| d.is_dir());
    // The repository's corpus comes before `./corpus`: run from `fuzz/`,
    // `./corpus` is libFuzzer's input corpus, not case files.
    let repo = Some(repo_root().join("corpus")).filter(|d| d.is_dir());
    beside_exe
        .or(repo)
        .unwrap_or_else(|| PathBuf::from("corpus"))
}

/// The equivalence file the oracles load, if any: `$DV_HARNESS_EQUIVALENCE`,
/// else `equivalence.toml` next to the executable, in `.`, in `..`, or at
/// the repository root as compiled in.
///
/// ```
/// let _ = dv_harness_oracles::fuzz::oracle::equivalence_file();
/// ```
pub fn equivalence_file() -> Option<PathBuf> {
    locate(
        "DV_HARNESS_EQUIVALENCE",
        "equivalence.toml",
        "equivalence.toml",
    )
    .or_else(|| {
        let p = repo_root().join("equivalence.toml");
        p.is_file().then_some(p)
    })
}

fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn locate(var: &str, beside_exe: &str, local: &str) -> Option<PathBuf> {
    if let Some(p) = std::env::var_os(var) {
        return Some(PathBuf::from(p));
    }
    let mut candidates = Vec::new();
    if let Some(dir) = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(Path::to_path_buf))
    {
        candidates.push(dir.join(beside_exe));
    }
    candidates.push(PathBuf::from(local));
    candidates.push(Path::new("..").join(local));
    candidates.into_iter().find(|p| p.exists())
}

/// The engine settings of the fuzz oracles: default semantics and the
/// equivalence file, if one is found.
///
/// ```
/// assert!(dv_harness_oracles::fuzz::oracle::fuzz_settings().is_ok());
/// ```
pub fn fuzz_settings() -> Result<EngineSettings, String> {
    let equivalence = match equivalence_file() {
        Some(p) => Equivalence::load(&p).map_err(|e| e.to_string())?,
        None => Equivalence::default(),
    };
    Ok(EngineSettings::default().equivalence(equivalence))
}

/// What every kind's oracle shares: the engine settings and the corpus.
struct Shared {
    settings: EngineSettings,
    corpus: Corpus,
}

fn shared() -> &'static Shared {
    static SHARED: OnceLock<Shared> = OnceLock::new();
    SHARED.get_or_init(|| {
        let settings =
            fuzz_settings().unwrap_or_else(|e| panic!("dv-harness fuzz: equivalence file: {e}"));
        Shared {
            settings,
            corpus: Corpus::load(&corpus_dir()),
        }
    })
}

/// The process-wide oracle of a bundled kind, built on first use from the
/// kind's pair constructor (e.g. [`bundled::replication_controller`]).
///
/// Generic over the pair so that a fuzz target links only its own kind:
/// no registry of every kind is built, so the linker drops the other
/// kinds' validators, serde code and coverage counters.
///
/// The generator keeps its seeds as objects of the pair's type
/// ([`Generator::with_seed_objects`]): a seed used as it is is cloned,
/// not deserialised, on every execution.
///
/// Panics when `kind` is not one of [`KINDS`], names another pair, or has
/// no seed: a broken fuzz setup, not a finding.
///
/// ```
/// use dv_harness_oracles::fuzz::oracle::oracle_of;
/// let o = oracle_of("CSIDriver", dv_harness_kinds::csi_driver);
/// assert_eq!(o.pair().kind(), "CSIDriver");
/// ```
pub fn oracle_of<P: Pair + 'static>(kind: &str, make: fn() -> P) -> &'static Oracle<'static>
where
    P::Object: Send + Sync + 'static,
{
    static ORACLES: [OnceLock<Oracle<'static>>; KINDS.len()] =
        [const { OnceLock::new() }; KINDS.len()];
    let Some(i) = KINDS.iter().position(|k| *k == kind) else {
        panic!("dv-harness fuzz: {kind} has no fuzz target");
    };
    ORACLES[i].get_or_init(|| {
        let pair = make();
        if Pair::kind(&pair) != kind {
            panic!(
                "dv-harness fuzz: the pair for {kind} is {}",
                Pair::kind(&pair)
            );
        }
        // One pair per kind for the life of the process.
        let pair: &'static P = Box::leak(Box::new(pair));
        let s = shared();
        let oracle = Oracle::new(pair, s.settings.clone(), &s.corpus)
            .unwrap_or_else(|e| panic!("dv-harness fuzz: {e}"));
        Oracle {
            generator: oracle.generator.with_seed_objects::<P::Object>(),
            engine: oracle.engine,
        }
    })
}

/// The process-wide oracle of a bundled kind by name (links every kind;
/// the fuzz targets call [`oracle_of`] with their own kind instead).
///
/// ```
/// let o = dv_harness_oracles::fuzz::oracle::oracle("CSIDriver");
/// assert_eq!(o.pair().kind(), "CSIDriver");
/// ```
pub fn oracle(kind: &str) -> &'static Oracle<'static> {
    macro_rules! dispatch {
        ($($kind:literal => $constructor:ident),* $(,)?) => {
            match kind {
                $($kind => oracle_of(kind, dv_harness_kinds::$constructor),)*
                _ => panic!("dv-harness fuzz: {kind} has no fuzz target"),
            }
        };
    }
    dv_harness_kinds::with_real_kinds!(dispatch)
}

/// Whether libFuzzer keeps an input in its corpus.
///
/// ```
/// assert!(dv_harness_oracles::fuzz::oracle::Keep::Reject.is_reject());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    /// A case of the kind: may enter the corpus.
    Keep,
    /// Not a case (invalid JSON, wrong types).
    Reject,
}

impl Keep {
    /// `true` for [`Keep::Reject`].
    ///
    /// ```
    /// assert!(!dv_harness_oracles::fuzz::oracle::Keep::Keep.is_reject());
    /// ```
    pub fn is_reject(self) -> bool {
        self == Keep::Reject
    }
}

/// The body of every fuzz target: runs `data` through the oracle of the
/// kind whose pair `make` builds (see [`oracle_of`]); on a mismatch or
/// validator panic prints the case file on stderr and panics (libFuzzer
/// then saves the artifact).
///
/// ```
/// use dv_harness_kinds::storage_class;
/// use dv_harness_oracles::fuzz::oracle::{Mode, Keep, run_target};
/// assert_eq!(run_target("StorageClass", storage_class, Mode::Json, b"{"), Keep::Reject);
/// assert_eq!(run_target("StorageClass", storage_class, Mode::Json, br#"{"provisioner":"a"}"#), Keep::Keep);
/// ```
pub fn run_target<P: Pair + 'static>(kind: &str, make: fn() -> P, mode: Mode, data: &[u8]) -> Keep
where
    P::Object: Send + Sync + 'static,
{
    run_with(kind, oracle_of(kind, make), mode, data)
}

/// [`run_target`] for a kind given by name (what the seed-replay test and
/// tools without a per-kind entry point use).
///
/// ```
/// use dv_harness_oracles::fuzz::oracle::{Mode, Keep, run_named_target};
/// assert_eq!(run_named_target("StorageClass", Mode::Json, b"{"), Keep::Reject);
/// ```
pub fn run_named_target(kind: &str, mode: Mode, data: &[u8]) -> Keep {
    run_with(kind, oracle(kind), mode, data)
}

fn run_with(kind: &str, oracle: &Oracle<'_>, mode: Mode, data: &[u8]) -> Keep {
    match oracle.run(mode, data) {
        Verdicts::Reject => Keep::Reject,
        Verdicts::Clean => Keep::Keep,
        Verdicts::Found(f) => {
            let text = f.case_file_text();
            eprintln!(
                "dv-harness fuzz: {kind}: verdict {}; case file:\n{text}",
                f.verdict().as_str()
            );
            panic!(
                "dv-harness fuzz: {kind} {} {} (signature {})",
                f.outcome.validation_identifier,
                f.verdict().as_str(),
                f.signature()
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_is_bundled_and_target_names_are_unique() {
        let registry = dv_harness_kinds::registry().unwrap();
        for k in KINDS {
            let pair = registry.find(k, None).unwrap();
            assert!(!pair.is_fixture());
        }
        let mut names: Vec<String> = targets().into_iter().map(|t| t.0).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), 22);
        for (n, k, m) in targets() {
            assert_eq!(parse_target(&n).unwrap(), (k, m));
        }
    }

    #[test]
    fn wrong_types_are_rejected_not_found() {
        let o = oracle("ReplicationController");
        assert!(matches!(
            o.run(Mode::Json, br#"{"spec": {"replicas": "three"}}"#),
            Verdicts::Reject
        ));
        assert!(matches!(o.run(Mode::Json, b"\xff\xfe"), Verdicts::Reject));
        assert!(matches!(o.run(Mode::Json, b"null"), Verdicts::Reject));
    }

    #[test]
    fn a_divergent_pair_is_found() {
        use apimachinery::field::ErrorList;
        use apimachinery::operation::Context;
        use dv_harness_engine::pair::FnPair;
        #[derive(Clone, Default, serde::Serialize, serde::Deserialize, apimachinery::Validate)]
        struct T {
            #[serde(default)]
            name: String,
        }
        // HV limits the length; DV does not: DV is looser.
        fn hv(_: &Context, t: &T, _: Option<&T>) -> ErrorList {
            use apimachinery::field::{Error, Path};
            if t.name.len() > 3 {
                Error::too_long(&Path::new("name"), 3)
                    .mark_covered_by_declarative()
                    .into()
            } else {
                ErrorList::new()
            }
        }
        fn prep(_: &Context, _: &mut T, _: Option<&T>) {}
        let pair = FnPair::new("v1", "T", hv, prep, &[]);
        let oracle = Oracle::new(&pair, EngineSettings::default(), &Corpus::default()).unwrap();
        match oracle.run(Mode::Json, br#"{"name": "abcdefgh"}"#) {
            Verdicts::Found(f) => {
                assert_eq!(f.verdict(), Verdict::DeclarativeLooser);
                assert!(
                    f.case_file()["notes"]
                        .as_str()
                        .unwrap()
                        .contains("declarativeLooser")
                );
            }
            other => panic!(
                "expected a finding, got {other:?}: {:?}",
                oracle.check(&Case::create(serde_json::json!({"name": "abcdefgh"})))
            ),
        }
        assert!(matches!(
            oracle.run(Mode::Json, br#"{"name": "ab"}"#),
            Verdicts::Clean
        ));
    }
}
