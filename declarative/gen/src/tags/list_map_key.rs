//! `+k8s:listMapKey=<field>` (Kubernetes' `validators/list.go`): a key field of a
//! list-map. Validates nothing by itself; recorded in the rule inventory for
//! the correlation of items on update.

use super::docs::{PayloadDoc, Stability, TagDoc, doc};
use super::list::LISTS;
use super::{Cx, FunctionGen, Out, string_payload};
use crate::grammar::Tag;
use quote::quote;

/// `+k8s:listMapKey`.
pub static LIST_MAP_KEY: TagDoc = TagDoc {
    payload_types: &["string"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<field-json-name>",
        docs: "The name of the field.",
    }],
    ..doc(
        "k8s:listMapKey",
        "Declares a named sub-field of a list's value-type to be part of the list-map key.",
        Stability::Stable,
        LISTS,
        emit,
    )
};

/// A list-map key validates nothing by itself, but it is recorded in the
/// rule inventory (declaring no error): it says how items of the list are
/// correlated with the old list on update, which the harness needs to
/// follow the generated code's ratcheting.
fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    let key = string_payload(tag)?;
    cx.rule(
        out,
        tag,
        quote!(::apimachinery::rule::RuleParams::ListMapKey(#key)),
        Vec::new(),
    );
    Ok(Vec::new())
}
