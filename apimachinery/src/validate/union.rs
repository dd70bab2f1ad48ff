//! Unions: exactly one member set (`+k8s:unionMember`), exactly one member
//! set and matching a discriminator (`+k8s:unionDiscriminator`), and at most
//! one member set (`+k8s:zeroOrOneOfMember`) — Kubernetes' `Union`,
//! `DiscriminatedUnion` and `ZeroOrOneOfUnion`.
//!
//! # Calling convention
//!
//! The membership is a `static` built with `const fn`s. Set-ness is given
//! per member as an extractor `fn(&T) -> bool` on the struct holding the
//! union, in membership order; generated code passes a slice of
//! non-capturing closures (`&[|o| o.a.is_some(), |o| !o.b.is_empty()]`),
//! which coerce to `fn` pointers, so a call allocates nothing unless it
//! reports an error. An extractor count different from the member count is
//! an `InternalError`, as in Kubernetes.
//!
//! # Ratcheting
//!
//! On update with an old struct, when every member's set-ness (and, for a
//! discriminated union, the discriminator value) is the same as in the old
//! struct, no error is reported, even if the old struct was already invalid.

use super::push_first_sized;
use crate::field::{BadValue, Error, ErrorList, Path, go_quote_into};
use crate::operation::Context;
use crate::text_eq::str_eq;

/// One member of a union: its JSON field name and, in a discriminated
/// union, the discriminator value that selects it.
///
/// ```
/// use apimachinery::validate::UnionMember;
/// const A: UnionMember = UnionMember::new("a");
/// const B: UnionMember = UnionMember::discriminated("b", "B");
/// assert_eq!(A.field_name, "a");
/// assert_eq!(B.discriminator_value, "B");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnionMember {
    /// The member's JSON field name, as shown in errors.
    pub field_name: &'static str,
    /// The discriminator value selecting this member (`""` outside a
    /// discriminated union).
    pub discriminator_value: &'static str,
}

impl UnionMember {
    /// A member of a non-discriminated union (Kubernetes' `NewUnionMember`).
    ///
    /// ```
    /// assert_eq!(apimachinery::validate::UnionMember::new("a").discriminator_value, "");
    /// ```
    pub const fn new(field_name: &'static str) -> UnionMember {
        UnionMember {
            field_name,
            discriminator_value: "",
        }
    }

    /// A member of a discriminated union (`NewDiscriminatedUnionMember`).
    ///
    /// ```
    /// let m = apimachinery::validate::UnionMember::discriminated("exec", "Exec");
    /// assert_eq!((m.field_name, m.discriminator_value), ("exec", "Exec"));
    /// ```
    pub const fn discriminated(
        field_name: &'static str,
        discriminator_value: &'static str,
    ) -> UnionMember {
        UnionMember {
            field_name,
            discriminator_value,
        }
    }
}

/// The ordered members of a union and, for a discriminated union, the JSON
/// name of the discriminator field (Kubernetes' `UnionMembership`).
///
/// ```
/// use apimachinery::validate::{UnionMember, UnionMembership};
/// static PLAIN: UnionMembership =
///     UnionMembership::new(&[UnionMember::new("a"), UnionMember::new("b")]);
/// static TYPED: UnionMembership = UnionMembership::discriminated(
///     "type",
///     &[UnionMember::discriminated("a", "A"), UnionMember::discriminated("b", "B")],
/// );
/// assert_eq!(PLAIN.members.len(), 2);
/// assert_eq!(TYPED.discriminator_name, "type");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UnionMembership {
    /// The discriminator's JSON name (`""` for a non-discriminated union).
    pub discriminator_name: &'static str,
    /// The members, in the order their extractors are passed.
    pub members: &'static [UnionMember],
}

impl UnionMembership {
    /// A non-discriminated union (`NewUnionMembership`).
    ///
    /// ```
    /// use apimachinery::validate::{UnionMember, UnionMembership};
    /// const U: UnionMembership = UnionMembership::new(&[UnionMember::new("a")]);
    /// assert_eq!(U.discriminator_name, "");
    /// ```
    pub const fn new(members: &'static [UnionMember]) -> UnionMembership {
        UnionMembership {
            discriminator_name: "",
            members,
        }
    }

