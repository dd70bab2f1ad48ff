//! `+k8s:item(key: value, ...)=+<tag>` (Kubernetes' `validators/item.go`):
//! validates the item of a list-map whose key fields equal the given
//! values. Arguments are the JSON names of all the list-map keys.

use super::docs::{PayloadDoc, Scope, Stability, TagDoc, doc};
use super::list::{accessor, list_kind, map_keys};
use super::{Cx, FunctionGen, ItemSel, Out, lit_tokens, payload, slice};
use crate::grammar::{Literal, Tag};
use crate::model::Shape;
use proc_macro2::TokenStream;
use quote::quote;

/// `+k8s:item`.
pub static ITEM: TagDoc = TagDoc {
    payload_types: &["tag"],
    payloads_required: true,
    accepts_unknown_args: true,
    payloads: &[PayloadDoc {
        description: "<validation-tag>",
        docs: "The tag to evaluate for the matching list item.",
    }],
    docs: "Arguments must be named with the JSON names of the list-map key fields. Values can be strings, integers, or booleans. For example: +k8s:item(name: \"myname\", priority: 10, enabled: true)=. Each selector is its own cohort: a short-circuiting validation (such as +k8s:immutable) failing on one selected item does not stop the validations of the other selectors. On a field of a list typedef (#[dv(typedef)]) without list tags of its own, the selector uses the typedef's list-map keys (checked at compile time); the field's selectors and the typedef's both run.",
    ..doc(
        "k8s:item",
        "Declares a validation for an item of a slice declared as a +k8s:listType=map. The item to match is declared by providing field-value pair arguments. All key fields must be specified.",
        Stability::Stable,
        &[Scope::Type, Scope::Field, Scope::ListVal, Scope::MapVal],
        emit,
    )
};

