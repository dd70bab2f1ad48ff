//! Human output: a table of both validators' errors and a coloured diff of
//! the compared lists.

use apimachinery::field::Error;
use dv_harness_engine::compare::Verdict;
use dv_harness_engine::engine::Outcome;
use dv_harness_engine::expectation::SideCheck;
use similar::{ChangeTag, TextDiff};
use std::io::IsTerminal;
use tabled::settings::Style;
use tabled::{Table, Tabled};

/// Whether to colour stdout: a terminal and `NO_COLOR` unset.
///
/// ```
/// let _ = dv_harness_cli::render::use_colour();
/// ```
pub fn use_colour() -> bool {
    std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

fn paint(text: &str, code: &str, colour: bool) -> String {
    if colour {
        format!("\x1b[{code}m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}

#[derive(Tabled)]
struct ErrorRow {
    #[tabled(rename = "side")]
    side: &'static str,
    #[tabled(rename = "type")]
    error_type: &'static str,
    #[tabled(rename = "field")]
    field: String,
    #[tabled(rename = "origin")]
    origin: String,
    #[tabled(rename = "stage")]
    stage: &'static str,
    #[tabled(rename = "covered")]
    covered: &'static str,
    #[tabled(rename = "detail")]
    detail: String,
}

fn row(side: &'static str, e: &Error) -> ErrorRow {
    ErrorRow {
        side,
        error_type: e.error_type.as_str(),
        field: e.field.clone(),
        origin: e.origin.to_string(),
        stage: e.stability_level.as_str(),
        covered: if e.covered_by_declarative { "yes" } else { "" },
        detail: e.detail.to_string(),
    }
}

/// The table of both sides' errors and the returned list (empty string
/// when there are none).
///
/// ```
/// use dv_harness::{case::Case, engine::{Engine, EngineSettings}};
/// use declarative::api::core::v1::ReplicationController;
/// let rc = dv_harness_engine::pair!("v1", "ReplicationController", ReplicationController,
///     handwritten::core::v1::replication_controller);
/// let engine = Engine::new(&rc, EngineSettings::default());
/// let obj: ReplicationController = serde_json::from_value(serde_json::json!({
///     "metadata": {"name": "web", "namespace": "default"},
///     "spec": {"replicas": -1, "selector": {"app": "web"}}})).unwrap();
/// let outcome = engine.check(&Case::create(obj));
/// let table = dv_harness_cli::render::error_table(&outcome);
/// assert!(table.contains("spec.replicas"));
/// assert!(table.contains("minimum"));
/// ```
pub fn error_table(outcome: &Outcome) -> String {
    let mut rows: Vec<ErrorRow> = Vec::new();
    rows.extend(outcome.handwritten.errors.iter().map(|e| row("HV", e)));
    rows.extend(outcome.declarative.errors.iter().map(|e| row("DV", e)));
    rows.extend(outcome.returned.iter().map(|e| row("returned", e)));
    if rows.is_empty() {
        return String::new();
    }
    let mut table = Table::new(rows);
    table.with(Style::sharp());
    table.to_string()
}

fn line(e: &Error) -> String {
    if e.origin.is_empty() {
        format!("{} {}", e.error_type.as_str(), e.field)
    } else {
        format!("{} {} ({})", e.error_type.as_str(), e.field, e.origin)
    }
}

/// A unified diff of the compared lists: covered hand-written errors (`-`)
/// against declarative errors (`+`), one `type field (origin)` line each, sorted.
///
/// ```
/// use apimachinery::field::{Error, ErrorList, Path};
/// let hv = ErrorList::from(Error::required(&Path::new("a"), "").mark_covered_by_declarative());
/// let dv = ErrorList::from(Error::required(&Path::new("b"), ""));
/// let d = dv_harness_cli::render::error_diff(&hv, &dv, false);
/// assert!(d.contains("-FieldValueRequired a\n"));
/// assert!(d.contains("+FieldValueRequired b\n"));
/// ```
pub fn error_diff(
    handwritten: &apimachinery::field::ErrorList,
    declarative: &apimachinery::field::ErrorList,
    colour: bool,
) -> String {
    let mut left: Vec<String> = handwritten
        .iter()
        .filter(|e| e.covered_by_declarative)
        .map(line)
        .collect();
    let mut right: Vec<String> = declarative.iter().map(line).collect();
    left.sort();
    right.sort();
    let left = left.iter().map(|l| format!("{l}\n")).collect::<String>();
    let right = right.iter().map(|l| format!("{l}\n")).collect::<String>();
    let diff = TextDiff::from_lines(&left, &right);
    let mut out = String::new();
    for change in diff.iter_all_changes() {
        let text = format!(
            "{}{}",
            match change.tag() {
                ChangeTag::Delete => "-",
                ChangeTag::Insert => "+",
                ChangeTag::Equal => " ",
            },
            change.value()
        );
        out.push_str(&match change.tag() {
            ChangeTag::Delete => paint(&text, "31", colour),
            ChangeTag::Insert => paint(&text, "32", colour),
            ChangeTag::Equal => text,
        });
    }
    out
}

fn verdict_text(v: Verdict, colour: bool) -> String {
    match v {
        Verdict::Equal => paint(v.as_str(), "32", colour),
        _ => paint(v.as_str(), "1;31", colour),
    }
}

fn side_check(name: &str, check: &SideCheck) -> String {
    if check.pass() {
        return format!("  expected, {name}: pass\n");
    }
    let mut s = format!("  expected, {name}: fail\n");
    for m in &check.missing {
        let mut l = format!("    missing    {} {}", m.error_type.as_str(), m.field);
        if let Some(o) = &m.origin {
            l.push_str(&format!(" ({o})"));
        }
        if let Some(d) = &m.detail {
            l.push_str(&format!(": {d}"));
        }
        s.push_str(&l);
        s.push('\n');
    }
    for u in &check.unexpected {
        s.push_str(&format!("    unexpected {}\n", line(u)));
    }
    s
}

/// The full human report of one outcome: a header, panics, the error
/// table, the diff (when they differ), exempted errors and the expectations.
///
/// ```
/// use dv_harness::{case::Case, engine::{Engine, EngineSettings}};
/// use declarative::api::core::v1::ReplicationController;
/// let rc = dv_harness_engine::pair!("v1", "ReplicationController", ReplicationController,
///     handwritten::core::v1::replication_controller);
/// let engine = Engine::new(&rc, EngineSettings::default());
/// let obj: ReplicationController = serde_json::from_value(serde_json::json!({
///     "metadata": {"name": "web", "namespace": "default"},
///     "spec": {"replicas": -1, "selector": {"app": "web"}}})).unwrap();
/// let outcome = engine.check(&Case::create(obj));
/// let report = dv_harness_cli::render::outcome_report("rc.json", &outcome, false);
/// assert!(report.starts_with("rc.json: v1/ReplicationController create: "));
/// ```
pub fn outcome_report(title: &str, outcome: &Outcome, colour: bool) -> String {
    let sub = if outcome.subresource.is_empty() {
        String::new()
    } else {
        format!(" {}", outcome.subresource)
    };
    let mut s = format!(
        "{title}: {}/{} {}{sub}: {} (HV {} ns, DV {} ns)\n",
        outcome.api_version,
        outcome.kind,
        outcome.operation.as_str(),
        verdict_text(outcome.comparison.verdict, colour),
        outcome.handwritten.nanos,
        outcome.declarative.nanos,
    );
    if let Some(p) = &outcome.handwritten.panic {
        s.push_str(&format!("  handwritten panicked: {p}\n"));
    }
    if let Some(p) = &outcome.declarative.panic {
        s.push_str(&format!("  declarative panicked: {p}\n"));
    }
    let table = error_table(outcome);
    if !table.is_empty() {
        s.push_str(&table);
        s.push('\n');
    }
    if !outcome.comparison.only_handwritten.is_empty()
        || !outcome.comparison.only_declarative.is_empty()
    {
        s.push_str("  covered HV (-) vs DV (+):\n");
        s.push_str(&error_diff(
            &outcome.handwritten.errors,
            &outcome.declarative.errors,
            colour,
        ));
    }
    for x in &outcome.comparison.exempted {
        s.push_str(&format!(
            "  exempted {:?} {}: {}\n",
            x.side,
            line(&x.error),
            x.reason
        ));
    }
    if let Some(exp) = &outcome.expected {
        s.push_str(&side_check("handwritten", &exp.handwritten));
        s.push_str(&side_check("declarative", &exp.declarative));
    }
    s
}
