//! Filtering and canonicalising error lists before they are compared, as
//! Kubernetes' `gatherDeclarativeValidationMismatches` does: only covered
//! hand-written errors take part, hand-written duplicates are collapsed,
//! declarative paths are normalised; plus the reviewed equivalence file
//! (`equivalence.toml`: extra normalisation rules and accepted exceptions,
//! each with a mandatory reason).

use crate::field_pattern::FieldPattern;
use crate::lifecycle::{Dedupe, Lifecycle, Semantics};
use apimachinery::field::{Error, ErrorList, ErrorMatcher, ErrorType, NormalizationRule};
use apimachinery::operation::Operation;
use serde::Deserialize;
use std::path::Path;

/// The comparison matcher of 1.35+: type, origin (required on both sides for
/// `FieldValueInvalid`) and the field after normalising the declarative path.
///
/// ```
/// use apimachinery::field::{Error, Path};
/// let m = dv_harness_engine::normalize::fuzzy_matcher(&[]);
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
/// assert_eq!(dv_harness_engine::normalize::covered(&hv).len(), 1);
/// ```
pub fn covered(handwritten: &ErrorList) -> ErrorList {
    handwritten.extract_covered_by_declarative()
}

/// Hand-written errors with duplicates collapsed, keeping the first of each:
/// exact duplicates in 1.35, duplicates under `fuzzy` from 1.36.
///
/// ```
/// use apimachinery::field::{Error, ErrorList, Path};
/// use dv_harness_engine::lifecycle::*;
/// let p = Path::new("x");
/// let hv = ErrorList(vec![Error::required(&p, "a"), Error::required(&p, "b")]);
/// let fuzzy = dv_harness_engine::normalize::fuzzy_matcher(&[]);
/// let lc36 = Lifecycle::new(Semantics::V1_36, Gates::defaults(Semantics::V1_36), false);
/// assert_eq!(dv_harness_engine::normalize::dedupe(&hv, &lc36, &fuzzy).len(), 1);
/// let lc35 = Lifecycle::new(Semantics::V1_35, Gates::defaults(Semantics::V1_35), false);
/// assert_eq!(dv_harness_engine::normalize::dedupe(&hv, &lc35, &fuzzy).len(), 2);
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

/// An exception as written in `equivalence.toml`, before its patterns are checked.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct ExceptionEntry {
    #[serde(default)]
    kind: Option<String>,
    side: Side,
    #[serde(rename = "type")]
    error_type: ErrorType,
    field: String,
    #[serde(default)]
    subtree: bool,
    #[serde(default)]
    origin: Option<String>,
    #[serde(default)]
    operation: Option<Operation>,
    #[serde(default)]
    subresource: Option<String>,
    #[serde(default)]
    when: Option<ConditionEntry>,
    #[serde(default)]
    releases: Option<Vec<String>>,
    reason: String,
}

/// A `when` condition as written in `equivalence.toml`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct ConditionEntry {
    side: Side,
    #[serde(rename = "type")]
    error_type: ErrorType,
    field: String,
    #[serde(default)]
    origin: Option<String>,
    #[serde(default)]
    detail: Option<String>,
}

