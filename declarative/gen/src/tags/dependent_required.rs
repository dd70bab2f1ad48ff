//! `+k8s:dependentRequired(<field>)` (Kubernetes' `validators/dependentrequired.go`):
//! when the tagged field is set, the named sibling must be set.

use super::dependent::{DEPENDENT, dependent};
use super::docs::{Scope, Stability, TagDoc, doc};
use super::{Cx, FunctionGen, Out};
use crate::grammar::Tag;

/// `+k8s:dependentRequired`.
pub static DEPENDENT_REQUIRED: TagDoc = TagDoc {
    args: DEPENDENT,
    ..doc(
        "k8s:dependentRequired",
        "Indicates that when this field is set, the named sibling field must also be set.",
        Stability::Alpha,
        &[Scope::Field],
        emit,
    )
};

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    dependent(cx, tag, out, false)
}
