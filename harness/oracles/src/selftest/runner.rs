//! Runs the catalogue: for each mutant, dv-harness' generators (corpus
//! replay, then create and update-sequence plans with the boundary
//! mutator, from [`dv_harness_generate`], each create also followed by an
//! update that changes nothing, each update plan also realised as the
//! next ratcheting sequence of the kind's
//! [`RatchetSchedule`](dv_harness_generate::target::RatchetSchedule)) until the planted divergence is seen or
//! the budget is spent; then the random-fill baseline with the same
//! budget. A case "detects" the mutant when [`super::detect::shows`] says
//! so (the engine's detail-free judgement of the planted view differs from
//! the control's, under some lifecycle), or when the case overruns the
//! per-case time limit.
//!
//! Time limit: each mutant run has a watchdog thread; when one case runs
//! longer than the limit it sets the mutant's [`Cancel`] flag (a Rust
//! thread cannot be killed: the planted loop spins until that flag is set)
//! and the run reports the mutant detected as a hang.

use super::baseline::RandomFill;
use super::detect::shows;
use super::mutant::{Cancel, Mutant, Mutated};
use apimachinery::operation::Operation;
use dv_harness_engine::case::{Case, parse_case};
use dv_harness_engine::engine::EngineSettings;
use dv_harness_engine::pair::Registry;
use dv_harness_generate::corpus::{Corpus, CorpusFile};
use dv_harness_generate::plan::{Generator, create_plan, update_plan};
use dv_harness_generate::target::RatchetSchedule;
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, TestRunner};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// How the self-test runs.
///
/// ```
/// let c = dv_harness_oracles::selftest::runner::SelftestConfig::default();
/// assert_eq!(c.threads, 2);
/// ```
#[derive(Debug, Clone)]
pub struct SelftestConfig {
    /// Wall-time budget per mutant and generator.
    pub budget: Duration,
    /// Per-case time limit (a longer case is a hang: the mutant is detected).
    pub case_limit: Duration,
    /// Worker threads (mutants run in parallel).
    pub threads: usize,
    /// Generation seed.
    pub seed: u64,
    /// Engine settings for both the planted and the unmutated runs.
    pub settings: EngineSettings,
}

impl Default for SelftestConfig {
    fn default() -> SelftestConfig {
        SelftestConfig {
            budget: Duration::from_secs(2),
            case_limit: Duration::from_secs(2),
            threads: 2,
            seed: 1,
            settings: EngineSettings::default(),
        }
    }
}

/// Which generator a run used.
///
/// ```
/// assert_eq!(dv_harness_oracles::selftest::runner::Which::Baseline.as_str(), "random-fill");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Which {
    /// dv-harness' generators.
    Harness,
    /// The Kubernetes-style random fill.
    Baseline,
}

impl Which {
    /// `dv-harness` or `random-fill`.
    ///
    /// ```
    /// assert_eq!(dv_harness_oracles::selftest::runner::Which::Harness.as_str(), "dv-harness");
    /// ```
    pub const fn as_str(self) -> &'static str {
        match self {
            Which::Harness => "dv-harness",
            Which::Baseline => "random-fill",
        }
    }
}

/// One generator's run against one mutant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    /// Milliseconds to detection, if detected.
    pub millis: Option<u64>,
    /// Cases checked.
    pub cases: u64,
    /// What showed it: a verdict name, `hang` or `corpus:<verdict>`.
    pub how: Option<String>,
}

/// One mutant's result.
#[derive(Debug, Clone)]
pub struct MutantResult {
    /// The mutant id.
    pub id: String,
    /// Its family.
    pub family: &'static str,
    /// Its kind.
    pub kind: String,
    /// Whether it is benign by design.
    pub benign: bool,
    /// dv-harness' run.
    pub harness: Run,
    /// The baseline's run.
    pub baseline: Run,
}

/// The self-test result.
#[derive(Debug, Clone)]
pub struct Report {
    /// Per mutant, in catalogue order.
    pub mutants: Vec<MutantResult>,
    /// Wall time of the whole run.
    pub wall_millis: u64,
    /// The budget per mutant and generator.
    pub budget_millis: u64,
    /// Worker threads.
    pub threads: usize,
}

fn millis(d: Duration) -> u64 {
    u64::try_from(d.as_millis()).unwrap_or(u64::MAX)
}

/// The median of some values (0 for none).
fn median(v: &mut [u64]) -> u64 {
    v.sort_unstable();
    if v.is_empty() {
        0
    } else {
        v[(v.len() - 1) / 2]
    }
}

impl Report {
    fn rate(&self, pick: impl Fn(&MutantResult) -> &Run) -> f64 {
        let real: Vec<&MutantResult> = self.mutants.iter().filter(|m| !m.benign).collect();
        if real.is_empty() {
            return 0.0;
        }
        let found = real.iter().filter(|m| pick(m).millis.is_some()).count();
        found as f64 / real.len() as f64
    }

