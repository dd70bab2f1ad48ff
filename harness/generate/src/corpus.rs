//! The corpus source: every case file under a corpus directory, grouped by
//! the (apiVersion, kind) its header names, whatever directory it sits in.

use dv_harness_engine::case::{CaseError, CaseHeader, collect_case_files, read_case_text};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One case file of the corpus.
///
/// ```
/// use dv_harness_generate::corpus::CorpusFile;
/// let f = CorpusFile { path: "a.json".into(), text: "{}".into() };
/// assert_eq!(f.path.to_str(), Some("a.json"));
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CorpusFile {
    /// Where it is.
    pub path: PathBuf,
    /// Its text.
    pub text: String,
}

/// The corpus, by (apiVersion, kind), each kind's files sorted by path; and
/// the files that could not be read or name no kind.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// std::fs::create_dir_all(dir.path().join("x")).unwrap();
/// std::fs::write(dir.path().join("x/a.json"), r#"{"kind":"K","apiVersion":"v1","spec":{}}"#).unwrap();
/// std::fs::write(dir.path().join("x/b.json"), "nope").unwrap();
/// let corpus = dv_harness_generate::corpus::Corpus::load(dir.path());
/// assert_eq!(corpus.files("v1", "K").len(), 1);
/// assert_eq!(corpus.errors.len(), 1);
/// ```
#[derive(Debug, Clone, Default)]
pub struct Corpus {
    /// Files by (apiVersion, kind).
    pub by_kind: BTreeMap<(String, String), Vec<CorpusFile>>,
    /// Unreadable or headerless files.
    pub errors: Vec<CaseError>,
}

impl Corpus {
    /// Loads every `*.json` under `dir` (a missing directory is an empty corpus).
    ///
    /// ```
    /// let c = dv_harness_generate::corpus::Corpus::load(std::path::Path::new("/nonexistent-corpus"));
    /// assert!(c.by_kind.is_empty() && c.errors.is_empty());
    /// ```
    pub fn load(dir: &Path) -> Corpus {
        let mut corpus = Corpus::default();
        if !dir.is_dir() {
            return corpus;
        }
        let (files, errors) = collect_case_files(&[dir.to_path_buf()]);
        // An empty corpus directory is not an error here.
        corpus.errors.extend(
            errors
                .into_iter()
                .filter(|e| e.problem != dv_harness_engine::case::CaseProblem::NoCases),
        );
        for path in files {
            let text = match read_case_text(&path) {
                Ok(t) => t,
                Err(e) => {
                    corpus.errors.push(e);
                    continue;
                }
            };
            match CaseHeader::peek(&text) {
                Ok(h) => corpus
                    .by_kind
                    .entry((h.api_version, h.kind))
                    .or_default()
                    .push(CorpusFile { path, text }),
                Err(p) => corpus
                    .errors
                    .push(CaseError::new(path.display().to_string(), p)),
            }
        }
        for files in corpus.by_kind.values_mut() {
            files.sort_by(|a, b| a.path.cmp(&b.path));
        }
        corpus
    }

    /// The files of one kind.
    ///
    /// ```
    /// assert!(dv_harness_generate::corpus::Corpus::default().files("v1", "K").is_empty());
    /// ```
    pub fn files(&self, api_version: &str, kind: &str) -> &[CorpusFile] {
        self.by_kind
            .get(&(api_version.to_string(), kind.to_string()))
            .map_or(&[], Vec::as_slice)
    }
}
