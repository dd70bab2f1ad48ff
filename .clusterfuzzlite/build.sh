#!/bin/bash -eu
# OSS-Fuzz-style build: compile every cargo-fuzz target with the sanitizer
# the infrastructure asks for ($SANITIZER; cargo fuzz build -O uses it via
# RUSTFLAGS set by the base image), then copy the binaries, their seed
# corpora (zipped as <target>_seed_corpus.zip) and the case corpus the
# oracles are seeded from (dv-corpus/, found next to the executable) into
# $OUT. An equivalence.toml at the repository root ships alongside.
cd "$SRC/dv-harness"
cargo fuzz build -O --debug-assertions
FUZZ_TARGET_OUTPUT_DIR=fuzz/target/x86_64-unknown-linux-gnu/release
for src in fuzz/fuzz_targets/*.rs; do
    target=$(basename "$src" .rs)
    cp "$FUZZ_TARGET_OUTPUT_DIR/$target" "$OUT/"
    if [ -d "fuzz/corpus/$target" ]; then
        (cd "fuzz/corpus/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
    fi
done
rm -rf "$OUT/dv-corpus"
cp -r corpus "$OUT/dv-corpus"
if [ -f equivalence.toml ]; then
    cp equivalence.toml "$OUT/equivalence.toml"
fi
