//! The stable-toolchain, coverage-blind generative campaign behind
//! `dv-harness fuzz`: worker threads draw random bytes, decode them as
//! [`StructuredInput`]s and run them through the kinds' [`Oracle`]s until
//! the time is up or a stop flag is raised (Ctrl-C). Counters are atomic so
//! a progress bar can read them while the workers run; every finding is
//! handed to a callback at once (the CLI records it).

use super::input::StructuredInput;
use super::oracle::{Finding, Oracle};
use dv_harness_engine::case::Case;
use dv_harness_engine::compare::Verdict;
use dv_harness_engine::pair::Checked;
use proptest::prelude::Rng;
use proptest::test_runner::{RngAlgorithm, TestRng};
use serde_json::Value;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// How long and how wide a campaign runs.
///
/// ```
/// let c = dv_harness_oracles::fuzz::campaign::CampaignConfig::new(std::time::Duration::from_secs(1), 2, 7);
/// assert_eq!(c.jobs, 2);
/// ```
#[derive(Debug, Clone)]
pub struct CampaignConfig {
    /// Wall-clock budget.
    pub duration: Duration,
    /// Worker threads (at least 1).
    pub jobs: usize,
    /// RNG seed (each worker derives its own stream).
    pub seed: u64,
    /// Largest input, in bytes.
    pub max_input: usize,
    /// Stop after this many cases (all kinds), if set.
    pub max_cases: Option<u64>,
    /// The part of the seed's random streams this campaign draws from
    /// (`--shard K/N`): worker `w` of shard K uses stream `(K-1) + N*w`,
    /// so the shards of one seed never draw the same inputs.
    pub shard: dv_harness_generate::shard::Shard,
    /// Every this many cases of a worker, a case is checked in full (errors,
    /// latencies) and handed to the sampler of [`run_observed`] for rule
    /// coverage (0: never). The others take the verdict-only hot path.
    pub observe_every: u64,
}

impl CampaignConfig {
    /// A configuration with inputs of up to 512 bytes and no case limit.
    pub fn new(duration: Duration, jobs: usize, seed: u64) -> CampaignConfig {
        CampaignConfig {
            duration,
            jobs: jobs.max(1),
            seed,
            max_input: 512,
            max_cases: None,
            shard: dv_harness_generate::shard::Shard::WHOLE,
            observe_every: DEFAULT_OBSERVE_EVERY,
        }
    }
}

/// One kind's counters.
#[derive(Debug, Default)]
pub struct KindCounters {
    /// Cases run.
    pub cases: AtomicU64,
    /// Cases with a mismatch verdict.
    pub mismatches: AtomicU64,
    /// Cases where a validator panicked.
    pub panics: AtomicU64,
    /// Inputs that made no case of the kind.
    pub rejected: AtomicU64,
}

/// The live counters of a campaign, per kind (in oracle order).
///
/// ```
/// let p = dv_harness_oracles::fuzz::campaign::Progress::new(&["A".to_string()]);
/// assert_eq!(p.totals(), (0, 0, 0));
/// ```
#[derive(Debug)]
pub struct Progress {
    /// (kind, counters).
    pub kinds: Vec<(String, KindCounters)>,
}

impl Progress {
    /// Zeroed counters for the kinds.
    pub fn new(kinds: &[String]) -> Progress {
        Progress {
            kinds: kinds
                .iter()
                .map(|k| (k.clone(), KindCounters::default()))
                .collect(),
        }
    }

    /// (cases, mismatches, panics) over all kinds.
    pub fn totals(&self) -> (u64, u64, u64) {
        self.kinds.iter().fold((0, 0, 0), |(c, m, p), (_, k)| {
            (
                c + k.cases.load(Ordering::Relaxed),
                m + k.mismatches.load(Ordering::Relaxed),
                p + k.panics.load(Ordering::Relaxed),
            )
        })
    }
}

