//! `+k8s:maximum=<n>` (Kubernetes' `validators/limits.go`).

use super::docs::{PayloadDoc, Stability, TagDoc, VALUES, doc};
use super::limits::{INT, int_bound};
use super::{Cx, FunctionGen, Out};
use crate::grammar::Tag;
use quote::quote;

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
        emit,
    )
};

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    int_bound(
        cx,
        tag,
        out,
        "maximum",
        "maximum",
        "must be less than or equal to",
        |v| quote!(::apimachinery::rule::RuleParams::Maximum(#v)),
    )
}