fn display(l: &Literal) -> String {
    match l {
        Literal::String(s) => format!("{s:?}"),
        other => other.canonical(),
    }
}

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    let (n, o, elem) = slice(&cx.ty)
        .ok_or_else(|| format!("can only be used on list types (got {})", cx.ty.text()))?;
    if tag.args.is_empty() || tag.args.iter().any(|a| a.name.is_none()) {
        return Err("requires named arguments: the list-map key fields and their values".into());
    }
    // A field of a list typedef (`#[dv(typedef)]`) without list tags of its
    // own selects items with the typedef's list-map keys, which this derive
    // cannot see: they are checked at compile time against the typedef's
    // hidden `__DV_LIST_MAP_KEYS`.
    let typedef_keys = match cx.field {
        Some(f) if cx.scope == Scope::Field && list_kind(cx).is_none() => {
            f.typedef.as_ref().map(|_| &f.ty.ty)
        }
        _ => None,
    };
    let key_check = match typedef_keys {
        Some(typedef) => {
            let names: Vec<String> = tag.args.iter().filter_map(|a| a.name.clone()).collect();
            let msg = format!(
                "+k8s:item({}): the field's list typedef must be +k8s:listType=map with exactly these +k8s:listMapKey keys",
                tag.args_text()
            );
            quote!(
                const _: () = ::core::assert!(
                    ::apimachinery::__private::same_keys(<#typedef>::__DV_LIST_MAP_KEYS, &[#(#names),*]),
                    #msg
                );
            )
        }
        None => {
            if list_kind(cx).as_deref() != Some("map") {
                return Err(
                    "can only be used on lists with +k8s:listType=map or +k8s:unique=map".into(),
                );
            }
            let keys = map_keys(cx);
            for a in &tag.args {
                let name = a.name.clone().unwrap_or_default();
                if !keys.contains(&name) {
                    return Err(format!(
                        "argument {name:?} is not a list-map key (keys: {})",
                        keys.join(", ")
                    ));
                }
            }
            for k in &keys {
                if tag.named_arg(k).is_none() {
                    return Err(format!(
                        "all list-map keys must be specified: missing {k:?}"
                    ));
                }
            }
            quote!()
        }
    };
    let conds: Vec<proc_macro2::TokenStream> = tag
        .args
        .iter()
        .map(|a| {
            let acc = accessor(a.name.as_deref().unwrap_or_default());
            match &a.value {
                Literal::String(v) => quote!((&&__DvKey(it.#acc())).__dv_eq_str(#v)),
                other => {
                    let v = lit_tokens(other);
                    quote!(*it.#acc() == #v)
                }
            }
        })
        .collect();
    let cond = quote!(true #(&& #conds)*);
    // Display form of the selector, keys sorted (as Kubernetes renders a map).
    let mut sorted: Vec<&crate::grammar::Arg> = tag.args.iter().collect();
    sorted.sort_by(|a, b| a.name.cmp(&b.name));
    let disp = format!(
        "{{{}}}",
        sorted
            .iter()
            .map(|a| format!(
                "{:?}: {}",
                a.name.clone().unwrap_or_default(),
                display(&a.value)
            ))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let disp_key = disp.clone();
    let inner_ty = elem.deref().clone();
    let mut inner = Cx {
        scope: Scope::ListVal,
        ty: inner_ty.clone(),
        path: format!("{}[*]", cx.path),
        item: Some(ItemSel {
            display: disp,
            cond: cond.clone(),
            elem: inner_ty.clone(),
            matches: super::params::item_matches(&tag.args),
        }),
        ..cx.clone()
    };
    inner.conditions.push(format!("item({})", tag.args_text()));
    let matches = super::params::item_matches(&tag.args);
    inner
        .when
        .push(quote!(::apimachinery::rule::Condition::Item(#matches)));
    let fns = payload(&inner, tag, out)?;
    if fns.is_empty() {
        return Ok(Vec::new());
    }
    let e = &inner_ty.ty;
    let func = if matches!(elem.shape, Shape::Pointer(_)) {
        quote!(ptr_slice_item)
    } else {
        quote!(slice_item)
    };
    // Each payload function is wrapped on its own, keeping its flags; the
    // calls of one selector form its cohort, so a short-circuit on one item
    // stops that selector's validations only, as Kubernetes emits each
    // selector in a closure of its own.
    let cohort = format!("item{disp_key}");
    let keys: Vec<(syn::Ident, Literal)> = tag
        .args
        .iter()
        .map(|a| {
            (
                accessor(a.name.as_deref().unwrap_or_default()),
                a.value.clone(),
            )
        })
        .collect();
    let list = (n.to_string(), o.to_string());
    Ok(fns
        .into_iter()
        .map(|f| {
            // The call, its sink form (a `bool`, appending to the captured
            // `errs`) and its presence probe all select the same item.
            let wrap = |body: TokenStream| {
                quote!({ #key_check ::apimachinery::validate::#func(
                    ctx, fld_path, #n, #o,
                    |it: &#e| #cond,
                    |a: &#e, b: &#e| a == b,
                    |ctx: &::apimachinery::operation::Context,
                     fld_path: &::apimachinery::field::Path<'_>,
                     obj: ::core::option::Option<&#e>,
                     old_obj: ::core::option::Option<&#e>| #body,
                )})
            };
            let bodies: Vec<(String, TokenStream)> = [&f.call]
                .into_iter()
                .chain(&f.into)
                .chain(&f.probe)
                .map(|body| (wrap(body.clone()).to_string(), body.clone()))
                .collect();
            let into = f.into.clone().map(wrap);
            let probe = f.probe.clone().map(wrap);
            let mut f = f.map(wrap);
            f.into = into;
            f.probe = probe;
            f.cohort = Some(cohort.clone());
            f.item = Some(Box::new(ItemCall {
                list: list.clone(),
                new: n.clone(),
                old: o.clone(),
                elem: quote!(#e),
                ptr: matches!(elem.shape, Shape::Pointer(_)),
                keys: keys.clone(),
                key_check: key_check.clone(),
                bodies,
            }));
            f
        })
        .collect())
}

/// A `+k8s:item` call (its plain call, sink form or probe), with what a
/// block needs to emit it over a selection shared with the block's other
/// item calls on the same list.
#[derive(Clone)]
pub struct ItemCall {
    /// The list's new and old slice expressions, as text (the grouping key).
    list: (String, String),
    /// The list's new slice expression.
    new: TokenStream,
    /// The list's old slice expression (`Option<&[E]>`).
    old: TokenStream,
    /// The element type.
    elem: TokenStream,
    /// A list of pointers (`Vec<Option<E>>`).
    ptr: bool,
    /// The selector: each list-map key's accessor and value.
    keys: Vec<(syn::Ident, Literal)>,
    /// The compile-time check of a typedef's list-map keys (or nothing).
    key_check: TokenStream,
    /// Each emitted form (call, sink, probe) as text, with the validator
    /// body it wraps.
    bodies: Vec<(String, TokenStream)>,
}

/// Emits a block's `+k8s:item` calls over one shared selection per list:
/// when the block holds two or more item calls on the same list (several
/// selectors, or a selector's probe and validators), returns the statement
/// selecting every selector's item in one pass over the new list (and one
/// over the old list, for the selectors that found an item), reading each
/// item's keys once, and rewrites those calls to validate the selected
/// item. The calls stay where they are, so cohorts, short-circuits and
/// error order are unchanged, and each selector still validates the first
/// item it matches with the first old item it matches (Kubernetes'
/// `SliceItem`). Calls whose form was wrapped after the selector (a
/// `map`/`mark` drops [`FunctionGen::item`]) keep their own scan.
///
/// ```text
/// share_selection(&mut [ready_probe, ready_max_length, frozen_immutable])
///     == Some(quote!(let __dv_sel_0 = select_slice_items(new, old, |it| { let __dv_k0 = it.__dv_field_type(); [.., ..] });))
///     // and each call becomes slice_item_selected(ctx, fld_path, __dv_sel_0[i], ..)
/// ```
pub fn share_selection(fns: &mut [FunctionGen]) -> Vec<TokenStream> {
    // Lists in first-use order, with the indices of their calls.
    let mut lists: Vec<((String, String), Vec<usize>)> = Vec::new();
    for (i, f) in fns.iter().enumerate() {
        let Some(item) = &f.item else { continue };
        match lists.iter_mut().find(|(l, _)| *l == item.list) {
            Some((_, calls)) => calls.push(i),
            None => lists.push((item.list.clone(), vec![i])),
        }
    }
    let mut preludes = Vec::new();
    for (g, (_, calls)) in lists.into_iter().enumerate() {
        if calls.len() < 2 {
            continue;
        }
        let sel = quote::format_ident!("__dv_sel_{}", g);
        // Distinct selectors, in first-use order.
        let mut selectors: Vec<Vec<(syn::Ident, Literal)>> = Vec::new();
        let mut first: Option<ItemCall> = None;
        for &i in &calls {
            let Some(item) = fns[i].item.take() else {
                continue;
            };
            let k = match selectors.iter().position(|s| *s == item.keys) {
                Some(k) => k,
                None => {
                    selectors.push(item.keys.clone());
                    selectors.len() - 1
                }
            };
            let f = &mut fns[i];
            let e = &item.elem;
            let key_check = &item.key_check;
            let selected = |body: &TokenStream| {
                quote!({ #key_check ::apimachinery::validate::slice_item_selected(
                    ctx, fld_path, #sel[#k],
                    |a: &#e, b: &#e| a == b,
                    |ctx: &::apimachinery::operation::Context,
                     fld_path: &::apimachinery::field::Path<'_>,
                     obj: ::core::option::Option<&#e>,
                     old_obj: ::core::option::Option<&#e>| #body,
                )})
            };
            let rewrite = |form: &mut TokenStream| {
                let text = form.to_string();
                if let Some((_, body)) = item.bodies.iter().find(|(t, _)| *t == text) {
                    *form = selected(body);
                }
            };
            rewrite(&mut f.call);
            if let Some(into) = &mut f.into {
                rewrite(into);
            }
            if let Some(probe) = &mut f.probe {
                rewrite(probe);
            }
            first.get_or_insert(*item);
        }
        let Some(item) = first else { continue };
        // Each key read once per item, then every selector's comparison.
        let mut read: Vec<&syn::Ident> = Vec::new();
        for s in &selectors {
            for (acc, _) in s {
                if !read.contains(&acc) {
                    read.push(acc);
                }
            }
        }
        let binding = |acc: &syn::Ident| {
            let k = read.iter().position(|r| *r == acc).unwrap_or_default();
            quote::format_ident!("__dv_k{}", k)
        };
        let reads = read.iter().map(|acc| {
            let b = binding(acc);
            quote!(let #b = it.#acc();)
        });
        let conds = selectors.iter().map(|s| {
            let cmps = s.iter().map(|(acc, v)| {
                let b = binding(acc);
                match v {
                    Literal::String(v) => quote!((&&__DvKey(#b)).__dv_eq_str(#v)),
                    other => {
                        let v = lit_tokens(other);
                        quote!(*#b == #v)
                    }
                }
            });
            quote!(true #(&& #cmps)*)
        });
        let (n, o, e) = (&item.new, &item.old, &item.elem);
        let select = if item.ptr {
            quote!(select_ptr_slice_items)
        } else {
            quote!(select_slice_items)
        };
        preludes.push(quote! {
            let #sel = ::apimachinery::validate::#select(#n, #o, |it: &#e| {
                #(#reads)*
                [#(#conds),*]
            });
        });
    }
    preludes
}
