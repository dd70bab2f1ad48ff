//! `dv-harness evidence merge OUT IN...` (DESIGN.md section 9.1): the
//! evidence files of several machines or shards become one, as if every
//! run had been recorded into the same file.
//!
//! The merge works run by run. Every recorded run carries its identity
//! (`uid`, see [`dv_harness_generate::shard::run_uid`]) and its per-rule counters
//! ([`RunRuleCounts`]); the merge takes the union of the runs of all inputs,
//! one per uid, orders them by time (then uid) and replays them into empty
//! evidence with [`Evidence::merge`], the same accumulation `record_run`
//! does. So the merge is commutative (the order of the inputs does not
//! matter), idempotent per run (a run present in several inputs, or an
//! input given twice, counts once), and N shards of one seeded `run`
//! merged have exactly the per-rule counts of the unsharded run.
//!
//! Files written before runs carried a uid and their counters: such a run
//! gets a uid derived from its record (time, command, seed, counts), and
//! the rule counts of the file that its runs do not account for are
//! attached to the file's last such run, so nothing recorded is lost (a
//! rule's `runs` count may then be lower than it was). A `bench` latency
//! measurement survives the merge (the newest one per kind).
//!
//! ```
//! use dv_harness_evidence::evidence::{Evidence, RunObservation, RuleObservation};
//! use dv_harness_evidence::evidence_merge::merge;
//! let mut a = Evidence::default();
//! let mut run = RunObservation::new("run");
//! run.uid = "ci-1:run:seed-0:shard-1-of-2".into();
//! let mut r = RuleObservation::new("T/n/minimum", "T", "v1");
//! r.reached = 5;
//! run.rules.push(r);
//! a.merge(&run, "2026-01-01T00:00:00Z");
//! let twice = merge(&[a.clone(), a.clone()]);
//! assert_eq!(twice.rules["T/n/minimum"].reached, 5);
//! assert_eq!(twice, merge(&[a]));
//! ```

use crate::evidence::{
    Evidence, EvidenceError, RuleEvidence, RuleObservation, RunObservation, RunRecord,
    RunRuleCounts,
};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// FNV-1a, for derived uids that are stable across builds.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(*b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// The uid of a run recorded without one: a hash of what the record says
/// about the run (not its position in the file, which a merge renumbers).
///
/// ```
/// use dv_harness_evidence::evidence::{Evidence, RunObservation};
/// let mut e = Evidence::default();
/// e.merge(&RunObservation::new("run"), "2026-01-01T00:00:00Z");
/// let mut r = e.runs[0].clone();
/// r.uid.clear();
/// let uid = dv_harness_evidence::evidence_merge::derived_uid(&r);
/// assert!(uid.starts_with("legacy-"));
/// r.id = 9;
/// assert_eq!(dv_harness_evidence::evidence_merge::derived_uid(&r), uid);
/// ```
pub fn derived_uid(r: &RunRecord) -> String {
    let kinds = serde_json::to_string(&r.kinds).unwrap_or_default();
    let text = format!(
        "{}\u{1}{}\u{1}{:?}\u{1}{}\u{1}{}\u{1}{}\u{1}{kinds}",
        r.at, r.command, r.seed, r.cases, r.mismatches, r.panics
    );
    format!("legacy-{:016x}", fnv1a(text.as_bytes()))
}

/// What the runs of one file carry for a rule: the sums of their
/// counters and how many runs list the rule.
#[derive(Default)]
struct Accounted {
    reached: u64,
    fired_declarative: u64,
    fired_handwritten: u64,
    mismatches: u64,
    panics: u64,
    runs: u64,
}

/// The counters of `aggregate` that the runs do not explain (`None` when
/// they explain all of it, the number of runs included).
fn residual(aggregate: &RuleEvidence, a: &Accounted) -> Option<RunRuleCounts> {
    let r = RunRuleCounts {
        id: aggregate.id.clone(),
        reached: aggregate.reached.saturating_sub(a.reached),
        fired_declarative: aggregate
            .fired_declarative
            .saturating_sub(a.fired_declarative),
        fired_handwritten: aggregate
            .fired_handwritten
            .saturating_sub(a.fired_handwritten),
        mismatches: aggregate.mismatches.saturating_sub(a.mismatches),
        panics: aggregate.panics.saturating_sub(a.panics),
        attributed: aggregate.attributed.clone(),
        generators: aggregate.generators.clone(),
    };
    let counts = r.reached + r.fired_declarative + r.fired_handwritten + r.mismatches + r.panics;
    (counts > 0 || aggregate.runs > a.runs).then_some(r)
}