/// A reviewed mismatch accepted as equivalent, from `equivalence.toml`.
///
/// `field` is a [`FieldPattern`]: an exact path, or one whose `[*]` matches
/// any list index; with `subtree` it also matches descendants. A `subtree`
/// exception always has a [`Condition`] (`when`): an error the *other*
/// validator must have reported in the same case, its `[*]` held to the
/// indices the exempted error has, so the exemption only applies where the
/// named mechanism is at work.
///
/// ```
/// use dv_harness_engine::field_pattern::FieldPattern;
/// use dv_harness_engine::normalize::{Exception, Scope, Side};
/// use apimachinery::field::{Error, ErrorType, Path};
/// use apimachinery::operation::Operation;
/// let x = Exception { kind: None, side: Side::Declarative, error_type: ErrorType::Required,
///     field: FieldPattern::parse("spec.x").unwrap(), subtree: false, origin: None, operation: None,
///     subresource: None, when: None, releases: None, reason: "reviewed".into() };
/// let spec = Path::new("spec");
/// let scope = Scope::request("K", Operation::Create, "");
/// assert!(x.covers(&scope, Side::Declarative, &Error::required(&spec.child("x"), "")));
/// assert!(!x.covers(&scope, Side::Handwritten, &Error::required(&spec.child("x"), "")));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Exception {
    /// The kind it applies to (all kinds when absent).
    pub kind: Option<String>,
    /// The side the unpaired error is on.
    pub side: Side,
    /// The error type.
    pub error_type: ErrorType,
    /// The field path: exact, or with `[*]` for any list index.
    pub field: FieldPattern,
    /// Whether descendants of `field` are covered too (only with `when`).
    pub subtree: bool,
    /// The origin, when it must match too.
    pub origin: Option<String>,
    /// The operation (`create` / `update`) it is limited to, if any.
    pub operation: Option<Operation>,
    /// The subresource (`""` for the root, `/status`, ...) it is limited to, if any.
    pub subresource: Option<String>,
    /// An error the other side must have reported in the same case, if any.
    pub when: Option<Condition>,
    /// The releases (`--semantics`) it applies to; every release when absent.
    pub releases: Option<Vec<Semantics>>,
    /// Why this difference is acceptable (mandatory, non-empty).
    pub reason: String,
}

/// The `when` of an [`Exception`]: an error the other validator reported in
/// the same case. The n-th `[*]` of its `field` must be the index the
/// exempted error has at the n-th `[*]` of the exception's `field`.
///
/// ```
/// use dv_harness_engine::field_pattern::FieldPattern;
/// use dv_harness_engine::normalize::{Condition, Scope, Side};
/// use apimachinery::field::{Error, ErrorType, Path};
/// use apimachinery::operation::Operation;
/// let c = Condition { side: Side::Handwritten, error_type: ErrorType::Invalid,
///     field: FieldPattern::parse("r[*]").unwrap(), origin: None, detail: None };
/// let hv = vec![Error::invalid(&Path::new("r").index(1), 0, "")];
/// let scope = Scope { handwritten: &hv, ..Scope::request("K", Operation::Create, "") };
/// assert!(c.holds(&scope, &["1"]));
/// assert!(!c.holds(&scope, &["0"]));
/// ```
#[derive(Debug, Clone, PartialEq)]
pub struct Condition {
    /// The side that reported the witness error.
    pub side: Side,
    /// Its type.
    pub error_type: ErrorType,
    /// Its field; `[*]` bound to the exempted error's indices.
    pub field: FieldPattern,
    /// Its origin, when it must match (`""`: no origin).
    pub origin: Option<String>,
    /// Its detail, when it must match exactly.
    pub detail: Option<String>,
}

impl Condition {
    /// Whether the case's errors on the condition's side hold a witness, the
    /// first wildcards of the condition's field held to `bound`.
    ///
    /// ```
    /// use dv_harness_engine::field_pattern::FieldPattern;
    /// use dv_harness_engine::normalize::{Condition, Scope, Side};
    /// use apimachinery::field::{Error, ErrorType, Path};
    /// use apimachinery::operation::Operation;
    /// let c = Condition { side: Side::Declarative, error_type: ErrorType::Invalid,
    ///     field: FieldPattern::parse("spec").unwrap(), origin: Some("immutable".into()), detail: None };
    /// let dv = vec![Error::invalid(&Path::new("spec"), 0, "").with_origin("immutable")];
    /// let scope = Scope { declarative: &dv, ..Scope::request("K", Operation::Update, "") };
    /// assert!(c.holds(&scope, &[]));
    /// assert!(!c.holds(&Scope { handwritten: &dv, ..Scope::request("K", Operation::Update, "") }, &[]));
    /// ```
    pub fn holds(&self, scope: &Scope<'_>, bound: &[&str]) -> bool {
        let errors = match self.side {
            Side::Handwritten => scope.handwritten,
            Side::Declarative => scope.declarative,
        };
        errors.iter().any(|w| {
            w.error_type == self.error_type
                && self.field.matches_bound(&w.field, bound)
                && self.origin.as_ref().is_none_or(|o| *o == w.origin)
                && self.detail.as_ref().is_none_or(|d| *d == w.detail)
        })
    }
}

