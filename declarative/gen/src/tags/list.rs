//! `+k8s:listType`, `+k8s:listMapKey`, `+k8s:unique`, `+k8s:customUnique`
//! (Kubernetes' `validators/list.go`): list semantics and uniqueness.
//! `listType=set|map` and `unique=set|map` check uniqueness (Duplicate, no
//! origin) unless `+k8s:customUnique` is given.

use super::docs::{PayloadDoc, Scope, Stability, TagDoc, doc};
use super::{Cx, FunctionGen, Out, slice, string_payload};
use crate::grammar::{Literal, Tag};
use crate::model::{Shape, Ty};
use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

const LISTS: &[Scope] = &[Scope::Type, Scope::Field, Scope::ListVal, Scope::MapVal];

/// `+k8s:listType`.
pub static LIST_TYPE: TagDoc = TagDoc {
    payload_types: &["string"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<type>",
        docs: "atomic | map | set",
    }],
    ..doc(
        "k8s:listType",
        "Declares a list field's semantic type and ownership behavior. atomic: single ownership, set: shared ownership with uniqueness, map: shared ownership with key-based uniqueness.",
        Stability::Stable,
        LISTS,
        emit_list_type,
    )
};

/// `+k8s:listMapKey`.
pub static LIST_MAP_KEY: TagDoc = TagDoc {
    payload_types: &["string"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<field-json-name>",
        docs: "The name of the field.",
    }],
    ..doc(
        "k8s:listMapKey",
        "Declares a named sub-field of a list's value-type to be part of the list-map key.",
        Stability::Stable,
        LISTS,
        emit_list_map_key,
    )
};

/// `+k8s:unique`.
pub static UNIQUE: TagDoc = TagDoc {
    payload_types: &["string"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<type>",
        docs: "map | set",
    }],
    ..doc(
        "k8s:unique",
        "Declares that a list field's elements are unique. This tag can be used with listType=atomic to add uniqueness constraints, or independently to specify uniqueness semantics.",
        Stability::Stable,
        LISTS,
        emit_unique,
    )
};

/// `+k8s:customUnique`.
pub static CUSTOM_UNIQUE: TagDoc = doc(
    "k8s:customUnique",
    "Indicates that uniqueness validation for this list is implemented via custom, handwritten validation. This disables generation of uniqueness validation for this list.",
    Stability::Stable,
    LISTS,
    emit_nothing,
);

fn emit_nothing(_cx: &Cx<'_>, _tag: &Tag, _out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    Ok(Vec::new())
}

/// A list-map key validates nothing by itself, but it is recorded in the
/// rule inventory (declaring no error): it says how items of the list are
/// correlated with the old list on update, which the harness needs to
/// follow the generated code's ratcheting.
fn emit_list_map_key(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    cx.rule(out, tag, Vec::new());
    Ok(Vec::new())
}

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

fn uniqueness(
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
    cx.rule(out, tag, vec![("Duplicate", String::new())]);
    Ok(vec![FunctionGen::plain(call)])
}

fn emit_list_type(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    let kind = string_payload(tag)?;
    if !matches!(kind.as_str(), "atomic" | "set" | "map") {
        return Err(format!(
            "unknown list type {kind:?}, expected atomic, set or map"
        ));
    }
    // unique= overrides the uniqueness semantics of listType.
    if !cx.sibling_tags("k8s:unique").is_empty() {
        slice(&cx.ty).ok_or("can only be used on list types")?;
        return Ok(Vec::new());
    }
    uniqueness(cx, tag, out, &kind)
}

fn emit_unique(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    let kind = string_payload(tag)?;
    if !matches!(kind.as_str(), "set" | "map") {
        return Err(format!("unknown unique type {kind:?}, expected set or map"));
    }
    uniqueness(cx, tag, out, &kind)
}