    /// A discriminated union (`NewDiscriminatedUnionMembership`).
    ///
    /// ```
    /// use apimachinery::validate::{UnionMember, UnionMembership};
    /// const U: UnionMembership =
    ///     UnionMembership::discriminated("mode", &[UnionMember::discriminated("a", "A")]);
    /// assert_eq!(U.members[0].discriminator_value, "A");
    /// ```
    pub const fn discriminated(
        discriminator_name: &'static str,
        members: &'static [UnionMember],
    ) -> UnionMembership {
        UnionMembership {
            discriminator_name,
            members,
        }
    }

    /// Every member name in backticks, joined by `, ` (as error details list them).
    fn all_fields(&self) -> String {
        join(self.members.iter().map(|m| format!("`{}`", m.field_name)))
    }

    /// The names of the members whose bit is set, as Kubernetes' bad value
    /// `{a, b}`.
    fn specified(&self, set: impl Fn(usize) -> bool) -> String {
        let names = self
            .members
            .iter()
            .enumerate()
            .filter(|(i, _)| set(*i))
            .map(|(_, m)| m.field_name.to_string());
        format!("{{{}}}", join(names))
    }
}

fn join(parts: impl Iterator<Item = String>) -> String {
    parts.collect::<Vec<_>>().join(", ")
}

/// An extractor saying whether one union member is set in a struct
/// (Kubernetes' `ExtractorFn[T, bool]`).
///
/// ```
/// use apimachinery::validate::IsSetFn;
/// struct S { a: Option<i32> }
/// let f: IsSetFn<S> = |s| s.a.is_some();
/// assert!(f(&S { a: Some(1) }));
/// ```
pub type IsSetFn<T> = fn(&T) -> bool;

/// An extractor returning the discriminator value of a struct (an empty
/// string when unset).
///
/// ```
/// use apimachinery::validate::DiscriminatorFn;
/// struct S { kind: Option<String> }
/// let f: DiscriminatorFn<S> = |s| s.kind.as_deref().unwrap_or("");
/// assert_eq!(f(&S { kind: None }), "");
/// ```
pub type DiscriminatorFn<T> = fn(&T) -> &str;

/// The `InternalError` for an extractor count that does not match the
/// membership.
fn count_mismatch(path: &Path<'_>, extractors: usize, members: usize) -> Option<Error> {
    (extractors != members).then(|| {
        Error::internal(
            path,
            format!(
                "number of extractors ({extractors}) does not match number of union members ({members})"
            ),
        )
    })
}

/// Whether a union is unchanged on update: there is an old struct and
/// every member's set-ness is the same in it.
fn set_ness_unchanged<T: ?Sized>(
    ctx: &Context,
    obj: &T,
    old: Option<&T>,
    is_set: &[IsSetFn<T>],
) -> bool {
    match old {
        Some(old) if ctx.is_update() => is_set.iter().all(|f| f(obj) == f(old)),
        _ => false,
    }
}

/// What a union reports, given the number of members set.
enum Rule {
    ExactlyOne,
    ZeroOrOne,
}

