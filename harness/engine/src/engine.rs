//! The engine: one case through both validators (each under
//! `catch_unwind`, timed), then normalisation, comparison and the release's
//! returned list. Every producer of cases (corpus, generators, fuzzing)
//! goes through [`Engine::check`].

use crate::body::{Body, BodyHandler};
use crate::case::Case;
use crate::compare::{Comparison, Exempted, Mismatches, Verdict, gather_mismatches};
use crate::expectation::ExpectationReport;
use crate::generic_registry::in_front;
use crate::lifecycle::{Gates, Lifecycle, Semantics};
use crate::normalize::{Equivalence, Scope, Side, fuzzy_matcher};
use crate::pair::Pair;
use crate::ratchet::Ratcheting;
use apimachinery::field::{Error, ErrorList, ErrorMatcher, Path};
use apimachinery::operation::{Context, Operation};
use apimachinery::registration::BadRequest;
use serde::Serialize;
use std::cell::Cell;
use std::collections::HashSet;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, Once, OnceLock};
use std::time::Instant;

/// How the engine judges: the emulated release and the reviewed equivalence settings.
///
/// ```
/// use dv_harness_engine::engine::EngineSettings;
/// use dv_harness_engine::lifecycle::Semantics;
/// let s = EngineSettings::default().semantics(Semantics::V1_35);
/// assert_eq!(s.semantics, Semantics::V1_35);
/// ```
#[derive(Debug, Clone, Default)]
pub struct EngineSettings {
    /// The release whose semantics apply.
    pub semantics: Semantics,
    /// Extra normalisation rules and accepted exceptions.
    pub equivalence: Arc<Equivalence>,
    /// Validate every case as written, without the strategy's prepare step,
    /// whatever the case says (`check` / `validate --no-prepare`).
    pub no_prepare: bool,
    /// When set, cases given to a type-erased pair
    /// ([`crate::pair::DynPair::check_text`], `check_json`, its JSON
    /// engine) run isolated, under a per-case time limit
    /// ([`crate::isolate`]); `None` runs them in place.
    pub isolator: Option<Arc<crate::isolate::Isolator>>,
}

impl EngineSettings {
    /// These settings for another release.
    ///
    /// ```
    /// use dv_harness_engine::{engine::EngineSettings, lifecycle::Semantics};
    /// assert_eq!(EngineSettings::default().semantics(Semantics::V1_36).semantics, Semantics::V1_36);
    /// ```
    pub fn semantics(mut self, semantics: Semantics) -> EngineSettings {
        self.semantics = semantics;
        self
    }

    /// These settings with the prepare step skipped for every case (`--no-prepare`).
    ///
    /// ```
    /// assert!(dv_harness_engine::engine::EngineSettings::default().no_prepare(true).no_prepare);
    /// ```
    pub fn no_prepare(mut self, skip: bool) -> EngineSettings {
        self.no_prepare = skip;
        self
    }

    /// These settings with an equivalence file's content.
    ///
    /// ```
    /// use dv_harness_engine::{engine::EngineSettings, normalize::Equivalence};
    /// let s = EngineSettings::default().equivalence(Equivalence::default());
    /// assert!(s.equivalence.exceptions().is_empty());
    /// ```
    pub fn equivalence(mut self, equivalence: Equivalence) -> EngineSettings {
        self.equivalence = Arc::new(equivalence);
        self
    }
}

/// What one validator did.
///
/// ```
/// let s = dv_harness_engine::engine::SideResult::default();
/// let v = serde_json::to_value(&s).unwrap();
/// assert_eq!(v, serde_json::json!({"errors": [], "panic": null, "nanos": 0}));
/// ```
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct SideResult {
    /// Its errors (for DV: as the release's entry point saw them, so after a
    /// panic, the panic's `InternalError` or nothing).
    pub errors: ErrorList,
    /// The panic message, if it panicked.
    pub panic: Option<String>,
    /// Wall time of the call.
    pub nanos: u64,
}

/// What Kubernetes itself would have done and counted for this request.
///
/// ```
/// let k = dv_harness_engine::engine::KubernetesView::default();
/// assert_eq!(serde_json::to_value(&k).unwrap()["mismatchChecked"], false);
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KubernetesView {
    /// The release runs declarative validation for this request.
    pub declarative_ran: bool,
    /// The release runs the mismatch check (logs and mismatch metrics).
    pub mismatch_checked: bool,
    /// Errors of an update's returned list whose message repeats an earlier
    /// one (`RecordDuplicateValidationErrors`).
    pub duplicate_errors: usize,
}

/// The result of one case (the OUTCOME shape of DESIGN.md section 5, plus
/// `apiVersion`, `semantics`, `validationIdentifier` and `kubernetes`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Outcome {
    /// The kind.
    pub kind: String,
    /// The apiVersion.
    pub api_version: String,
    /// Create or update.
    pub operation: Operation,
    /// The subresource as given (`""` = root).
    pub subresource: String,
    /// Whether the strategy's prepare step ran before validation (the
    /// API-server path); `false` for a case validated as written.
    pub prepared: bool,
    /// Whether the generic registry step ran ([`crate::generic_registry`]):
    /// its metadata errors then lead the hand-written list (and so reach the
    /// returned list and both expectation views as imperative errors).
    pub registry: bool,
    /// The release whose semantics applied.
    pub semantics: String,
    /// Kubernetes' metric label for this request, e.g. `replicationcontroller_create`.
    pub validation_identifier: String,
    /// The hand-written side.
    pub handwritten: SideResult,
    /// The declarative side.
    pub declarative: SideResult,
    /// The comparison.
    pub comparison: Comparison,
    /// What the API server answers under the case's gates.
    pub returned: ErrorList,
    /// Present when the case carries `expected`: the hand-written side is
    /// HV's errors; the declarative side is what the request returns with
    /// every declarative rule enforced (HV errors not covered by declarative
    /// validation, plus all DV errors), as Kubernetes' all-rules-enforced
    /// equivalence test mode does, since DV covers only the migrated rules.
    /// Through the generic registry both are the lists the declarative step
    /// returns, filtered as the release filters them (a repeated message
    /// once; see [`crate::generic_registry`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<ExpectationReport>,
    /// Kubernetes' own view (metrics and logging).
    pub kubernetes: KubernetesView,
}

impl Outcome {
    /// Whether the case is clean: equal, no panic, and any expectation met.
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
    /// use dv_harness_engine::compare::Verdict;
    /// assert_eq!(outcome.is_clean(), outcome.comparison.verdict == Verdict::Equal);
    /// ```
    pub fn is_clean(&self) -> bool {
        self.comparison.verdict == Verdict::Equal && self.expected.as_ref().is_none_or(|e| e.pass())
    }
}

/// How a side failed to finish: the case is a `hang` or a `crash` finding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fault {
    /// [`Verdict::Hang`] or [`Verdict::Crash`].
    pub verdict: Verdict,
    /// The side that was running, when known (else both sides carry the reason).
    pub side: Option<Side>,
    /// What happened, e.g. `ran past the 10s case time limit` or
    /// `worker killed by signal 6 (SIGABRT): ...`.
    pub reason: String,
    /// How long the side ran before the fault was seen.
    pub nanos: u64,
}

impl Outcome {
    /// The outcome of a case whose run did not finish (a [`Fault`]): the
    /// failing side's `panic` holds the reason, nothing was compared.
    ///
    /// ```
    /// use dv_harness_engine::{case::Case, compare::Verdict, engine::{Fault, Outcome}};
    /// use dv_harness_engine::{lifecycle::Semantics, normalize::Side};
    /// let fault = Fault { verdict: Verdict::Hang, side: Some(Side::Declarative),
    ///     reason: "ran past the 2s case time limit".into(), nanos: 2_000_000_000 };
    /// let case = Case::create(serde_json::json!({}));
    /// let o = Outcome::fault("Thing", "v1", &case, Semantics::V1_37, &fault);
    /// assert_eq!(o.comparison.verdict, Verdict::Hang);
    /// assert!(o.handwritten.panic.is_none());
    /// assert_eq!(o.declarative.panic.as_deref(), Some("ran past the 2s case time limit"));
    /// assert_eq!(o.validation_identifier, "thing_create");
    /// ```
    pub fn fault<T>(
        kind: &str,
        api_version: &str,
        case: &Case<T>,
        semantics: Semantics,
        fault: &Fault,
    ) -> Outcome {
        let side = |s: Side| {
            if fault.side.is_none_or(|f| f == s) {
                SideResult {
                    errors: ErrorList::new(),
                    panic: Some(fault.reason.clone()),
                    nanos: fault.nanos,
                }
            } else {
                SideResult::default()
            }
        };
        Outcome {
            kind: kind.to_string(),
            api_version: api_version.to_string(),
            operation: case.operation,
            subresource: case.subresource.clone(),
            prepared: case.prepare,
            registry: case.runs_registry(case.prepare),
            semantics: semantics.as_str().to_string(),
            validation_identifier: validation_identifier(kind, &case.subresource, case.operation),
            handwritten: side(Side::Handwritten),
            declarative: side(Side::Declarative),
            comparison: Comparison {
                verdict: fault.verdict,
                ..Comparison::default()
            },
            returned: ErrorList::new(),
            expected: None,
            kubernetes: KubernetesView::default(),
        }
    }
}

