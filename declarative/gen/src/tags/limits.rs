//! Shared by the limit tags `+k8s:minimum`, `maximum`, `minLength`, `maxLength`,
//! `maxBytes`, `minItems`, `maxItems`, `minProperties`, `maxProperties`
//! (Kubernetes' `validators/limits.go`): payload checks and the bound calls.

use super::docs::Scope;
use super::{Cx, FunctionGen, Out, int_payload, lit_tokens, nilable, string};
use crate::grammar::{Literal, Tag};
use crate::model::Shape;
use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

pub(super) const INT: &[&str] = &["int"];
pub(super) const FIELDS: &[Scope] = &[Scope::Type, Scope::Field, Scope::ListVal, Scope::MapVal];

/// An integer bound `validate::<f>(.., payload)` on an integer value,
/// recording the rule with `params(payload)` and origin `origin`, with its
/// sink form `validate::<f>_into(.., payload, detail, errs)`, `detail` being
/// `relation` followed by the payload (the finished detail, so that the error
/// path formats nothing).
///
/// ```text
/// int_bound(cx, tag, out, "minimum", "minimum", "must be greater than or equal to", |v| quote!(RuleParams::Minimum(#v)))
/// ```
pub(super) fn int_bound(
    cx: &Cx<'_>,
    tag: &Tag,
    out: &mut Out,
    f: &str,
    origin: &str,
    relation: &str,
    params: impl FnOnce(i64) -> TokenStream,
) -> Result<Vec<FunctionGen>, String> {
    if !matches!(cx.ty.deref().shape, Shape::Int | Shape::Unknown) {
        return Err(format!(
            "can only be used on integer types (got {})",
            cx.ty.text()
        ));
    }
    let v = int_payload(tag)?;
    let lit = lit_tokens(&Literal::Int(v));
    let (n, o) = nilable(&cx.ty);
    let f_into = Ident::new(&format!("{f}_into"), Span::call_site());
    let f = Ident::new(f, Span::call_site());
    let detail = format!("{relation} {v}");
    cx.rule(out, tag, params(v), vec![("Invalid", origin.into())]);
    Ok(vec![
        FunctionGen::plain(quote!(::apimachinery::validate::#f(ctx, fld_path, #n, #o, #lit)))
            .with_into(quote!(::apimachinery::validate::#f_into(
                ctx, fld_path, #n, #o, #lit, #detail, errs
            )))
            .cheap(),
    ])
}

/// The payload as a non-negative integer.
///
/// ```text
/// non_negative(maxItems=3) == Ok(3)
/// ```
pub(super) fn non_negative(tag: &Tag) -> Result<usize, String> {
    let v = int_payload(tag)?;
    usize::try_from(v).map_err(|_| format!("must be non-negative, got {v}"))
}

/// A string length limit `validate::<f>(.., payload)`, recording the rule
/// with `params(payload)` and error type `error`, with its sink form
/// `validate::<f>_into(.., payload, detail(payload), errs)` (`detail` gives
/// the finished detail for the payload).
///
/// ```text
/// string_limit(cx, tag, out, "max_length", "TooLong", |v| quote!(RuleParams::MaxLength(#v)), |v| ...)
/// ```
pub(super) fn string_limit(
    cx: &Cx<'_>,
    tag: &Tag,
    out: &mut Out,
    f: &str,
    error: &'static str,
    params: impl FnOnce(usize) -> TokenStream,
    detail: impl FnOnce(usize) -> String,
) -> Result<Vec<FunctionGen>, String> {
    let (n, o) = string(&cx.ty)
        .ok_or_else(|| format!("can only be used on string types (got {})", cx.ty.text()))?;
    let v = non_negative(tag)?;
    let f_into = Ident::new(&format!("{f}_into"), Span::call_site());
    let f = Ident::new(f, Span::call_site());
    let detail = detail(v);
    cx.rule(
        out,
        tag,
        params(v),
        vec![(error, tag.short_name().to_string())],
    );
    Ok(vec![
        FunctionGen::plain(quote!(::apimachinery::validate::#f(ctx, fld_path, #n, #o, #v)))
            .with_into(quote!(::apimachinery::validate::#f_into(
                ctx, fld_path, #n, #o, #v, #detail, errs
            )))
            .cheap(),
    ])
}