/// One input's runs, each with a uid and its rule counters (see the module
/// docs for files written before runs carried them).
fn normalized(e: &Evidence) -> Vec<RunRecord> {
    let mut runs = e.runs.clone();
    if let Some(last) = runs
        .iter()
        .rposition(|r| r.uid.is_empty() && r.rules.is_empty())
    {
        let mut accounted: BTreeMap<&str, Accounted> = BTreeMap::new();
        for c in e.runs.iter().flat_map(|r| &r.rules) {
            let a = accounted.entry(c.id.as_str()).or_default();
            a.reached += c.reached;
            a.fired_declarative += c.fired_declarative;
            a.fired_handwritten += c.fired_handwritten;
            a.mismatches += c.mismatches;
            a.panics += c.panics;
            a.runs += 1;
        }
        let none = Accounted::default();
        runs[last].rules = e
            .rules
            .iter()
            .filter_map(|(id, aggregate)| {
                residual(aggregate, accounted.get(id.as_str()).unwrap_or(&none))
            })
            .collect();
    }
    for r in &mut runs {
        if r.uid.is_empty() {
            r.uid = derived_uid(r);
        }
    }
    runs
}

/// The rule's path, tag and stage as last seen over all inputs (the newest
/// `lastAt`, ties broken by content so the choice does not depend on the
/// order of the inputs).
fn rule_metadata(inputs: &[Evidence]) -> BTreeMap<String, RuleEvidence> {
    let mut out: BTreeMap<String, (String, RuleEvidence)> = BTreeMap::new();
    for e in inputs {
        for (id, r) in &e.rules {
            let key = format!(
                "{}\u{1}{}",
                r.last_at,
                serde_json::to_string(r).unwrap_or_default()
            );
            match out.get(id) {
                Some((k, _)) if *k >= key => {}
                _ => {
                    out.insert(id.clone(), (key, r.clone()));
                }
            }
        }
    }
    out.into_iter().map(|(id, (_, r))| (id, r)).collect()
}

/// Of two records of one uid (a run checkpointed and later completed),
/// the more complete one: more cases, then more rules, then by content.
fn better(a: &RunRecord, b: &RunRecord) -> bool {
    let key = |r: &RunRecord| {
        (
            r.cases,
            r.rules.len(),
            serde_json::to_string(r).unwrap_or_default(),
        )
    };
    key(a) > key(b)
}

fn observation(r: &RunRecord, meta: &BTreeMap<String, RuleEvidence>) -> RunObservation {
    let rules = r
        .rules
        .iter()
        .map(|c| {
            let mut o = match meta.get(&c.id) {
                Some(m) => {
                    let mut o = RuleObservation::new(&c.id, &m.kind, &m.api_version);
                    o.path = m.path.clone();
                    o.tag = m.tag.clone();
                    o.stage = m.stage;
                    o.since = m.since.clone();
                    o
                }
                None => RuleObservation::new(&c.id, "", ""),
            };
            o.reached = c.reached;
            o.fired_declarative = c.fired_declarative;
            o.fired_handwritten = c.fired_handwritten;
            o.mismatches = c.mismatches;
            o.panics = c.panics;
            o.attributed = c.attributed.clone();
            o.generators = c.generators.clone();
            o
        })
        .collect();
    RunObservation {
        uid: r.uid.clone(),
        command: r.command.clone(),
        seed: r.seed,
        at: r.at.clone(),
        kinds: r.kinds.clone(),
        rules,
    }
}

