//! Rewrites `fuzz/fuzz_targets/*.rs` and the `[[bin]]` entries of
//! `fuzz/Cargo.toml` from the one list of kinds (`dv_harness_kinds`):
//! `cargo run -p dv-harness-oracles --example write_fuzz_targets [FUZZ_DIR]`.

fn main() -> std::process::ExitCode {
    let dir = std::env::args_os()
        .nth(1)
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz"));
    match dv_harness_oracles::fuzz::targets::write(&dir) {
        Ok(written) => {
            for p in written {
                println!("{}", p.display());
            }
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{}: {e}", dir.display());
            std::process::ExitCode::FAILURE
        }
    }
}
