//! Evidence accumulation: merging across runs, recovery after a crash (a
//! leftover temporary file, a truncated evidence file), and the evidence of
//! a real campaign (attribution of a mismatch to its rule by field, type
//! and origin).

use apimachinery::Stage;
use apimachinery::field::ErrorList;
use apimachinery::operation::Context;
use dv_harness_engine::engine::EngineSettings;
use dv_harness_engine::pair::FnPair;
use dv_harness_evidence::evidence::{
    Evidence, EvidenceError, Generator, KindObservation, MismatchSide, RuleObservation,
    RunObservation, load_for_update, record_bench, record_run,
};
use dv_harness_generate::campaign::{CampaignConfig, run_kind};

fn tmp() -> tempfile::TempDir {
    tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"))
}

fn observation(reached: u64, generator: Generator) -> RunObservation {
    let mut run = RunObservation::new("run");
    let mut k = KindObservation::new("T", "v1");
    k.cases = reached;
    (k.hv_median_nanos, k.dv_median_nanos) = (100, 90);
    k.generators.insert(generator);
    run.kinds.push(k);
    let mut r = RuleObservation::new("T/n/minimum", "T", "v1");
    r.path = "n".into();
    r.tag = "+k8s:beta(since: \"1.36\")=+k8s:minimum=0".into();
    r.stage = Stage::Beta;
    r.since = Some("1.36".into());
    r.reached = reached;
    r.fired_declarative = reached / 2;
    r.fired_handwritten = reached / 2;
    r.generators.insert(generator);
    run.rules.push(r);
    run
}

