//! Enum membership (Kubernetes' `validate/enum.go`): `+k8s:enum`, with
//! `+k8s:enumExclude` already removed from the set and option-conditioned
//! exclusions (`+k8s:ifEnabled(X)=+k8s:enumExclude`) checked per request.

use super::cold::push_first_sized;
use crate::field::{Error, ErrorList, ErrorType, Path, go_quote};
use crate::operation::Context;
use crate::text_eq::str_eq;
use std::borrow::Cow;
use std::sync::OnceLock;

/// The values of an enum type, as a sorted slice so that a generated
/// `static` needs no allocation and membership is a binary search.
///
/// [`EnumSet::new`] is a `const fn` that rejects (at compile time, when used
/// in a `static`) a slice that is not strictly sorted by bytes, the order
/// Kubernetes lists supported values in.
///
/// ```
/// use apimachinery::validate::EnumSet;
/// static MODES: EnumSet = EnumSet::new(&["Always", "IfNotPresent", "Never"]);
/// assert!(MODES.contains("Never"));
/// assert!(!MODES.contains("never"));
/// assert_eq!(MODES.values().len(), 3);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EnumSet {
    values: &'static [&'static str],
}

/// Up to this many values, [`EnumSet::contains`] scans them instead of
/// searching.
const ENUM_SCAN: usize = 16;

/// Byte-wise `a < b`, usable in a `const fn`.
const fn str_less(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut i = 0;
    while i < a.len() && i < b.len() {
        if a[i] != b[i] {
            return a[i] < b[i];
        }
        i += 1;
    }
    a.len() < b.len()
}

impl EnumSet {
    /// The set of `values`, which must be strictly sorted by bytes (no duplicates).
    ///
    /// # Panics
    ///
    /// If `values` is not strictly sorted; in a `static` or `const` this is a
    /// compile-time error.
    ///
    /// ```
    /// use apimachinery::validate::EnumSet;
    /// const SET: EnumSet = EnumSet::new(&["A", "B", "a"]);
    /// assert!(SET.contains("a"));
    /// ```
    pub const fn new(values: &'static [&'static str]) -> EnumSet {
        let mut i = 1;
        while i < values.len() {
            assert!(
                str_less(values[i - 1], values[i]),
                "EnumSet values must be strictly sorted by bytes"
            );
            i += 1;
        }
        EnumSet { values }
    }

    /// Whether `value` is a member.
    ///
    /// ```
    /// use apimachinery::validate::EnumSet;
    /// assert!(EnumSet::new(&["x"]).contains("x"));
    /// ```
    #[inline]
    pub fn contains(&self, value: &str) -> bool {
        // Enums are short lists of short names: a scan comparing lengths
        // first and the bytes inline (`str_eq`) costs less than a binary
        // search's ordered `memcmp` calls.
        if self.values.len() <= ENUM_SCAN {
            return self.values.iter().any(|v| crate::text_eq::str_eq(v, value));
        }
        self.values.binary_search(&value).is_ok()
    }

    /// The members, sorted.
    ///
    /// ```
    /// use apimachinery::validate::EnumSet;
    /// assert_eq!(EnumSet::new(&["a", "b"]).values(), &["a", "b"]);
    /// ```
    pub const fn values(&self) -> &'static [&'static str] {
        self.values
    }
}

/// One option-conditioned exclusion of an enum value (Go's `EnumExclusion`):
/// `value` is not accepted when the option `option` is in state `exclude_when`
/// (`+k8s:ifEnabled(X)=+k8s:enumExclude` gives `exclude_when: true`,
/// `+k8s:ifDisabled(X)` gives `false`).
///
/// ```
/// use apimachinery::validate::EnumExclusion;
/// static EXCLUSIONS: [EnumExclusion; 1] =
///     [EnumExclusion { value: "Beta", exclude_when: false, option: "BetaFeature" }];
/// assert_eq!(EXCLUSIONS[0].option, "BetaFeature");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EnumExclusion {
    /// The enum value this rule may exclude.
    pub value: &'static str,
    /// The option state that excludes it.
    pub exclude_when: bool,
    /// The option's name.
    pub option: &'static str,
}

