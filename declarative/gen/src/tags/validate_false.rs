//! `+k8s:validateFalse` (Kubernetes' `validators/testing.go`, test only): always
//! invalid (Invalid, origin `validateFalse`).

use super::docs::{ANY, Stability, TagDoc, doc};
use super::testing::{ARGS, PAYLOADS, fixed};
use super::{Cx, FunctionGen, Out};
use crate::grammar::Tag;

/// `+k8s:validateFalse`.
pub static VALIDATE_FALSE: TagDoc = TagDoc {
    args: ARGS,
    payload_types: &["string"],
    payloads: PAYLOADS,
    ..doc(
        "k8s:validateFalse",
        "Always fails validation (useful for testing).",
        Stability::Alpha,
        ANY,
        emit,
    )
};

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    fixed(cx, tag, out, false)
}
