//! A campaign over one kind: its corpus replayed, then N generated create
//! cases and N generated update cases (update sequences, every step
//! counted), deterministic for a seed, with per-kind and per-rule counters,
//! latencies and minimised mismatches. Every other generated case is
//! coverage-guided ([`target`](super::target)): it targets a rule the
//! campaign has not yet reached or fired; every fourth update sequence is
//! the next of the kind's [`RatchetSchedule`] (a stored value kept
//! unchanged by the updates). `dv-harness run` runs one per
//! registered kind; the anti-vacuity test runs one per kind.

use super::corpus::CorpusFile;
use super::coverage::Coverage;
use super::minimize::minimize;
use super::plan::{GenerateError, Generator, create_plan, update_plan};
use super::shard::Shard;
use super::target::{RatchetSchedule, Targeting};
use apimachinery::operation::Operation;
use dv_harness_engine::case::{Case, parse_case};
use dv_harness_engine::compare::Verdict;
use dv_harness_engine::engine::{EngineSettings, Outcome};
use dv_harness_engine::pair::{Checked, DynPair};
use dv_harness_engine::record::signature;
use proptest::strategy::{Strategy, ValueTree};
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use serde_json::Value;
use std::collections::HashSet;
use std::time::Instant;

/// What a campaign does.
///
/// ```
/// let c = dv_harness_generate::campaign::CampaignConfig::new(100, 7);
/// assert_eq!((c.cases, c.seed), (100, 7));
/// ```
#[derive(Debug, Clone)]
pub struct CampaignConfig {
    /// Generated create cases, and generated update cases, per kind.
    pub cases: usize,
    /// The seed: the same seed generates the same cases.
    pub seed: u64,
    /// Stop generating at this instant (the corpus is always replayed).
    pub deadline: Option<Instant>,
    /// Candidate checks spent minimising each new mismatch.
    pub minimize_budget: usize,
    /// The part of the campaign to run (`--shard K/N`; default: all of it).
    pub shard: Shard,
}

impl CampaignConfig {
    /// `cases` create and `cases` update cases from `seed`, no deadline.
    pub fn new(cases: usize, seed: u64) -> CampaignConfig {
        CampaignConfig {
            cases,
            seed,
            deadline: None,
            minimize_budget: super::minimize::DEFAULT_BUDGET,
            shard: Shard::WHOLE,
        }
    }
}

/// A distinct mismatch (or panic) a campaign found, minimised.
#[derive(Debug, Clone)]
pub struct Finding {
    /// The mismatch signature (`record::signature`).
    pub signature: String,
    /// The verdict.
    pub verdict: Verdict,
    /// Where the case came from: a corpus file, or `generated`.
    pub source: String,
    /// The minimised case, in case-file form.
    pub case_json: Value,
    /// The same case file as text, raw members byte for byte
    /// ([`dv_harness_engine::pair::Checked::case_text`]).
    pub case_text: String,
    /// The minimised case's outcome.
    pub outcome: Outcome,
}

/// Where a checked case came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// A corpus file.
    Corpus,
    /// A generated create.
    Create,
    /// A step of a generated update sequence.
    Update,
    /// A fuzz input (`dv-harness fuzz`).
    Fuzz,
}

/// One kind's campaign result.
pub struct KindRun {
    /// The kind.
    pub kind: String,
    /// Its apiVersion.
    pub api_version: String,
    /// Cases run (corpus + generated).
    pub cases: u64,
    /// Corpus cases run.
    pub corpus_cases: u64,
    /// Generated create cases run.
    pub create_cases: u64,
    /// Generated update cases run.
    pub update_cases: u64,
    /// Fuzz cases run (counted by verdict; see [`KindRun::count`]).
    pub fuzz_cases: u64,
    /// Corpus files that could not be run (with the reason), and keys of
    /// corpus files that loading ignored (the case ran without them).
    pub corpus_errors: Vec<String>,
    /// Cases whose verdict is a mismatch.
    pub mismatches: u64,
    /// Cases whose verdict is a panic.
    pub panics: u64,
    /// HV latencies (ns).
    pub hv_nanos: Vec<u64>,
    /// DV latencies (ns).
    pub dv_nanos: Vec<u64>,
    /// Rule coverage.
    pub coverage: Coverage,
    /// Distinct mismatches, minimised.
    pub findings: Vec<Finding>,
    /// Wall time spent.
    pub elapsed_nanos: u64,
}

