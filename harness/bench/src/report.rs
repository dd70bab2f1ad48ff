//! Running the benchmarks and the result: per kind the ratios DV/HV,
//! shadow/HV and DV/floor (geometric means over its scenarios), per
//! scaling case the cost per list item; as the `bench --json` contract
//! (DESIGN.md section 5) and as tables.

use super::catalog::Benches;
use super::measure::{Stats, measure_interleaved};
use super::target::{Benchable, Side};
use serde::Serialize;
use std::time::Duration;
use tabled::settings::Style;
use tabled::{Table, Tabled};

/// One scenario of a kind: median nanoseconds per side and their spread.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ScenarioTimes {
    /// `valid`, `invalid`, `updateUnchanged` or `updateChanged`.
    pub scenario: String,
    /// Hand-written validator.
    pub handwritten: Stats,
    /// Declarative validator.
    pub declarative: Stats,
    /// HV + DV + comparison.
    pub shadow: Stats,
    /// Do-nothing traversal.
    pub floor: Stats,
}

/// One kind's ratios (the contract's fields first) and its scenarios.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct KindRatios {
    /// The kind.
    pub kind: String,
    /// DV time over HV time.
    pub dv_over_hv: f64,
    /// Shadow-mode time over HV time.
    pub shadow_over_hv: f64,
    /// DV time over the floor's.
    pub dv_over_floor: f64,
    /// The apiVersion.
    pub api_version: String,
    /// Whether it is a tag fixture.
    pub fixture: bool,
    /// The per-scenario measurements.
    pub scenarios: Vec<ScenarioTimes>,
}

/// One list size of a scaling case.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ScalingPoint {
    /// The case, e.g. `listMap`.
    pub case: String,
    /// Number of list items.
    pub items: usize,
    /// HV nanoseconds per item.
    pub hv_nanos_per_item: f64,
    /// DV nanoseconds per item.
    pub dv_nanos_per_item: f64,
    /// Floor (do-nothing traversal) nanoseconds per item: how the cost of
    /// merely visiting the values grows with the list.
    pub floor_nanos_per_item: f64,
    /// The kind the case runs on.
    pub kind: String,
}

/// The result of `dv-harness bench` (`bench --json`).
///
/// ```
/// use dv_harness_bench::report::BenchReport;
/// let r = BenchReport { kinds: vec![], scaling: vec![], budget_millis: 5 };
/// assert_eq!(serde_json::to_value(&r).unwrap(),
///            serde_json::json!({"kinds": [], "scaling": [], "budgetMillis": 5}));
/// ```
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct BenchReport {
    /// Per kind.
    pub kinds: Vec<KindRatios>,
    /// Per scaling case and list size.
    pub scaling: Vec<ScalingPoint>,
    /// The time budget the run had.
    pub budget_millis: u64,
}

/// The geometric mean of `num[i] / den[i]` (pairs with a zero time skipped;
/// 1.0 when none is left).
///
/// ```
/// use dv_harness_bench::report::geomean_ratio;
/// assert!((geomean_ratio(&[2.0, 8.0], &[1.0, 1.0]) - 4.0).abs() < 1e-9);
/// assert_eq!(geomean_ratio(&[], &[]), 1.0);
/// ```
pub fn geomean_ratio(num: &[f64], den: &[f64]) -> f64 {
    let logs: Vec<f64> = num
        .iter()
        .zip(den)
        .filter(|(n, d)| **n > 0.0 && **d > 0.0)
        .map(|(n, d)| (n / d).ln())
        .collect();
    if logs.is_empty() {
        return 1.0;
    }
    (logs.iter().sum::<f64>() / logs.len() as f64).exp()
}

fn measure_workload(
    b: &dyn Benchable,
    index: usize,
    sides: &[Side],
    budget: Duration,
) -> Vec<Stats> {
    let mut fns: Vec<Box<dyn FnMut() -> u64 + '_>> = sides
        .iter()
        .map(|side| {
            let side = *side;
            Box::new(move || b.run(index, side)) as Box<dyn FnMut() -> u64>
        })
        .collect();
    let mut refs: Vec<&mut dyn FnMut() -> u64> = fns
        .iter_mut()
        .map(|f| &mut **f as &mut dyn FnMut() -> u64)
        .collect();
    measure_interleaved(&mut refs, budget)
}

