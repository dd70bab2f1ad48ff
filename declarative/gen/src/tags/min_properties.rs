//! `+k8s:minProperties=<n>` (Kubernetes' `validators/limits.go`).

use super::docs::{FIELD_AND_VALUES, PayloadDoc, Stability, TagDoc, doc};
use super::limits::{INT, non_negative};
use super::{Cx, FunctionGen, Out, map_types, plural, with_map, with_map_into};
use crate::grammar::Tag;
use quote::quote;

/// `+k8s:minProperties`.
pub static MIN_PROPERTIES: TagDoc = TagDoc {
    payload_types: INT,
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<non-negative integer>",
        docs: "This map must have at least X properties (where X <= 100000).",
    }],
    ..doc(
        "k8s:minProperties",
        "minProperties provides a limit on properties of an object as defined by JSON schema. In Kubernetes it may only be used to constrain the number of elements on a field defined as a golang map.",
        Stability::Stable,
        FIELD_AND_VALUES,
        emit,
    )
};

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    map_types(&cx.ty)
        .ok_or_else(|| format!("can only be used on map types (got {})", cx.ty.text()))?;
    let v = non_negative(tag)?;
    cx.rule(
        out,
        tag,
        quote!(::apimachinery::rule::RuleParams::MinProperties(#v)),
        vec![("TooFew", "minProperties".into())],
    );
    let detail = format!("must have at least {}", plural(v, "item", "items"));
    Ok(vec![
        FunctionGen::plain(with_map(quote!(::apimachinery::validate::min_properties(
            ctx, fld_path, m, old_m, #v
        ))))
        .with_into(with_map_into(
            quote!(::apimachinery::validate::min_properties_into(
                ctx, fld_path, m, old_m, #v, #detail, errs
            )),
        ))
        .cheap(),
    ])
}