/// How many exclusion rules an [`EnumDetails`] covers: one detail per
/// combination of its rules in force, `2^4`.
const DETAILED_RULES: usize = 4;

/// The details (`supported values: "a", "b"`) of one enum's NotSupported
/// errors, each built the first time a request needs it and kept: one per
/// combination of the enum's exclusion rules in force (a rule is in force
/// when its option is in the state that excludes its value). An enum with
/// more than four exclusion rules, or a request that leaves one of their
/// options undefined, gets its detail built per error as [`enum_value`]
/// does.
///
/// Generated code keeps one in a `static` beside the enum's [`EnumSet`]
/// and exclusion rules, and passes all three together: the details belong
/// to that set and those rules.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context};
/// use apimachinery::validate::{EnumDetails, EnumSet, enum_value, enum_value_into};
/// static SET: EnumSet = EnumSet::new(&["A", "B"]);
/// static DETAILS: EnumDetails = EnumDetails::new();
/// let (ctx, p) = (Context::create(), Path::new("x"));
/// let mut errs = ErrorList::new();
/// enum_value_into(&ctx, &p, Some("C"), None, &SET, &[], &DETAILS, &mut errs);
/// enum_value_into(&ctx, &p, Some("D"), None, &SET, &[], &DETAILS, &mut errs);
/// assert_eq!(errs[0].detail, r#"supported values: "A", "B""#);
/// assert_eq!(errs[1], enum_value(&ctx, &p, Some("D"), None, &SET, &[])[0]);
/// ```
pub struct EnumDetails {
    by_rules_in_force: [OnceLock<Box<str>>; 1 << DETAILED_RULES],
}

impl EnumDetails {
    /// No detail built yet.
    pub const fn new() -> EnumDetails {
        EnumDetails {
            by_rules_in_force: [const { OnceLock::new() }; 1 << DETAILED_RULES],
        }
    }
}

impl Default for EnumDetails {
    fn default() -> EnumDetails {
        EnumDetails::new()
    }
}

impl std::fmt::Debug for EnumDetails {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let built = self.by_rules_in_force.iter().filter(|d| d.get().is_some());
        f.debug_struct("EnumDetails")
            .field("built", &built.count())
            .finish()
    }
}

/// The message of the InternalError for an option the strategy did not define.
pub(crate) fn undefined_option(option: &str) -> String {
    format!("undefined validation option {}", go_quote(option))
}

/// Whether `value` is excluded, scanning the rules in order as Kubernetes
/// does: the first rule whose option is undefined is an error, unless an
/// earlier rule already excluded the value.
#[inline]
fn is_excluded(ctx: &Context, exclusions: &[EnumExclusion], value: &str) -> Result<bool, String> {
    // The valid path's scan, written out (not through `excluded_by`, whose
    // rule index the valid path does not need).
    for rule in exclusions {
        let Some(on) = ctx.option_state(rule.option) else {
            return Err(undefined_option(rule.option));
        };
        if rule.exclude_when == on && str_eq(rule.value, value) {
            return Ok(true);
        }
    }
    Ok(false)
}

/// [`is_excluded`] with the option state of the `i`th rule from `state`.
#[inline(always)]
fn excluded_by(
    exclusions: &[EnumExclusion],
    value: &str,
    state: impl Fn(&EnumExclusion, usize) -> Option<bool>,
) -> Result<bool, String> {
    for (i, rule) in exclusions.iter().enumerate() {
        let Some(on) = state(rule, i) else {
            return Err(undefined_option(rule.option));
        };
        if rule.exclude_when == on && str_eq(rule.value, value) {
            return Ok(true);
        }
    }
    Ok(false)
}

/// How many exclusion rules' option states [`enum_value_errors`] looks up
/// once for all the members (any further rule is looked up per member).
const RESOLVED: usize = 8;

