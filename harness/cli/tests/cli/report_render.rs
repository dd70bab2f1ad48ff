//! Reports: table and Markdown snapshots (insta) of a fixed report, the
//! HTML checked well-formed (strict tag balance), self-contained and
//! naming every kind, and the files written for the bundled kinds.

use apimachinery::field::ErrorType;
use apimachinery::{Rule, RuleError, Stage};
use dv_harness_evidence::evidence::{
    Attribution, Evidence, Generator, KindObservation, MismatchSide, RuleObservation,
    RunObservation,
};
use dv_harness_evidence::promote::{KindRules, Policy, judge};
use dv_harness_evidence::report::{MismatchEntry, Report, html, markdown, table, write_all};

const MIN: &[RuleError] = &[RuleError {
    error_type: ErrorType::Invalid,
    origin: "minimum",
}];

static WIDGET: [Rule; 2] = [
    Rule {
        id: "Widget/spec.replicas/minimum",
        kind: "Widget",
        path: "spec.replicas",
        tag: "+k8s:alpha(since: \"1.36\")=+k8s:minimum=0",
        validator: "minimum",
        args: "",
        payload: "0",
        stage: Stage::Alpha,
        since: Some("1.36"),
        field_type: "i32",
        conditions: &[],
        errors: MIN,
        params: apimachinery::rule::RuleParams::Minimum(0),
        when: &[],
    },
    Rule {
        id: "Widget/spec.size/minimum",
        kind: "Widget",
        path: "spec.size",
        tag: "+k8s:beta(since: \"1.36\")=+k8s:minimum=1",
        validator: "minimum",
        args: "",
        payload: "1",
        stage: Stage::Beta,
        since: Some("1.36"),
        field_type: "i32",
        conditions: &[],
        errors: MIN,
        params: apimachinery::rule::RuleParams::Minimum(1),
        when: &[],
    },
];

static GADGET: [Rule; 1] = [Rule {
    id: "Gadget/spec.name/maxLength",
    kind: "Gadget",
    path: "spec.name",
    tag: "+k8s:maxLength=63",
    validator: "maxLength",
    args: "",
    payload: "63",
    stage: Stage::Stable,
    since: None,
    field_type: "String",
    conditions: &[],
    errors: &[RuleError {
        error_type: ErrorType::TooLong,
        origin: "maxLength",
    }],
    params: apimachinery::rule::RuleParams::MaxLength(63),
    when: &[],
}];

fn rule_obs(rule: &Rule, reached: u64, fired: u64, mismatches: u64) -> RuleObservation {
    let mut r = RuleObservation::new(rule.id, rule.kind, "example.io/v1");
    r.path = rule.path.into();
    r.tag = rule.tag.into();
    r.stage = rule.stage;
    r.since = rule.since.map(str::to_string);
    r.reached = reached;
    r.fired_declarative = fired;
    r.fired_handwritten = fired.saturating_sub(mismatches);
    r.mismatches = mismatches;
    r.generators = [Generator::Corpus, Generator::Boundary, Generator::Update]
        .into_iter()
        .collect();
    r
}

fn fixed_report() -> Report {
    let mut e = Evidence::default();
    let mut first = RunObservation::new("run");
    first.seed = Some(7);
    let mut k = KindObservation::new("Widget", "example.io/v1");
    (k.cases, k.hv_median_nanos, k.dv_median_nanos) = (1500, 1000, 800);
    first.kinds.push(k);
    first.rules.push(rule_obs(&WIDGET[0], 1500, 120, 0));
    first.rules.push(rule_obs(&WIDGET[1], 1500, 90, 0));
    e.merge(&first, "2026-11-20T10:00:00Z");
    let mut second = RunObservation::new("fuzz");
    let mut k = KindObservation::new("Widget", "example.io/v1");
    (k.cases, k.mismatches, k.hv_median_nanos, k.dv_median_nanos) = (400, 3, 1000, 900);
    second.kinds.push(k);
    second.rules.push(rule_obs(&WIDGET[0], 400, 40, 0));
    let mut bad = rule_obs(&WIDGET[1], 400, 30, 3);
    bad.attributed.push(Attribution {
        side: MismatchSide::Declarative,
        error_type: "FieldValueInvalid".into(),
        field: "spec.size".into(),
        origin: "minimum".into(),
        signature: "00c0ffee00c0ffee".into(),
    });
    second.rules.push(bad);
    e.merge(&second, "2026-11-21T10:00:00Z");
    let kinds = [
        KindRules {
            kind: "Widget",
            api_version: "example.io/v1",
            rules: &WIDGET,
        },
        KindRules {
            kind: "Gadget",
            api_version: "example.io/v1",
            rules: &GADGET,
        },
    ];
    let verdicts = judge(
        &Policy::default(),
        &e,
        &kinds,
        "1.37"
            .parse()
            .unwrap_or(dv_harness_evidence::promote::CurrentVersion {
                major: 1,
                minor: 37,
            }),
    );
    let line = serde_json::json!({
        "signature": "00c0ffee00c0ffee", "kind": "Widget", "apiVersion": "example.io/v1",
        "verdict": "declarativeStricter",
        "case": {"operation": "create", "subresource": ""},
        "handwritten": {"errors": [], "panic": null},
        "declarative": {"errors": [{"type": "FieldValueInvalid", "field": "spec.size",
            "origin": "minimum", "detail": "must be greater than or equal to 1"}], "panic": null},
        "diff": {"onlyHandwritten": [], "onlyDeclarative": [{"type": "FieldValueInvalid",
            "field": "spec.size", "origin": "minimum", "detail": "must be greater than or equal to 1"}]},
        "reproducer": "corpus/example.io/v1/Widget/regressions/00c0ffee00c0ffee.json"
    });
    let m = MismatchEntry::from_json(&line).unwrap_or_else(|| panic!("entry"));
    Report::build(&e, verdicts, vec![m], "2026-11-22T00:00:00Z", "1.37")
}

