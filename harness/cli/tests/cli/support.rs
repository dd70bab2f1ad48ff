//! What the end-to-end modules share: running the binary and reading what it
//! printed.

use serde_json::Value;
use std::path::Path;
use std::process::{Command, Output};

/// Runs `dv-harness args` in `cwd`, without colour and without a corpus
/// directory taken from the environment.
pub fn dv_harness(args: &[&str], cwd: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_dv-harness"))
        .args(args)
        .current_dir(cwd)
        .env("NO_COLOR", "1")
        .env_remove("DV_HARNESS_CORPUS")
        .output()
        .expect("the dv-harness binary runs")
}

/// What the run printed on stderr.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// What the run printed on stdout, as JSON (the test fails if it is not).
pub fn stdout_json(o: &Output) -> Value {
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}): {}",
            String::from_utf8_lossy(&o.stdout)
        )
    })
}
