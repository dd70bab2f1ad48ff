//! `ValidateLabelSelector` of Kubernetes'
//! `k8s.io/apimachinery/pkg/apis/meta/v1/validation` (master).

use crate::meta::v1::labels::{validate_label_name, validate_labels};
use apimachinery::content::is_label_value;
use apimachinery::field::{Error, ErrorList, Path};
use declarative::api::networking::v1::{LabelSelector, LabelSelectorRequirement};

/// `LabelSelectorValidationOptions`.
///
/// ```
/// use handwritten::networking::label_selector::LabelSelectorOptions;
/// assert!(!LabelSelectorOptions::default().allow_invalid_label_value_in_selector);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct LabelSelectorOptions {
    /// Skip the label-value check of `matchExpressions` values (kept for
    /// stored objects that already have invalid values).
    pub allow_invalid_label_value_in_selector: bool,
    /// Accept operators other than the four known ones.
    pub allow_unknown_operator_in_requirement: bool,
}

/// `ValidateLabelSelector`: `matchLabels` as labels, then each requirement.
/// `None` (Go's nil selector) is valid.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::networking::v1::LabelSelector;
/// use handwritten::networking::label_selector::{validate_label_selector, LabelSelectorOptions};
/// let s: LabelSelector = serde_json::from_str(r#"{"matchExpressions":[{"key":"k","operator":"In"}]}"#).unwrap();
/// let errs = validate_label_selector(Some(&s), LabelSelectorOptions::default(), &Path::new("sel"));
/// assert_eq!(errs[0].field, "sel.matchExpressions[0].values");
/// ```
pub fn validate_label_selector(
    selector: Option<&LabelSelector>,
    opts: LabelSelectorOptions,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let Some(selector) = selector else {
        return errs;
    };
    errs.extend_from(validate_labels(
        &selector.match_labels,
        &path.child("matchLabels"),
    ));
    let exprs = path.child("matchExpressions");
    for (i, expr) in selector.match_expressions.iter().enumerate() {
        errs.extend_from(validate_label_selector_requirement(
            expr,
            opts,
            &exprs.index(i),
        ));
    }
    errs
}

/// `ValidateLabelSelectorRequirement`.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::networking::v1::LabelSelectorRequirement;
/// use handwritten::networking::label_selector::{validate_label_selector_requirement, LabelSelectorOptions};
/// let r = LabelSelectorRequirement { key: "k".into(), operator: "Near".into(), values: vec![] };
/// let errs = validate_label_selector_requirement(&r, LabelSelectorOptions::default(), &Path::new("r"));
/// assert_eq!(errs[0].to_string(), r#"r.operator: Invalid value: "Near": not a valid selector operator"#);
/// ```
pub fn validate_label_selector_requirement(
    req: &LabelSelectorRequirement,
    opts: LabelSelectorOptions,
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
        _ => {
            if !opts.allow_unknown_operator_in_requirement {
                errs.push(Error::invalid(
                    &path.child("operator"),
                    req.operator.as_str(),
                    "not a valid selector operator",
                ));
            }
        }
    }
    errs.extend_from(validate_label_name(&req.key, &path.child("key")));
    if !opts.allow_invalid_label_value_in_selector {
        for (i, value) in req.values.iter().enumerate() {
            for msg in is_label_value(value) {
                errs.push(Error::invalid(&values.index(i), value.as_str(), msg));
            }
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(key: &str, op: &str, values: &[&str]) -> LabelSelectorRequirement {
        LabelSelectorRequirement {
            key: key.into(),
            operator: op.into(),
            values: values.iter().map(|v| v.to_string()).collect(),
        }
    }

    #[test]
    fn operators_and_values() {
        let p = Path::new("r");
        let o = LabelSelectorOptions::default();
        assert!(validate_label_selector_requirement(&req("k", "In", &["a"]), o, &p).is_empty());
        assert!(validate_label_selector_requirement(&req("k", "Exists", &[]), o, &p).is_empty());
        let e = validate_label_selector_requirement(&req("k", "Exists", &["a"]), o, &p);
        assert_eq!(e[0].error_type.as_str(), "FieldValueForbidden");
        let bad = validate_label_selector_requirement(&req("bad key", "In", &["-x"]), o, &p);
        let fields: Vec<&str> = bad.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["r.key", "r.values[0]"]);
        let lenient = LabelSelectorOptions {
            allow_invalid_label_value_in_selector: true,
            allow_unknown_operator_in_requirement: true,
        };
        assert!(
            validate_label_selector_requirement(&req("k", "?", &["-x"]), lenient, &p).is_empty()
        );
    }
}
