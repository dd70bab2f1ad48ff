//! `+k8s:maxBytes=<n>` (Kubernetes' `validators/limits.go`).

use super::docs::{PayloadDoc, Stability, TagDoc, VALUES, doc};
use super::limits::{INT, string_limit};
use super::{Cx, FunctionGen, Out, plural};
use crate::grammar::Tag;
use quote::quote;

/// `+k8s:maxBytes`.
pub static MAX_BYTES: TagDoc = TagDoc {
    payload_types: INT,
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<non-negative integer>",
        docs: "This field must be no more than X bytes long.",
    }],
    ..doc(
        "k8s:maxBytes",
        "Indicates that a string field has a limit on its length in bytes. This could only allow as few as N/4 multi-byte characters. If you want to limit length of characters specifically, use maxLength.",
        Stability::Stable,
        VALUES,
        emit,
    )
};

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    string_limit(
        cx,
        tag,
        out,
        "max_bytes",
        "TooLong",
        |v| quote!(::apimachinery::rule::RuleParams::MaxBytes(#v)),
        |v| format!("may not be more than {}", plural(v, "byte", "bytes")),
    )
}
