//! `+k8s:minItems=<n>` (Kubernetes' `validators/limits.go`).

use super::docs::{PayloadDoc, Stability, TagDoc, doc};
use super::limits::{FIELDS, INT, non_negative};
use super::{Cx, FunctionGen, Out, plural, slice};
use crate::grammar::Tag;
use quote::quote;

/// `+k8s:minItems`.
pub static MIN_ITEMS: TagDoc = TagDoc {
    payload_types: INT,
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<non-negative integer>",
        docs: "This list must be at least X items long.",
    }],
    ..doc(
        "k8s:minItems",
        "Indicates that a list has a minimum size.",
        Stability::Stable,
        FIELDS,
        emit,
    )
};

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    let (n, o, _) = slice(&cx.ty)
        .ok_or_else(|| format!("can only be used on list types (got {})", cx.ty.text()))?;
    let v = non_negative(tag)?;
    cx.rule(
        out,
        tag,
        quote!(::apimachinery::rule::RuleParams::MinItems(#v)),
        vec![("TooFew", "minItems".into())],
    );
    let detail = format!("must have at least {}", plural(v, "item", "items"));
    Ok(vec![
        FunctionGen::plain(quote!(::apimachinery::validate::min_items(ctx, fld_path, #n, #o, #v)))
            .with_into(quote!(::apimachinery::validate::min_items_into(
                ctx, fld_path, #n, #o, #v, #detail, errs
            )))
            .cheap(),
    ])
}