/// `Enum`: NotSupported (bad value = the value, no origin, detail
/// `supported values: "a", "b"` listing the sorted members that are not
/// excluded) when the value is not a member or is excluded by an option rule.
/// An exclusion naming an option the strategy did not define gives an
/// InternalError `undefined validation option "X"`. `None` passes.
///
/// ```
/// use apimachinery::{field::Path, operation::Context};
/// use apimachinery::validate::{EnumExclusion, EnumSet, enum_value};
/// static POLICY: EnumSet = EnumSet::new(&["Always", "Never", "OnFailure"]);
/// static EXCL: [EnumExclusion; 1] =
///     [EnumExclusion { value: "OnFailure", exclude_when: false, option: "Retries" }];
/// let p = Path::new("policy");
/// let ctx = Context::create().option("Retries", false);
/// assert!(enum_value(&ctx, &p, Some("Never"), None, &POLICY, &EXCL).is_empty());
/// let errs = enum_value(&ctx, &p, Some("OnFailure"), None, &POLICY, &EXCL);
/// assert_eq!(errs[0].to_string(),
///     r#"policy: Unsupported value: "OnFailure": supported values: "Always", "Never""#);
/// let errs = enum_value(&Context::create(), &p, Some("Never"), None, &POLICY, &EXCL);
/// assert_eq!(errs[0].to_string(), r#"policy: Internal error: undefined validation option "Retries""#);
/// ```
#[inline]
pub fn enum_value(
    ctx: &Context,
    path: &Path<'_>,
    value: Option<&str>,
    _old: Option<&str>,
    valid: &EnumSet,
    exclusions: &[EnumExclusion],
) -> ErrorList {
    let Some(value) = value else {
        return ErrorList::new();
    };
    if member_not_excluded(ctx, value, valid, exclusions) {
        return ErrorList::new();
    }
    let mut errs = ErrorList::new();
    enum_value_errors(ctx, path, value, valid, exclusions, None, &mut errs);
    errs
}

/// The valid case of [`enum_value`]: a member, no exclusion rule excluding
/// it, and every rule's option defined.
#[inline(always)]
fn member_not_excluded(
    ctx: &Context,
    value: &str,
    valid: &EnumSet,
    exclusions: &[EnumExclusion],
) -> bool {
    valid.contains(value) && matches!(is_excluded(ctx, exclusions, value), Ok(false))
}

/// [`enum_value`] appending to `errs` (the form generated code calls),
/// with the error details kept in `details` (which belongs to `valid` and
/// `exclusions`); whether it appended an error.
///
/// ```
/// use apimachinery::{field::{ErrorList, Path}, operation::Context};
/// use apimachinery::validate::{EnumDetails, EnumSet, enum_value, enum_value_into};
/// static SET: EnumSet = EnumSet::new(&["A", "B"]);
/// static DETAILS: EnumDetails = EnumDetails::new();
/// let (p, mut errs) = (Path::new("x"), ErrorList::new());
/// assert!(!enum_value_into(&Context::create(), &p, Some("A"), None, &SET, &[], &DETAILS, &mut errs));
/// assert!(enum_value_into(&Context::create(), &p, Some("C"), None, &SET, &[], &DETAILS, &mut errs));
/// assert_eq!(errs, enum_value(&Context::create(), &p, Some("C"), None, &SET, &[]));
/// ```
#[doc(hidden)]
#[inline(always)]
#[allow(clippy::too_many_arguments)]
pub fn enum_value_into(
    ctx: &Context,
    path: &Path<'_>,
    value: Option<&str>,
    _old: Option<&str>,
    valid: &EnumSet,
    exclusions: &[EnumExclusion],
    details: &'static EnumDetails,
    errs: &mut ErrorList,
) -> bool {
    match value {
        Some(v) if !member_not_excluded(ctx, v, valid, exclusions) => {
            enum_value_errors(ctx, path, v, valid, exclusions, Some(details), errs)
        }
        _ => false,
    }
}

