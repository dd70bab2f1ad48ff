//! `+k8s:unionDiscriminator` (Kubernetes' `validators/union.go`): the field whose
//! value names the union member that must be set.

use super::docs::{Scope, Stability, TagDoc, doc};
use super::union::{Discriminator, FIELD_OR_ITEM, UNION_ARG, subfield_of};
use super::{Cx, FunctionGen, Out};
use crate::grammar::{Literal, Tag};
use crate::model::Shape;

/// `+k8s:unionDiscriminator`.
pub static UNION_DISCRIMINATOR: TagDoc = TagDoc {
    args: &[UNION_ARG],
    ..doc(
        "k8s:unionDiscriminator",
        "Indicates that this field is the discriminator for a union.",
        Stability::Beta,
        FIELD_OR_ITEM,
        emit,
    )
};

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    let field = cx.field.ok_or("can only be used on struct fields")?;
    if cx.scope == Scope::Field
        && cx.item.is_none()
        && let Some(name) = subfield_of(cx, field)
    {
        // `+k8s:subfield(name)=+k8s:unionDiscriminator`: the discriminator of
        // a union over the field's struct (its type is checked by rustc).
        let union = match tag.named_arg("union") {
            Some(Literal::String(s)) => s.clone(),
            _ => String::new(),
        };
        out.level.subfield_discriminators.push(Discriminator {
            union,
            field: field.clone(),
            subfield: Some(name),
            stage: cx.stage,
            since: cx.since.clone(),
            tag: cx.line.text.clone(),
            span: cx.span(),
        });
        return Ok(Vec::new());
    }
    if cx.scope != Scope::Field || cx.path != field.json {
        return Err("can only be used directly on struct fields".into());
    }
    if !matches!(field.ty.deref().shape, Shape::Str | Shape::Named) {
        return Err(format!(
            "can only be used on string types ({})",
            field.ty.text()
        ));
    }
    let union = match tag.named_arg("union") {
        Some(Literal::String(s)) => s.clone(),
        _ => String::new(),
    };
    out.level.discriminators.push(Discriminator {
        union,
        field: field.clone(),
        subfield: None,
        stage: cx.stage,
        since: cx.since.clone(),
        tag: cx.line.text.clone(),
        span: cx.span(),
    });
    Ok(Vec::new())
}
