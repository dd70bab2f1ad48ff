//! `ErrorMatcher`: comparing field errors by a chosen set of criteria, as
//! Kubernetes' `field.ErrorMatcher` (`error_matcher.go`) does.
//!
//! The matcher is a value: every builder method returns a copy with one more
//! criterion enabled. [`ErrorMatcher::matches`] applies the criteria in
//! Kubernetes' order, [`ErrorMatcher::render`] prints an error showing only the
//! enabled criteria, and [`ErrorMatcher::test`] compares whole lists the way
//! Kubernetes' test helper does.

use super::{BadValue, Error, ErrorList, ErrorType};
use crate::text_eq::str_eq;
use serde_json::Value;
use std::fmt::Write as _;

/// A field-path rewrite applied to the *got* error before comparing fields
/// (Go's `NormalizationRule`): every match of `regex` in the path is replaced
/// by `replacement`, which may refer to capture groups as `$1` or `${name}`.
///
/// ```
/// use apimachinery::field::NormalizationRule;
/// let rule = NormalizationRule::new(
///     r"spec\.devices\.requests\[(\d+)\]\.allocationMode",
///     "spec.devices.requests[$1].exactly.allocationMode",
/// ).unwrap();
/// assert_eq!(rule.apply("spec.devices.requests[2].allocationMode"),
///            "spec.devices.requests[2].exactly.allocationMode");
/// assert!(NormalizationRule::new("(", "x").is_err());
/// ```
#[derive(Debug, Clone)]
pub struct NormalizationRule {
    /// The pattern searched for in the field path.
    pub regex: regex::Regex,
    /// The replacement for each match (`$1`, `${name}` expand capture groups).
    pub replacement: String,
}

impl NormalizationRule {
    /// Compiles `pattern` into a rule; an invalid pattern is an error.
    ///
    /// ```
    /// use apimachinery::field::NormalizationRule;
    /// let rule = NormalizationRule::new(r"^spec\.old", "spec.new").unwrap();
    /// assert_eq!(rule.replacement, "spec.new");
    /// ```
    pub fn new(
        pattern: &str,
        replacement: impl Into<String>,
    ) -> Result<NormalizationRule, regex::Error> {
        Ok(NormalizationRule {
            regex: regex::Regex::new(pattern)?,
            replacement: replacement.into(),
        })
    }

    /// The path with every match replaced (Go's `ReplaceAllString`).
    ///
    /// ```
    /// use apimachinery::field::NormalizationRule;
    /// let rule = NormalizationRule::new(r"\.a\b", ".x.a").unwrap();
    /// assert_eq!(rule.apply("f[0].a"), "f[0].x.a");
    /// assert_eq!(rule.apply("other"), "other");
    /// ```
    pub fn apply(&self, path: &str) -> String {
        self.regex
            .replace_all(path, self.replacement.as_str())
            .into_owned()
    }
}

/// A failure while matching: the *want* error's detail is not a valid regular
/// expression under [`ErrorMatcher::by_detail_regexp`] (Kubernetes panics there).
///
/// ```
/// use apimachinery::field::{Error, ErrorMatcher, MatchError, Path};
/// let m = ErrorMatcher::default().by_detail_regexp();
/// let want = Error::invalid(&Path::new("x"), 1, "(");
/// let got = Error::invalid(&Path::new("x"), 1, "(");
/// assert!(matches!(m.try_matches(&want, &got), Err(MatchError::InvalidDetailRegexp { .. })));
/// ```
#[derive(Debug, Clone, thiserror::Error)]
pub enum MatchError {
    /// The want detail does not compile as a regular expression.
    #[error("invalid detail regular expression {pattern:?}: {source}")]
    InvalidDetailRegexp {
        /// The offending pattern (the want error's detail).
        pattern: String,
        /// The compiler's complaint.
        #[source]
        source: regex::Error,
    },
}

/// How details are compared, when they are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DetailMatch {
    /// `got == want`.
    Exact,
    /// `got` contains `want`.
    Substring,
    /// `want` is a regular expression that matches somewhere in `got`.
    Regexp,
}

/// Compares [`Error`]s by the criteria enabled on it, as Kubernetes'
/// `field.ErrorMatcher`. The default matcher has no criteria and matches
/// everything; each builder method returns a copy with one criterion added.
///
/// ```
/// use apimachinery::field::{Error, ErrorMatcher, Path};
/// let fuzzy = ErrorMatcher::default().by_type().by_field().by_origin();
/// let spec = Path::new("spec");
/// let want = Error::invalid(&spec.child("replicas"), -1, "").with_origin("minimum");
/// let got = Error::invalid(&spec.child("replicas"), -1, "must be greater than or equal to 0")
///     .with_origin("minimum");
/// assert!(fuzzy.matches(&want, &got));
/// assert!(!fuzzy.clone().exactly().matches(&want, &got));
/// assert_eq!(fuzzy.render(&got),
///            r#"{Type="Invalid value", Field="spec.replicas", Origin="minimum"}"#);
/// ```
#[derive(Debug, Clone, Default)]
pub struct ErrorMatcher {
    match_type: bool,
    match_field: bool,
    match_value: bool,
    match_origin: bool,
    match_detail: Option<DetailMatch>,
    require_origin_when_invalid: bool,
    match_validation_stability_level: bool,
    match_source: bool,
    match_ancestor_short_circuit: bool,
    match_short_circuit: bool,
    /// Shared, so that copying a matcher (every builder call) does not copy
    /// the compiled regular expressions.
    normalization: std::sync::Arc<Normalization>,
}

/// The normalisation rules of a matcher and, for two or more rules, all of
/// their patterns in one automaton: most paths match no rule, and one scan
/// tells so where each rule would scan the path once more.
#[derive(Debug, Default)]
struct Normalization {
    rules: Vec<NormalizationRule>,
    /// `None` for fewer than two rules, or if the patterns do not compile
    /// together (then each rule is tried, as without it).
    any: Option<regex_automata::meta::Regex>,
}

impl Normalization {
    fn new(rules: Vec<NormalizationRule>) -> Normalization {
        let any = if rules.len() >= 2 {
            // The rules' patterns share their literal prefixes (`spec.`),
            // so a literal prefilter finds a candidate in nearly every path
            // and only adds a scan: the lazy DFA alone answers sooner.
            // Prefilters never change what matches.
            regex_automata::meta::Regex::builder()
                .configure(regex_automata::meta::Config::new().auto_prefilter(false))
                .build_many(&rules.iter().map(|r| r.regex.as_str()).collect::<Vec<_>>())
                .ok()
        } else {
            None
        };
        Normalization { rules, any }
    }

    /// Whether some rule may match `field` (false only when none does).
    fn may_match(&self, field: &str) -> bool {
        self.any.as_ref().is_none_or(|any| any.is_match(field))
    }
}

/// Whether `child` lies strictly below `parent`: `parent` followed by `.` or
/// `[`. An empty parent is below nothing (it would match every path).
fn is_descendant(parent: &str, child: &str) -> bool {
    if parent.is_empty() || child.len() <= parent.len() {
        return false;
    }
    child.starts_with(parent) && matches!(child.as_bytes()[parent.len()], b'.' | b'[')
}