/// Kubernetes' `validation_identifier`: lowercased kind, `_<subresource>`
/// (slashes as underscores) for a subresource, then `_create` / `_update`.
///
/// ```
/// use apimachinery::operation::Operation;
/// use dv_harness_engine::engine::validation_identifier;
/// assert_eq!(validation_identifier("ReplicationController", "", Operation::Create), "replicationcontroller_create");
/// assert_eq!(validation_identifier("CertificateSigningRequest", "/approval", Operation::Update),
///            "certificatesigningrequest_approval_update");
/// ```
pub fn validation_identifier(kind: &str, subresource: &str, operation: Operation) -> String {
    let mut id = if kind.is_empty() {
        "unknown_resource".to_string()
    } else {
        kind.to_lowercase()
    };
    let sub = subresource.trim_matches('/');
    if !sub.is_empty() {
        id.push('_');
        id.push_str(&sub.replace('/', "_"));
    }
    id.push('_');
    id.push_str(operation.as_str());
    id
}

thread_local! {
    static QUIET: Cell<bool> = const { Cell::new(false) };
    static SIDE_SINK: std::cell::RefCell<Option<SideSink>> = const { std::cell::RefCell::new(None) };
}

/// Told which side is about to run on this thread.
pub type SideSink = Box<dyn Fn(Side)>;

/// Installs (or with `None` removes) this thread's side sink: the engine
/// calls it just before each validator runs, so that a watchdog or a
/// worker's supervisor knows which side hung or crashed
/// ([`crate::isolate`]).
///
/// ```
/// use dv_harness_engine::engine::set_side_sink;
/// use std::{cell::RefCell, rc::Rc};
/// let seen = Rc::new(RefCell::new(Vec::new()));
/// let s = seen.clone();
/// set_side_sink(Some(Box::new(move |side| s.borrow_mut().push(side))));
/// let rc = dv_harness_kinds::replication_controller();
/// let engine = dv_harness_engine::engine::Engine::new(&rc, Default::default());
/// engine.check(&dv_harness_engine::case::Case::create(Default::default()));
/// set_side_sink(None);
/// assert_eq!(seen.borrow().len(), 2);
/// ```
pub fn set_side_sink(sink: Option<SideSink>) {
    SIDE_SINK.with(|s| *s.borrow_mut() = sink);
}

fn mark_side(side: Side) {
    SIDE_SINK.with(|s| {
        if let Some(sink) = s.borrow().as_ref() {
            sink(side);
        }
    });
}
static QUIET_HOOK: Once = Once::new();

/// Runs `f`, turning a panic into `Err(message)` without printing the
/// panic to stderr. The process panic hook is wrapped once with one that
/// stays silent while the calling thread is inside `run_quiet` and defers
/// to the previous hook otherwise (safe with concurrent test threads).
///
/// ```
/// use dv_harness_engine::engine::run_quiet;
/// assert_eq!(run_quiet(|| 1), Ok(1));
/// assert_eq!(run_quiet(|| -> i32 { panic!("boom {}", 7) }), Err("boom 7".to_string()));
/// ```
#[inline]
pub fn run_quiet<R>(f: impl FnOnce() -> R) -> Result<R, String> {
    if !QUIET_HOOK.is_completed() {
        install_quiet_hook();
    }
    // One access to the thread's flag for both the set and the restore.
    let result = QUIET.with(|quiet| {
        let was = quiet.replace(true);
        let result = catch_unwind(AssertUnwindSafe(f));
        quiet.set(was);
        result
    });
    match result {
        Ok(r) => Ok(r),
        Err(payload) => Err(panic_text(payload)),
    }
}

/// Wraps the process panic hook with the one [`run_quiet`] relies on (once).
#[cold]
#[inline(never)]
fn install_quiet_hook() {
    QUIET_HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            if !QUIET.with(Cell::get) {
                previous(info);
            }
        }));
    });
}

/// The message of a caught panic's payload.
#[cold]
#[inline(never)]
fn panic_text(payload: Box<dyn std::any::Any + Send>) -> String {
    if let Some(s) = payload.downcast_ref::<&str>() {
        (*s).to_string()
    } else if let Some(s) = payload.downcast_ref::<String>() {
        s.clone()
    } else {
        "non-string panic payload".to_string()
    }
}

fn timed<R>(f: impl FnOnce() -> R) -> (Result<R, String>, u64) {
    let start = Instant::now();
    let r = run_quiet(f);
    let nanos = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
    (r, nanos)
}

/// The strategy's options with each Kubernetes feature gate among them at
/// its default in `semantics` (the release's gate table); an option that is
/// not a Kubernetes gate keeps the strategy's default.
///
/// ```
/// use dv_harness_engine::{engine::release_defaults, lifecycle::Semantics};
/// let options = vec![("HPAScaleToZero".to_string(), false), ("Strict".to_string(), true)];
/// let resolved = release_defaults(options, Semantics::V1_35);
/// assert_eq!(resolved, vec![("HPAScaleToZero".to_string(), false), ("Strict".to_string(), true)]);
/// ```
pub fn release_defaults(options: Vec<(String, bool)>, semantics: Semantics) -> Vec<(String, bool)> {
    options
        .into_iter()
        .map(|(name, default)| {
            let default =
                crate::feature_gates::find(semantics, &name).map_or(default, |g| g.default);
            (name, default)
        })
        .collect()
}

/// A context for `operation` on `subresource` with the strategy's `options`
/// at their (release) defaults.
fn default_context(operation: Operation, subresource: &str, options: &[(String, bool)]) -> Context {
    options.iter().fold(
        Context::new(operation).subresource(subresource),
        |ctx, (name, default)| ctx.option(name, *default),
    )
}

/// The gates of `case` that are strategy options: every gate but the
/// lifecycle's, which the release lifecycle reads instead.
fn option_gates<T>(case: &Case<T>) -> impl Iterator<Item = (&String, &bool)> {
    case.gates
        .iter()
        .filter(|(name, _)| !crate::lifecycle::LIFECYCLE_GATES.contains(&name.as_str()))
}

/// Runs cases of one pair. Build once per pair and settings, check many cases.
///
/// ```
/// use apimachinery::field::{Error, ErrorList, Path};
/// use apimachinery::operation::Context;
/// use dv_harness_engine::{case::Case, compare::Verdict, engine::{Engine, EngineSettings}, pair::Pair};
///
/// struct Positive;
/// impl Pair for Positive {
///     type Object = i32;
///     fn kind(&self) -> &str { "Positive" }
///     fn api_version(&self) -> &str { "test/v1" }
///     fn handwritten(&self, _: &Context, n: &i32, _: Option<&i32>) -> ErrorList {
///         if *n < 0 { Error::invalid(&Path::new("n"), *n, "").with_origin("minimum").mark_covered_by_declarative().into() }
///         else { ErrorList::new() }
///     }
///     fn declarative(&self, _: &Context, n: &i32, _: Option<&i32>) -> ErrorList {
///         if *n < 1 { Error::invalid(&Path::new("n"), *n, "").with_origin("minimum").mark_beta().into() }
///         else { ErrorList::new() }
///     }
/// }
/// let engine = Engine::new(&Positive, EngineSettings::default());
/// assert_eq!(engine.check(&Case::create(-1)).comparison.verdict, Verdict::Equal);
/// let outcome = engine.check(&Case::create(0));
/// assert_eq!(outcome.comparison.verdict, Verdict::DeclarativeStricter);
/// assert_eq!(outcome.returned.len(), 1); // the beta DV error is enforced in 1.37
/// assert!(!outcome.is_clean());
/// ```
pub struct Engine<'p, P: Pair + ?Sized> {
    pair: &'p P,
    settings: EngineSettings,
    fuzzy: ErrorMatcher,
    enforce: bool,
    short_circuit_mismatch: bool,
    options: Vec<(String, bool)>,
    /// The context of every request a case without option gates can make
    /// (create and update, on the root and each subresource the pair
    /// serves), built once: [`Engine::context`] rebuilds the options map per
    /// case, one allocation per option.
    contexts: Vec<(Operation, &'static str, Context)>,
    /// The pair's list correlations, read from its rule inventory the
    /// first time an update has an unpaired hand-written error.
    ratcheting: OnceLock<Ratcheting>,
}

