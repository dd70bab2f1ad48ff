//! `dv-harness kinds`: the registered pairs and their rule counts.

use super::{Exit, Global};
use clap::Args;
use serde_json::{Value, json};
use tabled::settings::Style;
use tabled::{Table, Tabled};

/// Arguments of `kinds` (none besides the global ones).
#[derive(Debug, Args)]
pub struct KindsArgs {}

#[derive(Tabled)]
struct KindRow {
    kind: String,
    #[tabled(rename = "apiVersion")]
    api_version: String,
    subresources: String,
    rules: usize,
    fixture: bool,
    namespaced: &'static str,
}

/// The table's scope column: `yes`, `no`, or `-` for a type the generic
/// registry does not serve.
fn scope(scoped: Option<bool>) -> &'static str {
    match scoped {
        Some(true) => "yes",
        Some(false) => "no",
        None => "-",
    }
}

/// The `kinds --json` array: `[{kind, apiVersion, subresources, rules,
/// fixture, namespaceScoped}]`; `namespaceScoped` is the strategy's
/// `NamespaceScoped()`, `null` for a type the generic registry does not
/// serve (a tag fixture).
///
/// ```
/// let v = dv_harness_cli::kinds::kinds_json(&dv_harness_engine::pair::Registry::new());
/// assert_eq!(v, serde_json::json!([]));
/// ```
pub fn kinds_json(registry: &dv_harness_engine::pair::Registry) -> Value {
    Value::Array(
        registry
            .iter()
            .map(|p| {
                json!({
                    "kind": p.kind(),
                    "apiVersion": p.api_version(),
                    "subresources": p.subresources(),
                    "rules": p.rule_count(),
                    "fixture": p.is_fixture(),
                    "namespaceScoped": p.namespace_scoped(),
                })
            })
            .collect(),
    )
}

/// Runs `kinds`; always exit 0.
///
/// ```
/// use dv_harness_cli::{Exit, Global, kinds::{KindsArgs, run}};
/// let global = Global { registry: dv_harness_engine::pair::Registry::new(),
///     settings: Default::default(), json: true, recorder: None };
/// assert_eq!(run(&KindsArgs {}, &global), Exit::Ok);
/// ```
pub fn run(_args: &KindsArgs, global: &Global) -> Exit {
    if global.json {
        println!("{}", kinds_json(&global.registry));
        return Exit::Ok;
    }
    let rows: Vec<KindRow> = global
        .registry
        .iter()
        .map(|p| KindRow {
            kind: p.kind().to_string(),
            api_version: p.api_version().to_string(),
            subresources: p.subresources().join(", "),
            rules: p.rule_count(),
            fixture: p.is_fixture(),
            namespaced: scope(p.namespace_scoped()),
        })
        .collect();
    if rows.is_empty() {
        println!("no registered pairs");
    } else {
        let mut table = Table::new(rows);
        table.with(Style::sharp());
        println!("{table}");
    }
    Exit::Ok
}