/// The request a mismatch was seen in, to scope [`Exception`]s: the kind,
/// operation and subresource, and every error each side reported (the
/// witnesses of [`Condition`]s).
///
/// ```
/// use apimachinery::operation::Operation;
/// let s = dv_harness_engine::normalize::Scope::request("A", Operation::Update, "/status");
/// assert_eq!(s.subresource, "/status");
/// assert!(s.handwritten.is_empty() && s.declarative.is_empty());
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Scope<'a> {
    /// The kind.
    pub kind: &'a str,
    /// Create or update.
    pub operation: Operation,
    /// The subresource, `""` for the root.
    pub subresource: &'a str,
    /// Every hand-written error of the case (covered or not).
    pub handwritten: &'a [Error],
    /// Every declarative error of the case.
    pub declarative: &'a [Error],
    /// The release whose semantics the case ran under.
    pub semantics: Semantics,
}

impl<'a> Scope<'a> {
    /// A request scope without errors on either side, under the default
    /// release (1.37).
    ///
    /// ```
    /// use apimachinery::operation::Operation;
    /// assert_eq!(dv_harness_engine::normalize::Scope::request("A", Operation::Create, "").kind, "A");
    /// ```
    pub fn request(kind: &'a str, operation: Operation, subresource: &'a str) -> Scope<'a> {
        Scope {
            kind,
            operation,
            subresource,
            handwritten: &[],
            declarative: &[],
            semantics: Semantics::default(),
        }
    }
}

impl Exception {
    /// Whether this exception accepts an unpaired error on `side` in the
    /// request `scope`.
    ///
    /// ```
    /// use dv_harness_engine::field_pattern::FieldPattern;
    /// use dv_harness_engine::normalize::{Exception, Scope, Side};
    /// use apimachinery::field::{Error, ErrorType, Path};
    /// use apimachinery::operation::Operation;
    /// let x = Exception { kind: Some("A".into()), side: Side::Handwritten, error_type: ErrorType::Invalid,
    ///     field: FieldPattern::parse("x").unwrap(), subtree: false, origin: Some("minimum".into()),
    ///     operation: Some(Operation::Update), subresource: None, when: None, releases: None,
    ///     reason: "reviewed".into() };
    /// let e = Error::invalid(&Path::new("x"), -1, "").with_origin("minimum");
    /// let update = Scope::request("A", Operation::Update, "");
    /// assert!(x.covers(&update, Side::Handwritten, &e));
    /// assert!(!x.covers(&Scope { kind: "B", ..update }, Side::Handwritten, &e));
    /// assert!(!x.covers(&Scope { operation: Operation::Create, ..update }, Side::Handwritten, &e));
    /// assert!(!x.covers(&update, Side::Handwritten, &e.clone().with_origin("maximum")));
    /// ```
    pub fn covers(&self, scope: &Scope<'_>, side: Side, e: &Error) -> bool {
        let in_scope = self.side == side
            && self.kind.as_deref().is_none_or(|k| k == scope.kind)
            && self.operation.is_none_or(|o| o == scope.operation)
            && self.subresource.as_deref().is_none_or(|s| {
                s.trim_start_matches('/') == scope.subresource.trim_start_matches('/')
            })
            && self.error_type == e.error_type
            && self.origin.as_ref().is_none_or(|o| *o == e.origin)
            && self
                .releases
                .as_ref()
                .is_none_or(|r| r.contains(&scope.semantics));
        if !in_scope {
            return false;
        }
        match self.field.capture(&e.field, self.subtree) {
            Some(indices) => self.when.as_ref().is_none_or(|c| c.holds(scope, &indices)),
            None => false,
        }
    }