#[test]
fn table_snapshot() {
    insta::assert_snapshot!("report_table", table::render(&fixed_report()));
}

#[test]
fn markdown_snapshot() {
    insta::assert_snapshot!("report_markdown", markdown::render(&fixed_report()));
}

const VOID: &[&str] = &["meta", "br", "hr", "img", "input", "link"];

/// A strict well-formedness check: every element closed in order, void
/// elements self-closed, attribute values quoted, `&` only in entities,
/// nothing after the root element.
fn check_well_formed(page: &str) -> Result<usize, String> {
    let body = page
        .strip_prefix("<!DOCTYPE html>\n")
        .ok_or("missing doctype")?;
    let mut stack: Vec<String> = Vec::new();
    let mut elements = 0;
    let mut rest = body;
    let mut closed_root = false;
    while let Some(i) = rest.find(['<', '&']) {
        let text = &rest[..i];
        if closed_root && !text.trim().is_empty() {
            return Err(format!("text after the root element: {text:?}"));
        }
        if text.contains('>') {
            return Err(format!("stray '>' in text {text:?}"));
        }
        rest = &rest[i..];
        if rest.starts_with('&') {
            let end = rest.find(';').ok_or("unterminated entity")?;
            let name = &rest[1..end];
            let ok = matches!(name, "amp" | "lt" | "gt" | "quot" | "#39")
                || (name.starts_with('#') && name[1..].chars().all(|c| c.is_ascii_digit()));
            if !ok {
                return Err(format!("bad entity &{name};"));
            }
            rest = &rest[end + 1..];
            continue;
        }
        let end = rest.find('>').ok_or("unterminated tag")?;
        let tag = &rest[1..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            let open = stack
                .pop()
                .ok_or(format!("</{name}> without an open element"))?;
            if open != name {
                return Err(format!("</{name}> closes <{open}>"));
            }
            if stack.is_empty() {
                closed_root = true;
            }
            continue;
        }
        if closed_root {
            return Err(format!("element <{tag}> after the root"));
        }
        let self_closing = tag.ends_with('/');
        let inner = tag.trim_end_matches('/');
        let name: String = inner
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if name.is_empty() {
            return Err(format!("bad tag <{tag}>"));
        }
        // Attributes: name="value" pairs only.
        let mut attrs = inner[name.len()..].trim();
        while !attrs.is_empty() {
            let eq = attrs
                .find("=\"")
                .ok_or(format!("unquoted attribute in <{tag}>"))?;
            let after = &attrs[eq + 2..];
            let close = after
                .find('"')
                .ok_or(format!("unterminated attribute in <{tag}>"))?;
            if after[..close].contains('<') {
                return Err(format!("'<' in attribute of <{tag}>"));
            }
            attrs = after[close + 1..].trim_start();
        }
        elements += 1;
        if VOID.contains(&name.as_str()) && !self_closing {
            return Err(format!("void element <{name}> not self-closed"));
        }
        if !self_closing {
            stack.push(name);
        }
    }
    if !stack.is_empty() {
        return Err(format!("unclosed elements {stack:?}"));
    }
    if !closed_root {
        return Err("no root element".into());
    }
    Ok(elements)
}

#[test]
fn the_checker_rejects_broken_pages() {
    for bad in [
        "<!DOCTYPE html>\n<html><body></html>",
        "<!DOCTYPE html>\n<html><meta charset=\"utf-8\"></html>",
        "<!DOCTYPE html>\n<html><p a=b></p></html>",
        "<!DOCTYPE html>\n<html>a & b</html>",
        "<!DOCTYPE html>\n<html></html><p></p>",
        "<html></html>",
    ] {
        assert!(check_well_formed(bad).is_err(), "{bad}");
    }
    assert_eq!(
        check_well_formed("<!DOCTYPE html>\n<html><meta charset=\"utf-8\"/>&amp;</html>\n"),
        Ok(2)
    );
}