/// Merges evidence: the union of the inputs' runs (one per uid), replayed
/// in time order. See the module docs.
pub fn merge(inputs: &[Evidence]) -> Evidence {
    let mut runs: BTreeMap<String, RunRecord> = BTreeMap::new();
    for e in inputs {
        for r in normalized(e) {
            match runs.get(&r.uid) {
                Some(kept) if !better(&r, kept) => {}
                _ => {
                    runs.insert(r.uid.clone(), r);
                }
            }
        }
    }
    let mut ordered: Vec<RunRecord> = runs.into_values().collect();
    ordered.sort_by(|a, b| (&a.at, &a.uid).cmp(&(&b.at, &b.uid)));
    let meta = rule_metadata(inputs);
    let mut out = Evidence::default();
    for r in &ordered {
        out.merge(&observation(r, &meta), &r.at);
    }
    // The newest bench measurement of each kind survives.
    let mut bench: BTreeMap<String, (String, f64)> = BTreeMap::new();
    for e in inputs {
        for k in e.kinds.values() {
            if k.latency_source.as_deref() != Some("bench") {
                continue;
            }
            let (Some(ratio), at) = (k.dv_over_hv, k.latency_at.clone().unwrap_or_default()) else {
                continue;
            };
            let key = format!("{}/{}", k.api_version, k.kind);
            match bench.get(&key) {
                Some((a, v)) if (a, v.to_bits()) >= (&at, ratio.to_bits()) => {}
                _ => {
                    bench.insert(key, (at, ratio));
                }
            }
        }
    }
    for (key, (at, ratio)) in bench {
        if let Some(k) = out.kinds.get_mut(&key) {
            k.dv_over_hv = Some(ratio);
            k.latency_source = Some("bench".into());
            k.latency_at = Some(at);
        }
    }
    out
}

/// Reads one evidence file (not a reports directory).
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("e.json");
/// assert!(dv_harness_evidence::evidence_merge::read_file(&path).is_err());
/// std::fs::write(&path, "{\"format\":1,\"runs\":[],\"rules\":{},\"kinds\":{}}").unwrap();
/// assert!(dv_harness_evidence::evidence_merge::read_file(&path).unwrap().runs.is_empty());
/// ```
pub fn read_file(path: &Path) -> Result<Evidence, EvidenceError> {
    let text = std::fs::read_to_string(path).map_err(|e| EvidenceError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    })?;
    Evidence::parse(&text, &path.display().to_string())
}

/// Writes evidence to `path` atomically (temporary file and rename).
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("out/evidence.json");
/// dv_harness_evidence::evidence_merge::write_file(&path, &Default::default()).unwrap();
/// assert!(dv_harness_evidence::evidence_merge::read_file(&path).is_ok());
/// ```
pub fn write_file(path: &Path, evidence: &Evidence) -> Result<(), EvidenceError> {
    let io = |message: String| EvidenceError::Io {
        path: path.display().to_string(),
        message,
    };
    if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(|e| io(e.to_string()))?;
    }
    evidence.write(path)
}

/// What `evidence merge` reports: runs in, runs out, rules.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MergeSummary {
    /// Runs over all inputs.
    pub runs_in: usize,
    /// Distinct runs in the output.
    pub runs_out: usize,
    /// Rules in the output.
    pub rules: usize,
    /// Kinds in the output.
    pub kinds: BTreeSet<String>,
}

/// `evidence merge OUT IN...`: reads every input (an input that is
/// missing or does not parse is an error: nothing is written), merges and
/// writes `out`.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// let a = dir.path().join("a.json");
/// dv_harness_evidence::evidence_merge::write_file(&a, &Default::default()).unwrap();
/// let out = dir.path().join("out.json");
/// let s = dv_harness_evidence::evidence_merge::merge_files(&out, &[a.clone(), a]).unwrap();
/// assert_eq!((s.runs_in, s.runs_out), (0, 0));
/// ```
pub fn merge_files(
    out: &Path,
    inputs: &[std::path::PathBuf],
) -> Result<MergeSummary, EvidenceError> {
    let evidence = inputs
        .iter()
        .map(|p| read_file(p))
        .collect::<Result<Vec<_>, _>>()?;
    let merged = merge(&evidence);
    write_file(out, &merged)?;
    Ok(MergeSummary {
        runs_in: evidence.iter().map(|e| e.runs.len()).sum(),
        runs_out: merged.runs.len(),
        rules: merged.rules.len(),
        kinds: merged.kinds.keys().cloned().collect(),
    })
}
