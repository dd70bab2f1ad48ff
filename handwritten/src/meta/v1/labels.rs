//! Label checks of Kubernetes' `k8s.io/apimachinery/pkg/apis/meta/v1/validation`:
//! `ValidateLabelName` and `ValidateLabels`.

use apimachinery::content::{is_label_value, is_qualified_name};
use apimachinery::field::{Error, ErrorList, Path};
use std::collections::BTreeMap;

/// `ValidateLabelName`: one `Invalid` error (origin `format=k8s-label-key`)
/// per problem of `name` as a qualified name.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::meta::v1::labels::validate_label_name;
/// assert!(validate_label_name("example.com/app", &Path::new("key")).is_empty());
/// let errs = validate_label_name("bad key", &Path::new("key"));
/// assert_eq!(errs[0].origin, "format=k8s-label-key");
/// ```
pub fn validate_label_name(name: &str, path: &Path<'_>) -> ErrorList {
    is_qualified_name(name)
        .into_iter()
        .map(|msg| Error::invalid(path, name, msg).with_origin("format=k8s-label-key"))
        .collect()
}

/// `ValidateLabels`: every key must be a qualified name (origin
/// `format=k8s-label-key`) and every value a label value (origin
/// `format=k8s-label-value`); all errors are reported at `path` itself.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::meta::v1::labels::validate_labels;
/// use std::collections::BTreeMap;
/// let labels = BTreeMap::from([("app".to_string(), "-bad".to_string())]);
/// let errs = validate_labels(&labels, &Path::new("metadata").child("labels"));
/// assert_eq!(errs.len(), 1);
/// assert_eq!(errs[0].field, "metadata.labels");
/// assert_eq!(errs[0].origin, "format=k8s-label-value");
/// ```
pub fn validate_labels(labels: &BTreeMap<String, String>, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    for (key, value) in labels {
        errs.extend_from(validate_label_name(key, path));
        for msg in is_label_value(value) {
            errs.push(
                Error::invalid(path, value.as_str(), msg).with_origin("format=k8s-label-value"),
            );
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn valid_labels_pass() {
        let l = labels(&[("a", ""), ("example.com/b", "v-1.2_3")]);
        assert!(validate_labels(&l, &Path::new("l")).is_empty());
    }

    #[test]
    fn bad_key_and_value_each_report() {
        let l = labels(&[("a b", "c d")]);
        let errs = validate_labels(&l, &Path::new("l"));
        let origins: Vec<&str> = errs.iter().map(|e| e.origin.as_ref()).collect();
        assert_eq!(origins, ["format=k8s-label-key", "format=k8s-label-value"]);
    }

    #[test]
    fn too_long_value_reports_length() {
        let long = "a".repeat(64);
        let l = labels(&[("a", long.as_str())]);
        let errs = validate_labels(&l, &Path::new("l"));
        assert_eq!(errs.len(), 1);
        assert!(errs[0].detail.contains("63"));
    }
}
