//! Core `ValidateNodeSelector` (Kubernetes' `pkg/apis/core/validation`,
//! master), as `ResourceClaim` allocation results use it. The selector is
//! held as JSON (`AllocationResult.nodeSelector`); missing members read as
//! empty, as an absent Go field would.

use crate::meta::v1::labels::validate_label_name;
use apimachinery::content::{is_label_value, name_is_dns_subdomain};
use apimachinery::field::{Error, ErrorList, Path};
use serde_json::Value;

fn list<'a>(v: &'a Value, key: &str) -> &'a [Value] {
    v.get(key)
        .and_then(Value::as_array)
        .map_or(&[], Vec::as_slice)
}

fn text<'a>(v: &'a Value, key: &str) -> &'a str {
    v.get(key).and_then(Value::as_str).unwrap_or("")
}

fn strings(v: &Value, key: &str) -> Vec<String> {
    list(v, key)
        .iter()
        .map(|s| s.as_str().unwrap_or("").to_string())
        .collect()
}

/// `ValidateNodeSelector`: at least one term; each term's match
/// expressions and match fields.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::resource::v1::node_selector::validate_node_selector;
/// let sel = serde_json::json!({"nodeSelectorTerms": []});
/// let errs = validate_node_selector(&sel, false, &Path::new("nodeSelector"));
/// assert_eq!(errs[0].to_string(), "nodeSelector.nodeSelectorTerms: Required value: must have at least one node selector term");
/// ```
pub fn validate_node_selector(
    selector: &Value,
    allow_invalid_label_value: bool,
    path: &Path<'_>,
) -> ErrorList {
    let terms_path = path.child("nodeSelectorTerms");
    let terms = list(selector, "nodeSelectorTerms");
    if terms.is_empty() {
        return ErrorList::from(Error::required(
            &terms_path,
            "must have at least one node selector term",
        ));
    }
    let mut errs = ErrorList::new();
    for (i, term) in terms.iter().enumerate() {
        let term_path = terms_path.index(i);
        let exprs = term_path.child("matchExpressions");
        for (j, req) in list(term, "matchExpressions").iter().enumerate() {
            errs.extend_from(validate_node_selector_requirement(
                req,
                allow_invalid_label_value,
                &exprs.index(j),
            ));
        }
        let fields = term_path.child("matchFields");
        for (j, req) in list(term, "matchFields").iter().enumerate() {
            errs.extend_from(validate_node_field_selector_requirement(
                req,
                &fields.index(j),
            ));
        }
    }
    errs
}

/// `ValidateNodeSelectorRequirement`. As in Kubernetes, an invalid value
/// sets origin `format=k8s-label-value` on every error of the requirement
/// gathered so far.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::resource::v1::node_selector::validate_node_selector_requirement;
/// let req = serde_json::json!({"key": "k", "operator": "Gt", "values": ["1", "2"]});
/// let errs = validate_node_selector_requirement(&req, false, &Path::new("r"));
/// assert_eq!(errs[0].field, "r.values");
/// ```
pub fn validate_node_selector_requirement(
    req: &Value,
    allow_invalid_label_value: bool,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let values = strings(req, "values");
    let values_path = path.child("values");
    let operator = text(req, "operator");
    match operator {
        "In" | "NotIn" => {
            if values.is_empty() {
                errs.push(Error::required(
                    &values_path,
                    "must be specified when `operator` is 'In' or 'NotIn'",
                ));
            }
        }
        "Exists" | "DoesNotExist" => {
            if !values.is_empty() {
                errs.push(Error::forbidden(
                    &values_path,
                    "may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
                ));
            }
        }
        "Gt" | "Lt" => {
            if values.len() != 1 {
                errs.push(Error::required(
                    &values_path,
                    "must be specified single value when `operator` is 'Lt' or 'Gt'",
                ));
            }
        }
        other => errs.push(Error::invalid(
            &path.child("operator"),
            other,
            "not a valid selector operator",
        )),
    }
    errs.extend_from(validate_label_name(text(req, "key"), &path.child("key")));
    if !allow_invalid_label_value {
        for (i, value) in values.iter().enumerate() {
            for msg in is_label_value(value) {
                errs.push(Error::invalid(&values_path.index(i), value.as_str(), msg));
                errs = errs.with_origin("format=k8s-label-value");
            }
        }
    }
    errs
}

/// `ValidateNodeFieldSelectorRequirement`: `In` / `NotIn` with exactly one
/// value, key `metadata.name`, values node names.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::resource::v1::node_selector::validate_node_field_selector_requirement;
/// let req = serde_json::json!({"key": "metadata.name", "operator": "In", "values": ["node-1"]});
/// assert!(validate_node_field_selector_requirement(&req, &Path::new("f")).is_empty());
/// ```
pub fn validate_node_field_selector_requirement(req: &Value, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let values = strings(req, "values");
    let values_path = path.child("values");
    match text(req, "operator") {
        "In" | "NotIn" => {
            if values.len() != 1 {
                errs.push(Error::required(
                    &values_path,
                    "must be only one value when `operator` is 'In' or 'NotIn' for node field selector",
                ));
            }
        }
        other => errs.push(Error::invalid(
            &path.child("operator"),
            other,
            "not a valid selector operator",
        )),
    }
    let key = text(req, "key");
    if key != "metadata.name" {
        errs.push(Error::invalid(
            &path.child("key"),
            key,
            "not a valid field selector key",
        ));
    } else {
        for (i, value) in values.iter().enumerate() {
            for msg in name_is_dns_subdomain(value, false) {
                errs.push(Error::invalid(&values_path.index(i), value.as_str(), msg));
            }
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_invalid_value_relabels_earlier_errors() {
        let req = json!({"key": "bad key", "operator": "In", "values": ["-"]});
        let errs = validate_node_selector_requirement(&req, false, &Path::new("r"));
        let got: Vec<(&str, &str)> = errs
            .iter()
            .map(|e| (e.field.as_str(), e.origin.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                ("r.key", "format=k8s-label-value"),
                ("r.values[0]", "format=k8s-label-value")
            ]
        );
    }

    #[test]
    fn field_selectors() {
        let req = json!({"key": "spec.nodeName", "operator": "Exists"});
        let errs = validate_node_field_selector_requirement(&req, &Path::new("f"));
        let fields: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["f.operator", "f.key"]);
    }
}
