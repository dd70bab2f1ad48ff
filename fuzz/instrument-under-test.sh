#!/usr/bin/env bash
# The RUSTC_WRAPPER of `cargo fuzz build` in this crate (fuzz/.cargo/config.toml):
# coverage instrumentation and compare tracing only for the code under test,
# the validators:
#
#   - apimachinery  (the validate primitives and field errors),
#   - declarative   (the generated validators of the API types),
#   - handwritten   (the ports of Kubernetes' validation.go).
#
# Every other crate (the harness's generators, engine and comparison, the
# fuzz targets, serde_json, proptest, ...) is compiled without cargo-fuzz's
# `sancov` pass: its code runs, but libFuzzer does not collect, score and
# clear its counters on every execution. Generic code is instrumented where
# it is instantiated, so the serde (de)serialisers of the API types, which
# are instantiated in the harness and the fuzz targets, are not.
# Sanitizer flags (`-Zsanitizer=...`, OSS-Fuzz's RUSTFLAGS) are kept for
# every crate.
#
# DV_FUZZ_INSTRUMENT (space-separated crate names, `all` for cargo-fuzz's
# default of every crate) overrides the set.
#
# Cargo does not rebuild a crate because the wrapper (or DV_FUZZ_INSTRUMENT)
# changed: use a target directory of its own, or `cargo clean`, to switch.
set -euo pipefail
rustc=$1
shift
instrumented=${DV_FUZZ_INSTRUMENT:-apimachinery declarative handwritten}
if [ "$instrumented" = all ]; then
    exec "$rustc" "$@"
fi
crate=
previous=
for arg in "$@"; do
    if [ "$previous" = --crate-name ]; then
        crate=$arg
    fi
    previous=$arg
done
for name in $instrumented; do
    if [ "$crate" = "$name" ]; then
        exec "$rustc" "$@"
    fi
done
args=()
for arg in "$@"; do
    case "$arg" in
    -Cpasses=sancov-module | -Cllvm-args=-sanitizer-coverage-* | -Cllvm-args=-simplifycfg-branch-fold-threshold=*) ;;
    *) args+=("$arg") ;;
    esac
done
exec "$rustc" "${args[@]}"