    fn times(&self, pick: impl Fn(&MutantResult) -> &Run) -> Vec<u64> {
        self.mutants
            .iter()
            .filter(|m| !m.benign)
            .filter_map(|m| pick(m).millis)
            .collect()
    }

    /// Share of non-benign mutants dv-harness detected.
    ///
    /// ```
    /// let r = dv_harness_oracles::selftest::runner::Report { mutants: vec![], wall_millis: 0, budget_millis: 0, threads: 1 };
    /// assert_eq!(r.detection_rate(), 0.0);
    /// ```
    pub fn detection_rate(&self) -> f64 {
        self.rate(|m| &m.harness)
    }

    /// Share of non-benign mutants the random fill detected.
    ///
    /// ```
    /// let r = dv_harness_oracles::selftest::runner::Report { mutants: vec![], wall_millis: 0, budget_millis: 0, threads: 1 };
    /// assert_eq!(r.baseline_detection_rate(), 0.0);
    /// ```
    pub fn baseline_detection_rate(&self) -> f64 {
        self.rate(|m| &m.baseline)
    }

    /// Median and worst time to detection (ms) of a generator, over the
    /// mutants it detected.
    ///
    /// ```
    /// use dv_harness_oracles::selftest::runner::{Report, Which};
    /// let r = Report { mutants: vec![], wall_millis: 0, budget_millis: 0, threads: 1 };
    /// assert_eq!(r.median_worst(Which::Harness), (0, 0));
    /// ```
    pub fn median_worst(&self, which: Which) -> (u64, u64) {
        let mut t = match which {
            Which::Harness => self.times(|m| &m.harness),
            Which::Baseline => self.times(|m| &m.baseline),
        };
        let worst = t.iter().copied().max().unwrap_or(0);
        (median(&mut t), worst)
    }

