//! `+k8s:dependentForbidden(<field>)` (Kubernetes' `validators/dependentrequired.go`):
//! when the tagged field is set, the named sibling must be unset.

use super::dependent::{DEPENDENT, dependent};
use super::docs::{Scope, Stability, TagDoc, doc};
use super::{Cx, FunctionGen, Out};
use crate::grammar::Tag;

/// `+k8s:dependentForbidden`.
pub static DEPENDENT_FORBIDDEN: TagDoc = TagDoc {
    args: DEPENDENT,
    ..doc(
        "k8s:dependentForbidden",
        "Indicates that when this field is set, the named sibling field must not be set.",
        Stability::Alpha,
        &[Scope::Field],
        emit,
    )
};

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    dependent(cx, tag, out, true)
}
