//! The `cargo test` equivalence suites of one pair: corpus replay, a
//! proptest create suite, a proptest update suite and the anti-vacuity
//! check. The same [`Suite`] serves the bundled registry (one test per
//! kind in `harness/tests/equivalence.rs`) and users' own types through
//! [`equivalence_suite!`](crate::equivalence_suite!).
//!
//! - Case counts: `create`/`update` run [`DEFAULT_CASES`] plans unless
//!   `PROPTEST_CASES` (or [`Suite::cases`]) says otherwise; anti-vacuity
//!   runs a deterministic campaign of [`DEFAULT_VACUITY_CASES`] create and
//!   update cases.
//! - Failures are shrunk by proptest (fewer edits, simpler values), the
//!   seed is persisted in `proptest-regressions/<name>-create.txt` (or
//!   `-update.txt`) under the crate running the test, then the case is
//!   minimised ([`minimize`](super::minimize)) and printed as a case file
//!   ready to add to `corpus/<group>/<version>/<Kind>/regressions/`.

use super::campaign::{CampaignConfig, run_kind};
use super::corpus::{Corpus, CorpusFile};
use super::minimize::{DEFAULT_BUDGET, minimize};
use super::plan::{Generator, create_plan, update_plan};
use dv_harness_engine::case::Case;
use dv_harness_engine::compare::Verdict;
use dv_harness_engine::engine::{EngineSettings, Outcome};
use dv_harness_engine::pair::DynPair;
use dv_harness_engine::record::{kind_dir, signature};
use proptest::test_runner::{Config, FileFailurePersistence, TestCaseError, TestError, TestRunner};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// Generated plans per proptest suite when `PROPTEST_CASES` is unset.
pub const DEFAULT_CASES: u32 = 64;
/// Create and update cases of the anti-vacuity campaign.
pub const DEFAULT_VACUITY_CASES: usize = 400;

/// One pair's equivalence suites.
///
/// ```
/// use dv_harness_generate::suite::Suite;
/// use dv_harness_engine::pair::FnPair;
/// use apimachinery::{field::{Error, ErrorList, Path}, operation::Context};
/// #[derive(Clone, Default, serde::Serialize, serde::Deserialize, PartialEq, apimachinery::Validate)]
/// struct T {
///     /// +k8s:beta(since: "1.37")=+k8s:optional
///     /// +k8s:beta(since: "1.37")=+k8s:minimum=0
///     #[serde(default)]
///     n: i32,
/// }
/// fn hv(_: &Context, t: &T, old: Option<&T>) -> ErrorList {
///     // Ratcheting: an unchanged value is not revalidated on update.
///     if t.n < 0 && old.is_none_or(|o| o.n != t.n) {
///         Error::invalid(&Path::new("n"), t.n, "must be greater than or equal to 0")
///             .with_origin("minimum").mark_covered_by_declarative().into()
///     } else { ErrorList::new() }
/// }
/// fn prep(_: &Context, _: &mut T, _: Option<&T>) {}
/// let pair = FnPair::new("v1", "T", hv, prep, &[]);
/// let suite = Suite::new(&pair).cases(16).no_persistence();
/// suite.create().unwrap();
/// suite.update().unwrap();
/// suite.anti_vacuity().unwrap();
/// ```
pub struct Suite<'p> {
    pair: &'p dyn DynPair,
    settings: EngineSettings,
    corpus_dir: Option<PathBuf>,
    name: String,
    cases: Option<u32>,
    vacuity_cases: usize,
    regressions: Option<PathBuf>,
    allowed: Vec<(String, String)>,
    seed: u64,
}

fn env_cases() -> Option<u32> {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.trim().parse().ok())
}

fn verdict_failed(o: &Outcome) -> bool {
    o.comparison.verdict != Verdict::Equal
}

