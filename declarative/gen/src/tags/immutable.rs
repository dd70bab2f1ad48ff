//! `+k8s:immutable` (Kubernetes' `validators/immutable.go`): on update, any
//! change is an error; relies on the field-level ratcheting skip of unchanged
//! values, so it is a short-circuit that always fails when reached on update.

use super::docs::{FIELD_AND_VALUES, Stability, TagDoc, doc};
use super::{Cx, FunctionGen, Out};
use crate::grammar::Tag;
use quote::quote;

/// `+k8s:immutable`.
pub static IMMUTABLE: TagDoc = doc(
    "k8s:immutable",
    "Indicates that a field may not be updated.",
    Stability::Stable,
    FIELD_AND_VALUES,
    emit,
);

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    cx.rule(
        out,
        tag,
        quote!(::apimachinery::rule::RuleParams::Immutable),
        vec![("Invalid", "immutable".into())],
    );
    Ok(vec![
        FunctionGen::short_circuit(quote!(::apimachinery::validate::immutable(
            ctx, fld_path, obj, old_obj
        )))
        .with_sink(),
    ])
}
