//! Filtering and canonicalising error lists before they are compared, as
//! Kubernetes' `gatherDeclarativeValidationMismatches` does: only covered
//! hand-written errors take part, hand-written duplicates are collapsed,
//! declarative paths are normalised; plus the reviewed equivalence file
//! (`equivalence.toml`: extra normalisation rules and accepted exceptions,
//! each with a mandatory reason).

use crate::lifecycle::{Dedupe, Lifecycle};
use apimachinery::field::{Error, ErrorList, ErrorMatcher, ErrorType, NormalizationRule};
use apimachinery::operation::Operation;
use serde::Deserialize;
use std::path::Path;

/// The comparison matcher of 1.35+: type, origin (required on both sides for
/// `FieldValueInvalid`) and the field after normalising the declarative path.
///
/// ```
/// use apimachinery::field::{Error, Path};
/// let m = dv_harness::normalize::fuzzy_matcher(&[]);
/// let p = Path::new("x");
/// assert!(!m.matches(&Error::invalid(&p, 1, ""), &Error::invalid(&p, 1, "")));
/// assert!(m.matches(&Error::required(&p, "a"), &Error::required(&p, "b")));
/// ```
pub fn fuzzy_matcher(rules: &[NormalizationRule]) -> ErrorMatcher {
    ErrorMatcher::default()
        .by_type()
        .by_origin()
        .require_origin_when_invalid()
        .by_field_normalized(rules.to_vec())
}

/// The hand-written errors that take part: those marked covered by declarative.
///
/// ```
/// use apimachinery::field::{Error, ErrorList, Path};
/// let p = Path::new("x");
/// let hv = ErrorList(vec![Error::required(&p, ""), Error::required(&p, "").mark_covered_by_declarative()]);
/// assert_eq!(dv_harness::normalize::covered(&hv).len(), 1);
/// ```
pub fn covered(handwritten: &ErrorList) -> ErrorList {
    handwritten.extract_covered_by_declarative()
}

/// Hand-written errors with duplicates collapsed, keeping the first of each:
/// exact duplicates in 1.35, duplicates under `fuzzy` from 1.36.
///
/// ```
/// use apimachinery::field::{Error, ErrorList, Path};
/// use dv_harness::lifecycle::*;
/// let p = Path::new("x");
/// let hv = ErrorList(vec![Error::required(&p, "a"), Error::required(&p, "b")]);
/// let fuzzy = dv_harness::normalize::fuzzy_matcher(&[]);
/// let lc36 = Lifecycle::new(Semantics::V1_36, Gates::defaults(Semantics::V1_36), false);
/// assert_eq!(dv_harness::normalize::dedupe(&hv, &lc36, &fuzzy).len(), 1);
/// let lc35 = Lifecycle::new(Semantics::V1_35, Gates::defaults(Semantics::V1_35), false);
/// assert_eq!(dv_harness::normalize::dedupe(&hv, &lc35, &fuzzy).len(), 2);
/// ```
pub fn dedupe(handwritten: &ErrorList, lifecycle: &Lifecycle, fuzzy: &ErrorMatcher) -> ErrorList {
    let exact = ErrorMatcher::default().exactly();
    let matcher = match lifecycle.dedupe() {
        Dedupe::Exact => &exact,
        Dedupe::Fuzzy => fuzzy,
    };
    let mut kept = ErrorList::new();
    for e in handwritten.iter() {
        if !kept.iter().any(|k| matcher.matches(k, e)) {
            kept.push(e.clone());
        }
    }
    kept
}

/// Which side a mismatch is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Side {
    /// A covered hand-written error with no declarative counterpart.
    Handwritten,
    /// A declarative error with no hand-written counterpart.
    Declarative,
}

/// A normalisation rule from `equivalence.toml`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RuleEntry {
    #[serde(default)]
    kinds: Vec<String>,
    pattern: String,
    replacement: String,
    reason: String,
}

