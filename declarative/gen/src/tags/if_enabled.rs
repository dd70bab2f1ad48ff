//! `+k8s:ifEnabled(Option)=+<tag>` (Kubernetes' `validators/options.go`): the
//! payload runs only when the option is enabled.

use super::docs::{ANY, PayloadDoc, Stability, TagDoc, doc};
use super::options::{OPTION, OPTION_DOCS, wrap};
use super::{Cx, FunctionGen, Out};
use crate::grammar::Tag;

/// `+k8s:ifEnabled`.
pub static IF_ENABLED: TagDoc = TagDoc {
    args: OPTION,
    payload_types: &["tag"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<validation-tag>",
        docs: "This validation tag will be evaluated only if the validation option is enabled.",
    }],
    docs: OPTION_DOCS,
    ..doc(
        "k8s:ifEnabled",
        "Declares a validation that only applies when an option is enabled.",
        Stability::Stable,
        ANY,
        emit,
    )
};

fn emit(cx: &Cx<'_>, tag: &Tag, out: &mut Out) -> Result<Vec<FunctionGen>, String> {
    wrap(cx, tag, out, true)
}
