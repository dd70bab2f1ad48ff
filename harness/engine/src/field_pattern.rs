//! Field-path patterns of the equivalence file: a rendered field path
//! (`spec.devices.requests[0].name`) in which `[*]` stands for any one list
//! index. A pattern matches a path exactly or, when asked, the path and its
//! descendants (the next character is `.` or `[`, as Kubernetes'
//! `isChildPath` decides). The indices a match passes over are captured, so
//! a second pattern can be held to the same indices ([`FieldPattern::matches_bound`]).

use std::fmt;

/// Why a field pattern is not well formed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PatternError {
    /// The pattern is empty.
    #[error("the field pattern is empty")]
    Empty,
    /// A `*` that is not a whole index `[*]`.
    #[error("`*` at byte {at} of {pattern:?} is not a whole index `[*]`")]
    StrayWildcard {
        /// The pattern.
        pattern: String,
        /// The byte offset of the `*`.
        at: usize,
    },
}

/// One lexical element of a field path or pattern, as [`tokens`] reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token<'t> {
    /// A member name (between `.`, `[` or the ends), at byte `at`.
    Field {
        /// Its byte offset.
        at: usize,
        /// The name.
        name: &'t str,
    },
    /// A subscript `[inner]` whose `[` is at byte `at`; `closed` is false
    /// when the text ends before its `]`.
    Index {
        /// The byte offset of its `[`.
        at: usize,
        /// The text between the brackets.
        inner: &'t str,
        /// Whether a `]` ends it.
        closed: bool,
    },
}

/// The one lexer of field paths and patterns (`spec.items[*].name`,
/// `spec.items[3].name`): `.` separates member names, `[...]` is a
/// subscript; empty names are skipped. The equivalence file's
/// [`FieldPattern`] and the rule inventory's path patterns (crate
/// `dv-harness-generate`, `path::Pattern`) are both read through it.
///
/// ```
/// use dv_harness_engine::field_pattern::{Token, tokens};
/// assert_eq!(tokens("a.b[*]"), vec![
///     Token::Field { at: 0, name: "a" },
///     Token::Field { at: 2, name: "b" },
///     Token::Index { at: 3, inner: "*", closed: true },
/// ]);
/// ```
pub fn tokens(text: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut i = 0;
    let bytes = text.as_bytes();
    fn name_end<'t>(text: &'t str, out: &mut Vec<Token<'t>>, start: usize, end: usize) {
        if end > start {
            out.push(Token::Field {
                at: start,
                name: &text[start..end],
            });
        }
    }
    while i < bytes.len() {
        match bytes[i] {
            b'.' => {
                name_end(text, &mut out, start, i);
                start = i + 1;
                i += 1;
            }
            b'[' => {
                name_end(text, &mut out, start, i);
                let close = text[i + 1..].find(']').map(|j| i + 1 + j);
                let end = close.unwrap_or(text.len());
                out.push(Token::Index {
                    at: i,
                    inner: &text[i + 1..end],
                    closed: close.is_some(),
                });
                i = close.map_or(text.len(), |c| c + 1);
                start = i;
            }
            _ => i += 1,
        }
    }
    name_end(text, &mut out, start, text.len());
    out
}

/// A field path in which `[*]` matches any one list index.
///
/// ```
/// use dv_harness_engine::field_pattern::FieldPattern;
/// let p = FieldPattern::parse("spec.items[*].name").unwrap();
/// assert_eq!(p.capture("spec.items[3].name", false), Some(vec!["3"]));
/// assert_eq!(p.capture("spec.items[x].name", false), None);
/// assert_eq!(p.capture("spec.items[3].name.first", false), None);
/// assert_eq!(p.capture("spec.items[3].name.first", true), Some(vec!["3"]));
/// assert_eq!(p.capture("spec.items[3].names", true), None);
/// assert!(FieldPattern::parse("spec.*").is_err());
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FieldPattern {
    /// The literal text around the wildcards: one more piece than wildcards.
    pieces: Vec<String>,
}

/// The text of a wildcard index.
const WILDCARD: &str = "[*]";

impl FieldPattern {
    /// Parses a pattern; a `*` is only allowed as a whole index `[*]`.
    ///
    /// ```
    /// use dv_harness_engine::field_pattern::{FieldPattern, PatternError};
    /// assert_eq!(FieldPattern::parse("a[*].b[*]").unwrap().wildcards(), 2);
    /// assert_eq!(FieldPattern::parse("").unwrap_err(), PatternError::Empty);
    /// assert!(matches!(FieldPattern::parse("a[*x]"), Err(PatternError::StrayWildcard { at: 2, .. })));
    /// ```
    pub fn parse(text: &str) -> Result<FieldPattern, PatternError> {
        if text.is_empty() {
            return Err(PatternError::Empty);
        }
        let stray = |at: usize| PatternError::StrayWildcard {
            pattern: text.to_string(),
            at,
        };
        let mut pieces = Vec::new();
        let mut from = 0;
        for token in tokens(text) {
            match token {
                Token::Field { at, name } => {
                    if let Some(i) = name.find('*') {
                        return Err(stray(at + i));
                    }
                }
                Token::Index {
                    at,
                    inner: "*",
                    closed: true,
                } => {
                    pieces.push(text[from..at].to_string());
                    from = at + WILDCARD.len();
                }
                Token::Index { at, inner, .. } => {
                    if let Some(i) = inner.find('*') {
                        return Err(stray(at + 1 + i));
                    }
                }
            }
        }
        pieces.push(text[from..].to_string());
        Ok(FieldPattern { pieces })
    }

