//! `+k8s:listType=atomic|set|map` (Kubernetes' `validators/list.go`): the list's
//! semantics; `set` and `map` check uniqueness (Duplicate, no origin) unless
//! `+k8s:unique` or `+k8s:customUnique` is given.

use super::docs::{PayloadDoc, Stability, TagDoc, doc};
use super::list::{LISTS, uniqueness};
use super::{Cx, FunctionGen, Out, slice, string_payload};
use crate::grammar::Tag;

/// `+k8s:listType`.
pub static LIST_TYPE: TagDoc = TagDoc {
    payload_types: &["string"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<type>",
        docs: "atomic | map | set",
    }],
    ..doc(
        "k8s:listType",
        "Declares a list field's semantic type and ownership behavior. atomic: single ownership, set: shared ownership with uniqueness, map: shared ownership with key-based uniqueness.",
        Stability::Stable,
        LISTS,
        emit,
    )
};

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    let kind = string_payload(tag)?;
    if !matches!(kind.as_str(), "atomic" | "set" | "map") {
        return Err(format!(
            "unknown list type {kind:?}, expected atomic, set or map"
        ));
    }
    // unique= overrides the uniqueness semantics of listType.
    if !cx.sibling_tags("k8s:unique").is_empty() {
        slice(&cx.ty).ok_or("can only be used on list types")?;
        return Ok(Vec::new());
    }
    uniqueness(cx, tag, out, &kind)
}
