//! `+k8s:minLength=<n>` (Kubernetes' `validators/limits.go`).

use super::docs::{PayloadDoc, Stability, TagDoc, VALUES, doc};
use super::limits::{INT, string_limit};
use super::{Cx, FunctionGen, Out, plural};
use crate::grammar::Tag;
use quote::quote;

/// `+k8s:minLength`.
pub static MIN_LENGTH: TagDoc = TagDoc {
    payload_types: INT,
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<integer>",
        docs: "This field must be at least X characters long.",
    }],
    ..doc(
        "k8s:minLength",
        "Indicates that a string field has a minimum length for its value in characters. This means that the minimum size in bytes is a range from X to 4X if multi-byte characters are allowed.",
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
        "min_length",
        "TooShort",
        |v| quote!(::apimachinery::rule::RuleParams::MinLength(#v)),
        |v| format!("must be at least {}", plural(v, "character", "characters")),
    )
}
