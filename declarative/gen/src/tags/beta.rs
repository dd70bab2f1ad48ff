//! `+k8s:beta(since: "X.Y")=+<tag>` (Kubernetes' `validators/levels.go`): the
//! payload is a beta rule; its errors are stamped `.mark_beta()`.

use super::docs::{ANY, PayloadDoc, Stability, TagDoc, doc};
use super::levels::{SINCE, level};
use super::{Cx, FunctionGen, Out, Stage};
use crate::grammar::Tag;

/// `+k8s:beta`.
pub static BETA: TagDoc = TagDoc {
    args: SINCE,
    docs: "Beta rules are enforced when the DeclarativeValidationBeta gate is enabled, and shadowed when it is disabled.",
    payload_types: &["tag"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<validation-tag>",
        docs: "The validation tag to evaluate as a Beta validation.",
    }],
    ..doc(
        "k8s:beta",
        "Marks the given payload validation as a Beta validation of the handwritten validation code. An optional Kubernetes version can be specified.",
        Stability::Beta,
        ANY,
        emit,
    )
};

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    level(cx, tag, out, Stage::Beta)
}
