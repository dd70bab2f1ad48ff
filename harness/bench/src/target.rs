//! What is benchmarked: a pair with ready-made workloads (object, old
//! object, context), runnable per [`Side`] through the type-erased
//! [`Benchable`] trait that both `dv-harness bench` and the criterion
//! benches drive.

use apimachinery::field::ErrorMatcher;
use apimachinery::operation::{Context, Operation};
use dv_harness_engine::case::{Case, CaseProblem, parse_case};
use dv_harness_engine::engine::{Engine, EngineSettings, run_quiet};
use dv_harness_engine::lifecycle::Lifecycle;
use dv_harness_engine::mismatch_mode::MismatchMode;
use dv_harness_engine::normalize::fuzzy_matcher;
use dv_harness_engine::pair::Pair;
use dv_harness_generate::corpus::CorpusFile;
use serde_json::Value;

/// One way of running a workload.
///
/// ```
/// use dv_harness_bench::target::Side;
/// assert_eq!(Side::Shadow.id(), "shadow");
/// assert_eq!(Side::ALL.len(), 4);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The hand-written validator alone.
    Handwritten,
    /// The declarative validator alone.
    Declarative,
    /// An API server in mismatch mode: HV, DV (under `catch_unwind`), then
    /// the engine's comparison and returned list (`MismatchMode::respond`).
    Shadow,
    /// The floor: a do-nothing traversal of every value of the object(s).
    Floor,
}

impl Side {
    /// Every side, in report order.
    pub const ALL: [Side; 4] = [
        Side::Handwritten,
        Side::Declarative,
        Side::Shadow,
        Side::Floor,
    ];

    /// The benchmark ID of the side (`handwritten`, `declarative`, `shadow`, `floor`).
    ///
    /// ```
    /// assert_eq!(dv_harness_bench::target::Side::Handwritten.id(), "handwritten");
    /// ```
    pub fn id(self) -> &'static str {
        match self {
            Side::Handwritten => "handwritten",
            Side::Declarative => "declarative",
            Side::Shadow => "shadow",
            Side::Floor => "floor",
        }
    }
}

/// The workload names of a kind benchmark, in order (those the corpus allows).
pub const SCENARIOS: [&str; 4] = ["valid", "invalid", "updateUnchanged", "updateChanged"];

/// Why a benchmark could not be set up.
///
/// ```
/// use dv_harness_bench::target::BenchError;
/// let e = BenchError::NoValidSeed { kind: "K".into() };
/// assert_eq!(e.to_string(), "K: no seed case creates a valid object at the root (both validators silent)");
/// ```
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum BenchError {
    /// The corpus has no create case at the root that both sides accept.
    #[error("{kind}: no seed case creates a valid object at the root (both validators silent)")]
    NoValidSeed {
        /// The kind.
        kind: String,
    },
    /// A built object does not deserialise into the kind's type.
    #[error("{kind}: built object does not fit the type: {problem}")]
    Object {
        /// The kind.
        kind: String,
        /// What serde said.
        problem: CaseProblem,
    },
    /// `--kinds` named kinds that are not benchmarked.
    #[error("no benchmark for kind(s) {names} (benchmarked: {known})")]
    UnknownKinds {
        /// The unknown names.
        names: String,
        /// The benchmarked kinds.
        known: String,
    },
}

/// One request to validate: its name, context, object and old object.
///
/// ```
/// use dv_harness_bench::target::Workload;
/// use apimachinery::operation::Context;
/// let w = Workload { name: "valid".into(), ctx: Context::create(), object: 1, old: None };
/// assert_eq!(w.name, "valid");
/// ```
#[derive(Debug, Clone)]
pub struct Workload<T> {
    /// The scenario (`valid`, ...) or list size (`100`).
    pub name: String,
    /// The validation context (operation, subresource, strategy options).
    pub ctx: Context,
    /// The object, already through the strategy's prepare.
    pub object: T,
    /// The old object, for updates.
    pub old: Option<T>,
}

/// A benchmark target with its object type erased.
pub trait Benchable {
    /// The kind (or fixture type, or scaling case) benchmarked.
    fn kind(&self) -> &str;
    /// Its apiVersion.
    fn api_version(&self) -> &str;
    /// Whether it is a tag fixture.
    fn is_fixture(&self) -> bool;
    /// The workload names, in order.
    fn workloads(&self) -> Vec<&str>;
    /// Runs workload `index` once on `side`; returns a count of what it
    /// produced (errors, or values visited) for `black_box`. An index out of
    /// range does nothing and returns 0.
    fn run(&self, index: usize, side: Side) -> u64;
}

