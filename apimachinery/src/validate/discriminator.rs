//! Per-mode validation of a struct member selected by a discriminator field
//! (Kubernetes' `Discriminated`, generated for `+k8s:modeDiscriminator` /
//! `+k8s:ifMode`).

use crate::field::{ErrorList, Path};
use crate::operation::Context;

/// A validator of one (nilable) member value, as the nested validators of
/// the calling convention: `(ctx, path, value, old_value)`.
///
/// ```
/// use apimachinery::field::{Error, ErrorList, Path};
/// use apimachinery::operation::Context;
/// use apimachinery::validate::MemberValidator;
/// let forbid: MemberValidator<'_, i32> = &|_, p, v, _| match v {
///     Some(_) => ErrorList::from(Error::forbidden(p, "")),
///     None => ErrorList::new(),
/// };
/// assert_eq!(forbid(&Context::create(), &Path::new("x"), Some(&1), None).len(), 1);
/// ```
pub type MemberValidator<'r, F> =
    &'r dyn Fn(&Context, &Path<'_>, Option<&F>, Option<&F>) -> ErrorList;

/// The validation to apply when the discriminator equals `value`
/// (Kubernetes' `DiscriminatedRule`); `validation: None` means "nothing to
/// check for this mode".
///
/// ```
/// use apimachinery::field::ErrorList;
/// use apimachinery::validate::DiscriminatedRule;
/// let rule: DiscriminatedRule<'_, i32, &str> = DiscriminatedRule {
///     value: "Manual",
///     validation: Some(&|_, _, _, _| ErrorList::new()),
/// };
/// assert_eq!(rule.value, "Manual");
/// ```
pub struct DiscriminatedRule<'r, F: ?Sized, D> {
    /// The discriminator value this rule applies to.
    pub value: D,
    /// The validation of the member for that value.
    pub validation: Option<MemberValidator<'r, F>>,
}

