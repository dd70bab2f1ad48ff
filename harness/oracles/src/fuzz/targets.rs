//! The cargo-fuzz targets of `fuzz/`, derived from the one list of kinds
//! ([`dv_harness_kinds::REAL_KINDS`] through [`super::oracle::targets`]):
//! exactly two targets (structured and JSON) per registered real kind, each
//! a thin file calling [`super::oracle::run_target`] with the kind's own
//! pair constructor, and their `[[bin]]` entries in `fuzz/Cargo.toml`.
//!
//! [`check`] compares the committed files with the derived ones (a test
//! runs it); [`write`] rewrites them (`cargo run -p dv-harness-oracles
//! --example write_fuzz_targets`).

use super::oracle::{Mode, target_name, targets};
use std::path::{Path, PathBuf};

/// The source of the target of `kind` in `mode`.
///
/// ```
/// use dv_harness_oracles::fuzz::{oracle::Mode, targets::target_source};
/// let text = target_source("CSIDriver", Mode::Json);
/// assert!(text.contains("run_target(\"CSIDriver\", csi_driver, Mode::Json, data)"));
/// ```
pub fn target_source(kind: &str, mode: Mode) -> String {
    let what = match mode {
        Mode::Structured => {
            "an `Arbitrary`-structured case (operation, subresource, gates, object, old object)"
        }
        Mode::Json => "the object's JSON bytes (invalid JSON or wrong types are rejected)",
    };
    let constructor = constructor(kind);
    let mode = match mode {
        Mode::Structured => "Structured",
        Mode::Json => "Json",
    };
    // As rustfmt lays the call out: arguments wider than 60 columns
    // (its `fn_call_width`) go one per line.
    let args = format!("\"{kind}\", {constructor}, Mode::{mode}, data");
    let call = if args.len() <= 60 {
        format!("    let keep = run_target({args});")
    } else {
        format!(
            "    let keep = run_target(\n        \"{kind}\",\n        {constructor},\n        Mode::{mode},\n        data,\n    );"
        )
    };
    format!(
        "//! {kind}: {what}; panics on a mismatch or validator panic.
#![no_main]
use dv_harness_kinds::{constructor};
use dv_harness_oracles::fuzz::oracle::{{Mode, run_target}};
use libfuzzer_sys::{{Corpus, fuzz_target}};

fuzz_target!(|data: &[u8]| -> Corpus {{
{call}
    if keep.is_reject() {{
        Corpus::Reject
    }} else {{
        Corpus::Keep
    }}
}});
"
    )
}

/// The pair constructor of `kind` in `dv_harness_kinds` (its snake-case name).
fn constructor(kind: &str) -> String {
    let json = target_name(kind, Mode::Json);
    json.trim_end_matches("_json").to_string()
}

/// The `[[bin]]` entries of every target, in [`targets`] order.
///
/// ```
/// let bins = dv_harness_oracles::fuzz::targets::manifest_bins();
/// assert_eq!(bins.matches("[[bin]]").count(), 2 * dv_harness_kinds::REAL_KINDS.len());
/// ```
pub fn manifest_bins() -> String {
    targets()
        .iter()
        .map(|(name, _, _)| {
            format!(
                "[[bin]]\nname = \"{name}\"\npath = \"fuzz_targets/{name}.rs\"\ntest = false\ndoc = false\nbench = false\n"
            )
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// `manifest` (the text of `fuzz/Cargo.toml`) with its `[[bin]]` entries
/// replaced by [`manifest_bins`]: everything before the first `[[bin]]` is
/// kept (the `[[bin]]` entries are the manifest's last section).
///
/// ```
/// use dv_harness_oracles::fuzz::targets::{manifest_bins, with_bins};
/// let m = with_bins("[package]\nname = \"f\"\n\n[[bin]]\nname = \"old\"\n");
/// assert_eq!(m, format!("[package]\nname = \"f\"\n\n{}", manifest_bins()));
/// ```
pub fn with_bins(manifest: &str) -> String {
    let head = manifest
        .find("[[bin]]")
        .map_or(manifest, |i| &manifest[..i]);
    let head = head.trim_end();
    format!("{head}\n\n{}", manifest_bins())
}

/// Every derived file under `fuzz_dir`: (path, expected text).
fn derived(fuzz_dir: &Path) -> std::io::Result<Vec<(PathBuf, String)>> {
    let manifest = fuzz_dir.join("Cargo.toml");
    let current = std::fs::read_to_string(&manifest)?;
    let mut out = vec![(manifest, with_bins(&current))];
    for (name, kind, mode) in targets() {
        out.push((
            fuzz_dir.join("fuzz_targets").join(format!("{name}.rs")),
            target_source(kind, mode),
        ));
    }
    Ok(out)
}

/// The differences between the committed `fuzz_dir` and the derived
/// targets: files that differ or are missing, and target files no kind
/// derives (empty: up to date).
pub fn check(fuzz_dir: &Path) -> std::io::Result<Vec<String>> {
    let mut problems = Vec::new();
    let derived = derived(fuzz_dir)?;
    for (path, want) in &derived {
        match std::fs::read_to_string(path) {
            Ok(have) if &have == want => {}
            Ok(_) => problems.push(format!("{} differs from the derived file", path.display())),
            Err(e) => problems.push(format!("{}: {e}", path.display())),
        }
    }
    for entry in std::fs::read_dir(fuzz_dir.join("fuzz_targets"))? {
        let path = entry?.path();
        if !derived.iter().any(|(p, _)| p == &path) {
            problems.push(format!(
                "{} is no target of a registered kind",
                path.display()
            ));
        }
    }
    problems.sort();
    Ok(problems)
}

/// Writes the derived targets and manifest into `fuzz_dir` and removes
/// target files no kind derives; returns the files written.
pub fn write(fuzz_dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    let derived = derived(fuzz_dir)?;
    std::fs::create_dir_all(fuzz_dir.join("fuzz_targets"))?;
    for entry in std::fs::read_dir(fuzz_dir.join("fuzz_targets"))? {
        let path = entry?.path();
        if path.extension().is_some_and(|e| e == "rs") && !derived.iter().any(|(p, _)| p == &path) {
            std::fs::remove_file(&path)?;
        }
    }
    let mut written = Vec::new();
    for (path, text) in derived {
        std::fs::write(&path, text)?;
        written.push(path);
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    /// A generated target calls `dv_harness_kinds::<constructor>`, named
    /// after the kind: every registry line's constructor (its hand-written
    /// module) must be the kind's snake-case name.
    #[test]
    fn constructors_are_the_kinds_in_snake_case() {
        macro_rules! each {
            ($($kind:literal => $constructor:ident),* $(,)?) => {
                $(assert_eq!(super::constructor($kind), stringify!($constructor), "{}", $kind);)*
            };
        }
        dv_harness_kinds::with_real_kinds!(each);
    }
}
