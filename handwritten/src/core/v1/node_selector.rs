//! Node selectors (Kubernetes'
//! `pkg/apis/core/validation/validation.go`, read at 000f2605):
//! `ValidateNodeSelectorRequirement`, `ValidateNodeFieldSelectorRequirement`,
//! `ValidateNodeSelectorTerm`, `ValidateNodeSelector` and
//! `ValidatePreferredSchedulingTerms`. The one port of these checks: pod
//! node affinity ([`super::affinity`]) and DRA allocation results
//! ([`crate::resource::v1::node_selector`], which decodes its JSON into
//! these types) both call it.
//!
//! Origins: a key error carries `format=k8s-label-key` (apimachinery's
//! `ValidateLabelName` @eed236ce); an invalid label value carries none, as in
//! `ValidateNodeSelectorRequirement` at 000f2605 and b1ce15c5 (the DRA
//! `validateAllocationResult` @797475e1 calls it unchanged, and DRA's
//! `TestValidateClaimStatusUpdate/invalid-update-invalid-label-value`
//! @de5742ae asserts a plain `field.Invalid`).

use crate::meta::v1::labels::validate_label_name;
use apimachinery::content::{is_label_value, name_is_dns_subdomain};
use apimachinery::field::{Error, ErrorList, Path};
use declarative::api::core::v1::{
    NodeSelector, NodeSelectorRequirement, NodeSelectorTerm, PreferredSchedulingTerm,
};