/// The median of some latencies (0 for none).
///
/// ```
/// assert_eq!(dv_harness_generate::campaign::median(&[5, 1, 3]), 3);
/// assert_eq!(dv_harness_generate::campaign::median(&[]), 0);
/// ```
pub fn median(values: &[u64]) -> u64 {
    if values.is_empty() {
        return 0;
    }
    let mut v = values.to_vec();
    v.sort_unstable();
    v[v.len() / 2]
}

impl KindRun {
    /// An empty tally of `pair`'s cases, its coverage over the pair's rules.
    ///
    /// ```
    /// #[derive(Clone, Default, serde::Serialize, serde::Deserialize, PartialEq, apimachinery::Validate)]
    /// struct T {
    ///     n: i32,
    /// }
    /// let pair = dv_harness_engine::pair::FnPair::<T>::new("v1", "T",
    ///     |_, _, _| Default::default(), |_, _, _| {}, &[]);
    /// let run = dv_harness_generate::campaign::KindRun::new(&pair);
    /// assert_eq!((run.kind.as_str(), run.cases), ("T", 0));
    /// ```
    pub fn new(pair: &dyn DynPair) -> KindRun {
        KindRun {
            kind: pair.kind().to_string(),
            api_version: pair.api_version().to_string(),
            cases: 0,
            corpus_cases: 0,
            create_cases: 0,
            update_cases: 0,
            fuzz_cases: 0,
            corpus_errors: Vec::new(),
            mismatches: 0,
            panics: 0,
            hv_nanos: Vec::new(),
            dv_nanos: Vec::new(),
            coverage: Coverage::of(pair),
            findings: Vec::new(),
            elapsed_nanos: 0,
        }
    }

    /// Counts a case from `source` by its verdict alone (a generator that
    /// keeps no outcome of an equal case, as the fuzz hot path).
    pub fn count(&mut self, source: Source, verdict: Verdict) {
        self.cases += 1;
        match source {
            Source::Corpus => self.corpus_cases += 1,
            Source::Create => self.create_cases += 1,
            Source::Update => self.update_cases += 1,
            Source::Fuzz => self.fuzz_cases += 1,
        }
        match verdict {
            Verdict::Equal => {}
            v if v.is_fault() => self.panics += 1,
            _ => self.mismatches += 1,
        }
    }

    /// Adds a case's full outcome: counted as [`KindRun::count`], its
    /// latencies and rule coverage observed.
    pub fn observe(&mut self, case: &Case<Value>, outcome: &Outcome, source: Source) {
        self.count(source, outcome.comparison.verdict);
        self.observe_coverage(case, outcome);
    }

    /// Adds a case's latencies and rule coverage without counting it (a
    /// case already counted by [`KindRun::count`]).
    pub fn observe_coverage(&mut self, case: &Case<Value>, outcome: &Outcome) {
        self.hv_nanos.push(outcome.handwritten.nanos);
        self.dv_nanos.push(outcome.declarative.nanos);
        self.coverage.observe(case, outcome);
    }

    /// HV median latency.
    pub fn hv_median(&self) -> u64 {
        median(&self.hv_nanos)
    }

    /// DV median latency.
    pub fn dv_median(&self) -> u64 {
        median(&self.dv_nanos)
    }

    /// Cases per second.
    pub fn cases_per_second(&self) -> f64 {
        if self.elapsed_nanos == 0 {
            return 0.0;
        }
        self.cases as f64 / (self.elapsed_nanos as f64 / 1e9)
    }

    /// The `run --json` entry of this kind (DESIGN.md section 5).
    pub fn to_json(&self) -> Value {
        let rules: Vec<Value> = self
            .coverage
            .rules()
            .map(|(r, c)| {
                serde_json::json!({
                    "id": r.id, "path": r.path, "tag": r.tag, "stage": r.stage.as_str(),
                    "reached": c.reached, "fired": c.fired, "mismatches": c.mismatches,
                    "ratcheted": c.ratcheted,
                })
            })
            .collect();
        serde_json::json!({
            "kind": self.kind,
            "apiVersion": self.api_version,
            "cases": self.cases,
            "mismatches": self.mismatches,
            "panics": self.panics,
            "hvMedianNanos": self.hv_median(),
            "dvMedianNanos": self.dv_median(),
            "rules": rules,
        })
    }
}