impl<'p, P: Pair + ?Sized> Engine<'p, P> {
    /// An engine for `pair`: the strategy's normalisation rules followed by
    /// the equivalence file's rules for the kind.
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
    /// assert_eq!(outcome.kind, "ReplicationController");
    /// assert_eq!(outcome.semantics, "1.37");
    /// ```
    pub fn new(pair: &'p P, mut settings: EngineSettings) -> Engine<'p, P> {
        if let Some(semantics) = pair.semantics() {
            settings.semantics = semantics;
        }
        let strategy = pair.strategy();
        let mut rules = strategy.normalization_rules.clone();
        rules.extend(settings.equivalence.rules_for(pair.kind()));
        let fuzzy = fuzzy_matcher(&rules);
        let semantics = settings.semantics;
        let options = release_defaults(strategy.options, semantics);
        let contexts = [Operation::Create, Operation::Update]
            .into_iter()
            .flat_map(|operation| {
                std::iter::once("")
                    .chain(pair.subresources().iter().copied())
                    .map(move |subresource| (operation, subresource))
            })
            .map(|(operation, subresource)| {
                (
                    operation,
                    subresource,
                    default_context(operation, subresource, &options),
                )
            })
            .collect();
        Engine {
            pair,
            settings,
            fuzzy,
            enforce: strategy.declarative_enforcement,
            short_circuit_mismatch: strategy.short_circuit_mismatch,
            options,
            contexts,
            ratcheting: OnceLock::new(),
        }
    }

    /// The release whose semantics this engine applies.
    ///
    /// ```
    /// use dv_harness_engine::{engine::{Engine, EngineSettings}, lifecycle::Semantics};
    /// let rc = dv_harness_kinds::replication_controller();
    /// let engine = Engine::new(&rc, EngineSettings::default().semantics(Semantics::V1_36));
    /// assert_eq!(engine.semantics(), Semantics::V1_36);
    /// ```
    pub fn semantics(&self) -> Semantics {
        self.settings.semantics
    }

    /// How the generated validators correlate this pair's lists on update.
    fn ratcheting(&self) -> &Ratcheting {
        self.ratcheting
            .get_or_init(|| Ratcheting::from_rules(self.pair.rules()))
    }

    /// The lifecycle of a case: release defaults overridden by the case's gates.
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
    /// let case = Case::create(ReplicationController::default()).gate("DeclarativeValidationBeta", false);
    /// assert!(!engine.lifecycle(&case).gates.beta);
    /// assert!(engine.lifecycle(&case).gates.declarative_validation);
    /// ```
    pub fn lifecycle(&self, case: &Case<P::Object>) -> Lifecycle {
        let mut gates = Gates::defaults(self.settings.semantics);
        for (name, value) in &case.gates {
            gates.set(name, *value);
        }
        Lifecycle::new(self.settings.semantics, gates, self.enforce)
    }

    /// Whether the strategy's prepare step runs for `case`: the case asks
    /// for it (the default) and the settings do not skip it.
    fn prepares(&self, case: &Case<P::Object>) -> bool {
        case.prepare && !self.settings.no_prepare
    }

    /// The validation context of a case: operation, subresource, and the
    /// strategy's options (defaults overridden by same-named case gates;
    /// other non-lifecycle gates are added as options).
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
    /// let case = Case::update(ReplicationController::default(), ReplicationController::default())
    ///     .subresource("/status")
    ///     .gate("PodDeletionCost", false)
    ///     .gate("DeclarativeValidationBeta", false);
    /// let ctx = engine.context(&case);
    /// assert_eq!(ctx.subresource_path(), "/status");
    /// assert_eq!(ctx.option_state("PodDeletionCost"), Some(false));
    /// assert_eq!(ctx.option_state("DeclarativeValidationBeta"), None);
    /// ```
    pub fn context(&self, case: &Case<P::Object>) -> Context {
        // The gates override a copy of the context built with the engine
        // (every option in place: no sorted insert per option).
        let defaults = match self.built_context(case) {
            Some(ctx) => ctx.clone(),
            None => default_context(case.operation, &case.subresource, &self.options),
        };
        option_gates(case).fold(defaults, |ctx, (name, value)| ctx.option(name, *value))
    }

    /// The context built with the engine for the operation and subresource
    /// of `case` (none for a subresource the pair does not serve).
    fn built_context(&self, case: &Case<P::Object>) -> Option<&Context> {
        self.contexts
            .iter()
            .find(|(operation, subresource, _)| {
                *operation == case.operation && *subresource == case.subresource
            })
            .map(|(_, _, ctx)| ctx)
    }

    /// [`Engine::context`], borrowed from the contexts built with the engine
    /// when the case sets no option gate (the common case: a fuzz
    /// execution or a corpus case without `gates`), built otherwise.
    fn context_of(&self, case: &Case<P::Object>) -> std::borrow::Cow<'_, Context> {
        let sets_an_option = option_gates(case).next().is_some();
        match (!sets_an_option)
            .then(|| self.built_context(case))
            .flatten()
        {
            Some(ctx) => std::borrow::Cow::Borrowed(ctx),
            None => std::borrow::Cow::Owned(self.context(case)),
        }
    }

    /// Runs one case: prepare (unless the case says `prepare: false`), HV and DV (each under `catch_unwind`, timed),
    /// the release's panic handling, comparison, verdict, returned list and
    /// the `expected` check.
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
    /// let hv = &outcome.handwritten.errors;
    /// assert!(hv.iter().any(|e| e.field == "spec.replicas" && e.origin == "minimum"));
    /// let dv = &outcome.declarative.errors;
    /// assert!(dv.iter().any(|e| e.field == "spec.replicas" && e.is_beta()));
    /// assert!(outcome.comparison.only_handwritten.iter().all(|e| e.field != "spec.replicas"));
    /// ```
    pub fn check(&self, case: &Case<P::Object>) -> Outcome {
        let lifecycle = self.lifecycle(case);
        let ctx = self.context_of(case);
        self.begin_request(case);
        let prepared;
        let object = if self.prepares(case) {
            let mut object = case.object.clone();
            self.prepare_request(
                &ctx,
                case.operation,
                self.runs_registry(case),
                &mut object,
                case.old_object.as_ref(),
            );
            prepared = object;
            &prepared
        } else {
            &case.object
        };
        let body = self.request_body(case);
        let judged = self.judge(case, &ctx, &lifecycle, object, body.as_deref());
        self.outcome(case, lifecycle, judged)
    }