    /// Checks a written entry: well-formed patterns, a condition for every
    /// subtree, a condition on the other side whose wildcards are all bound.
    fn from_entry(
        file: &str,
        index: usize,
        entry: ExceptionEntry,
    ) -> Result<Exception, EquivalenceError> {
        let invalid = |problem: String| EquivalenceError::InvalidException {
            file: file.to_string(),
            index,
            field: entry.field.clone(),
            problem,
        };
        if entry.reason.trim().is_empty() {
            return Err(EquivalenceError::MissingReason {
                file: file.to_string(),
                what: "exception",
                index,
            });
        }
        let field =
            FieldPattern::parse(&entry.field).map_err(|e| invalid(format!("bad `field`: {e}")))?;
        if entry.subtree && entry.when.is_none() {
            return Err(invalid(
                "`subtree = true` needs a `when` condition (a subtree is never exempted unconditionally)"
                    .to_string(),
            ));
        }
        let when = match entry.when {
            None => None,
            Some(c) => {
                if c.side == entry.side {
                    return Err(invalid(
                        "`when.side` must be the other side (the witness must come from the other validator)"
                            .to_string(),
                    ));
                }
                let cond_field = FieldPattern::parse(&c.field)
                    .map_err(|e| invalid(format!("bad `when.field`: {e}")))?;
                if cond_field.wildcards() > field.wildcards() {
                    return Err(invalid(format!(
                        "`when.field` {:?} has {} `[*]` but `field` binds only {}",
                        c.field,
                        cond_field.wildcards(),
                        field.wildcards()
                    )));
                }
                Some(Condition {
                    side: c.side,
                    error_type: c.error_type,
                    field: cond_field,
                    origin: c.origin,
                    detail: c.detail,
                })
            }
        };
        let releases = match entry.releases {
            None => None,
            Some(names) if names.is_empty() => {
                return Err(invalid(
                    "`releases` is empty (leave it out for every release)".to_string(),
                ));
            }
            Some(names) => Some(
                names
                    .iter()
                    .map(|n| n.parse::<Semantics>())
                    .collect::<Result<Vec<_>, _>>()
                    .map_err(|e| invalid(format!("bad `releases`: {e}")))?,
            ),
        };
        Ok(Exception {
            kind: entry.kind,
            side: entry.side,
            error_type: entry.error_type,
            field,
            subtree: entry.subtree,
            origin: entry.origin,
            operation: entry.operation,
            subresource: entry.subresource,
            when,
            releases,
            reason: entry.reason,
        })
    }
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct EquivalenceFile {
    #[serde(default)]
    normalization: Vec<RuleEntry>,
    #[serde(default)]
    exception: Vec<ExceptionEntry>,
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
    /// An exception whose field pattern or condition is not acceptable.
    #[error("{file}: exception #{index} (field {field:?}): {problem}")]
    InvalidException {
        /// The file.
        file: String,
        /// 1-based index among exceptions.
        index: usize,
        /// The exception's `field` as written.
        field: String,
        /// What is wrong.
        problem: String,
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
///
/// # A conditional exception: `[*]` matches any list index, `subtree` also
/// # covers descendants (and needs `when`); `when` names an error the other
/// # side reported in the same case, its `[*]` bound to the same indices.
/// [[exception]]
/// kind = "ResourceClaim"
/// side = "declarative"
/// type = "FieldValueRequired"
/// field = "spec.devices.requests[*].firstAvailable"
/// subtree = true
/// when = { side = "handwritten", type = "FieldValueInvalid", field = "spec.devices.requests[*]" }
/// reason = "HV skips both members when both are set"
///
/// # An exception of some releases only (`--semantics`); all when absent.
/// [[exception]]
/// kind = "ResourceClaim"
/// side = "handwritten"
/// type = "FieldValueInvalid"
/// field = "spec.devices.constraints[*].matchAttribute"
/// releases = ["1.35"]
/// reason = "1.35's matcher lets one HV error consume every DV error it matches"
/// ```
///
/// ```
/// let eq = dv_harness_engine::normalize::Equivalence::parse("x.toml", r#"
/// [[exception]]
/// side = "handwritten"
/// type = "FieldValueRequired"
/// field = "spec.x"
/// reason = "known"
/// "#).unwrap();
/// assert_eq!(eq.exceptions().len(), 1);
/// assert!(dv_harness_engine::normalize::Equivalence::parse("x.toml", r#"
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
    /// assert!(dv_harness_engine::normalize::Equivalence::parse("e.toml", "").unwrap().exceptions().is_empty());
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
        let exceptions = parsed
            .exception
            .into_iter()
            .enumerate()
            .map(|(i, entry)| Exception::from_entry(file, i + 1, entry))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Equivalence { rules, exceptions })
    }