/// The RNG of a kind's campaign: from the seed and the kind's identity, so
/// a kind generates the same cases whichever other kinds run.
///
/// ```
/// use dv_harness_generate::campaign::rng_for;
/// use proptest::strategy::{Strategy, ValueTree};
/// use proptest::test_runner::{Config, TestRunner};
/// let draw = |seed| {
///     let mut r = TestRunner::new_with_rng(Config::default(), rng_for(seed, "v1", "K"));
///     (0u64..1_000_000).new_tree(&mut r).unwrap().current()
/// };
/// assert_eq!(draw(1), draw(1));
/// assert_ne!(draw(1), draw(2));
/// ```
pub fn rng_for(seed: u64, api_version: &str, kind: &str) -> TestRng {
    let mut bytes = [0u8; 32];
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ seed;
    for (i, chunk) in bytes.chunks_mut(8).enumerate() {
        for b in api_version
            .bytes()
            .chain([b'/'])
            .chain(kind.bytes())
            .chain((i as u64).to_le_bytes())
        {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
        h ^= seed.rotate_left(17);
        chunk.copy_from_slice(&h.to_le_bytes());
    }
    TestRng::from_seed(RngAlgorithm::ChaCha, &bytes)
}

struct Tally<'a> {
    run: KindRun,
    /// The coverage of the whole corpus and the current block's cases:
    /// what the block's targeting reads.
    block: Coverage,
    seen: HashSet<String>,
    generator: &'a Generator<'a>,
    budget: usize,
}

impl Tally<'_> {
    fn add(&mut self, case: &Case<Value>, checked: &Checked, source: Source, origin: &str) {
        let o = &checked.outcome;
        self.run.observe(case, o, source);
        if source != Source::Corpus {
            self.block.observe(case, o);
        }
        if o.comparison.verdict == Verdict::Equal {
            return;
        }
        let sig = signature(o);
        if !self.seen.insert(sig.clone()) {
            return;
        }
        let generator = self.generator;
        // A hang or crash is not minimised: each try would cost a time
        // limit or a worker.
        let faulted = matches!(o.comparison.verdict, Verdict::Hang | Verdict::Crash);
        let (case_json, case_text, outcome) = if source == Source::Corpus || faulted {
            (
                checked.case_json.clone(),
                checked.case_text.clone(),
                o.clone(),
            )
        } else {
            match minimize(generator.pair(), generator.settings(), case, self.budget) {
                Some(m) => (m.checked.case_json, m.checked.case_text, m.checked.outcome),
                None => (
                    checked.case_json.clone(),
                    checked.case_text.clone(),
                    o.clone(),
                ),
            }
        };
        self.run.findings.push(Finding {
            signature: sig,
            verdict: o.comparison.verdict,
            source: origin.to_string(),
            case_json,
            case_text,
            outcome,
        });
    }
}

/// Generated cases come in blocks of this many creates (and as many
/// update cases). A block has its own random stream
/// ([`block_rng`]) and its own targeting state, so blocks do not depend on
/// each other: `--shard K/N` runs a subset of the blocks, and N shards
/// together run exactly the blocks of the unsharded campaign.
pub const CASES_PER_BLOCK: usize = 256;

