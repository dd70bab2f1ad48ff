//! Shared by the test-only tags (Kubernetes' `validators/testing.go`):
//! `validateTrue`, `validateTrueAlpha`, `validateTrueBeta`, `validateFalse`.

use super::docs::{ArgDoc, PayloadDoc};
use super::{Cx, FunctionGen, Out};
use crate::grammar::{Literal, Tag};
use quote::quote;

pub(super) const ARGS: &[ArgDoc] = &[
    ArgDoc {
        name: "flags",
        ty: "string",
        required: false,
        description: "<comma-separated-list-of-flag-string>: values: ShortCircuit, NonError",
    },
    ArgDoc {
        name: "typeArg",
        ty: "string",
        required: false,
        description: "The type arg in generated code (must be the value-type, not pointer).",
    },
    ArgDoc {
        name: "cohort",
        ty: "string",
        required: false,
        description: "An optional cohort name to group multiple validations.",
    },
];

pub(super) const PAYLOADS: &[PayloadDoc] = &[
    PayloadDoc {
        description: "<none>",
        docs: "",
    },
    PayloadDoc {
        description: "<string>",
        docs: "The generated code will include this string.",
    },
];

pub(super) fn fixed(
    cx: &Cx<'_>,
    tag: &Tag,
    out: &mut Out,
    result: bool,
) -> Result<Vec<FunctionGen>, String> {
    let arg = match tag.value_literal() {
        Some(l) => l.text(),
        None => String::new(),
    };
    let (mut sc, mut ne) = (false, false);
    if let Some(Literal::String(flags)) = tag.named_arg("flags") {
        for f in flags.split(',').map(str::trim).filter(|f| !f.is_empty()) {
            match f {
                "ShortCircuit" => sc = true,
                "NonError" => ne = true,
                other => return Err(format!("unknown flag: {other:?}")),
            }
        }
    }
    // A named cohort runs as a block of its own: its short-circuits stop
    // only its cohort, and the value's own short-circuits stop it.
    let cohort = match tag.named_arg("cohort") {
        Some(Literal::String(name)) if !name.is_empty() => Some(name.clone()),
        _ => None,
    };
    let params = quote!(::apimachinery::rule::RuleParams::Fixed { valid: #result });
    if result {
        cx.rule(out, tag, params, Vec::new());
    } else {
        cx.rule(out, tag, params, vec![("Invalid", "validateFalse".into())]);
    }
    // The failure's detail finished at compile time.
    let detail = quote!(::apimachinery::validate::forced_failure_detail!(#arg));
    let call = quote!(::apimachinery::validate::fixed_result_with_detail(
        ctx, fld_path, obj, old_obj, #result, #detail
    ));
    let into = super::sink_of(&call);
    Ok(vec![FunctionGen {
        short_circuit: sc || ne,
        non_error: ne,
        call,
        probe: None,
        cohort,
        into,
        cheap: false,
        item: None,
    }])
}

pub(super) fn emit_true(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    fixed(cx, tag, out, true)
}