    /// Loads an equivalence file.
    ///
    /// ```
    /// let err = dv_harness_engine::normalize::Equivalence::load(std::path::Path::new("/nonexistent.toml")).unwrap_err();
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
    /// let eq = dv_harness_engine::normalize::Equivalence::parse("e", r#"
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
    /// assert!(dv_harness_engine::normalize::Equivalence::default().exceptions().is_empty());
    /// ```
    pub fn exceptions(&self) -> &[Exception] {
        &self.exceptions
    }

    /// The exception accepting an unpaired error, if any.
    ///
    /// ```
    /// use apimachinery::field::{Error, Path};
    /// use apimachinery::operation::Operation;
    /// use dv_harness_engine::normalize::{Equivalence, Scope, Side};
    /// let scope = Scope::request("K", Operation::Create, "");
    /// assert!(Equivalence::default().exception_for(&scope, Side::Handwritten, &Error::required(&Path::new("x"), "")).is_none());
    /// ```
    pub fn exception_for(&self, scope: &Scope<'_>, side: Side, e: &Error) -> Option<&Exception> {
        self.exceptions.iter().find(|x| x.covers(scope, side, e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lifecycle::Gates;
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

    /// The one-of exception of `equivalence.toml`, reduced to one type.
    const ONE_OF: &str = r#"
[[exception]]
kind = "ResourceClaim"
side = "declarative"
type = "FieldValueRequired"
field = "spec.devices.requests[*].firstAvailable"
subtree = true
operation = "create"
when = { side = "handwritten", type = "FieldValueInvalid", field = "spec.devices.requests[*]", detail = "both" }
reason = "validateDeviceRequest skips both members"
"#;

    /// `e` reported at `field` instead.
    fn at(mut e: Error, field: &str) -> Error {
        e.field = field.to_string();
        e
    }

    fn one_of(i: usize) -> Error {
        at(
            Error::invalid(&Path::root(), serde_json::Value::Null, "both"),
            &format!("spec.devices.requests[{i}]"),
        )
    }

    fn class_required(i: usize) -> Error {
        at(
            Error::required(&Path::root(), ""),
            &format!("spec.devices.requests[{i}].firstAvailable[0].deviceClassName"),
        )
    }

    #[test]
    fn conditional_exception_needs_its_witness_at_the_same_index() {
        let eq = Equivalence::parse("e.toml", ONE_OF).unwrap();
        let hv = vec![one_of(1)];
        let scope = Scope {
            handwritten: &hv,
            ..Scope::request("ResourceClaim", Operation::Create, "")
        };
        // The witness is at requests[1]: the error under requests[1] is exempted.
        assert!(
            eq.exception_for(&scope, Side::Declarative, &class_required(1))
                .is_some()
        );
        // A different request index is not.
        assert!(
            eq.exception_for(&scope, Side::Declarative, &class_required(0))
                .is_none()
        );
        // The same error without the witness is not.
        let bare = Scope::request("ResourceClaim", Operation::Create, "");
        assert!(
            eq.exception_for(&bare, Side::Declarative, &class_required(1))
                .is_none()
        );
        // Another kind, another operation, the other side: not exempted.
        for other in [
            Scope {
                kind: "ResourceClaimTemplate",
                ..scope
            },
            Scope {
                operation: Operation::Update,
                ..scope
            },
        ] {
            assert!(
                eq.exception_for(&other, Side::Declarative, &class_required(1))
                    .is_none()
            );
        }
        assert!(
            eq.exception_for(&scope, Side::Handwritten, &class_required(1))
                .is_none()
        );
    }

    #[test]
    fn condition_checks_side_type_origin_and_detail() {
        let eq = Equivalence::parse("e.toml", ONE_OF).unwrap();
        let e = class_required(1);
        let create = Scope::request("ResourceClaim", Operation::Create, "");
        // The witness reported by DV instead of HV does not count.
        let dv = vec![one_of(1)];
        let on_dv = Scope {
            declarative: &dv,
            ..create
        };
        assert!(eq.exception_for(&on_dv, Side::Declarative, &e).is_none());
        // Another detail, another type at the same field: no witness.
        let other_detail = vec![at(
            Error::invalid(&Path::root(), serde_json::Value::Null, "other"),
            "spec.devices.requests[1]",
        )];
        let other_type = vec![at(
            Error::required(&Path::root(), "both"),
            "spec.devices.requests[1]",
        )];
        for hv in [&other_detail, &other_type] {
            let scope = Scope {
                handwritten: hv,
                ..create
            };
            assert!(eq.exception_for(&scope, Side::Declarative, &e).is_none());
        }
        // A witness deeper in the request is not at the bound field.
        let deeper = vec![at(one_of(1), "spec.devices.requests[1].name")];
        let scope = Scope {
            handwritten: &deeper,
            ..create
        };
        assert!(eq.exception_for(&scope, Side::Declarative, &e).is_none());
    }

    #[test]
    fn subtree_covers_descendants_but_not_siblings() {
        let eq = Equivalence::parse("e.toml", ONE_OF).unwrap();
        let hv = vec![one_of(0)];
        let scope = Scope {
            handwritten: &hv,
            ..Scope::request("ResourceClaim", Operation::Create, "")
        };
        let required = |field: &str| at(Error::required(&Path::root(), ""), field);
        for (field, exempt) in [
            ("spec.devices.requests[0].firstAvailable", true),
            ("spec.devices.requests[0].firstAvailable[3]", true),
            ("spec.devices.requests[0].firstAvailableX", false),
            ("spec.devices.requests[0].exactly", false),
            ("spec.devices.requests[0]", false),
        ] {
            assert_eq!(
                eq.exception_for(&scope, Side::Declarative, &required(field))
                    .is_some(),
                exempt,
                "{field}"
            );
        }
    }

    #[test]
    fn origin_condition_matches_exactly() {
        let eq = Equivalence::parse(
            "e.toml",
            r#"
[[exception]]
side = "handwritten"
type = "FieldValueRequired"
field = "spec"
subtree = true
when = { side = "declarative", type = "FieldValueInvalid", field = "spec", origin = "immutable" }
reason = "immutable short-circuit"
"#,
        )
        .unwrap();
        let e = Error::required(&Path::new("spec").child("x"), "");
        let spec = Path::new("spec");
        let immutable =
            vec![Error::invalid(&spec, serde_json::Value::Null, "").with_origin("immutable")];
        let other = vec![Error::invalid(&spec, serde_json::Value::Null, "").with_origin("update")];
        let update = Scope::request("K", Operation::Update, "");
        let with = |dv| Scope {
            declarative: dv,
            ..update
        };
        assert!(
            eq.exception_for(&with(&immutable), Side::Handwritten, &e)
                .is_some()
        );
        assert!(
            eq.exception_for(&with(&other), Side::Handwritten, &e)
                .is_none()
        );
        // `spec` itself is inside the subtree; `specs` is not.
        let own = Error::required(&spec, "");
        assert!(
            eq.exception_for(&with(&immutable), Side::Handwritten, &own)
                .is_some()
        );
        let sibling = Error::required(&Path::new("specs"), "");
        assert!(
            eq.exception_for(&with(&immutable), Side::Handwritten, &sibling)
                .is_none()
        );
    }

    #[test]
    fn releases_limit_an_exception_to_those_semantics() {
        let eq = Equivalence::parse(
            "e.toml",
            "[[exception]]\nside = \"handwritten\"\ntype = \"FieldValueRequired\"\nfield = \"a\"\nreleases = [\"1.35\", \"1.36\"]\nreason = \"r\"\n",
        )
        .unwrap();
        assert_eq!(
            eq.exceptions()[0].releases,
            Some(vec![Semantics::V1_35, Semantics::V1_36])
        );
        let e = Error::required(&Path::new("a"), "");
        for (semantics, exempted) in [
            (Semantics::V1_35, true),
            (Semantics::V1_36, true),
            (Semantics::V1_37, false),
        ] {
            let scope = Scope {
                semantics,
                ..Scope::request("K", Operation::Create, "")
            };
            assert_eq!(
                eq.exception_for(&scope, Side::Handwritten, &e).is_some(),
                exempted,
                "{semantics}"
            );
        }
    }

    #[test]
    fn exception_entries_are_checked_on_load() {
        let entry = |extra: &str| {
            format!(
                "[[exception]]\nside = \"declarative\"\ntype = \"FieldValueRequired\"\nreason = \"r\"\n{extra}"
            )
        };
        let cases = [
            ("field = \"a.*\"\n", "bad `field`"),
            ("field = \"\"\n", "bad `field`"),
            ("field = \"a\"\nsubtree = true\n", "needs a `when`"),
            (
                "field = \"a\"\nwhen = { side = \"declarative\", type = \"FieldValueRequired\", field = \"a\" }\n",
                "must be the other side",
            ),
            (
                "field = \"a\"\nwhen = { side = \"handwritten\", type = \"FieldValueRequired\", field = \"a[*]\" }\n",
                "binds only 0",
            ),
            (
                "field = \"a[*]\"\nwhen = { side = \"handwritten\", type = \"FieldValueRequired\", field = \"a[*x]\" }\n",
                "bad `when.field`",
            ),
            ("field = \"a\"\nreleases = []\n", "`releases` is empty"),
            ("field = \"a\"\nreleases = [\"1.34\"]\n", "bad `releases`"),
        ];
        for (extra, problem) in cases {
            let text = format!("{}{}", entry("field = \"ok\"\n"), entry(extra));
            let err = Equivalence::parse("e.toml", &text).unwrap_err();
            assert!(
                matches!(err, EquivalenceError::InvalidException { index: 2, .. }),
                "{err}"
            );
            let msg = err.to_string();
            assert!(msg.starts_with("e.toml: exception #2 (field "), "{msg}");
            assert!(msg.contains(problem), "{msg}");
        }
        // An unknown key in `when` is a parse error.
        let text = entry(
            "field = \"a\"\nwhen = { side = \"handwritten\", type = \"FieldValueRequired\", field = \"a\", bogus = 1 }\n",
        );
        assert!(matches!(
            Equivalence::parse("e.toml", &text),
            Err(EquivalenceError::Parse { .. })
        ));
        // An exception with an empty reason is still named as such.
        let text = "[[exception]]\nside = \"declarative\"\ntype = \"FieldValueRequired\"\nfield = \"a\"\nreason = \" \"\n";
        assert!(matches!(
            Equivalence::parse("e.toml", text),
            Err(EquivalenceError::MissingReason { index: 1, .. })
        ));
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
