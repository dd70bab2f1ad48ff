//! `dv-harness tags`: the `+k8s:` tag catalog this build supports, with
//! stability level and docs, generated from the tag engine's TagDocs.

use super::{Exit, Global, diagnostic};
use clap::Args;
use serde_json::Value;
use tabled::settings::object::Columns;
use tabled::settings::{Modify, Style, Width};
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
/// let catalog = dv_harness_cli::tags::catalog().unwrap();
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
/// use dv_harness_cli::{Exit, Global, tags::{TagsArgs, run}};
/// let global = Global { registry: dv_harness_engine::pair::Registry::new(),
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
        println!("{}", render_table(rows, terminal_width()));
    }
    Exit::Ok
}

/// The width to lay the table out for: `$COLUMNS`, else the terminal's
/// width when stdout is one, else 160.
fn terminal_width() -> usize {
    if let Some(n) = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<usize>().ok())
        .filter(|n| *n > 0)
    {
        return n;
    }
    #[cfg(unix)]
    {
        let mut size = libc::winsize {
            ws_row: 0,
            ws_col: 0,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        // SAFETY: TIOCGWINSZ only writes the winsize struct we pass.
        let rc = unsafe { libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut size) };
        if rc == 0 && size.ws_col > 0 {
            return usize::from(size.ws_col);
        }
    }
    160
}

/// The narrowest the description column gets.
const MIN_DESCRIPTION: usize = 20;

/// The tag table for a terminal `width` columns wide: the tag, stability
/// and scopes columns are never wrapped (a narrow terminal shows them whole
/// and lets the line run over); only the description wraps, at word
/// boundaries, into what is left (at least [`MIN_DESCRIPTION`]).
fn render_table(rows: Vec<TagRow>, width: usize) -> String {
    let fixed = |f: fn(&TagRow) -> &str, header: &str| {
        rows.iter()
            .map(|r| f(r).chars().count())
            .chain([header.len()])
            .max()
            .unwrap_or(0)
    };
    // Each column takes its text plus a space either side and one border;
    // the table has one more border at the end.
    let taken = fixed(|r| &r.tag, "tag")
        + fixed(|r| &r.stability, "stability")
        + fixed(|r| &r.scopes, "scopes")
        + 4 * 3
        + 1;
    let description = width.saturating_sub(taken).max(MIN_DESCRIPTION);
    let mut table = Table::new(rows);
    table
        .with(Style::sharp())
        .with(Modify::new(Columns::last()).with(Width::wrap(description).keep_words(true)));
    table.to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows() -> Vec<TagRow> {
        let catalog = catalog().unwrap();
        catalog
            .iter()
            .map(|t| TagRow {
                tag: format!("+{}", t["tag"].as_str().unwrap_or_default()),
                stability: text_list(&t["stabilityLevel"]),
                scopes: text_list(&t["scopes"]),
                description: t["description"].as_str().unwrap_or_default().to_string(),
            })
            .collect()
    }

    #[test]
    fn tag_stability_and_scopes_stay_whole_at_any_width() {
        let expected = rows();
        assert!(!expected.is_empty());
        for width in [20, 60, 100, 200] {
            let text = render_table(rows(), width);
            let header = text.lines().nth(1).unwrap();
            for column in ["tag", "stability", "scopes", "description"] {
                assert!(header.contains(column), "{width}: {header}");
            }
            for r in &expected {
                // The row's first line carries the three columns whole.
                let line = text
                    .lines()
                    .find(|l| l.starts_with(&format!("│ {} ", r.tag)))
                    .unwrap_or_else(|| panic!("{width}: {} is not whole", r.tag));
                assert!(line.contains(&r.stability), "{width}: {line}");
                assert!(line.contains(&r.scopes), "{width}: {line}");
            }
            // Wide enough for the fixed columns and a description: within the width.
            if width >= 200 {
                let widest = text.lines().map(|l| l.chars().count()).max().unwrap();
                assert!(widest <= width, "{width}: a line of {widest}");
            }
        }
    }
}
