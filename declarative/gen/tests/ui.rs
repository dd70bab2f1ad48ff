//! Compile-time errors of the derive: parse errors, type checks and lint,
//! each pointing at its tag (`.stderr` files next to the cases).
//!
//! rustc's diagnostics change between releases, so the `.stderr` files are
//! pinned to one toolchain: [`PINNED_RUSTC`], the stable release CI uses
//! (`rustc --version`). On another compiler the test is skipped with a
//! message instead of failing on wording; regenerate the files with
//! `TRYBUILD=overwrite` when moving CI to a new release.

/// The `rustc` release the `.stderr` files were written with.
const PINNED_RUSTC: &str = "1.95.0";

/// The version number of the `rustc` cargo builds with (`$RUSTC`, else `rustc`).
fn rustc_release() -> Option<String> {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_string());
    let out = std::process::Command::new(rustc)
        .arg("--version")
        .output()
        .ok()?;
    let text = String::from_utf8(out.stdout).ok()?;
    text.split_whitespace().nth(1).map(str::to_string)
}

#[test]
fn ui() {
    match rustc_release() {
        Some(v) if v == PINNED_RUSTC => {}
        other => {
            eprintln!(
                "skipping the UI tests: their .stderr files are pinned to rustc {PINNED_RUSTC}, \
                 this is {}",
                other.as_deref().unwrap_or("an unknown rustc")
            );
            return;
        }
    }
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
