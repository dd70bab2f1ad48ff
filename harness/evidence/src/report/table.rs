//! Terminal tables (tabled): kinds, rules with their promotion verdict,
//! the rules ready to promote with the exact tag edit, the violations of
//! the gate, and the logged mismatches.

use super::row::{self, Standing};
use super::{Report, ratio};
use crate::promote::RuleVerdict;
use tabled::settings::Style;
use tabled::{Table, Tabled};

#[derive(Tabled)]
struct KindRow {
    kind: String,
    #[tabled(rename = "apiVersion")]
    api_version: String,
    cases: u64,
    mismatches: u64,
    panics: u64,
    #[tabled(rename = "DV/HV")]
    dv_over_hv: String,
    #[tabled(rename = "latency from")]
    source: String,
}

#[derive(Tabled)]
struct RuleRow {
    rule: String,
    stage: &'static str,
    eligible: &'static str,
    reached: u64,
    #[tabled(rename = "fired DV/HV")]
    fired: String,
    mismatches: u64,
    panics: u64,
    generators: String,
    blockers: String,
}

fn rule_row(v: &RuleVerdict) -> RuleRow {
    let r = row::RuleRow::of(v);
    RuleRow {
        rule: r.id.to_string(),
        stage: r.stage,
        eligible: match (r.standing, v.eligible) {
            (Standing::Violation, apimachinery::Stage::Alpha) => "alpha (!)",
            (Standing::Violation, apimachinery::Stage::Beta) => "beta (!)",
            _ => r.eligible,
        },
        reached: r.reached,
        fired: format!("{}/{}", r.fired_declarative, r.fired_handwritten),
        mismatches: r.mismatches,
        panics: r.panics,
        generators: r.generators.join(","),
        blockers: r.blockers,
    }
}

fn table<T: Tabled>(rows: Vec<T>) -> String {
    let mut t = Table::new(rows);
    t.with(Style::sharp());
    format!("{t}\n")
}

/// The promotion table: one row per rule.
///
/// ```
/// assert_eq!(dv_harness_evidence::report::table::rules(&[]), "no rules\n");
/// ```
pub fn rules(verdicts: &[RuleVerdict]) -> String {
    if verdicts.is_empty() {
        return "no rules\n".to_string();
    }
    table(verdicts.iter().map(rule_row).collect())
}

/// The rules ready to promote, each with its tag edit, and the rules
/// staged beyond their evidence, each with its blockers.
///
/// ```
/// let text = dv_harness_evidence::report::table::gate(&[], "1.37");
/// assert!(text.contains("0 rule(s) staged beyond their evidence"));
/// ```
pub fn gate(verdicts: &[RuleVerdict], current: &str) -> String {
    let mut out = String::new();
    let ready: Vec<&RuleVerdict> = verdicts.iter().filter(|v| v.is_ready()).collect();
    out.push_str(&format!(
        "{} rule(s) ready to promote at {current}\n",
        ready.len()
    ));
    for v in &ready {
        out.push_str(&format!(
            "  {}: {} -> {}\n",
            v.id,
            v.stage.as_str(),
            v.eligible.as_str()
        ));
        if let Some(edit) = &v.edit {
            out.push_str(&format!("    edit: {edit}\n"));
        }
        if v.eligible == apimachinery::Stage::Stable {
            out.push_str("    then delete the rule's hand-written check\n");
        }
    }
    let violations: Vec<&RuleVerdict> = verdicts.iter().filter(|v| v.is_violation()).collect();
    out.push_str(&format!(
        "{} rule(s) staged beyond their evidence\n",
        violations.len()
    ));
    for v in violations {
        out.push_str(&format!(
            "  {}: tagged {}, evidence supports {}: {}\n",
            v.id,
            v.stage.as_str(),
            v.eligible.as_str(),
            v.blockers_text()
        ));
    }
    out
}

/// Every table of a report: runs, kinds, rules, gate summary, mismatches.
///
/// ```
/// let r = dv_harness_evidence::report::Report::build(&Default::default(), vec![], vec![], "t", "1.37");
/// assert!(dv_harness_evidence::report::table::render(&r).contains("no runs recorded"));
/// ```
pub fn render(report: &Report) -> String {
    let mut out = String::new();
    match (report.runs.first(), report.runs.last()) {
        (Some(first), Some(last)) => out.push_str(&format!(
            "{} run(s) recorded, {} to {}; {} cases, {} mismatches, {} panics\n",
            report.runs.len(),
            first.at,
            last.at,
            report.runs.iter().map(|r| r.cases).sum::<u64>(),
            report.runs.iter().map(|r| r.mismatches).sum::<u64>(),
            report.runs.iter().map(|r| r.panics).sum::<u64>(),
        )),
        _ => out.push_str("no runs recorded\n"),
    }
    if !report.kinds.is_empty() {
        out.push_str(&table(
            report
                .kinds
                .iter()
                .map(|k| KindRow {
                    kind: k.kind.clone(),
                    api_version: k.api_version.clone(),
                    cases: k.cases,
                    mismatches: k.mismatches,
                    panics: k.panics,
                    dv_over_hv: ratio(k.dv_over_hv),
                    source: k.latency_source.clone().unwrap_or_else(|| "-".into()),
                })
                .collect(),
        ));
    }
    out.push_str(&rules(&report.rules));
    out.push_str(&gate(&report.rules, &report.current_version));
    out.push_str(&format!(
        "{} distinct mismatch(es) logged\n",
        report.mismatches.len()
    ));
    for m in &report.mismatches {
        out.push_str(&format!("  {} {}: {}\n", m.signature, m.title(), m.verdict));
        if let Some(r) = &m.reproducer {
            out.push_str(&format!("    reproducer: {r}\n"));
        }
    }
    out
}
