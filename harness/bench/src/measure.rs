//! Timing: several functions measured in the same run, interleaved round
//! by round (so load from other processes hits them alike), each after a
//! warm-up that also calibrates how many calls one sample times; the
//! result per function is the median of its samples and their spread.
//!
//! The calls per sample come from the faster of two long warm-up batches,
//! not from the first batch that happened to take long enough: one
//! preempted or cold call would otherwise fix a fast function at one call
//! per sample, and its samples would time the clock instead of the function.

use serde::Serialize;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// How long one timed sample should last at least (many calls of a fast
/// function are timed together, so the clock's resolution does not matter).
const SAMPLE_TARGET: Duration = Duration::from_micros(50);
/// Rounds measured even when the budget is spent.
const MIN_ROUNDS: usize = 3;
/// Rounds never exceeded.
const MAX_ROUNDS: usize = 5_000;

/// The timing of one function: median nanoseconds per call, relative
/// spread (interquartile range over median) and how many samples.
///
/// ```
/// use dv_harness_bench::measure::Stats;
/// let s = Stats::from_samples(vec![10.0, 12.0, 11.0, 30.0]);
/// assert_eq!(s.median_nanos, 11.5);
/// assert_eq!(s.samples, 4);
/// assert!(s.spread > 0.0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Stats {
    /// Median nanoseconds per call.
    pub median_nanos: f64,
    /// (75th percentile - 25th percentile) / median.
    pub spread: f64,
    /// Number of samples.
    pub samples: usize,
}

impl Stats {
    /// Statistics of per-call sample times (nanoseconds).
    ///
    /// ```
    /// let s = dv_harness_bench::measure::Stats::from_samples(vec![5.0]);
    /// assert_eq!((s.median_nanos, s.spread), (5.0, 0.0));
    /// ```
    pub fn from_samples(mut samples: Vec<f64>) -> Stats {
        samples.sort_by(f64::total_cmp);
        let n = samples.len();
        if n == 0 {
            return Stats {
                median_nanos: 0.0,
                spread: 0.0,
                samples: 0,
            };
        }
        let median = if n % 2 == 1 {
            samples[n / 2]
        } else {
            (samples[n / 2 - 1] + samples[n / 2]) / 2.0
        };
        let q = |p: f64| samples[((n - 1) as f64 * p).round() as usize];
        let spread = if median > 0.0 {
            (q(0.75) - q(0.25)) / median
        } else {
            0.0
        };
        Stats {
            median_nanos: median,
            spread,
            samples: n,
        }
    }
}

/// Runs `f` `calls` times and returns the nanoseconds per call.
fn sample(f: &mut dyn FnMut() -> u64, calls: u64) -> f64 {
    let start = Instant::now();
    for _ in 0..calls {
        black_box(f());
    }
    start.elapsed().as_nanos() as f64 / calls as f64
}

/// How long [`calibrate`] runs a function at least before fixing its calls
/// per sample (less when the function's share of the budget is smaller).
const WARM_UP: Duration = Duration::from_millis(5);
/// The most calls one sample makes.
const MAX_CALLS: u64 = 1 << 20;

/// Warms `f` up and returns how many calls make one sample of about
/// [`SAMPLE_TARGET`]. The calls run in batches doubling from one, for at
/// least [`WARM_UP`] and until two batches each lasted a quarter of the
/// target (long enough for the clock's cost not to count); the time per
/// call is the lower of those batches'. A batch slowed by a preemption or
/// cold caches only ever reads slower, so one slow batch cannot fix a fast
/// function at a call or two per sample, which would time the clock
/// instead of the function. `limit` ends the warm-up in any case.
fn calibrate(f: &mut dyn FnMut() -> u64, limit: Duration) -> u64 {
    let warm_up = WARM_UP.min(limit);
    let start = Instant::now();
    let (mut batch, mut total) = (1u64, 0u64);
    let (mut best, mut measured) = (f64::INFINITY, 0);
    loop {
        let t = Instant::now();
        for _ in 0..batch {
            black_box(f());
        }
        let took = t.elapsed();
        total += batch;
        if took >= SAMPLE_TARGET / 4 {
            best = best.min(took.as_nanos() as f64 / batch as f64);
            measured += 1;
        }
        let spent = start.elapsed();
        if spent >= limit || batch >= MAX_CALLS || (spent >= warm_up && measured >= 2) {
            if !best.is_finite() {
                // No batch was long enough: the mean over the warm-up.
                best = spent.as_nanos() as f64 / total as f64;
            }
            let calls = (SAMPLE_TARGET.as_nanos() as f64 / best.max(f64::MIN_POSITIVE)).ceil();
            return (calls as u64).clamp(1, MAX_CALLS);
        }
        batch *= 2;
    }
}

