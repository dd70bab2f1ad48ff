//! The user-facing crate stays light: its normal dependency tree holds no
//! command line (clap), no certificate stack (rsa, p256, x509-cert, ...)
//! and no bundled kinds (declarative, handwritten, dv-harness-kinds), so a
//! user of `equivalence_suite!` compiles none of them.

use std::process::Command;

const FORBIDDEN: &[&str] = &[
    "clap",
    "clap_builder",
    "indicatif",
    "rsa",
    "p256",
    "p384",
    "p521",
    "ed25519-dalek",
    "x509-cert",
    "der",
    "spki",
    "declarative",
    "handwritten",
    "dv-harness-kinds",
    "dv-harness-oracles",
    "dv-harness-bench",
    "dv-harness-cli",
];

#[test]
fn the_facade_depends_on_no_cli_certificate_stack_or_bundled_kinds() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = Command::new(cargo)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "tree",
            "--offline",
            "-p",
            "dv-harness",
            "-e",
            "normal",
            "--prefix",
            "none",
            "--format",
            "{p}",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "cargo tree failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let names: Vec<&str> = text
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert!(names.contains(&"dv-harness-engine"), "{text}");
    let found: Vec<&&str> = FORBIDDEN.iter().filter(|f| names.contains(f)).collect();
    assert!(found.is_empty(), "dv-harness depends on {found:?}:\n{text}");
}