fn validate_union<T: ?Sized>(
    ctx: &Context,
    path: &Path<'_>,
    obj: &T,
    old: Option<&T>,
    union: &UnionMembership,
    is_set: &[IsSetFn<T>],
    rule: Rule,
) -> ErrorList {
    if let Some(e) = count_mismatch(path, is_set.len(), union.members.len()) {
        return ErrorList::from(e);
    }
    if set_ness_unchanged(ctx, obj, old, is_set) {
        return ErrorList::new();
    }
    let count = is_set.iter().filter(|f| f(obj)).count();
    // Names are formatted only when an error is reported.
    let specified = || BadValue::from(union.specified(|i| is_set[i](obj)));
    match (rule, count) {
        (_, 1) | (Rule::ZeroOrOne, 0) => ErrorList::new(),
        (Rule::ExactlyOne, 0) => ErrorList::from(Error::invalid(
            path,
            "",
            format!("must specify one of: {}", union.all_fields()),
        )),
        (Rule::ExactlyOne, _) => ErrorList::from(Error::invalid(
            path,
            specified(),
            format!("must specify exactly one of: {}", union.all_fields()),
        )),
        (Rule::ZeroOrOne, _) => ErrorList::from(
            Error::invalid(
                path,
                specified(),
                format!("must specify at most one of: {}", union.all_fields()),
            )
            .with_origin("zeroOrOneOf"),
        ),
    }
}

/// Checks that exactly one member of a union is set (Kubernetes' `Union`).
///
/// None set: `Invalid` at `path` with bad value `""` and detail
/// ``must specify one of: `a`, `b` ``. Several set: `Invalid` at `path`
/// with bad value `"{a, b}"` (the set members) and detail
/// ``must specify exactly one of: `a`, `b` ``. Every error, including the
/// extractor-count `InternalError`, has origin `union`. Ratchets as
/// described in the [module docs](self).
///
/// ```
/// use apimachinery::field::Path;
/// use apimachinery::operation::Context;
/// use apimachinery::validate::{UnionMember, UnionMembership, union};
///
/// struct Source { a: Option<i32>, b: String }
/// static MEMBERS: UnionMembership =
///     UnionMembership::new(&[UnionMember::new("a"), UnionMember::new("b")]);
/// let spec = Path::new("spec");
/// let both = Source { a: Some(1), b: "x".into() };
/// let errs = union(&Context::create(), &spec, &both, None, &MEMBERS,
///     &[|s| s.a.is_some(), |s| !s.b.is_empty()]);
/// assert_eq!(errs.to_string(),
///     r#"spec: Invalid value: "{a, b}": must specify exactly one of: `a`, `b`"#);
/// assert_eq!(errs[0].origin, "union");
/// ```
pub fn union<T: ?Sized>(
    ctx: &Context,
    path: &Path<'_>,
    obj: &T,
    old: Option<&T>,
    union: &UnionMembership,
    is_set: &[IsSetFn<T>],
) -> ErrorList {
    validate_union(ctx, path, obj, old, union, is_set, Rule::ExactlyOne).with_origin("union")
}

/// Checks that at most one member of a union is set (Kubernetes'
/// `ZeroOrOneOfUnion`).
///
/// Several set: `Invalid` at `path`, bad value `"{a, b}"`, detail
/// ``must specify at most one of: `a`, `b` ``, origin `zeroOrOneOf`. The
/// extractor-count `InternalError` has no origin. Ratchets as described in
/// the [module docs](self).
///
/// ```
/// use apimachinery::field::Path;
/// use apimachinery::operation::Context;
/// use apimachinery::validate::{UnionMember, UnionMembership, zero_or_one_of_union};
///
/// struct S { a: bool, b: bool }
/// static MEMBERS: UnionMembership =
///     UnionMembership::new(&[UnionMember::new("a"), UnionMember::new("b")]);
/// let p = Path::new("spec");
/// let none = S { a: false, b: false };
/// assert!(zero_or_one_of_union(&Context::create(), &p, &none, None, &MEMBERS,
///     &[|s| s.a, |s| s.b]).is_empty());
/// let both = S { a: true, b: true };
/// let errs = zero_or_one_of_union(&Context::create(), &p, &both, None, &MEMBERS,
///     &[|s| s.a, |s| s.b]);
/// assert_eq!(errs[0].detail, "must specify at most one of: `a`, `b`");
/// assert_eq!(errs[0].origin, "zeroOrOneOf");
/// ```
pub fn zero_or_one_of_union<T: ?Sized>(
    ctx: &Context,
    path: &Path<'_>,
    obj: &T,
    old: Option<&T>,
    union: &UnionMembership,
    is_set: &[IsSetFn<T>],
) -> ErrorList {
    validate_union(ctx, path, obj, old, union, is_set, Rule::ZeroOrOne)
}