fn describe(o: &Outcome) -> String {
    let mut s = format!(
        "{} {} {}: verdict {}",
        o.kind,
        o.operation.as_str(),
        if o.subresource.is_empty() {
            "/"
        } else {
            &o.subresource
        },
        o.comparison.verdict.as_str()
    );
    for e in o.comparison.only_handwritten.iter() {
        s.push_str(&format!(
            "\n  only handwritten: {e} (origin {:?})",
            e.origin
        ));
    }
    for e in o.comparison.only_declarative.iter() {
        s.push_str(&format!(
            "\n  only declarative: {e} (origin {:?})",
            e.origin
        ));
    }
    if let Some(p) = &o.handwritten.panic {
        s.push_str(&format!("\n  handwritten panicked: {p}"));
    }
    if let Some(p) = &o.declarative.panic {
        s.push_str(&format!("\n  declarative panicked: {p}"));
    }
    s
}

impl<'p> Suite<'p> {
    /// The suites of `pair`, named after its kind, without a corpus.
    pub fn new(pair: &'p dyn DynPair) -> Suite<'p> {
        Suite {
            pair,
            settings: EngineSettings::default(),
            corpus_dir: None,
            name: pair.kind().to_lowercase(),
            cases: None,
            vacuity_cases: DEFAULT_VACUITY_CASES,
            regressions: Some(PathBuf::from("proptest-regressions")),
            allowed: Vec::new(),
            seed: 0,
        }
    }

    /// Replays and seeds from the case files of the pair's kind under `dir`.
    pub fn corpus(mut self, dir: impl Into<PathBuf>) -> Suite<'p> {
        self.corpus_dir = Some(dir.into());
        self
    }