    /// The request body of another kind the validators see
    /// ([`crate::body`]): on the API-server path (the case's prepare step
    /// runs), the body as the update handler hands it on
    /// ([`BodyHandler::settle`]: an unset namespace made the stored
    /// parent's); else, or for a case without a body, the case's body as
    /// written. `Err` is a request the handler rejects before validation
    /// (a body naming another namespace or name than the stored parent's);
    /// loading a case file reports it as an input problem, and
    /// [`Engine::check`] given such a case keeps the body as written.
    ///
    /// ```
    /// use dv_harness_engine::{case::Case, engine::{Engine, EngineSettings}};
    /// use declarative::api::core::v1::ReplicationController;
    /// let rc = dv_harness_kinds::replication_controller();
    /// let engine = Engine::new(&rc, EngineSettings::default());
    /// use dv_harness_engine::body::Body;
    /// use declarative::api::autoscaling::v1::Scale;
    /// use handwritten::core::v1::replication_controller::apply_scale;
    /// let json = serde_json::json!({"kind": "Scale", "apiVersion": "autoscaling/v1",
    ///     "metadata": {"name": "web"}, "spec": {"replicas": 2}});
    /// let scale: Scale = serde_json::from_value(json.clone()).unwrap();
    /// let old: ReplicationController = serde_json::from_value(serde_json::json!({
    ///     "metadata": {"name": "web", "namespace": "ns"}, "spec": {"selector": {"a": "b"}}})).unwrap();
    /// let mut case = Case::update(apply_scale(&scale, &old), old).subresource("/scale");
    /// case.body = Some(Body::new(json, scale));
    /// let body = engine.settled_body(&case).unwrap().unwrap();
    /// assert_eq!(body.json["metadata"].get("namespace"), None, "the case's JSON is kept");
    /// assert_eq!(body.value::<Scale>().unwrap().metadata.namespace, "ns");
    /// // Validated as written, the body stays as it is.
    /// let case = case.prepared(false);
    /// let body = engine.settled_body(&case).unwrap().unwrap();
    /// assert_eq!(body.value::<Scale>().unwrap().metadata.namespace, "");
    /// ```
    pub fn settled_body<'c>(
        &self,
        case: &'c Case<P::Object>,
    ) -> Result<Option<std::borrow::Cow<'c, Body>>, BadRequest> {
        let Some(body) = &case.body else {
            return Ok(None);
        };
        let handler = self.pair.body_handler().filter(|h| {
            case.subresource.trim_matches('/') == h.subresource.trim_start_matches('/')
        });
        let settled = match (handler, &case.old_object) {
            (Some(h), Some(old)) if self.prepares(case) => h.settle(body, old)?,
            _ => None,
        };
        Ok(Some(match settled {
            Some(settled) => std::borrow::Cow::Owned(settled),
            None => std::borrow::Cow::Borrowed(body),
        }))
    }

    /// Tells the pair the path `case` takes ([`Pair::begin_request`]).
    fn begin_request(&self, case: &Case<P::Object>) {
        self.pair.begin_request(&crate::pair::RequestPath {
            prepared: self.prepares(case),
            registry: self.runs_registry(case),
            body: case.body.as_ref(),
        });
    }

    /// [`Engine::settled_body`], with a body the handler rejects kept as
    /// written.
    fn request_body<'c>(&self, case: &'c Case<P::Object>) -> Option<std::borrow::Cow<'c, Body>> {
        self.settled_body(case)
            .unwrap_or_else(|_| case.body.as_ref().map(std::borrow::Cow::Borrowed))
    }

    /// The API-server path's work on a request before validation: on a
    /// case that goes through the generic registry, what the store does to
    /// the metadata first ([`GenericRegistry::before_strategy`]: name
    /// generation, the request's namespace, the stored generation, uid and
    /// timestamps), then the strategy's prepare step.
    ///
    /// [`GenericRegistry::before_strategy`]: crate::generic_registry::GenericRegistry::before_strategy
    fn prepare_request(
        &self,
        ctx: &Context,
        operation: Operation,
        through_registry: bool,
        object: &mut P::Object,
        old: Option<&P::Object>,
    ) {
        if through_registry && let Some(registry) = self.pair.generic_registry() {
            registry.before_strategy(operation, object, old);
        }
        self.pair.prepare(ctx, object, old);
    }

    /// Whether `case` goes through the generic registry: as it says, else
    /// when its prepare step runs ([`Case::runs_registry`]).
    fn runs_registry(&self, case: &Case<P::Object>) -> bool {
        case.runs_registry(self.prepares(case))
    }

    /// The generic registry step of a case ([`crate::generic_registry`]),
    /// given the strategy's own result (`strategy_passed`: no errors, no
    /// panic) and, on a subresource taking a body of another kind, its
    /// handler and the request's body (`body`; none: the case gives the
    /// parent with the body applied): `None` when the case does not go through the
    /// registry, else the registry's errors. A pair without the step has
    /// nothing to check. On create the registry checks only a request whose
    /// strategy validation returned nothing; on a subresource taking a body
    /// of another kind, only a request whose body passed the handler's own
    /// validation ([`BodyHandler::body_passes`]), which stops the request
    /// before the store's update. A panic in the step (or in that body
    /// validation) is an `InternalError` at `metadata`.
    fn registry_step(
        &self,
        case: &Case<P::Object>,
        object: &P::Object,
        strategy_passed: bool,
        body: Option<(&BodyHandler<P::Object>, Option<&Body>)>,
    ) -> Option<ErrorList> {
        if !self.runs_registry(case) {
            return None;
        }
        let Some(registry) = self.pair.generic_registry() else {
            return Some(ErrorList::new());
        };
        Some(
            run_quiet(|| {
                if body.is_some_and(|(h, b)| !h.body_passes(b, object)) {
                    return ErrorList::new();
                }
                registry.errors(
                    case.operation,
                    object,
                    case.old_object.as_ref(),
                    strategy_passed,
                )
            })
            .unwrap_or_else(|msg| {
                ErrorList::from(Error::internal(
                    &Path::new("metadata"),
                    format!("panic in the generic registry step: {msg}"),
                ))
            }),
        )
    }

    /// The verdict of a case, as [`Engine::check`] gives it, for a caller
    /// that needs nothing else (a fuzz target's hot path): the case is
    /// taken, its object prepared in place instead of a copy, and the
    /// returned list, duplicate count and expectation report, which do not
    /// decide the verdict, are not built. The generic registry step runs
    /// (once), as in [`Engine::check`]: its errors are hand-written errors
    /// a declarative error may pair with.
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
    /// let case = Case::create(obj);
    /// assert_eq!(engine.verdict(case.clone()), engine.check(&case).comparison.verdict);
    /// ```
    pub fn verdict(&self, mut case: Case<P::Object>) -> Verdict {
        let lifecycle = self.lifecycle(&case);
        let ctx = self.context_of(&case);
        self.begin_request(&case);
        if self.prepares(&case) {
            let registry = self.runs_registry(&case);
            self.prepare_request(
                &ctx,
                case.operation,
                registry,
                &mut case.object,
                case.old_object.as_ref(),
            );
        }
        let body = self.request_body(&case);
        self.judge(&case, &ctx, &lifecycle, &case.object, body.as_deref())
            .comparison
            .verdict
    }

    /// Both validators on the prepared `object` of `case`, their errors
    /// compared: everything up to the verdict.
    fn judge(
        &self,
        case: &Case<P::Object>,
        ctx: &Context,
        lifecycle: &Lifecycle,
        object: &P::Object,
        request_body: Option<&Body>,
    ) -> Judged {
        let old = case.old_object.as_ref();
        // A request body of another kind (a `/scale` `Scale`, as the update
        // handler hands it on) goes to the pair's body handler with the
        // object it was applied to.
        let body = request_body
            .zip(self.pair.body_handler())
            .filter(|(_, h)| ctx.subresource_path_is(h.subresource));
        mark_side(Side::Handwritten);
        let (hv, hv_nanos) = timed(|| match body {
            Some((b, h)) => h
                .handwritten(ctx, b, object, old)
                .unwrap_or_else(|| self.pair.handwritten(ctx, object, old)),
            None => self.pair.handwritten(ctx, object, old),
        });
        let wired = self.pair.declarative_wired(ctx);
        let (dv, dv_nanos) = if wired {
            mark_side(Side::Declarative);
            timed(|| match body {
                Some((b, h)) => h
                    .declarative(ctx, b, object, old)
                    .unwrap_or_else(|| self.pair.declarative(ctx, object, old)),
                None => self.pair.declarative(ctx, object, old),
            })
        } else {
            (Ok(ErrorList::new()), 0)
        };

        let (hv_errors, hv_panic) = match hv {
            Ok(errs) => (errs, None),
            Err(msg) => (ErrorList::new(), Some(msg)),
        };
        // The generic registry's metadata errors belong to the list the
        // strategy hands declarative validation (`rest.ValidateUpdate` /
        // `ValidateCreate` build it before `ValidateDeclaratively`): in
        // front of the strategy's errors.
        let strategy_passed = hv_errors.is_empty() && hv_panic.is_none();
        // A subresource taking a body of another kind (`/scale`) validates
        // the body before the store's update, whether the case gives the
        // body or the parent with it applied.
        let body_subresource = self
            .pair
            .body_handler()
            .filter(|h| ctx.subresource_path_is(h.subresource));
        let registry = self.registry_step(
            case,
            object,
            strategy_passed,
            body_subresource.map(|h| (h, request_body)),
        );
        let mut hv_errors = match &registry {
            Some(errs) => in_front(errs, hv_errors),
            None => hv_errors,
        };
        lifecycle.mark_handwritten_in_place(&mut hv_errors);
        let (dv_errors, dv_panic) = match dv {
            Ok(errs) => (errs, None),
            Err(msg) => (lifecycle.panic_errors(&msg), Some(msg)),
        };

        let candidates = lifecycle.candidates(&dv_errors);
        let mismatches = if !wired {
            Mismatches::default()
        } else {
            gather_mismatches(
                &hv_errors,
                &candidates,
                lifecycle,
                &self.fuzzy,
                self.short_circuit_mismatch,
            )
        };
        let kind = self.pair.kind();
        let scope = Scope {
            kind,
            operation: case.operation,
            subresource: &case.subresource,
            handwritten: &hv_errors,
            declarative: &dv_errors,
            semantics: lifecycle.semantics,
        };
        let mut exempted = Vec::new();
        let mut only_handwritten = ErrorList::new();
        // The stored and new objects as JSON, built only when an update has an
        // unpaired hand-written error (the ratcheting check below).
        let ratchet_view = match (case.operation, old) {
            (Operation::Update, Some(old)) if !mismatches.unmatched.is_empty() => {
                serde_json::to_value(object)
                    .ok()
                    .zip(serde_json::to_value(old).ok())
            }
            _ => None,
        };
        for e in mismatches.unmatched.iter().copied() {
            if let Some((new_json, old_json)) = &ratchet_view
                && self.ratcheting().exempts(new_json, old_json, e)
            {
                exempted.push(Exempted {
                    side: Side::Handwritten,
                    error: e.clone(),
                    reason: RATCHETING_REASON.to_string(),
                });
                continue;
            }
            match self
                .settings
                .equivalence
                .exception_for(&scope, Side::Handwritten, e)
            {
                Some(x) => exempted.push(Exempted {
                    side: Side::Handwritten,
                    error: e.clone(),
                    reason: x.reason.clone(),
                }),
                None => only_handwritten.push(e.clone()),
            }
        }
        let mut only_declarative = ErrorList::new();
        for e in mismatches.extra.iter().copied() {
            match self
                .settings
                .equivalence
                .exception_for(&scope, Side::Declarative, e)
            {
                Some(x) => exempted.push(Exempted {
                    side: Side::Declarative,
                    error: e.clone(),
                    reason: x.reason.clone(),
                }),
                None => only_declarative.push(e.clone()),
            }
        }
        // The unpaired errors borrow both lists; only the log lines are kept.
        let mismatch_details = mismatches.details;
        let verdict = if hv_panic.is_some() || dv_panic.is_some() {
            Verdict::Panic
        } else {
            Verdict::from_counts(only_handwritten.len(), only_declarative.len())
        };
        Judged {
            wired,
            registry: registry.is_some(),
            handwritten: SideResult {
                errors: hv_errors,
                panic: hv_panic,
                nanos: hv_nanos,
            },
            declarative: SideResult {
                errors: dv_errors,
                panic: dv_panic,
                nanos: dv_nanos,
            },
            comparison: Comparison {
                verdict,
                only_handwritten,
                only_declarative,
                exempted,
                mismatch_details,
            },
        }
    }

    /// The outcome of a judged case: the returned list, duplicate count
    /// and expectation report added.
    fn outcome(&self, case: &Case<P::Object>, lifecycle: Lifecycle, judged: Judged) -> Outcome {
        let Judged {
            wired,
            registry,
            handwritten,
            declarative,
            comparison,
        } = judged;
        let kind = self.pair.kind();
        let (hv_errors, dv_errors) = (&handwritten.errors, &declarative.errors);
        let exempted = &comparison.exempted;
        let returned = if wired {
            lifecycle.returned_with(hv_errors, dv_errors, &self.fuzzy)
        } else {
            hv_errors.clone()
        };
        let duplicate_errors = if case.operation == Operation::Update {
            let mut seen = HashSet::new();
            returned
                .iter()
                .filter(|e| !seen.insert(e.to_string()))
                .count()
        } else {
            0
        };
        let expected = case.expected.as_ref().map(|exp| {
            // A request through the generic registry reaches the declarative
            // step, whose answer is what Kubernetes' registry-path tests assert
            // in both of their modes: the hand-written list filtered as the
            // release filters it (a message repeated by two checks, e.g. the
            // registry's and the strategy's metadata checks, once).
            let through_declarative_step = registry && wired;
            let semantics = self.settings.semantics;
            let handwritten_view =
                if through_declarative_step && semantics.filters_when_authoritative() {
                    std::borrow::Cow::Owned(hv_errors.clone().into_filtered(&[]))
                } else {
                    std::borrow::Cow::Borrowed(hv_errors)
                };
            let all_enforced = if wired {
                // A reviewed exception accepts an unpaired covered HV error as
                // equivalent: the enforced view keeps it as DV's counterpart.
                let mut all = if through_declarative_step && semantics.filters_when_enforced() {
                    hv_errors
                        .clone()
                        .into_filtered(&[&|e: &Error| e.covered_by_declarative])
                } else {
                    hv_errors.remove_covered_by_declarative()
                };
                all.extend(
                    exempted
                        .iter()
                        .filter(|x| x.side == Side::Handwritten)
                        .map(|x| x.error.clone()),
                );
                all.extend(dv_errors.iter().cloned());
                all
            } else {
                hv_errors.clone()
            };
            ExpectationReport::with_handwritten(
                exp,
                case.expected_handwritten.as_deref(),
                &handwritten_view,
                &all_enforced,
            )
        });

        Outcome {
            kind: kind.to_string(),
            api_version: self.pair.api_version().to_string(),
            operation: case.operation,
            subresource: case.subresource.clone(),
            prepared: self.prepares(case),
            registry,
            semantics: self.settings.semantics.as_str().to_string(),
            validation_identifier: validation_identifier(kind, &case.subresource, case.operation),
            handwritten,
            declarative,
            comparison,
            returned,
            expected,
            kubernetes: KubernetesView {
                declarative_ran: wired && lifecycle.declarative_runs(),
                mismatch_checked: wired && lifecycle.mismatch_checked(),
                duplicate_errors,
            },
        }
    }
}