/// The error of [`enum_value`] for a value that is not a valid member (or
/// whose exclusion rules name an undefined option), out of line, appended
/// to `errs` where it is built; returns whether there was one (`false`
/// when the value is valid after all).
#[cold]
#[inline(never)]
fn enum_value_errors(
    ctx: &Context,
    path: &Path<'_>,
    value: &str,
    valid: &EnumSet,
    exclusions: &[EnumExclusion],
    details: Option<&'static EnumDetails>,
    errs: &mut ErrorList,
) -> bool {
    match enum_value_error(ctx, path, value, valid, exclusions, details) {
        Some(e) => {
            push_first_sized(errs, e);
            true
        }
        None => false,
    }
}

/// The error [`enum_value_errors`] appends (inlined into it).
#[inline(always)]
fn enum_value_error(
    ctx: &Context,
    path: &Path<'_>,
    value: &str,
    valid: &EnumSet,
    exclusions: &[EnumExclusion],
    details: Option<&'static EnumDetails>,
) -> Option<Error> {
    // The rules' option states, looked up once for the value and every
    // member rather than once per rule and member (the same answers: a
    // lookup has no effect, and each scan still stops at its first
    // undefined option).
    let mut states = [None; RESOLVED];
    for (s, rule) in states.iter_mut().zip(exclusions) {
        *s = ctx.option_state(rule.option);
    }
    let state = |rule: &EnumExclusion, i: usize| match states.get(i) {
        Some(s) => *s,
        None => ctx.option_state(rule.option),
    };
    let excluded = match excluded_by(exclusions, value, state) {
        Ok(excluded) => excluded,
        Err(cause) => return Some(Error::internal(path, cause)),
    };
    if valid.contains(value) && !excluded {
        return None;
    }
    // The kept detail for the rules in force, when the enum has one slot
    // for them and every rule's option is defined (an undefined one may
    // make the member walk an internal error).
    let slot = details
        .filter(|_| exclusions.len() <= DETAILED_RULES)
        .and_then(|d| rules_in_force(exclusions, &states).map(|i| &d.by_rules_in_force[i]));
    let detail = match slot.and_then(OnceLock::get) {
        Some(kept) => Cow::Borrowed(&**kept),
        None => {
            let built = match supported_detail(valid, exclusions, state) {
                Ok(detail) => detail,
                Err(cause) => return Some(Error::internal(path, cause)),
            };
            match slot {
                Some(slot) => Cow::Borrowed(&**slot.get_or_init(|| built.into())),
                None => built,
            }
        }
    };
    Some(Error::new(
        ErrorType::NotSupported,
        path,
        value.into(),
        detail,
    ))
}

/// Which of `exclusions` (at most [`DETAILED_RULES`]) are in force, as bit
/// `i` for rule `i`, given their options' `states`; `None` when an option
/// is undefined.
#[inline(always)]
fn rules_in_force(exclusions: &[EnumExclusion], states: &[Option<bool>]) -> Option<usize> {
    let mut in_force = 0usize;
    for (i, (rule, s)) in exclusions.iter().zip(states).enumerate() {
        in_force |= usize::from(rule.exclude_when == (*s)?) << i;
    }
    Some(in_force)
}

/// The NotSupported detail listing the members of `valid` that no rule
/// excludes, the option state of the `i`th rule from `state`; the
/// InternalError's cause when a rule's option is undefined.
#[inline(always)]
fn supported_detail(
    valid: &EnumSet,
    exclusions: &[EnumExclusion],
    state: impl Fn(&EnumExclusion, usize) -> Option<bool>,
) -> Result<Cow<'static, str>, String> {
    // The supported members on the stack for a set of up to SUPPORTED
    // members (a vector for larger sets).
    let members = valid.values();
    let mut stack: [&str; SUPPORTED] = [""; SUPPORTED];
    let mut heap: Vec<&str> = Vec::new();
    let mut count = 0;
    for &member in members {
        match excluded_by(exclusions, member, &state)? {
            true => {}
            false if members.len() <= SUPPORTED => {
                stack[count] = member;
                count += 1;
            }
            false => heap.push(member),
        }
    }
    let supported = if members.len() <= SUPPORTED {
        &stack[..count]
    } else {
        heap.as_slice()
    };
    Ok(crate::field::supported_values_detail(supported))
}

