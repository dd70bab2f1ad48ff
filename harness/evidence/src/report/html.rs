//! `reports/report.html`: one self-contained, well-formed (XHTML-style:
//! every element closed, void elements self-closed, all text escaped) page
//! with inline CSS and inline SVG charts — no scripts, fonts, stylesheets or
//! images from anywhere, so it opens offline.

use super::row::{RuleRow, Standing};
use super::svg::{bars, escape, evidence, over_time};
use super::{Report, ratio};
use crate::promote::RuleVerdict;

const STYLE: &str = "body{font-family:system-ui,sans-serif;margin:2em;color:#222}\
table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #ccc;padding:2px 6px;text-align:left;vertical-align:top}\
td.n{text-align:right}code,pre{font-family:monospace;font-size:90%}pre{background:#f6f6f6;padding:6px}\
.label{font-size:11px;fill:#222}.value{font-size:11px;fill:#555}.bad{fill:#b00}\
.bar{fill:#4a7ebb}.bar.over{fill:#c0392b}.bar.reached{fill:#b7cde8}.bar.fired{fill:#2e5d9a}\
.bar.mismatch{fill:#e67e22}.bar.panic{fill:#c0392b}.reference{stroke:#c0392b;stroke-dasharray:4 3}\
.axis{stroke:#999}.violation{color:#b00;font-weight:bold}.ready{color:#070;font-weight:bold}\
.del{color:#b00}.add{color:#070}";

fn td(text: &str) -> String {
    format!("<td>{}</td>", escape(text))
}

fn num(n: u64) -> String {
    format!("<td class=\"n\">{n}</td>")
}

fn rule_row(v: &RuleVerdict) -> String {
    let r = RuleRow::of(v);
    let eligible = match r.standing {
        Standing::Violation => format!(
            "<td class=\"violation\">{} (staged beyond evidence)</td>",
            r.eligible
        ),
        Standing::Ready => format!("<td class=\"ready\">{} (ready)</td>", r.eligible),
        Standing::Steady => td(r.eligible),
    };
    format!(
        "<tr><td><code>{}</code></td><td><code>{}</code></td>{}{eligible}{}{}{}{}{}{}{}{}<td>{}</td></tr>",
        escape(r.id),
        escape(r.tag),
        td(r.stage),
        num(r.reached),
        num(r.fired_declarative),
        num(r.fired_handwritten),
        num(r.mismatches),
        num(r.panics),
        td(&r.generators.join(", ")),
        td(&r.attributed.join("; ")),
        td(&r.blockers),
        r.edit
            .map_or_else(String::new, |e| format!("<code>{}</code>", escape(e))),
    )
}

fn error_list(errs: &[super::mismatches::ShownError], panic: Option<&str>) -> String {
    let mut s = String::from("<ul>");
    if errs.is_empty() && panic.is_none() {
        s.push_str("<li>(none)</li>");
    }
    for e in errs {
        s.push_str(&format!("<li><code>{}</code></li>", escape(&e.line())));
    }
    if let Some(p) = panic {
        s.push_str(&format!(
            "<li class=\"bad\">panic: <code>{}</code></li>",
            escape(p)
        ));
    }
    s.push_str("</ul>");
    s
}

fn diff_block(diff: &str) -> String {
    let mut s = String::from("<pre>");
    for line in diff.lines() {
        let class = if line.starts_with('-') && !line.starts_with("---") {
            "del"
        } else if line.starts_with('+') && !line.starts_with("+++") {
            "add"
        } else {
            ""
        };
        if class.is_empty() {
            s.push_str(&escape(line));
        } else {
            s.push_str(&format!("<span class=\"{class}\">{}</span>", escape(line)));
        }
        s.push('\n');
    }
    s.push_str("</pre>");
    s
}