    /// Per family: (family, mutants, of which benign, non-benign detected
    /// by dv-harness, non-benign detected by the baseline).
    ///
    /// ```
    /// let r = dv_harness_oracles::selftest::runner::Report { mutants: vec![], wall_millis: 0, budget_millis: 0, threads: 1 };
    /// assert!(r.families().is_empty());
    /// ```
    pub fn families(&self) -> Vec<(&'static str, usize, usize, usize, usize)> {
        let mut out: Vec<(&'static str, usize, usize, usize, usize)> = Vec::new();
        for m in &self.mutants {
            let row = match out.iter_mut().find(|r| r.0 == m.family) {
                Some(r) => r,
                None => {
                    out.push((m.family, 0, 0, 0, 0));
                    let last = out.len() - 1;
                    &mut out[last]
                }
            };
            row.1 += 1;
            if m.benign {
                row.2 += 1;
                continue;
            }
            row.3 += usize::from(m.harness.millis.is_some());
            row.4 += usize::from(m.baseline.millis.is_some());
        }
        out
    }

    /// The `selftest --json` document (DESIGN.md section 5), plus
    /// per-mutant `family`, `kind`, case counts and `how`, and overall
    /// `worstMillis`, baseline times, `wallMillis`, `budgetMillis`, `threads`.
    ///
    /// ```
    /// let r = dv_harness_oracles::selftest::runner::Report { mutants: vec![], wall_millis: 0, budget_millis: 0, threads: 1 };
    /// let j = r.to_json();
    /// assert_eq!(j["mutants"], serde_json::json!([]));
    /// assert!(j["detectionRate"].is_number() && j["medianMillis"].is_number());
    /// ```
    pub fn to_json(&self) -> Value {
        let (median, worst) = self.median_worst(Which::Harness);
        let (bmedian, bworst) = self.median_worst(Which::Baseline);
        json!({
            "mutants": self.mutants.iter().map(|m| json!({
                "id": m.id,
                "benign": m.benign,
                "detected": m.harness.millis.is_some(),
                "millis": m.harness.millis,
                "baselineDetected": m.baseline.millis.is_some(),
                "baselineMillis": m.baseline.millis,
                "family": m.family,
                "kind": m.kind,
                "cases": m.harness.cases,
                "baselineCases": m.baseline.cases,
                "how": m.harness.how,
                "baselineHow": m.baseline.how,
            })).collect::<Vec<_>>(),
            "detectionRate": self.detection_rate(),
            "baselineDetectionRate": self.baseline_detection_rate(),
            "medianMillis": median,
            "worstMillis": worst,
            "baselineMedianMillis": bmedian,
            "baselineWorstMillis": bworst,
            "wallMillis": self.wall_millis,
            "budgetMillis": self.budget_millis,
            "threads": self.threads,
        })
    }
}

/// The watchdog and progress clock of one run.
struct Clock {
    start: Instant,
    /// When the running planted case started (ms since `start`), `u64::MAX` when none runs.
    case_started: AtomicU64,
    done: AtomicBool,
    hung: AtomicBool,
}

impl Clock {
    fn now(&self) -> u64 {
        millis(self.start.elapsed())
    }
    fn begin_case(&self) {
        self.case_started.store(self.now(), Ordering::SeqCst);
    }
    fn end_case(&self) {
        self.case_started.store(u64::MAX, Ordering::SeqCst);
    }
}

/// Runs one generator against one mutant until detection or the budget
/// (the clock starts after the kind's generator is built: setup is shared).
/// `generator` is the kind's [`Generator`] over its corpus `files`.
///
/// ```
/// use dv_harness_oracles::selftest::{mutant::catalogue, runner::{run_mutant, SelftestConfig, Which}};
/// use dv_harness_generate::{corpus::Corpus, plan::Generator};
/// let registry = dv_harness_kinds::registry().unwrap();
/// let m = catalogue(&registry, &["ReplicationController".into()]).into_iter()
///     .find(|m| m.id == "ReplicationController/metadata.generation/minimum/error-dropped").unwrap();
/// let corpus = Corpus::load(std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../corpus")));
/// let files = corpus.files("v1", "ReplicationController");
/// // The budget is a cap (the run ends at detection): generous for a loaded debug build.
/// let config = SelftestConfig { budget: std::time::Duration::from_secs(60), ..Default::default() };
/// let rc = registry.find("ReplicationController", None).unwrap();
/// let generator = Generator::new(rc, config.settings.clone(), files).unwrap();
/// let run = run_mutant(&generator, files, &m, &config, Which::Harness);
/// assert!(run.millis.is_some());
/// ```
pub fn run_mutant(
    generator: &Generator<'_>,
    files: &[CorpusFile],
    mutant: &Mutant,
    config: &SelftestConfig,
    which: Which,
) -> Run {
    let inner = generator.pair();
    let cancel = Cancel::default();
    let mutated = Mutated::new(inner, mutant, config.settings.clone(), cancel.clone());
    let clock = Clock {
        start: Instant::now(),
        case_started: AtomicU64::new(u64::MAX),
        done: AtomicBool::new(false),
        hung: AtomicBool::new(false),
    };
    let limit = millis(config.case_limit);
    std::thread::scope(|s| {
        s.spawn(|| {
            while !clock.done.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(5));
                if clock
                    .now()
                    .saturating_sub(clock.case_started.load(Ordering::SeqCst))
                    > limit
                {
                    clock.hung.store(true, Ordering::SeqCst);
                    cancel.set();
                    break;
                }
            }
        });
        let run = search(generator, &mutated, files, config, which, &clock);
        clock.done.store(true, Ordering::SeqCst);
        run
    })
}

/// The case streams: corpus replay then generated plans, or random fill.
fn search(
    generator: &Generator<'_>,
    mutated: &Mutated<'_>,
    files: &[CorpusFile],
    config: &SelftestConfig,
    which: Which,
    clock: &Clock,
) -> Run {
    let inner = generator.pair();
    let mut cases = 0u64;
    let budget = millis(config.budget);
    let detect = |case: &Case<Value>, cases: &mut u64, tag: &str| -> Option<Run> {
        *cases += 1;
        clock.begin_case();
        let shown = shows(mutated, case, &config.settings);
        clock.end_case();
        if clock.hung.load(Ordering::SeqCst) {
            return Some(Run {
                millis: Some(clock.now()),
                cases: *cases,
                how: Some("hang".to_string()),
            });
        }
        shown.map(|how| Run {
            millis: Some(clock.now()),
            cases: *cases,
            how: Some(format!("{tag}{how}")),
        })
    };
    // An update that changes nothing, from a case's object: every value is
    // unchanged, so only a validator that forgets ratcheting reports the
    // invalid ones.
    let unchanged = |case: &Case<Value>| -> Option<Case<Value>> {
        (case.operation == Operation::Create && case.subresource.is_empty()).then(|| {
            let mut u = Case::update(case.object.clone(), case.object.clone());
            u.gates = case.gates.clone();
            u
        })
    };
    match which {
        Which::Harness => {
            for file in files {
                if clock.now() >= budget {
                    break;
                }
                if let Ok(case) = parse_case::<Value>(&file.text) {
                    if let Some(found) = detect(&case, &mut cases, "corpus:") {
                        return found;
                    }
                    if let Some(u) = unchanged(&case)
                        && let Some(found) = detect(&u, &mut cases, "corpus-unchanged:")
                    {
                        return found;
                    }
                }
            }
            let mut runner = TestRunner::new_with_rng(
                Config::default(),
                dv_harness_generate::campaign::rng_for(
                    config.seed,
                    inner.api_version(),
                    inner.kind(),
                ),
            );
            let creates = create_plan();
            let updates = update_plan();
            let mut ratchets = RatchetSchedule::new(generator.model(), inner.rules());
            while clock.now() < budget {
                if let Ok(tree) = creates.new_tree(&mut runner) {
                    let case = generator.create_case(&tree.current());
                    if let Some(found) = detect(&case, &mut cases, "") {
                        return found;
                    }
                    if let Some(u) = unchanged(&case)
                        && let Some(found) = detect(&u, &mut cases, "unchanged:")
                    {
                        return found;
                    }
                }
                if let Ok(tree) = updates.new_tree(&mut runner) {
                    let plan = tree.current();
                    for case in generator.update_cases(&plan) {
                        if let Some(found) = detect(&case, &mut cases, "") {
                            return found;
                        }
                    }
                    if let Some(r) = ratchets.next() {
                        for case in generator.ratchet_update_cases(&plan, r) {
                            if let Some(found) = detect(&case, &mut cases, "ratchet:") {
                                return found;
                            }
                        }
                    }
                }
            }
        }
        Which::Baseline => {
            let mut fill = RandomFill::new(inner, generator.seeds(), config.seed);
            while clock.now() < budget {
                if let Some(case) = fill.next_case()
                    && let Some(found) = detect(&case, &mut cases, "")
                {
                    return found;
                }
            }
        }
    }
    Run {
        millis: None,
        cases,
        how: None,
    }
}

