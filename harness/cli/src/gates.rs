//! `dv-harness gates [--filter X]`: the feature gates Kubernetes knows in
//! the selected release (`--semantics`), with default, lock and stage; any
//! of them may be set by a case's `gates` or `--gate`.

use super::{Exit, Global};
use clap::Args;
use dv_harness_engine::feature_gates::{FeatureGate, table};
use serde_json::{Value, json};
use tabled::settings::Style;
use tabled::{Table, Tabled};

/// Arguments of `gates`.
#[derive(Debug, Args)]
pub struct GatesArgs {
    /// Only gates whose name contains this text (case-insensitive).
    #[arg(long)]
    pub filter: Option<String>,
}

#[derive(Tabled)]
struct GateRow {
    gate: &'static str,
    default: bool,
    locked: bool,
    stage: String,
}

fn selected<'a>(
    gates: &'a [FeatureGate],
    filter: Option<&str>,
) -> impl Iterator<Item = &'a FeatureGate> {
    let filter = filter.map(str::to_lowercase);
    gates.iter().filter(move |g| {
        filter
            .as_deref()
            .is_none_or(|f| g.name.to_lowercase().contains(f))
    })
}

/// The `gates --json` array: `[{name, default, locked, stage}]`.
///
/// ```
/// use dv_harness_cli::gates::gates_json; use dv_harness::lifecycle::Semantics;
/// let v = gates_json(Semantics::V1_37, Some("declarativevalidationbeta"));
/// assert_eq!(v[0]["name"], "DeclarativeValidationBeta");
/// assert_eq!(v[0]["default"], true);
/// ```
pub fn gates_json(
    semantics: dv_harness_engine::lifecycle::Semantics,
    filter: Option<&str>,
) -> Value {
    Value::Array(
        selected(table(semantics), filter)
            .map(|g| {
                json!({
                    "name": g.name,
                    "default": g.default,
                    "locked": g.locked,
                    "stage": format!("{:?}", g.stage),
                })
            })
            .collect(),
    )
}

/// Runs `gates`; always exit 0.
///
/// ```
/// use dv_harness_cli::{Exit, Global, gates::{GatesArgs, run}};
/// let global = Global { registry: dv_harness_engine::pair::Registry::new(),
///     settings: Default::default(), json: true, recorder: None };
/// assert_eq!(run(&GatesArgs { filter: None }, &global), Exit::Ok);
/// ```
pub fn run(args: &GatesArgs, global: &Global) -> Exit {
    let semantics = global.settings.semantics;
    if global.json {
        println!("{}", gates_json(semantics, args.filter.as_deref()));
        return Exit::Ok;
    }
    let rows: Vec<GateRow> = selected(table(semantics), args.filter.as_deref())
        .map(|g| GateRow {
            gate: g.name,
            default: g.default,
            locked: g.locked,
            stage: format!("{:?}", g.stage),
        })
        .collect();
    if rows.is_empty() {
        println!("no feature gate of Kubernetes {semantics} matches");
    } else {
        let mut table = Table::new(rows);
        table.with(Style::sharp());
        println!("{table}");
    }
    Exit::Ok
}
