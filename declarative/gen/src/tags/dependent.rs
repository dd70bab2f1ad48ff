//! Shared by `+k8s:dependentRequired(<field>)` and `+k8s:dependentForbidden(<field>)`
//! (Kubernetes' `validators/dependentrequired.go`): evaluated at the struct,
//! errors at `<struct>.<dependent>`.

use super::docs::ArgDoc;
use super::{Cx, FunctionGen, Out, Stage};
use crate::grammar::{Literal, Tag};
use crate::model::{Field, Shape};
use proc_macro2::TokenStream;
use quote::quote;

pub(super) const DEPENDENT: &[ArgDoc] = &[ArgDoc {
    name: "",
    ty: "string",
    required: true,
    description: "<field-json-name>: the dependent field.",
}];

/// `|s: &Self| <field is set>`: non-nil, non-empty or non-zero.
///
/// ```text
/// is_set(field) == quote!(|s: &Self| s.f.is_some())
/// ```
pub fn is_set(f: &Field) -> TokenStream {
    let id = &f.ident;
    match f.ty.shape {
        Shape::Pointer(_) => quote!(|s: &Self| s.#id.is_some()),
        Shape::Slice(_) | Shape::Map(..) => quote!(|s: &Self| !s.#id.is_empty()),
        _ => quote!(|s: &Self| !::apimachinery::validate::ZeroValue::is_zero(&s.#id)),
    }
}

pub(super) fn dependent(
    cx: &Cx<'_>,
    tag: &Tag,
    out: &mut Out,
    forbidden: bool,
) -> Result<Vec<FunctionGen>, String> {
    let Some(Literal::String(dep)) = tag.positional_arg() else {
        return Err("requires the dependent field's JSON name".into());
    };
    let trigger = cx.field.ok_or("can only be used on struct fields")?;
    if !cx.conditions.is_empty() || cx.path != trigger.json {
        return Err("can only be used directly on struct fields".into());
    }
    let dep_field = cx
        .strukt
        .field_by_json(dep)
        .ok_or_else(|| format!("no field with JSON name {dep:?} in {}", cx.strukt.ident))?;
    let (tset, dset) = (is_set(trigger), is_set(dep_field));
    let tname = &trigger.json;
    // The detail names the trigger: finished at compile time from the
    // primitive's wording (no text is built when the error is).
    let (f, detail) = if forbidden {
        (
            quote!(dependent_forbidden),
            quote!(::apimachinery::validate::dependent_forbidden_detail!(#tname)),
        )
    } else {
        (
            quote!(dependent_required),
            quote!(::apimachinery::validate::dependent_required_detail!(#tname)),
        )
    };
    let mut call =
        quote!(::apimachinery::validate::#f(ctx, path, obj, old_obj, #detail, #tset, #dep, #dset));
    match cx.stage {
        Stage::Alpha => call = quote!((#call).mark_alpha()),
        Stage::Beta => call = quote!((#call).mark_beta()),
        Stage::Stable => {}
    }
    let (ty, origin) = if forbidden {
        ("Forbidden", "dependentForbidden")
    } else {
        ("Required", "dependentRequired")
    };
    let mut rcx = cx.clone();
    rcx.path = dep.clone();
    rcx.ty = dep_field.ty.clone();
    let params = if forbidden {
        quote!(::apimachinery::rule::RuleParams::DependentForbidden { trigger: #tname, dependent: #dep })
    } else {
        quote!(::apimachinery::rule::RuleParams::DependentRequired { trigger: #tname, dependent: #dep })
    };
    rcx.rule(out, tag, params, vec![(ty, origin.into())]);
    out.level.calls.push(call);
    Ok(Vec::new())
}