/// A reviewed mismatch accepted as equivalent, from `equivalence.toml`.
///
/// ```
/// use dv_harness::normalize::{Exception, Scope, Side};
/// use apimachinery::field::{Error, ErrorType, Path};
/// use apimachinery::operation::Operation;
/// let x = Exception { kind: None, side: Side::Declarative, error_type: ErrorType::Required,
///     field: "spec.x".into(), origin: None, operation: None, subresource: None,
///     reason: "reviewed".into() };
/// let spec = Path::new("spec");
/// let scope = Scope { kind: "K", operation: Operation::Create, subresource: "" };
/// assert!(x.covers(&scope, Side::Declarative, &Error::required(&spec.child("x"), "")));
/// assert!(!x.covers(&scope, Side::Handwritten, &Error::required(&spec.child("x"), "")));
/// ```
#[derive(Debug, Clone, PartialEq, Deserialize, serde::Serialize)]
#[serde(deny_unknown_fields)]
pub struct Exception {
    /// The kind it applies to (all kinds when absent).
    #[serde(default)]
    pub kind: Option<String>,
    /// The side the unpaired error is on.
    pub side: Side,
    /// The error type.
    #[serde(rename = "type")]
    pub error_type: ErrorType,
    /// The field path, exactly.
    pub field: String,
    /// The origin, when it must match too.
    #[serde(default)]
    pub origin: Option<String>,
    /// The operation (`create` / `update`) it is limited to, if any.
    #[serde(default)]
    pub operation: Option<Operation>,
    /// The subresource (`""` for the root, `/status`, ...) it is limited to, if any.
    #[serde(default)]
    pub subresource: Option<String>,
    /// Why this difference is acceptable (mandatory, non-empty).
    pub reason: String,
}

/// The request a mismatch was seen in, to scope [`Exception`]s.
///
/// ```
/// use apimachinery::operation::Operation;
/// let s = dv_harness::normalize::Scope { kind: "A", operation: Operation::Update, subresource: "/status" };
/// assert_eq!(s.subresource, "/status");
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Scope<'a> {
    /// The kind.
    pub kind: &'a str,
    /// Create or update.
    pub operation: Operation,
    /// The subresource, `""` for the root.
    pub subresource: &'a str,
}

impl Exception {
    /// Whether this exception accepts an unpaired error on `side` in the
    /// request `scope`.
    ///
    /// ```
    /// use dv_harness::normalize::{Exception, Scope, Side};
    /// use apimachinery::field::{Error, ErrorType, Path};
    /// use apimachinery::operation::Operation;
    /// let x = Exception { kind: Some("A".into()), side: Side::Handwritten, error_type: ErrorType::Invalid,
    ///     field: "x".into(), origin: Some("minimum".into()), operation: Some(Operation::Update),
    ///     subresource: None, reason: "reviewed".into() };
    /// let e = Error::invalid(&Path::new("x"), -1, "").with_origin("minimum");
    /// let update = Scope { kind: "A", operation: Operation::Update, subresource: "" };
    /// assert!(x.covers(&update, Side::Handwritten, &e));
    /// assert!(!x.covers(&Scope { kind: "B", ..update }, Side::Handwritten, &e));
    /// assert!(!x.covers(&Scope { operation: Operation::Create, ..update }, Side::Handwritten, &e));
    /// assert!(!x.covers(&update, Side::Handwritten, &e.clone().with_origin("maximum")));
    /// ```
    pub fn covers(&self, scope: &Scope<'_>, side: Side, e: &Error) -> bool {
        self.side == side
            && self.kind.as_deref().is_none_or(|k| k == scope.kind)
            && self.operation.is_none_or(|o| o == scope.operation)
            && self.subresource.as_deref().is_none_or(|s| {
                s.trim_start_matches('/') == scope.subresource.trim_start_matches('/')
            })
            && self.error_type == e.error_type
            && self.field == e.field
            && self.origin.as_ref().is_none_or(|o| *o == e.origin)
    }
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct EquivalenceFile {
    #[serde(default)]
    normalization: Vec<RuleEntry>,
    #[serde(default)]
    exception: Vec<Exception>,
}

/// Why `equivalence.toml` could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum EquivalenceError {
    /// The file could not be read.
    #[error("{file}: cannot read: {source}")]
    Read {
        /// The file.
        file: String,
        /// The I/O error.
        source: std::io::Error,
    },
    /// Not valid TOML or not the expected shape (message carries line/column).
    #[error("{file}: {message}")]
    Parse {
        /// The file.
        file: String,
        /// The parser's message.
        message: String,
    },
    /// An entry without a reason.
    #[error("{file}: {what} #{index} has an empty reason (every rule and exception needs one)")]
    MissingReason {
        /// The file.
        file: String,
        /// `normalization` or `exception`.
        what: &'static str,
        /// 1-based index among entries of that table.
        index: usize,
    },
    /// A normalisation pattern that does not compile.
    #[error("{file}: normalization #{index}: invalid pattern: {source}")]
    Pattern {
        /// The file.
        file: String,
        /// 1-based index.
        index: usize,
        /// The regex error.
        source: regex::Error,
    },
}

