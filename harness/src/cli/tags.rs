//! `dv-harness tags`: the `+k8s:` tag catalog this build supports, with
//! stability level and docs, generated from the tag engine's TagDocs.

use super::{Exit, Global, diagnostic};
use clap::Args;
use serde_json::Value;
use tabled::settings::{Style, Width};
use tabled::{Table, Tabled};

/// Arguments of `tags`.
#[derive(Debug, Args)]
pub struct TagsArgs {
    /// Show only tags whose name contains this text (e.g. `union`).
    #[arg(long)]
    pub filter: Option<String>,
}

#[derive(Tabled)]
struct TagRow {
    tag: String,
    stability: String,
    scopes: String,
    description: String,
}

/// The catalog as the tag engine built it: a JSON array of TagDocs
/// (`tag`, `stabilityLevel`, `description`, `docs`, `scopes`, `args`, `payloads`, ...).
///
/// ```
/// let catalog = dv_harness::cli::tags::catalog().unwrap();
/// let tags: Vec<&str> = catalog.iter().filter_map(|t| t["tag"].as_str()).collect();
/// assert!(tags.contains(&"k8s:minimum"));
/// assert!(tags.contains(&"k8s:zeroOrOneOfMember"));
/// ```
pub fn catalog() -> Result<Vec<Value>, serde_json::Error> {
    serde_json::from_str(apimachinery::tag_docs_json!())
}

fn text_list(v: &Value) -> String {
    match v {
        Value::Array(items) => items
            .iter()
            .map(|i| i.as_str().map_or_else(|| i.to_string(), str::to_string))
            .collect::<Vec<_>>()
            .join(", "),
        Value::Null => String::new(),
        other => other
            .as_str()
            .map_or_else(|| other.to_string(), str::to_string),
    }
}

/// Runs `tags`: a table (or, with `--json`, the TagDoc array); exit 0.
///
/// ```
/// use dv_harness::cli::{Exit, Global, tags::{TagsArgs, run}};
/// let global = Global { registry: dv_harness::pair::Registry::new(),
///     settings: Default::default(), json: true, recorder: None };
/// assert_eq!(run(&TagsArgs { filter: Some("minimum".into()) }, &global), Exit::Ok);
/// ```
pub fn run(args: &TagsArgs, global: &Global) -> Exit {
    let all = match catalog() {
        Ok(c) => c,
        Err(e) => {
            diagnostic(&format!("the built-in tag catalog is not valid JSON: {e}"));
            return Exit::Input;
        }
    };
    let selected: Vec<Value> = all
        .into_iter()
        .filter(|t| {
            args.filter.as_deref().is_none_or(|f| {
                t["tag"]
                    .as_str()
                    .is_some_and(|name| name.to_lowercase().contains(&f.to_lowercase()))
            })
        })
        .collect();
    if global.json {
        println!("{}", Value::Array(selected));
        return Exit::Ok;
    }
    let rows: Vec<TagRow> = selected
        .iter()
        .map(|t| TagRow {
            tag: format!("+{}", t["tag"].as_str().unwrap_or_default()),
            stability: text_list(&t["stabilityLevel"]),
            scopes: text_list(&t["scopes"]),
            description: t["description"].as_str().unwrap_or_default().to_string(),
        })
        .collect();
    if rows.is_empty() {
        println!("no tag matches");
    } else {
        let mut table = Table::new(rows);
        table.with(Style::sharp()).with(Width::wrap(160));
        println!("{table}");
    }
    Exit::Ok
}
