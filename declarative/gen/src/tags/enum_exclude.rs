//! `+k8s:enumExclude` (Kubernetes' `validators/enum.go`): a constant left out of
//! its enum; read by `apimachinery::k8s_enum!` (see `crate::enum_macro`).

use super::docs::{Scope, Stability, TagDoc, doc};
use super::{Cx, FunctionGen, Out};
use crate::grammar::Tag;

/// `+k8s:enumExclude`.
pub static ENUM_EXCLUDE: TagDoc = doc(
    "k8s:enumExclude",
    "Indicates that an constant value is not part of an enum, even if the constant's type is tagged with k8s:enum. May be conditionally excluded via +k8s:ifEnabled(Option)=+k8s:enumExclude or +k8s:ifDisabled(Option)=+k8s:enumExclude. If multiple +k8s:ifEnabled/+k8s:ifDisabled tags are used, the value is excluded if any of the exclude conditions are met.",
    Stability::Alpha,
    &[Scope::Const],
    emit,
);

fn emit(_cx: &Cx<'_>, _tag: &Tag, _out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    Err("can only be used on enum constants inside apimachinery::k8s_enum!".into())
}