/// Renders the page.
///
/// ```
/// let r = dv_harness_evidence::report::Report::build(&Default::default(), vec![], vec![], "t", "1.37");
/// let page = dv_harness_evidence::report::html::render(&r);
/// assert!(page.starts_with("<!DOCTYPE html>"));
/// assert!(!page.contains("<script") && !page.contains("http://") && !page.contains("https://"));
/// ```
pub fn render(report: &Report) -> String {
    let mut s = String::new();
    s.push_str("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"/>");
    s.push_str("<title>dv-harness report</title>");
    s.push_str(&format!("<style>{STYLE}</style></head><body>"));
    s.push_str("<h1>dv-harness report</h1>");
    s.push_str(&format!(
        "<p>Generated {}; promotion judged at Kubernetes {}. {} run(s) recorded, {} rule(s), <span class=\"ready\">{} ready to promote</span>, <span class=\"violation\">{} staged beyond their evidence</span>, {} distinct mismatch(es) logged.</p>",
        escape(&report.generated_at),
        escape(&report.current_version),
        report.runs.len(),
        report.rules.len(),
        report.ready,
        report.violations,
        report.mismatches.len()
    ));
    s.push_str("<h2 id=\"kinds\">Kinds</h2>");
    let names = report.kind_names();
    let latency: Vec<(String, Option<f64>)> = names
        .iter()
        .map(|n| {
            let r = report
                .kinds
                .iter()
                .filter(|k| &k.kind == n)
                .find_map(|k| k.dv_over_hv);
            (n.clone(), r)
        })
        .collect();
    s.push_str("<h3>DV/HV latency ratio per kind (budget 1.00)</h3>");
    s.push_str(&bars("DV/HV latency ratio per kind", &latency, Some(1.0)));
    s.push_str("<table><tr><th>kind</th><th>apiVersion</th><th>cases</th><th>mismatches</th><th>panics</th><th>DV/HV</th><th>latency from</th></tr>");
    for n in &names {
        let mut found = false;
        for k in report.kinds.iter().filter(|k| &k.kind == n) {
            found = true;
            s.push_str(&format!(
                "<tr>{}{}{}{}{}{}{}</tr>",
                td(&k.kind),
                td(&k.api_version),
                num(k.cases),
                num(k.mismatches),
                num(k.panics),
                td(&ratio(k.dv_over_hv)),
                td(&super::latency::source_label(report, k))
            ));
        }
        if !found {
            s.push_str(&format!(
                "<tr>{}<td colspan=\"6\">no evidence recorded</td></tr>",
                td(n)
            ));
        }
    }
    s.push_str("</table>");
    s.push_str("<h2 id=\"over-time\">Mismatches over time</h2>");
    if report.runs.is_empty() {
        s.push_str("<p>No runs recorded.</p>");
    } else {
        let runs: Vec<(String, u64, u64)> = report
            .runs
            .iter()
            .map(|r| (r.id.to_string(), r.mismatches, r.panics))
            .collect();
        s.push_str(&over_time("Mismatch and panic cases per run", &runs));
        s.push_str("<table><tr><th>run</th><th>at</th><th>command</th><th>seed</th><th>cases</th><th>mismatches</th><th>panics</th></tr>");
        for r in &report.runs {
            s.push_str(&format!(
                "<tr>{}{}{}{}{}{}{}</tr>",
                num(r.id),
                td(&r.at),
                td(&r.command),
                td(&r.seed.map_or_else(|| "-".to_string(), |x| x.to_string())),
                num(r.cases),
                num(r.mismatches),
                num(r.panics)
            ));
        }
        s.push_str("</table>");
    }
    s.push_str("<h2 id=\"rules\">Evidence and promotion per rule</h2>");
    for n in &names {
        let rows: Vec<(String, u64, u64, u64)> = report
            .rules
            .iter()
            .filter(|v| &v.kind == n)
            .map(|v| {
                let r = RuleRow::of(v);
                (
                    r.short_id().to_string(),
                    r.reached,
                    r.fired_declarative,
                    r.mismatches,
                )
            })
            .collect();
        if rows.is_empty() {
            continue;
        }
        s.push_str(&format!(
            "<h3>{} (cases reached / fired, log scale)</h3>",
            escape(n)
        ));
        s.push_str(&evidence(&format!("Evidence per rule of {n}"), &rows));
    }
    s.push_str("<table><tr><th>rule</th><th>tag</th><th>stage</th><th>eligible</th><th>reached</th><th>fired DV</th><th>fired HV</th><th>mismatches</th><th>panics</th><th>generators</th><th>attributed mismatches</th><th>blockers</th><th>edit</th></tr>");
    for v in &report.rules {
        s.push_str(&rule_row(v));
    }
    s.push_str("</table>");
    s.push_str("<h2 id=\"mismatches\">Mismatches</h2>");
    if report.mismatches.is_empty() {
        s.push_str("<p>None logged.</p>");
    }
    for m in &report.mismatches {
        s.push_str(&format!(
            "<h3>{} — {}</h3><p>Signature <code>{}</code>{}; as a Kubernetes test entry: <a href=\"exports/{}.go\">exports/{}.go</a>.</p>",
            escape(&m.title()),
            escape(&m.verdict),
            escape(&m.signature),
            m.reproducer
                .as_deref()
                .map_or_else(String::new, |r| format!(
                    "; reproducer <code>{}</code>",
                    escape(r)
                )),
            escape(&m.signature),
            escape(&m.signature)
        ));
        s.push_str(
            "<table><tr><th>hand-written errors</th><th>declarative errors</th></tr><tr><td>",
        );
        s.push_str(&error_list(&m.handwritten, m.handwritten_panic.as_deref()));
        s.push_str("</td><td>");
        s.push_str(&error_list(&m.declarative, m.declarative_panic.as_deref()));
        s.push_str("</td></tr></table>");
        s.push_str(&diff_block(&m.diff));
    }
    s.push_str("</body></html>\n");
    s
}
