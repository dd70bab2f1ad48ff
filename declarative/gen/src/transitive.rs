//! The transitive half of Kubernetes' `requiredAndOptional` lint
//! (`cmd/validation-gen/lint_rules.go`): a pointer, list, map or typedef
//! field whose type carries validation, directly or through its own fields,
//! must say `+k8s:optional`, `+k8s:required` or `+k8s:forbidden`; non-pointer
//! struct fields are exempt, and `+k8s:opaqueType` (on the field or on the
//! type) hides a type's validation.
//!
//! A derive cannot see another type's tags, so every derived type gets a
//! hidden constant `__DV_HAS_VALIDATION` (its own tags, or any field's type
//! having validation) and each unmarked field a constant assertion on its
//! type's constant, which rustc evaluates and reports at the field's span.
//! Types without the constant (foreign types) count as without validation.

use crate::grammar::Tag;
use crate::model::{Field, Shape, Struct, Ty};
use crate::tags::doc_of;
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

/// Kubernetes' `hasNonOpaqueValidationTag`: any registered tag other than
/// `+k8s:optional` and `+k8s:opaqueType`, looking through chaining tags
/// (those whose payload is a tag) to their payload.
///
/// ```text
/// is_validation(+k8s:minimum=1) == true; is_validation(+k8s:alpha=+k8s:optional) == false
/// ```
pub fn is_validation(tag: &Tag) -> bool {
    if matches!(tag.name.as_str(), "k8s:optional" | "k8s:opaqueType") {
        return false;
    }
    let Some(doc) = doc_of(&tag.name) else {
        return false;
    };
    if doc.payload_types == ["tag"] {
        return tag.value_tag().is_some_and(is_validation);
    }
    true
}

fn has_presence(tag: &Tag) -> bool {
    matches!(
        tag.name.as_str(),
        "k8s:optional" | "k8s:required" | "k8s:forbidden"
    ) || tag.value_tag().is_some_and(has_presence)
}

/// The named types a value of `ty` reaches through pointers, lists and map
/// keys and values (where the transitive search continues).
fn leaves(ty: &Ty, out: &mut Vec<Ty>) {
    match &ty.shape {
        Shape::Pointer(t) | Shape::Slice(t) => leaves(t, out),
        Shape::Map(k, v) => {
            leaves(k, out);
            leaves(v, out);
        }
        Shape::Named => match boxed(&ty.ty) {
            // `Box<T>` (a recursive type's `*T`) reaches `T`.
            Some(inner) => leaves_owned(Ty::of(&inner), out),
            None => out.push(ty.clone()),
        },
        _ => {}
    }
}

fn leaves_owned(ty: Ty, out: &mut Vec<Ty>) {
    leaves(&ty, out);
}

/// `T` of `Box<T>`.
fn boxed(ty: &syn::Type) -> Option<syn::Type> {
    let syn::Type::Path(p) = ty else { return None };
    let seg = p.path.segments.last()?;
    if seg.ident != "Box" {
        return None;
    }
    let syn::PathArguments::AngleBracketed(a) = &seg.arguments else {
        return None;
    };
    match a.args.first() {
        Some(syn::GenericArgument::Type(t)) if a.args.len() == 1 => Some(t.clone()),
        _ => None,
    }
}

/// How many type hops `__DV_HAS_VALIDATION` looks through: constants cannot
/// refer to themselves, so a type's constant at level `k` reads its field
/// types' constants at level `k - 1` (mutually recursive types then
/// terminate), and the answer is level [`LEVELS`].
/// `apimachinery::__private::DvLevelFallback` declares one fallback
/// constant per level: change both together.
pub(crate) const LEVELS: usize = 24;

pub(crate) fn level_ident(k: usize) -> syn::Ident {
    quote::format_ident!("__DV_HV_{}", k)
}

fn is_self(t: &syn::Type, ident: &syn::Ident) -> bool {
    match t {
        syn::Type::Path(p) if p.qself.is_none() => {
            p.path.is_ident("Self") || p.path.is_ident(ident)
        }
        _ => false,
    }
}

/// The fallback trait giving every type without the derive's constants
/// `false` (inherent constants take precedence over it), imported from
/// `apimachinery::__private`.
pub(crate) fn fallback() -> TokenStream {
    quote! {
        #[allow(unused_imports)]
        use ::apimachinery::__private::DvTransitiveFallback as _;
    }
}

fn opaque(tags: &[crate::model::TagLine]) -> bool {
    tags.iter()
        .any(|l| crate::tags::unwrap_levels(&l.tag).is_some_and(|t| t.name == "k8s:opaqueType"))
}

fn leaf_types(ty: &Ty, s: &Struct) -> Vec<syn::Type> {
    let mut named = Vec::new();
    leaves(ty, &mut named);
    named
        .into_iter()
        .filter(|t| !is_self(&t.ty, &s.ident))
        .map(|t| t.ty)
        .collect()
}

