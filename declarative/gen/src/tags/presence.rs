//! The presence calls shared by `+k8s:required`, `+k8s:optional` and
//! `+k8s:forbidden` (Kubernetes' `validators/required.go`), dispatched on the
//! value's shape (value, pointer, slice, map).

use super::docs::Scope;
use super::{Cx, nilable, slice, with_map, with_map_into};
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
    presence_call(cx, family, false)
}

/// The sink form of [`presence`]: `<family>_<shape>_into(ctx, fld_path,
/// new, old, errs)`, a `bool` telling whether it appended an error.
///
/// ```text
/// presence_into(&cx, "required") == quote!(::apimachinery::validate::required_pointer_into(..., errs))
/// ```
pub fn presence_into(cx: &Cx<'_>, family: &str) -> Result<TokenStream, String> {
    presence_call(cx, family, true)
}

/// [`presence`] (`sink` false) or [`presence_into`] (`sink` true).
fn presence_call(cx: &Cx<'_>, family: &str, sink: bool) -> Result<TokenStream, String> {
    let suffix = if sink { "_into" } else { "" };
    let name = |shape: &str| Ident::new(&format!("{family}_{shape}{suffix}"), Span::call_site());
    let errs = if sink { quote!(, errs) } else { quote!() };
    Ok(match &cx.ty.shape {
        Shape::Slice(_) => {
            let f = name("slice");
            let (n, o, _) = slice(&cx.ty).ok_or("not a list")?;
            quote!(::apimachinery::validate::#f(ctx, fld_path, #n, #o #errs))
        }
        Shape::Map(..) => {
            let f = name("map");
            let call = quote!(::apimachinery::validate::#f(ctx, fld_path, m, old_m #errs));
            if sink {
                with_map_into(call)
            } else {
                with_map(call)
            }
        }
        Shape::Pointer(_) => {
            let f = name("pointer");
            let (n, o) = nilable(&cx.ty);
            quote!(::apimachinery::validate::#f(ctx, fld_path, #n, #o #errs))
        }
        _ => {
            let f = name("value");
            quote!(::apimachinery::validate::#f(ctx, fld_path, obj, old_obj #errs))
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
