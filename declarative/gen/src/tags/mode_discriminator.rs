//! `+k8s:modeDiscriminator` (Kubernetes' `validators/mode.go`): the field whose
//! value selects the mode `+k8s:ifMode` rules apply in.

use super::docs::{ArgDoc, Scope, Stability, TagDoc, doc};
use super::mode::group_of;
use super::{Cx, FunctionGen, Out};
use crate::grammar::Tag;
use crate::model::Shape;

/// `+k8s:modeDiscriminator`.
pub static MODE_DISCRIMINATOR: TagDoc = TagDoc {
    args: &[ArgDoc {
        name: "modality",
        ty: "string",
        required: false,
        description: "<string>: the name of the discriminator group, if more than one exists",
    }],
    ..doc(
        "k8s:modeDiscriminator",
        "Indicates that this field is a discriminator for state-based validation.",
        Stability::Stable,
        &[Scope::Field],
        emit,
    )
};

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    let field = cx.field.ok_or("can only be used on struct fields")?;
    if cx.path != field.json || cx.item.is_some() {
        return Err("can only be used directly on struct fields".into());
    }
    match field.ty.shape {
        Shape::Pointer(_) => return Err("can only be used on non-pointer types".into()),
        Shape::Str | Shape::Named | Shape::Bool | Shape::Int => {}
        _ => {
            return Err(format!(
                "can only be used on string, bool or integer types ({})",
                field.ty.text()
            ));
        }
    }
    let group = group_of(tag);
    if out
        .level
        .mode_discriminators
        .iter()
        .any(|(g, f)| *g == group && f.ident != field.ident)
    {
        return Err(format!("duplicate discriminator: {group:?}"));
    }
    out.level.mode_discriminators.push((group, field.clone()));
    Ok(Vec::new())
}
