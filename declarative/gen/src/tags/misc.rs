//! Wiring tags: `+k8s:opaqueType`, `+k8s:supportsSubresource`,
//! `+k8s:isSubresource`, and `+k8s:customValidation` (a hand-written
//! function called from the generated traversal).

use super::docs::{PayloadDoc, Scope, Stability, TagDoc, doc};
use super::{Cx, FunctionGen, Out};
use crate::grammar::Tag;
use proc_macro2::{Ident, Span};
use quote::quote;

/// `+k8s:opaqueType`.
pub static OPAQUE_TYPE: TagDoc = TagDoc {
    docs: "If a referenced type's validations should not be run (for example a type without #[derive(Validate)]), set this tag. On a field the field's type is not validated; with +k8s:eachVal / +k8s:eachKey the items' (keys') type is not validated; on a type definition the type's own tags still run but its fields are not validated. The field's own tags always run. An opaque field's (or opaque type's fields') subfields do not inherit the short-circuits of the type's own tags.",
    ..doc(
        "k8s:opaqueType",
        "Indicates that any validations declared on the referenced type will be ignored. If a referenced type's package is not included in the generator's current flags, this tag must be set, or code generation will fail (preventing silent mistakes). If the validations should not be ignored, add the type's package to the generator using the --readonly-pkg flag.",
        Stability::Stable,
        &[
            Scope::Type,
            Scope::Field,
            Scope::ListVal,
            Scope::MapKey,
            Scope::MapVal,
        ],
        emit_nothing,
    )
};

/// `+k8s:supportsSubresource`.
pub static SUPPORTS_SUBRESOURCE: TagDoc = TagDoc {
    docs: "If a type has no +k8s:supportsSubresource tags, generated validation is only wired for the root resource; an undeclared subresource is an InternalError.",
    payload_types: &["string"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<subresource-path>",
        docs: "A subresource path such as \"/status\" or \"/scale\"; may be repeated.",
    }],
    ..doc(
        "k8s:supportsSubresource",
        "Declare supported validation subresources for a type.",
        Stability::Metadata,
        &[Scope::Type],
        emit_nothing,
    )
};

/// `+k8s:isSubresource`.
pub static IS_SUBRESOURCE: TagDoc = TagDoc {
    docs: "It depends on +k8s:supportsSubresource on the root resource type. The type's validation runs only for that subresource; any other subresource path is an InternalError.",
    payload_types: &["string"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<subresource-path>",
        docs: "The subresource path this type is the validation shape of, such as \"/scale\".",
    }],
    ..doc(
        "k8s:isSubresource",
        "Mark a type as validation for a specific subresource.",
        Stability::Metadata,
        &[Scope::Type],
        emit_nothing,
    )
};

/// `+k8s:customValidation`.
pub static CUSTOM_VALIDATION: TagDoc = TagDoc {
    docs: "Field scope calls `Self::validate_custom_<field>(ctx, path, value, old)`, type scope calls `Self::validate_custom(ctx, path, value, old)`: associated functions written by hand next to the type, with `value, old: Option<&T>` and returning `ErrorList`. On update the framework skips a field-scope call when the field is unchanged.",
    ..doc(
        "k8s:customValidation",
        "Calls a hand-written validation function from the generated traversal code.",
        Stability::Stable,
        &[Scope::Type, Scope::Field],
        emit_custom,
    )
};

fn emit_nothing(_cx: &Cx<'_>, _tag: &Tag, _out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    Ok(Vec::new())
}

fn emit_custom(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    // No (type, origin) is declared: the hand-written function's errors are unknown.
    cx.rule(out, tag, Vec::new());
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