/// The random stream of worker `worker` of shard K/N: `(K-1) + N*worker`,
/// so the shards of one seed draw from disjoint streams, and shard 1/1
/// uses the streams an unsharded campaign always used.
fn stream(shard: dv_harness_generate::shard::Shard, worker: usize) -> usize {
    (shard.index() as usize - 1) + shard.count() as usize * worker
}

fn rng_for(seed: u64, worker: usize) -> TestRng {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    bytes[8..16].copy_from_slice(&(worker as u64).to_le_bytes());
    bytes[16..].copy_from_slice(b"dv-harness fuzz!");
    TestRng::from_seed(RngAlgorithm::ChaCha, &bytes)
}

/// The default of [`CampaignConfig::observe_every`]: one case in eight is
/// checked in full for rule coverage.
pub const DEFAULT_OBSERVE_EVERY: u64 = 8;

/// A sampled case checked in full: the index of its oracle, the case and
/// its outcome (see [`CampaignConfig::observe_every`]).
pub type Sampler<'a> = dyn Fn(usize, &Case<Value>, &Checked) + Sync + 'a;

/// Runs the campaign over `oracles` until the budget is spent or `stop`
/// is set; returns the elapsed time. `on_finding` sees every finding as it
/// happens (from the worker threads).
///
/// ```
/// use dv_harness_oracles::fuzz::{campaign::*, oracle::Oracle};
/// use std::sync::atomic::AtomicBool;
/// let registry = dv_harness_kinds::registry().unwrap();
/// let pair = registry.find("StorageClass", None).unwrap();
/// let oracles = vec![Oracle::new(pair, Default::default(), &Default::default()).unwrap()];
/// let progress = Progress::new(&["StorageClass".to_string()]);
/// let mut config = CampaignConfig::new(std::time::Duration::from_secs(60), 2, 1);
/// config.max_cases = Some(20);
/// run(&oracles, &config, &AtomicBool::new(false), &progress, &|_| {});
/// assert!(progress.totals().0 >= 20);
/// ```
pub fn run(
    oracles: &[Oracle<'_>],
    config: &CampaignConfig,
    stop: &AtomicBool,
    progress: &Progress,
    on_finding: &(dyn Fn(&Finding) + Sync),
) -> Duration {
    run_observed(oracles, config, stop, progress, on_finding, &|_, _, _| {})
}

/// [`run`], with every [`CampaignConfig::observe_every`]-th case of a
/// worker checked in full and handed to `on_sample` (what `dv-harness
/// fuzz` feeds into the pipeline's rule coverage).
///
/// ```
/// use dv_harness_oracles::fuzz::{campaign::*, oracle::Oracle};
/// use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
/// let registry = dv_harness_kinds::registry().unwrap();
/// let pair = registry.find("StorageClass", None).unwrap();
/// let oracles = vec![Oracle::new(pair, Default::default(), &Default::default()).unwrap()];
/// let progress = Progress::new(&["StorageClass".to_string()]);
/// let mut config = CampaignConfig::new(std::time::Duration::from_secs(60), 1, 1);
/// config.max_cases = Some(16);
/// config.observe_every = 4;
/// let sampled = AtomicU64::new(0);
/// run_observed(&oracles, &config, &AtomicBool::new(false), &progress, &|_| {},
///     &|_, _, _| { sampled.fetch_add(1, Ordering::Relaxed); });
/// assert!(sampled.load(Ordering::Relaxed) >= 1);
/// ```
pub fn run_observed(
    oracles: &[Oracle<'_>],
    config: &CampaignConfig,
    stop: &AtomicBool,
    progress: &Progress,
    on_finding: &(dyn Fn(&Finding) + Sync),
    on_sample: &Sampler<'_>,
) -> Duration {
    let start = Instant::now();
    if oracles.is_empty() {
        return start.elapsed();
    }
    let done = AtomicU64::new(0);
    std::thread::scope(|scope| {
        for worker in 0..config.jobs.max(1) {
            let done = &done;
            scope.spawn(move || {
                let mut rng = rng_for(config.seed, stream(config.shard, worker));
                let mut buf = vec![0u8; config.max_input.max(1)];
                let mut turn = worker;
                let mut seen = 0u64;
                loop {
                    if stop.load(Ordering::Relaxed) || start.elapsed() >= config.duration {
                        break;
                    }
                    if config
                        .max_cases
                        .is_some_and(|m| done.load(Ordering::Relaxed) >= m)
                    {
                        break;
                    }
                    let i = turn % oracles.len();
                    turn = turn.wrapping_add(1);
                    let (oracle, counters) = (&oracles[i], &progress.kinds[i].1);
                    let len = rng.next_u32() as usize % buf.len();
                    rng.fill_bytes(&mut buf[..len]);
                    let Ok(input) = StructuredInput::from_bytes(&buf[..len]) else {
                        counters.rejected.fetch_add(1, Ordering::Relaxed);
                        continue;
                    };
                    let case = input.case(oracle.generator());
                    counters.cases.fetch_add(1, Ordering::Relaxed);
                    done.fetch_add(1, Ordering::Relaxed);
                    seen += 1;
                    let sampled = config.observe_every > 0
                        && seen % config.observe_every == 1 % config.observe_every;
                    let checked = if sampled {
                        oracle.generator().check(&case).map(|c| {
                            on_sample(i, &case, &c);
                            (c.outcome.comparison.verdict != Verdict::Equal).then(|| Finding {
                                case: case.clone(),
                                case_json: c.case_json,
                                case_text: c.case_text,
                                outcome: c.outcome,
                            })
                        })
                    } else {
                        oracle.check(&case)
                    };
                    match checked {
                        Err(_) => {
                            counters.rejected.fetch_add(1, Ordering::Relaxed);
                        }
                        Ok(None) => {}
                        Ok(Some(f)) => {
                            if f.verdict().is_fault() {
                                counters.panics.fetch_add(1, Ordering::Relaxed);
                            } else {
                                counters.mismatches.fetch_add(1, Ordering::Relaxed);
                            }
                            on_finding(&f);
                        }
                    }
                }
            });
        }
    });
    start.elapsed()
}

#[cfg(test)]
mod tests {
    use super::*;
    use dv_harness_generate::corpus::Corpus;
    use std::sync::Mutex;

    #[test]
    fn shards_draw_from_disjoint_streams() {
        use dv_harness_generate::shard::Shard;
        let mut seen = std::collections::BTreeSet::new();
        for k in 1..=3 {
            for w in 0..4 {
                assert!(seen.insert(stream(Shard::new(k, 3).unwrap(), w)));
            }
        }
        assert_eq!(seen, (0..12).collect());
        assert_eq!(stream(Shard::WHOLE, 2), 2);
    }

    #[test]
    fn stop_flag_ends_the_campaign_at_once() {
        let registry = dv_harness_kinds::registry().unwrap();
        let pair = registry.find("CSIDriver", None).unwrap();
        let oracles = vec![Oracle::new(pair, Default::default(), &Corpus::default()).unwrap()];
        let progress = Progress::new(&["CSIDriver".to_string()]);
        let config = CampaignConfig::new(Duration::from_secs(3600), 1, 0);
        run(
            &oracles,
            &config,
            &AtomicBool::new(true),
            &progress,
            &|_| {},
        );
        assert_eq!(progress.totals().0, 0);
    }

    #[test]
    fn findings_reach_the_callback() {
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
        let oracles = vec![Oracle::new(&pair, Default::default(), &Corpus::default()).unwrap()];
        let progress = Progress::new(&["T".to_string()]);
        let mut config = CampaignConfig::new(Duration::from_secs(60), 2, 3);
        config.max_cases = Some(300);
        let seen = Mutex::new(0usize);
        run(
            &oracles,
            &config,
            &AtomicBool::new(false),
            &progress,
            &|_| {
                *seen.lock().unwrap() += 1;
            },
        );
        let (_, mismatches, _) = progress.totals();
        assert!(mismatches > 0);
        assert_eq!(*seen.lock().unwrap() as u64, mismatches);
    }
}
