//! `+k8s:minimum`, `maximum`, `minLength`, `maxLength`, `maxBytes`,
//! `minItems`, `maxItems`, `minProperties`, `maxProperties` (Kubernetes'
//! `validators/limits.go`).

use super::docs::{FIELD_AND_VALUES, PayloadDoc, Scope, Stability, TagDoc, VALUES, doc};
use super::{
    Cx, FunctionGen, Out, int_payload, lit_tokens, map_types, nilable, slice, string, with_map,
};
use crate::grammar::{Literal, Tag};
use crate::model::Shape;
use proc_macro2::{Ident, Span};
use quote::quote;

const INT: &[&str] = &["int"];
const FIELDS: &[Scope] = &[Scope::Type, Scope::Field, Scope::ListVal, Scope::MapVal];

/// `+k8s:minimum`.
pub static MINIMUM: TagDoc = TagDoc {
    payload_types: INT,
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<integer>",
        docs: "This field must be greater than or equal to x.",
    }],
    ..doc(
        "k8s:minimum",
        "Indicates that a numeric field has a minimum value.",
        Stability::Stable,
        VALUES,
        emit_minimum,
    )
};

/// `+k8s:maximum`.
pub static MAXIMUM: TagDoc = TagDoc {
    payload_types: INT,
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<integer>",
        docs: "This field must be less than or equal to x.",
    }],
    ..doc(
        "k8s:maximum",
        "Indicates that a numeric field has a maximum value.",
        Stability::Stable,
        VALUES,
        emit_maximum,
    )
};

/// `+k8s:maxLength`.
pub static MAX_LENGTH: TagDoc = TagDoc {
    payload_types: INT,
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<non-negative integer>",
        docs: "This field must be no more than X characters long.",
    }],
    ..doc(
        "k8s:maxLength",
        "Indicates that a string field has a limit on its length in characters. This could allow up to 4*N bytes if multi-byte characters are used. If you want to limit length of bytes specifically, use maxBytes.",
        Stability::Stable,
        VALUES,
        emit_max_length,
    )
};

/// `+k8s:maxBytes`.
pub static MAX_BYTES: TagDoc = TagDoc {
    payload_types: INT,
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<non-negative integer>",
        docs: "This field must be no more than X bytes long.",
    }],
    ..doc(
        "k8s:maxBytes",
        "Indicates that a string field has a limit on its length in bytes. This could only allow as few as N/4 multi-byte characters. If you want to limit length of characters specifically, use maxLength.",
        Stability::Stable,
        VALUES,
        emit_max_bytes,
    )
};

/// `+k8s:minLength`.
pub static MIN_LENGTH: TagDoc = TagDoc {
    payload_types: INT,
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<integer>",
        docs: "This field must be at least X characters long.",
    }],
    ..doc(
        "k8s:minLength",
        "Indicates that a string field has a minimum length for its value in characters. This means that the minimum size in bytes is a range from X to 4X if multi-byte characters are allowed.",
        Stability::Stable,
        VALUES,
        emit_min_length,
    )
};

/// `+k8s:maxItems`.
pub static MAX_ITEMS: TagDoc = TagDoc {
    payload_types: INT,
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<non-negative integer>",
        docs: "This list must be no more than X items long.",
    }],
    ..doc(
        "k8s:maxItems",
        "Indicates that a list has a limit on its size.",
        Stability::Stable,
        FIELDS,
        emit_max_items,
    )
};

/// `+k8s:minItems`.
pub static MIN_ITEMS: TagDoc = TagDoc {
    payload_types: INT,
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<non-negative integer>",
        docs: "This list must be at least X items long.",
    }],
    ..doc(
        "k8s:minItems",
        "Indicates that a list has a minimum size.",
        Stability::Stable,
        FIELDS,
        emit_min_items,
    )
};

/// `+k8s:maxProperties`.
pub static MAX_PROPERTIES: TagDoc = TagDoc {
    payload_types: INT,
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<non-negative integer>",
        docs: "This map must have no more than X properties (where X <= 100000).",
    }],
    ..doc(
        "k8s:maxProperties",
        "maxProperties provides a limit on properties of an object as defined by JSON schema. In Kubernetes it may only be used to constrain the number of elements on a field defined as a golang map.",
        Stability::Stable,
        FIELD_AND_VALUES,
        emit_max_properties,
    )
};