    /// The name used for regression files (default: the kind, lowercase).
    pub fn name(mut self, name: &str) -> Suite<'p> {
        self.name = name.to_string();
        self
    }

    /// Engine settings (release semantics, equivalence file).
    pub fn settings(mut self, settings: EngineSettings) -> Suite<'p> {
        self.settings = settings;
        self
    }

    /// Plans per proptest suite (`PROPTEST_CASES` still wins when set).
    pub fn cases(mut self, cases: u32) -> Suite<'p> {
        self.cases = Some(cases);
        self
    }

    /// Create and update cases of the anti-vacuity campaign.
    pub fn vacuity_cases(mut self, cases: usize) -> Suite<'p> {
        self.vacuity_cases = cases;
        self
    }

    /// The seed of the anti-vacuity campaign.
    pub fn seed(mut self, seed: u64) -> Suite<'p> {
        self.seed = seed;
        self
    }

    /// Where proptest persists failing seeds (default `proptest-regressions`,
    /// relative to the crate whose tests run).
    pub fn regressions_dir(mut self, dir: impl Into<PathBuf>) -> Suite<'p> {
        self.regressions = Some(dir.into());
        self
    }

    /// Persists no failing seeds (doctests, experiments).
    pub fn no_persistence(mut self) -> Suite<'p> {
        self.regressions = None;
        self
    }

    /// Exempts a rule from anti-vacuity, with the reason it cannot be reached
    /// or fired by generated objects.
    pub fn allow_unfired(mut self, rule_id: &str, reason: &str) -> Suite<'p> {
        self.allowed.push((rule_id.to_string(), reason.to_string()));
        self
    }

    fn corpus_files(&self) -> Result<Vec<CorpusFile>, String> {
        let Some(dir) = &self.corpus_dir else {
            return Ok(Vec::new());
        };
        let corpus = Corpus::load(dir);
        Ok(corpus
            .files(self.pair.api_version(), self.pair.kind())
            .to_vec())
    }

    fn generator(&self, corpus: &[CorpusFile]) -> Result<Generator<'p>, String> {
        Generator::new(self.pair, self.settings.clone(), corpus).map_err(|e| e.to_string())
    }

    /// Runs every corpus case of the kind; fails listing each case whose
    /// verdict is not `equal`, whose `expected` fails, or that cannot be
    /// run, with its file.
    pub fn replay_corpus(&self) -> Result<usize, String> {
        let files = self.corpus_files()?;
        let mut failures = Vec::new();
        for f in &files {
            let name = f.path.display().to_string();
            match self.pair.check_text(&name, &f.text, &self.settings) {
                Ok(c) => {
                    let expected_failed = c.outcome.expected.as_ref().is_some_and(|e| !e.pass());
                    if verdict_failed(&c.outcome) || expected_failed {
                        let mut s = format!("{name}:\n  {}", describe(&c.outcome));
                        if expected_failed {
                            s.push_str("\n  expected errors do not match (see `dv-harness check`)");
                        }
                        failures.push(s);
                    }
                }
                Err(e) => failures.push(format!("{e}")),
            }
        }
        if failures.is_empty() {
            Ok(files.len())
        } else {
            Err(format!(
                "{}: {} of {} corpus case(s) failed:\n{}",
                self.pair.kind(),
                failures.len(),
                files.len(),
                failures.join("\n")
            ))
        }
    }

    fn config(&self, suffix: &str) -> Config {
        let persistence = self.regressions.as_ref().map(|dir| {
            let path: &'static str = Box::leak(
                dir.join(format!("{}-{suffix}.txt", self.name))
                    .display()
                    .to_string()
                    .into_boxed_str(),
            );
            Box::new(FileFailurePersistence::Direct(path))
                as Box<dyn proptest::test_runner::FailurePersistence>
        });
        let defaults = Config::default();
        // Deterministic by default (the suite's seed), so CI runs are
        // reproducible; `PROPTEST_RNG_SEED` still picks another seed.
        let rng_seed = if std::env::var_os("PROPTEST_RNG_SEED").is_some() {
            defaults.rng_seed
        } else {
            proptest::test_runner::RngSeed::Fixed(self.seed)
        };
        Config {
            cases: env_cases().or(self.cases).unwrap_or(DEFAULT_CASES),
            failure_persistence: persistence,
            max_global_rejects: 10_000,
            rng_seed,
            ..defaults
        }
    }

    fn report(&self, generator: &Generator<'_>, case: &Case<Value>, what: &str) -> String {
        let minimized = minimize(self.pair, &self.settings, case, DEFAULT_BUDGET);
        let (case_json, case_text, outcome) = match &minimized {
            Some(m) => (
                m.checked.case_json.clone(),
                m.checked.case_text.clone(),
                m.checked.outcome.clone(),
            ),
            None => match generator.check(case) {
                Ok(c) => (c.case_json, c.case_text, c.outcome),
                Err(e) => return format!("{what}: the failing case no longer runs: {e}"),
            },
        };
        let sig = signature(&outcome);
        let notes = format!(
            "dv-harness {what} suite, minimised; verdict {}",
            outcome.comparison.verdict.as_str()
        );
        // The case's own text keeps a raw member's bytes
        // (`Checked::case_text`); the value is the fallback.
        let text = dv_harness_engine::case::with_notes(&case_text, &notes).unwrap_or_else(|| {
            let mut doc = case_json;
            if let Value::Object(m) = &mut doc {
                m.insert("notes".into(), Value::from(notes));
            }
            serde_json::to_string_pretty(&doc).unwrap_or_else(|_| doc.to_string())
        });
        format!(
            "{}\n\nminimised case (save as corpus/{}/regressions/{sig}.json):\n{text}\n",
            describe(&outcome),
            kind_dir(self.pair.api_version(), self.pair.kind()),
        )
    }

    /// The proptest create suite: generated create cases must be `equal`.
    pub fn create(&self) -> Result<(), String> {
        let corpus = self.corpus_files()?;
        let generator = self.generator(&corpus)?;
        let mut runner = TestRunner::new(self.config("create"));
        let result = runner.run(&create_plan(), |plan| {
            let case = generator.create_case(&plan);
            match generator.check(&case) {
                Ok(c) if verdict_failed(&c.outcome) => {
                    Err(TestCaseError::fail(describe(&c.outcome)))
                }
                _ => Ok(()),
            }
        });
        match result {
            Ok(()) => Ok(()),
            Err(TestError::Fail(_, plan)) => {
                let case = generator.create_case(&plan);
                Err(self.report(&generator, &case, "create"))
            }
            Err(TestError::Abort(why)) => {
                Err(format!("{}: create suite aborted: {why}", self.pair.kind()))
            }
        }
    }

    /// The proptest update suite: every step of generated update sequences
    /// (root and subresources) must be `equal`.
    pub fn update(&self) -> Result<(), String> {
        let corpus = self.corpus_files()?;
        let generator = self.generator(&corpus)?;
        let mut runner = TestRunner::new(self.config("update"));
        let result = runner.run(&update_plan(), |plan| {
            for case in generator.update_cases(&plan) {
                if let Ok(c) = generator.check(&case)
                    && verdict_failed(&c.outcome)
                {
                    return Err(TestCaseError::fail(describe(&c.outcome)));
                }
            }
            Ok(())
        });
        match result {
            Ok(()) => Ok(()),
            Err(TestError::Fail(_, plan)) => {
                let failing = generator.update_cases(&plan).into_iter().find(|case| {
                    generator
                        .check(case)
                        .is_ok_and(|c| verdict_failed(&c.outcome))
                });
                match failing {
                    Some(case) => Err(self.report(&generator, &case, "update")),
                    None => Err(format!(
                        "{}: update suite failed but the case no longer fails",
                        self.pair.kind()
                    )),
                }
            }
            Err(TestError::Abort(why)) => {
                Err(format!("{}: update suite aborted: {why}", self.pair.kind()))
            }
        }
    }

    /// Anti-vacuity: a deterministic campaign (corpus, then
    /// [`Suite::vacuity_cases`] create and update cases) must reach every
    /// declared rule and fire every rule that declares an error, except the
    /// allowed ones (see [`coverage`](super::coverage) for the definitions).
    /// A pair that declares no rule passes (no declared rule is unreached):
    /// its create and update suites still compare the hand-written errors
    /// with the declarative side's none, and the campaign still runs every
    /// case through both validators.
    pub fn anti_vacuity(&self) -> Result<(), String> {
        let corpus = self.corpus_files()?;
        let config = CampaignConfig {
            minimize_budget: 0,
            ..CampaignConfig::new(self.vacuity_cases, self.seed)
        };
        let run = run_kind(self.pair, &self.settings, &corpus, &config, &mut || {})
            .map_err(|e| e.to_string())?;
        let allowed: Vec<&str> = self.allowed.iter().map(|(id, _)| id.as_str()).collect();
        match run.coverage.vacuity(&allowed) {
            None => Ok(()),
            Some(text) => Err(format!(
                "{}: after {} cases ({} corpus, {} create, {} update):\n{text}",
                self.pair.kind(),
                run.cases,
                run.corpus_cases,
                run.create_cases,
                run.update_cases
            )),
        }
    }
}

