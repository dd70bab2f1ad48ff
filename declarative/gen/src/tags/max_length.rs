//! `+k8s:maxLength=<n>` (Kubernetes' `validators/limits.go`).

use super::docs::{PayloadDoc, Stability, TagDoc, VALUES, doc};
use super::limits::{INT, string_limit};
use super::{Cx, FunctionGen, Out, plural};
use crate::grammar::Tag;
use quote::quote;

/// `+k8s:maxLength`.
pub static MAX_LENGTH: TagDoc = TagDoc {
    payload_types: INT,
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<non-negative integer>",
        docs: "This field must be no more than X characters long.",
    }],
    ..doc(
        "k8s:maxLength",
        "Indicates that a string field has a limit on its length in characters. This could allow up to 4*N bytes if multi-byte characters are used. If you want to limit length of bytes specifically, use maxBytes.",
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
        "max_length",
        "TooLong",
        |v| quote!(::apimachinery::rule::RuleParams::MaxLength(#v)),
        |v| {
            format!(
                "may not be more than {}",
                plural(v, "character", "characters")
            )
        },
    )
}
