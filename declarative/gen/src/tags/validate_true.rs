//! `+k8s:validateTrue` (Kubernetes' `validators/testing.go`, test only): always valid.

use super::docs::{ANY, Stability, TagDoc, doc};
use super::testing::{ARGS, PAYLOADS, emit_true};

/// `+k8s:validateTrue`.
pub static VALIDATE_TRUE: TagDoc = TagDoc {
    args: ARGS,
    payload_types: &["string"],
    payloads: PAYLOADS,
    ..doc(
        "k8s:validateTrue",
        "Always passes validation (useful for testing).",
        Stability::Alpha,
        ANY,
        emit_true,
    )
};
