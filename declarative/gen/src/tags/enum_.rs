//! `+k8s:enum` and `+k8s:enumExclude` (Kubernetes' `validators/enum.go`).
//! A derive cannot see free constants, so enums are declared with
//! `apimachinery::k8s_enum!`, which reads these tags (see `crate::enum_macro`);
//! on a struct the derive rejects `+k8s:enum`.

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
        emit_enum,
    )
};

/// `+k8s:enumExclude`.
pub static ENUM_EXCLUDE: TagDoc = doc(
    "k8s:enumExclude",
    "Indicates that an constant value is not part of an enum, even if the constant's type is tagged with k8s:enum. May be conditionally excluded via +k8s:ifEnabled(Option)=+k8s:enumExclude or +k8s:ifDisabled(Option)=+k8s:enumExclude. If multiple +k8s:ifEnabled/+k8s:ifDisabled tags are used, the value is excluded if any of the exclude conditions are met.",
    Stability::Alpha,
    &[Scope::Const],
    emit_exclude,
);

fn emit_enum(_cx: &Cx<'_>, _tag: &Tag, _out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    Err("can only be used on string types: declare enums with apimachinery::k8s_enum!".into())
}

fn emit_exclude(_cx: &Cx<'_>, _tag: &Tag, _out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    Err("can only be used on enum constants inside apimachinery::k8s_enum!".into())
}
