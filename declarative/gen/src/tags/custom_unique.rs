//! `+k8s:customUnique` (Kubernetes' `validators/list.go`): uniqueness is checked by
//! hand-written code; `+k8s:listType` / `+k8s:unique` generate none.

use super::docs::{Stability, TagDoc, doc};
use super::list::LISTS;

/// `+k8s:customUnique`.
pub static CUSTOM_UNIQUE: TagDoc = doc(
    "k8s:customUnique",
    "Indicates that uniqueness validation for this list is implemented via custom, handwritten validation. This disables generation of uniqueness validation for this list.",
    Stability::Stable,
    LISTS,
    super::emit_nothing,
);