fn read(dir: &std::path::Path) -> Evidence {
    Evidence::read(dir).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn runs_merge_and_are_never_lost() {
    let dir = tmp();
    for (n, g) in [
        (10, Generator::Corpus),
        (20, Generator::Boundary),
        (30, Generator::Fuzz),
    ] {
        let mut run = observation(n, g);
        if g == Generator::Fuzz {
            run.command = "fuzz".into();
        }
        record_run(dir.path(), &run).unwrap_or_else(|e| panic!("{e}"));
    }
    let e = read(dir.path());
    assert_eq!(e.runs.len(), 3);
    assert_eq!(
        e.runs
            .iter()
            .map(|r| r.command.as_str())
            .collect::<Vec<_>>(),
        ["run", "run", "fuzz"]
    );
    let r = &e.rules["T/n/minimum"];
    assert_eq!(r.reached, 60);
    assert_eq!(r.fired_declarative, 30);
    assert_eq!((r.runs, r.first_run, r.last_run), (3, 1, 3));
    assert_eq!(
        r.generators.iter().copied().collect::<Vec<_>>(),
        [Generator::Corpus, Generator::Boundary, Generator::Fuzz]
    );
    let k = e.kind("v1", "T").unwrap_or_else(|| panic!("kind T"));
    assert_eq!(k.cases, 60);
    assert_eq!(k.latency_source.as_deref(), Some("run"));
}

#[test]
fn a_leftover_temporary_file_is_removed_and_does_not_replace_the_evidence() {
    let dir = tmp();
    record_run(dir.path(), &observation(10, Generator::Corpus)).unwrap_or_else(|e| panic!("{e}"));
    // A crash between writing the temporary file and renaming it.
    let stale = dir.path().join(".evidence.json.99999999.tmp");
    std::fs::write(&stale, "{\"format\": 1, \"runs\": [").unwrap_or_else(|e| panic!("{e}"));
    let rec = record_run(dir.path(), &observation(5, Generator::Update))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!stale.exists());
    assert!(
        rec.warnings
            .iter()
            .any(|w| w.contains(".evidence.json.99999999.tmp"))
    );
    let e = read(dir.path());
    assert_eq!(e.runs.len(), 2);
    assert_eq!(e.rules["T/n/minimum"].reached, 15);
    // No temporary file is left behind by a successful write.
    let leftovers: Vec<String> = std::fs::read_dir(dir.path())
        .map(|it| {
            it.flatten()
                .map(|d| d.file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".tmp"))
                .collect()
        })
        .unwrap_or_default();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn a_truncated_file_is_moved_aside_and_reported_not_replaced_silently() {
    let dir = tmp();
    record_run(dir.path(), &observation(10, Generator::Corpus)).unwrap_or_else(|e| panic!("{e}"));
    let path = Evidence::file(dir.path());
    let full = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{e}"));
    let cut = &full[..full.len() / 2];
    std::fs::write(&path, cut).unwrap_or_else(|e| panic!("{e}"));

    // Readers (promote, report) refuse it and leave it where it is.
    assert!(matches!(
        Evidence::read(dir.path()),
        Err(EvidenceError::Corrupt { .. })
    ));
    assert!(path.exists());

    let rec = record_run(dir.path(), &observation(7, Generator::Update))
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(
        rec.warnings
            .iter()
            .any(|w| w.contains("corrupted") && w.contains("moved aside")),
        "{:?}",
        rec.warnings
    );
    let aside: Vec<std::path::PathBuf> = std::fs::read_dir(dir.path())
        .map(|it| {
            it.flatten()
                .map(|d| d.path())
                .filter(|p| {
                    p.file_name()
                        .is_some_and(|n| n.to_string_lossy().starts_with("evidence.json.corrupt-"))
                })
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(aside.len(), 1);
    assert_eq!(
        std::fs::read_to_string(&aside[0]).unwrap_or_default(),
        cut,
        "the corrupted bytes are kept"
    );
    let e = read(dir.path());
    assert_eq!(e.runs.len(), 1);
    assert_eq!(e.rules["T/n/minimum"].reached, 7);
}

#[test]
fn two_corruptions_in_the_same_second_keep_both_files() {
    let dir = tmp();
    for _ in 0..2 {
        std::fs::write(Evidence::file(dir.path()), "not json").unwrap_or_else(|e| panic!("{e}"));
        let (_, w) = load_for_update(dir.path()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(w.len(), 1);
    }
    let count = std::fs::read_dir(dir.path())
        .map(|it| {
            it.flatten()
                .filter(|d| d.file_name().to_string_lossy().contains(".corrupt-"))
                .count()
        })
        .unwrap_or(0);
    assert_eq!(count, 2);
}

#[test]
fn bench_ratios_take_precedence_over_run_medians() {
    let dir = tmp();
    record_run(dir.path(), &observation(10, Generator::Corpus)).unwrap_or_else(|e| panic!("{e}"));
    record_bench(dir.path(), &[("T".to_string(), 1.25)]).unwrap_or_else(|e| panic!("{e}"));
    record_run(dir.path(), &observation(10, Generator::Corpus)).unwrap_or_else(|e| panic!("{e}"));
    let e = read(dir.path());
    let k = e.kind("v1", "T").unwrap_or_else(|| panic!("kind T"));
    assert_eq!(
        (k.dv_over_hv, k.latency_source.as_deref()),
        (Some(1.25), Some("bench"))
    );
}

#[derive(
    Clone, Default, serde::Serialize, serde::Deserialize, PartialEq, apimachinery::Validate,
)]
struct Widget {
    /// +k8s:optional
    /// +k8s:alpha(since: "1.36")=+k8s:minimum=0
    #[serde(default)]
    n: i32,
}

// The hand-written side forgot the rule: DV is stricter for negative n.
fn forgetful(_: &Context, _: &Widget, _: Option<&Widget>) -> ErrorList {
    ErrorList::new()
}

fn prepare(_: &Context, _: &mut Widget, _: Option<&Widget>) {}

#[test]
fn a_campaign_attributes_its_mismatches_to_the_rule() {
    let pair = FnPair::new("v1", "Widget", forgetful, prepare, &[]);
    let run = run_kind(
        &pair,
        &EngineSettings::default(),
        &[],
        &CampaignConfig::new(40, 1),
        &mut || {},
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let obs = RunObservation::from_kind_runs("run", Some(1), &[run]);
    assert_eq!(obs.kinds.len(), 1);
    let rule = obs
        .rules
        .iter()
        .find(|r| r.id.ends_with("minimum"))
        .unwrap_or_else(|| panic!("minimum rule in {:?}", obs.rules));
    assert_eq!(rule.stage, Stage::Alpha);
    assert_eq!(rule.since.as_deref(), Some("1.36"));
    assert!(rule.reached > 0 && rule.mismatches > 0);
    assert!(rule.generators.contains(&Generator::Boundary));
    let a = rule
        .attributed
        .first()
        .unwrap_or_else(|| panic!("no attribution"));
    assert_eq!(
        (
            a.side,
            a.error_type.as_str(),
            a.field.as_str(),
            a.origin.as_str()
        ),
        (
            MismatchSide::Declarative,
            "FieldValueInvalid",
            "n",
            "minimum"
        )
    );

    // Merged and judged: the mismatch blocks promotion.
    let dir = tmp();
    record_run(dir.path(), &obs).unwrap_or_else(|e| panic!("{e}"));
    let e = read(dir.path());
    static_rules_check(&e);
}

fn static_rules_check(e: &Evidence) {
    let kinds = [dv_harness_evidence::promote::KindRules {
        kind: "Widget",
        api_version: "v1",
        rules: <Widget as apimachinery::validation::Validate>::rules(),
    }];
    let verdicts = dv_harness_evidence::promote::judge(
        &dv_harness_evidence::promote::Policy::default(),
        e,
        &kinds,
        "1.37"
            .parse()
            .unwrap_or(dv_harness_evidence::promote::CurrentVersion {
                major: 1,
                minor: 37,
            }),
    );
    let v = verdicts
        .iter()
        .find(|v| v.id.ends_with("minimum"))
        .unwrap_or_else(|| panic!("verdict"));
    assert_eq!(v.eligible, Stage::Alpha);
    assert!(v.blockers.iter().any(|b| b.contains("mismatches recorded")));
}

#[test]
fn a_bundled_campaign_feeds_evidence_promotion_and_reports() {
    let registry = dv_harness_kinds::registry().unwrap_or_else(|e| panic!("{e}"));
    let pair = registry
        .find("ReplicationController", Some("v1"))
        .unwrap_or_else(|e| panic!("{e}"));
    let corpus = dv_harness_generate::corpus::Corpus::load(std::path::Path::new("../../corpus"));
    let run = run_kind(
        pair,
        &EngineSettings::default(),
        corpus.files("v1", "ReplicationController"),
        &CampaignConfig::new(10, 3),
        &mut || {},
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let obs = RunObservation::from_kind_runs("run", Some(3), &[run]);
    let dir = tmp();
    let notes = dv_harness_cli::report::after_run(&registry, dir.path(), &obs)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(notes.iter().any(|n| n.contains("reports written")));
    let e = read(dir.path());
    let replicas = &e.rules["ReplicationController/spec.replicas/minimum"];
    assert!(
        replicas.reached > 0 && replicas.fired_declarative > 0,
        "{replicas:?}"
    );
    assert!(replicas.generators.contains(&Generator::Corpus));
    assert!(replicas.generators.contains(&Generator::Boundary));
    let k = e
        .kind("v1", "ReplicationController")
        .unwrap_or_else(|| panic!("RC evidence"));
    assert!(k.cases > 10 && k.dv_over_hv.is_some());
    let report: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("report.json")).unwrap_or_default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let rc = report["rules"]
        .as_array()
        .map(|rules| {
            rules
                .iter()
                .filter(|r| r["kind"] == "ReplicationController")
                .count()
        })
        .unwrap_or(0);
    assert!(rc > 0);
}

mod shards {
    //! `run --shard K/N` and `evidence merge`: the shards of a seeded run
    //! merged give exactly the unsharded run's per-rule counts, and the
    //! merge is commutative and idempotent per run.

    use dv_harness_cli::run::{RunArgs, RunPaths, run};
    use dv_harness_cli::{Exit, Global};
    use dv_harness_engine::engine::EngineSettings;
    use dv_harness_evidence::evidence::Evidence;
    use dv_harness_evidence::evidence_merge::{merge, merge_files, read_file};
    use dv_harness_generate::shard::Shard;
    use std::path::{Path, PathBuf};

    const KINDS: [&str; 2] = ["ReplicationController", "CSIDriver"];

    fn corpus() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../corpus")
    }

    fn run_shard(dir: &Path, shard: Shard) -> Evidence {
        let args = RunArgs {
            cases: 300,
            seed: 11,
            kinds: KINDS.iter().map(|k| k.to_string()).collect(),
            time: None,
            minimize_budget: 20,
            shard,
            run_id: Some("test-campaign".into()),
            checkpoint: dv_harness_pipeline::checkpoint::DEFAULT_INTERVAL,
        };
        let mut global = Global {
            registry: dv_harness_kinds::registry().unwrap(),
            settings: EngineSettings::default(),
            json: true,
            recorder: None,
        };
        let paths = RunPaths {
            corpus: corpus(),
            reports: dir.to_path_buf(),
        };
        let exit = run(&args, &mut global, &paths);
        assert_ne!(exit, Exit::Input);
        Evidence::read(dir).unwrap()
    }

    #[test]
    fn two_shards_merged_equal_the_unsharded_run_rule_by_rule() {
        let root = tempfile::tempdir().unwrap();
        let whole_dir = root.path().join("whole");
        let dirs = [root.path().join("s1"), root.path().join("s2")];
        let whole = run_shard(&whole_dir, Shard::WHOLE);
        let parts: Vec<Evidence> = dirs
            .iter()
            .enumerate()
            .map(|(i, d)| run_shard(d, Shard::new(i as u32 + 1, 2).unwrap()))
            .collect();
        // Both shards did work, and neither did all of it.
        let cases = |e: &Evidence| e.runs.iter().map(|r| r.cases).sum::<u64>();
        assert!(
            parts
                .iter()
                .all(|p| cases(p) > 0 && cases(p) < cases(&whole))
        );
        assert_eq!(cases(&parts[0]) + cases(&parts[1]), cases(&whole));
        let merged = merge(&parts);
        assert_eq!(merged.runs.len(), 2);
        assert_eq!(
            merged.rules.keys().collect::<Vec<_>>(),
            whole.rules.keys().collect::<Vec<_>>()
        );
        let mut reached = 0;
        for (id, w) in &whole.rules {
            let m = &merged.rules[id];
            assert_eq!(
                (
                    m.reached,
                    m.fired_declarative,
                    m.fired_handwritten,
                    m.mismatches,
                    m.panics
                ),
                (
                    w.reached,
                    w.fired_declarative,
                    w.fired_handwritten,
                    w.mismatches,
                    w.panics
                ),
                "{id}"
            );
            assert_eq!(m.generators, w.generators, "{id}");
            assert_eq!((m.tag.as_str(), m.stage), (w.tag.as_str(), w.stage), "{id}");
            reached += m.reached;
        }
        assert!(reached > 0);
        for (key, w) in &whole.kinds {
            let m = &merged.kinds[key];
            assert_eq!(
                (m.cases, m.mismatches, m.panics),
                (w.cases, w.mismatches, w.panics)
            );
        }

        // Through the files and the command: either order, and an input
        // given twice or merged again, write the same file.
        let files: Vec<PathBuf> = dirs.iter().map(Evidence::file).collect();
        let out = |name: &str| root.path().join(name).join("evidence.json");
        merge_files(&out("ab"), &[files[0].clone(), files[1].clone()]).unwrap();
        merge_files(&out("ba"), &[files[1].clone(), files[0].clone()]).unwrap();
        merge_files(
            &out("aab"),
            &[files[0].clone(), files[0].clone(), files[1].clone()],
        )
        .unwrap();
        merge_files(&out("again"), &[out("ab"), files[1].clone(), out("ba")]).unwrap();
        let text = |p: PathBuf| std::fs::read_to_string(p).unwrap();
        let ab = text(out("ab"));
        for other in ["ba", "aab", "again"] {
            assert_eq!(text(out(other)), ab, "{other}");
        }
        // The file is the merge (compared as text: JSON floats need not
        // parse back bit for bit).
        assert_eq!(
            ab,
            format!("{}\n", serde_json::to_string_pretty(&merged).unwrap())
        );
        assert_eq!(read_file(&out("ab")).unwrap().runs.len(), 2);
        // A merged file is a reports directory's evidence: promote reads it.
        let (e, verdicts) = dv_harness_cli::promote::verdicts(
            &dv_harness_kinds::registry().unwrap(),
            &root.path().join("ab"),
            None,
            "1.37".parse().unwrap(),
        )
        .unwrap();
        assert_eq!(e.rules.len(), merged.rules.len());
        assert!(verdicts.iter().any(|v| v.kind == "ReplicationController"));
    }

    #[test]
    fn a_file_without_run_uids_merges_with_itself_once() {
        // Evidence written before runs carried uids and counters.
        let mut e = Evidence::default();
        let mut run = dv_harness_evidence::evidence::RunObservation::new("run");
        let mut r = dv_harness_evidence::evidence::RuleObservation::new("T/n/minimum", "T", "v1");
        r.reached = 7;
        r.mismatches = 1;
        run.rules.push(r);
        e.merge(&run, "2026-01-01T00:00:00Z");
        e.merge(&run, "2026-01-02T00:00:00Z");
        for rec in &mut e.runs {
            rec.uid.clear();
            rec.rules.clear();
        }
        let once = merge(std::slice::from_ref(&e));
        let twice = merge(&[e.clone(), e.clone()]);
        assert_eq!(once, twice);
        assert_eq!(once.rules["T/n/minimum"].reached, 14);
        assert_eq!(once.rules["T/n/minimum"].mismatches, 2);
        assert_eq!(once.runs.len(), 2);
        // And with a newer run recorded on top, still nothing doubles.
        let mut newer = once.clone();
        run.uid = "new".into();
        newer.merge(&run, "2026-01-03T00:00:00Z");
        let m = merge(&[e, newer.clone()]);
        assert_eq!(m.rules["T/n/minimum"].reached, 21);
        assert_eq!(m, merge(&[newer]));
    }
}
