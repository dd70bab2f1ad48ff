//! List semantics shared by `+k8s:listType`, `+k8s:listMapKey`, `+k8s:unique`,
//! `+k8s:customUnique`, `+k8s:item` and the item correlation of `+k8s:eachVal`
//! and `+k8s:update` (Kubernetes' `validators/list.go`): the key fields of a
//! list-map, its item match function and the uniqueness check.

use super::docs::Scope;
use super::{Cx, FunctionGen, Out, slice};
use crate::grammar::{Literal, Tag};
use crate::model::{Shape, Ty};
use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

pub(super) const LISTS: &[Scope] = &[Scope::Type, Scope::Field, Scope::ListVal, Scope::MapVal];

/// The accessor method the derive generates on every struct for a JSON field name.
///
/// ```text
/// accessor("keyField") == __dv_field_keyField
/// ```
pub fn accessor(json: &str) -> Ident {
    let clean: String = json
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect();
    Ident::new(&format!("__dv_field_{clean}"), Span::call_site())
}

/// The list-map keys declared for this list (`+k8s:listMapKey`), in order.
///
/// ```text
/// map_keys(&cx) == ["type"]
/// ```
pub fn map_keys(cx: &Cx<'_>) -> Vec<String> {
    cx.sibling_tags("k8s:listMapKey")
        .into_iter()
        .filter_map(|t| match t.value_literal() {
            Some(Literal::String(s)) => Some(s.clone()),
            _ => None,
        })
        .collect()
}

/// The list semantics: `Some("map")`, `Some("set")` or `None` (atomic / unspecified).
///
/// ```text
/// list_kind(&cx) == Some("map")
/// ```
pub fn list_kind(cx: &Cx<'_>) -> Option<String> {
    for name in ["k8s:unique", "k8s:listType"] {
        for t in cx.sibling_tags(name) {
            if let Some(Literal::String(s)) = t.value_literal()
                && (s == "map" || s == "set")
            {
                return Some(s.clone());
            }
        }
    }
    None
}

/// A match closure `|a: &E, b: &E| -> bool` correlating list items: by key
/// for list-maps, by equality for sets; `None` for atomic lists.
///
/// ```text
/// match_fn(&cx, elem) == Some(quote!(|a: &E, b: &E| a.__dv_field_k() == b.__dv_field_k()))
/// ```
pub fn match_fn(cx: &Cx<'_>, elem: &Ty) -> Option<TokenStream> {
    let e = &elem.deref().ty;
    match list_kind(cx).as_deref() {
        Some("map") => {
            let keys: Vec<Ident> = map_keys(cx).iter().map(|k| accessor(k)).collect();
            if keys.is_empty() {
                return None;
            }
            Some(quote!(|a: &#e, b: &#e| true #(&& a.#keys() == b.#keys())*))
        }
        Some("set") => Some(quote!(|a: &#e, b: &#e| a == b)),
        _ => None,
    }
}

pub(super) fn uniqueness(
    cx: &Cx<'_>,
    tag: &Tag,
    out: &mut Out,
    kind: &str,
) -> Result<Vec<FunctionGen>, String> {
    let (n, o, elem) = slice(&cx.ty)
        .ok_or_else(|| format!("can only be used on list types (got {})", cx.ty.text()))?;
    if !cx.sibling_tags("k8s:customUnique").is_empty() {
        return Ok(Vec::new());
    }
    let ptr = matches!(elem.shape, Shape::Pointer(_));
    let call = match kind {
        "set" => {
            let hashable = matches!(elem.deref().shape, Shape::Str | Shape::Int | Shape::Bool);
            match (hashable, ptr) {
                (true, false) => {
                    quote!(::apimachinery::validate::unique_set(ctx, fld_path, #n, #o))
                }
                (true, true) => {
                    quote!(::apimachinery::validate::ptr_unique_set(ctx, fld_path, #n, #o))
                }
                (false, false) => {
                    quote!(::apimachinery::validate::unique_by_match(ctx, fld_path, #n, #o, |a, b| a == b))
                }
                (false, true) => {
                    quote!(::apimachinery::validate::ptr_unique_by_match(ctx, fld_path, #n, #o, |a, b| a == b))
                }
            }
        }
        "map" => {
            let keys = map_keys(cx);
            if keys.is_empty() {
                // Reported by the lint ("a list-map requires at least one +k8s:listMapKey").
                return Ok(Vec::new());
            }
            let acc: Vec<Ident> = keys.iter().map(|k| accessor(k)).collect();
            if ptr {
                quote!(::apimachinery::validate::ptr_unique_by_key(ctx, fld_path, #n, #o, |it| (#(it.#acc(),)*)))
            } else {
                quote!(::apimachinery::validate::unique_by_key(ctx, fld_path, #n, #o, |it| (#(it.#acc(),)*)))
            }
        }
        _ => return Ok(Vec::new()),
    };
    let lk = super::params::list_kind(kind);
    let params = if tag.short_name() == "unique" {
        quote!(::apimachinery::rule::RuleParams::Unique(#lk))
    } else {
        quote!(::apimachinery::rule::RuleParams::ListType(#lk))
    };
    cx.rule(out, tag, params, vec![("Duplicate", String::new())]);
    Ok(vec![FunctionGen::plain(call).with_sink()])
}
