#!/bin/bash -eu
# OSS-Fuzz-style build: compile every cargo-fuzz target with the sanitizer
# the infrastructure asks for ($SANITIZER; cargo fuzz build -O uses it via
# RUSTFLAGS set by the base image), then copy the binaries, their seed
# corpora (zipped as <target>_seed_corpus.zip) and the case corpus the
# oracles are seeded from (dv-corpus/, found next to the executable) into
# $OUT. An equivalence.toml at the repository root ships alongside.
#
# DV_BUILD_DRY_RUN=1 prints each command instead of running it (the
# harness's tests run the script that way with OSS-Fuzz's variables).
: "$SRC" "$OUT" "$SANITIZER" "$FUZZING_LANGUAGE"
if [ "$FUZZING_LANGUAGE" != rust ]; then
    echo "build.sh: FUZZING_LANGUAGE=$FUZZING_LANGUAGE, expected rust" >&2
    exit 1
fi
run() {
    if [ "${DV_BUILD_DRY_RUN:-0}" = 1 ]; then
        echo "+ $*"
    else
        "$@"
    fi
}
cd "$SRC/dv-harness"
echo "build.sh: sanitizer $SANITIZER, CC=${CC:-} CXX=${CXX:-}, LIB_FUZZING_ENGINE=${LIB_FUZZING_ENGINE:-}"
run cargo fuzz build -O --debug-assertions
FUZZ_TARGET_OUTPUT_DIR=fuzz/target/x86_64-unknown-linux-gnu/release
for src in fuzz/fuzz_targets/*.rs; do
    target=$(basename "$src" .rs)
    run cp "$FUZZ_TARGET_OUTPUT_DIR/$target" "$OUT/"
    if [ -d "fuzz/corpus/$target" ]; then
        if [ "${DV_BUILD_DRY_RUN:-0}" = 1 ]; then
            echo "+ zip -q -r $OUT/${target}_seed_corpus.zip fuzz/corpus/$target/."
        else
            (cd "fuzz/corpus/$target" && zip -q -r "$OUT/${target}_seed_corpus.zip" .)
        fi
    fi
done
run rm -rf "$OUT/dv-corpus"
run cp -r corpus "$OUT/dv-corpus"
if [ -f equivalence.toml ]; then
    run cp equivalence.toml "$OUT/equivalence.toml"
fi