/// A corpus directory relative to a crate root, e.g.
/// `corpus_dir(env!("CARGO_MANIFEST_DIR"), "../corpus")`.
///
/// ```
/// let d = dv_harness_generate::suite::corpus_dir("/a/harness", "../corpus");
/// assert_eq!(d, std::path::PathBuf::from("/a/harness/../corpus"));
/// ```
pub fn corpus_dir(manifest_dir: &str, relative: &str) -> PathBuf {
    Path::new(manifest_dir).join(relative)
}

/// The cargo-test equivalence suites of a pair, as four `#[test]`s in a
/// module: `corpus_replay`, `generated_create` and `generated_update`
/// (proptest) and `anti_vacuity`. Builder calls on [`Suite`] follow the pair expression.
///
/// ```ignore
/// dv_harness_generate::equivalence_suite!(widget, my_widget_pair(),
///     corpus(concat!(env!("CARGO_MANIFEST_DIR"), "/corpus")),
///     allow_unfired("Widget/spec.legacy/forbidden", "set only by old clients"));
/// ```
#[macro_export]
macro_rules! equivalence_suite {
    ($name:ident, $pair:expr $(, $method:ident ( $($arg:expr),* $(,)? ) )* $(,)?) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            fn with_suite<R>(f: impl FnOnce(&$crate::suite::Suite<'_>) -> R) -> R {
                let pair = $pair;
                let suite = $crate::suite::Suite::new(&pair)
                    .name(stringify!($name))
                    $(.$method($($arg),*))*;
                f(&suite)
            }

            #[test]
            fn corpus_replay() {
                if let Err(e) = with_suite(|s| s.replay_corpus()) {
                    panic!("{e}");
                }
            }

            #[test]
            fn generated_create() {
                if let Err(e) = with_suite(|s| s.create()) {
                    panic!("{e}");
                }
            }

            #[test]
            fn generated_update() {
                if let Err(e) = with_suite(|s| s.update()) {
                    panic!("{e}");
                }
            }

            #[test]
            fn anti_vacuity() {
                if let Err(e) = with_suite(|s| s.anti_vacuity()) {
                    panic!("{e}");
                }
            }
        }
    };
}