/// `ValidateNodeSelectorRequirement`: the operator and its values, the key
/// as a label name, and (unless `allow_invalid_values`) the values as label
/// values.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::NodeSelectorRequirement;
/// use handwritten::core::v1::node_selector::validate_node_selector_requirement;
/// let r = NodeSelectorRequirement { key: "k".into(), operator: "Gt".into(), values: vec![] };
/// let errs = validate_node_selector_requirement(&r, false, &Path::new("r"));
/// assert_eq!(errs[0].detail, "must be specified single value when `operator` is 'Lt' or 'Gt'");
/// ```
pub fn validate_node_selector_requirement(
    req: &NodeSelectorRequirement,
    allow_invalid_values: bool,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let values = path.child("values");
    match req.operator.as_str() {
        "In" | "NotIn" => {
            if req.values.is_empty() {
                errs.push(Error::required(
                    &values,
                    "must be specified when `operator` is 'In' or 'NotIn'",
                ));
            }
        }
        "Exists" | "DoesNotExist" => {
            if !req.values.is_empty() {
                errs.push(Error::forbidden(
                    &values,
                    "may not be specified when `operator` is 'Exists' or 'DoesNotExist'",
                ));
            }
        }
        "Gt" | "Lt" => {
            if req.values.len() != 1 {
                errs.push(Error::required(
                    &values,
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
    errs.extend_from(validate_label_name(&req.key, &path.child("key")));
    if !allow_invalid_values {
        for (i, value) in req.values.iter().enumerate() {
            for msg in is_label_value(value) {
                errs.push(Error::invalid(&values.index(i), value.as_str(), msg));
            }
        }
    }
    errs
}

/// `ValidateNodeFieldSelectorRequirement`: `In`/`NotIn` with one value, on
/// the only supported field `metadata.name`, whose values are node names.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::NodeSelectorRequirement;
/// use handwritten::core::v1::node_selector::validate_node_field_selector_requirement;
/// let r = NodeSelectorRequirement { key: "metadata.name".into(), operator: "In".into(), values: vec!["n".into()] };
/// assert!(validate_node_field_selector_requirement(&r, &Path::new("r")).is_empty());
/// ```
pub fn validate_node_field_selector_requirement(
    req: &NodeSelectorRequirement,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    match req.operator.as_str() {
        "In" | "NotIn" => {
            if req.values.len() != 1 {
                errs.push(Error::required(
                    &path.child("values"),
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
    if req.key != "metadata.name" {
        errs.push(Error::invalid(
            &path.child("key"),
            req.key.as_str(),
            "not a valid field selector key",
        ));
    } else {
        let values = path.child("values");
        for (i, value) in req.values.iter().enumerate() {
            for msg in name_is_dns_subdomain(value, false) {
                errs.push(Error::invalid(&values.index(i), value.as_str(), msg));
            }
        }
    }
    errs
}

/// `ValidateNodeSelectorTerm`: its label requirements, then its field
/// requirements.
pub fn validate_node_selector_term(
    term: &NodeSelectorTerm,
    allow_invalid_values: bool,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let exprs = path.child("matchExpressions");
    for (j, req) in term.match_expressions.iter().enumerate() {
        errs.extend_from(validate_node_selector_requirement(
            req,
            allow_invalid_values,
            &exprs.index(j),
        ));
    }
    let fields = path.child("matchFields");
    for (j, req) in term.match_fields.iter().enumerate() {
        errs.extend_from(validate_node_field_selector_requirement(
            req,
            &fields.index(j),
        ));
    }
    errs
}

/// `ValidateNodeSelector`: at least one term, each valid.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::NodeSelector;
/// use handwritten::core::v1::node_selector::validate_node_selector;
/// let errs = validate_node_selector(&NodeSelector::default(), false, &Path::new("s"));
/// assert_eq!(errs[0].to_string(), "s.nodeSelectorTerms: Required value: must have at least one node selector term");
/// ```
pub fn validate_node_selector(
    selector: &NodeSelector,
    allow_invalid_values: bool,
    path: &Path<'_>,
) -> ErrorList {
    let terms = path.child("nodeSelectorTerms");
    if selector.node_selector_terms.is_empty() {
        return ErrorList::from(Error::required(
            &terms,
            "must have at least one node selector term",
        ));
    }
    let mut errs = ErrorList::new();
    for (i, term) in selector.node_selector_terms.iter().enumerate() {
        errs.extend_from(validate_node_selector_term(
            term,
            allow_invalid_values,
            &terms.index(i),
        ));
    }
    errs
}

/// `ValidatePreferredSchedulingTerms`: weights 1-100; invalid label values
/// are always allowed in preferences.
pub fn validate_preferred_scheduling_terms(
    terms: &[PreferredSchedulingTerm],
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    for (i, term) in terms.iter().enumerate() {
        let idx = path.index(i);
        if term.weight <= 0 || term.weight > 100 {
            errs.push(Error::invalid(
                &idx.child("weight"),
                i64::from(term.weight),
                "must be in the range 1-100",
            ));
        }
        errs.extend_from(validate_node_selector_term(
            &term.preference,
            true,
            &idx.child("preference"),
        ));
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorType;

    fn req(key: &str, op: &str, values: &[&str]) -> NodeSelectorRequirement {
        NodeSelectorRequirement {
            key: key.into(),
            operator: op.into(),
            values: values.iter().map(|v| v.to_string()).collect(),
        }
    }

    #[test]
    fn operator_rules() {
        let p = Path::new("r");
        assert_eq!(
            validate_node_selector_requirement(&req("k", "In", &[]), false, &p)[0].error_type,
            ErrorType::Required
        );
        assert_eq!(
            validate_node_selector_requirement(&req("k", "Exists", &["v"]), false, &p)[0]
                .error_type,
            ErrorType::Forbidden
        );
        assert_eq!(
            validate_node_selector_requirement(&req("k", "Near", &[]), false, &p)[0].field,
            "r.operator"
        );
        assert!(validate_node_selector_requirement(&req("k", "Lt", &["3"]), false, &p).is_empty());
    }

    #[test]
    fn invalid_values_only_when_not_allowed() {
        let r = req("k", "In", &["-bad-"]);
        let p = Path::new("r");
        assert_eq!(
            validate_node_selector_requirement(&r, false, &p)[0].field,
            "r.values[0]"
        );
        assert!(validate_node_selector_requirement(&r, true, &p).is_empty());
    }

    #[test]
    fn field_selector_rules() {
        let p = Path::new("f");
        let errs = validate_node_field_selector_requirement(&req("spec.x", "Exists", &[]), &p);
        let fields: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["f.operator", "f.key"]);
        let two =
            validate_node_field_selector_requirement(&req("metadata.name", "In", &["a", "B"]), &p);
        let fields: Vec<&str> = two.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["f.values", "f.values[1]"]);
    }

    #[test]
    fn preferred_terms_check_weight_and_allow_bad_values() {
        let t: Vec<PreferredSchedulingTerm> = serde_json::from_str(
            r#"[{"weight":0,"preference":{"matchExpressions":[{"key":"k","operator":"In","values":["-bad-"]}]}}]"#,
        )
        .unwrap();
        let errs = validate_preferred_scheduling_terms(&t, &Path::new("p"));
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].field, "p[0].weight");
    }
}