/// A typed [`Pair`] with its workloads and the engine's comparison state
/// (lifecycle, matcher, normalisation rules) prepared once.
///
/// ```
/// use dv_harness_bench::target::{Benchable, PairBench, Side, Workload};
/// use dv_harness_engine::engine::EngineSettings;
/// use declarative::api::core::v1::ReplicationController;
/// use apimachinery::operation::Context;
/// let rc = dv_harness_engine::pair!("v1", "ReplicationController", ReplicationController,
///     handwritten::core::v1::replication_controller);
/// let obj: ReplicationController = serde_json::from_value(serde_json::json!({
///     "metadata": {"name": "web", "namespace": "default"},
///     "spec": {"replicas": -1, "selector": {"app": "web"}}})).unwrap();
/// let w = Workload { name: "invalid".into(), ctx: Context::create(), object: obj, old: None };
/// let bench = PairBench::new(rc, &EngineSettings::default(), vec![w]);
/// assert_eq!(bench.workloads(), vec!["invalid"]);
/// assert!(bench.run(0, Side::Handwritten) > 0);
/// assert!(bench.run(0, Side::Floor) > 0);
/// ```
pub struct PairBench<P: Pair> {
    pair: P,
    lifecycle: Lifecycle,
    fuzzy: ErrorMatcher,
    short_circuit_mismatch: bool,
    workloads: Vec<Workload<P::Object>>,
}

impl<P: Pair> PairBench<P> {
    /// The pair with its workloads, judged as [`Engine`] judges under
    /// `settings` (release defaults for the gates).
    ///
    /// ```
    /// use dv_harness_bench::target::{Benchable, PairBench};
    /// use dv_harness_engine::engine::EngineSettings;
    /// let rc = dv_harness_engine::pair!("v1", "ReplicationController",
    ///     declarative::api::core::v1::ReplicationController,
    ///     handwritten::core::v1::replication_controller);
    /// let bench = PairBench::new(rc, &EngineSettings::default(), Vec::new());
    /// assert_eq!(bench.kind(), "ReplicationController");
    /// assert_eq!(bench.run(7, dv_harness_bench::target::Side::Shadow), 0);
    /// ```
    pub fn new(
        pair: P,
        settings: &EngineSettings,
        workloads: Vec<Workload<P::Object>>,
    ) -> PairBench<P> {
        let strategy = pair.strategy();
        let mut rules = strategy.normalization_rules.clone();
        rules.extend(settings.equivalence.rules_for(pair.kind()));
        let fuzzy = fuzzy_matcher(&rules);
        let lifecycle = match workloads.first() {
            Some(w) => {
                Engine::new(&pair, settings.clone()).lifecycle(&Case::create(w.object.clone()))
            }
            None => Lifecycle::new(
                settings.semantics,
                dv_harness_engine::lifecycle::Gates::defaults(settings.semantics),
                strategy.declarative_enforcement,
            ),
        };
        PairBench {
            pair,
            lifecycle,
            fuzzy,
            short_circuit_mismatch: strategy.short_circuit_mismatch,
            workloads,
        }
    }

    fn shadow(&self, w: &Workload<P::Object>) -> u64 {
        let old = w.old.as_ref();
        let hv = self.pair.handwritten(&w.ctx, &w.object, old);
        let dv = run_quiet(|| self.pair.declarative(&w.ctx, &w.object, old));
        let server = MismatchMode {
            lifecycle: &self.lifecycle,
            fuzzy: &self.fuzzy,
            short_circuit_mismatch: self.short_circuit_mismatch,
        };
        // The log lines are what a server keeps of the comparison.
        let mut unpaired = 0;
        let returned = server.respond(hv, dv, |mismatches| {
            unpaired = mismatches.unmatched.len() + mismatches.extra.len();
            std::hint::black_box(&mismatches.details);
        });
        (returned.len() + unpaired) as u64
    }
}

impl<P: Pair> Benchable for PairBench<P> {
    fn kind(&self) -> &str {
        self.pair.kind()
    }
    fn api_version(&self) -> &str {
        self.pair.api_version()
    }
    fn is_fixture(&self) -> bool {
        self.pair.is_fixture()
    }
    fn workloads(&self) -> Vec<&str> {
        self.workloads.iter().map(|w| w.name.as_str()).collect()
    }
    fn run(&self, index: usize, side: Side) -> u64 {
        let Some(w) = self.workloads.get(index) else {
            return 0;
        };
        let old = w.old.as_ref();
        match side {
            Side::Handwritten => self.pair.handwritten(&w.ctx, &w.object, old).len() as u64,
            Side::Declarative => self.pair.declarative(&w.ctx, &w.object, old).len() as u64,
            Side::Shadow => self.shadow(w),
            Side::Floor => {
                super::floor::traverse(&w.object) + old.map_or(0, super::floor::traverse)
            }
        }
    }
}

