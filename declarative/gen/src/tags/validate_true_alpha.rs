//! `+k8s:validateTrueAlpha` (Kubernetes' `validators/testing.go`, test only): always
//! valid, an alpha tag.

use super::docs::{ANY, Stability, TagDoc, doc};
use super::testing::{ARGS, PAYLOADS, emit_true};

/// `+k8s:validateTrueAlpha`.
pub static VALIDATE_TRUE_ALPHA: TagDoc = TagDoc {
    args: ARGS,
    payload_types: &["string"],
    payloads: PAYLOADS,
    ..doc(
        "k8s:validateTrueAlpha",
        "Always passes validation (useful for testing).",
        Stability::Alpha,
        ANY,
        emit_true,
    )
};
