//! `+k8s:alpha(since: "X.Y")=+<tag>` (Kubernetes' `validators/levels.go`): the
//! payload is an alpha rule; its errors are stamped `.mark_alpha()`.

use super::docs::{ANY, PayloadDoc, Stability, TagDoc, doc};
use super::levels::{SINCE, level};
use super::{Cx, FunctionGen, Out, Stage};
use crate::grammar::Tag;

/// `+k8s:alpha`.
pub static ALPHA: TagDoc = TagDoc {
    args: SINCE,
    docs: "Do not use this to try to disable handwritten validation. It only controls the lifecycle stage of the generated rule: alpha rules are always shadowed (handwritten validation wins, mismatches are reported).",
    payload_types: &["tag"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<validation-tag>",
        docs: "The validation tag to evaluate as a Alpha validation.",
    }],
    ..doc(
        "k8s:alpha",
        "Marks the given payload validation as a Alpha validation of the handwritten validation code. An optional Kubernetes version can be specified.",
        Stability::Beta,
        ANY,
        emit,
    )
};

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    level(cx, tag, out, Stage::Alpha)
}
