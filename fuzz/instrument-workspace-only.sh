#!/usr/bin/env bash
# A RUSTC_WRAPPER for `cargo fuzz build`: coverage instrumentation (and
# compare tracing) only for the crates of this repository, not for
# third-party crates from a registry (serde_json, indexmap, proptest, regex,
# ...). Their code still runs, but libFuzzer no longer collects and scores
# their counters on every execution. Generic code they export is
# instrumented where it is instantiated, in the repository's crates.
#
#   RUSTC_WRAPPER=$PWD/instrument-workspace-only.sh cargo fuzz build -s none -O
#
# Use a target directory of its own (or `cargo clean`) when switching: cargo
# does not rebuild a crate because the wrapper changed.
set -euo pipefail
rustc=$1
shift
third_party=false
for arg in "$@"; do
    case "$arg" in
    */registry/src/* | */git/checkouts/*) third_party=true ;;
    esac
done
if ! $third_party; then
    exec "$rustc" "$@"
fi
args=()
for arg in "$@"; do
    case "$arg" in
    -Cpasses=sancov-module | -Cllvm-args=-sanitizer-coverage-* | -Cllvm-args=-simplifycfg-branch-fold-threshold=*) ;;
    *) args+=("$arg") ;;
    esac
done
exec "$rustc" "${args[@]}"