/// Measures every workload of `benches` within about `budget` in total
/// (shared evenly between workloads), `progress` called with each
/// workload's label before it runs.
///
/// ```
/// use dv_harness_bench::{catalog::{Selection, benches}, report::run};
/// use dv_harness_engine::{engine::EngineSettings, pair::Registry}; use dv_harness_generate::corpus::Corpus;
/// let selection = Selection { kinds: Some(vec!["EachValFixture".into()]), max_items: Some(1000) };
/// let b = benches(&dv_harness_kinds::registry().unwrap(), &Corpus::default(), &EngineSettings::default(), &selection).unwrap();
/// let report = run(&b, std::time::Duration::from_millis(10), &mut |_| {});
/// assert_eq!(report.kinds[0].kind, "EachValFixture");
/// assert!(report.kinds[0].dv_over_hv > 0.0);
/// assert_eq!(report.scaling.len(), 4);
/// ```
pub fn run(benches: &Benches, budget: Duration, progress: &mut dyn FnMut(&str)) -> BenchReport {
    let workloads: usize = benches
        .kinds
        .iter()
        .map(|k| k.workloads().len())
        .sum::<usize>()
        + benches
            .scaling
            .iter()
            .map(|(_, s)| s.workloads().len())
            .sum::<usize>();
    let each = budget / u32::try_from(workloads.max(1)).unwrap_or(u32::MAX);
    let mut kinds = Vec::new();
    for k in &benches.kinds {
        let mut scenarios = Vec::new();
        for (i, name) in k.workloads().into_iter().enumerate() {
            progress(&format!("{} {name}", k.kind()));
            let s = measure_workload(k.as_ref(), i, &Side::ALL, each);
            scenarios.push(ScenarioTimes {
                scenario: name.to_string(),
                handwritten: s[0],
                declarative: s[1],
                shadow: s[2],
                floor: s[3],
            });
        }
        let med = |f: fn(&ScenarioTimes) -> Stats| -> Vec<f64> {
            scenarios.iter().map(|s| f(s).median_nanos).collect()
        };
        let (hv, dv, shadow, floor) = (
            med(|s| s.handwritten),
            med(|s| s.declarative),
            med(|s| s.shadow),
            med(|s| s.floor),
        );
        kinds.push(KindRatios {
            kind: k.kind().to_string(),
            dv_over_hv: geomean_ratio(&dv, &hv),
            shadow_over_hv: geomean_ratio(&shadow, &hv),
            dv_over_floor: geomean_ratio(&dv, &floor),
            api_version: k.api_version().to_string(),
            fixture: k.is_fixture(),
            scenarios,
        });
    }
    let mut scaling = Vec::new();
    for (case, s) in &benches.scaling {
        for (i, name) in s.workloads().into_iter().enumerate() {
            progress(&format!("{case} {name}"));
            let items = name.parse::<usize>().unwrap_or(1).max(1);
            let st = measure_workload(
                s.as_ref(),
                i,
                &[Side::Handwritten, Side::Declarative, Side::Floor],
                each,
            );
            scaling.push(ScalingPoint {
                case: (*case).to_string(),
                items,
                hv_nanos_per_item: st[0].median_nanos / items as f64,
                dv_nanos_per_item: st[1].median_nanos / items as f64,
                floor_nanos_per_item: st[2].median_nanos / items as f64,
                kind: s.kind().to_string(),
            });
        }
    }
    BenchReport {
        kinds,
        scaling,
        budget_millis: u64::try_from(budget.as_millis()).unwrap_or(u64::MAX),
    }
}

#[derive(Tabled)]
struct KindRow {
    #[tabled(rename = "kind")]
    kind: String,
    #[tabled(rename = "DV/HV")]
    dv_over_hv: String,
    #[tabled(rename = "shadow/HV")]
    shadow_over_hv: String,
    #[tabled(rename = "DV/floor")]
    dv_over_floor: String,
    #[tabled(rename = "HV valid ns")]
    hv_valid: String,
    #[tabled(rename = "DV valid ns")]
    dv_valid: String,
    #[tabled(rename = "max spread")]
    spread: String,
}

#[derive(Tabled)]
struct ScalingRow {
    #[tabled(rename = "case")]
    case: String,
    #[tabled(rename = "items")]
    items: usize,
    #[tabled(rename = "HV ns/item")]
    hv: String,
    #[tabled(rename = "DV ns/item")]
    dv: String,
    #[tabled(rename = "floor ns/item")]
    floor: String,
    #[tabled(rename = "DV/HV")]
    ratio: String,
}

impl BenchReport {
    /// The report as two tables: ratios per kind, cost per item.
    ///
    /// ```
    /// use dv_harness_bench::report::{BenchReport, ScalingPoint};
    /// let r = BenchReport { kinds: vec![], budget_millis: 1, scaling: vec![ScalingPoint {
    ///     case: "listMap".into(), items: 10, hv_nanos_per_item: 2.0, dv_nanos_per_item: 1.0,
    ///     floor_nanos_per_item: 0.5, kind: "K".into() }] };
    /// assert!(r.tables().contains("listMap"));
    /// ```
    pub fn tables(&self) -> String {
        let rows: Vec<KindRow> = self
            .kinds
            .iter()
            .map(|k| {
                let valid = k.scenarios.first();
                let spread = k
                    .scenarios
                    .iter()
                    .flat_map(|s| [s.handwritten.spread, s.declarative.spread, s.shadow.spread])
                    .fold(0.0, f64::max);
                KindRow {
                    kind: k.kind.clone(),
                    dv_over_hv: format!("{:.2}", k.dv_over_hv),
                    shadow_over_hv: format!("{:.2}", k.shadow_over_hv),
                    dv_over_floor: format!("{:.1}", k.dv_over_floor),
                    hv_valid: valid.map_or(String::new(), |s| {
                        format!("{:.0}", s.handwritten.median_nanos)
                    }),
                    dv_valid: valid.map_or(String::new(), |s| {
                        format!("{:.0}", s.declarative.median_nanos)
                    }),
                    spread: format!("{:.0}%", spread * 100.0),
                }
            })
            .collect();
        let mut kinds = Table::new(rows);
        kinds.with(Style::sharp());
        let rows: Vec<ScalingRow> = self
            .scaling
            .iter()
            .map(|p| ScalingRow {
                case: p.case.clone(),
                items: p.items,
                hv: format!("{:.1}", p.hv_nanos_per_item),
                dv: format!("{:.1}", p.dv_nanos_per_item),
                floor: format!("{:.1}", p.floor_nanos_per_item),
                ratio: if p.hv_nanos_per_item > 0.0 {
                    format!("{:.2}", p.dv_nanos_per_item / p.hv_nanos_per_item)
                } else {
                    String::new()
                },
            })
            .collect();
        let mut scaling = Table::new(rows);
        scaling.with(Style::sharp());
        format!("{kinds}\n{scaling}\n")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geomean_of_reciprocal_ratios_is_one() {
        assert!((geomean_ratio(&[2.0, 1.0], &[1.0, 2.0]) - 1.0).abs() < 1e-12);
        assert_eq!(geomean_ratio(&[0.0], &[1.0]), 1.0);
    }
}