/// Checks that the members set agree with the discriminator (Kubernetes'
/// `DiscriminatedUnion`).
///
/// For each member, in order, at `path.<member>` with bad value `""` and
/// origin `union`: set while the discriminator selects another member →
/// ``may only be specified when `disc` is "A" `` (the member's value);
/// unset while the discriminator selects it → ``must be specified when
/// `disc` is "A" ``. An unknown discriminator value is not an error here
/// (the discriminator's own validation reports it). The extractor-count
/// `InternalError` has no origin. On update with an old struct, nothing is
/// reported when the discriminator and every member's set-ness are unchanged.
///
/// ```
/// use apimachinery::field::Path;
/// use apimachinery::operation::Context;
/// use apimachinery::validate::{UnionMember, UnionMembership, discriminated_union};
///
/// struct Handler { kind: String, exec: Option<String>, http: Option<String> }
/// static MEMBERS: UnionMembership = UnionMembership::discriminated("type", &[
///     UnionMember::discriminated("exec", "Exec"),
///     UnionMember::discriminated("http", "HTTP"),
/// ]);
/// let h = Handler { kind: "Exec".into(), exec: None, http: Some("x".into()) };
/// let p = Path::new("handler");
/// let errs = discriminated_union(&Context::create(), &p, &h, None, &MEMBERS,
///     |h| h.kind.as_str(), &[|h| h.exec.is_some(), |h| h.http.is_some()]);
/// assert_eq!(errs.to_string(), concat!(
///     r#"[handler.exec: Invalid value: "": must be specified when `type` is "Exec", "#,
///     r#"handler.http: Invalid value: "": may only be specified when `type` is "HTTP"]"#));
/// ```
#[inline]
pub fn discriminated_union<T: ?Sized>(
    ctx: &Context,
    path: &Path<'_>,
    obj: &T,
    old: Option<&T>,
    union: &UnionMembership,
    discriminator: DiscriminatorFn<T>,
    is_set: &[IsSetFn<T>],
) -> ErrorList {
    // The common case, inlined: every member is set exactly when the
    // discriminator selects it, so there is nothing to report (whatever the
    // ratcheting, which only ever removes errors).
    if is_set.len() == union.members.len() {
        let value = discriminator(obj);
        if union
            .members
            .iter()
            .zip(is_set)
            .all(|(member, set)| set(obj) == str_eq(value, member.discriminator_value))
        {
            return ErrorList::new();
        }
    }
    discriminated_union_errors(ctx, path, obj, old, union, discriminator, is_set)
}

/// [`discriminated_union`] when a member disagrees with the discriminator
/// (or the extractors do not match the members): the ratcheting and the
/// errors, out of line.
#[cold]
#[inline(never)]
fn discriminated_union_errors<T: ?Sized>(
    ctx: &Context,
    path: &Path<'_>,
    obj: &T,
    old: Option<&T>,
    union: &UnionMembership,
    discriminator: DiscriminatorFn<T>,
    is_set: &[IsSetFn<T>],
) -> ErrorList {
    if let Some(e) = count_mismatch(path, is_set.len(), union.members.len()) {
        return ErrorList::from(e);
    }
    let value = discriminator(obj);
    if let Some(o) = old
        && ctx.is_update()
        && str_eq(discriminator(o), value)
        && set_ness_unchanged(ctx, obj, old, is_set)
    {
        return ErrorList::new();
    }
    let mut errs = ErrorList::new();
    for (member, set) in union.members.iter().zip(is_set) {
        let selected = str_eq(value, member.discriminator_value);
        let detail = match (set(obj), selected) {
            (true, false) => member_detail(
                "may only be specified when `",
                union.discriminator_name,
                member.discriminator_value,
            ),
            (false, true) => {
                member_detail("must be specified when `", union.discriminator_name, value)
            }
            _ => continue,
        };
        let field = path.child(member.field_name);
        push_first_sized(
            &mut errs,
            Error::invalid(&field, "", detail).with_origin("union"),
        );
    }
    errs
}

