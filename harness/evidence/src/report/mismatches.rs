//! The mismatch log (`reports/mismatches.jsonl`, one JSON object per line,
//! written by [`dv_harness_engine::record::Recorder`]) read back for reports: both error
//! lists, the unpaired errors, a line diff of the two lists and the
//! reproducer path.

use serde::Serialize;
use serde_json::Value;
use std::path::Path;

/// One error, as a report shows it.
///
/// ```
/// use dv_harness_evidence::report::mismatches::ShownError;
/// let e = ShownError::from_json(&serde_json::json!({"type": "FieldValueInvalid",
///     "field": "spec.replicas", "origin": "minimum", "detail": "must be greater than or equal to 0"}));
/// assert_eq!(e.line(), "FieldValueInvalid spec.replicas (minimum): must be greater than or equal to 0");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ShownError {
    /// Error type.
    #[serde(rename = "type")]
    pub error_type: String,
    /// Field path.
    pub field: String,
    /// Origin.
    pub origin: String,
    /// Detail.
    pub detail: String,
}

fn text(v: &Value, key: &str) -> String {
    v.get(key).and_then(Value::as_str).unwrap_or("").to_string()
}

impl ShownError {
    /// Reads an error of the outcome JSON shape (missing keys read as empty).
    pub fn from_json(v: &Value) -> ShownError {
        ShownError {
            error_type: text(v, "type"),
            field: text(v, "field"),
            origin: text(v, "origin"),
            detail: text(v, "detail"),
        }
    }

    /// `Type field (origin): detail`.
    pub fn line(&self) -> String {
        let origin = if self.origin.is_empty() {
            String::new()
        } else {
            format!(" ({})", self.origin)
        };
        format!(
            "{} {}{origin}: {}",
            self.error_type, self.field, self.detail
        )
    }
}

/// One logged mismatch.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct MismatchEntry {
    /// The signature.
    pub signature: String,
    /// The kind.
    pub kind: String,
    /// Its apiVersion.
    pub api_version: String,
    /// The verdict (`declarativeStricter`, ...).
    pub verdict: String,
    /// The operation of the case.
    pub operation: String,
    /// The subresource of the case.
    pub subresource: String,
    /// All hand-written errors.
    pub handwritten: Vec<ShownError>,
    /// All declarative errors.
    pub declarative: Vec<ShownError>,
    /// The hand-written panic, if any.
    pub handwritten_panic: Option<String>,
    /// The declarative panic, if any.
    pub declarative_panic: Option<String>,
    /// Covered hand-written errors without a declarative counterpart.
    pub only_handwritten: Vec<ShownError>,
    /// Declarative errors without a hand-written counterpart.
    pub only_declarative: Vec<ShownError>,
    /// A unified diff of the two lists (hand-written `-`, declarative `+`).
    pub diff: String,
    /// The reproducer case file, if one was written.
    pub reproducer: Option<String>,
}

fn errors(v: Option<&Value>) -> Vec<ShownError> {
    v.and_then(Value::as_array)
        .map(|a| a.iter().map(ShownError::from_json).collect())
        .unwrap_or_default()
}

/// A unified diff of two error lists, each rendered one line per error
/// (type, field, origin; sorted).
///
/// ```
/// use dv_harness_evidence::report::mismatches::{error_diff, ShownError};
/// let e = |f: &str| ShownError { error_type: "FieldValueInvalid".into(), field: f.into(), origin: "minimum".into(), detail: String::new() };
/// let d = error_diff(&[e("a")], &[e("a"), e("b")]);
/// assert!(d.contains("+FieldValueInvalid b (minimum)"));
/// assert!(d.contains(" FieldValueInvalid a (minimum)"));
/// ```
pub fn error_diff(handwritten: &[ShownError], declarative: &[ShownError]) -> String {
    let key = |e: &ShownError| {
        let origin = if e.origin.is_empty() {
            String::new()
        } else {
            format!(" ({})", e.origin)
        };
        format!("{} {}{origin}\n", e.error_type, e.field)
    };
    let mut a: Vec<String> = handwritten.iter().map(key).collect();
    let mut b: Vec<String> = declarative.iter().map(key).collect();
    a.sort();
    b.sort();
    let (a, b) = (a.concat(), b.concat());
    similar::TextDiff::from_lines(&a, &b)
        .unified_diff()
        .context_radius(100)
        .header("handwritten", "declarative")
        .to_string()
}

