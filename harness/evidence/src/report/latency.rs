//! Where a kind's DV/HV latency ratio in the reports comes from, and how
//! far to trust it: a `bench` measurement (`bench --record`) is preferred
//! to the medians of a run; a ratio of run medians below a microsecond is
//! marked noisy, since timer resolution and scheduling jitter are then of
//! the order of the validators' own cost.

use super::Report;
use crate::evidence::KindEvidence;

/// Run medians below this many nanoseconds (on both sides) make a noisy ratio.
pub const NOISY_BELOW_NANOS: u64 = 1_000;

/// The HV and DV medians of the run a kind's `run` ratio was taken from
/// (the latest run that measured both), if any.
///
/// ```
/// use dv_harness_evidence::evidence::{Evidence, RunObservation, KindObservation};
/// use dv_harness_evidence::report::{Report, latency::run_medians};
/// let mut e = Evidence::default();
/// let mut run = RunObservation::new("run");
/// let mut k = KindObservation::new("T", "v1");
/// (k.hv_median_nanos, k.dv_median_nanos) = (400, 300);
/// run.kinds.push(k);
/// e.merge(&run, "2026-01-01T00:00:00Z");
/// let r = Report::build(&e, vec![], vec![], "t", "1.37");
/// assert_eq!(run_medians(&r, &r.kinds[0]), Some((400, 300)));
/// ```
pub fn run_medians(report: &Report, kind: &KindEvidence) -> Option<(u64, u64)> {
    report.runs.iter().rev().find_map(|r| {
        r.kinds
            .iter()
            .find(|k| {
                k.kind == kind.kind
                    && k.api_version == kind.api_version
                    && k.hv_median_nanos > 0
                    && k.dv_median_nanos > 0
            })
            .map(|k| (k.hv_median_nanos, k.dv_median_nanos))
    })
}

/// Whether the kind's ratio is a run-median ratio of sub-microsecond
/// medians (a `bench` ratio never is).
///
/// ```
/// // See `run_medians`: medians of 400 ns and 300 ns are noisy.
/// use dv_harness_evidence::evidence::{Evidence, RunObservation, KindObservation};
/// use dv_harness_evidence::report::{Report, latency::is_noisy};
/// let mut e = Evidence::default();
/// let mut run = RunObservation::new("run");
/// let mut k = KindObservation::new("T", "v1");
/// (k.hv_median_nanos, k.dv_median_nanos) = (400, 300);
/// run.kinds.push(k);
/// e.merge(&run, "2026-01-01T00:00:00Z");
/// let r = Report::build(&e, vec![], vec![], "t", "1.37");
/// assert!(is_noisy(&r, &r.kinds[0]));
/// ```
pub fn is_noisy(report: &Report, kind: &KindEvidence) -> bool {
    kind.latency_source.as_deref() == Some("run")
        && run_medians(report, kind)
            .is_some_and(|(hv, dv)| hv < NOISY_BELOW_NANOS && dv < NOISY_BELOW_NANOS)
}

/// The "latency from" cell: `bench`, `run`, `run (noisy: medians under 1 µs)` or `-`.
///
/// ```
/// use dv_harness_evidence::report::{Report, latency::source_label};
/// let r = Report::build(&Default::default(), vec![], vec![], "t", "1.37");
/// let k = dv_harness_evidence::evidence::KindEvidence { kind: "T".into(), api_version: "v1".into(),
///     cases: 0, mismatches: 0, panics: 0, dv_over_hv: Some(0.8),
///     latency_source: Some("bench".into()), latency_at: None };
/// assert_eq!(source_label(&r, &k), "bench");
/// ```
pub fn source_label(report: &Report, kind: &KindEvidence) -> String {
    if is_noisy(report, kind) {
        return "run (noisy: medians under 1 µs; use bench --record)".to_string();
    }
    kind.latency_source.clone().unwrap_or_else(|| "-".into())
}
