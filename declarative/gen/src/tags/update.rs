//! `+k8s:update=<constraint>` (Kubernetes' `validators/update.go`): NoSet,
//! NoUnset, NoModify, NoAddItem, NoRemoveItem, dispatched on the shape.

use super::docs::{PayloadDoc, Scope, Stability, TagDoc, doc};
use super::list::{list_kind, match_fn};
use super::{Cx, FunctionGen, Out, nilable, slice, string_payload, with_map};
use crate::grammar::Tag;
use crate::model::Shape;
use proc_macro2::{Ident, Span};
use quote::quote;

/// `+k8s:update`.
pub static UPDATE: TagDoc = TagDoc {
    docs: "A non-pointer struct field is always set: NoModify rejects any change to it, also from its zero value. A typedef of a scalar is unset when zero. On a field of a list typedef (#[dv(typedef)]) without list tags of its own, NoAddItem/NoRemoveItem take the item identity from the typedef's list tags.",
    payload_types: &["string"],
    payloads_required: true,
    payloads: &[
        PayloadDoc {
            description: "NoSet",
            docs: "prevents unset->set transitions",
        },
        PayloadDoc {
            description: "NoUnset",
            docs: "prevents set->unset transitions",
        },
        PayloadDoc {
            description: "NoModify",
            docs: "prevents value changes but allows set/unset transitions",
        },
        PayloadDoc {
            description: "NoAddItem",
            docs: "prevents adding items to a slice or map",
        },
        PayloadDoc {
            description: "NoRemoveItem",
            docs: "prevents removing items from a slice or map",
        },
    ],
    ..doc(
        "k8s:update",
        "Provides constraints on the allowed update operations of a field. Constraints: NoSet (prevents unset->set transitions), NoUnset (prevents set->unset transitions), NoModify (prevents value changes but allows set/unset transitions), NoAddItem (prevents adding items to a slice or map), NoRemoveItem (prevents removing items from a slice or map). Multiple constraints can be specified using multiple tags. For non-pointer structs, NoSet and NoUnset have no effect as these fields cannot be unset. For slice and map fields, 'unset' means len == 0. Slice item identity for NoAddItem/NoRemoveItem comes from +k8s:listType/+k8s:listMapKey/+k8s:unique, for maps the key is the item identity. NoModify is not supported on slices or maps, use +k8s:eachVal=+k8s:update=NoModify for per-item immutability.",
        Stability::Stable,
        &[Scope::Field, Scope::ListVal, Scope::MapVal],
        emit,
    )
};

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    let c = string_payload(tag)?;
    if !matches!(
        c.as_str(),
        "NoSet" | "NoUnset" | "NoModify" | "NoAddItem" | "NoRemoveItem"
    ) {
        return Err(format!(
            "unknown update constraint {c:?} (expected NoSet, NoUnset, NoModify, NoAddItem or NoRemoveItem)"
        ));
    }
    let item = matches!(c.as_str(), "NoAddItem" | "NoRemoveItem");
    let cid = Ident::new(&c, Span::call_site());
    // A list or map field's `+k8s:update` tags run as one call: the
    // primitive applies its constraints in order, so one call with all of
    // them appends what consecutive calls would (the tags are adjacent
    // short-circuits), with one walk set-up and one update check.
    let merged = merged_constraints(cx, tag);
    if let Some(Merged::Later) = merged {
        cx.rule(
            out,
            tag,
            quote!(::apimachinery::rule::RuleParams::Update(
                ::apimachinery::validate::UpdateConstraint::#cid
            )),
            if item {
                vec![("Forbidden", "update".to_string())]
            } else {
                vec![("Invalid", "update".to_string())]
            },
        );
        return Ok(Vec::new());
    }
    let cons = match merged {
        Some(Merged::First(all)) => {
            let ids = all.iter().map(|c| Ident::new(c, Span::call_site()));
            quote!(&[#(::apimachinery::validate::UpdateConstraint::#ids),*])
        }
        _ => quote!(&[::apimachinery::validate::UpdateConstraint::#cid]),
    };
    let mut map_into = None;
    let call = match &cx.ty.shape {
        Shape::Slice(elem) => {
            if c == "NoModify" {
                return Err("NoModify is not supported on slices or maps, use +k8s:eachVal=+k8s:update=NoModify".into());
            }
            let (n, o, _) = slice(&cx.ty).ok_or("not a list")?;
            let e = &elem.deref().ty;
            let m = match match_fn(cx, elem) {
                Some(m) => quote!(::core::option::Option::Some(#m)),
                // A field of a list typedef without list tags of its own
                // inherits the typedef's list semantics.
                None => match cx
                    .field
                    .filter(|f| f.typedef.is_some() && list_kind(cx).is_none())
                {
                    Some(f) => {
                        let t = &f.ty.ty;
                        quote!(<#t>::__dv_list_match())
                    }
                    None => quote!(::core::option::Option::None::<fn(&#e, &#e) -> bool>),
                },
            };
            if matches!(elem.shape, Shape::Pointer(_)) {
                quote!(::apimachinery::validate::update_ptr_slice(ctx, fld_path, #n, #o, #m, #cons))
            } else {
                quote!(::apimachinery::validate::update_slice(ctx, fld_path, #n, #o, #m, #cons))
            }
        }
        Shape::Map(..) => {
            if c == "NoModify" {
                return Err("NoModify is not supported on slices or maps, use +k8s:eachVal=+k8s:update=NoModify".into());
            }
            map_into = Some(super::with_map_into(quote!(
                ::apimachinery::validate::update_map_into(ctx, fld_path, m, old_m, #cons, errs)
            )));
            with_map(quote!(::apimachinery::validate::update_map(ctx, fld_path, m, old_m, #cons)))
        }
        _ if item => return Err(format!("{c} can only be used on list or map types")),
        Shape::Pointer(_) => {
            let (n, o) = nilable(&cx.ty);
            quote!(::apimachinery::validate::update_pointer(ctx, fld_path, #n, #o, #cons))
        }
        // A named type is a Go struct (always set: any change is a
        // modification) or a typedef of a scalar (zero means unset); which
        // one is the `__DV_GO_STRUCT` marker, resolved by rustc.
        Shape::Named => {
            let fallback = crate::transitive::fallback();
            let t = &cx.ty.ty;
            quote!({
                #fallback
                if <#t>::__DV_GO_STRUCT {
                    ::apimachinery::validate::update_struct(ctx, fld_path, obj, old_obj, #cons)
                } else {
                    ::apimachinery::validate::update_value(ctx, fld_path, obj, old_obj, #cons)
                }
            })
        }
        _ => quote!(::apimachinery::validate::update_value(ctx, fld_path, obj, old_obj, #cons)),
    };
    let errors = if item {
        vec![("Forbidden", "update".to_string())]
    } else {
        vec![("Invalid", "update".to_string())]
    };
    cx.rule(
        out,
        tag,
        quote!(::apimachinery::rule::RuleParams::Update(
            ::apimachinery::validate::UpdateConstraint::#cid
        )),
        errors,
    );
    // The struct-or-typedef dispatch is a block: its sink form dispatches
    // the same way to the primitives' sink forms.
    let into = match &cx.ty.shape {
        Shape::Named => {
            let fallback = crate::transitive::fallback();
            let t = &cx.ty.ty;
            Some(quote!({
                #fallback
                if <#t>::__DV_GO_STRUCT {
                    ::apimachinery::validate::update_struct_into(ctx, fld_path, obj, old_obj, #cons, errs)
                } else {
                    ::apimachinery::validate::update_value_into(ctx, fld_path, obj, old_obj, #cons, errs)
                }
            }))
        }
        Shape::Map(..) => map_into,
        _ => super::sink_of(&call),
    };
    let f = FunctionGen::short_circuit(call);
    Ok(vec![match into {
        Some(into) => f.with_into(into),
        None => f,
    }])
}

/// How a field's `+k8s:update` tag takes part in the merged call.
enum Merged {
    /// The field's first `+k8s:update` tag: its call carries every
    /// constraint of the field's `+k8s:update` tags, in source order.
    First(Vec<String>),
    /// A later one: its constraint is in the first tag's call.
    Later,
}

/// Whether `tag`, written directly on a list or map field (no wrapper,
/// condition or selector), is merged with the field's other `+k8s:update`
/// tags; `None` when the field has only one, or any of them names a
/// constraint that is not valid on a list or map (each then reports its
/// own error).
fn merged_constraints(cx: &Cx<'_>, tag: &Tag) -> Option<Merged> {
    let direct = std::ptr::eq(tag, &cx.line.tag)
        && cx.scope == Scope::Field
        && cx.item.is_none()
        && cx.conditions.is_empty()
        && matches!(cx.ty.shape, Shape::Slice(_) | Shape::Map(..));
    if !direct {
        return None;
    }
    let lines: Vec<&crate::model::TagLine> = cx
        .siblings
        .iter()
        .filter(|l| l.tag.name == "k8s:update")
        .collect();
    if lines.len() < 2 {
        return None;
    }
    let mut all = Vec::with_capacity(lines.len());
    for l in &lines {
        match string_payload(&l.tag).ok()?.as_str() {
            c @ ("NoSet" | "NoUnset" | "NoAddItem" | "NoRemoveItem") => all.push(c.to_string()),
            _ => return None,
        }
    }
    if std::ptr::eq(&lines[0].tag, tag) {
        Some(Merged::First(all))
    } else {
        Some(Merged::Later)
    }
}