impl MismatchEntry {
    /// `Kind operation` or `Kind operation /subresource`.
    ///
    /// ```
    /// let line = serde_json::json!({"signature": "s", "kind": "Pod",
    ///     "case": {"operation": "update", "subresource": "/status"}});
    /// let m = dv_harness_evidence::report::MismatchEntry::from_json(&line).unwrap();
    /// assert_eq!(m.title(), "Pod update /status");
    /// ```
    pub fn title(&self) -> String {
        [
            self.kind.as_str(),
            self.operation.as_str(),
            self.subresource.as_str(),
        ]
        .iter()
        .filter(|s| !s.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join(" ")
    }

    /// Reads one line of the mismatch log.
    ///
    /// ```
    /// use dv_harness_evidence::report::MismatchEntry;
    /// let line = serde_json::json!({"signature": "ab", "kind": "T", "apiVersion": "v1",
    ///     "verdict": "declarativeStricter", "case": {"operation": "create"},
    ///     "handwritten": {"errors": []},
    ///     "declarative": {"errors": [{"type": "FieldValueInvalid", "field": "n", "origin": "minimum"}]},
    ///     "diff": {"onlyHandwritten": [], "onlyDeclarative": [{"type": "FieldValueInvalid", "field": "n", "origin": "minimum"}]},
    ///     "reproducer": "corpus/x.json"});
    /// let m = MismatchEntry::from_json(&line).unwrap();
    /// assert_eq!(m.only_declarative.len(), 1);
    /// assert!(m.diff.contains("+FieldValueInvalid n (minimum)"));
    /// ```
    pub fn from_json(v: &Value) -> Option<MismatchEntry> {
        let signature = v.get("signature")?.as_str()?.to_string();
        let side = |name: &str| v.get(name);
        let handwritten = errors(side("handwritten").and_then(|s| s.get("errors")));
        let declarative = errors(side("declarative").and_then(|s| s.get("errors")));
        let panic = |name: &str| {
            side(name)
                .and_then(|s| s.get("panic"))
                .and_then(Value::as_str)
                .map(str::to_string)
        };
        let case = v.get("case");
        let case_text = |key: &str| {
            case.and_then(|c| c.get(key))
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string()
        };
        Some(MismatchEntry {
            signature,
            kind: text(v, "kind"),
            api_version: text(v, "apiVersion"),
            verdict: text(v, "verdict"),
            operation: case_text("operation"),
            subresource: case_text("subresource"),
            diff: error_diff(&handwritten, &declarative),
            handwritten,
            declarative,
            handwritten_panic: panic("handwritten"),
            declarative_panic: panic("declarative"),
            only_handwritten: errors(v.get("diff").and_then(|d| d.get("onlyHandwritten"))),
            only_declarative: errors(v.get("diff").and_then(|d| d.get("onlyDeclarative"))),
            reproducer: v
                .get("reproducer")
                .and_then(Value::as_str)
                .map(str::to_string),
        })
    }
}

/// Reads `<dir>/mismatches.jsonl`: the entries, and the numbers of the
/// lines that could not be read (a line cut short by a crash, say). A
/// missing log is no mismatches.
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// std::fs::write(dir.path().join("mismatches.jsonl"), "{\"signature\": \"a\", \"kind\": \"T\"}\n{\"sig").unwrap();
/// let (entries, bad) = dv_harness_evidence::report::read_mismatch_log(dir.path()).unwrap();
/// assert_eq!((entries.len(), bad), (1, vec![2]));
/// ```
pub fn read_mismatch_log(dir: &Path) -> Result<(Vec<MismatchEntry>, Vec<usize>), std::io::Error> {
    let path = dir.join("mismatches.jsonl");
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok((Vec::new(), Vec::new())),
        Err(e) => return Err(e),
    };
    let mut entries = Vec::new();
    let mut bad = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Value>(line)
            .ok()
            .as_ref()
            .and_then(MismatchEntry::from_json)
        {
            Some(m) => entries.push(m),
            None => bad.push(i + 1),
        }
    }
    Ok((entries, bad))
}
