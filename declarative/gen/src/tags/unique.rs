//! `+k8s:unique=set|map` (Kubernetes' `validators/list.go`): uniqueness of the
//! list's items, overriding that of `+k8s:listType`.

use super::docs::{PayloadDoc, Stability, TagDoc, doc};
use super::list::{LISTS, uniqueness};
use super::{Cx, FunctionGen, Out, string_payload};
use crate::grammar::Tag;

/// `+k8s:unique`.
pub static UNIQUE: TagDoc = TagDoc {
    payload_types: &["string"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<type>",
        docs: "map | set",
    }],
    ..doc(
        "k8s:unique",
        "Declares that a list field's elements are unique. This tag can be used with listType=atomic to add uniqueness constraints, or independently to specify uniqueness semantics.",
        Stability::Stable,
        LISTS,
        emit,
    )
};

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    let kind = string_payload(tag)?;
    if !matches!(kind.as_str(), "set" | "map") {
        return Err(format!("unknown unique type {kind:?}, expected set or map"));
    }
    uniqueness(cx, tag, out, &kind)
}
