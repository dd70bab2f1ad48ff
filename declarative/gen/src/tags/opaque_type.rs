//! `+k8s:opaqueType`: the referenced type's own validation is not run (the
//! traversal reads the tag; it emits nothing itself).

use super::docs::{Scope, Stability, TagDoc, doc};

/// `+k8s:opaqueType`.
pub static OPAQUE_TYPE: TagDoc = TagDoc {
    docs: "If a referenced type's validations should not be run (for example a type without #[derive(Validate)]), set this tag. On a field the field's type is not validated; with +k8s:eachVal / +k8s:eachKey the items' (keys') type is not validated; on a type definition the type's own tags still run but its fields are not validated. The field's own tags always run. An opaque field's (or opaque type's fields') subfields do not inherit the short-circuits of the type's own tags.",
    ..doc(
        "k8s:opaqueType",
        "Indicates that any validations declared on the referenced type will be ignored. If a referenced type's package is not included in the generator's current flags, this tag must be set, or code generation will fail (preventing silent mistakes). If the validations should not be ignored, add the type's package to the generator using the --readonly-pkg flag.",
        Stability::Stable,
        &[
            Scope::Type,
            Scope::Field,
            Scope::ListVal,
            Scope::MapKey,
            Scope::MapVal,
        ],
        super::emit_nothing,
    )
};
