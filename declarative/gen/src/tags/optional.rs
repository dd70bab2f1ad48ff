//! `+k8s:optional` (Kubernetes' `validators/required.go`): the field may be unset;
//! its other validators do not run when it is.

use super::docs::{Stability, TagDoc, doc};
use super::presence::{FIELD, presence, struct_guard, unset};
use super::{Cx, FunctionGen, Out};
use crate::grammar::Tag;

/// `+k8s:optional`.
pub static OPTIONAL: TagDoc = TagDoc {
    docs: "A field that also has a `+default=<json>` marker is optional to clients but required to the server (defaulting fills it before validation): a nilable field, or a value field whose default is not its zero value, validates as +k8s:required; a value field with a zero-value default gets no validation from this tag.",
    ..doc(
        "k8s:optional",
        "Indicates that a field is optional to clients.",
        Stability::Stable,
        FIELD,
        emit,
    )
};

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    // A field with a `+default` is required to the server (or, for a zero
    // default on a value field, optional is documentation only).
    if let Some(r) = super::default::optional_with_default(cx, tag, out) {
        return r;
    }
    // The probe replaces the call on the valid path, so it carries the guard.
    let probe = struct_guard(cx, "k8s:optional", unset(cx));
    Ok(vec![
        FunctionGen::probe(presence(cx, "optional")?, probe).cheap(),
    ])
}
