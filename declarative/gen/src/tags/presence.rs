//! The presence calls shared by `+k8s:required`, `+k8s:optional` and
//! `+k8s:forbidden` (Kubernetes' `validators/required.go`), dispatched on the
//! value's shape (value, pointer, slice, map).

use super::docs::Scope;
use super::{Cx, nilable, slice, with_map};
use crate::model::Shape;
use proc_macro2::{Ident, Span, TokenStream};
use quote::{quote, quote_spanned};

pub(super) const FIELD: &[Scope] = &[Scope::Field];

/// The presence call `<family>_<shape>(ctx, fld_path, new, old)`.
///
/// ```text
/// presence(&cx, "required") == quote!(::apimachinery::validate::required_pointer(...))
/// ```
pub fn presence(cx: &Cx<'_>, family: &str) -> Result<TokenStream, String> {
    let name = |shape: &str| Ident::new(&format!("{family}_{shape}"), Span::call_site());
    Ok(match &cx.ty.shape {
        Shape::Slice(_) => {
            let f = name("slice");
            let (n, o, _) = slice(&cx.ty).ok_or("not a list")?;
            quote!(::apimachinery::validate::#f(ctx, fld_path, #n, #o))
        }
        Shape::Map(..) => {
            let f = name("map");
            with_map(quote!(::apimachinery::validate::#f(ctx, fld_path, m, old_m)))
        }
        Shape::Pointer(_) => {
            let f = name("pointer");
            let (n, o) = nilable(&cx.ty);
            quote!(::apimachinery::validate::#f(ctx, fld_path, #n, #o))
        }
        _ => {
            let f = name("value");
            quote!(::apimachinery::validate::#f(ctx, fld_path, obj, old_obj))
        }
    })
}

/// Wraps a presence call with the compile-time rule of Kubernetes'
/// `required.go`: a non-pointer struct field cannot carry the tag ("non-pointer
/// structs cannot use the %q tag"). The derive cannot see whether a named
/// type is a struct, so the check is a constant evaluated by rustc against
/// the `__DV_GO_STRUCT` marker the derive puts on every struct with named
/// fields (typedefs, enums and foreign types have none and pass), reported at
/// the tag's span.
///
/// ```text
/// struct_guard(&cx, "k8s:optional", call) == quote!({ const _: () = assert!(!<T>::__DV_GO_STRUCT, ..); call })
/// ```
pub fn struct_guard(cx: &Cx<'_>, tag: &str, call: TokenStream) -> TokenStream {
    if !matches!(cx.ty.shape, Shape::Named) {
        return call;
    }
    let t = &cx.ty.ty;
    let msg = format!("non-pointer structs cannot use the {tag:?} tag");
    let check = quote_spanned! {cx.span()=>
        const _: () = {
            #[allow(unused_imports)]
            use ::apimachinery::__private::DvTransitiveFallback as _;
            ::core::assert!(!<#t>::__DV_GO_STRUCT, #msg);
        };
    };
    quote!({
        #check
        #call
    })
}

/// The `bool` "unset" condition of the optional probe on the value's shape:
/// nil, empty, or the zero value (what `optional_*` reports as not specified).
///
/// ```text
/// unset(Option<i32>) == quote!(obj.and_then(|v| v.as_ref()).is_none())
/// ```
pub fn unset(cx: &Cx<'_>) -> TokenStream {
    match &cx.ty.shape {
        Shape::Slice(_) | Shape::Map(..) => quote!(obj.is_none_or(|v| v.is_empty())),
        Shape::Pointer(_) => quote!(obj.and_then(|v| v.as_ref()).is_none()),
        _ => quote!(obj.is_none_or(|v| ::apimachinery::validate::ZeroValue::is_zero(v))),
    }
}
