//! `+k8s:monotonic` (Kubernetes' `validators/monotonic.go`): on update an
//! integer may not decrease.

use super::docs::{FIELD_AND_VALUES, Stability, TagDoc, doc};
use super::{Cx, FunctionGen, Out, nilable};
use crate::grammar::Tag;
use crate::model::Shape;
use quote::quote;

/// `+k8s:monotonic`.
pub static MONOTONIC: TagDoc = doc(
    "k8s:monotonic",
    "Indicates that a numeric field may not be decreased on update.",
    Stability::Alpha,
    FIELD_AND_VALUES,
    emit,
);

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    if !matches!(cx.ty.deref().shape, Shape::Int) {
        return Err(format!(
            "can only be used on integer types (got {})",
            cx.ty.text()
        ));
    }
    let (n, o) = nilable(&cx.ty);
    cx.rule(
        out,
        tag,
        quote!(::apimachinery::rule::RuleParams::Monotonic),
        vec![("Invalid", "monotonic".into())],
    );
    Ok(vec![
        FunctionGen::plain(quote!(::apimachinery::validate::monotonic(
            ctx, fld_path, #n, #o
        )))
        .with_sink()
        // One comparison with the old value: cheap (see `FunctionGen::cheap`).
        .cheap(),
    ])
}