/// The random stream of generated block `block` of a kind: block 0 uses
/// [`rng_for`] of the seed itself, later blocks a seed derived from it.
///
/// ```
/// use dv_harness_generate::campaign::block_rng;
/// use proptest::prelude::Rng;
/// let first = |mut r: proptest::test_runner::TestRng| r.next_u64();
/// assert_eq!(first(block_rng(1, "v1", "K", 2)), first(block_rng(1, "v1", "K", 2)));
/// assert_ne!(first(block_rng(1, "v1", "K", 0)), first(block_rng(1, "v1", "K", 1)));
/// ```
pub fn block_rng(seed: u64, api_version: &str, kind: &str, block: usize) -> TestRng {
    let derived = seed.wrapping_add((block as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    rng_for(derived, api_version, kind)
}

/// How many cases a shard of a campaign runs for one kind (the progress
/// bar's total): its corpus files and its blocks' generated cases.
///
/// ```
/// use dv_harness_generate::campaign::{planned_cases, CampaignConfig};
/// let c = CampaignConfig::new(100, 0);
/// assert_eq!(planned_cases(&c, "v1", "K", &[]), 200);
/// ```
pub fn planned_cases(
    config: &CampaignConfig,
    api_version: &str,
    kind: &str,
    corpus: &[CorpusFile],
) -> u64 {
    let group = format!("{api_version}/{kind}");
    let files = corpus
        .iter()
        .filter(|f| {
            config
                .shard
                .owns(&format!("{group}#corpus:{}", f.path.display()))
        })
        .count();
    let generated: usize = (0..config.cases.div_ceil(CASES_PER_BLOCK))
        .filter(|b| config.shard.owns_block(&group, *b as u64))
        .map(|b| 2 * CASES_PER_BLOCK.min(config.cases - b * CASES_PER_BLOCK))
        .sum();
    (files + generated) as u64
}

/// One block of generated cases: `quota` creates, then `quota` update
/// cases (update sequences, every step counted). Every other create and
/// every other update sequence targets a rule the block has not yet
/// reached or fired; every fourth sequence is the next ratchet. The
/// targeting and ratchet cycles of block `b` start `b` blocks' worth of
/// targets into their cycles, so blocks spread over the kind's rules.
fn run_block(
    pair: &dyn DynPair,
    tally: &mut Tally<'_>,
    config: &CampaignConfig,
    block: usize,
    quota: usize,
    progress: &mut dyn FnMut(&KindRun),
) {
    let generator = tally.generator;
    let mut runner = TestRunner::new_with_rng(
        Config::default(),
        block_rng(config.seed, pair.api_version(), pair.kind(), block),
    );
    let out_of_time = || config.deadline.is_some_and(|d| Instant::now() >= d);
    let serves_status = pair.subresources().contains(&"/status");
    let mut targeting = Targeting::new(generator.model(), pair.rules(), serves_status)
        .rotated(block * CASES_PER_BLOCK / 2);
    let creates = create_plan();
    for i in 0..quota {
        if out_of_time() {
            break;
        }
        let Ok(tree) = creates.new_tree(&mut runner) else {
            break;
        };
        let target = (i % 2 == 1)
            .then(|| targeting.next(&tally.block, Operation::Create))
            .flatten();
        let case = match target {
            Some(t) => generator.targeted_create_case(&tree.current(), t),
            None => generator.create_case(&tree.current()),
        };
        if let Ok(checked) = generator.check(&case) {
            tally.add(&case, &checked, Source::Create, "generated create");
        }
        progress(&tally.run);
    }
    let updates = update_plan();
    let mut ratchets = RatchetSchedule::new(generator.model(), pair.rules())
        .starting_at(block * CASES_PER_BLOCK / 16);
    let mut done = 0usize;
    let mut sequences = 0usize;
    'updates: while done < quota {
        if out_of_time() {
            break;
        }
        let Ok(tree) = updates.new_tree(&mut runner) else {
            break;
        };
        sequences += 1;
        let target = sequences
            .is_multiple_of(2)
            .then(|| targeting.next(&tally.block, Operation::Update))
            .flatten();
        let ratchet = (sequences % 4 == 3).then(|| ratchets.next()).flatten();
        let cases = match (target, ratchet) {
            (Some(t), _) => generator.targeted_update_cases(&tree.current(), t),
            (None, Some(r)) => generator.ratchet_update_cases(&tree.current(), r),
            (None, None) => generator.update_cases(&tree.current()),
        };
        for case in cases {
            if done >= quota {
                break 'updates;
            }
            done += 1;
            if let Ok(checked) = generator.check(&case) {
                tally.add(&case, &checked, Source::Update, "generated update");
            }
            progress(&tally.run);
        }
    }
}

/// Runs one kind's campaign; `progress` is called after each case.
///
/// ```
/// use dv_harness_generate::campaign::{run_kind, CampaignConfig};
/// use dv_harness_engine::engine::EngineSettings;
/// use dv_harness_engine::pair::FnPair;
/// use apimachinery::{field::ErrorList, operation::Context};
/// #[derive(Clone, Default, serde::Serialize, serde::Deserialize, PartialEq, apimachinery::Validate)]
/// struct T {
///     /// +k8s:beta(since: "1.37")=+k8s:optional
///     /// +k8s:beta(since: "1.37")=+k8s:minimum=0
///     #[serde(default)]
///     n: i32,
/// }
/// // HV forgot the rule: DV is stricter for negative n.
/// fn hv(_: &Context, _: &T, _: Option<&T>) -> ErrorList { ErrorList::new() }
/// fn prep(_: &Context, _: &mut T, _: Option<&T>) {}
/// let pair = FnPair::new("v1", "T", hv, prep, &[]);
/// let run = run_kind(&pair, &EngineSettings::default(), &[], &CampaignConfig::new(50, 1), &mut || {}).unwrap();
/// assert_eq!(run.cases, run.create_cases + run.update_cases);
/// assert!(run.mismatches > 0);
/// assert!(run.findings[0].case_json["object"]["n"].as_i64().unwrap() < 0);
/// ```
pub fn run_kind(
    pair: &dyn DynPair,
    settings: &EngineSettings,
    corpus: &[CorpusFile],
    config: &CampaignConfig,
    progress: &mut dyn FnMut(),
) -> Result<KindRun, GenerateError> {
    run_kind_observed(pair, settings, corpus, config, &mut |_| progress())
}

/// [`run_kind`], with `progress` shown the tally so far after each case
/// (what a long campaign checkpoints between cases).
///
/// ```
/// use dv_harness_generate::campaign::{run_kind_observed, CampaignConfig};
/// use dv_harness_engine::pair::FnPair;
/// use apimachinery::{field::ErrorList, operation::Context};
/// #[derive(Clone, Default, serde::Serialize, serde::Deserialize, PartialEq, apimachinery::Validate)]
/// struct T {
///     n: i32,
/// }
/// let pair = FnPair::<T>::new("v1", "T", |_, _, _| ErrorList::new(), |_, _, _| {}, &[]);
/// let mut seen = Vec::new();
/// let run = run_kind_observed(&pair, &Default::default(), &[], &CampaignConfig::new(3, 1),
///     &mut |so_far| seen.push(so_far.cases)).unwrap();
/// assert_eq!(seen, (1..=run.cases).collect::<Vec<_>>());
/// ```
pub fn run_kind_observed(
    pair: &dyn DynPair,
    settings: &EngineSettings,
    corpus: &[CorpusFile],
    config: &CampaignConfig,
    progress: &mut dyn FnMut(&KindRun),
) -> Result<KindRun, GenerateError> {
    let start = Instant::now();
    let generator = Generator::new(pair, settings.clone(), corpus)?;
    let mut tally = Tally {
        run: KindRun::new(pair),
        block: Coverage::of(pair),
        seen: HashSet::new(),
        generator: &generator,
        budget: config.minimize_budget,
    };
    // Every shard replays the whole corpus to learn its coverage (what the
    // generated blocks' targeting starts from), but counts only its own files.
    let mut corpus_coverage = Coverage::of(pair);
    for file in corpus {
        let name = file.path.display().to_string();
        let owned = config.shard.owns(&format!(
            "{}/{}#corpus:{name}",
            pair.api_version(),
            pair.kind()
        ));
        let case = match parse_case::<Value>(&file.text) {
            Ok(c) => c,
            Err(p) => {
                if owned {
                    tally.run.corpus_errors.push(format!("{name}: {p}"));
                }
                continue;
            }
        };
        match pair.check_text(&name, &file.text, settings) {
            Ok(checked) => {
                corpus_coverage.observe(&case, &checked.outcome);
                if owned {
                    tally.add(&case, &checked, Source::Corpus, &name);
                    let unknown = pair.unknown_keys(&file.text).into_iter();
                    tally
                        .run
                        .corpus_errors
                        .extend(unknown.map(|p| format!("{name}: {p}")));
                }
            }
            Err(e) => {
                if owned {
                    tally.run.corpus_errors.push(e.to_string());
                }
            }
        }
        if owned {
            progress(&tally.run);
        }
    }
    let group = format!("{}/{}", pair.api_version(), pair.kind());
    let blocks = config.cases.div_ceil(CASES_PER_BLOCK);
    for block in 0..blocks {
        if !config.shard.owns_block(&group, block as u64) {
            continue;
        }
        if config.deadline.is_some_and(|d| Instant::now() >= d) {
            break;
        }
        let quota = CASES_PER_BLOCK.min(config.cases - block * CASES_PER_BLOCK);
        tally.block = corpus_coverage.clone();
        run_block(pair, &mut tally, config, block, quota, progress);
    }
    let mut run = tally.run;
    run.elapsed_nanos = u64::try_from(start.elapsed().as_nanos()).unwrap_or(u64::MAX);
    Ok(run)
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::{Error, ErrorList, Path};
    use apimachinery::operation::Context;
    use dv_harness_engine::pair::FnPair;

    #[derive(
        Clone, Default, serde::Serialize, serde::Deserialize, PartialEq, apimachinery::Validate,
    )]
    struct T {
        /// +k8s:optional
        /// +k8s:minimum=0
        #[serde(default)]
        n: i32,
    }

    /// Re-validates unchanged values (no ratcheting), as hand-written
    /// validation does.
    fn hv(_: &Context, t: &T, _: Option<&T>) -> ErrorList {
        if t.n < 0 {
            return Error::invalid(&Path::new("n"), t.n, "")
                .with_origin("minimum")
                .mark_covered_by_declarative()
                .into();
        }
        ErrorList::new()
    }

    fn prep(_: &Context, _: &mut T, _: Option<&T>) {}

    #[test]
    fn ratcheting_sequences_reach_the_counters() {
        let pair = FnPair::new("v1", "T", hv, prep, &[]);
        let run = run_kind(
            &pair,
            &EngineSettings::default(),
            &[],
            &CampaignConfig::new(16, 1),
            &mut || {},
        )
        .unwrap();
        let (_, c) = run.coverage.rules().next().unwrap();
        assert!(c.ratcheted > 0, "{c:?}");
    }
}