fn leaf_consts(ty: &Ty, s: &Struct) -> Vec<TokenStream> {
    leaf_types(ty, s)
        .into_iter()
        .map(|t| quote!(<#t>::__DV_HAS_VALIDATION))
        .collect()
}

/// The hidden `__DV_HAS_VALIDATION` constant of a derived type: whether it
/// has validation of its own or through a (non-opaque) field's type.
///
/// ```text
/// has_validation_const(&s) == quote!(impl S { pub const __DV_HAS_VALIDATION: bool = { .. }; })
/// ```
pub fn has_validation_const(s: &Struct) -> TokenStream {
    let ident = &s.ident;
    let type_opaque = opaque(&s.tags);
    let own = !type_opaque
        && (s
            .tags
            .iter()
            .filter(|l| {
                !matches!(
                    l.tag.name.as_str(),
                    "k8s:supportsSubresource" | "k8s:isSubresource"
                )
            })
            .any(|l| is_validation(&l.tag))
            || s.fields
                .iter()
                .any(|f| f.tags.iter().any(|l| is_validation(&l.tag))));
    let mut reached = Vec::new();
    if !type_opaque {
        if let Some(inner) = &s.newtype {
            reached.extend(leaf_types(inner, s));
        }
        for f in s.fields.iter().filter(|f| !opaque(&f.tags)) {
            reached.extend(leaf_types(&f.ty, s));
        }
    }
    let levels = (0..=LEVELS).map(|k| {
        let name = level_ident(k);
        if k == 0 || reached.is_empty() {
            return quote!(#[doc(hidden)] pub const #name: bool = #own;);
        }
        let below = level_ident(k - 1);
        quote!(#[doc(hidden)] pub const #name: bool = #own #(|| <#reached>::#below)*;)
    });
    let top = level_ident(LEVELS);
    quote! {
        const _: () = {
            #[allow(unused_imports)]
            use ::apimachinery::__private::DvLevelFallback as _;
            #[automatically_derived]
            impl #ident {
                #(#levels)*
                #[doc(hidden)]
                pub const __DV_HAS_VALIDATION: bool = Self::#top;
            }
        };
    }
}

/// Constant assertions for the fields that reach validation only through
/// their type and carry no presence tag; `direct` tells whether a field
/// has validation tags of its own (the direct lint reports those).
///
/// ```text
/// field_checks(&s) == vec![quote!(const _: () = assert!(!(<Spec>::__DV_HAS_VALIDATION), ..);)]
/// ```
pub fn field_checks(s: &Struct) -> Vec<TokenStream> {
    s.fields
        .iter()
        .filter(|f| !f.tags.iter().any(|l| has_presence(&l.tag)))
        .filter(|f| !f.tags.iter().any(|l| is_validation(&l.tag)))
        .filter(|f| !opaque(&f.tags))
        .filter_map(|f| field_check(f, s))
        .collect()
}

fn field_check(f: &Field, s: &Struct) -> Option<TokenStream> {
    let reached = leaf_consts(&f.ty, s);
    if reached.is_empty() {
        return None;
    }
    // A non-pointer struct cannot take a presence tag: exempt.
    let exempt = match &f.ty.shape {
        Shape::Named => {
            let t = &f.ty.ty;
            quote!(<#t>::__DV_GO_STRUCT)
        }
        _ => quote!(false),
    };
    let msg = format!(
        "field {}: field with validation must have +k8s:optional, +k8s:required or +k8s:forbidden",
        f.json
    );
    let fallback = fallback();
    Some(quote_spanned! {f.ty.ty.span()=>
        const _: () = {
            #fallback
            ::core::assert!(#exempt || !(#(#reached)||*), #msg);
        };
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grammar::parse;

    #[test]
    fn validation_tags_look_through_chains() {
        let t = |s: &str| parse(s).map(|t| is_validation(&t)).unwrap_or(false);
        assert!(t("k8s:minimum=1"));
        assert!(t("k8s:required"));
        assert!(t("k8s:alpha=+k8s:format=k8s-short-name"));
        assert!(!t("k8s:optional"));
        assert!(!t("k8s:opaqueType"));
        assert!(!t("k8s:beta=+k8s:optional"));
        assert!(!t("k8s:eachVal=+k8s:opaqueType"));
    }

    #[test]
    fn only_unmarked_fields_reaching_types_are_checked() {
        let input: syn::DeriveInput = syn::parse_quote! {
            struct S {
                /// +k8s:optional
                a: Option<Spec>,
                b: Option<Spec>,
                c: Vec<Item>,
                d: String,
                /// +k8s:opaqueType
                e: Option<Spec>,
                f: Option<Box<S>>,
                g: Vec<S>,
            }
        };
        let mut errors = Vec::new();
        let s = Struct::from_input(&input, &mut errors).unwrap_or_else(|| panic!("{errors:?}"));
        let checks = field_checks(&s);
        assert_eq!(checks.len(), 2, "b and c (f: Box<S> reaches S itself)");
        let text = checks[0].to_string();
        assert!(text.contains("field b: field with validation"), "{text}");
        let c = has_validation_const(&s).to_string();
        assert!(c.contains("< Spec > :: __DV_HV_23"), "{c}");
        assert!(!c.contains("< S > ::"), "self references are skipped: {c}");
    }
}
