//! `+k8s:eachVal=+<tag>` and `+k8s:eachKey=+<tag>` (Kubernetes'
//! `validators/each.go`): validations of every list item / map value / map
//! key. Items are correlated with the old list as Kubernetes does: list-maps
//! by key (unchanged items are skipped), sets by value, atomic lists not at all.

use super::docs::{PayloadDoc, Scope, Stability, TagDoc, doc};
use super::list::accessor;
use super::{Cx, FunctionGen, Out, map_types, payload, slice, with_map};
use crate::emit::value_block;
use crate::grammar::Tag;
use crate::model::{Shape, TagLine, Ty};
use proc_macro2::{Ident, TokenStream};
use quote::quote;

const CONTAINERS: &[Scope] = &[Scope::Type, Scope::Field, Scope::ListVal, Scope::MapVal];

/// `+k8s:eachVal`.
pub static EACH_VAL: TagDoc = TagDoc {
    docs: "Items are reported at path[i] (maps: path[key]). On update, list-map items are correlated by key and set items by value; unchanged items are not revalidated. Atomic lists are revalidated entirely once they change. A field of a list typedef (#[dv(typedef)]) without list tags of its own correlates items with the typedef's list tags.",
    payload_types: &["tag"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<validation-tag>",
        docs: "The tag to evaluate for each value.",
    }],
    ..doc(
        "k8s:eachVal",
        "Declares a validation for each value in a map or list.",
        Stability::Stable,
        CONTAINERS,
        emit_each_val,
    )
};

/// `+k8s:eachKey`.
pub static EACH_KEY: TagDoc = TagDoc {
    docs: "Errors are reported at the map's path. On update, keys already present in the old map are not revalidated. A map whose key type is a named type with tags of its own runs that type's validation on each key the same way (at the map's path, new keys only on update), with or without +k8s:eachKey; +k8s:eachKey=+k8s:opaqueType skips it.",
    payload_types: &["tag"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<validation-tag>",
        docs: "The tag to evaluate for each key.",
    }],
    ..doc(
        "k8s:eachKey",
        "Declares a validation for each value in a map or list.",
        Stability::Stable,
        CONTAINERS,
        emit_each_key,
    )
};

fn list_kind_of(siblings: &[TagLine], name: &str) -> Option<String> {
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

fn keys_of(siblings: &[TagLine]) -> Vec<String> {
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
fn inherited_slice_call(ty: &Ty, elem: &Ty, typedef: &syn::Type, body: TokenStream) -> TokenStream {
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

fn emit_each_val(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    match &cx.ty.shape {
        Shape::Slice(elem) => {
            let inner = Cx {
                scope: Scope::ListVal,
                ty: elem.deref().clone(),
                path: format!("{}[*]", cx.path),
                ..cx.clone()
            };
            let fns = payload(&inner, tag, out)?;
            if fns.is_empty() {
                return Ok(Vec::new());
            }
            let body = value_block(fns, None);
            // A field of a list typedef without list tags of its own
            // correlates items with the typedef's list semantics.
            if let Some(f) = cx
                .field
                .filter(|f| f.typedef.is_some() && super::list::list_kind(cx).is_none())
            {
                return Ok(vec![FunctionGen::plain(inherited_slice_call(
                    &cx.ty, elem, &f.ty.ty, body,
                ))]);
            }
            Ok(vec![FunctionGen::plain(each_slice_call(
                &cx.ty,
                elem,
                cx.siblings,
                body,
            ))])
        }
        Shape::Map(_, v) => {
            let inner = Cx {
                scope: Scope::MapVal,
                ty: (**v).clone(),
                path: format!("{}[*]", cx.path),
                ..cx.clone()
            };
            let fns = payload(&inner, tag, out)?;
            if fns.is_empty() {
                return Ok(Vec::new());
            }
            let body = value_block(fns, None);
            Ok(vec![FunctionGen::plain(each_map_val_call(&cx.ty, v, body))])
        }
        _ => Err(format!(
            "can only be used on list or map types (got {})",
            cx.ty.text()
        )),
    }
}

fn emit_each_key(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    let (k, _) = map_types(&cx.ty)
        .ok_or_else(|| format!("can only be used on map types (got {})", cx.ty.text()))?;
    let inner = Cx {
        scope: Scope::MapKey,
        ty: k.clone(),
        ..cx.clone()
    };
    let fns = payload(&inner, tag, out)?;
    if fns.is_empty() {
        return Ok(Vec::new());
    }
    let body = value_block(fns, None);
    let kt = &k.ty;
    Ok(vec![FunctionGen::plain(with_map(
        quote!(::apimachinery::validate::each_map_key(
            ctx, fld_path, m, old_m,
            |ctx: &::apimachinery::operation::Context,
             fld_path: &::apimachinery::field::Path<'_>,
             obj: ::core::option::Option<&#kt>,
             old_obj: ::core::option::Option<&#kt>| #body,
        )),
    ))])
}