/// A workload from a case: the context [`Engine::context`] gives it and
/// the object after the strategy's prepare.
///
/// ```
/// use dv_harness_bench::target::workload;
/// use dv_harness_engine::{case::Case, engine::EngineSettings};
/// let rc = dv_harness_engine::pair!("v1", "ReplicationController",
///     declarative::api::core::v1::ReplicationController,
///     handwritten::core::v1::replication_controller);
/// let w = workload(&rc, &EngineSettings::default(), "valid", Case::create(Default::default()));
/// assert_eq!(w.ctx.option_state("PodDeletionCost"), None); // the bare pair declares no options
/// ```
pub fn workload<P: Pair>(
    pair: &P,
    settings: &EngineSettings,
    name: &str,
    case: Case<P::Object>,
) -> Workload<P::Object> {
    let ctx = Engine::new(pair, settings.clone()).context(&case);
    let mut object = case.object;
    pair.prepare(&ctx, &mut object, case.old_object.as_ref());
    Workload {
        name: name.to_string(),
        ctx,
        object,
        old: case.old_object,
    }
}

/// A seed case considered for a scenario.
struct Seed<T> {
    case: Case<T>,
    /// (hand-written, declarative) error counts.
    errors: (usize, usize),
    size: u64,
}

/// The kind benchmark's workloads from its seed corpus files: `valid` (the
/// largest root create both sides accept), `invalid` (the root create with
/// the most errors on one side, preferring one where both sides report
/// errors, then the largest), `updateUnchanged` (the
/// valid object, given a `resourceVersion`, updated to itself) and
/// `updateChanged` (the largest root update whose object differs from the
/// old one, preferring one both sides accept), each when the corpus has one. Cases on subresources, setting lifecycle gates (the
/// `DeclarativeValidation*` family) or unreadable are skipped; other gates
/// are strategy options and go into the workload's context.
///
/// ```
/// use dv_harness_bench::target::corpus_workloads;
/// use dv_harness_engine::engine::EngineSettings; use dv_harness_generate::corpus::Corpus;
/// let rc = dv_harness_engine::pair!("v1", "ReplicationController",
///     declarative::api::core::v1::ReplicationController,
///     handwritten::core::v1::replication_controller);
/// let corpus = Corpus::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus"));
/// let ws = corpus_workloads(&rc, &EngineSettings::default(), corpus.files("v1", "ReplicationController")).unwrap();
/// assert_eq!(ws[0].name, "valid");
/// assert!(ws.iter().any(|w| w.name == "invalid"));
/// ```
pub fn corpus_workloads<P: Pair>(
    pair: &P,
    settings: &EngineSettings,
    files: &[CorpusFile],
) -> Result<Vec<Workload<P::Object>>, BenchError> {
    let engine = Engine::new(pair, settings.clone());
    let mut creates = Vec::new();
    let mut updates = Vec::new();
    for file in files {
        let Ok(case) = parse_case::<P::Object>(&file.text) else {
            continue;
        };
        let lifecycle_gate = case
            .gates
            .keys()
            .any(|g| dv_harness_engine::lifecycle::LIFECYCLE_GATES.contains(&g.as_str()));
        if !case.subresource.is_empty() || lifecycle_gate {
            continue;
        }
        let ctx = engine.context(&case);
        let mut object = case.object.clone();
        let old = case.old_object.as_ref();
        pair.prepare(&ctx, &mut object, old);
        let errors = match run_quiet(|| {
            let hv = pair.handwritten(&ctx, &object, old).len();
            (hv, pair.declarative(&ctx, &object, old).len())
        }) {
            Ok(n) => n,
            Err(_) => continue,
        };
        let size = super::floor::traverse(&object);
        let seed = Seed {
            errors,
            size,
            case: Case {
                expected: None,
                notes: None,
                ..case
            },
        };
        match seed.case.operation {
            Operation::Create => creates.push(seed),
            Operation::Update => {
                let changed = seed.case.old_object.as_ref().is_some_and(|old| {
                    serde_json::to_value(old).ok() != serde_json::to_value(&seed.case.object).ok()
                });
                if changed {
                    updates.push(seed);
                }
            }
        }
    }
    let valid = creates
        .iter()
        .filter(|s| s.errors == (0, 0))
        .max_by_key(|s| s.size)
        .ok_or_else(|| BenchError::NoValidSeed {
            kind: pair.kind().to_string(),
        })?;
    let mut out = vec![workload(pair, settings, SCENARIOS[0], valid.case.clone())];
    if let Some(invalid) = creates
        .iter()
        .filter(|s| s.errors != (0, 0))
        .max_by_key(|s| {
            let (hv, dv) = s.errors;
            (hv.min(dv).min(1), hv.max(dv), s.size)
        })
    {
        out.push(workload(pair, settings, SCENARIOS[1], invalid.case.clone()));
    }
    let stored = with_resource_version(pair.kind(), &valid.case.object)?;
    let same = Case::update(stored.clone(), stored);
    out.push(workload(pair, settings, SCENARIOS[2], same));
    if let Some(changed) = updates.iter().max_by_key(|s| (s.errors == (0, 0), s.size)) {
        out.push(workload(pair, settings, SCENARIOS[3], changed.case.clone()));
    }
    Ok(out)
}

