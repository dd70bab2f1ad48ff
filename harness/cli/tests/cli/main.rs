//! End-to-end tests of the `dv-harness` binary and the CLI library: one
//! test binary (each file directly under `tests/` would be a separate link),
//! one module per concern.

mod bench_cli;
mod checkpoint_kill;
mod ci_workflows;
mod cli_input;
mod cli_rc;
mod evidence_merge;
mod export_k8s_go_test;
mod fuzz_artifact_cli;
mod fuzz_evidence;
mod promote_policy;
mod report_render;
mod run_cli;
mod support;
mod unknown_keys;