#[test]
fn html_is_well_formed_self_contained_and_names_every_kind() {
    let report = fixed_report();
    let page = html::render(&report);
    let elements = check_well_formed(&page).unwrap_or_else(|e| panic!("{e}"));
    assert!(elements > 50);
    for kind in ["Widget", "Gadget"] {
        assert!(page.contains(kind), "{kind}");
    }
    assert_eq!(
        page.matches("<svg").count(),
        4,
        "latency, runs, Widget rules, Gadget rules"
    );
    for external in [
        "<script",
        "<link",
        "src=",
        "href=\"http",
        "url(",
        "@import",
        "http://",
        "https://",
    ] {
        assert!(!page.contains(external), "{external}");
    }
    // The mismatch: both error lists, the diff and the reproducer.
    assert!(
        page.contains("FieldValueInvalid spec.size (minimum): must be greater than or equal to 1")
    );
    assert!(page.contains("<span class=\"add\">+FieldValueInvalid spec.size (minimum)</span>"));
    assert!(page.contains("corpus/example.io/v1/Widget/regressions/00c0ffee00c0ffee.json"));
    // And links its export as a Kubernetes test entry.
    assert!(page.contains("<a href=\"exports/00c0ffee00c0ffee.go\">"));
}

#[test]
fn bundled_kinds_all_appear_in_the_written_reports() {
    let registry = dv_harness_kinds::registry().unwrap_or_else(|e| panic!("{e}"));
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let notes =
        dv_harness_cli::report::after_run(&registry, dir.path(), &RunObservation::new("run"))
            .unwrap_or_else(|e| panic!("{e}"));
    assert!(notes.iter().any(|n| n.contains("evidence of run 1")));
    let page = std::fs::read_to_string(dir.path().join("report.html")).unwrap_or_default();
    check_well_formed(&page).unwrap_or_else(|e| panic!("{e}"));
    let md = std::fs::read_to_string(dir.path().join("report.md")).unwrap_or_default();
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("report.json")).unwrap_or_default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let kinds: Vec<&str> = registry
        .iter()
        .filter(|p| !p.is_fixture() && !p.rules().is_empty())
        .map(|p| p.kind())
        .collect();
    assert!(!kinds.is_empty());
    for kind in kinds {
        assert!(page.contains(&format!(">{kind}<")), "{kind} in html");
        assert!(md.contains(&format!("`{kind}/")), "{kind} in markdown");
    }
    assert!(json["violations"].as_u64().unwrap_or(0) > 0);
}

#[test]
fn write_all_replaces_the_files() {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let report = fixed_report();
    let written = write_all(dir.path(), &report).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(written.len(), 3);
    let again = write_all(dir.path(), &report).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(written, again);
    let json: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("report.json")).unwrap_or_default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(json["ready"], report.ready);
    assert_eq!(json["rules"].as_array().map(Vec::len), Some(3));
}

#[test]
fn run_median_ratios_of_sub_microsecond_kinds_are_marked_noisy_bench_ratios_are_not() {
    use dv_harness_evidence::evidence::{Evidence, KindObservation, RunObservation};
    let mut e = Evidence::default();
    let mut run = RunObservation::new("run");
    for (kind, hv, dv) in [
        ("Fast", 300, 250),
        ("Slow", 40_000, 30_000),
        ("Benched", 200, 100),
    ] {
        let mut k = KindObservation::new(kind, "v1");
        (k.cases, k.hv_median_nanos, k.dv_median_nanos) = (10, hv, dv);
        run.kinds.push(k);
    }
    e.merge(&run, "2026-11-22T00:00:00Z");
    e.set_bench_latency("Benched", 0.9, "2026-11-22T01:00:00Z");
    let report = Report::build(&e, vec![], vec![], "2026-11-22T02:00:00Z", "1.37");
    let page = html::render(&report);
    let row = |kind: &str| {
        let start = page
            .find(&format!("<tr><td>{kind}</td>"))
            .unwrap_or_else(|| panic!("no row for {kind}"));
        let end = start + page[start..].find("</tr>").unwrap_or(0);
        page[start..end].to_string()
    };
    assert!(
        row("Fast").contains("run (noisy: medians under 1 µs"),
        "{}",
        row("Fast")
    );
    assert!(row("Slow").contains("<td>run</td>"), "{}", row("Slow"));
    assert!(
        row("Benched").contains("<td>bench</td>"),
        "{}",
        row("Benched")
    );
    assert!(row("Benched").contains("0.90"), "{}", row("Benched"));
}
