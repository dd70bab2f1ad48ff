//! `+k8s:ifMode(<mode>)=+<tag>` (Kubernetes' `validators/mode.go`): the payload
//! applies when the discriminator has that value; the member is forbidden in
//! modes it has no rule for.

use super::docs::{ArgDoc, PayloadDoc, Scope, Stability, TagDoc, doc};
use super::levels::mark_stage;
use super::mode::{ModeRule, group_of};
use super::options::option_states;
use super::{Cx, FunctionGen, Out, payload, unwrap_conditions};
use crate::grammar::Tag;
use crate::model::Shape;
use quote::quote;

/// `+k8s:ifMode`.
pub static IF_MODE: TagDoc = TagDoc {
    args: &[
        ArgDoc {
            name: "",
            ty: "string",
            required: false,
            description: "<string>: the value of the mode discriminator for which this validation applies",
        },
        ArgDoc {
            name: "modality",
            ty: "string",
            required: false,
            description: "<string>: the name of the discriminator group",
        },
        ArgDoc {
            name: "mode",
            ty: "string",
            required: false,
            description: "<string>: the mode value for which this validation applies",
        },
    ],
    payload_types: &["tag"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<validation-tag>",
        docs: "The validation to apply in that mode.",
    }],
    ..doc(
        "k8s:ifMode",
        "Indicates that this field's validation depends on a mode discriminator.",
        Stability::Stable,
        &[Scope::Field],
        emit,
    )
};

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    let field = cx.field.ok_or("can only be used on struct fields")?;
    if cx.path != field.json || cx.item.is_some() {
        return Err("can only be used directly on struct fields".into());
    }
    if matches!(field.ty.shape, Shape::Named) {
        return Err("modal member fields of struct type must be pointers".into());
    }
    if let Some(inner) = tag.value_tag() {
        let banned = [
            "k8s:listType",
            "k8s:listMapKey",
            "k8s:unionDiscriminator",
            "k8s:unionMember",
            "k8s:zeroOrOneOfMember",
            "k8s:modeDiscriminator",
            "k8s:ifMode",
        ];
        if banned.contains(&inner.name.as_str()) {
            return Err(format!("unsupported payload tag: {:?}", inner.name));
        }
    }
    let value = match (tag.named_arg("mode"), tag.positional_arg()) {
        (Some(l), _) | (None, Some(l)) => l.text(),
        _ => return Err("missing required value".into()),
    };
    // The discriminator of the rule's group (JSON name), recorded with the
    // rule; a group without one is reported at the struct.
    let group = group_of(tag);
    let discriminator = discriminator_of(cx, &group).unwrap_or_default();
    // The member is forbidden in the modes it has no rule for: that check
    // is a rule of its own (so a type whose only mode rules are
    // `+k8s:optional` still has validation).
    cx.rule(
        out,
        tag,
        quote!(::apimachinery::rule::RuleParams::IfMode {
            discriminator: #discriminator,
            mode: #value,
        }),
        vec![("Forbidden", String::new())],
    );
    let mut inner = cx.clone();
    inner.conditions.push(format!("ifMode({value})"));
    inner
        .when
        .push(quote!(::apimachinery::rule::Condition::IfMode {
            discriminator: #discriminator,
            mode: #value,
        }));
    // The rule's functions are collected for the struct-level call, so the
    // stage of an enclosing `+k8s:alpha` / `+k8s:beta` is applied here.
    let fns = payload(&inner, tag, out)?
        .into_iter()
        .map(|f| mark_stage(f, cx.stage))
        .collect();
    out.level.modes.push(ModeRule {
        group,
        field: field.clone(),
        value,
        fns,
        stage: cx.stage,
        options: option_states(&cx.conditions),
    });
    Ok(Vec::new())
}

/// The JSON name of the struct's `+k8s:modeDiscriminator` field of `group`
/// (under any option or level wrapper), if any.
///
/// ```text
/// discriminator_of(&cx, "default") == Some("mode")
/// ```
fn discriminator_of(cx: &Cx<'_>, group: &str) -> Option<String> {
    cx.strukt.fields.iter().find_map(|f| {
        f.tags
            .iter()
            .filter_map(|l| unwrap_conditions(&l.tag))
            .any(|t| t.name == "k8s:modeDiscriminator" && group_of(t) == group)
            .then(|| f.json.clone())
    })
}
