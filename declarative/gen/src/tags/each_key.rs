//! `+k8s:eachKey=+<tag>` (Kubernetes' `validators/each.go`): validations of every
//! map key (new keys only on update).

use super::docs::{PayloadDoc, Scope, Stability, TagDoc, doc};
use super::each::CONTAINERS;
use super::{Cx, FunctionGen, Out, map_types, payload, with_map};
use crate::emit::value_block;
use crate::grammar::Tag;
use quote::quote;

/// `+k8s:eachKey`.
pub static EACH_KEY: TagDoc = TagDoc {
    docs: "Errors are reported at the map's path. On update, keys already present in the old map are not revalidated. A map whose key type is a named type with tags of its own runs that type's validation on each key the same way (at the map's path, new keys only on update), with or without +k8s:eachKey; +k8s:eachKey=+k8s:opaqueType skips it.",
    payload_types: &["tag"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<validation-tag>",
        docs: "The tag to evaluate for each key.",
    }],
    ..doc(
        "k8s:eachKey",
        "Declares a validation for each value in a map or list.",
        Stability::Stable,
        CONTAINERS,
        emit,
    )
};

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    let (k, _) = map_types(&cx.ty)
        .ok_or_else(|| format!("can only be used on map types (got {})", cx.ty.text()))?;
    let mut inner = Cx {
        scope: Scope::MapKey,
        ty: k.clone(),
        ..cx.clone()
    };
    inner
        .when
        .push(quote!(::apimachinery::rule::Condition::EachKey));
    let fns = payload(&inner, tag, out)?;
    if fns.is_empty() {
        return Ok(Vec::new());
    }
    let body = value_block(fns, None);
    let kt = &k.ty;
    Ok(vec![FunctionGen::plain(with_map(
        quote!(::apimachinery::validate::each_map_key(
            ctx, fld_path, m, old_m,
            |ctx: &::apimachinery::operation::Context,
             fld_path: &::apimachinery::field::Path<'_>,
             obj: ::core::option::Option<&#kt>,
             old_obj: ::core::option::Option<&#kt>| #body,
        )),
    ))])
}
