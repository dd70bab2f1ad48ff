//! Shared by `+k8s:alpha` and `+k8s:beta` (Kubernetes' `validators/levels.go`):
//! the `since` argument, the stage wrapper and the error marks.

use super::docs::ArgDoc;
use super::{Cx, FunctionGen, Out, Stage, payload};
use crate::grammar::{Literal, Tag};
use proc_macro2::TokenStream;
use quote::quote;

pub(super) const SINCE: &[ArgDoc] = &[ArgDoc {
    name: "since",
    ty: "string",
    required: false,
    description: "The Kubernetes version (e.g. 1.34) at which this validation was added.",
}];

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

pub(super) fn level(
    cx: &Cx<'_>,
    tag: &Tag,
    out: &mut Out,
    stage: Stage,
) -> Result<Vec<FunctionGen>, String> {
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
    // The sink form marks what it appended.
    let into = f.into.clone().map(|into| marked_sink(into, stage));
    let f = match stage {
        Stage::Alpha => f.mark(|c| quote!((#c).mark_alpha())),
        Stage::Beta => f.mark(|c| quote!((#c).mark_beta())),
        Stage::Stable => return f,
    };
    match into {
        Some(into) => f.with_into(into),
        None => f,
    }
}

/// A sink-form expression (appending to `errs`, yielding whether it
/// failed) whose appended errors are stamped with `stage`'s level; `into`
/// itself for a stable stage. A sink form that appended errors failed (see
/// `FunctionGen::into`), so the valid path skips the stamping.
///
/// ```text
/// marked_sink(into, Stage::Beta)
///     == quote!({ let m = errs.len(); let failed = #into; if failed { errs.mark_level_from(m, Beta); } failed })
/// ```
pub fn marked_sink(into: TokenStream, stage: Stage) -> TokenStream {
    let level = match stage {
        Stage::Alpha => quote!(Alpha),
        Stage::Beta => quote!(Beta),
        Stage::Stable => return into,
    };
    quote!({
        let __dv_mark = errs.len();
        let __dv_failed = #into;
        if __dv_failed {
            errs.mark_level_from(__dv_mark, ::apimachinery::field::StabilityLevel::#level);
        }
        __dv_failed
    })
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