impl ErrorMatcher {
    /// A copy that also requires equal types.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorMatcher, Path};
    /// let m = ErrorMatcher::default().by_type();
    /// let p = Path::new("x");
    /// assert!(m.matches(&Error::required(&p, "a"), &Error::required(&Path::new("y"), "b")));
    /// assert!(!m.matches(&Error::required(&p, ""), &Error::forbidden(&p, "")));
    /// ```
    #[must_use]
    pub fn by_type(mut self) -> ErrorMatcher {
        self.match_type = true;
        self
    }

    /// A copy that also requires equal field paths (after normalising the
    /// got path, when rules are configured and the paths differ).
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorMatcher, Path};
    /// let m = ErrorMatcher::default().by_field();
    /// assert!(m.matches(&Error::required(&Path::new("x"), ""), &Error::forbidden(&Path::new("x"), "")));
    /// assert!(!m.matches(&Error::required(&Path::new("x"), ""), &Error::required(&Path::new("y"), "")));
    /// ```
    #[must_use]
    pub fn by_field(mut self) -> ErrorMatcher {
        self.match_field = true;
        self
    }

    /// A copy that matches fields after rewriting the *got* path with
    /// `rules` (Go's `ByFieldNormalized`): when the paths differ, the first
    /// rule that changes the got path is applied and the result compared.
    /// The want path is taken to be canonical already.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorMatcher, NormalizationRule, Path};
    /// let rules = vec![NormalizationRule::new(r"f\[(\d+)\]\.a", "f[$1].x.a").unwrap()];
    /// let m = ErrorMatcher::default().by_field_normalized(rules);
    /// let f = Path::new("f");
    /// let f0 = f.index(0);
    /// let x = f0.child("x");
    /// let want = Error::required(&x.child("a"), "");
    /// let got = Error::required(&f0.child("a"), "");
    /// assert!(m.matches(&want, &got));
    /// assert!(!m.matches(&got, &want)); // only the got side is normalised
    /// ```
    #[must_use]
    pub fn by_field_normalized(mut self, rules: Vec<NormalizationRule>) -> ErrorMatcher {
        self.match_field = true;
        self.normalization = std::sync::Arc::new(Normalization::new(rules));
        self
    }

    /// A copy that also requires equal bad values (Go's `reflect.DeepEqual`
    /// on the JSON form; the omit marker equals only itself).
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorMatcher, Path};
    /// let m = ErrorMatcher::default().by_value();
    /// let p = Path::new("x");
    /// assert!(m.matches(&Error::invalid(&p, 1, "a"), &Error::invalid(&p, 1, "b")));
    /// assert!(!m.matches(&Error::invalid(&p, 1, ""), &Error::invalid(&p, 2, "")));
    /// ```
    #[must_use]
    pub fn by_value(mut self) -> ErrorMatcher {
        self.match_value = true;
        self
    }

    /// A copy that also requires equal origins. In [`ErrorMatcher::test`],
    /// a want error with an origin then consumes every got error it matches.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorMatcher, Path};
    /// let m = ErrorMatcher::default().by_origin();
    /// let p = Path::new("x");
    /// let a = Error::invalid(&p, 1, "").with_origin("minimum");
    /// assert!(m.matches(&a, &a.clone()));
    /// assert!(!m.matches(&a, &a.clone().with_origin("maximum")));
    /// ```
    #[must_use]
    pub fn by_origin(mut self) -> ErrorMatcher {
        self.match_origin = true;
        self
    }

    /// A copy that, together with [`ErrorMatcher::by_origin`], refuses to
    /// pair `Invalid` errors unless both carry an origin; `render` then
    /// shows the origin of `Invalid` errors even without `by_origin`.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorMatcher, Path};
    /// let m = ErrorMatcher::default().by_origin().require_origin_when_invalid();
    /// let e = Error::invalid(&Path::new("x"), 1, "");
    /// assert!(!m.matches(&e, &e.clone()));
    /// let o = e.with_origin("minimum");
    /// assert!(m.matches(&o, &o.clone()));
    /// ```
    #[must_use]
    pub fn require_origin_when_invalid(mut self) -> ErrorMatcher {
        self.require_origin_when_invalid = true;
        self
    }

    /// A copy that also requires identical details.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorMatcher, Path};
    /// let m = ErrorMatcher::default().by_detail_exact();
    /// let p = Path::new("x");
    /// assert!(m.matches(&Error::required(&p, "abc"), &Error::required(&p, "abc")));
    /// assert!(!m.matches(&Error::required(&p, "b"), &Error::required(&p, "abc")));
    /// ```
    #[must_use]
    pub fn by_detail_exact(mut self) -> ErrorMatcher {
        self.match_detail = Some(DetailMatch::Exact);
        self
    }

    /// A copy that also requires the got detail to contain the want detail.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorMatcher, Path};
    /// let m = ErrorMatcher::default().by_detail_substring();
    /// let p = Path::new("x");
    /// assert!(m.matches(&Error::required(&p, "b"), &Error::required(&p, "abc")));
    /// assert!(!m.matches(&Error::required(&p, "abc"), &Error::required(&p, "b")));
    /// ```
    #[must_use]
    pub fn by_detail_substring(mut self) -> ErrorMatcher {
        self.match_detail = Some(DetailMatch::Substring);
        self
    }

    /// A copy that also requires the want detail, read as a regular
    /// expression, to match somewhere in the got detail. An invalid pattern
    /// never matches ([`ErrorMatcher::try_matches`] reports it).
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorMatcher, Path};
    /// let m = ErrorMatcher::default().by_detail_regexp();
    /// let p = Path::new("x");
    /// assert!(m.matches(&Error::required(&p, "^a.c$"), &Error::required(&p, "abc")));
    /// assert!(!m.matches(&Error::required(&p, "^b"), &Error::required(&p, "abc")));
    /// ```
    #[must_use]
    pub fn by_detail_regexp(mut self) -> ErrorMatcher {
        self.match_detail = Some(DetailMatch::Regexp);
        self
    }

    /// A copy that also requires equal stability levels (alpha/beta marks).
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorMatcher, Path};
    /// let m = ErrorMatcher::default().by_validation_stability_level();
    /// let e = Error::required(&Path::new("x"), "");
    /// assert!(m.matches(&e.clone().mark_beta(), &e.clone().mark_beta()));
    /// assert!(!m.matches(&e.clone().mark_beta(), &e));
    /// ```
    #[must_use]
    pub fn by_validation_stability_level(mut self) -> ErrorMatcher {
        self.match_validation_stability_level = true;
        self
    }

    /// A copy that also requires equal sources (`from_imperative`; Go's `BySource`).
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorMatcher, Path};
    /// let m = ErrorMatcher::default().by_source();
    /// let e = Error::required(&Path::new("x"), "");
    /// assert!(!m.matches(&e.clone().mark_from_imperative(), &e));
    /// assert!(m.matches(&e, &e.clone()));
    /// ```
    #[must_use]
    pub fn by_source(mut self) -> ErrorMatcher {
        self.match_source = true;
        self
    }

    /// A copy that also requires equal `short_circuit` marks.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorMatcher, Path};
    /// let m = ErrorMatcher::default().match_short_circuit();
    /// let e = Error::required(&Path::new("x"), "");
    /// assert!(!m.matches(&e, &e.clone().mark_short_circuit()));
    /// assert!(m.matches(&e, &e.clone()));
    /// ```
    #[must_use]
    pub fn match_short_circuit(mut self) -> ErrorMatcher {
        self.match_short_circuit = true;
        self
    }

    /// A copy that accepts, before any other check, a got error marked
    /// `short_circuit` whose field (raw or normalised) is a strict ancestor
    /// of the want field: the short-circuiting validator stopped validation
    /// above the want error. Not supported by [`ErrorMatcher::test`].
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorMatcher, Path};
    /// let m = ErrorMatcher::default().by_type().by_field().match_ancestor_short_circuit();
    /// let spec = Path::new("spec");
    /// let want = Error::invalid(&spec.child("x"), 1, "");
    /// let got = Error::required(&spec, "").mark_short_circuit();
    /// assert!(m.matches(&want, &got));
    /// assert!(!m.matches(&want, &Error::required(&spec, "")));
    /// ```
    #[must_use]
    pub fn match_ancestor_short_circuit(mut self) -> ErrorMatcher {
        self.match_ancestor_short_circuit = true;
        self
    }

    /// A copy that also matches type, field, value, origin and exact detail.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorMatcher, Path};
    /// let m = ErrorMatcher::default().exactly();
    /// let e = Error::invalid(&Path::new("x"), 1, "bad").with_origin("o");
    /// assert_eq!(m.render(&e), r#"{Type="Invalid value", Field="x", Value=1, Origin="o", Detail="bad"}"#);
    /// ```
    #[must_use]
    pub fn exactly(self) -> ErrorMatcher {
        self.by_type()
            .by_field()
            .by_value()
            .by_origin()
            .by_detail_exact()
    }

    /// Whether two errors whose fields differ never match: fields are
    /// compared, no normalisation rule can rewrite a got field into the
    /// wanted one, and no ancestor short-circuit pairs different fields.
    /// Comparisons use it to skip work for lists whose fields are distinct.
    ///
    /// ```
    /// use apimachinery::field::{ErrorMatcher, NormalizationRule};
    /// assert!(ErrorMatcher::default().by_field().distinct_fields_never_match());
    /// assert!(!ErrorMatcher::default().by_type().distinct_fields_never_match());
    /// let rules = vec![NormalizationRule::new("^a$", "b").unwrap()];
    /// assert!(!ErrorMatcher::default().by_field_normalized(rules).distinct_fields_never_match());
    /// assert!(ErrorMatcher::default().by_field_normalized(vec![]).distinct_fields_never_match());
    /// assert!(!ErrorMatcher::default().by_field().match_ancestor_short_circuit()
    ///     .distinct_fields_never_match());
    /// ```
    #[inline]
    pub fn distinct_fields_never_match(&self) -> bool {
        self.match_field
            && !self.match_ancestor_short_circuit
            && self.normalization.rules.is_empty()
    }

    /// The path rewritten by the first normalisation rule that changes it,
    /// or the path itself when none does.
    ///
    /// ```
    /// use apimachinery::field::{ErrorMatcher, NormalizationRule};
    /// let m = ErrorMatcher::default().by_field_normalized(vec![
    ///     NormalizationRule::new("^a$", "b").unwrap(),
    ///     NormalizationRule::new("^a$", "c").unwrap(),
    /// ]);
    /// assert_eq!(m.normalize_field("a"), "b");
    /// assert_eq!(m.normalize_field("z"), "z");
    /// ```
    pub fn normalize_field(&self, field: &str) -> String {
        self.normalized_field(field).into_owned()
    }

    /// [`ErrorMatcher::normalize_field`] without allocating when no rule
    /// changes the path: how [`ErrorMatcher::try_matches`] sees a got
    /// error's field. A caller matching one error against many computes it
    /// once and passes it to [`ErrorMatcher::try_matches_normalized`].
    ///
    /// ```
    /// use apimachinery::field::{ErrorMatcher, NormalizationRule};
    /// let m = ErrorMatcher::default()
    ///     .by_field_normalized(vec![NormalizationRule::new(r"^a\.b", "c").unwrap()]);
    /// assert_eq!(m.normalized_field("a.b[0]"), "c[0]");
    /// assert!(matches!(m.normalized_field("x"), std::borrow::Cow::Borrowed("x")));
    /// ```
    pub fn normalized_field<'f>(&self, field: &'f str) -> std::borrow::Cow<'f, str> {
        if !self.normalization.may_match(field) {
            return std::borrow::Cow::Borrowed(field);
        }
        for rule in &self.normalization.rules {
            // Most paths match no rule: `is_match` answers that without
            // capture slots (no allocation) before `replace_all` expands the
            // captures; `replace_all` borrows its input when nothing matched.
            if !rule.regex.is_match(field) {
                continue;
            }
            if let std::borrow::Cow::Owned(out) =
                rule.regex.replace_all(field, rule.replacement.as_str())
                && !str_eq(&out, field)
            {
                return std::borrow::Cow::Owned(out);
            }
        }
        std::borrow::Cow::Borrowed(field)
    }

    /// Whether `got` satisfies `want` under the enabled criteria; an
    /// invalid detail regular expression counts as no match.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorMatcher, Path};
    /// let e = Error::required(&Path::new("x"), "");
    /// assert!(ErrorMatcher::default().matches(&e, &Error::forbidden(&Path::new("y"), "z")));
    /// ```
    pub fn matches(&self, want: &Error, got: &Error) -> bool {
        self.try_matches(want, got).unwrap_or(false)
    }

    /// [`ErrorMatcher::matches`], reporting an invalid detail regular
    /// expression instead of treating it as a mismatch. Checks run in
    /// Kubernetes' order: got-field normalisation, ancestor short-circuit,
    /// type, field, value, origin, detail, stability level, source,
    /// short-circuit mark.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorMatcher, Path};
    /// let m = ErrorMatcher::default().by_detail_regexp();
    /// let p = Path::new("x");
    /// assert_eq!(m.try_matches(&Error::required(&p, "a+"), &Error::required(&p, "caab")).unwrap(), true);
    /// assert!(m.try_matches(&Error::required(&p, "a{"), &Error::required(&p, "a")).is_err());
    /// ```
    pub fn try_matches(&self, want: &Error, got: &Error) -> Result<bool, MatchError> {
        self.try_matches_with(want, got, None)
    }

    /// [`ErrorMatcher::try_matches`] with `got`'s field already normalised
    /// (`got_field`, from [`ErrorMatcher::normalized_field`]): the same
    /// answer, without running the normalisation rules again.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorMatcher, NormalizationRule, Path};
    /// let m = ErrorMatcher::default().by_type()
    ///     .by_field_normalized(vec![NormalizationRule::new(r"^old", "new").unwrap()]);
    /// let (want, got) = (Error::required(&Path::new("new"), ""), Error::required(&Path::new("old"), ""));
    /// let field = m.normalized_field(&got.field);
    /// assert!(m.try_matches_normalized(&want, &got, &field).unwrap());
    /// assert_eq!(m.try_matches(&want, &got).unwrap(), true);
    /// ```
    pub fn try_matches_normalized(
        &self,
        want: &Error,
        got: &Error,
        got_field: &str,
    ) -> Result<bool, MatchError> {
        self.try_matches_with(want, got, Some(got_field))
    }

    /// [`ErrorMatcher::try_matches_normalized`], without the invalid-detail
    /// report (an invalid detail regular expression counts as no match).
    ///
    /// Two errors at the same field are compared inline, criterion by
    /// criterion (neither normalisation nor the ancestor short-circuit can
    /// change the answer there).
    #[inline]
    pub fn matches_normalized(&self, want: &Error, got: &Error, got_field: &str) -> bool {
        if str_eq(&want.field, &got.field) {
            return self.matches_at_same_field(want, got);
        }
        self.try_matches_normalized(want, got, got_field)
            .unwrap_or(false)
    }

    /// [`ErrorMatcher::matches`] for errors at the same field: the field
    /// criterion holds and no ancestor relation exists, so only the others
    /// are checked (an invalid detail expression counts as no match).
    #[inline]
    fn matches_at_same_field(&self, want: &Error, got: &Error) -> bool {
        self.head_matches(want, got)
            && self
                .match_detail
                .is_none_or(|how| detail_matches(how, &want.detail, &got.detail).unwrap_or(false))
            && self.tail_matches(want, got)
    }

    /// The type, value and origin criteria (in Kubernetes' order).
    #[inline(always)]
    fn head_matches(&self, want: &Error, got: &Error) -> bool {
        if self.match_type && want.error_type != got.error_type {
            return false;
        }
        if self.match_value && want.bad_value != got.bad_value {
            return false;
        }
        if self.match_origin {
            if !str_eq(&want.origin, &got.origin) {
                return false;
            }
            if self.require_origin_when_invalid
                && want.error_type == ErrorType::Invalid
                && (want.origin.is_empty() || got.origin.is_empty())
            {
                return false;
            }
        }
        true
    }

    /// The stability-level, source and short-circuit criteria.
    #[inline(always)]
    fn tail_matches(&self, want: &Error, got: &Error) -> bool {
        if self.match_validation_stability_level && want.stability_level != got.stability_level {
            return false;
        }
        if self.match_source && want.from_imperative != got.from_imperative {
            return false;
        }
        !(self.match_short_circuit && want.short_circuit != got.short_circuit)
    }

    fn try_matches_with(
        &self,
        want: &Error,
        got: &Error,
        got_normalized: Option<&str>,
    ) -> Result<bool, MatchError> {
        let ancestor = self.match_ancestor_short_circuit && got.short_circuit;
        // Without the ancestor short-circuit, a type difference decides
        // before the (costly) normalisation is looked at.
        if !ancestor && self.match_type && want.error_type != got.error_type {
            return Ok(false);
        }
        let normalized;
        let got_field: &str = if str_eq(&want.field, &got.field) || !(ancestor || self.match_field)
        {
            &got.field
        } else if let Some(field) = got_normalized {
            field
        } else {
            normalized = self.normalized_field(&got.field);
            &normalized
        };
        if ancestor
            && (is_descendant(got_field, &want.field) || is_descendant(&got.field, &want.field))
        {
            return Ok(true);
        }
        if self.match_field && !str_eq(&want.field, got_field) {
            return Ok(false);
        }
        if !self.head_matches(want, got) {
            return Ok(false);
        }
        if let Some(how) = self.match_detail
            && !detail_matches(how, &want.detail, &got.detail)?
        {
            return Ok(false);
        }
        Ok(self.tail_matches(want, got))
    }

    /// The error as `{Type="…", Field="…", Value=…, Origin="…", Detail="…"}`,
    /// listing only the enabled criteria, exactly as Go's `Render`:
    /// the type by its human string, a normalised field as
    /// `Field="<normalised>" (aka "<raw>")`, string values quoted and other
    /// values as Go's `%v` prints them (`<nil>`, `[a b]`, `map[k:v]`),
    /// then `ValidationStabilityLevel=`, `FromImperative=`, `ShortCircuit=`.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorMatcher, Path};
    /// let e = Error::invalid(&Path::new("field"), serde_json::json!(["a", 1]), "detail");
    /// assert_eq!(ErrorMatcher::default().by_type().by_value().render(&e),
    ///            r#"{Type="Invalid value", Value=[a 1]}"#);
    /// assert_eq!(ErrorMatcher::default().render(&e), "{}");
    /// ```
    pub fn render(&self, e: &Error) -> String {
        let mut out = String::with_capacity(2 * e.field.len() + e.origin.len() + 64);
        self.render_into(e, &mut out);
        out
    }

    /// [`ErrorMatcher::render`] appended to `out`, each part written in
    /// place (no string per part, no join).
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorMatcher, Path};
    /// let e = Error::invalid(&Path::new("f"), 3, "d").with_origin("minimum");
    /// let m = ErrorMatcher::default().by_type().by_field().by_origin();
    /// let mut line = String::from("found ");
    /// m.render_into(&e, &mut line);
    /// assert_eq!(line, format!("found {}", m.render(&e)));
    /// ```
    pub fn render_into(&self, e: &Error, out: &mut String) {
        use super::go_quote_into;
        out.push('{');
        let start = out.len();
        let separate = |out: &mut String| {
            if out.len() > start {
                out.push_str(", ");
            }
        };
        if self.match_type {
            // The type names are plain ASCII: Go's quoting adds the quotes
            // only (a test checks every type).
            out.push_str("Type=\"");
            out.push_str(e.error_type.human());
            out.push('"');
        }
        if self.match_field {
            separate(out);
            out.push_str("Field=");
            let normalized = self.normalized_field(&e.field);
            go_quote_into(&normalized, out);
            if !str_eq(&normalized, &e.field) {
                out.push_str(" (aka ");
                go_quote_into(&e.field, out);
                out.push(')');
            }
        }
        if self.match_value {
            separate(out);
            out.push_str("Value=");
            render_value_into(e, out);
        }
        if self.match_origin
            || (self.require_origin_when_invalid && e.error_type == ErrorType::Invalid)
        {
            separate(out);
            out.push_str("Origin=");
            go_quote_into(&e.origin, out);
        }
        if self.match_detail.is_some() {
            separate(out);
            out.push_str("Detail=");
            go_quote_into(&e.detail, out);
        }
        if self.match_validation_stability_level {
            separate(out);
            out.push_str("ValidationStabilityLevel=");
            out.push_str(e.stability_level.go_string());
        }
        if self.match_source {
            separate(out);
            out.push_str("FromImperative=");
            out.push_str(if e.from_imperative { "true" } else { "false" });
        }
        if self.match_short_circuit {
            separate(out);
            out.push_str("ShortCircuit=");
            out.push_str(if e.short_circuit { "true" } else { "false" });
        }
        out.push('}');
    }

    /// Compares two lists as Go's `ErrorMatcher.Test` does, returning the
    /// failures it would report, in order:
    /// - `matchAncestorShortCircuit is not supported for test` when
    ///   [`ErrorMatcher::match_ancestor_short_circuit`] is enabled;
    /// - `exact duplicate error:\n<render>` for each got error rendering
    ///   like an earlier one under [`ErrorMatcher::exactly`];
    /// - `expected an error matching:\n<render>` for each want error that
    ///   matches no remaining got error (a want error with an origin, under
    ///   [`ErrorMatcher::by_origin`], consumes all the got errors it
    ///   matches; any other consumes the first only);
    /// - `unmatched error:\n<exact render>` for each got error left over.
    ///
    /// An invalid detail regular expression is reported as
    /// `invalid detail regular expression …` and counts as no match.
    ///
    /// ```
    /// use apimachinery::field::{Error, ErrorList, ErrorMatcher, Path};
    /// let m = ErrorMatcher::default().by_type().by_field().by_origin();
    /// let spec = Path::new("spec");
    /// let x = spec.child("x");
    /// let want = ErrorList::from(Error::invalid(&x, 0, "").with_origin("minimum"));
    /// let got = ErrorList(vec![
    ///     Error::invalid(&x, 0, "must be greater than or equal to 1").with_origin("minimum"),
    ///     Error::invalid(&x, 0, "another").with_origin("minimum"),
    /// ]);
    /// assert!(m.test(&want, &got).is_ok());
    /// let failures = m.test(&want, &ErrorList::new()).unwrap_err();
    /// assert_eq!(failures, vec![
    ///     "expected an error matching:\n{Type=\"Invalid value\", Field=\"spec.x\", Origin=\"minimum\"}".to_string(),
    /// ]);
    /// ```
    pub fn test(&self, want: &ErrorList, got: &ErrorList) -> Result<(), Vec<String>> {
        let mut failures = Vec::new();
        if self.match_ancestor_short_circuit {
            failures.push("matchAncestorShortCircuit is not supported for test".to_string());
        }
        let exactly = self.clone().exactly();

        let mut seen = std::collections::HashSet::new();
        for g in got.iter() {
            let key = exactly.render(g);
            if seen.contains(&key) {
                failures.push(format!("exact duplicate error:\n{key}"));
            } else {
                seen.insert(key);
            }
        }

        let mut remaining: Vec<&Error> = got.iter().collect();
        for w in want.iter() {
            let multi = self.match_origin && !w.origin.is_empty();
            let mut kept = Vec::with_capacity(remaining.len());
            let mut matched = false;
            let mut rest = remaining.into_iter();
            for g in rest.by_ref() {
                let is_match = match self.try_matches(w, g) {
                    Ok(m) => m,
                    Err(err) => {
                        failures.push(err.to_string());
                        false
                    }
                };
                if !is_match {
                    kept.push(g);
                    continue;
                }
                matched = true;
                if !multi {
                    break;
                }
            }
            kept.extend(rest);
            if !matched {
                failures.push(format!("expected an error matching:\n{}", self.render(w)));
            }
            remaining = kept;
        }
        for e in remaining {
            failures.push(format!("unmatched error:\n{}", exactly.render(e)));
        }
        if failures.is_empty() {
            Ok(())
        } else {
            Err(failures)
        }
    }
}

