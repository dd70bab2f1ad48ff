//! `reports/report.md`: the report as GitHub-flavoured Markdown.

use super::row::{RuleRow, Standing};
use super::{Report, ratio};
use crate::promote::RuleVerdict;

/// Escapes text for a Markdown table cell.
///
/// ```
/// assert_eq!(dv_harness_evidence::report::markdown::cell("a|b\nc"), "a\\|b c");
/// ```
pub fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace(['\n', '\r'], " ")
}

fn code(text: &str) -> String {
    if text.is_empty() {
        String::new()
    } else {
        format!("`{}`", cell(text).replace('`', "'"))
    }
}

fn rule_line(v: &RuleVerdict) -> String {
    let r = RuleRow::of(v);
    let eligible = if r.standing == Standing::Violation {
        format!("**{}** (staged beyond evidence)", r.eligible)
    } else {
        r.eligible.to_string()
    };
    format!(
        "| {} | {} | {} | {} | {} | {} | {} | {} | {} | {} |\n",
        code(r.id),
        code(r.tag),
        r.stage,
        eligible,
        r.reached,
        r.fired_declarative,
        r.fired_handwritten,
        r.mismatches,
        cell(&r.generators.join(", ")),
        cell(&r.blockers),
    )
}

/// Renders the report.
///
/// ```
/// let r = dv_harness_evidence::report::Report::build(&Default::default(), vec![], vec![], "t", "1.37");
/// assert!(dv_harness_evidence::report::markdown::render(&r).starts_with("# dv-harness report"));
/// ```
pub fn render(report: &Report) -> String {
    let mut out = String::new();
    out.push_str("# dv-harness report\n\n");
    out.push_str(&format!(
        "Generated {}; promotion judged at Kubernetes {}.\n\n",
        report.generated_at, report.current_version
    ));
    out.push_str(&format!(
        "- runs recorded: {}\n- rules: {}\n- ready to promote: {}\n- staged beyond their evidence: {}\n- distinct mismatches logged: {}\n\n",
        report.runs.len(),
        report.rules.len(),
        report.ready,
        report.violations,
        report.mismatches.len()
    ));
    out.push_str("## Kinds\n\n");
    if report.kinds.is_empty() {
        out.push_str("No kind has recorded evidence.\n\n");
    } else {
        out.push_str(
            "| kind | apiVersion | cases | mismatches | panics | DV/HV | latency from |\n",
        );
        out.push_str("|---|---|---:|---:|---:|---:|---|\n");
        for k in &report.kinds {
            out.push_str(&format!(
                "| {} | {} | {} | {} | {} | {} | {} |\n",
                cell(&k.kind),
                cell(&k.api_version),
                k.cases,
                k.mismatches,
                k.panics,
                ratio(k.dv_over_hv),
                k.latency_source.as_deref().unwrap_or("-")
            ));
        }
        out.push('\n');
    }
    out.push_str("## Runs\n\n");
    if report.runs.is_empty() {
        out.push_str("No runs recorded.\n\n");
    } else {
        out.push_str("| run | at | command | seed | cases | mismatches | panics |\n");
        out.push_str("|---:|---|---|---:|---:|---:|---:|\n");
        for r in &report.runs {
            out.push_str(&format!(
                "| {} | {} | {} | {} | {} | {} | {} |\n",
                r.id,
                cell(&r.at),
                cell(&r.command),
                r.seed.map_or_else(|| "-".to_string(), |s| s.to_string()),
                r.cases,
                r.mismatches,
                r.panics
            ));
        }
        out.push('\n');
    }
    out.push_str("## Promotion\n\n");
    let ready: Vec<&RuleVerdict> = report.rules.iter().filter(|v| v.is_ready()).collect();
    if ready.is_empty() {
        out.push_str("No rule is ready to promote.\n\n");
    } else {
        out.push_str("Ready to promote (apply the tag edit):\n\n");
        for v in ready {
            out.push_str(&format!(
                "- {}: {} → {}{}\n",
                code(&v.id),
                v.stage.as_str(),
                v.eligible.as_str(),
                v.edit
                    .as_deref()
                    .map_or_else(String::new, |e| format!(": {}", code(e)))
            ));
        }
        out.push('\n');
    }
    if !report.rules.is_empty() {
        out.push_str("| rule | tag | stage | eligible | reached | fired DV | fired HV | mismatches | generators | blockers |\n");
        out.push_str("|---|---|---|---|---:|---:|---:|---:|---|---|\n");
        for v in &report.rules {
            out.push_str(&rule_line(v));
        }
        out.push('\n');
    }
    out.push_str("## Mismatches\n\n");
    if report.mismatches.is_empty() {
        out.push_str("None logged.\n");
    }
    for m in &report.mismatches {
        out.push_str(&format!(
            "### {} — {}\n\n",
            cell(&m.title()),
            cell(&m.verdict)
        ));
        out.push_str(&format!("Signature `{}`", m.signature));
        if let Some(r) = &m.reproducer {
            out.push_str(&format!("; reproducer `{r}`"));
        }
        out.push_str(".\n\n");
        for (title, errs, panic) in [
            ("Hand-written errors", &m.handwritten, &m.handwritten_panic),
            ("Declarative errors", &m.declarative, &m.declarative_panic),
        ] {
            out.push_str(&format!("{title}:\n\n"));
            if errs.is_empty() && panic.is_none() {
                out.push_str("- (none)\n");
            }
            for e in errs {
                out.push_str(&format!("- {}\n", code(&e.line())));
            }
            if let Some(p) = panic {
                out.push_str(&format!("- panic: {}\n", code(p)));
            }
            out.push('\n');
        }
        out.push_str("```diff\n");
        out.push_str(&m.diff);
        if !m.diff.ends_with('\n') {
            out.push('\n');
        }
        out.push_str("```\n\n");
    }
    out
}
