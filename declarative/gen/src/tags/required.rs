//! `+k8s:required` (Kubernetes' `validators/required.go`): the field must be set;
//! a short-circuit, so its other validators do not run when it is not.

use super::docs::{Stability, TagDoc, doc};
use super::presence::{FIELD, presence, presence_into, struct_guard};
use super::{Cx, FunctionGen, Out};
use crate::grammar::Tag;
use quote::quote;

/// `+k8s:required`.
pub static REQUIRED: TagDoc = doc(
    "k8s:required",
    "Indicates that a field must be specified by clients.",
    Stability::Stable,
    FIELD,
    emit,
);

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    cx.rule(
        out,
        tag,
        quote!(::apimachinery::rule::RuleParams::Required),
        vec![("Required", String::new())],
    );
    let call = struct_guard(cx, "k8s:required", presence(cx, "required")?);
    let into = struct_guard(cx, "k8s:required", presence_into(cx, "required")?);
    Ok(vec![
        FunctionGen::short_circuit(call).with_into(into).cheap(),
    ])
}
