//! The test builder of validation-gen's `testscheme`, for the ports of its
//! `output_tests`: a value (and an old value for an update), options and
//! subresources, validated by the derive's generated validator at the root
//! exactly as the scheme's registered function is called, then checked
//! against the expectation (`ExpectValid`, `ExpectMatches`,
//! `ExpectValidateFalseByPath`).
//!
//! Every expectation panics with the test's location (`#[track_caller]`)
//! and the whole error list, so a failing port names its statement.

#![allow(dead_code)] // each port uses a part of the builder

use apimachinery::Validate;
use apimachinery::field::{ErrorList, ErrorMatcher, Path};
use apimachinery::operation::Context;
use std::collections::BTreeMap;

/// A value under test (Go's `ValidationTester`).
pub struct Tester<T> {
    value: T,
    old: Option<T>,
    options: Vec<(String, bool)>,
    subresources: Vec<String>,
}

/// Starts a test of `value` (Go's `st.Value(&v)`): a create unless
/// [`Tester::old_value`] is given.
pub fn value<T: Validate>(value: T) -> Tester<T> {
    Tester {
        value,
        old: None,
        options: Vec::new(),
        subresources: Vec::new(),
    }
}

/// A field path from its rendered segments' builder, for expectations:
/// `path("spec")` is Go's `field.NewPath("spec")`.
pub fn path(name: &str) -> Path<'_> {
    Path::new(name)
}

/// The matcher most output tests use: type, field and origin.
pub fn by_type_field_origin() -> ErrorMatcher {
    ErrorMatcher::default().by_type().by_field().by_origin()
}

impl<T: Validate> Tester<T> {
    /// Validates as an update from `old` (Go's `OldValue`).
    pub fn old_value(mut self, old: T) -> Tester<T> {
        self.old = Some(old);
        self
    }

    /// The validation options that are enabled or disabled (Go's `Opts`);
    /// an option not listed is absent, as with Go's map.
    pub fn opts(mut self, options: &[(&str, bool)]) -> Tester<T> {
        self.options = options
            .iter()
            .map(|(name, on)| (name.to_string(), *on))
            .collect();
        self
    }

    /// The request's subresource segments (Go's `Subresources([]string{"status"})`).
    pub fn subresources(mut self, subresources: &[&str]) -> Tester<T> {
        self.subresources = subresources.iter().map(|s| s.to_string()).collect();
        self
    }

    /// The context the scheme builds: operation, options, subresources.
    pub fn context(&self) -> Context {
        let mut ctx = if self.old.is_some() {
            Context::update()
        } else {
            Context::create()
        };
        ctx = ctx.subresource(&self.subresources.join("/"));
        for (name, on) in &self.options {
            ctx = ctx.option(name, *on);
        }
        ctx
    }

    /// The errors of the generated validator for this request.
    pub fn validate(&self) -> ErrorList {
        self.value.validate(&self.context(), self.old.as_ref())
    }

    /// Go's `ExpectValid`: no errors at all.
    #[track_caller]
    pub fn expect_valid(self) -> Tester<T> {
        let errs = self.validate();
        assert!(
            errs.is_empty(),
            "want no errors, got:\n{}",
            multiline(&errs)
        );
        self
    }

    /// Go's `ExpectMatches`: `matcher.Test(expected, actual)`.
    #[track_caller]
    pub fn expect_matches(self, matcher: ErrorMatcher, expected: ErrorList) -> Tester<T> {
        let errs = self.validate();
        if let Err(failures) = matcher.test(&expected, &errs) {
            panic!("{}\n--- got:\n{}", failures.join("\n"), multiline(&errs));
        }
        self
    }

    /// Go's `ExpectValidateFalseByPath`: the arguments of the
    /// `+k8s:validateFalse` failures (details `forced failure: <arg>`),
    /// grouped by field path (`""` for the root) and sorted.
    #[track_caller]
    pub fn expect_validate_false_by_path(self, expected: &[(&str, &[&str])]) -> Tester<T> {
        let mut want: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (field, args) in expected {
            let list = want.entry(field.to_string()).or_default();
            list.extend(args.iter().map(|a| a.to_string()));
            list.sort();
        }
        let got = validate_false_by_path(&self.validate());
        assert_eq!(
            want, got,
            "validateFalse args, grouped by field path, differ (left: expected, right: got)"
        );
        self
    }
}

/// The `+k8s:validateFalse` arguments of `errs`, grouped by field path.
pub fn validate_false_by_path(errs: &ErrorList) -> BTreeMap<String, Vec<String>> {
    let mut by_path: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for e in errs.iter() {
        if let Some(arg) = e.detail.strip_prefix("forced failure: ") {
            let field = if e.field == "<nil>" {
                String::new()
            } else {
                e.field.to_string()
            };
            by_path.entry(field).or_default().push(arg.to_string());
        }
    }
    for args in by_path.values_mut() {
        args.sort();
    }
    by_path
}

/// The error list one per line, as Go's test helper prints it.
pub fn multiline(errs: &ErrorList) -> String {
    if errs.is_empty() {
        return "<no errors>".to_string();
    }
    errs.iter()
        .map(|e| e.to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Go's `st.Value(v).OldValue(nil).ExpectMatches(...)`: an update whose old
/// object is nil (nothing to ratchet against).
#[track_caller]
pub fn expect_update_from_nil_matches<T: Validate>(
    value: T,
    matcher: ErrorMatcher,
    expected: ErrorList,
) {
    let errs = value.validate(&Context::update(), None);
    if let Err(failures) = matcher.test(&expected, &errs) {
        panic!("{}\n--- got:\n{}", failures.join("\n"), multiline(&errs));
    }
}