/// `+k8s:minProperties`.
pub static MIN_PROPERTIES: TagDoc = TagDoc {
    payload_types: INT,
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<non-negative integer>",
        docs: "This map must have at least X properties (where X <= 100000).",
    }],
    ..doc(
        "k8s:minProperties",
        "minProperties provides a limit on properties of an object as defined by JSON schema. In Kubernetes it may only be used to constrain the number of elements on a field defined as a golang map.",
        Stability::Stable,
        FIELD_AND_VALUES,
        emit_min_properties,
    )
};

fn int_bound(
    cx: &Cx<'_>,
    tag: &Tag,
    out: &mut Out,
    f: &str,
    origin: &str,
) -> Result<Vec<FunctionGen>, String> {
    if !matches!(cx.ty.deref().shape, Shape::Int | Shape::Unknown) {
        return Err(format!(
            "can only be used on integer types (got {})",
            cx.ty.text()
        ));
    }
    let v = int_payload(tag)?;
    let lit = lit_tokens(&Literal::Int(v));
    let (n, o) = nilable(&cx.ty);
    let f = Ident::new(f, Span::call_site());
    cx.rule(out, tag, vec![("Invalid", origin.into())]);
    Ok(vec![FunctionGen::plain(
        quote!(::apimachinery::validate::#f(ctx, fld_path, #n, #o, #lit)),
    )])
}

fn emit_minimum(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    int_bound(cx, tag, out, "minimum", "minimum")
}

fn emit_maximum(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    int_bound(cx, tag, out, "maximum", "maximum")
}

fn non_negative(tag: &Tag) -> Result<usize, String> {
    let v = int_payload(tag)?;
    usize::try_from(v).map_err(|_| format!("must be non-negative, got {v}"))
}

fn string_limit(
    cx: &Cx<'_>,
    tag: &Tag,
    out: &mut Out,
    f: &str,
    error: &'static str,
) -> Result<Vec<FunctionGen>, String> {
    let (n, o) = string(&cx.ty)
        .ok_or_else(|| format!("can only be used on string types (got {})", cx.ty.text()))?;
    let v = non_negative(tag)?;
    let f = Ident::new(f, Span::call_site());
    cx.rule(out, tag, vec![(error, tag.short_name().to_string())]);
    Ok(vec![FunctionGen::plain(
        quote!(::apimachinery::validate::#f(ctx, fld_path, #n, #o, #v)),
    )])
}

fn emit_max_length(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    string_limit(cx, tag, out, "max_length", "TooLong")
}

fn emit_max_bytes(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    string_limit(cx, tag, out, "max_bytes", "TooLong")
}

fn emit_min_length(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    string_limit(cx, tag, out, "min_length", "TooShort")
}

fn emit_max_items(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    let (n, o, _) = slice(&cx.ty)
        .ok_or_else(|| format!("can only be used on list types (got {})", cx.ty.text()))?;
    let v = non_negative(tag)?;
    cx.rule(out, tag, vec![("TooMany", "maxItems".into())]);
    Ok(vec![FunctionGen::short_circuit(
        quote!(::apimachinery::validate::max_items(ctx, fld_path, #n, #o, #v)),
    )])
}

fn emit_min_items(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    let (n, o, _) = slice(&cx.ty)
        .ok_or_else(|| format!("can only be used on list types (got {})", cx.ty.text()))?;
    let v = non_negative(tag)?;
    cx.rule(out, tag, vec![("TooFew", "minItems".into())]);
    Ok(vec![FunctionGen::plain(
        quote!(::apimachinery::validate::min_items(ctx, fld_path, #n, #o, #v)),
    )])
}

fn emit_max_properties(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    map_types(&cx.ty)
        .ok_or_else(|| format!("can only be used on map types (got {})", cx.ty.text()))?;
    let v = non_negative(tag)?;
    cx.rule(out, tag, vec![("TooMany", "maxProperties".into())]);
    Ok(vec![FunctionGen::short_circuit(with_map(
        quote!(::apimachinery::validate::max_properties(ctx, fld_path, m, old_m, #v)),
    ))])
}

fn emit_min_properties(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    map_types(&cx.ty)
        .ok_or_else(|| format!("can only be used on map types (got {})", cx.ty.text()))?;
    let v = non_negative(tag)?;
    cx.rule(out, tag, vec![("TooFew", "minProperties".into())]);
    Ok(vec![FunctionGen::plain(with_map(
        quote!(::apimachinery::validate::min_properties(ctx, fld_path, m, old_m, #v)),
    ))])
}
