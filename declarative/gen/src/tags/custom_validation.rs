//! `+k8s:customValidation`: calls a hand-written associated function of the type
//! from the generated traversal.

use super::docs::{Scope, Stability, TagDoc, doc};
use super::{Cx, FunctionGen, Out};
use crate::grammar::Tag;
use proc_macro2::{Ident, Span};
use quote::quote;

/// `+k8s:customValidation`.
pub static CUSTOM_VALIDATION: TagDoc = TagDoc {
    docs: "Field scope calls `Self::validate_custom_<field>(ctx, path, value, old)`, type scope calls `Self::validate_custom(ctx, path, value, old)`: associated functions written by hand next to the type, with `value, old: Option<&T>` and returning `ErrorList`. On update the framework skips a field-scope call when the field is unchanged.",
    ..doc(
        "k8s:customValidation",
        "Calls a hand-written validation function from the generated traversal code.",
        Stability::Stable,
        &[Scope::Type, Scope::Field],
        emit,
    )
};

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    // No (type, origin) is declared: the hand-written function's errors are unknown.
    cx.rule(
        out,
        tag,
        quote!(::apimachinery::rule::RuleParams::CustomValidation),
        Vec::new(),
    );
    let name = match (cx.scope, cx.field) {
        (Scope::Field, Some(f)) => {
            let raw = f.ident.to_string();
            format!("validate_custom_{}", raw.trim_start_matches("r#"))
        }
        _ => "validate_custom".to_string(),
    };
    let f = Ident::new(&name, Span::call_site());
    Ok(vec![FunctionGen::plain(
        quote!(Self::#f(ctx, fld_path, obj, old_obj)),
    )])
}
