//! `+k8s:enum` (Kubernetes' `validators/enum.go`). A derive cannot see free
//! constants, so enums are declared with `apimachinery::k8s_enum!`, which reads
//! this tag (see `crate::enum_macro`); on a struct the derive rejects it.

use super::docs::{Scope, Stability, TagDoc, doc};
use super::{Cx, FunctionGen, Out};
use crate::grammar::Tag;

/// `+k8s:enum`.
pub static ENUM: TagDoc = TagDoc {
    docs: "Declare the type and its constants with apimachinery::k8s_enum!: a string newtype whose Validate impl rejects values outside the constants (NotSupported, detail `supported values: ...`).",
    ..doc(
        "k8s:enum",
        "Indicates that a string type is an enum. All constant values of this type are considered values in the enum unless excluded using +k8s:enumExclude.",
        Stability::Stable,
        &[Scope::Type],
        emit,
    )
};

fn emit(_cx: &Cx<'_>, _tag: &Tag, _out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    Err("can only be used on string types: declare enums with apimachinery::k8s_enum!".into())
}