    /// How many `[*]` the pattern has.
    ///
    /// ```
    /// assert_eq!(dv_harness_engine::field_pattern::FieldPattern::parse("spec").unwrap().wildcards(), 0);
    /// ```
    pub fn wildcards(&self) -> usize {
        self.pieces.len() - 1
    }

    /// The indices `field` has at the wildcards when it matches: exactly, or
    /// with `subtree` also any descendant.
    ///
    /// ```
    /// use dv_harness_engine::field_pattern::FieldPattern;
    /// let p = FieldPattern::parse("spec").unwrap();
    /// assert_eq!(p.capture("spec", false), Some(vec![]));
    /// assert_eq!(p.capture("spec[0]", true), Some(vec![]));
    /// assert_eq!(p.capture("specs", true), None);
    /// ```
    pub fn capture<'f>(&self, field: &'f str, subtree: bool) -> Option<Vec<&'f str>> {
        let mut rest = field;
        let mut indices = Vec::with_capacity(self.wildcards());
        for (i, piece) in self.pieces.iter().enumerate() {
            rest = rest.strip_prefix(piece.as_str())?;
            if i + 1 < self.pieces.len() {
                let (index, after) = split_index(rest)?;
                indices.push(index);
                rest = after;
            }
        }
        let at_end =
            rest.is_empty() || (subtree && (rest.starts_with('.') || rest.starts_with('[')));
        at_end.then_some(indices)
    }

    /// Whether `field` matches exactly with the first wildcards held to
    /// `bound` (the n-th `[*]` must be the n-th bound index; wildcards past
    /// the bound ones match any index).
    ///
    /// ```
    /// use dv_harness_engine::field_pattern::FieldPattern;
    /// let p = FieldPattern::parse("spec.requests[*]").unwrap();
    /// assert!(p.matches_bound("spec.requests[2]", &["2"]));
    /// assert!(!p.matches_bound("spec.requests[1]", &["2"]));
    /// assert!(p.matches_bound("spec.requests[1]", &[]));
    /// assert!(!p.matches_bound("spec.requests[2].name", &["2"]));
    /// ```
    pub fn matches_bound(&self, field: &str, bound: &[&str]) -> bool {
        self.capture(field, false)
            .is_some_and(|indices| indices.iter().zip(bound).all(|(index, want)| index == want))
    }
}

/// Splits a leading `[<digits>]` off `rest`: the digits and what follows.
fn split_index(rest: &str) -> Option<(&str, &str)> {
    let inner = rest.strip_prefix('[')?;
    let end = inner.find(']')?;
    let digits = &inner[..end];
    (!digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
        .then(|| (digits, &inner[end + 1..]))
}

impl fmt::Display for FieldPattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.pieces.join(WILDCARD))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_pattern_is_exact() {
        let p = FieldPattern::parse("spec.devices.requests[0].name").unwrap();
        assert_eq!(p.wildcards(), 0);
        assert!(p.capture("spec.devices.requests[0].name", false).is_some());
        assert!(p.capture("spec.devices.requests[1].name", false).is_none());
        assert!(p.capture("spec.devices.requests[0].names", true).is_none());
    }

    #[test]
    fn wildcard_matches_only_indices() {
        let p = FieldPattern::parse("a[*].b").unwrap();
        assert_eq!(p.capture("a[12].b", false), Some(vec!["12"]));
        assert!(p.capture("a[].b", false).is_none());
        assert!(p.capture("a[key].b", false).is_none());
        assert!(p.capture("a[1", false).is_none());
        assert!(p.capture("a.b", false).is_none());
    }

    #[test]
    fn trailing_wildcard_and_subtree() {
        let p = FieldPattern::parse("spec.requests[*]").unwrap();
        assert_eq!(p.capture("spec.requests[4]", false), Some(vec!["4"]));
        assert_eq!(p.capture("spec.requests[4].x[1]", true), Some(vec!["4"]));
        assert!(p.capture("spec.requests[4].x", false).is_none());
        assert!(p.capture("spec.requests", true).is_none());
    }

    #[test]
    fn several_wildcards_are_captured_in_order() {
        let p = FieldPattern::parse("r[*].f[*]").unwrap();
        assert_eq!(p.capture("r[1].f[0]", false), Some(vec!["1", "0"]));
        assert!(p.matches_bound("r[1].f[7]", &["1"]));
        assert!(!p.matches_bound("r[1].f[7]", &["1", "0"]));
    }

    #[test]
    fn stray_wildcards_are_rejected_with_their_offset() {
        assert_eq!(
            FieldPattern::parse("a[*].b*").unwrap_err(),
            PatternError::StrayWildcard {
                pattern: "a[*].b*".into(),
                at: 6
            }
        );
        assert!(FieldPattern::parse("a[**]").is_err());
        assert!(FieldPattern::parse("a.*").is_err());
    }

    #[test]
    fn display_round_trips() {
        for text in ["spec", "a[*].b[*]", "x[*]"] {
            assert_eq!(FieldPattern::parse(text).unwrap().to_string(), text);
        }
    }
}