/// Measures every function of `fns` within about `budget`: a warm-up and
/// calibration per function (at most a tenth of the budget each), then
/// rounds in which each function is sampled once, until the budget is spent
/// (at least 3 rounds, at most 5 000). The functions' return values are
/// passed through [`black_box`] so their work cannot be optimised away.
///
/// ```
/// use dv_harness_bench::measure::measure_interleaved;
/// use std::time::Duration;
/// let v: Vec<u64> = (0..1000).collect();
/// let mut small = || v[..10].iter().sum::<u64>();
/// let mut large = || v.iter().sum::<u64>();
/// let stats = measure_interleaved(&mut [&mut small, &mut large], Duration::from_millis(20));
/// assert_eq!(stats.len(), 2);
/// assert!(stats.iter().all(|s| s.samples >= 3 && s.median_nanos > 0.0));
/// ```
pub fn measure_interleaved(fns: &mut [&mut dyn FnMut() -> u64], budget: Duration) -> Vec<Stats> {
    let start = Instant::now();
    let per_fn_limit = budget / 10;
    let calls: Vec<u64> = fns
        .iter_mut()
        .map(|f| calibrate(&mut **f, per_fn_limit))
        .collect();
    let mut samples: Vec<Vec<f64>> = vec![Vec::new(); fns.len()];
    let mut rounds = 0;
    while rounds < MIN_ROUNDS || (start.elapsed() < budget && rounds < MAX_ROUNDS) {
        for ((f, n), out) in fns.iter_mut().zip(&calls).zip(&mut samples) {
            out.push(sample(&mut **f, *n));
        }
        rounds += 1;
    }
    samples.into_iter().map(Stats::from_samples).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_slow_first_call_does_not_fix_one_call_per_sample() {
        // The first call takes four sample targets (a page fault, a
        // preemption); every later call is a few nanoseconds.
        let mut first = true;
        let mut f = || {
            if std::mem::take(&mut first) {
                std::thread::sleep(4 * SAMPLE_TARGET);
            }
            black_box(1u64)
        };
        let calls = calibrate(&mut f, Duration::from_secs(1));
        assert!(calls >= 100, "{calls} calls per sample");
    }

    #[test]
    fn a_slow_function_gets_one_call_per_sample() {
        let mut f = || {
            std::thread::sleep(2 * SAMPLE_TARGET);
            black_box(1u64)
        };
        assert_eq!(calibrate(&mut f, Duration::from_millis(1)), 1);
    }

    #[test]
    fn quartile_spread_and_even_median() {
        let s = Stats::from_samples(vec![4.0, 1.0, 3.0, 2.0]);
        assert_eq!(s.median_nanos, 2.5);
        // q25 = samples[round(0.75)] = 2, q75 = samples[round(2.25)] = 3
        assert_eq!(s.spread, 0.4);
        assert_eq!(Stats::from_samples(Vec::new()).samples, 0);
    }

    #[test]
    fn every_function_is_sampled_in_every_round() {
        let (mut a_calls, mut b_calls) = (0u64, 0u64);
        let mut a = || {
            a_calls += 1;
            a_calls
        };
        let mut b = || {
            b_calls += 1;
            b_calls
        };
        let stats = measure_interleaved(&mut [&mut a, &mut b], Duration::ZERO);
        assert_eq!(stats[0].samples, MIN_ROUNDS);
        assert_eq!(stats[1].samples, MIN_ROUNDS);
        // calibration plus MIN_ROUNDS samples of at least one call each
        assert!(a_calls > MIN_ROUNDS as u64 && b_calls > MIN_ROUNDS as u64);
    }
}
