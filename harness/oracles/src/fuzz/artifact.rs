//! Fuzz artifacts (`fuzz/artifacts/<target>/crash-*` and friends) as case
//! files, and their import as minimised regression cases under
//! `corpus/<group>/<version>/<Kind>/regressions/` (minimisation from
//! [`dv_harness_generate::minimize`]; existing files are never overwritten).

use super::oracle::{Finding, Mode, Oracle, UnknownTarget, parse_target};
use dv_harness_engine::pair::Registry;
use dv_harness_engine::record::kind_dir;
use dv_harness_generate::corpus::Corpus;
use dv_harness_generate::minimize::{DEFAULT_BUDGET, minimize};
use serde_json::Value;
use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Why an artifact could not be imported.
#[derive(Debug, thiserror::Error)]
pub enum ArtifactError {
    /// The artifact's directory names no target.
    #[error(transparent)]
    Target(#[from] UnknownTarget),
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
    /// The kind has no seed to build its oracle from.
    #[error(transparent)]
    Generate(#[from] dv_harness_generate::plan::GenerateError),
    /// The kind is not registered.
    #[error("{0}")]
    Case(#[from] dv_harness_engine::case::CaseProblem),
    /// The target's decoder makes no case of the artifact's bytes (what
    /// libFuzzer would have kept out of its corpus).
    #[error("no {kind} case: {target} rejects this input")]
    Rejected {
        /// The target.
        target: String,
        /// Its kind.
        kind: &'static str,
    },
}

/// What an artifact turned out to be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Replay {
    /// No case of the target's kind (an input libFuzzer should have rejected).
    Rejected,
    /// Every case is equal now (fixed, or an exempted divergence).
    Clean,
    /// A mismatch or panic with this signature.
    Found {
        /// The finding's signature.
        signature: String,
    },
}

/// Runs an artifact's bytes through a target's oracle: the finding, if any.
///
/// ```
/// use dv_harness_oracles::fuzz::{artifact::replay, oracle::{Mode, Oracle}};
/// let registry = dv_harness_kinds::registry().unwrap();
/// let pair = registry.find("StorageClass", None).unwrap();
/// let oracle = Oracle::new(pair, Default::default(), &Default::default()).unwrap();
/// assert!(replay(&oracle, Mode::Json, b"oops").is_err());
/// assert!(replay(&oracle, Mode::Json, br#"{"provisioner":"a"}"#).unwrap().is_none());
/// ```
pub fn replay(oracle: &Oracle<'_>, mode: Mode, data: &[u8]) -> Result<Option<Finding>, Replay> {
    let cases = oracle.cases(mode, data).ok_or(Replay::Rejected)?;
    for case in &cases {
        match oracle.check(case) {
            Ok(Some(f)) => return Ok(Some(f)),
            Ok(None) => {}
            Err(_) => return Err(Replay::Rejected),
        }
    }
    Ok(None)
}

/// The case files an artifact stands for (the first finding's case, else
/// every case it runs), in file form.
///
/// ```
/// use dv_harness_oracles::fuzz::{artifact::case_files, oracle::{Mode, Oracle}};
/// let registry = dv_harness_kinds::registry().unwrap();
/// let pair = registry.find("StorageClass", None).unwrap();
/// let oracle = Oracle::new(pair, Default::default(), &Default::default()).unwrap();
/// let files = case_files(&oracle, Mode::Json, br#"{"provisioner":"a"}"#).unwrap();
/// assert_eq!(files.len(), 2);
/// assert_eq!(files[0]["kind"], "StorageClass");
/// ```
pub fn case_files(oracle: &Oracle<'_>, mode: Mode, data: &[u8]) -> Option<Vec<Value>> {
    if let Ok(Some(f)) = replay(oracle, mode, data) {
        return Some(vec![f.case_file()]);
    }
    let pair = oracle.pair();
    let cases = oracle.cases(mode, data)?;
    Some(
        cases
            .iter()
            .map(|c| c.to_file_json(pair.api_version(), pair.kind()))
            .collect(),
    )
}

/// The case files of an artifact of `target` holding `data`: the bytes
/// decoded exactly as the target decodes them (structured targets:
/// `arbitrary` bytes realised by the kind's generator seeded from
/// `corpus`; JSON targets: the object's JSON, as a create and an unchanged
/// update), in file form (DESIGN.md section 4). A finding gives one case
/// file, with notes naming the verdict; a clean input gives every case it
/// runs.
///
/// ```
/// use dv_harness_oracles::fuzz::artifact::{ArtifactError, artifact_case_files};
/// let registry = dv_harness_kinds::registry().unwrap();
/// let corpus = dv_harness_generate::corpus::Corpus::default();
/// let settings = Default::default();
/// let files = artifact_case_files(&registry, &settings, &corpus, "storage_class_json",
///     br#"{"provisioner":"a"}"#).unwrap();
/// assert_eq!(files.len(), 2);
/// assert_eq!(files[1]["operation"], "update");
/// assert!(matches!(artifact_case_files(&registry, &settings, &corpus, "storage_class_json", b"["),
///     Err(ArtifactError::Rejected { .. })));
/// assert!(matches!(artifact_case_files(&registry, &settings, &corpus, "nope_json", b"{}"),
///     Err(ArtifactError::Target(_))));
/// ```
pub fn artifact_case_files(
    registry: &Registry,
    settings: &dv_harness_engine::engine::EngineSettings,
    corpus: &Corpus,
    target: &str,
    data: &[u8],
) -> Result<Vec<Value>, ArtifactError> {
    let (kind, mode) = parse_target(target)?;
    let pair = registry.find(kind, None)?;
    let oracle = Oracle::new(pair, settings.clone(), corpus)?;
    case_files(&oracle, mode, data).ok_or_else(|| ArtifactError::Rejected {
        target: target.to_string(),
        kind,
    })
}

/// One artifact's import.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Imported {
    /// The artifact.
    pub artifact: PathBuf,
    /// Its target.
    pub target: String,
    /// What it was.
    pub replay: Replay,
    /// The regression file written (`None`: clean, rejected or already there).
    pub written: Option<PathBuf>,
    /// The regression file that already existed for the signature.
    pub existing: Option<PathBuf>,
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> ArtifactError + '_ {
    move |source| ArtifactError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// The artifact files under `dir`: `dir/<target>/<file>`, sorted.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// std::fs::create_dir_all(dir.path().join("storage_class_json")).unwrap();
/// std::fs::write(dir.path().join("storage_class_json/crash-1"), "{}").unwrap();
/// let found = dv_harness_oracles::fuzz::artifact::artifact_files(dir.path()).unwrap();
/// assert_eq!(found[0].0, "storage_class_json");
/// ```
pub fn artifact_files(dir: &Path) -> Result<Vec<(String, PathBuf)>, ArtifactError> {
    let mut out = Vec::new();
    if !dir.is_dir() {
        return Ok(out);
    }
    for target in std::fs::read_dir(dir).map_err(io(dir))? {
        let target = target.map_err(io(dir))?.path();
        if !target.is_dir() {
            continue;
        }
        let name = target
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        for file in std::fs::read_dir(&target).map_err(io(&target))? {
            let file = file.map_err(io(&target))?.path();
            let hidden = file
                .file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with('.'));
            if file.is_file() && !hidden {
                out.push((name.clone(), file));
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Turns every artifact under `artifacts` into a minimised regression case
/// under `corpus_dir` (named by signature; never overwriting).
///
/// ```
/// use dv_harness_oracles::fuzz::artifact::import_artifacts;
/// let dir = tempfile::tempdir().unwrap();
/// let art = dir.path().join("artifacts/storage_class_json");
/// std::fs::create_dir_all(&art).unwrap();
/// std::fs::write(art.join("crash-0"), r#"{"provisioner":"a"}"#).unwrap();
/// let registry = dv_harness_kinds::registry().unwrap();
/// let done = import_artifacts(&registry, &Default::default(), &Default::default(),
///     &dir.path().join("artifacts"), &dir.path().join("corpus")).unwrap();
/// assert_eq!(done[0].replay, dv_harness_oracles::fuzz::artifact::Replay::Clean);
/// assert!(done[0].written.is_none());
/// ```
pub fn import_artifacts(
    registry: &Registry,
    settings: &dv_harness_engine::engine::EngineSettings,
    corpus: &Corpus,
    artifacts: &Path,
    corpus_dir: &Path,
) -> Result<Vec<Imported>, ArtifactError> {
    let mut oracles: BTreeMap<&'static str, Oracle<'_>> = BTreeMap::new();
    let mut out = Vec::new();
    for (target, file) in artifact_files(artifacts)? {
        let (kind, mode) = parse_target(&target)?;
        if !oracles.contains_key(kind) {
            let pair = registry.find(kind, None)?;
            oracles.insert(kind, Oracle::new(pair, settings.clone(), corpus)?);
        }
        let Some(oracle) = oracles.get(kind) else {
            continue;
        };
        let data = std::fs::read(&file).map_err(io(&file))?;
        let mut imported = Imported {
            artifact: file.clone(),
            target: target.clone(),
            replay: Replay::Clean,
            written: None,
            existing: None,
        };
        let finding = match replay(oracle, mode, &data) {
            Err(r) => {
                imported.replay = r;
                out.push(imported);
                continue;
            }
            Ok(None) => {
                out.push(imported);
                continue;
            }
            Ok(Some(f)) => f,
        };
        let pair = oracle.pair();
        let (signature, mut doc, case_text) =
            match minimize(pair, settings, &finding.case, DEFAULT_BUDGET) {
                Some(m) => (m.signature, m.checked.case_json, m.checked.case_text),
                None => (
                    finding.signature(),
                    finding.case_json.clone(),
                    finding.case_text.clone(),
                ),
            };
        let notes = format!(
            "dv-harness regression {signature} (verdict {}), minimised from fuzz artifact {}",
            finding.verdict().as_str(),
            file.display()
        );
        if let Value::Object(m) = &mut doc {
            m.insert("notes".into(), Value::from(notes.as_str()));
        }
        imported.replay = Replay::Found {
            signature: signature.clone(),
        };
        let dir = corpus_dir
            .join(kind_dir(pair.api_version(), pair.kind()))
            .join("regressions");
        std::fs::create_dir_all(&dir).map_err(io(&dir))?;
        let path = dir.join(format!("{signature}.json"));
        // The case's own text keeps a raw member's bytes
        // (`Checked::case_text`); the value is the fallback.
        let text = dv_harness_engine::case::with_notes(&case_text, &notes).unwrap_or_else(|| {
            serde_json::to_string_pretty(&doc).unwrap_or_else(|_| doc.to_string())
        });
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(mut f) => {
                f.write_all(text.as_bytes()).map_err(io(&path))?;
                f.write_all(b"\n").map_err(io(&path))?;
                imported.written = Some(path);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                imported.existing = Some(path);
            }
            Err(e) => return Err(io(&path)(e)),
        }
        out.push(imported);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rejected_and_unknown_targets() {
        let dir = tempfile::tempdir().unwrap();
        let art = dir.path().join("a/storage_class_json");
        std::fs::create_dir_all(&art).unwrap();
        std::fs::write(art.join("crash-1"), b"[").unwrap();
        let registry = dv_harness_kinds::registry().unwrap();
        let done = import_artifacts(
            &registry,
            &Default::default(),
            &Corpus::default(),
            &dir.path().join("a"),
            &dir.path().join("c"),
        )
        .unwrap();
        assert_eq!(done[0].replay, Replay::Rejected);
        std::fs::create_dir_all(dir.path().join("a/nope")).unwrap();
        std::fs::write(dir.path().join("a/nope/crash-2"), b"{}").unwrap();
        assert!(matches!(
            import_artifacts(
                &registry,
                &Default::default(),
                &Corpus::default(),
                &dir.path().join("a"),
                &dir.path().join("c"),
            ),
            Err(ArtifactError::Target(_))
        ));
    }
}