fn detail_matches(how: DetailMatch, want: &str, got: &str) -> Result<bool, MatchError> {
    Ok(match how {
        DetailMatch::Exact => str_eq(got, want),
        DetailMatch::Substring => got.contains(want),
        DetailMatch::Regexp => regex::Regex::new(want)
            .map_err(|source| MatchError::InvalidDetailRegexp {
                pattern: want.to_string(),
                source,
            })?
            .is_match(got),
    })
}

/// The `Value=` part of a rendering: Go prints a string with `%q` and
/// anything else with `%v` (after dereferencing a pointer).
///
/// Kubernetes' omit marker is an empty struct, printed `{}`; an internal
/// error's value is its cause, an `errors.New` value printed as `{<message>}`,
/// and the cause's message is the error's detail.
fn render_value_into(e: &Error, out: &mut String) {
    match &e.bad_value {
        BadValue::Omitted if e.error_type == ErrorType::Internal => {
            out.push('{');
            out.push_str(&e.detail);
            out.push('}');
        }
        BadValue::Omitted => out.push_str("{}"),
        BadValue::Value(Value::String(s)) => super::go_quote_into(s, out),
        BadValue::Value(v) => go_percent_v(v, out),
    }
}

/// Go's `%v` of a decoded value: `<nil>`, numbers and booleans as usual,
/// strings bare, slices as `[a b]`, objects as maps `map[k:v]` with sorted keys.
fn go_percent_v(v: &Value, out: &mut String) {
    match v {
        Value::Null => out.push_str("<nil>"),
        Value::Bool(_) | Value::Number(_) => out.push_str(&BadValue::Value(v.clone()).render()),
        Value::String(s) => out.push_str(s),
        Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                go_percent_v(item, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            out.push_str("map[");
            for (i, (k, item)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push(' ');
                }
                let _ = write!(out, "{k}:");
                go_percent_v(item, out);
            }
            out.push(']');
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::Path;
    use serde_json::json;

    fn at(field: &str) -> Path<'_> {
        Path::new(field)
    }

    fn rule(pattern: &str, replacement: &str) -> NormalizationRule {
        NormalizationRule::new(pattern, replacement).expect("test pattern compiles")
    }

    #[test]
    fn several_rules_normalise_like_each_rule_in_order() {
        let rules = || {
            vec![
                rule(r"^a\.(\d+)$", "first.$1"),
                rule(r"b\[(\d+)\]\.c", "b[$1].x.c"),
                // Matches everything the first rule does: the first wins.
                rule(r"^a\.", "third."),
                // Matches but changes nothing: later rules are still tried.
                rule(r"same", "same"),
                rule(r"same\.y", "other.y"),
            ]
        };
        let set = ErrorMatcher::default().by_field_normalized(rules());
        assert!(set.normalization.any.is_some());
        for (field, want) in [
            ("a.12", "first.12"),
            ("a.x", "third.x"),
            ("p.b[3].c.d", "p.b[3].x.c.d"),
            ("b[1].c b[2].c", "b[1].x.c b[2].x.c"),
            ("same.y", "other.y"),
            ("nothing.here", "nothing.here"),
            ("", ""),
        ] {
            assert_eq!(set.normalize_field(field), want, "{field}");
            // Rule by rule, without the set: the first rule that changes it.
            let one_by_one = rules()
                .iter()
                .map(|r| r.apply(field))
                .find(|out| out != field)
                .unwrap_or_else(|| field.to_string());
            assert_eq!(one_by_one, want, "{field}");
        }
        let single = ErrorMatcher::default().by_field_normalized(vec![rule("a", "b")]);
        assert!(single.normalization.any.is_none());
        assert_eq!(single.normalize_field("xa"), "xb");
        assert_eq!(ErrorMatcher::default().normalize_field("a"), "a");
    }

    #[test]
    fn default_matches_everything_and_renders_empty() {
        let m = ErrorMatcher::default();
        let a = Error::required(&at("a"), "x");
        let b = Error::invalid(&at("b"), 1, "y")
            .with_origin("o")
            .mark_beta();
        assert!(m.matches(&a, &b));
        assert_eq!(m.render(&b), "{}");
    }

    #[test]
    fn by_type() {
        let m = ErrorMatcher::default().by_type();
        assert!(m.matches(
            &Error::invalid(&at("a"), 1, ""),
            &Error::invalid(&at("b"), 2, "z")
        ));
        assert!(!m.matches(
            &Error::invalid(&at("a"), 1, ""),
            &Error::type_invalid(&at("a"), 1, "")
        ));
    }

    #[test]
    fn by_field() {
        let m = ErrorMatcher::default().by_field();
        let spec = at("spec");
        assert!(m.matches(
            &Error::required(&spec.child("x"), ""),
            &Error::invalid(&spec.child("x"), 1, "")
        ));
        assert!(!m.matches(
            &Error::required(&spec.child("x"), ""),
            &Error::required(&spec.child("y"), "")
        ));
    }

    #[test]
    fn by_value() {
        let m = ErrorMatcher::default().by_value();
        let p = at("x");
        assert!(m.matches(
            &Error::invalid(&p, json!(["a"]), ""),
            &Error::invalid(&p, json!(["a"]), "")
        ));
        assert!(!m.matches(
            &Error::invalid(&p, json!(["a"]), ""),
            &Error::invalid(&p, json!(["b"]), "")
        ));
        // 1 and 1.0 are different Go values too (int vs float64).
        assert!(!m.matches(&Error::invalid(&p, 1, ""), &Error::invalid(&p, 1.0, "")));
        assert!(!m.matches(&Error::too_many(&p, -1, 1), &Error::too_many(&p, 0, 1)));
        assert!(m.matches(&Error::too_many(&p, -1, 1), &Error::too_many(&p, -1, 2)));
    }

    #[test]
    fn by_origin() {
        let m = ErrorMatcher::default().by_origin();
        let e = Error::invalid(&at("x"), 1, "");
        assert!(m.matches(&e, &e.clone()));
        assert!(m.matches(
            &e.clone().with_origin("minimum"),
            &e.clone().with_origin("minimum")
        ));
        assert!(!m.matches(&e.clone().with_origin("minimum"), &e));
    }

    #[test]
    fn require_origin_when_invalid_never_pairs_invalid_without_origin() {
        let m = ErrorMatcher::default()
            .by_type()
            .by_origin()
            .require_origin_when_invalid();
        let bare = Error::invalid(&at("x"), 1, "");
        let with = bare.clone().with_origin("minimum");
        assert!(!m.matches(&bare, &bare.clone()));
        assert!(!m.matches(&with, &bare));
        assert!(!m.matches(&bare, &with));
        assert!(m.matches(&with, &with.clone()));
        // Only Invalid is affected.
        let req = Error::required(&at("x"), "");
        assert!(m.matches(&req, &req.clone()));
        // Without by_origin the requirement has no effect on matching.
        let alone = ErrorMatcher::default().require_origin_when_invalid();
        assert!(alone.matches(&bare, &bare.clone()));
    }

    #[test]
    fn by_detail_exact() {
        let m = ErrorMatcher::default().by_detail_exact();
        let p = at("x");
        assert!(m.matches(&Error::required(&p, "abc"), &Error::required(&p, "abc")));
        assert!(!m.matches(&Error::required(&p, "ab"), &Error::required(&p, "abc")));
    }

    #[test]
    fn by_detail_substring() {
        let m = ErrorMatcher::default().by_detail_substring();
        let p = at("x");
        assert!(m.matches(&Error::required(&p, "bc"), &Error::required(&p, "abcd")));
        assert!(m.matches(&Error::required(&p, ""), &Error::required(&p, "abcd")));
        assert!(!m.matches(&Error::required(&p, "abcd"), &Error::required(&p, "bc")));
    }

    #[test]
    fn by_detail_regexp() {
        let m = ErrorMatcher::default().by_detail_regexp();
        let p = at("x");
        assert!(m.matches(
            &Error::required(&p, r"at least \d+"),
            &Error::required(&p, "must be at least 3 characters")
        ));
        assert!(!m.matches(
            &Error::required(&p, r"^at least"),
            &Error::required(&p, "must be at least 3")
        ));
        let bad = Error::required(&p, "(");
        assert!(!m.matches(&bad, &bad.clone()));
        match m.try_matches(&bad, &bad.clone()) {
            Err(MatchError::InvalidDetailRegexp { pattern, .. }) => assert_eq!(pattern, "("),
            other => panic!("expected a regexp error, got {other:?}"),
        }
    }

    #[test]
    fn later_detail_option_replaces_earlier() {
        let m = ErrorMatcher::default()
            .by_detail_exact()
            .by_detail_substring();
        let p = at("x");
        assert!(m.matches(&Error::required(&p, "b"), &Error::required(&p, "abc")));
    }

    #[test]
    fn by_validation_stability_level() {
        let m = ErrorMatcher::default().by_validation_stability_level();
        let e = Error::required(&at("x"), "");
        assert!(m.matches(&e.clone().mark_alpha(), &e.clone().mark_alpha()));
        assert!(!m.matches(&e.clone().mark_alpha(), &e.clone().mark_beta()));
        assert!(!m.matches(&e, &e.clone().mark_beta()));
    }

    #[test]
    fn by_source() {
        let m = ErrorMatcher::default().by_source();
        let e = Error::required(&at("x"), "");
        let hv = e.clone().mark_from_imperative();
        assert!(m.matches(&hv, &hv.clone()));
        assert!(!m.matches(&hv, &e));
    }

    #[test]
    fn match_short_circuit() {
        let m = ErrorMatcher::default().match_short_circuit();
        let e = Error::required(&at("x"), "");
        let sc = e.clone().mark_short_circuit();
        assert!(m.matches(&sc, &sc.clone()));
        assert!(!m.matches(&e, &sc));
    }

    #[test]
    fn ancestor_short_circuit_beats_type_and_field_mismatch() {
        let m = ErrorMatcher::default()
            .by_type()
            .by_field()
            .by_origin()
            .require_origin_when_invalid()
            .match_ancestor_short_circuit();
        let spec = at("spec");
        let containers = spec.child("containers");
        let c0 = containers.index(0);
        let want = Error::invalid(&c0.child("name"), "x", "").with_origin("format=dns-label");
        let got = Error::required(&containers, "").mark_short_circuit();
        assert!(m.matches(&want, &got));
        // Without the mark, the type and field checks apply.
        assert!(!m.matches(&want, &Error::required(&containers, "")));
        // Without the option, the mark alone does not help.
        let plain = ErrorMatcher::default().by_type().by_field();
        assert!(!plain.matches(&want, &got));
    }

    #[test]
    fn ancestor_short_circuit_needs_a_strict_ancestor() {
        let m = ErrorMatcher::default()
            .by_type()
            .match_ancestor_short_circuit();
        let sc = |f: &str| Error::forbidden(&Path::new(f), "").mark_short_circuit();
        let want = |f: &str| Error::required(&Path::new(f), "");
        assert!(m.matches(&want("spec.container.name"), &sc("spec.container")));
        assert!(m.matches(&want("spec.containers[0]"), &sc("spec.containers")));
        assert!(!m.matches(&want("spec.containers"), &sc("spec.container")));
        assert!(!m.matches(&want("spec.containers"), &sc("spec.containers")));
        assert!(!m.matches(&want("spec"), &sc("spec.containers")));
        assert!(!m.matches(&want("status.x"), &sc("spec")));
        // An empty parent never matches.
        assert!(!m.matches(&want("spec"), &sc("")));
        assert!(!is_descendant("", "spec"));
    }

    #[test]
    fn ancestor_short_circuit_uses_raw_or_normalized_got_field() {
        let m = ErrorMatcher::default()
            .by_type()
            .by_field_normalized(vec![rule(r"^spec\.old", "spec.new")])
            .match_ancestor_short_circuit();
        let got = Error::forbidden(&Path::new("spec.old"), "").mark_short_circuit();
        // Normalised ancestor.
        assert!(m.matches(&Error::required(&Path::new("spec.new.x"), ""), &got));
        // Raw ancestor.
        assert!(m.matches(&Error::required(&Path::new("spec.old[1]"), ""), &got));
        assert!(!m.matches(&Error::required(&Path::new("spec.other.x"), ""), &got));
    }

    #[test]
    fn normalization_first_changing_rule_wins_and_applies_only_to_got() {
        let rules = vec![
            rule(r"^nothing$", "never"),
            rule(r"f\[(\d+)\]\.a", "f[$1].x.a"),
            rule(r"f\[(\d+)\]\.a", "f[$1].y.a"),
        ];
        let m = ErrorMatcher::default().by_field_normalized(rules);
        assert_eq!(m.normalize_field("f[3].a"), "f[3].x.a");
        assert_eq!(m.normalize_field("g"), "g");
        let f = at("f");
        let f0 = f.index(0);
        let x = f0.child("x");
        let y = f0.child("y");
        let canonical = Error::required(&x.child("a"), "");
        let old = Error::required(&f0.child("a"), "");
        assert!(m.matches(&canonical, &old));
        assert!(!m.matches(&old, &canonical));
        assert!(!m.matches(&Error::required(&y.child("a"), ""), &old));
        assert!(m.matches(&old, &old.clone()));
    }

    #[test]
    fn normalization_is_skipped_when_fields_are_equal() {
        // A rule that would rewrite an already equal path must not break the match.
        let m = ErrorMatcher::default().by_field_normalized(vec![rule("^a$", "b")]);
        let e = Error::required(&at("a"), "");
        assert!(m.matches(&e, &e.clone()));
    }

    #[test]
    fn same_field_comparison_agrees_with_the_full_one() {
        // Every criterion on and off, against errors at one field that
        // differ in each respect (including an invalid detail expression).
        let x = at("x");
        let errors = [
            Error::required(&x, ""),
            Error::required(&x, "a{"),
            Error::invalid(&x, 1, "bad"),
            Error::invalid(&x, 2, "bad").with_origin("minimum"),
            Error::invalid(&x, 1, "ba")
                .with_origin("minimum")
                .mark_beta(),
            Error::invalid(&x, 1, "bad").with_origin("maximum"),
            Error::required(&x, "").mark_short_circuit(),
            Error::required(&x, "").mark_alpha(),
            Error::forbidden(&x, "a+"),
            Error {
                from_imperative: true,
                ..Error::forbidden(&x, "aa")
            },
        ];
        let builders: [fn(ErrorMatcher) -> ErrorMatcher; 8] = [
            ErrorMatcher::by_type,
            ErrorMatcher::by_field,
            ErrorMatcher::by_value,
            ErrorMatcher::by_origin,
            ErrorMatcher::require_origin_when_invalid,
            ErrorMatcher::by_validation_stability_level,
            ErrorMatcher::by_source,
            ErrorMatcher::match_short_circuit,
        ];
        // The detail options replace each other: none or one of them.
        let details: [fn(ErrorMatcher) -> ErrorMatcher; 4] = [
            |m| m,
            ErrorMatcher::by_detail_exact,
            ErrorMatcher::by_detail_substring,
            ErrorMatcher::by_detail_regexp,
        ];
        // (Regular expressions compile per comparison: that option only
        // with every other criterion off and with all of them on.)
        let all = (1u32 << builders.len()) - 1;
        let combos = (0..=all)
            .flat_map(|m| details[..3].iter().map(move |d| (m, *d)))
            .chain([(0, details[3]), (all, details[3])]);
        for (mask, detail) in combos {
            let mut m = detail(ErrorMatcher::default());
            for (i, b) in builders.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    m = b(m);
                }
            }
            for m in [m.clone(), m.match_ancestor_short_circuit()] {
                for want in &errors {
                    for got in &errors {
                        let full = m.try_matches(want, got).unwrap_or(false);
                        assert_eq!(m.matches_normalized(want, got, &got.field), full);
                    }
                }
            }
        }
    }

    #[test]
    fn render_orders_parts_like_go() {
        let m = ErrorMatcher::default()
            .exactly()
            .by_validation_stability_level()
            .by_source()
            .match_short_circuit();
        let e = Error::invalid(&at("field"), "value", "detail")
            .with_origin("origin")
            .mark_beta()
            .mark_from_imperative();
        assert_eq!(
            m.render(&e),
            r#"{Type="Invalid value", Field="field", Value="value", Origin="origin", Detail="detail", ValidationStabilityLevel=beta, FromImperative=true, ShortCircuit=false}"#
        );
        let plain = Error::required(&at("x"), "");
        assert_eq!(
            ErrorMatcher::default()
                .by_validation_stability_level()
                .render(&plain),
            "{ValidationStabilityLevel=unknown}"
        );
    }

    #[test]
    fn render_shows_normalized_field_with_aka() {
        let m =
            ErrorMatcher::default().by_field_normalized(vec![rule(r"f\[(\d+)\]\.a", "f[$1].x.a")]);
        let f = at("f");
        let f0 = f.index(0);
        assert_eq!(
            m.render(&Error::invalid(&f0.child("a"), "v", "d")),
            r#"{Field="f[0].x.a" (aka "f[0].a")}"#
        );
        let other = at("other");
        assert_eq!(
            m.render(&Error::invalid(&other.child("field"), "v", "d")),
            r#"{Field="other.field"}"#
        );
        let x = f0.child("x");
        assert_eq!(
            m.render(&Error::invalid(&x.child("a"), "v", "d")),
            r#"{Field="f[0].x.a"}"#
        );
    }

    #[test]
    fn render_origin_with_require_origin_when_invalid() {
        let req = ErrorMatcher::default().require_origin_when_invalid();
        let inv = Error::invalid(&at("x"), 1, "").with_origin("origin");
        assert_eq!(req.render(&inv), r#"{Origin="origin"}"#);
        assert_eq!(req.render(&Error::required(&at("x"), "")), "{}");
        let both = req.by_origin();
        assert_eq!(both.render(&inv), r#"{Origin="origin"}"#);
        assert_eq!(
            both.render(&Error::required(&at("x"), "")),
            r#"{Origin=""}"#
        );
    }

    #[test]
    fn render_values_like_go_percent_v() {
        let m = ErrorMatcher::default().by_value();
        let p = at("x");
        let cases: Vec<(Error, &str)> = vec![
            (
                Error::invalid(&p, "string_value", ""),
                r#"{Value="string_value"}"#,
            ),
            (Error::invalid(&p, "a\"b\n", ""), r#"{Value="a\"b\n"}"#),
            (Error::invalid(&p, json!(null), ""), "{Value=<nil>}"),
            (Error::invalid(&p, -3, ""), "{Value=-3}"),
            (Error::invalid(&p, 1.5, ""), "{Value=1.5}"),
            (Error::invalid(&p, 1e6, ""), "{Value=1e+06}"),
            (Error::invalid(&p, true, ""), "{Value=true}"),
            (
                Error::invalid(&p, json!(["a", 1, null]), ""),
                "{Value=[a 1 <nil>]}",
            ),
            (
                Error::invalid(&p, json!({"b": [1, 2], "a": "x"}), ""),
                "{Value=map[a:x b:[1 2]]}",
            ),
            (Error::too_many(&p, -1, 3), "{Value={}}"),
            (Error::required(&p, ""), r#"{Value=""}"#),
            (Error::internal(&p, "boom"), "{Value={boom}}"),
        ];
        for (e, want) in cases {
            assert_eq!(m.render(&e), want, "{e:?}");
        }
    }

    #[test]
    fn render_quotes_type_and_field_like_go() {
        let m = ErrorMatcher::default().by_type().by_field();
        let root = Path::root();
        assert_eq!(
            m.render(&Error::too_short(&root, "a", 2)),
            r#"{Type="Too short", Field="<nil>"}"#
        );
        let meta = at("metadata");
        let labels = meta.child("labels");
        assert_eq!(
            m.render(&Error::not_found(&labels.key("a\"b"), "x")),
            r#"{Type="Not found", Field="metadata.labels[a\"b]"}"#
        );
    }

    #[test]
    fn test_passes_on_exact_pairing() {
        let m = ErrorMatcher::default().exactly();
        let l = ErrorList(vec![
            Error::required(&at("a"), ""),
            Error::invalid(&at("b"), 1, "bad"),
        ]);
        assert_eq!(m.test(&l, &l.clone()), Ok(()));
        assert_eq!(m.test(&ErrorList::new(), &ErrorList::new()), Ok(()));
    }

    #[test]
    fn test_reports_ancestor_short_circuit_as_unsupported() {
        let m = ErrorMatcher::default()
            .by_type()
            .match_ancestor_short_circuit();
        assert_eq!(
            m.test(&ErrorList::new(), &ErrorList::new()),
            Err(vec![
                "matchAncestorShortCircuit is not supported for test".to_string()
            ])
        );
    }

    #[test]
    fn test_reports_exact_duplicates() {
        let m = ErrorMatcher::default().by_type().by_field().by_origin();
        let e = Error::invalid(&at("x"), 1, "bad").with_origin("minimum");
        let got = ErrorList(vec![e.clone(), e.clone(), e.clone()]);
        let want = ErrorList::from(e);
        let dup = r#"exact duplicate error:
{Type="Invalid value", Field="x", Value=1, Origin="minimum", Detail="bad"}"#;
        assert_eq!(
            m.test(&want, &got),
            Err(vec![dup.to_string(), dup.to_string()])
        );
    }

    #[test]
    fn test_origin_want_consumes_every_match() {
        let m = ErrorMatcher::default().by_type().by_field().by_origin();
        let want = ErrorList::from(Error::invalid(&at("x"), 0, "").with_origin("minimum"));
        let got = ErrorList(vec![
            Error::invalid(&at("x"), 0, "one").with_origin("minimum"),
            Error::required(&at("y"), ""),
            Error::invalid(&at("x"), 0, "two").with_origin("minimum"),
        ]);
        assert_eq!(
            m.test(&want, &got),
            Err(vec![
                "unmatched error:\n{Type=\"Required value\", Field=\"y\", Value=\"\", Origin=\"\", Detail=\"\"}"
                    .to_string()
            ])
        );
    }

    #[test]
    fn test_without_origin_consumes_only_the_first_match() {
        // by_origin enabled but the want error has no origin: single match.
        let m = ErrorMatcher::default().by_type().by_field().by_origin();
        let want = ErrorList::from(Error::required(&at("x"), ""));
        let got = ErrorList(vec![
            Error::required(&at("x"), "one"),
            Error::required(&at("x"), "two"),
        ]);
        assert_eq!(
            m.test(&want, &got),
            Err(vec![
                "unmatched error:\n{Type=\"Required value\", Field=\"x\", Value=\"\", Origin=\"\", Detail=\"two\"}"
                    .to_string()
            ])
        );
        // Without by_origin, an origin does not enable multi-matching either.
        let m = ErrorMatcher::default().by_type().by_field();
        let want = ErrorList::from(Error::invalid(&at("x"), 0, "").with_origin("minimum"));
        let got = ErrorList(vec![
            Error::invalid(&at("x"), 0, "one").with_origin("minimum"),
            Error::invalid(&at("x"), 0, "two").with_origin("minimum"),
        ]);
        assert_eq!(m.test(&want, &got).map_err(|f| f.len()), Err(1));
    }

    #[test]
    fn test_reports_missing_then_unmatched() {
        let m = ErrorMatcher::default()
            .by_type()
            .by_field_normalized(vec![rule(r"^old$", "new")]);
        let want = ErrorList(vec![
            Error::required(&at("a"), ""),
            Error::required(&at("new"), ""),
        ]);
        let got = ErrorList(vec![
            Error::forbidden(&at("a"), "nope"),
            Error::required(&at("old"), ""),
        ]);
        assert_eq!(
            m.test(&want, &got),
            Err(vec![
                "expected an error matching:\n{Type=\"Required value\", Field=\"a\"}".to_string(),
                "unmatched error:\n{Type=\"Forbidden\", Field=\"a\", Value=\"\", Origin=\"\", Detail=\"nope\"}"
                    .to_string(),
            ])
        );
        // The unmatched rendering shows normalisation too.
        let got = ErrorList::from(Error::forbidden(&at("old"), ""));
        assert_eq!(
            m.test(&ErrorList::new(), &got),
            Err(vec![
                "unmatched error:\n{Type=\"Forbidden\", Field=\"new\" (aka \"old\"), Value=\"\", Origin=\"\", Detail=\"\"}"
                    .to_string()
            ])
        );
    }

    #[test]
    fn test_each_got_error_pairs_once() {
        let m = ErrorMatcher::default().by_type();
        let want = ErrorList(vec![
            Error::required(&at("a"), ""),
            Error::required(&at("b"), ""),
        ]);
        let got = ErrorList::from(Error::required(&at("c"), ""));
        assert_eq!(
            m.test(&want, &got),
            Err(vec![
                "expected an error matching:\n{Type=\"Required value\"}".to_string()
            ])
        );
    }

    #[test]
    fn test_reports_invalid_detail_regexp() {
        let m = ErrorMatcher::default().by_detail_regexp();
        let want = ErrorList::from(Error::required(&at("a"), "("));
        let got = ErrorList::from(Error::required(&at("a"), "("));
        let failures = m.test(&want, &got).unwrap_err();
        assert_eq!(failures.len(), 3, "{failures:?}");
        assert!(failures[0].starts_with("invalid detail regular expression \"(\""));
        assert_eq!(failures[1], "expected an error matching:\n{Detail=\"(\"}");
        assert!(failures[2].starts_with("unmatched error:\n"));
    }

    #[test]
    fn builders_return_independent_copies() {
        let base = ErrorMatcher::default().by_type();
        let wider = base.clone().by_field();
        let e = Error::required(&at("a"), "");
        assert_eq!(base.render(&e), r#"{Type="Required value"}"#);
        assert_eq!(wider.render(&e), r#"{Type="Required value", Field="a"}"#);
    }
}
