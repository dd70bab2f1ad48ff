//! The CI and ClusterFuzzLite set-up (DESIGN.md section 9.1): the GitHub
//! workflow files parse and use the right actions and modes, and the
//! OSS-Fuzz build script runs with the variables OSS-Fuzz sets (in its
//! dry-run mode: it prints what it would build and copy to `$OUT`).

use serde_norway::Value;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn workflow(name: &str) -> Value {
    let path = root().join(".github/workflows").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    serde_norway::from_str(&text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Every step of every job, with its job name.
fn steps(w: &Value) -> Vec<(String, Value)> {
    let jobs = w["jobs"].as_mapping().expect("jobs");
    jobs.iter()
        .flat_map(|(name, job)| {
            let name = name.as_str().unwrap_or_default().to_string();
            job["steps"]
                .as_sequence()
                .cloned()
                .unwrap_or_default()
                .into_iter()
                .map(move |s| (name.clone(), s))
        })
        .collect()
}

fn uses<'a>(steps: &'a [(String, Value)], action: &str) -> Vec<&'a Value> {
    steps
        .iter()
        .filter(|(_, s)| s["uses"].as_str() == Some(action))
        .map(|(_, s)| s)
        .collect()
}

fn run_text(steps: &[(String, Value)]) -> String {
    steps
        .iter()
        .filter_map(|(_, s)| s["run"].as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

fn clusterfuzzlite(name: &str, mode: &str) -> (Value, u64) {
    let w = workflow(name);
    let s = steps(&w);
    let build = uses(&s, "google/clusterfuzzlite/actions/build_fuzzers@v1");
    assert_eq!(build.len(), 1, "{name}: one build_fuzzers step");
    assert_eq!(build[0]["with"]["language"].as_str(), Some("rust"));
    let run = uses(&s, "google/clusterfuzzlite/actions/run_fuzzers@v1");
    assert_eq!(run.len(), 1, "{name}: one run_fuzzers step");
    assert_eq!(run[0]["with"]["mode"].as_str(), Some(mode), "{name}");
    let seconds = run[0]["with"]["fuzz-seconds"]
        .as_u64()
        .expect("fuzz-seconds");
    // The build step comes before the run step.
    let pos = |a: &str| s.iter().position(|(_, st)| st["uses"].as_str() == Some(a));
    assert!(
        pos("google/clusterfuzzlite/actions/build_fuzzers@v1")
            < pos("google/clusterfuzzlite/actions/run_fuzzers@v1")
    );
    (w, seconds)
}

#[test]
fn pull_requests_fuzz_the_change_briefly() {
    let (w, seconds) = clusterfuzzlite("cflite-pr.yml", "code-change");
    assert!(w["on"]["pull_request"].is_mapping() || w["on"]["pull_request"].is_null());
    assert!(w["on"].get("pull_request").is_some());
    assert!(seconds <= 600, "a pull request waits for it: {seconds}s");
}

#[test]
fn a_schedule_runs_batch_fuzzing() {
    let (w, seconds) = clusterfuzzlite("cflite-batch.yml", "batch");
    let cron = w["on"]["schedule"][0]["cron"]
        .as_str()
        .expect("a cron schedule");
    assert_eq!(cron.split_whitespace().count(), 5);
    assert!(seconds >= 600);
}

#[test]
fn ci_runs_the_ci_script() {
    let w = workflow("ci.yml");
    let s = steps(&w);
    assert!(!uses(&s, "actions/checkout@v4").is_empty());
    assert!(run_text(&s).lines().any(|l| l.trim() == "bash .ci/run"));
    assert!(root().join(".ci/run").is_file());
}

#[test]
fn the_sharded_run_covers_every_shard_and_merges() {
    let w = workflow("sharded-run.yml");
    let shards: u64 = w["env"]["SHARDS"]
        .as_str()
        .and_then(|s| s.parse().ok())
        .expect("env SHARDS");
    let matrix: Vec<u64> = w["jobs"]["shard"]["strategy"]["matrix"]["shard"]
        .as_sequence()
        .expect("shard matrix")
        .iter()
        .filter_map(Value::as_u64)
        .collect();
    assert_eq!(matrix, (1..=shards).collect::<Vec<_>>());
    let shard_steps: Vec<(String, Value)> = steps(&w)
        .into_iter()
        .filter(|(job, _)| job == "shard")
        .collect();
    let run = run_text(&shard_steps);
    for flag in [
        "run --cases",
        "--shard \"${{ matrix.shard }}/${SHARDS}\"",
        "--run-id",
        "--seed",
    ] {
        assert!(run.contains(flag), "shard job lacks {flag}");
    }
    assert!(!uses(&shard_steps, "actions/upload-artifact@v4").is_empty());
    let merge = &w["jobs"]["merge"];
    assert_eq!(merge["needs"].as_str(), Some("shard"));
    let merge_steps: Vec<(String, Value)> = steps(&w)
        .into_iter()
        .filter(|(job, _)| job == "merge")
        .collect();
    assert!(!uses(&merge_steps, "actions/download-artifact@v4").is_empty());
    let text = run_text(&merge_steps);
    let at = |needle: &str| {
        text.find(needle)
            .unwrap_or_else(|| panic!("merge lacks {needle}"))
    };
    assert!(at("evidence merge reports/evidence.json") < at("promote --check"));
}

#[test]
fn clusterfuzzlite_project_is_rust_and_copies_the_build_script() {
    let project: Value = serde_norway::from_str(
        &std::fs::read_to_string(root().join(".clusterfuzzlite/project.yaml")).unwrap(),
    )
    .unwrap();
    assert_eq!(project["language"].as_str(), Some("rust"));
    let docker = std::fs::read_to_string(root().join(".clusterfuzzlite/Dockerfile")).unwrap();
    assert!(docker.contains("base-builder-rust"));
    assert!(docker.contains("COPY .clusterfuzzlite/build.sh $SRC/"));
}

fn fuzz_targets() -> Vec<String> {
    let mut t: Vec<String> = std::fs::read_dir(root().join("fuzz/fuzz_targets"))
        .unwrap()
        .filter_map(|e| {
            let p = e.ok()?.path();
            let stem = p.file_stem()?.to_string_lossy().into_owned();
            (p.extension()? == "rs").then_some(stem)
        })
        .collect();
    t.sort();
    t
}

/// Runs a build script as OSS-Fuzz does: `$SRC/dv-harness` is the
/// checkout, `$OUT` an empty directory, the compiler variables set.
fn oss_fuzz_build(
    script: &str,
    language: &str,
) -> (std::process::Output, PathBuf, tempfile::TempDir) {
    let tmp = tempfile::tempdir().unwrap();
    let src = tmp.path().join("src");
    let out = tmp.path().join("out");
    std::fs::create_dir_all(&src).unwrap();
    std::fs::create_dir_all(&out).unwrap();
    std::os::unix::fs::symlink(root().canonicalize().unwrap(), src.join("dv-harness")).unwrap();
    let output = Command::new("bash")
        .arg(root().join(script))
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("SRC", &src)
        .env("OUT", &out)
        .env("WORK", tmp.path())
        .env("CC", "clang")
        .env("CXX", "clang++")
        .env(
            "CFLAGS",
            "-O1 -fno-omit-frame-pointer -gline-tables-only -fsanitize=address",
        )
        .env(
            "CXXFLAGS",
            "-O1 -fno-omit-frame-pointer -gline-tables-only -fsanitize=address",
        )
        .env("LIB_FUZZING_ENGINE", "-fsanitize=fuzzer")
        .env("SANITIZER", "address")
        .env("FUZZING_ENGINE", "libfuzzer")
        .env("ARCHITECTURE", "x86_64")
        .env("FUZZING_LANGUAGE", language)
        .env("DV_BUILD_DRY_RUN", "1")
        .output()
        .unwrap();
    (output, out, tmp)
}

#[test]
fn the_build_script_builds_and_ships_every_target_under_oss_fuzz_variables() {
    for script in [".clusterfuzzlite/build.sh", "fuzz/build-oss-fuzz.sh"] {
        let (output, out, _tmp) = oss_fuzz_build(script, "rust");
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "{script}: {stdout}{}",
            String::from_utf8_lossy(&output.stderr)
        );
        assert!(stdout.contains("sanitizer address"), "{stdout}");
        let lines: Vec<&str> = stdout.lines().filter(|l| l.starts_with("+ ")).collect();
        assert_eq!(
            lines.first(),
            Some(&"+ cargo fuzz build -O --debug-assertions")
        );
        let targets = fuzz_targets();
        assert!(targets.len() >= 2);
        let out_s = out.display().to_string();
        for t in &targets {
            let copy = format!("+ cp fuzz/target/x86_64-unknown-linux-gnu/release/{t} {out_s}/");
            assert!(lines.contains(&copy.as_str()), "{script}: no {copy}");
            if root().join("fuzz/corpus").join(t).is_dir() {
                let zip = format!("{out_s}/{t}_seed_corpus.zip");
                assert!(lines.iter().any(|l| l.contains(&zip)), "{script}: no {zip}");
            }
        }
        assert!(lines.contains(&format!("+ cp -r corpus {out_s}/dv-corpus").as_str()));
        // A dry run writes nothing.
        assert_eq!(std::fs::read_dir(&out).unwrap().count(), 0);
    }
}

#[test]
fn the_build_script_refuses_another_language_or_a_missing_out() {
    let (output, _, _tmp) = oss_fuzz_build(".clusterfuzzlite/build.sh", "c++");
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("expected rust"));
    let status = Command::new("bash")
        .arg(root().join(".clusterfuzzlite/build.sh"))
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("SRC", "/nonexistent")
        .env("DV_BUILD_DRY_RUN", "1")
        .output()
        .unwrap();
    assert!(!status.status.success());
}
