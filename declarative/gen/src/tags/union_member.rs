//! `+k8s:unionMember` (Kubernetes' `validators/union.go`): exactly one member of
//! the union is set (or, discriminated, the one the discriminator names).

use super::docs::{ArgDoc, Stability, TagDoc, doc};
use super::union::{FIELD_OR_ITEM, Kind, UNION_ARG, member};
use super::{Cx, FunctionGen, Out};
use crate::grammar::Tag;

/// `+k8s:unionMember`.
pub static UNION_MEMBER: TagDoc = TagDoc {
    args: &[
        UNION_ARG,
        ArgDoc {
            name: "memberName",
            ty: "string",
            required: false,
            description: "<string>: the discriminator value for this member (default: the field's name)",
        },
    ],
    ..doc(
        "k8s:unionMember",
        "Indicates that this field is a member of a union.",
        Stability::Stable,
        FIELD_OR_ITEM,
        emit,
    )
};

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    member(cx, tag, out, Kind::Union)
}
