//! `+k8s:alpha(since: "X.Y")=+<tag>` and `+k8s:beta(since: "X.Y")=+<tag>`
//! (Kubernetes' `validators/levels.go`): the lifecycle stage of a rule.
//! Every error of the payload is stamped `.mark_alpha()` / `.mark_beta()`.

use super::docs::{ANY, ArgDoc, PayloadDoc, Stability, TagDoc, doc};
use super::{Cx, FunctionGen, Out, Stage, payload};
use crate::grammar::{Literal, Tag};
use quote::quote;

const SINCE: &[ArgDoc] = &[ArgDoc {
    name: "since",
    ty: "string",
    required: false,
    description: "The Kubernetes version (e.g. 1.34) at which this validation was added.",
}];

/// `+k8s:alpha`.
pub static ALPHA: TagDoc = TagDoc {
    args: SINCE,
    docs: "Do not use this to try to disable handwritten validation. It only controls the lifecycle stage of the generated rule: alpha rules are always shadowed (handwritten validation wins, mismatches are reported).",
    payload_types: &["tag"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<validation-tag>",
        docs: "The validation tag to evaluate as a Alpha validation.",
    }],
    ..doc(
        "k8s:alpha",
        "Marks the given payload validation as a Alpha validation of the handwritten validation code. An optional Kubernetes version can be specified.",
        Stability::Beta,
        ANY,
        emit_alpha,
    )
};

/// `+k8s:beta`.
pub static BETA: TagDoc = TagDoc {
    args: SINCE,
    docs: "Beta rules are enforced when the DeclarativeValidationBeta gate is enabled, and shadowed when it is disabled.",
    payload_types: &["tag"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<validation-tag>",
        docs: "The validation tag to evaluate as a Beta validation.",
    }],
    ..doc(
        "k8s:beta",
        "Marks the given payload validation as a Beta validation of the handwritten validation code. An optional Kubernetes version can be specified.",
        Stability::Beta,
        ANY,
        emit_beta,
    )
};

/// Whether `v` matches `^\d+\.\d+$`.
///
/// ```text
/// valid_version("1.36") == true; valid_version("v1.36") == false
/// ```
pub fn valid_version(v: &str) -> bool {
    match v.split_once('.') {
        Some((a, b)) => {
            !a.is_empty()
                && !b.is_empty()
                && a.bytes().all(|c| c.is_ascii_digit())
                && b.bytes().all(|c| c.is_ascii_digit())
        }
        None => false,
    }
}

fn level(cx: &Cx<'_>, tag: &Tag, out: &mut Out, stage: Stage) -> Result<Vec<FunctionGen>, String> {
    let since = match tag.named_arg("since") {
        Some(Literal::String(s)) => {
            if !valid_version(s) {
                return Err(format!(
                    "invalid kubernetes version format, expected <major>.<minor>, got {s}"
                ));
            }
            Some(s.clone())
        }
        _ => None,
    };
    let inner = Cx {
        stage,
        since,
        ..cx.clone()
    };
    let fns = payload(&inner, tag, out)?;
    Ok(fns.into_iter().map(|f| mark_stage(f, stage)).collect())
}

/// Stamps a function's errors with its stage's mark (`.mark_alpha()` /
/// `.mark_beta()`; a stable function is unchanged). Tags that collect their
/// payload for a struct-level call (`+k8s:ifMode`) use it to keep the stage
/// of the `+k8s:alpha` / `+k8s:beta` around them.
///
/// ```text
/// mark_stage(f, Stage::Alpha).call == quote!((#call).mark_alpha())
/// ```
pub fn mark_stage(f: FunctionGen, stage: Stage) -> FunctionGen {
    match stage {
        Stage::Alpha => f.mark(|c| quote!((#c).mark_alpha())),
        Stage::Beta => f.mark(|c| quote!((#c).mark_beta())),
        Stage::Stable => f,
    }
}

fn emit_alpha(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    level(cx, tag, out, Stage::Alpha)
}

fn emit_beta(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    level(cx, tag, out, Stage::Beta)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn versions() {
        assert!(valid_version("1.36"));
        assert!(valid_version("10.0"));
        assert!(!valid_version("1"));
        assert!(!valid_version("v1.2"));
        assert!(!valid_version("1.2.3"));
        assert!(!valid_version("1."));
    }
}
