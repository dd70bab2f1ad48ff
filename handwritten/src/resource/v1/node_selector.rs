//! The node selector of a `ResourceClaim` allocation result
//! (`status.allocation.nodeSelector`), validated as Kubernetes' DRA
//! `validateAllocationResult` does (`pkg/apis/resource/validation/validation.go`
//! @797475e1): core `ValidateNodeSelector` with invalid label values not
//! allowed, nothing added around it. There is one port of that function,
//! [`crate::core::v1::node_selector`]; this module only turns the JSON the
//! `resource/v1` type holds into the typed `core/v1` `NodeSelector` first.
//!
//! The typed form is read as Go's JSON decoder reads it: a `null` member is
//! the zero value. A selector that still cannot be read as a
//! `NodeSelector` (a member of the wrong type) is one `FieldValueTypeInvalid`
//! at `nodeSelector` naming the decoding problem; Kubernetes rejects such a
//! request body before validation.

use crate::core::v1::node_selector as core;
use apimachinery::field::{Error, ErrorList, Path};
use declarative::api::core::v1::{NodeSelector, NodeSelectorJson};
use serde_json::Value;

/// Decodes `selector` as a `core/v1` `NodeSelector`, `null` members read as
/// absent.
///
/// ```
/// use handwritten::resource::v1::node_selector::decode_node_selector;
/// let sel = serde_json::json!({"nodeSelectorTerms": [{"matchFields": null}]});
/// assert_eq!(decode_node_selector(&sel).unwrap().node_selector_terms.len(), 1);
/// assert!(decode_node_selector(&serde_json::json!({"nodeSelectorTerms": "x"})).is_err());
/// ```
pub fn decode_node_selector(selector: &Value) -> Result<NodeSelector, serde_json::Error> {
    NodeSelectorJson::decode(selector)
}

/// `ValidateNodeSelector` on the allocation result's selector: decoded into
/// the typed form, then the core port with `allow_invalid_label_value`.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::resource::v1::node_selector::validate_node_selector;
/// let sel = serde_json::json!({"nodeSelectorTerms": []});
/// let errs = validate_node_selector(&sel, false, &Path::new("nodeSelector"));
/// assert_eq!(errs[0].to_string(), "nodeSelector.nodeSelectorTerms: Required value: must have at least one node selector term");
/// let bad = serde_json::json!({"nodeSelectorTerms": [{"matchExpressions": "x"}]});
/// let errs = validate_node_selector(&bad, false, &Path::new("nodeSelector"));
/// assert_eq!(errs[0].error_type.as_str(), "FieldValueTypeInvalid");
/// ```
pub fn validate_node_selector(
    selector: &Value,
    allow_invalid_label_value: bool,
    path: &Path<'_>,
) -> ErrorList {
    match decode_node_selector(selector) {
        Ok(typed) => core::validate_node_selector(&typed, allow_invalid_label_value, path),
        Err(e) => ErrorList::from(Error::type_invalid(
            path,
            selector.clone(),
            format!("cannot be decoded as a core/v1 NodeSelector: {e}"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn fields_and_origins(errs: &ErrorList) -> Vec<(String, String)> {
        errs.iter()
            .map(|e| (e.field.clone(), e.origin.to_string()))
            .collect()
    }

    #[test]
    fn an_invalid_value_has_no_origin_and_leaves_the_key_error_alone() {
        let sel = json!({"nodeSelectorTerms": [{"matchExpressions": [
            {"key": "bad key", "operator": "In", "values": ["-"]}
        ]}]});
        let errs = validate_node_selector(&sel, false, &Path::new("s"));
        let r = "s.nodeSelectorTerms[0].matchExpressions[0]";
        assert_eq!(
            fields_and_origins(&errs),
            [
                (format!("{r}.key"), "format=k8s-label-key".to_string()),
                (format!("{r}.values[0]"), String::new()),
            ]
        );
    }

    #[test]
    fn field_selectors_and_allowed_values() {
        let sel = json!({"nodeSelectorTerms": [{
            "matchExpressions": [{"key": "k", "operator": "In", "values": ["-"]}],
            "matchFields": [{"key": "spec.nodeName", "operator": "Exists"}]
        }]});
        let errs = validate_node_selector(&sel, true, &Path::new("s"));
        let fields: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "s.nodeSelectorTerms[0].matchFields[0].operator",
                "s.nodeSelectorTerms[0].matchFields[0].key"
            ]
        );
    }

    #[test]
    fn nulls_read_as_absent_and_wrong_types_are_one_type_error() {
        let sel = json!({"nodeSelectorTerms": [{"matchExpressions": [
            {"key": "k", "operator": "Exists", "values": null}
        ]}]});
        assert!(validate_node_selector(&sel, false, &Path::new("s")).is_empty());
        let bad = json!({"nodeSelectorTerms": [{"matchExpressions": [
            {"key": "k", "operator": "In", "values": [1]}
        ]}]});
        let errs = validate_node_selector(&bad, false, &Path::new("s"));
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].field, "s");
        assert!(
            errs[0].detail.contains("NodeSelector"),
            "{}",
            errs[0].detail
        );
    }
}
