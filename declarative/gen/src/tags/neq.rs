//! `+k8s:neq=<value>` (Kubernetes' `validators/equality.go`): the value must
//! not equal a disallowed string, integer or boolean.

use super::docs::{PayloadDoc, Stability, TagDoc, VALUES, doc};
use super::{Cx, FunctionGen, Out, lit_tokens, nilable, string};
use crate::grammar::{Literal, Tag};
use crate::model::Shape;
use quote::quote;

/// `+k8s:neq`.
pub static NEQ: TagDoc = TagDoc {
    payload_types: &["raw"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<value>",
        docs: "The disallowed value. The parser will infer the type (string, int, bool).",
    }],
    ..doc(
        "k8s:neq",
        "Verifies the field's value is not equal to a specific disallowed value. Supports string, integer, and boolean types.",
        Stability::Alpha,
        VALUES,
        emit,
    )
};

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    let lit = tag
        .value_literal()
        .ok_or("requires a string, int or bool value")?;
    let call = match (&cx.ty.deref().shape, lit) {
        (Shape::Str | Shape::Named | Shape::Unknown, Literal::String(s)) => {
            let (n, o) = string(&cx.ty).ok_or("unsupported type")?;
            quote!(::apimachinery::validate::neq(ctx, fld_path, #n, #o, #s))
        }
        (Shape::Int | Shape::Unknown, Literal::Int(_))
        | (Shape::Bool | Shape::Unknown, Literal::Bool(_)) => {
            let (n, o) = nilable(&cx.ty);
            let v = lit_tokens(lit);
            quote!(::apimachinery::validate::neq(ctx, fld_path, #n, #o, &#v))
        }
        _ => {
            return Err(format!(
                "value type {} does not match the field type {}",
                lit.type_name(),
                cx.ty.text()
            ));
        }
    };
    let v = super::params::value(lit);
    cx.rule(
        out,
        tag,
        quote!(::apimachinery::rule::RuleParams::Neq(#v)),
        vec![("Invalid", "neq".into())],
    );
    Ok(vec![FunctionGen::plain(call).with_sink()])
}
