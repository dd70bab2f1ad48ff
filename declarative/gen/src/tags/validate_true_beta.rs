//! `+k8s:validateTrueBeta` (Kubernetes' `validators/testing.go`, test only): always
//! valid, a beta tag.

use super::docs::{ANY, Stability, TagDoc, doc};
use super::testing::{ARGS, PAYLOADS, emit_true};

/// `+k8s:validateTrueBeta`.
pub static VALIDATE_TRUE_BETA: TagDoc = TagDoc {
    args: ARGS,
    payload_types: &["string"],
    payloads: PAYLOADS,
    ..doc(
        "k8s:validateTrueBeta",
        "Always passes validation (useful for testing).",
        Stability::Beta,
        ANY,
        emit_true,
    )
};
