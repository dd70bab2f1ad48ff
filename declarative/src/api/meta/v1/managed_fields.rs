//! `ManagedFieldsEntry`: one entry of `metadata.managedFields`, the
//! server-side apply bookkeeping of who manages which fields, with its
//! `+k8s:` tags as Kubernetes' `meta/v1/types.go` (master) has them.

use apimachinery::Validate;
use serde::{Deserialize, Serialize};

apimachinery::k8s_enum! {
    /// Kubernetes' `metav1.ManagedFieldsOperationType`: the operation that
    /// created a managed-fields entry.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:enum
    pub enum ManagedFieldsOperationType {
        /// A server-side apply.
        Apply = "Apply",
        /// Any other write.
        Update = "Update",
    }
}

fn operation_is_empty(op: &ManagedFieldsOperationType) -> bool {
    op.as_ref().is_empty()
}

/// Kubernetes' `metav1.ManagedFieldsEntry`.
///
/// `time` is kept as its RFC 3339 text and `fieldsV1` as opaque JSON; neither
/// is validated.
///
/// ```
/// use declarative::api::meta::v1::ManagedFieldsEntry;
/// let e: ManagedFieldsEntry = serde_json::from_str(
///     r#"{"manager":"kubectl","operation":"Apply","fieldsType":"FieldsV1","fieldsV1":{"f:spec":{}}}"#,
/// ).unwrap();
/// assert_eq!(e.operation, "Apply");
/// assert_eq!(e.manager, "kubectl");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ManagedFieldsEntry {
    /// The workflow that manages these fields.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub manager: String,

    /// `Apply` or `Update`.
    ///
    /// +k8s:alpha(since: "1.37")=+k8s:required
    #[serde(default, skip_serializing_if = "operation_is_empty")]
    pub operation: ManagedFieldsOperationType,

    /// The group/version the field set is expressed in.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub api_version: String,

    /// When the entry was last changed (RFC 3339).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<apimachinery::time::Time>,

    /// The format of `fieldsV1`; only `FieldsV1` exists.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub fields_type: String,

    /// The managed field set, opaque JSON.
    #[serde(default, skip_serializing_if = "Option::is_none", rename = "fieldsV1")]
    pub fields_v1: Option<serde_json::Value>,

    /// The subresource the write went through, empty for the main resource.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub subresource: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_fields_are_omitted_and_fields_v1_round_trips() {
        let text = r#"{"manager":"m","operation":"Update","apiVersion":"v1","time":"2024-01-01T00:00:00Z","fieldsType":"FieldsV1","fieldsV1":{"f:metadata":{}},"subresource":"status"}"#;
        let e: ManagedFieldsEntry = serde_json::from_str(text).unwrap();
        assert_eq!(serde_json::to_string(&e).unwrap(), text);
        assert_eq!(
            serde_json::to_string(&ManagedFieldsEntry::default()).unwrap(),
            "{}"
        );
    }
}