/// The largest enum set whose supported members [`enum_value_errors`]
/// collects on the stack.
const SUPPORTED: usize = 16;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::{BadValue, ErrorType};

    static ABC: EnumSet = EnumSet::new(&["A", "B", "C"]);

    #[test]
    fn const_sorting_check() {
        assert!(str_less("A", "B"));
        assert!(str_less("B", "a"));
        assert!(str_less("a", "ab"));
        assert!(!str_less("ab", "ab"));
        assert!(!str_less("b", "ab"));
        let unsorted = std::panic::catch_unwind(|| EnumSet::new(&["b", "a"]));
        assert!(unsorted.is_err());
        let duplicate = std::panic::catch_unwind(|| EnumSet::new(&["a", "a"]));
        assert!(duplicate.is_err());
        assert!(EnumSet::new(&[]).values().is_empty());
    }

    #[test]
    fn members_pass_and_others_are_not_supported() {
        let c = Context::create();
        let p = Path::new("spec");
        let f = p.child("mode");
        for v in ["A", "B", "C"] {
            assert!(enum_value(&c, &f, Some(v), None, &ABC, &[]).is_empty());
        }
        assert!(enum_value(&c, &f, None, None, &ABC, &[]).is_empty());
        let errs = enum_value(&c, &f, Some("a"), None, &ABC, &[]);
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].error_type, ErrorType::NotSupported);
        assert_eq!(errs[0].field, "spec.mode");
        assert_eq!(errs[0].origin, "");
        assert_eq!(errs[0].bad_value, BadValue::from("a"));
        assert_eq!(errs[0].detail, r#"supported values: "A", "B", "C""#);
        // The empty string is not a member unless listed.
        assert_eq!(enum_value(&c, &f, Some(""), None, &ABC, &[]).len(), 1);
    }

    /// The errors with the option states looked up once equal those of
    /// a lookup per rule and member, with rules beyond [`RESOLVED`] too.
    #[test]
    fn resolved_states_give_the_per_member_answers() {
        static SET: EnumSet = EnumSet::new(&["A", "B", "C", "D"]);
        let options = ["O0", "O1", "O2", "O3", "O4", "O5", "O6", "O7", "O8", "O9"];
        let values = ["A", "B", "C", "D"];
        let rules: Vec<EnumExclusion> = (0..RESOLVED + 2)
            .map(|i| EnumExclusion {
                value: values[i % values.len()],
                exclude_when: i % 2 == 0,
                option: options[i],
            })
            .collect();
        let reference = |ctx: &Context, value: &str, rules: &[EnumExclusion]| {
            let p = Path::new("x");
            match is_excluded(ctx, rules, value) {
                Err(cause) => return ErrorList::from(Error::internal(&p, cause)),
                Ok(false) if SET.contains(value) => return ErrorList::new(),
                Ok(_) => {}
            }
            let mut supported = Vec::new();
            for &m in SET.values() {
                match is_excluded(ctx, rules, m) {
                    Ok(true) => {}
                    Ok(false) => supported.push(m),
                    Err(cause) => return ErrorList::from(Error::internal(&p, cause)),
                }
            }
            ErrorList::from(Error::not_supported(&p, value, &supported))
        };
        for defined in [RESOLVED + 2, RESOLVED + 1, 3] {
            for bits in [0u32, 0b10_1010_1010, 0b01_0101_0101, u32::MAX] {
                let mut ctx = Context::create();
                for (i, o) in options.iter().enumerate().take(defined) {
                    ctx = ctx.option(o, bits & (1 << i) != 0);
                }
                for value in ["A", "B", "C", "D", "E"] {
                    let mut errs = ErrorList::new();
                    let pushed = enum_value_errors(
                        &ctx,
                        &Path::new("x"),
                        value,
                        &SET,
                        &rules,
                        None,
                        &mut errs,
                    );
                    assert_eq!(pushed, !errs.is_empty());
                    assert_eq!(
                        errs,
                        reference(&ctx, value, &rules),
                        "{value} with {defined} options defined, states {bits:b}"
                    );
                }
            }
        }
    }

    /// The details kept in an [`EnumDetails`] give the errors built per
    /// error: for every combination of option states (some undefined),
    /// from zero rules to one more than the table covers, on the first
    /// request (building the detail) and the second (reading it).
    #[test]
    fn kept_details_give_the_built_errors() {
        static SET: EnumSet = EnumSet::new(&["A", "B", "C", "D"]);
        let options = ["O0", "O1", "O0", "O2", "O1"];
        let values = ["B", "D", "D", "A", "C"];
        for n in 0..=DETAILED_RULES + 1 {
            let rules: Vec<EnumExclusion> = (0..n)
                .map(|i| EnumExclusion {
                    value: values[i],
                    exclude_when: i % 2 == 0,
                    option: options[i],
                })
                .collect();
            let details: &'static EnumDetails = Box::leak(Box::new(EnumDetails::new()));
            // Each option true, false or undefined.
            for states in 0..27u32 {
                let mut ctx = Context::create();
                for (i, o) in ["O0", "O1", "O2"].iter().enumerate() {
                    match states / 3u32.pow(i as u32) % 3 {
                        0 => ctx = ctx.option(o, false),
                        1 => ctx = ctx.option(o, true),
                        _ => {}
                    }
                }
                for value in ["A", "B", "C", "D", "E", ""] {
                    let p = Path::new("x");
                    let built = enum_value(&ctx, &p, Some(value), None, &SET, &rules);
                    for round in ["building", "reading"] {
                        let mut kept = ErrorList::new();
                        let pushed = enum_value_into(
                            &ctx,
                            &p,
                            Some(value),
                            None,
                            &SET,
                            &rules,
                            details,
                            &mut kept,
                        );
                        assert_eq!(pushed, !kept.is_empty());
                        assert_eq!(
                            kept, built,
                            "{n} rules, states {states}, {value:?}, {round}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn exclusions_follow_option_state() {
        let excl = [
            EnumExclusion {
                value: "B",
                exclude_when: true,
                option: "NoB",
            },
            EnumExclusion {
                value: "C",
                exclude_when: false,
                option: "WithC",
            },
        ];
        let p = Path::new("m");
        let both_off = Context::update()
            .option("NoB", false)
            .option("WithC", false);
        assert!(enum_value(&both_off, &p, Some("B"), None, &ABC, &excl).is_empty());
        let errs = enum_value(&both_off, &p, Some("C"), None, &ABC, &excl);
        assert_eq!(errs[0].error_type, ErrorType::NotSupported);
        assert_eq!(errs[0].detail, r#"supported values: "A", "B""#);

        let both_on = Context::update().option("NoB", true).option("WithC", true);
        assert!(enum_value(&both_on, &p, Some("C"), None, &ABC, &excl).is_empty());
        let errs = enum_value(&both_on, &p, Some("B"), None, &ABC, &excl);
        assert_eq!(errs[0].detail, r#"supported values: "A", "C""#);
        let errs = enum_value(&both_on, &p, Some("Z"), None, &ABC, &excl);
        assert_eq!(errs[0].detail, r#"supported values: "A", "C""#);
    }

    #[test]
    fn several_rules_for_one_value_exclude_if_any_matches() {
        static ABCD: EnumSet = EnumSet::new(&["A", "B", "C", "D"]);
        let excl = [
            EnumExclusion {
                value: "A",
                exclude_when: true,
                option: "X",
            },
            EnumExclusion {
                value: "B",
                exclude_when: false,
                option: "Y",
            },
            EnumExclusion {
                value: "D",
                exclude_when: true,
                option: "X",
            },
            EnumExclusion {
                value: "D",
                exclude_when: false,
                option: "Y",
            },
        ];
        let p = Path::new("f");
        // (X, Y, value, expected supported list or None if valid)
        let cases: [(bool, bool, &str, Option<&str>); 10] = [
            (false, false, "A", None),
            (false, false, "B", Some(r#""A", "C""#)),
            (false, false, "D", Some(r#""A", "C""#)),
            (true, false, "A", Some(r#""C""#)),
            (true, false, "D", Some(r#""C""#)),
            (false, true, "B", None),
            (false, true, "D", None),
            (true, true, "D", Some(r#""B", "C""#)),
            (true, true, "A", Some(r#""B", "C""#)),
            (true, true, "B", None),
        ];
        for (x, y, value, want) in cases {
            let ctx = Context::create().option("X", x).option("Y", y);
            let errs = enum_value(&ctx, &p, Some(value), None, &ABCD, &excl);
            match want {
                None => assert!(errs.is_empty(), "{x} {y} {value}: {errs:?}"),
                Some(list) => {
                    assert_eq!(errs.len(), 1, "{x} {y} {value}");
                    assert_eq!(
                        errs[0].to_string(),
                        format!(r#"f: Unsupported value: "{value}": supported values: {list}"#)
                    );
                }
            }
        }
    }

    #[test]
    fn undefined_options_are_internal_errors() {
        let excl = [
            EnumExclusion {
                value: "A",
                exclude_when: true,
                option: "Defined",
            },
            EnumExclusion {
                value: "B",
                exclude_when: true,
                option: "Missing",
            },
        ];
        let p = Path::new("m");
        let ctx = Context::create().option("Defined", true);
        // Every value reaching the undefined rule is an internal error,
        // even a valid one.
        let errs = enum_value(&ctx, &p, Some("C"), None, &ABC, &excl);
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].error_type, ErrorType::Internal);
        assert_eq!(errs[0].field, "m");
        assert_eq!(errs[0].detail, r#"undefined validation option "Missing""#);
        assert_eq!(
            errs[0].to_string(),
            r#"m: Internal error: undefined validation option "Missing""#
        );
        // "A" is excluded by the first rule before the undefined one is
        // reached, but listing the supported values reaches it.
        let errs = enum_value(&ctx, &p, Some("A"), None, &ABC, &excl);
        assert_eq!(errs[0].error_type, ErrorType::Internal);
        assert!(enum_value(&ctx, &p, None, None, &ABC, &excl).is_empty());
    }

    /// The supported list is the same whether it is collected on the
    /// stack (up to [`SUPPORTED`] members) or in a vector, one exclusion
    /// rule taking out the first member.
    #[test]
    fn supported_members_at_every_size() {
        let names: Vec<&'static str> = (0..SUPPORTED + 3)
            .map(|i| &*Box::leak(format!("M{i:02}").into_boxed_str()))
            .collect();
        let ctx = Context::create().option("Off", false);
        let p = Path::new("m");
        for n in 1..=names.len() {
            let set = EnumSet::new(Box::leak(names[..n].to_vec().into_boxed_slice()));
            let excl = [EnumExclusion {
                value: names[0],
                exclude_when: false,
                option: "Off",
            }];
            let errs = enum_value(&ctx, &p, Some("other"), None, &set, &excl);
            assert_eq!(
                errs,
                ErrorList::from(Error::not_supported(&p, "other", &names[1..n])),
                "{n} members"
            );
        }
    }

    #[test]
    fn contains_scan_agrees_with_the_search_at_every_size() {
        let names: Vec<&'static str> = (0..2 * ENUM_SCAN)
            .map(|i| &*Box::leak(format!("V{i:02}").into_boxed_str()))
            .collect();
        for n in 0..names.len() {
            let set = EnumSet::new(Box::leak(names[..n].to_vec().into_boxed_slice()));
            for probe in [
                "V00", "V01", "V07", "V15", "V16", "V31", "V", "", "V000", "v00",
            ] {
                assert_eq!(
                    set.contains(probe),
                    names[..n].binary_search(&probe).is_ok(),
                    "{n} {probe}"
                );
            }
        }
    }
}