/// Runs every mutant with both generators on `config.threads` threads;
/// `progress` is called after each mutant with (done, total).
///
/// ```
/// use dv_harness_oracles::selftest::{mutant::catalogue, runner::{run_all, SelftestConfig}};
/// use dv_harness_generate::corpus::Corpus;
/// use std::time::Duration;
/// let registry = dv_harness_kinds::registry().unwrap();
/// let ms: Vec<_> = catalogue(&registry, &["ReplicationController".into()]).into_iter()
///     .filter(|m| m.id.starts_with("ReplicationController/metadata.generation/minimum/")).take(2).collect();
/// let config = SelftestConfig { budget: Duration::from_millis(200), ..Default::default() };
/// let report = run_all(&registry, &Corpus::default(), &ms, &config, &|_, _| {});
/// assert_eq!(report.mutants.len(), 2);
/// ```
pub fn run_all(
    registry: &Registry,
    corpus: &Corpus,
    mutants: &[Mutant],
    config: &SelftestConfig,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Report {
    let start = Instant::now();
    let mut generators: BTreeMap<(String, String), (Generator<'_>, &[CorpusFile])> =
        BTreeMap::new();
    for m in mutants {
        let key = (m.api_version.clone(), m.kind.clone());
        if generators.contains_key(&key) {
            continue;
        }
        if let Ok(pair) = registry.find(&m.kind, Some(&m.api_version)) {
            let files = corpus.files(&m.api_version, &m.kind);
            if let Ok(g) = Generator::new(pair, config.settings.clone(), files) {
                generators.insert(key, (g, files));
            }
        }
    }
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<MutantResult>>> = Mutex::new(vec![None; mutants.len()]);
    std::thread::scope(|s| {
        for _ in 0..config.threads.max(1) {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    let Some(m) = mutants.get(i) else { break };
                    let key = (m.api_version.clone(), m.kind.clone());
                    let none = Run {
                        millis: None,
                        cases: 0,
                        how: None,
                    };
                    let (harness, baseline) = match generators.get(&key) {
                        Some((g, files)) => (
                            run_mutant(g, files, m, config, Which::Harness),
                            run_mutant(g, files, m, config, Which::Baseline),
                        ),
                        None => (none.clone(), none),
                    };
                    let r = MutantResult {
                        id: m.id.clone(),
                        family: m.operator.family(),
                        kind: m.kind.clone(),
                        benign: m.benign(),
                        harness,
                        baseline,
                    };
                    results.lock().unwrap_or_else(|p| p.into_inner())[i] = Some(r);
                    progress(done.fetch_add(1, Ordering::SeqCst) + 1, mutants.len());
                }
            });
        }
    });
    Report {
        mutants: results
            .into_inner()
            .unwrap_or_else(|p| p.into_inner())
            .into_iter()
            .flatten()
            .collect(),
        wall_millis: millis(start.elapsed()),
        budget_millis: millis(config.budget),
        threads: config.threads.max(1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn median_of_odd_and_even() {
        assert_eq!(median(&mut [3, 1, 2]), 2);
        assert_eq!(median(&mut [4, 1, 3, 2]), 2);
        assert_eq!(median(&mut []), 0);
    }
}
