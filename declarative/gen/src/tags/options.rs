//! `+k8s:ifEnabled(Option)=+<tag>` and `+k8s:ifDisabled(Option)=+<tag>`
//! (Kubernetes' `validators/options.go`): every payload validator is wrapped
//! in `validate::if_option`, which runs it only in the given option state
//! (an option the strategy did not define is an InternalError).

use super::docs::{ANY, ArgDoc, PayloadDoc, Stability, TagDoc, doc};
use super::{Cx, FunctionGen, Out, payload};
use crate::grammar::{Literal, Tag};
use quote::quote;

const OPTION: &[ArgDoc] = &[ArgDoc {
    name: "",
    ty: "string",
    required: true,
    description: "<option>",
}];

/// `+k8s:ifEnabled`.
pub static IF_ENABLED: TagDoc = TagDoc {
    args: OPTION,
    payload_types: &["tag"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<validation-tag>",
        docs: "This validation tag will be evaluated only if the validation option is enabled.",
    }],
    ..doc(
        "k8s:ifEnabled",
        "Declares a validation that only applies when an option is enabled.",
        Stability::Stable,
        ANY,
        emit_enabled,
    )
};

/// `+k8s:ifDisabled`.
pub static IF_DISABLED: TagDoc = TagDoc {
    args: OPTION,
    payload_types: &["tag"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<validation-tag>",
        docs: "This validation tag will be evaluated only if the validation option is disabled.",
    }],
    ..doc(
        "k8s:ifDisabled",
        "Declares a validation that only applies when an option is disabled.",
        Stability::Stable,
        ANY,
        emit_disabled,
    )
};

fn wrap(cx: &Cx<'_>, tag: &Tag, out: &mut Out, enabled: bool) -> Result<Vec<FunctionGen>, String> {
    let Some(Literal::String(option)) = tag.positional_arg() else {
        return Err("requires an option name".into());
    };
    let mut inner = cx.clone();
    inner.conditions.push(format!(
        "{}({option})",
        if enabled { "ifEnabled" } else { "ifDisabled" }
    ));
    let fns = payload(&inner, tag, out)?;
    Ok(fns
        .into_iter()
        .map(|f| {
            f.map(|call| {
                quote!(::apimachinery::validate::if_option(
                    ctx, fld_path, obj, old_obj, #option, #enabled,
                    |ctx, fld_path, obj, old_obj| #call,
                ))
            })
        })
        .collect())
}

fn emit_enabled(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    wrap(cx, tag, out, true)
}

fn emit_disabled(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    wrap(cx, tag, out, false)
}
