//! `+k8s:forbidden` (Kubernetes' `validators/required.go`): the field must be unset.

use super::docs::{Stability, TagDoc, doc};
use super::presence::{FIELD, presence, presence_into, struct_guard, unset};
use super::{Cx, FunctionGen, Out};
use crate::grammar::Tag;
use quote::quote;

/// `+k8s:forbidden`.
pub static FORBIDDEN: TagDoc = doc(
    "k8s:forbidden",
    "Indicates that a field may not be specified.",
    Stability::Beta,
    FIELD,
    emit,
);

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    cx.rule(
        out,
        tag,
        quote!(::apimachinery::rule::RuleParams::Forbidden),
        vec![("Forbidden", String::new())],
    );
    Ok(vec![
        FunctionGen::short_circuit(struct_guard(
            cx,
            "k8s:forbidden",
            presence(cx, "forbidden")?,
        ))
        .with_into(struct_guard(
            cx,
            "k8s:forbidden",
            presence_into(cx, "forbidden")?,
        ))
        .cheap(),
        FunctionGen::probe(presence(cx, "optional")?, unset(cx)).cheap(),
    ])
}
