//! `+k8s:minimum=<n>` (Kubernetes' `validators/limits.go`).

use super::docs::{PayloadDoc, Stability, TagDoc, VALUES, doc};
use super::limits::{INT, int_bound};
use super::{Cx, FunctionGen, Out};
use crate::grammar::Tag;
use quote::quote;

/// `+k8s:minimum`.
pub static MINIMUM: TagDoc = TagDoc {
    payload_types: INT,
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<integer>",
        docs: "This field must be greater than or equal to x.",
    }],
    ..doc(
        "k8s:minimum",
        "Indicates that a numeric field has a minimum value.",
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
        "minimum",
        "minimum",
        "must be greater than or equal to",
        |v| quote!(::apimachinery::rule::RuleParams::Minimum(#v)),
    )
}