/// Validates the member `field_name` of a struct according to the
/// discriminator's value, at `struct_path.field_name`.
///
/// The first rule whose `value` equals the discriminator applies (a rule
/// with no validation means nothing is checked); when no rule matches,
/// `default` applies (typically a "forbidden" check). The validator gets
/// the member's value and, when there is an old struct, its old value.
///
/// Ratcheting: on update with an old struct, when the discriminator is
/// unchanged and `equiv(value, old_value)` holds (it may receive `None`s),
/// nothing is validated.
///
/// ```
/// use apimachinery::field::{Error, ErrorList, Path};
/// use apimachinery::operation::Context;
/// use apimachinery::validate::{DiscriminatedRule, direct_equal_nilable, discriminated};
///
/// struct Policy { mode: String, replicas: Option<i32> }
/// let forbidden = |_: &Context, p: &Path<'_>, v: Option<&i32>, _: Option<&i32>| match v {
///     Some(_) => ErrorList::from(Error::forbidden(p, "")),
///     None => ErrorList::new(),
/// };
/// let required = |_: &Context, p: &Path<'_>, v: Option<&i32>, _: Option<&i32>| match v {
///     None => ErrorList::from(Error::required(p, "")),
///     Some(_) => ErrorList::new(),
/// };
/// let rules = [DiscriminatedRule { value: "Scaled", validation: Some(&required) }];
/// let spec = Path::new("spec");
/// let run = |p: &Policy| discriminated(&Context::create(), &spec, p, None, "replicas",
///     |p| p.replicas.as_ref(), |p| p.mode.as_str(), direct_equal_nilable,
///     Some(&forbidden), &rules);
/// let scaled = Policy { mode: "Scaled".into(), replicas: None };
/// assert_eq!(run(&scaled).to_string(), "spec.replicas: Required value");
/// let fixed = Policy { mode: "Fixed".into(), replicas: Some(3) };
/// assert_eq!(run(&fixed).to_string(), "spec.replicas: Forbidden");
/// ```
#[allow(clippy::too_many_arguments)] // the shape of Kubernetes' Discriminated
pub fn discriminated<'s, S, F, D, G, H, E>(
    ctx: &Context,
    struct_path: &Path<'_>,
    obj: &'s S,
    old: Option<&'s S>,
    field_name: &str,
    get_member: G,
    get_discriminator: H,
    equiv: E,
    default: Option<MemberValidator<'_, F>>,
    rules: &[DiscriminatedRule<'_, F, D>],
) -> ErrorList
where
    S: ?Sized,
    F: ?Sized + 's,
    D: PartialEq,
    G: Fn(&'s S) -> Option<&'s F>,
    H: Fn(&'s S) -> D,
    E: Fn(Option<&F>, Option<&F>) -> bool,
{
    let mut errs = ErrorList::new();
    discriminated_into(
        ctx,
        struct_path,
        obj,
        old,
        field_name,
        get_member,
        get_discriminator,
        equiv,
        |ctx, path, discriminator, value, old_value, errs| {
            let validation = match rules.iter().find(|r| r.value == discriminator) {
                Some(rule) => rule.validation,
                None => default,
            };
            if let Some(validate) = validation {
                errs.extend_from(validate(ctx, path, value, old_value));
            }
        },
        &mut errs,
    );
    errs
}

/// [`discriminated`] appending to `errs` (the form generated code calls),
/// with the rule selection left to `validate`: it gets the discriminator's
/// value, the member's path, value and old value, and the sink, and runs
/// the rule of that value (or the default). No rule table, no dynamic
/// call, no list per member. Whether it appended an error.
///
/// The ratcheting is [`discriminated`]'s: on update with an old struct, an
/// unchanged discriminator and `equiv(value, old_value)`, nothing runs.
///
/// ```
/// use apimachinery::field::{Error, ErrorList, Path};
/// use apimachinery::operation::Context;
/// use apimachinery::validate::{direct_equal_nilable, discriminated_into};
///
/// struct Policy { mode: String, replicas: Option<i32> }
/// let run = |ctx: &Context, p: &Policy, old: Option<&Policy>| {
///     let mut errs = ErrorList::new();
///     let spec = Path::new("spec");
///     discriminated_into(ctx, &spec, p, old, "replicas", |p| p.replicas.as_ref(),
///         |p| p.mode.as_str(), direct_equal_nilable,
///         |_, path, mode, v, _, errs| match (mode, v) {
///             ("Scaled", None) => errs.push(Error::required(path, "")),
///             ("Scaled", Some(_)) | (_, None) => {}
///             (_, Some(_)) => errs.push(Error::forbidden(path, "")),
///         }, &mut errs);
///     errs
/// };
/// let scaled = Policy { mode: "Scaled".into(), replicas: None };
/// assert_eq!(run(&Context::create(), &scaled, None).to_string(), "spec.replicas: Required value");
/// assert!(run(&Context::update(), &scaled, Some(&scaled)).is_empty());
/// let fixed = Policy { mode: "Fixed".into(), replicas: Some(3) };
/// assert_eq!(run(&Context::create(), &fixed, None).to_string(), "spec.replicas: Forbidden");
/// ```
#[allow(clippy::too_many_arguments)] // the shape of Kubernetes' Discriminated
#[inline]
pub fn discriminated_into<'s, S, F, D, G, H, E, V>(
    ctx: &Context,
    struct_path: &Path<'_>,
    obj: &'s S,
    old: Option<&'s S>,
    field_name: &str,
    get_member: G,
    get_discriminator: H,
    equiv: E,
    validate: V,
    errs: &mut ErrorList,
) -> bool
where
    S: ?Sized,
    F: ?Sized + 's,
    D: PartialEq,
    G: Fn(&'s S) -> Option<&'s F>,
    H: Fn(&'s S) -> D,
    E: Fn(Option<&F>, Option<&F>) -> bool,
    V: FnOnce(&Context, &Path<'_>, D, Option<&F>, Option<&F>, &mut ErrorList),
{
    let value = get_member(obj);
    let discriminator = get_discriminator(obj);
    let old_value = old.and_then(&get_member);
    if let Some(old) = old
        && ctx.is_update()
        && get_discriminator(old) == discriminator
        && equiv(value, old_value)
    {
        return false;
    }
    let path = struct_path.child(field_name);
    let before = errs.len();
    validate(ctx, &path, discriminator, value, old_value, errs);
    errs.len() > before
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::Error;
    use crate::validate::direct_equal_nilable;
    use std::cell::RefCell;

    #[derive(Clone)]
    struct Policy {
        mode: Option<String>,
        value: Option<i32>,
    }

    fn policy(mode: Option<&str>, value: Option<i32>) -> Policy {
        Policy {
            mode: mode.map(str::to_string),
            value,
        }
    }

    /// Runs `discriminated` with rules "A" → records "A", "B" → no
    /// validation, default → records "default".
    fn run(ctx: &Context, new: &Policy, old: Option<&Policy>) -> (ErrorList, Vec<String>) {
        let seen = RefCell::new(vec![]);
        let rec = |tag: &'static str| {
            let seen = &seen;
            move |_: &Context, p: &Path<'_>, v: Option<&i32>, o: Option<&i32>| {
                seen.borrow_mut().push(format!("{tag} {p} {v:?} {o:?}"));
                ErrorList::from(Error::invalid(p, "", tag))
            }
        };
        let a = rec("A");
        let default = rec("default");
        let rules = [
            DiscriminatedRule {
                value: Some("A"),
                validation: Some(&a as MemberValidator<'_, i32>),
            },
            DiscriminatedRule {
                value: Some("B"),
                validation: None,
            },
            DiscriminatedRule {
                value: Some("A"),
                validation: Some(&default as MemberValidator<'_, i32>),
            },
        ];
        let root = Path::root();
        let errs = discriminated(
            ctx,
            &root,
            new,
            old,
            "value",
            |p| p.value.as_ref(),
            |p| p.mode.as_deref(),
            direct_equal_nilable,
            Some(&default),
            &rules,
        );
        let seen = seen.into_inner();
        (errs, seen)
    }

    #[test]
    fn picks_first_matching_rule_then_default() {
        let ctx = Context::create();
        let (errs, seen) = run(&ctx, &policy(Some("A"), Some(1)), None);
        assert_eq!(errs.to_string(), r#"value: Invalid value: "": A"#);
        assert_eq!(seen, ["A value Some(1) None"]);
        // A rule without validation: nothing, and the default is not used.
        let (errs, seen) = run(&ctx, &policy(Some("B"), Some(1)), None);
        assert!(errs.is_empty() && seen.is_empty());
        // Unknown and unset discriminators fall back to the default.
        let (_, seen) = run(&ctx, &policy(Some("Z"), None), None);
        assert_eq!(seen, ["default value None None"]);
        let (_, seen) = run(&ctx, &policy(None, Some(2)), None);
        assert_eq!(seen, ["default value Some(2) None"]);
    }

    #[test]
    fn no_default_means_nothing_for_unknown_modes() {
        let root = Path::root();
        let rules: [DiscriminatedRule<'_, i32, &str>; 0] = [];
        let p = policy(Some("Z"), Some(1));
        let errs = discriminated(
            &Context::create(),
            &root,
            &p,
            None,
            "value",
            |p| p.value.as_ref(),
            |p| p.mode.as_deref().unwrap_or(""),
            direct_equal_nilable,
            None,
            &rules,
        );
        assert!(errs.is_empty());
    }

    #[test]
    fn ratcheting() {
        let up = Context::update();
        let old = policy(Some("A"), Some(1));
        // Same mode, same value: skipped.
        assert!(run(&up, &old.clone(), Some(&old)).1.is_empty());
        // Value changed: validated with the old value.
        let (_, seen) = run(&up, &policy(Some("A"), Some(2)), Some(&old));
        assert_eq!(seen, ["A value Some(2) Some(1)"]);
        // Mode changed, value unchanged: validated.
        let (_, seen) = run(&up, &policy(Some("Z"), Some(1)), Some(&old));
        assert_eq!(seen, ["default value Some(1) Some(1)"]);
        // No old struct: validated.
        assert_eq!(run(&up, &old, None).1.len(), 1);
        // Create never ratchets.
        assert_eq!(run(&Context::create(), &old, Some(&old)).1.len(), 1);
    }

    #[test]
    fn into_form_agrees_with_the_rule_table() {
        let run_into = |ctx: &Context, new: &Policy, old: Option<&Policy>| {
            let mut errs = ErrorList::new();
            let root = Path::root();
            let failed = discriminated_into(
                ctx,
                &root,
                new,
                old,
                "value",
                |p| p.value.as_ref(),
                |p| p.mode.as_deref(),
                direct_equal_nilable,
                |_, p, mode, _, _, errs| match mode {
                    Some("A") => errs.push(Error::invalid(p, "", "A")),
                    Some("B") => {}
                    _ => errs.push(Error::invalid(p, "", "default")),
                },
                &mut errs,
            );
            assert_eq!(failed, !errs.is_empty());
            errs
        };
        let modes = [None, Some("A"), Some("B"), Some("Z")];
        let values = [None, Some(1), Some(2)];
        for ctx in [Context::create(), Context::update()] {
            for (m, v) in modes
                .iter()
                .flat_map(|m| values.iter().map(move |v| (*m, *v)))
            {
                let new = policy(m, v);
                assert_eq!(run_into(&ctx, &new, None), run(&ctx, &new, None).0);
                for (om, ov) in modes
                    .iter()
                    .flat_map(|m| values.iter().map(move |v| (*m, *v)))
                {
                    let old = policy(om, ov);
                    assert_eq!(
                        run_into(&ctx, &new, Some(&old)),
                        run(&ctx, &new, Some(&old)).0,
                        "{m:?} {v:?} <- {om:?} {ov:?}"
                    );
                }
            }
        }
    }
}