/// A member's detail, ``<lead><discriminator>` is "<value>"``, written
/// into one string of the right size (no formatting machinery, no second
/// string for the quoted value).
fn member_detail(lead: &str, discriminator: &str, value: &str) -> String {
    let mut detail = String::with_capacity(lead.len() + discriminator.len() + value.len() + 7);
    detail.push_str(lead);
    detail.push_str(discriminator);
    detail.push_str("` is ");
    go_quote_into(value, &mut detail);
    detail
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::ErrorType;

    #[derive(Default, Clone)]
    struct Abc {
        kind: String,
        a: Option<i32>,
        b: String,
        c: Vec<i32>,
    }

    static ABC: UnionMembership = UnionMembership::new(&[
        UnionMember::new("a"),
        UnionMember::new("b"),
        UnionMember::new("c"),
    ]);

    static TYPED: UnionMembership = UnionMembership::discriminated(
        "kind",
        &[
            UnionMember::discriminated("a", "A"),
            UnionMember::discriminated("b", "B"),
            UnionMember::discriminated("c", "C"),
        ],
    );

    const IS_SET: [IsSetFn<Abc>; 3] = [|o| o.a.is_some(), |o| !o.b.is_empty(), |o| !o.c.is_empty()];

    fn kind(o: &Abc) -> &str {
        &o.kind
    }

    fn abc(kind: &str, a: bool, b: bool, c: bool) -> Abc {
        Abc {
            kind: kind.to_string(),
            a: a.then_some(1),
            b: if b { "x".to_string() } else { String::new() },
            c: if c { vec![1] } else { vec![] },
        }
    }

    #[test]
    fn union_exactly_one() {
        let p = Path::new("spec");
        let ctx = Context::create();
        for (a, b, c) in [
            (true, false, false),
            (false, true, false),
            (false, false, true),
        ] {
            assert!(union(&ctx, &p, &abc("", a, b, c), None, &ABC, &IS_SET).is_empty());
        }
        let errs = union(&ctx, &p, &abc("", false, false, false), None, &ABC, &IS_SET);
        assert_eq!(errs.len(), 1);
        let e = &errs[0];
        assert_eq!(e.error_type, ErrorType::Invalid);
        assert_eq!(e.field, "spec");
        assert_eq!(e.origin, "union");
        assert_eq!(e.bad_value, BadValue::from(""));
        assert_eq!(e.detail, "must specify one of: `a`, `b`, `c`");

        let errs = union(&ctx, &p, &abc("", true, false, true), None, &ABC, &IS_SET);
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].bad_value, BadValue::from("{a, c}"));
        assert_eq!(errs[0].detail, "must specify exactly one of: `a`, `b`, `c`");
        assert_eq!(errs[0].origin, "union");
        let errs = union(&ctx, &p, &abc("", true, true, true), None, &ABC, &IS_SET);
        assert_eq!(errs[0].bad_value, BadValue::from("{a, b, c}"));
    }

    #[test]
    fn union_at_root_path() {
        let errs = union(
            &Context::create(),
            &Path::root(),
            &abc("", false, false, false),
            None,
            &ABC,
            &IS_SET,
        );
        assert_eq!(
            errs.to_string(),
            r#"<nil>: Invalid value: "": must specify one of: `a`, `b`, `c`"#
        );
    }

    #[test]
    fn union_ratcheting() {
        let p = Path::new("spec");
        let up = Context::update();
        let none = abc("", false, false, false);
        let two = abc("", true, true, false);
        // Unchanged set-ness (even if values changed, even if invalid): skipped.
        assert!(union(&up, &p, &none, Some(&none), &ABC, &IS_SET).is_empty());
        let mut two_changed = two.clone();
        two_changed.b = "other".into();
        assert!(union(&up, &p, &two_changed, Some(&two), &ABC, &IS_SET).is_empty());
        // Changed set-ness: validated.
        assert_eq!(union(&up, &p, &two, Some(&none), &ABC, &IS_SET).len(), 1);
        let other_two = abc("", false, true, true);
        assert_eq!(
            union(&up, &p, &other_two, Some(&two), &ABC, &IS_SET).len(),
            1
        );
        // No old struct: validated.
        assert_eq!(union(&up, &p, &none, None, &ABC, &IS_SET).len(), 1);
        // Create never ratchets.
        assert_eq!(
            union(&Context::create(), &p, &none, Some(&none), &ABC, &IS_SET).len(),
            1
        );
    }

    #[test]
    fn extractor_count_mismatch_is_internal_error() {
        let p = Path::new("spec");
        let ctx = Context::create();
        let o = abc("A", true, false, false);
        let errs = union(&ctx, &p, &o, None, &ABC, &IS_SET[..2]);
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].error_type, ErrorType::Internal);
        assert_eq!(
            errs[0].detail,
            "number of extractors (2) does not match number of union members (3)"
        );
        assert_eq!(errs[0].origin, "union");
        let errs = zero_or_one_of_union(&ctx, &p, &o, None, &ABC, &IS_SET[..1]);
        assert_eq!(errs[0].error_type, ErrorType::Internal);
        assert_eq!(
            errs[0].detail,
            "number of extractors (1) does not match number of union members (3)"
        );
        assert_eq!(errs[0].origin, "");
        let errs = discriminated_union(&ctx, &p, &o, None, &TYPED, kind, &[]);
        assert_eq!(errs[0].error_type, ErrorType::Internal);
        assert_eq!(
            errs[0].detail,
            "number of extractors (0) does not match number of union members (3)"
        );
        assert_eq!(errs[0].origin, "");
        assert_eq!(errs[0].field, "spec");
    }

    #[test]
    fn zero_or_one() {
        let p = Path::new("spec");
        let ctx = Context::create();
        assert!(
            zero_or_one_of_union(&ctx, &p, &abc("", false, false, false), None, &ABC, &IS_SET)
                .is_empty()
        );
        assert!(
            zero_or_one_of_union(&ctx, &p, &abc("", false, true, false), None, &ABC, &IS_SET)
                .is_empty()
        );
        let errs = zero_or_one_of_union(&ctx, &p, &abc("", false, true, true), None, &ABC, &IS_SET);
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].error_type, ErrorType::Invalid);
        assert_eq!(errs[0].field, "spec");
        assert_eq!(errs[0].origin, "zeroOrOneOf");
        assert_eq!(errs[0].bad_value, BadValue::from("{b, c}"));
        assert_eq!(errs[0].detail, "must specify at most one of: `a`, `b`, `c`");
        // Ratcheting.
        let two = abc("", false, true, true);
        let up = Context::update();
        assert!(zero_or_one_of_union(&up, &p, &two, Some(&two), &ABC, &IS_SET).is_empty());
        let one = abc("", false, true, false);
        assert_eq!(
            zero_or_one_of_union(&up, &p, &two, Some(&one), &ABC, &IS_SET).len(),
            1
        );
    }

    #[test]
    fn item_selected_member_names_are_rendered_verbatim() {
        static CONDS: UnionMembership = UnionMembership::new(&[
            UnionMember::new(r#"conditions[{"type": "Approved"}]"#),
            UnionMember::new(r#"conditions[{"type": "Denied"}]"#),
        ]);
        struct St {
            approved: bool,
            denied: bool,
        }
        let status = Path::new("status");
        let errs = zero_or_one_of_union(
            &Context::create(),
            &status,
            &St {
                approved: true,
                denied: true,
            },
            None,
            &CONDS,
            &[|s| s.approved, |s| s.denied],
        );
        assert_eq!(
            errs[0].detail,
            r#"must specify at most one of: `conditions[{"type": "Approved"}]`, `conditions[{"type": "Denied"}]`"#
        );
    }

    #[test]
    fn member_detail_quotes_the_value_as_go_does() {
        for value in ["A", "", "a\"b", "tab\there", "é\u{7f}"] {
            assert_eq!(
                member_detail("must be specified when `", "kind", value),
                format!(
                    "must be specified when `kind` is {}",
                    crate::field::go_quote(value)
                )
            );
        }
    }

    #[test]
    fn discriminated_union_errors_per_member() {
        let p = Path::new("spec");
        let ctx = Context::create();
        assert!(
            discriminated_union(
                &ctx,
                &p,
                &abc("A", true, false, false),
                None,
                &TYPED,
                kind,
                &IS_SET
            )
            .is_empty()
        );
        let errs = discriminated_union(
            &ctx,
            &p,
            &abc("B", true, false, true),
            None,
            &TYPED,
            kind,
            &IS_SET,
        );
        let rendered: Vec<(String, String, String)> = errs
            .iter()
            .map(|e| (e.field.clone(), e.detail.to_string(), e.origin.to_string()))
            .collect();
        assert_eq!(
            rendered,
            [
                (
                    "spec.a".to_string(),
                    r#"may only be specified when `kind` is "A""#.to_string(),
                    "union".to_string()
                ),
                (
                    "spec.b".to_string(),
                    r#"must be specified when `kind` is "B""#.to_string(),
                    "union".to_string()
                ),
                (
                    "spec.c".to_string(),
                    r#"may only be specified when `kind` is "C""#.to_string(),
                    "union".to_string()
                ),
            ]
        );
        assert!(
            errs.iter()
                .all(|e| e.error_type == ErrorType::Invalid && e.bad_value == BadValue::from(""))
        );
        // Unknown discriminator: only the set members are reported.
        let errs = discriminated_union(
            &ctx,
            &p,
            &abc("Z", false, true, false),
            None,
            &TYPED,
            kind,
            &IS_SET,
        );
        assert_eq!(errs.len(), 1);
        assert_eq!(
            errs[0].detail,
            r#"may only be specified when `kind` is "B""#
        );
        // Nothing set, empty discriminator: nothing selected, nothing reported.
        assert!(
            discriminated_union(
                &ctx,
                &p,
                &abc("", false, false, false),
                None,
                &TYPED,
                kind,
                &IS_SET
            )
            .is_empty()
        );
    }

    #[test]
    fn discriminated_union_quotes_like_go() {
        static Q: UnionMembership =
            UnionMembership::discriminated("t", &[UnionMember::discriminated("a", "x\"y")]);
        let errs = discriminated_union(
            &Context::create(),
            &Path::new("s"),
            &abc("", true, false, false),
            None,
            &Q,
            kind,
            &IS_SET[..1],
        );
        assert_eq!(
            errs[0].detail,
            r#"may only be specified when `t` is "x\"y""#
        );
    }

    #[test]
    fn discriminated_union_ratcheting() {
        let p = Path::new("spec");
        let up = Context::update();
        let bad = abc("B", true, false, false);
        // Unchanged discriminator and set-ness: skipped.
        let mut bad_changed_value = bad.clone();
        bad_changed_value.a = Some(7);
        assert!(
            discriminated_union(
                &up,
                &p,
                &bad_changed_value,
                Some(&bad),
                &TYPED,
                kind,
                &IS_SET
            )
            .is_empty()
        );
        // Discriminator changed: validated.
        let bad_other_kind = abc("C", true, false, false);
        assert_eq!(
            discriminated_union(&up, &p, &bad_other_kind, Some(&bad), &TYPED, kind, &IS_SET).len(),
            2
        );
        // Set-ness changed: validated.
        let bad_more = abc("B", true, false, true);
        assert_eq!(
            discriminated_union(&up, &p, &bad_more, Some(&bad), &TYPED, kind, &IS_SET).len(),
            3
        );
        // No old struct: validated.
        assert_eq!(
            discriminated_union(&up, &p, &bad, None, &TYPED, kind, &IS_SET).len(),
            2
        );
    }
}