/// The reviewed equivalence settings: extra normalisation rules (per kind or
/// global) and accepted exceptions.
///
/// ```toml
/// [[normalization]]
/// kinds = ["ResourceClaim"]          # optional; all kinds when absent
/// pattern = '^spec\.devices\.requests\[(\d+)\]\.allocationMode$'
/// replacement = 'spec.devices.requests[$1].exactly.allocationMode'
/// reason = "field moved under exactly in v1"
///
/// [[exception]]
/// kind = "ReplicationController"     # optional
/// side = "declarative"               # or "handwritten"
/// type = "FieldValueInvalid"
/// field = "metadata.name"
/// origin = "format=k8s-long-name"    # optional
/// reason = "reviewed in #123: HV reports this at metadata only on create"
/// ```
///
/// ```
/// let eq = dv_harness::normalize::Equivalence::parse("x.toml", r#"
/// [[exception]]
/// side = "handwritten"
/// type = "FieldValueRequired"
/// field = "spec.x"
/// reason = "known"
/// "#).unwrap();
/// assert_eq!(eq.exceptions().len(), 1);
/// assert!(dv_harness::normalize::Equivalence::parse("x.toml", r#"
/// [[exception]]
/// side = "handwritten"
/// type = "FieldValueRequired"
/// field = "spec.x"
/// "#).is_err());
/// ```
#[derive(Debug, Clone, Default)]
pub struct Equivalence {
    rules: Vec<(Vec<String>, NormalizationRule)>,
    exceptions: Vec<Exception>,
}

impl Equivalence {
    /// Parses the text of an equivalence file (`file` names it in errors).
    ///
    /// ```
    /// assert!(dv_harness::normalize::Equivalence::parse("e.toml", "").unwrap().exceptions().is_empty());
    /// ```
    pub fn parse(file: &str, text: &str) -> Result<Equivalence, EquivalenceError> {
        let parsed: EquivalenceFile =
            toml::from_str(text).map_err(|e| EquivalenceError::Parse {
                file: file.to_string(),
                message: e.to_string().trim_end().to_string(),
            })?;
        let mut rules = Vec::new();
        for (i, entry) in parsed.normalization.into_iter().enumerate() {
            if entry.reason.trim().is_empty() {
                return Err(EquivalenceError::MissingReason {
                    file: file.to_string(),
                    what: "normalization",
                    index: i + 1,
                });
            }
            let rule =
                NormalizationRule::new(&entry.pattern, entry.replacement).map_err(|source| {
                    EquivalenceError::Pattern {
                        file: file.to_string(),
                        index: i + 1,
                        source,
                    }
                })?;
            rules.push((entry.kinds, rule));
        }
        for (i, x) in parsed.exception.iter().enumerate() {
            if x.reason.trim().is_empty() {
                return Err(EquivalenceError::MissingReason {
                    file: file.to_string(),
                    what: "exception",
                    index: i + 1,
                });
            }
        }
        Ok(Equivalence {
            rules,
            exceptions: parsed.exception,
        })
    }

