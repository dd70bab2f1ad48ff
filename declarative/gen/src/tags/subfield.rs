//! `+k8s:subfield(<json-name>)=+<tag>` (Kubernetes' `validators/subfield.go`):
//! validates one field of the struct-typed value at `<path>.<json-name>`,
//! ratcheted on the subfield. The subfield is read through the accessor the
//! derive generates on the nested struct; its type is not visible here, so
//! the payload sees it as a non-pointer value (`Unknown`), unless the field
//! names it with `#[dv(subfield(<json-name> = "<type>"))]`, which list and
//! map payloads need; their list metadata (`listType`, `listMapKey`,
//! `unique`) is read from the field's `+k8s:subfield(<json-name>)` tags, as
//! Kubernetes keys list metadata by the subfield's path. A pointer
//! subfield (`Option<U>`) reaches the payload as `U`, `None` when nil, as
//! Kubernetes' generated getter returns the pointer itself.

use super::docs::{PayloadDoc, Scope, Stability, TagDoc, doc};
use super::list::accessor;
use super::{Cx, FunctionGen, Out, nilable, payload, unwrap_conditions};
use crate::grammar::{Literal, Tag};
use crate::model::{Shape, TagLine, Ty};
use proc_macro2::TokenStream;
use quote::quote;

/// `+k8s:subfield`.
pub static SUBFIELD: TagDoc = TagDoc {
    args: &[super::docs::ArgDoc {
        name: "",
        ty: "string",
        required: true,
        description: "<field-json-name>",
    }],
    payload_types: &["tag"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<validation-tag>",
        docs: "The tag to evaluate for the subfield.",
    }],
    docs: "The named subfield must be a direct field of the struct, or of an embedded struct. The short-circuiting validations the subfield's type declares on it (+k8s:required, +k8s:optional, +k8s:forbidden, +k8s:immutable, +k8s:update, limits) run first: when one stops, the subfield's validations are skipped (its errors are reported by the type's own validation), unless the field is +k8s:opaqueType. List and map payloads (listType, listMapKey, unique, item, eachVal, eachKey, item and property limits) need the subfield's Rust type, named on the field: #[dv(subfield(<json-name> = \"Vec<T>\"))].",
    ..doc(
        "k8s:subfield",
        "Declares a validation for a subfield of a struct.",
        Stability::Stable,
        &[Scope::Type, Scope::Field, Scope::ListVal, Scope::MapVal],
        emit,
    )
};

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    let Some(Literal::String(name)) = tag.positional_arg() else {
        return Err("requires the subfield's JSON name".into());
    };
    // A subfield's own type is not visible to the derive (`Unknown`): a
    // nested subfield of it is accepted and checked by rustc.
    if !matches!(cx.ty.deref().shape, Shape::Named | Shape::Unknown) {
        return Err(format!(
            "can only be used on struct types (got {})",
            cx.ty.text()
        ));
    }
    // The subfield's type, when the field declares it with
    // `#[dv(subfield(<name> = "<type>"))]` (a pointer subfield reaches the
    // payload as its pointee); rustc checks it against the real field.
    let declared = cx
        .field
        .and_then(|f| f.subfields.iter().find(|(n, _)| n == name))
        .map(|(_, t)| t.deref().clone());
    if declared.is_none()
        && let Some(shaped) = needs_shape(tag)
    {
        return Err(format!(
            "{shaped} through +k8s:subfield({name}) needs the subfield's type: declare it on the \
             field with #[dv(subfield({name} = \"<type>\"))]"
        ));
    }
    let declared_ty = declared.as_ref().map(|t| t.ty.clone());
    // List metadata of the subfield (`listType`, `listMapKey`, `unique`) is
    // read from the payloads of this field's `+k8s:subfield(<name>)` tags, as
    // Kubernetes keys list metadata by the subfield's path.
    let sub_lines: Vec<TagLine> = cx
        .siblings
        .iter()
        .filter_map(|l| {
            let t = unwrap_conditions(&l.tag)?;
            match (t.name.as_str(), t.positional_arg(), t.value_tag()) {
                ("k8s:subfield", Some(Literal::String(n)), Some(v)) if n == name => Some(TagLine {
                    text: l.text.clone(),
                    tag: v.clone(),
                    span: l.span,
                }),
                _ => None,
            }
        })
        .collect();
    let inner = Cx {
        ty: declared.unwrap_or(Ty {
            ty: syn::Type::Infer(syn::TypeInfer {
                underscore_token: Default::default(),
            }),
            shape: Shape::Unknown,
        }),
        path: format!("{}.{name}", cx.path),
        scope: Scope::Field,
        siblings: &sub_lines,
        ..cx.clone()
    };
    let fns = payload(&inner, tag, out)?;
    if fns.is_empty() {
        return Ok(Vec::new());
    }
    let acc = accessor(name);
    let validator = match &declared_ty {
        Some(t) => quote!(|ctx: &::apimachinery::operation::Context,
                           fld_path: &::apimachinery::field::Path<'_>,
                           obj: ::core::option::Option<&#t>,
                           old_obj: ::core::option::Option<&#t>|),
        None => quote!(|ctx, fld_path, obj, old_obj|),
    };
    let (n, o) = nilable(&cx.ty);
    // The subfield's own short-circuits (its type's tags on it) run first in
    // the cohort and stop it without reporting, unless the field is opaque.
    let opaque = !cx.sibling_tags("k8s:opaqueType").is_empty();
    let inherited = match &cx.ty.deref().shape {
        Shape::Named if !opaque => {
            let t = &cx.ty.deref().ty;
            let hook = syn::Ident::new(
                &format!(
                    "__dv_sc_{}",
                    acc.to_string().trim_start_matches("__dv_field_")
                ),
                proc_macro2::Span::call_site(),
            );
            let stops = quote!(<#t>::#hook(ctx, fld_path, #n, #o));
            let mut g = FunctionGen::non_error(quote!(if #stops {
                ::apimachinery::field::ErrorList::from(::apimachinery::field::Error::internal(
                    fld_path,
                    "inherited short-circuit",
                ))
            } else {
                ::apimachinery::field::ErrorList::new()
            }));
            g.probe = Some(stops);
            g.cohort = Some(name.clone());
            Some(g)
        }
        _ => None,
    };
    // Each payload function is wrapped on its own, keeping its flags; the
    // calls form the subfield's cohort, so a short-circuit on the subfield
    // stops the rest of that subfield only, as Kubernetes' generated code does.
    Ok(fns
        .into_iter()
        .map(|f| {
            // The call, its sink form (a `bool`, appending to the captured
            // `errs`) and its presence probe all go through the same
            // subfield selection and ratcheting.
            let wrap = |body: TokenStream| {
                quote!(::apimachinery::validate::subfield(
                    ctx, fld_path, #n, #o, #name,
                    |s| (&&__DvSub(s.#acc())).__dv_sub(),
                    |a, b| a == b,
                    #validator #body,
                ))
            };
            let into = f.into.clone().map(wrap);
            let probe = f.probe.clone().map(wrap);
            let mut f = f.map(wrap);
            f.into = into;
            f.probe = probe;
            f.cohort = Some(name.clone());
            f
        })
        .chain(inherited)
        .collect())
}

/// The first tag of a payload chain that needs the subfield's Rust shape
/// (list and map tags), if any.
///
/// ```text
/// needs_shape(subfield(x)=+k8s:ifEnabled(F)=+k8s:listType=map) == Some("k8s:listType")
/// ```
fn needs_shape(tag: &Tag) -> Option<&'static str> {
    const SHAPED: &[&str] = &[
        "k8s:listType",
        "k8s:listMapKey",
        "k8s:unique",
        "k8s:customUnique",
        "k8s:item",
        "k8s:eachVal",
        "k8s:eachKey",
        "k8s:maxItems",
        "k8s:minItems",
        "k8s:maxProperties",
        "k8s:minProperties",
    ];
    let mut t = tag.value_tag();
    while let Some(inner) = t {
        if let Some(n) = SHAPED.iter().find(|n| **n == inner.name) {
            return Some(n);
        }
        t = inner.value_tag();
    }
    None
}
