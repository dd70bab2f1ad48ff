//! Test-only tags (Kubernetes' `validators/testing.go`): `validateTrue`,
//! `validateFalse`, `validateError`, `validateTrueAlpha`, `validateTrueBeta`.

use super::docs::{ANY, ArgDoc, PayloadDoc, Stability, TagDoc, doc};
use super::{Cx, FunctionGen, Out};
use crate::grammar::{Literal, Tag};
use quote::quote;

const ARGS: &[ArgDoc] = &[
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

const PAYLOADS: &[PayloadDoc] = &[
    PayloadDoc {
        description: "<none>",
        docs: "",
    },
    PayloadDoc {
        description: "<string>",
        docs: "The generated code will include this string.",
    },
];

/// `+k8s:validateTrue`.
pub static VALIDATE_TRUE: TagDoc = TagDoc {
    args: ARGS,
    payload_types: &["string"],
    payloads: PAYLOADS,
    ..doc(
        "k8s:validateTrue",
        "Always passes validation (useful for testing).",
        Stability::Alpha,
        ANY,
        emit_true,
    )
};

/// `+k8s:validateTrueAlpha`.
pub static VALIDATE_TRUE_ALPHA: TagDoc = TagDoc {
    args: ARGS,
    payload_types: &["string"],
    payloads: PAYLOADS,
    ..doc(
        "k8s:validateTrueAlpha",
        "Always passes validation (useful for testing).",
        Stability::Alpha,
        ANY,
        emit_true,
    )
};

/// `+k8s:validateTrueBeta`.
pub static VALIDATE_TRUE_BETA: TagDoc = TagDoc {
    args: ARGS,
    payload_types: &["string"],
    payloads: PAYLOADS,
    ..doc(
        "k8s:validateTrueBeta",
        "Always passes validation (useful for testing).",
        Stability::Beta,
        ANY,
        emit_true,
    )
};

/// `+k8s:validateFalse`.
pub static VALIDATE_FALSE: TagDoc = TagDoc {
    args: ARGS,
    payload_types: &["string"],
    payloads: PAYLOADS,
    ..doc(
        "k8s:validateFalse",
        "Always fails validation (useful for testing).",
        Stability::Alpha,
        ANY,
        emit_false,
    )
};

/// `+k8s:validateError`.
pub static VALIDATE_ERROR: TagDoc = TagDoc {
    payload_types: &["string"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<string>",
        docs: "This string will be included in the error message.",
    }],
    ..doc(
        "k8s:validateError",
        "Always fails code generation (useful for testing).",
        Stability::Alpha,
        ANY,
        emit_error,
    )
};

fn fixed(cx: &Cx<'_>, tag: &Tag, out: &mut Out, result: bool) -> Result<Vec<FunctionGen>, String> {
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
    if result {
        cx.rule(out, tag, Vec::new());
    } else {
        cx.rule(out, tag, vec![("Invalid", "validateFalse".into())]);
    }
    let call =
        quote!(::apimachinery::validate::fixed_result(ctx, fld_path, obj, old_obj, #result, #arg));
    Ok(vec![FunctionGen {
        short_circuit: sc || ne,
        non_error: ne,
        call,
        probe: None,
        cohort,
    }])
}

fn emit_true(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    fixed(cx, tag, out, true)
}

fn emit_false(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    fixed(cx, tag, out, false)
}

fn emit_error(_cx: &Cx<'_>, tag: &Tag, _out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    Err(format!(
        "forced error: {}",
        tag.value_literal().map(Literal::text).unwrap_or_default()
    ))
}
