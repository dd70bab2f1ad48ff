//! `+k8s:validateError` (Kubernetes' `validators/testing.go`, test only): fails code
//! generation with its payload as message.

use super::docs::{ANY, PayloadDoc, Stability, TagDoc, doc};
use super::{Cx, FunctionGen, Out};
use crate::grammar::{Literal, Tag};

/// `+k8s:validateError`.
pub static VALIDATE_ERROR: TagDoc = TagDoc {
    payload_types: &["string"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<string>",
        docs: "This string will be included in the error message.",
    }],
    ..doc(
        "k8s:validateError",
        "Always fails code generation (useful for testing).",
        Stability::Alpha,
        ANY,
        emit,
    )
};

fn emit(_cx: &Cx<'_>, tag: &Tag, _out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    Err(format!(
        "forced error: {}",
        tag.value_literal().map(Literal::text).unwrap_or_default()
    ))
}
