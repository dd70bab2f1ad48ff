//! `+k8s:eachVal=+<tag>` (Kubernetes' `validators/each.go`): validations of every
//! list item or map value, correlated with the old list as Kubernetes does.

use super::docs::{PayloadDoc, Scope, Stability, TagDoc, doc};
use super::each::{CONTAINERS, each_map_val_call, each_slice_call, inherited_slice_call};
use super::{Cx, FunctionGen, Out, payload};
use crate::emit::value_block;
use crate::grammar::Tag;
use crate::model::Shape;

/// `+k8s:eachVal`.
pub static EACH_VAL: TagDoc = TagDoc {
    docs: "Items are reported at path[i] (maps: path[key]). On update, list-map items are correlated by key and set items by value; unchanged items are not revalidated. Atomic lists are revalidated entirely once they change. A field of a list typedef (#[dv(typedef)]) without list tags of its own correlates items with the typedef's list tags.",
    payload_types: &["tag"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<validation-tag>",
        docs: "The tag to evaluate for each value.",
    }],
    ..doc(
        "k8s:eachVal",
        "Declares a validation for each value in a map or list.",
        Stability::Stable,
        CONTAINERS,
        emit,
    )
};

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    match &cx.ty.shape {
        Shape::Slice(elem) => {
            let inner = Cx {
                scope: Scope::ListVal,
                ty: elem.deref().clone(),
                path: format!("{}[*]", cx.path),
                ..cx.clone()
            };
            let fns = payload(&inner, tag, out)?;
            if fns.is_empty() {
                return Ok(Vec::new());
            }
            let body = value_block(fns, None);
            // A field of a list typedef without list tags of its own
            // correlates items with the typedef's list semantics.
            if let Some(f) = cx
                .field
                .filter(|f| f.typedef.is_some() && super::list::list_kind(cx).is_none())
            {
                return Ok(vec![FunctionGen::plain(inherited_slice_call(
                    &cx.ty, elem, &f.ty.ty, body,
                ))]);
            }
            Ok(vec![FunctionGen::plain(each_slice_call(
                &cx.ty,
                elem,
                cx.siblings,
                body,
            ))])
        }
        Shape::Map(_, v) => {
            let inner = Cx {
                scope: Scope::MapVal,
                ty: (**v).clone(),
                path: format!("{}[*]", cx.path),
                ..cx.clone()
            };
            let fns = payload(&inner, tag, out)?;
            if fns.is_empty() {
                return Ok(Vec::new());
            }
            let body = value_block(fns, None);
            Ok(vec![FunctionGen::plain(each_map_val_call(&cx.ty, v, body))])
        }
        _ => Err(format!(
            "can only be used on list or map types (got {})",
            cx.ty.text()
        )),
    }
}
