//! Shared by `+k8s:eachVal` and `+k8s:eachKey` (Kubernetes' `validators/each.go`):
//! the per-item calls, with items correlated with the old list as Kubernetes
//! does: list-maps by key (unchanged items are skipped), sets by value, atomic
//! lists not at all.

use super::docs::Scope;
use super::list::accessor;
use super::{slice, with_map};
use crate::model::{Shape, TagLine, Ty};
use proc_macro2::{Ident, TokenStream};
use quote::quote;

pub(super) const CONTAINERS: &[Scope] = &[Scope::Type, Scope::Field, Scope::ListVal, Scope::MapVal];

pub(super) fn list_kind_of(siblings: &[TagLine], name: &str) -> Option<String> {
    for line in siblings {
        if let Some(t) = super::unwrap_levels(&line.tag)
            && t.name == name
            && let Some(crate::grammar::Literal::String(s)) = t.value_literal()
        {
            return Some(s.clone());
        }
    }
    None
}

pub(super) fn keys_of(siblings: &[TagLine]) -> Vec<String> {
    siblings
        .iter()
        .filter_map(|l| super::unwrap_levels(&l.tag))
        .filter(|t| t.name == "k8s:listMapKey")
        .filter_map(|t| match t.value_literal() {
            Some(crate::grammar::Literal::String(s)) => Some(s.clone()),
            _ => None,
        })
        .collect()
}

/// An `each_*slice_val*` call over the list `ty` (elements `elem`) running
/// `body` (an `ErrorList` expression over `ctx`, `fld_path`, `obj`,
/// `old_obj`) for each item, correlated per the list's semantics in
/// `siblings` (`listType` / `unique` / `listMapKey`).
///
/// ```text
/// each_slice_call(Vec<Port>, Port, tags, body) -> each_slice_val_by_key(..., |it| (it.__dv_field_name(),), ...)
/// ```
pub fn each_slice_call(ty: &Ty, elem: &Ty, siblings: &[TagLine], body: TokenStream) -> TokenStream {
    let Some((n, o, _)) = slice(ty) else {
        return quote!(::apimachinery::field::ErrorList::new());
    };
    let inner = elem.deref();
    let e = &inner.ty;
    let ptr = matches!(elem.shape, Shape::Pointer(_));
    let kind =
        list_kind_of(siblings, "k8s:unique").or_else(|| list_kind_of(siblings, "k8s:listType"));
    let closure = quote!(|ctx: &::apimachinery::operation::Context,
                          fld_path: &::apimachinery::field::Path<'_>,
                          obj: ::core::option::Option<&#e>,
                          old_obj: ::core::option::Option<&#e>| #body);
    let equal = quote!(::core::option::Option::Some(
        ::apimachinery::validate::direct_equal::<#e> as ::apimachinery::validate::MatchFn<#e>
    ));
    let none = quote!(::core::option::Option::None);
    let keys = keys_of(siblings);
    match kind.as_deref() {
        Some("map") if !keys.is_empty() && !ptr => {
            let acc: Vec<Ident> = keys.iter().map(|k| accessor(k)).collect();
            quote!(::apimachinery::validate::each_slice_val_by_key(
                ctx, fld_path, #n, #o, |it| (#(it.#acc(),)*), #equal, #closure
            ))
        }
        Some("map") if !keys.is_empty() => {
            let acc: Vec<Ident> = keys.iter().map(|k| accessor(k)).collect();
            let m = quote!(::core::option::Option::Some(
                (|a: &#e, b: &#e| true #(&& a.#acc() == b.#acc())*) as ::apimachinery::validate::MatchFn<#e>
            ));
            quote!(::apimachinery::validate::each_ptr_slice_val(ctx, fld_path, #n, #o, #m, #equal, #closure))
        }
        Some("set") if ptr => {
            quote!(::apimachinery::validate::each_ptr_slice_val(ctx, fld_path, #n, #o, #equal, #none, #closure))
        }
        Some("set") => {
            quote!(::apimachinery::validate::each_slice_val(ctx, fld_path, #n, #o, #equal, #none, #closure))
        }
        _ if ptr => {
            quote!(::apimachinery::validate::each_ptr_slice_val(ctx, fld_path, #n, #o, #none, #none, #closure))
        }
        _ => {
            quote!(::apimachinery::validate::each_slice_val(ctx, fld_path, #n, #o, #none, #none, #closure))
        }
    }
}

/// An `each_*slice_val` call over the list `ty` (elements `elem`) of a field
/// whose type is the list typedef `typedef`: items are correlated with the
/// typedef's own list semantics (its hidden `__dv_list_match()`), unchanged
/// correlated items skipped.
///
/// ```text
/// inherited_slice_call(Vec<Item>, Item, Items, body) -> each_slice_val(..., <Items>::__dv_list_match(), Some(direct_equal), ...)
/// ```
pub(super) fn inherited_slice_call(
    ty: &Ty,
    elem: &Ty,
    typedef: &syn::Type,
    body: TokenStream,
) -> TokenStream {
    let Some((n, o, _)) = slice(ty) else {
        return quote!(::apimachinery::field::ErrorList::new());
    };
    let e = &elem.deref().ty;
    let closure = quote!(|ctx: &::apimachinery::operation::Context,
                          fld_path: &::apimachinery::field::Path<'_>,
                          obj: ::core::option::Option<&#e>,
                          old_obj: ::core::option::Option<&#e>| #body);
    let equal = quote!(::core::option::Option::Some(
        ::apimachinery::validate::direct_equal::<#e> as ::apimachinery::validate::MatchFn<#e>
    ));
    let each = if matches!(elem.shape, Shape::Pointer(_)) {
        quote!(each_ptr_slice_val)
    } else {
        quote!(each_slice_val)
    };
    quote!(::apimachinery::validate::#each(
        ctx, fld_path, #n, #o, <#typedef>::__dv_list_match(), #equal, #closure
    ))
}

/// An `each_map_val` call over the map `ty` (values `val`) running `body` for
/// each value; unchanged values (same key, equal value) are skipped on update.
///
/// ```text
/// each_map_val_call(BTreeMap<String, Spec>, Spec, body)
/// ```
pub fn each_map_val_call(ty: &Ty, val: &Ty, body: TokenStream) -> TokenStream {
    let _ = ty;
    let v = &val.ty;
    let equal = quote!(::core::option::Option::Some(
        ::apimachinery::validate::direct_equal::<#v> as ::apimachinery::validate::MatchFn<#v>
    ));
    with_map(quote!(::apimachinery::validate::each_map_val(
        ctx, fld_path, m, old_m, #equal,
        |ctx: &::apimachinery::operation::Context,
         fld_path: &::apimachinery::field::Path<'_>,
         obj: ::core::option::Option<&#v>,
         old_obj: ::core::option::Option<&#v>| #body,
    )))
}