/// What [`Engine::judge`] found: both sides and their comparison.
struct Judged {
    wired: bool,
    /// Whether the generic registry step ran (its errors lead the hand-written list).
    registry: bool,
    handwritten: SideResult,
    declarative: SideResult,
    comparison: Comparison,
}

/// Why an unpaired hand-written error on an unchanged value is not a mismatch.
pub const RATCHETING_REASON: &str = "ratcheting: the value is unchanged from the stored object; \
generated validation never re-validates unchanged values (KEP-5073 ratcheting), while this \
hand-written check re-validates them. It only differs for stored data that would not pass today's \
rules (Kubernetes stores only objects that passed validation).";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::expectation::ExpectedError;
    use apimachinery::Validate;
    use apimachinery::field::ErrorType;
    use serde::Deserialize;

    /// A test object: `n` must be >= 0 (covered), `name` is required (HV only).
    #[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
    struct Obj {
        n: i64,
        name: String,
        /// Makes the DV side panic.
        dv_boom: bool,
        /// Makes the HV side panic.
        hv_boom: bool,
        /// Makes DV emit a duplicate-free but extra error.
        dv_extra: bool,
        /// Makes HV emit its covered error twice.
        hv_twice: bool,
        /// Makes HV report Invalid without origin.
        hv_no_origin: bool,
        /// The namespace (the generic registry step's scope check reads it).
        namespace: String,
    }

    impl Validate for Obj {
        fn validate_at(&self, _ctx: &Context, path: &Path<'_>, _old: Option<&Self>) -> ErrorList {
            assert!(!self.dv_boom, "declarative exploded");
            let mut errs = ErrorList::new();
            let n = path.child("n");
            if self.n < 0 {
                errs.push(
                    Error::invalid(&n, self.n, "must be greater than or equal to 0")
                        .with_origin("minimum")
                        .mark_beta(),
                );
            }
            if self.dv_extra {
                errs.push(
                    Error::too_long(&path.child("name"), 3)
                        .with_origin("maxLength")
                        .mark_beta(),
                );
            }
            errs
        }
    }

    impl Obj {
        fn with_dv_boom(mut self) -> Obj {
            self.dv_boom = true;
            self
        }
    }

    fn hv(_ctx: &Context, o: &Obj, _old: Option<&Obj>) -> ErrorList {
        if o.hv_boom {
            panic!("handwritten exploded");
        }
        let mut errs = ErrorList::new();
        let n = Path::new("n");
        if o.n < 0 {
            let e = Error::invalid(&n, o.n, "must be greater than or equal to 0");
            let e = if o.hv_no_origin {
                e
            } else {
                e.with_origin("minimum")
            };
            let e = e.mark_covered_by_declarative();
            if o.hv_twice {
                errs.push(e.clone());
            }
            errs.push(e);
        }
        if o.name.is_empty() {
            errs.push(Error::required(&Path::new("name"), ""));
        }
        errs
    }

    fn prep(_ctx: &Context, o: &mut Obj, old: Option<&Obj>) {
        if let Some(old) = old {
            o.name.clone_from(&old.name);
        }
    }

    fn pair() -> crate::pair::FnPair<Obj> {
        crate::pair::FnPair::new("test/v1", "Obj", hv, prep, &["/status"])
    }

    fn obj(n: i64) -> Obj {
        Obj {
            n,
            name: "a".into(),
            ..Obj::default()
        }
    }

    fn check(case: &Case<Obj>) -> Outcome {
        Engine::new(&pair(), EngineSettings::default()).check(case)
    }

    /// The registry step of the test pair: `name` stands for the metadata
    /// (a '/' is invalid on create and update, a changed name is immutable
    /// on update) and the namespace is required or forbidden by scope.
    fn registry_create(o: &Obj, scoped: bool) -> ErrorList {
        let meta = Path::new("metadata");
        let mut errs = ErrorList::new();
        if o.name.contains('/') {
            errs.push(Error::invalid(
                &meta.child("name"),
                o.name.as_str(),
                "may not contain '/'",
            ));
        }
        match (scoped, o.namespace.is_empty()) {
            (true, true) => errs.push(Error::required(&meta.child("namespace"), "")),
            (false, false) => errs.push(Error::forbidden(
                &meta.child("namespace"),
                "not allowed on this type",
            )),
            _ => {}
        }
        errs
    }

    fn registry_update(o: &Obj, old: &Obj, scoped: bool) -> ErrorList {
        let mut errs = registry_create(o, scoped);
        if o.name != old.name {
            errs.push(Error::invalid(
                &Path::new("metadata").child("name"),
                o.name.as_str(),
                "field is immutable",
            ));
        }
        errs
    }

    fn registry_pair(scoped: bool) -> crate::pair::FnPair<Obj> {
        // No prepare step: the update keeps the new name as written.
        crate::pair::FnPair::new("test/v1", "Obj", hv, |_, _, _| {}, &["/status"])
            .with_generic_registry(crate::generic_registry::GenericRegistry::new(
                scoped,
                registry_create,
                registry_update,
            ))
    }

    fn scoped_obj(n: i64, name: &str) -> Obj {
        Obj {
            n,
            name: name.into(),
            namespace: "ns".into(),
            ..Obj::default()
        }
    }

    fn fields(errs: &ErrorList) -> Vec<String> {
        errs.iter()
            .map(|e| format!("{}:{}", e.error_type.as_str(), e.field))
            .collect()
    }

    #[test]
    fn registry_create_runs_only_after_a_passing_strategy() {
        let p = registry_pair(true);
        let engine = Engine::new(&p, EngineSettings::default());
        let out = engine.check(&Case::create(scoped_obj(0, "a/b")));
        assert!(out.registry && out.prepared);
        assert_eq!(
            fields(&out.handwritten.errors),
            ["FieldValueInvalid:metadata.name"]
        );
        assert!(
            out.handwritten.errors[0].from_imperative,
            "marked as the strategy's"
        );
        assert!(out.declarative.errors.is_empty());
        assert_eq!(fields(&out.returned), ["FieldValueInvalid:metadata.name"]);
        assert_eq!(out.comparison.verdict, Verdict::Equal);
        // The strategy fails (n < 0): the registry's create checks do not run.
        let out = engine.check(&Case::create(scoped_obj(-1, "a/b")));
        assert!(out.registry);
        assert_eq!(fields(&out.handwritten.errors), ["FieldValueInvalid:n"]);
        // A panicking strategy is a failed one too.
        let boom = Obj {
            hv_boom: true,
            ..scoped_obj(0, "a/b")
        };
        let out = engine.check(&Case::create(boom));
        assert!(out.handwritten.errors.is_empty() && out.handwritten.panic.is_some());
    }

    #[test]
    fn registry_update_runs_before_the_strategy_even_when_it_fails() {
        let p = registry_pair(true);
        let engine = Engine::new(&p, EngineSettings::default());
        let case = Case::update(scoped_obj(-1, "b"), scoped_obj(0, "a"));
        let out = engine.check(&case);
        assert!(out.registry);
        assert_eq!(
            fields(&out.handwritten.errors),
            ["FieldValueInvalid:metadata.name", "FieldValueInvalid:n"]
        );
        // Not covered by declarative validation: no mismatch of its own.
        assert_eq!(out.comparison.verdict, Verdict::Equal);
        assert_eq!(engine.verdict(case.clone()), out.comparison.verdict);
        assert_eq!(out.returned[0].field, "metadata.name");
        assert_eq!(out.returned[0].detail, "field is immutable");
        // Subresources go through the registry too.
        let out = engine.check(&case.clone().subresource("/status"));
        assert_eq!(out.handwritten.errors[0].field, "metadata.name");
    }

    #[test]
    fn registry_scope_decides_the_namespace_rule() {
        let namespaced = registry_pair(true);
        let cluster = registry_pair(false);
        let bare = Obj {
            namespace: String::new(),
            ..scoped_obj(0, "a")
        };
        let run = |p: &crate::pair::FnPair<Obj>, o: &Obj| {
            fields(
                &Engine::new(p, EngineSettings::default())
                    .check(&Case::create(o.clone()))
                    .handwritten
                    .errors,
            )
        };
        assert_eq!(
            run(&namespaced, &bare),
            ["FieldValueRequired:metadata.namespace"]
        );
        assert!(run(&cluster, &bare).is_empty());
        assert!(run(&namespaced, &scoped_obj(0, "a")).is_empty());
        assert_eq!(
            run(&cluster, &scoped_obj(0, "a")),
            ["FieldValueForbidden:metadata.namespace"]
        );
    }

    #[test]
    fn the_store_settles_metadata_on_the_api_server_path_only() {
        // The store's step clears a cluster-scoped object's namespace on
        // create and keeps the stored name on update.
        let p = registry_pair(false).with_generic_registry(
            crate::generic_registry::GenericRegistry::new(false, registry_create, registry_update)
                .with_metadata(
                    |o: &mut Obj, scoped| {
                        if !scoped {
                            o.namespace.clear();
                        }
                    },
                    |o: &mut Obj, old: &Obj, _| o.name.clone_from(&old.name),
                ),
        );
        let engine = Engine::new(&p, EngineSettings::default());
        let create = Case::create(scoped_obj(0, "a"));
        assert!(fields(&engine.check(&create).handwritten.errors).is_empty());
        assert_eq!(engine.verdict(create.clone()), Verdict::Equal);
        // validated as `rest.ValidateCreate` sees it: the namespace stays
        let direct = create.prepared(false).through_registry(true);
        assert_eq!(
            fields(&engine.check(&direct).handwritten.errors),
            ["FieldValueForbidden:metadata.namespace"]
        );
        let update = Case::update(
            obj(0),
            Obj {
                name: "b".into(),
                ..obj(0)
            },
        );
        assert!(fields(&engine.check(&update).handwritten.errors).is_empty());
        let direct = update.prepared(false).through_registry(true);
        assert_eq!(
            fields(&engine.check(&direct).handwritten.errors),
            ["FieldValueInvalid:metadata.name"]
        );
    }

    #[test]
    fn registry_switch_follows_prepare_unless_the_case_says() {
        let p = registry_pair(true);
        let engine = Engine::new(&p, EngineSettings::default());
        let update = Case::update(scoped_obj(0, "b"), scoped_obj(0, "a"));
        let direct = engine.check(&update.clone().prepared(false));
        assert!(!direct.registry && direct.handwritten.errors.is_empty());
        let through = engine.check(&update.clone().prepared(false).through_registry(true));
        assert!(through.registry && !through.prepared);
        assert_eq!(
            fields(&through.handwritten.errors),
            ["FieldValueInvalid:metadata.name"]
        );
        let off = engine.check(&update.clone().through_registry(false));
        assert!(!off.registry && off.prepared && off.handwritten.errors.is_empty());
        // `--no-prepare` turns the default off, not an explicit `registry`.
        let skip = Engine::new(&p, EngineSettings::default().no_prepare(true));
        assert!(!skip.check(&update).registry);
        assert!(skip.check(&update.clone().through_registry(true)).registry);
        // A pair without the step runs it with nothing to check.
        let plain = pair();
        let out = Engine::new(&plain, EngineSettings::default()).check(&Case::update(
            Obj {
                name: "b/c".into(),
                ..obj(0)
            },
            obj(0),
        ));
        assert!(out.registry && out.handwritten.errors.is_empty());
    }

    /// A `/scale`-like subresource of the registry test pair: its body is
    /// the new `n` (the handler rejects a negative one at `replicas`
    /// before the store's update), applied to the stored object.
    fn scale_body(n: &i64) -> ErrorList {
        if *n < 0 {
            Error::invalid(
                &Path::new("replicas"),
                *n,
                "must be greater than or equal to 0",
            )
            .into()
        } else {
            ErrorList::new()
        }
    }

    fn scale_apply(n: &i64, old: &Obj) -> Obj {
        Obj {
            n: *n,
            ..old.clone()
        }
    }

    fn scale_present(o: &Obj) -> i64 {
        o.n
    }

    fn scale_hv(ctx: &Context, n: &i64, o: &Obj, old: Option<&Obj>) -> ErrorList {
        let errs = scale_body(n);
        if errs.is_empty() {
            hv(ctx, o, old)
        } else {
            errs
        }
    }

    fn scale_dv(ctx: &Context, n: &i64, o: &Obj, old: Option<&Obj>) -> ErrorList {
        if scale_body(n).is_empty() {
            let root = Context {
                subresources: Vec::new(),
                ..ctx.clone()
            };
            o.validate(&root, old)
        } else {
            ErrorList::new()
        }
    }

    /// The strategy of the scale pair: a `/scale` case given as the parent
    /// validates the body it presents first.
    fn scale_strategy(ctx: &Context, o: &Obj, old: Option<&Obj>) -> ErrorList {
        if ctx.subresource_path() == "/scale" {
            scale_hv(ctx, &scale_present(o), o, old)
        } else {
            hv(ctx, o, old)
        }
    }

    fn scale_pair() -> crate::pair::FnPair<Obj> {
        crate::pair::FnPair::new("test/v1", "Obj", scale_strategy, |_, _, _| {}, &["/scale"])
            .with_generic_registry(crate::generic_registry::GenericRegistry::new(
                true,
                registry_create,
                registry_update,
            ))
            .with_body(BodyHandler::new(&apimachinery::registration::BodyEntry {
                subresource: "/scale",
                kind: "Scale",
                api_version: "test/v1",
                apply: scale_apply,
                handwritten: scale_hv,
                declarative: scale_dv,
                validate_body: scale_body,
                present: scale_present,
                settle: |_, _| Ok(None),
            }))
    }

    /// A `/scale` request with body `n` on the stored `old`.
    fn scale_case(n: i64, old: Obj) -> Case<Obj> {
        let mut case = Case::update(scale_apply(&n, &old), old).subresource("/scale");
        case.body = Some(crate::body::Body::new(serde_json::json!(n), n));
        case
    }

    #[test]
    fn registry_scale_body_failing_stops_the_request() {
        let p = scale_pair();
        let engine = Engine::new(&p, EngineSettings::default());
        // The stored object's name is invalid metadata; the body fails first.
        let case = scale_case(-1, scoped_obj(0, "a/b"));
        let out = engine.check(&case);
        assert!(out.registry);
        assert_eq!(
            fields(&out.handwritten.errors),
            ["FieldValueInvalid:replicas"]
        );
        assert!(out.declarative.errors.is_empty());
        assert_eq!(engine.verdict(case), out.comparison.verdict);
        // Given as the parent with the body applied, the presented body fails.
        let parent =
            Case::update(scoped_obj(-1, "a/b"), scoped_obj(0, "a/b")).subresource("/scale");
        let out = engine.check(&parent);
        assert_eq!(
            fields(&out.handwritten.errors),
            ["FieldValueInvalid:replicas"]
        );
    }

    #[test]
    fn registry_scale_body_passing_gives_registry_then_parent_errors() {
        let p = scale_pair();
        let engine = Engine::new(&p, EngineSettings::default());
        // The parent fails its strategy (no name) and the registry (no namespace).
        let stored = Obj {
            namespace: String::new(),
            ..scoped_obj(0, "")
        };
        let out = engine.check(&scale_case(3, stored.clone()));
        assert!(out.registry);
        assert_eq!(
            fields(&out.handwritten.errors),
            [
                "FieldValueRequired:metadata.namespace",
                "FieldValueRequired:name"
            ]
        );
        assert!(out.declarative.errors.is_empty());
        assert_eq!(out.comparison.verdict, Verdict::Equal);
        // The same request given as the parent with the body applied.
        let parent = Case::update(scale_apply(&3, &stored), stored).subresource("/scale");
        assert_eq!(
            fields(&engine.check(&parent).handwritten.errors),
            [
                "FieldValueRequired:metadata.namespace",
                "FieldValueRequired:name"
            ]
        );
    }

    #[test]
    fn registry_scale_body_passing_with_bad_metadata_gives_the_registry_errors() {
        let p = scale_pair();
        let engine = Engine::new(&p, EngineSettings::default());
        let case = scale_case(3, scoped_obj(0, "a/b"));
        let out = engine.check(&case);
        assert_eq!(
            fields(&out.handwritten.errors),
            ["FieldValueInvalid:metadata.name"]
        );
        assert!(out.declarative.errors.is_empty());
        assert_eq!(fields(&out.returned), ["FieldValueInvalid:metadata.name"]);
        assert_eq!(out.comparison.verdict, Verdict::Equal);
        assert_eq!(engine.verdict(case.clone()), Verdict::Equal);
        // Validated as written, the registry does not run.
        let out = engine.check(&case.prepared(false));
        assert!(!out.registry && out.handwritten.errors.is_empty());
    }

    #[test]
    fn registry_errors_are_seen_by_both_expectation_views() {
        let p = registry_pair(false);
        let engine = Engine::new(&p, EngineSettings::default());
        let old = Obj {
            namespace: String::new(),
            ..scoped_obj(0, "a")
        };
        let new = Obj {
            namespace: String::new(),
            ..scoped_obj(-1, "b")
        };
        let case = Case::update(new, old).expect(vec![
            ExpectedError::new(ErrorType::Invalid, "metadata.name"),
            ExpectedError::new(ErrorType::Invalid, "n").with_origin("minimum"),
        ]);
        let exp = engine.check(&case).expected.unwrap();
        assert!(exp.handwritten.pass() && exp.declarative.pass());
        let exp = engine
            .check(&case.through_registry(false))
            .expected
            .unwrap();
        assert_eq!(exp.handwritten.missing[0].field, "metadata.name");
        assert_eq!(exp.declarative.missing[0].field, "metadata.name");
    }

    #[test]
    fn registry_path_expectations_see_a_repeated_message_once() {
        // The strategy reports the covered `n` error twice, alike.
        let p = registry_pair(true);
        let twice = Obj {
            hv_twice: true,
            ..scoped_obj(-1, "a")
        };
        let once = vec![ExpectedError::new(ErrorType::Invalid, "n").with_origin("minimum")];
        let case = Case::update(twice, scoped_obj(0, "a")).expect(once);
        let check = |semantics, case: &Case<Obj>| {
            let engine = Engine::new(&p, EngineSettings::default().semantics(semantics));
            let out = engine.check(case);
            assert_eq!(
                out.handwritten.errors.len(),
                2,
                "the strategy's list keeps both"
            );
            out.expected.unwrap()
        };
        // 1.37: the declarative step filters the hand-written list in both modes.
        let exp = check(Semantics::V1_37, &case);
        assert!(exp.handwritten.pass() && exp.declarative.pass(), "{exp:?}");
        // 1.36: only with every rule enforced; hand-written-authoritative
        // answers are the strategy's list as it is.
        let exp = check(Semantics::V1_36, &case);
        assert!(!exp.handwritten.pass() && exp.declarative.pass(), "{exp:?}");
        assert_eq!(exp.handwritten.unexpected.len(), 1);
        // Called directly (no registry), the validator's own list is checked.
        let direct = case.clone().through_registry(false);
        let exp = check(Semantics::V1_37, &direct);
        assert_eq!(exp.handwritten.unexpected.len(), 1, "{exp:?}");
    }

    #[test]
    fn prepare_false_validates_the_object_as_written() {
        // prep copies the stored name: prepared, the empty name is filled in.
        let old = obj(1);
        let new = Obj {
            name: String::new(),
            ..obj(1)
        };
        let prepared = check(&Case::update(new.clone(), old.clone()));
        assert!(prepared.prepared);
        assert!(prepared.handwritten.errors.is_empty());
        let direct = check(&Case::update(new.clone(), old.clone()).prepared(false));
        assert!(!direct.prepared);
        assert_eq!(direct.handwritten.errors.len(), 1);
        assert_eq!(direct.handwritten.errors[0].field, "name");
        let p = pair();
        let engine = Engine::new(&p, EngineSettings::default().no_prepare(true));
        let forced = engine.check(&Case::update(new.clone(), old.clone()));
        assert!(!forced.prepared);
        assert_eq!(forced.handwritten.errors, direct.handwritten.errors);
        assert_eq!(
            engine.verdict(Case::update(new, old)),
            direct.comparison.verdict
        );
    }

    #[test]
    fn equal_when_both_reject() {
        let o = check(&Case::create(obj(-1)));
        assert_eq!(o.comparison.verdict, Verdict::Equal);
        assert_eq!(o.handwritten.errors.len(), 1);
        assert!(o.handwritten.errors[0].from_imperative);
        assert_eq!(o.declarative.errors.len(), 1);
        // 1.37: beta enforced, matching covered HV error removed.
        assert_eq!(o.returned.len(), 1);
        assert!(o.returned[0].is_beta());
        assert_eq!(o.validation_identifier, "obj_create");
    }

    #[test]
    fn panicking_declarative() {
        let mut o = obj(-1);
        o.dv_boom = true;
        for sem in Semantics::ALL {
            let out = Engine::new(&pair(), EngineSettings::default().semantics(sem))
                .check(&Case::create(o.clone()));
            assert_eq!(out.comparison.verdict, Verdict::Panic, "{sem}");
            assert_eq!(
                out.declarative.panic.as_deref(),
                Some("declarative exploded")
            );
            assert!(out.handwritten.panic.is_none());
            let internal = out
                .declarative
                .errors
                .iter()
                .any(|e| e.error_type == ErrorType::Internal);
            // 1.37 always fails on a DV panic; 1.35 (no takeover) and 1.36 (no opt-in) only log.
            assert_eq!(internal, sem == Semantics::V1_37, "{sem}");
            assert_eq!(
                out.returned
                    .iter()
                    .any(|e| e.error_type == ErrorType::Internal),
                sem == Semantics::V1_37
            );
        }
        let out = check(&Case::create(o));
        assert_eq!(
            out.declarative.errors[0].to_string(),
            "<nil>: Internal error: panic during declarative validation: declarative exploded"
        );
    }

    #[test]
    fn panicking_declarative_with_takeover_in_1_35() {
        let mut o = obj(0);
        o.dv_boom = true;
        let out = Engine::new(
            &pair(),
            EngineSettings::default().semantics(Semantics::V1_35),
        )
        .check(&Case::create(o).gate("DeclarativeValidationTakeover", true));
        assert_eq!(out.declarative.errors.len(), 1);
        assert_eq!(out.returned.len(), 1);
        assert_eq!(
            out.comparison.only_declarative.len(),
            1,
            "1.35 compares the InternalError"
        );
    }

    #[test]
    fn panicking_handwritten() {
        let mut o = obj(-1);
        o.hv_boom = true;
        let out = check(&Case::create(o));
        assert_eq!(out.comparison.verdict, Verdict::Panic);
        assert_eq!(
            out.handwritten.panic.as_deref(),
            Some("handwritten exploded")
        );
        assert!(out.handwritten.errors.is_empty());
        assert!(out.declarative.panic.is_none());
    }

    #[test]
    fn both_panicking() {
        let mut o = obj(-1);
        o.hv_boom = true;
        o.dv_boom = true;
        let out = check(&Case::create(o));
        assert_eq!(out.comparison.verdict, Verdict::Panic);
        assert!(out.handwritten.panic.is_some() && out.declarative.panic.is_some());
    }

    #[test]
    fn duplicate_hv_errors_collapse() {
        let mut o = obj(-1);
        o.hv_twice = true;
        for sem in Semantics::ALL {
            let out = Engine::new(&pair(), EngineSettings::default().semantics(sem))
                .check(&Case::create(o.clone()));
            assert_eq!(out.comparison.verdict, Verdict::Equal, "{sem}");
            assert_eq!(out.handwritten.errors.len(), 2);
        }
    }

    #[test]
    fn uncovered_hv_errors_do_not_count() {
        let mut o = obj(0);
        o.name.clear();
        let out = check(&Case::create(o));
        assert_eq!(out.comparison.verdict, Verdict::Equal);
        assert_eq!(out.returned.len(), 1);
        assert_eq!(out.returned[0].error_type, ErrorType::Required);
    }

    #[test]
    fn invalid_without_origin_never_pairs() {
        let mut o = obj(-1);
        o.hv_no_origin = true;
        let out = check(&Case::create(o));
        assert_eq!(out.comparison.verdict, Verdict::Mixed);
        assert_eq!(out.comparison.only_handwritten.len(), 1);
        assert_eq!(out.comparison.only_declarative.len(), 1);
        assert_eq!(out.comparison.mismatch_details.len(), 2);
    }

    #[test]
    fn stricter_and_looser() {
        let mut o = obj(0);
        o.dv_extra = true;
        assert_eq!(
            check(&Case::create(o)).comparison.verdict,
            Verdict::DeclarativeStricter
        );
        // An alpha-gated 1.37 comparison only sees alpha/beta errors; a 1.35 one sees all.
        let hv_only = |_: &Context, _: &Obj, _: Option<&Obj>| -> ErrorList {
            Error::required(&Path::new("name"), "")
                .mark_covered_by_declarative()
                .into()
        };
        let p = crate::pair::FnPair::new("test/v1", "Obj", hv_only, prep, &[]);
        let out = Engine::new(&p, EngineSettings::default()).check(&Case::create(obj(1)));
        assert_eq!(out.comparison.verdict, Verdict::DeclarativeLooser);
    }

    #[test]
    fn exceptions_exempt_reviewed_mismatches() {
        let eq = Equivalence::parse(
            "e.toml",
            "[[exception]]\nside = \"declarative\"\ntype = \"FieldValueTooLong\"\nfield = \"name\"\nreason = \"reviewed\"\n",
        )
        .unwrap();
        let mut o = obj(0);
        o.dv_extra = true;
        let out =
            Engine::new(&pair(), EngineSettings::default().equivalence(eq)).check(&Case::create(o));
        assert_eq!(out.comparison.verdict, Verdict::Equal);
        assert_eq!(out.comparison.exempted.len(), 1);
        assert_eq!(
            out.comparison.mismatch_details.len(),
            1,
            "Kubernetes still logs it"
        );
    }

    #[test]
    fn prepare_runs_before_both_sides() {
        let mut new = obj(0);
        new.name.clear();
        let out = check(&Case::update(new, obj(0)).subresource("/status"));
        assert!(
            out.handwritten.errors.is_empty(),
            "prepare restored the name"
        );
        assert_eq!(out.validation_identifier, "obj_status_update");
    }

    #[test]
    fn expected_is_checked_per_side() {
        let case = Case::create(Obj {
            n: -1,
            ..Obj::default()
        })
        .expect(vec![
            ExpectedError::new(ErrorType::Invalid, "n").with_origin("minimum"),
            ExpectedError::new(ErrorType::Required, "name"),
        ]);
        let out = check(&case);
        let exp = out.expected.unwrap();
        assert!(exp.handwritten.pass());
        // The uncovered HV error stands in for the rule DV does not cover.
        assert!(exp.declarative.pass());

        // A covered HV error DV does not reproduce fails the declarative side.
        let case = Case::create(
            Obj {
                n: -1,
                ..Obj::default()
            }
            .with_dv_boom(),
        )
        .expect(vec![
            ExpectedError::new(ErrorType::Invalid, "n").with_origin("minimum"),
            ExpectedError::new(ErrorType::Required, "name"),
        ]);
        let exp = check(&case).expected.unwrap();
        assert!(exp.handwritten.pass());
        assert_eq!(exp.declarative.missing[0].field, "n");
        assert_eq!(
            exp.declarative.unexpected[0].error_type,
            ErrorType::Internal
        );
    }

    #[test]
    fn options_reach_the_context() {
        let p = pair().with_strategy(crate::pair::Strategy::default().option("F", false));
        let engine = Engine::new(&p, EngineSettings::default());
        let case = Case::create(obj(0))
            .gate("F", true)
            .gate("DeclarativeValidationBeta", false);
        let ctx = engine.context(&case);
        assert_eq!(ctx.option_state("F"), Some(true));
        assert_eq!(ctx.option_state("DeclarativeValidationBeta"), None);
        assert!(!engine.lifecycle(&case).gates.beta);
    }

    #[test]
    fn contexts_built_with_the_engine_are_the_cases_contexts() {
        let p = crate::pair::FnPair::new(
            "test/v1",
            "Obj",
            |_: &Context, _: &Obj, _: Option<&Obj>| ErrorList::new(),
            prep,
            &["/status", "/scale"],
        )
        .with_strategy(
            crate::pair::Strategy::default()
                .option("F", false)
                .option("G", true),
        );
        let engine = Engine::new(&p, EngineSettings::default());
        let mut borrowed = 0;
        for subresource in ["", "/status", "/scale", "status", "/other"] {
            for update in [false, true] {
                for gates in [
                    vec![],
                    vec![("DeclarativeValidationBeta", false)],
                    vec![("F", true)],
                    vec![("Unknown", true), ("DeclarativeValidation", true)],
                ] {
                    let mut case = if update {
                        Case::update(obj(1), obj(0))
                    } else {
                        Case::create(obj(1))
                    }
                    .subresource(subresource);
                    for (name, value) in gates {
                        case = case.gate(name, value);
                    }
                    let ctx = engine.context_of(&case);
                    borrowed += usize::from(matches!(ctx, std::borrow::Cow::Borrowed(_)));
                    assert_eq!(*ctx, engine.context(&case), "{case:?}");
                    // Built from nothing, option by option: the same context.
                    let built = option_gates(&case).fold(
                        default_context(case.operation, &case.subresource, &engine.options),
                        |ctx, (name, value)| ctx.option(name, *value),
                    );
                    assert_eq!(engine.context(&case), built, "{case:?}");
                }
            }
        }
        // Cases without option gates on a served request: 3 subresources
        // x 2 operations x 2 gate sets (none, a lifecycle gate).
        assert_eq!(borrowed, 12);
    }

    #[test]
    fn duplicates_in_update_returned_list_are_counted() {
        let mut new = obj(0);
        new.dv_extra = true;
        let dup_pair = crate::pair::FnPair::new(
            "test/v1",
            "Obj",
            |_: &Context, _: &Obj, _: Option<&Obj>| -> ErrorList {
                Error::too_long(&Path::new("name"), 3).into()
            },
            prep,
            &[],
        );
        let out =
            Engine::new(&dup_pair, EngineSettings::default()).check(&Case::update(new, obj(0)));
        // HV "name: Too long" (uncovered) + enforced beta DV error with the same message.
        assert_eq!(out.kubernetes.duplicate_errors, 1);
    }
}