/// `object` as stored: with `metadata.resourceVersion` set (an update
/// without one is invalid), so that updating it to itself is valid.
///
/// ```
/// use dv_harness_bench::target::with_resource_version;
/// use declarative::api::core::v1::ReplicationController;
/// let rc = with_resource_version("RC", &ReplicationController::default()).unwrap();
/// assert_eq!(rc.metadata.resource_version, "1");
/// ```
pub fn with_resource_version<T>(kind: &str, object: &T) -> Result<T, BenchError>
where
    T: serde::Serialize + serde::de::DeserializeOwned,
{
    let mut value = serde_json::to_value(object).map_err(|e| BenchError::Object {
        kind: kind.to_string(),
        problem: CaseProblem::Syntax(e.to_string()),
    })?;
    if let Some(map) = value.as_object_mut() {
        let meta = map
            .entry("metadata")
            .or_insert_with(|| Value::Object(Default::default()));
        if let Some(meta) = meta.as_object_mut() {
            meta.entry("resourceVersion")
                .or_insert_with(|| Value::from("1"));
        }
    }
    typed(kind, value)
}

/// Decodes a built JSON object into the pair's type from its JSON text, as
/// an API server decodes a request body (and as corpus cases are read): the
/// object's strings are then allocated in document order, not left where
/// the builder's `Value` happened to put them.
///
/// ```
/// use dv_harness_bench::target::typed;
/// assert_eq!(typed::<i32>("K", serde_json::json!(3)).unwrap(), 3);
/// assert!(typed::<i32>("K", serde_json::json!("x")).is_err());
/// ```
pub fn typed<T: serde::de::DeserializeOwned>(kind: &str, value: Value) -> Result<T, BenchError> {
    let problem = |e: serde_json::Error| BenchError::Object {
        kind: kind.to_string(),
        problem: CaseProblem::Syntax(e.to_string()),
    };
    let text = serde_json::to_string(&value).map_err(problem)?;
    drop(value);
    serde_json::from_str(&text).map_err(problem)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dv_harness_generate::corpus::Corpus;

    fn corpus() -> Corpus {
        Corpus::load(&std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus"))
    }

    #[test]
    fn csr_scenarios_have_the_promised_error_counts() {
        let csr = dv_harness_engine::pair!(
            "certificates.k8s.io/v1",
            "CertificateSigningRequest",
            declarative::api::certificates::v1::CertificateSigningRequest,
            handwritten::certificates::v1::certificate_signing_request
        );
        let c = corpus();
        let files = c.files("certificates.k8s.io/v1", "CertificateSigningRequest");
        let bench = PairBench::new(
            dv_harness_engine::pair!(
                "certificates.k8s.io/v1",
                "CertificateSigningRequest",
                declarative::api::certificates::v1::CertificateSigningRequest,
                handwritten::certificates::v1::certificate_signing_request
            ),
            &EngineSettings::default(),
            corpus_workloads(&csr, &EngineSettings::default(), files).unwrap(),
        );
        assert_eq!(bench.workloads()[..3], SCENARIOS[..3]);
        assert_eq!(bench.run(0, Side::Handwritten), 0);
        assert_eq!(bench.run(0, Side::Declarative), 0);
        assert_eq!(bench.run(0, Side::Shadow), 0);
        assert!(bench.run(1, Side::Handwritten) + bench.run(1, Side::Declarative) >= 2);
        assert_eq!(bench.run(2, Side::Handwritten), 0);
        assert!(bench.run(2, Side::Floor) >= 2 * bench.run(0, Side::Floor));
    }

    #[test]
    fn no_valid_seed_is_an_error() {
        let rc = dv_harness_engine::pair!(
            "v1",
            "ReplicationController",
            declarative::api::core::v1::ReplicationController,
            handwritten::core::v1::replication_controller
        );
        let err = corpus_workloads(&rc, &EngineSettings::default(), &[]).err();
        assert_eq!(
            err,
            Some(BenchError::NoValidSeed {
                kind: "ReplicationController".into()
            })
        );
    }
}
