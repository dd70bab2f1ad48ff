//! `+k8s:isSubresource=<path>`: the type is the validation shape of that
//! subresource (read by the derive; it emits nothing itself).

use super::docs::{PayloadDoc, Scope, Stability, TagDoc, doc};

/// `+k8s:isSubresource`.
pub static IS_SUBRESOURCE: TagDoc = TagDoc {
    docs: "It depends on +k8s:supportsSubresource on the root resource type. The type's validation runs only for that subresource; any other subresource path is an InternalError.",
    payload_types: &["string"],
    payloads_required: true,
    payloads: &[PayloadDoc {
        description: "<subresource-path>",
        docs: "The subresource path this type is the validation shape of, such as \"/scale\".",
    }],
    ..doc(
        "k8s:isSubresource",
        "Mark a type as validation for a specific subresource.",
        Stability::Metadata,
        &[Scope::Type],
        super::emit_nothing,
    )
};
