//! Replays the committed seed corpus of every fuzz target
//! (`fuzz/corpus/<target>/*`) through the same oracle code path the
//! cargo-fuzz targets call (`dv_harness_oracles::fuzz::oracle::run_target`, here
//! by kind name through `run_named_target`), so CI
//! exercises the targets without libFuzzer. A seed that shows a mismatch
//! or a validator panic makes `run_target` panic, failing this test.

use dv_harness_oracles::fuzz::oracle::{Keep, Mode, run_named_target, target_name, targets};
use std::path::PathBuf;

fn fuzz_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz")
}

#[test]
fn every_target_has_a_source_file_calling_the_oracle() {
    for (name, kind, _) in targets() {
        let path = fuzz_dir().join("fuzz_targets").join(format!("{name}.rs"));
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        // The target calls the oracle with its kind's own pair constructor
        // (`dv_harness_kinds::<kind in snake case>`).
        let constructor = target_name(kind, Mode::Json);
        let constructor = constructor.trim_end_matches("_json");
        let code: String = text.split_whitespace().collect();
        assert!(
            code.contains(&format!("run_target(\"{kind}\",{constructor},")),
            "{name} does not call the oracle for {kind}"
        );
        let manifest = std::fs::read_to_string(fuzz_dir().join("Cargo.toml")).unwrap();
        assert!(
            manifest.contains(&format!("name = \"{name}\"")),
            "{name} not in fuzz/Cargo.toml"
        );
    }
}

#[test]
fn seed_corpus_replays_clean() {
    let mut replayed = 0;
    for (name, kind, mode) in targets() {
        let dir = fuzz_dir().join("corpus").join(&name);
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| {
                panic!("{}: {e} (run `dv-harness corpus seed-fuzz`)", dir.display())
            })
            .map(|e| e.unwrap().path())
            .collect();
        files.sort();
        assert!(!files.is_empty(), "{name}: no seeds");
        for file in files {
            let data = std::fs::read(&file).unwrap();
            // Seeds are cases of the kind: libFuzzer would keep them.
            assert_eq!(
                run_named_target(kind, mode, &data),
                Keep::Keep,
                "{} is rejected by {name}",
                file.display()
            );
            replayed += 1;
        }
    }
    assert!(replayed >= 22 * 2, "only {replayed} seeds");
}

/// The committed targets are exactly the derived ones: two per registered
/// real kind, from the one list (regenerate with
/// `cargo run -p dv-harness-oracles --example write_fuzz_targets`).
#[test]
fn committed_targets_are_derived_from_the_kinds_list() {
    let problems = dv_harness_oracles::fuzz::targets::check(&fuzz_dir()).unwrap();
    assert!(
        problems.is_empty(),
        "{}\n(regenerate: cargo run -p dv-harness-oracles --example write_fuzz_targets)",
        problems.join("\n")
    );
    let registry = dv_harness_kinds::registry().unwrap();
    let real = registry.iter().filter(|p| !p.is_fixture()).count();
    assert_eq!(targets().len(), 2 * real);
}
