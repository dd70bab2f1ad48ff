//! `+k8s:supportsSubresource=<path>`: a subresource the root type's generated
//! validation is wired for (read by the derive; it emits nothing itself).

use super::docs::{PayloadDoc, Scope, Stability, TagDoc, doc};

/// `+k8s:supportsSubresource`.
pub static SUPPORTS_SUBRESOURCE: TagDoc = TagDoc {
    docs: "If a type has no +k8s:supportsSubresource tags, generated validation is only wired for the root resource; an undeclared subresource is an InternalError.",
    payload_types: &["string"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<subresource-path>",
        docs: "A subresource path such as \"/status\" or \"/scale\"; may be repeated.",
    }],
    ..doc(
        "k8s:supportsSubresource",
        "Declare supported validation subresources for a type.",
        Stability::Metadata,
        &[Scope::Type],
        super::emit_nothing,
    )
};
