//! `+k8s:zeroOrOneOfMember` (Kubernetes' `validators/zeroorone.go`): at most one
//! member of the group is set.

use super::docs::{ArgDoc, Stability, TagDoc, doc};
use super::union::{FIELD_OR_ITEM, Kind, UNION_ARG, member};
use super::{Cx, FunctionGen, Out};
use crate::grammar::Tag;

/// `+k8s:zeroOrOneOfMember`.
pub static ZERO_OR_ONE_OF_MEMBER: TagDoc = TagDoc {
    args: &[
        UNION_ARG,
        ArgDoc {
            name: "memberName",
            ty: "string",
            required: false,
            description: "<string>: the custom member name for this member",
        },
    ],
    docs: "A zero-or-one-of union allows at most one member to be set. Unlike regular unions, having no members set is valid. Warning: this tag should only be used on sets of list items (via +k8s:item), never on struct fields directly.",
    ..doc(
        "k8s:zeroOrOneOfMember",
        "Indicates that this field is a member of a zero-or-one-of union.",
        Stability::Stable,
        FIELD_OR_ITEM,
        emit,
    )
};

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    member(cx, tag, out, Kind::ZeroOrOne)
}
