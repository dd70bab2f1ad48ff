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
            let into = f.into.clone().map(wrap);
            let probe = f.probe.clone().map(wrap);
            let mut f = f.map(wrap);
            f.into = into;
            f.probe = probe;
            f.cohort = Some(cohort.clone());
            f
        })
        .collect())
}