    /// Loads an equivalence file.
    ///
    /// ```
    /// let err = dv_harness::normalize::Equivalence::load(std::path::Path::new("/nonexistent.toml")).unwrap_err();
    /// assert!(err.to_string().starts_with("/nonexistent.toml: cannot read"));
    /// ```
    pub fn load(path: &Path) -> Result<Equivalence, EquivalenceError> {
        let file = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| EquivalenceError::Read {
            file: file.clone(),
            source,
        })?;
        Equivalence::parse(&file, &text)
    }

    /// The normalisation rules that apply to a kind.
    ///
    /// ```
    /// let eq = dv_harness::normalize::Equivalence::parse("e", r#"
    /// [[normalization]]
    /// kinds = ["A"]
    /// pattern = "x"
    /// replacement = "y"
    /// reason = "r"
    /// "#).unwrap();
    /// assert_eq!(eq.rules_for("A").len(), 1);
    /// assert!(eq.rules_for("B").is_empty());
    /// ```
    pub fn rules_for(&self, kind: &str) -> Vec<NormalizationRule> {
        self.rules
            .iter()
            .filter(|(kinds, _)| kinds.is_empty() || kinds.iter().any(|k| k == kind))
            .map(|(_, r)| r.clone())
            .collect()
    }

    /// The accepted exceptions.
    ///
    /// ```
    /// assert!(dv_harness::normalize::Equivalence::default().exceptions().is_empty());
    /// ```
    pub fn exceptions(&self) -> &[Exception] {
        &self.exceptions
    }

    /// The exception accepting an unpaired error, if any.
    ///
    /// ```
    /// use apimachinery::field::{Error, Path};
    /// use apimachinery::operation::Operation;
    /// use dv_harness::normalize::{Equivalence, Scope, Side};
    /// let scope = Scope { kind: "K", operation: Operation::Create, subresource: "" };
    /// assert!(Equivalence::default().exception_for(&scope, Side::Handwritten, &Error::required(&Path::new("x"), "")).is_none());
    /// ```
    pub fn exception_for(&self, scope: &Scope<'_>, side: Side, e: &Error) -> Option<&Exception> {
        self.exceptions.iter().find(|x| x.covers(scope, side, e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::{Gates, Semantics};
    use apimachinery::field::Path;

    #[test]
    fn exact_dedupe_keeps_different_details() {
        let p = Path::new("x");
        let a = Error::invalid(&p, 1, "a").with_origin("o");
        let hv = ErrorList(vec![
            a.clone(),
            a.clone(),
            Error::invalid(&p, 1, "b").with_origin("o"),
        ]);
        let lc = Lifecycle::new(Semantics::V1_35, Gates::defaults(Semantics::V1_35), false);
        assert_eq!(dedupe(&hv, &lc, &fuzzy_matcher(&[])).len(), 2);
        let lc = Lifecycle::new(Semantics::V1_37, Gates::defaults(Semantics::V1_37), false);
        assert_eq!(dedupe(&hv, &lc, &fuzzy_matcher(&[])).len(), 1);
    }

    #[test]
    fn invalid_without_origin_is_never_a_duplicate_under_fuzzy() {
        let p = Path::new("x");
        let hv = ErrorList(vec![Error::invalid(&p, 1, "a"), Error::invalid(&p, 1, "a")]);
        let lc = Lifecycle::new(Semantics::V1_37, Gates::defaults(Semantics::V1_37), false);
        assert_eq!(dedupe(&hv, &lc, &fuzzy_matcher(&[])).len(), 2);
    }

    #[test]
    fn equivalence_errors() {
        let e = Equivalence::parse(
            "e.toml",
            "[[normalization]]\npattern = \"(\"\nreplacement = \"\"\nreason = \"r\"\n",
        )
        .unwrap_err();
        assert!(matches!(e, EquivalenceError::Pattern { index: 1, .. }));
        let e = Equivalence::parse(
            "e.toml",
            "[[normalization]]\npattern = \"a\"\nreplacement = \"b\"\nreason = \"  \"\n",
        )
        .unwrap_err();
        assert!(
            e.to_string()
                .contains("normalization #1 has an empty reason")
        );
        let e = Equivalence::parse("e.toml", "[[exception]]\nside = \"left\"\n").unwrap_err();
        assert!(e.to_string().starts_with("e.toml: "), "{e}");
        let e = Equivalence::parse("e.toml", "bogus = 1\n").unwrap_err();
        assert!(matches!(e, EquivalenceError::Parse { .. }));
    }
}
