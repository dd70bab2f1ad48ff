//! Shared by `+k8s:ifEnabled(Option)=+<tag>` and `+k8s:ifDisabled(Option)=+<tag>`
//! (Kubernetes' `validators/options.go`): every payload validator is wrapped
//! in `validate::if_option`, which runs it only in the given option state
//! (an option the strategy did not define is an InternalError). Tags whose
//! check is collected and emitted later (`+k8s:ifMode`, union members) keep
//! the option states of their context ([`option_states`]) and wrap that
//! check with [`wrap_options`]; list semantics and keys (`+k8s:listType`,
//! `+k8s:listMapKey`) under an option are recorded in every option state.

use super::docs::ArgDoc;
use super::{Cx, FunctionGen, Out, payload};
use crate::grammar::{Literal, Tag};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

pub(super) const OPTION: &[ArgDoc] = &[ArgDoc {
    name: "",
    ty: "string",
    required: true,
    description: "<option>",
}];

/// What the option wrappers do with tags checked later than the field.
pub(super) const OPTION_DOCS: &str = "Around +k8s:listType=map and its +k8s:listMapKey the list is keyed (repeated keys rejected, items correlated by key on update) only in that option state and atomic otherwise. Around union member tags (+k8s:unionMember, +k8s:zeroOrOneOfMember, also item-selected) and +k8s:ifMode the union or mode check runs only in that option state. An option the strategy does not define is an InternalError when the wrapped tag is evaluated.";

pub(super) fn wrap(
    cx: &Cx<'_>,
    tag: &Tag,
    out: &mut Out,
    enabled: bool,
) -> Result<Vec<FunctionGen>, String> {
    let Some(Literal::String(option)) = tag.positional_arg() else {
        return Err("requires an option name".into());
    };
    let mut inner = cx.clone();
    inner.conditions.push(format!(
        "{}({option})",
        if enabled { "ifEnabled" } else { "ifDisabled" }
    ));
    inner.when.push(if enabled {
        quote!(::apimachinery::rule::Condition::IfEnabled(#option))
    } else {
        quote!(::apimachinery::rule::Condition::IfDisabled(#option))
    });
    let fns = payload(&inner, tag, out)?;
    Ok(fns
        .into_iter()
        .map(|f| {
            // The sink form and the optional probe run under the same
            // option test as the call.
            let into = f.into.clone().map(|into| {
                quote!(::apimachinery::validate::if_option_into(
                    ctx, fld_path, obj, old_obj, #option, #enabled, errs,
                    |ctx, fld_path, obj, old_obj, errs: &mut ::apimachinery::field::ErrorList| #into,
                ))
            });
            let probe = f.probe.clone().map(|unset| {
                quote!(::apimachinery::validate::if_option_unset(
                    ctx, #option, #enabled, || #unset,
                ))
            });
            let f = f.map(|call| {
                quote!(::apimachinery::validate::if_option(
                    ctx, fld_path, obj, old_obj, #option, #enabled,
                    |ctx, fld_path, obj, old_obj| #call,
                ))
            });
            FunctionGen {
                into,
                probe,
                ..f
            }
        })
        .collect())
}

/// The option states a context is conditioned on, outermost first, from its
/// `ifEnabled(X)` / `ifDisabled(X)` conditions: tags that collect their
/// payload for a struct- or field-level call (`+k8s:ifMode`, union members)
/// keep them to wrap that call, as Kubernetes wraps the deferred validation
/// in `IfOption`.
///
/// ```text
/// option_states(&["ifEnabled(A)", "item(x)"]) == [("A", true)]
/// ```
pub fn option_states(conditions: &[String]) -> Vec<(String, bool)> {
    conditions
        .iter()
        .filter_map(|c| {
            let (name, enabled) = if let Some(rest) = c.strip_prefix("ifEnabled(") {
                (rest, true)
            } else {
                (c.strip_prefix("ifDisabled(")?, false)
            };
            Some((name.strip_suffix(')')?.to_string(), enabled))
        })
        .collect()
}

/// `call` run only in the given option states (nested `validate::if_option`,
/// outermost first); `path` names the path variable the call uses.
///
/// ```text
/// wrap_options(call, &[("A", true)], "path") == quote!(if_option(ctx, path, (), (), "A", true, |ctx, path, _, _| call))
/// ```
pub fn wrap_options(call: TokenStream, states: &[(String, bool)], path: &str) -> TokenStream {
    let path = format_ident!("{path}");
    states.iter().rev().fold(call, |call, (option, enabled)| {
        quote!(::apimachinery::validate::if_option(
            ctx, #path, (), (), #option, #enabled,
            |ctx, #path, _, _| #call,
        ))
    })
}

/// [`wrap_options`] for a `bool` expression appending to `errs` (a sink
/// form): `if_option_into` around it, outermost option first.
///
/// ```text
/// wrap_options_into(call, &[("A", true)], "path")
///     == quote!(if_option_into(ctx, path, (), (), "A", true, errs, |ctx, path, _, _, errs| call))
/// ```
pub fn wrap_options_into(call: TokenStream, states: &[(String, bool)], path: &str) -> TokenStream {
    let path = format_ident!("{path}");
    states.iter().rev().fold(call, |call, (option, enabled)| {
        quote!(::apimachinery::validate::if_option_into(
            ctx, #path, (), (), #option, #enabled, errs,
            |ctx, #path, _, _, errs| #call,
        ))
    })
}
