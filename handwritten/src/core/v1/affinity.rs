//! `validateAffinity` (Kubernetes' `pkg/apis/core/validation/validation.go`,
//! read at 000f2605): node affinity ([`super::node_selector`]), pod affinity
//! and pod anti-affinity terms.
//!
//! `AllowInvalidLabelValueInRequiredNodeAffinity` and
//! `AllowInvalidLabelValueInSelector` are set by
//! `GetValidationOptionsFromPodTemplate` only on update, for stored
//! templates that already have invalid values
//! ([`has_invalid_label_value_in_required_node_affinity`],
//! [`has_invalid_label_value_in_affinity_selector`]); they are parameters
//! here, derived by the RC strategy port from the stored template.

use super::node_selector::{validate_node_selector, validate_preferred_scheduling_terms};
use crate::meta::v1::labels::validate_label_name;
use crate::networking::label_selector::{LabelSelectorOptions, validate_label_selector};
use apimachinery::content::{is_label_value, validate_namespace_name};
use apimachinery::field::{Error, ErrorList, Path};
use declarative::api::core::v1::{Affinity, PodAffinityTerm, WeightedPodAffinityTerm};
use declarative::api::networking::v1::LabelSelector;
use std::collections::{HashMap, HashSet};

/// The update-time tolerances `validateAffinity` reads.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AffinityOptions {
    /// `AllowInvalidLabelValueInRequiredNodeAffinity`.
    pub allow_invalid_label_value_in_required_node_affinity: bool,
    /// `AllowInvalidLabelValueInSelector` (pod affinity term selectors).
    pub allow_invalid_label_value_in_selector: bool,
}

/// `validateAffinity`.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::Affinity;
/// use handwritten::core::v1::affinity::validate_affinity;
/// let a: Affinity = serde_json::from_str(
///     r#"{"podAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":[{"topologyKey":""}]}}"#,
/// ).unwrap();
/// let errs = validate_affinity(&a, Default::default(), &Path::new("affinity"));
/// assert_eq!(errs[0].to_string(),
///     "affinity.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey: Required value: can not be empty");
/// ```
pub fn validate_affinity(affinity: &Affinity, opts: AffinityOptions, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(na) = &affinity.node_affinity {
        let na_path = path.child("nodeAffinity");
        if let Some(required) = &na.required_during_scheduling_ignored_during_execution {
            errs.extend_from(validate_node_selector(
                required,
                opts.allow_invalid_label_value_in_required_node_affinity,
                &na_path.child("requiredDuringSchedulingIgnoredDuringExecution"),
            ));
        }
        if !na
            .preferred_during_scheduling_ignored_during_execution
            .is_empty()
        {
            errs.extend_from(validate_preferred_scheduling_terms(
                &na.preferred_during_scheduling_ignored_during_execution,
                &na_path.child("preferredDuringSchedulingIgnoredDuringExecution"),
            ));
        }
    }
    let allow = opts.allow_invalid_label_value_in_selector;
    let pod_rules = [
        affinity.pod_affinity.as_ref().map(|a| {
            (
                "podAffinity",
                &a.required_during_scheduling_ignored_during_execution,
                &a.preferred_during_scheduling_ignored_during_execution,
            )
        }),
        affinity.pod_anti_affinity.as_ref().map(|a| {
            (
                "podAntiAffinity",
                &a.required_during_scheduling_ignored_during_execution,
                &a.preferred_during_scheduling_ignored_during_execution,
            )
        }),
    ];
    for (name, required, preferred) in pod_rules.into_iter().flatten() {
        let rule_path = path.child(name);
        let req_path = rule_path.child("requiredDuringSchedulingIgnoredDuringExecution");
        for (i, term) in required.iter().enumerate() {
            errs.extend_from(validate_pod_affinity_term(term, allow, &req_path.index(i)));
        }
        errs.extend_from(validate_weighted_pod_affinity_terms(
            preferred,
            allow,
            &rule_path.child("preferredDuringSchedulingIgnoredDuringExecution"),
        ));
    }
    errs
}

/// Whether a pod affinity or anti-affinity term (required or preferred) of
/// `affinity` has a label or namespace selector that fails strict label
/// selector validation (Kubernetes' `hasInvalidLabelValueInAffinitySelector`
/// in `pkg/api/pod/util.go`): the stored-template test behind
/// `AllowInvalidLabelValueInSelector`.
///
/// ```
/// use declarative::api::core::v1::Affinity;
/// use handwritten::core::v1::affinity::has_invalid_label_value_in_affinity_selector;
/// let a: Affinity = serde_json::from_str(r#"{"podAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":[
///   {"labelSelector":{"matchExpressions":[{"key":"k","operator":"In","values":["-1"]}]},"topologyKey":"z"}]}}"#).unwrap();
/// assert!(has_invalid_label_value_in_affinity_selector(Some(&a)));
/// assert!(!has_invalid_label_value_in_affinity_selector(None));
/// ```
pub fn has_invalid_label_value_in_affinity_selector(affinity: Option<&Affinity>) -> bool {
    let Some(affinity) = affinity else {
        return false;
    };
    let strict = LabelSelectorOptions::default();
    let invalid = |term: &PodAffinityTerm| {
        [&term.label_selector, &term.namespace_selector]
            .into_iter()
            .any(|s| !validate_label_selector(s.as_ref(), strict, &Path::root()).is_empty())
    };
    let rules = [
        affinity.pod_affinity.as_ref().map(|a| {
            (
                &a.required_during_scheduling_ignored_during_execution,
                &a.preferred_during_scheduling_ignored_during_execution,
            )
        }),
        affinity.pod_anti_affinity.as_ref().map(|a| {
            (
                &a.required_during_scheduling_ignored_during_execution,
                &a.preferred_during_scheduling_ignored_during_execution,
            )
        }),
    ];
    rules.into_iter().flatten().any(|(required, preferred)| {
        required.iter().any(invalid) || preferred.iter().any(|w| invalid(&w.pod_affinity_term))
    })
}

/// Whether a `matchExpressions` value of a required node affinity term of
/// `affinity` is not a valid label value (Kubernetes'
/// `hasInvalidLabelValueInRequiredNodeAffinity` and
/// `HasInvalidLabelValueInNodeSelectorTerms`; `matchFields` are not looked
/// at): the stored-template test behind
/// `AllowInvalidLabelValueInRequiredNodeAffinity`.
///
/// ```
/// use declarative::api::core::v1::Affinity;
/// use handwritten::core::v1::affinity::has_invalid_label_value_in_required_node_affinity;
/// let a: Affinity = serde_json::from_str(r#"{"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{
///   "nodeSelectorTerms":[{"matchExpressions":[{"key":"k","operator":"In","values":["-1"]}]}]}}}"#).unwrap();
/// assert!(has_invalid_label_value_in_required_node_affinity(Some(&a)));
/// ```
pub fn has_invalid_label_value_in_required_node_affinity(affinity: Option<&Affinity>) -> bool {
    affinity
        .and_then(|a| a.node_affinity.as_ref())
        .and_then(|na| {
            na.required_during_scheduling_ignored_during_execution
                .as_ref()
        })
        .is_some_and(|required| {
            required
                .node_selector_terms
                .iter()
                .flat_map(|term| term.match_expressions.iter())
                .flat_map(|expr| expr.values.iter())
                .any(|value| !is_label_value(value).is_empty())
        })
}

/// `validateWeightedPodAffinityTerms`: weights 1-100 and each term.
fn validate_weighted_pod_affinity_terms(
    terms: &[WeightedPodAffinityTerm],
    allow_invalid_label_value: bool,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    for (j, weighted) in terms.iter().enumerate() {
        let idx = path.index(j);
        if weighted.weight <= 0 || weighted.weight > 100 {
            errs.push(Error::invalid(
                &idx.child("weight"),
                i64::from(weighted.weight),
                "must be in the range 1-100",
            ));
        }
        errs.extend_from(validate_pod_affinity_term(
            &weighted.pod_affinity_term,
            allow_invalid_label_value,
            &idx.child("podAffinityTerm"),
        ));
    }
    errs
}

/// `validatePodAffinityTerm`: the two selectors, the namespaces (reported
/// at `<path>.namespace`, singular, as in Kubernetes), the match/mismatch
/// label keys, and the topology key.
fn validate_pod_affinity_term(
    term: &PodAffinityTerm,
    allow_invalid_label_value: bool,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let selector_opts = LabelSelectorOptions {
        allow_invalid_label_value_in_selector: allow_invalid_label_value,
        ..Default::default()
    };
    errs.extend_from(validate_label_selector(
        term.label_selector.as_ref(),
        selector_opts,
        &path.child("labelSelector"),
    ));
    errs.extend_from(validate_label_selector(
        term.namespace_selector.as_ref(),
        selector_opts,
        &path.child("namespaceSelector"),
    ));
    for name in &term.namespaces {
        for msg in validate_namespace_name(name, false) {
            errs.push(Error::invalid(&path.child("namespace"), name.as_str(), msg));
        }
    }
    errs.extend_from(validate_match_and_mismatch_label_keys(
        path,
        &term.match_label_keys,
        &term.mismatch_label_keys,
        term.label_selector.as_ref(),
    ));
    let topology = path.child("topologyKey");
    if term.topology_key.is_empty() {
        errs.push(Error::required(&topology, "can not be empty"));
    }
    errs.extend_from(validate_label_name(&term.topology_key, &topology));
    errs
}

/// `validateMatchLabelKeysAndMismatchLabelKeys`. A key of `matchLabelKeys`
/// already among the selector's keys (its `matchLabels`, or an earlier
/// `matchExpressions` entry) is reported at `<term path>[i]`, the term's
/// path indexed, as in Kubernetes.
fn validate_match_and_mismatch_label_keys(
    path: &Path<'_>,
    match_keys: &[String],
    mismatch_keys: &[String],
    selector: Option<&LabelSelector>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    errs.extend_from(validate_label_keys(
        &path.child("matchLabelKeys"),
        match_keys,
        selector,
    ));
    errs.extend_from(validate_label_keys(
        &path.child("mismatchLabelKeys"),
        mismatch_keys,
        selector,
    ));
    if let Some(selector) = selector {
        let positions: HashMap<&str, usize> = match_keys
            .iter()
            .enumerate()
            .map(|(i, k)| (k.as_str(), i))
            .collect();
        let mut seen: HashSet<&str> = selector.match_labels.keys().map(String::as_str).collect();
        for expr in &selector.match_expressions {
            let key = expr.key.as_str();
            if let Some(&i) = positions.get(key)
                && seen.contains(key)
            {
                errs.push(Error::invalid(
                    &path.index(i),
                    key,
                    "exists in both matchLabelKeys and labelSelector",
                ));
            }
            seen.insert(key);
        }
    }
    let mismatch: HashSet<&str> = mismatch_keys.iter().map(String::as_str).collect();
    let match_path = path.child("matchLabelKeys");
    for (i, key) in match_keys.iter().enumerate() {
        if mismatch.contains(key.as_str()) {
            errs.push(Error::invalid(
                &match_path.index(i),
                key.as_str(),
                "exists in both matchLabelKeys and mismatchLabelKeys",
            ));
        }
    }
    errs
}

/// `validateLabelKeys`: keys need a selector and must be label names.
fn validate_label_keys(
    path: &Path<'_>,
    keys: &[String],
    selector: Option<&LabelSelector>,
) -> ErrorList {
    if keys.is_empty() {
        return ErrorList::new();
    }
    if selector.is_none() {
        return ErrorList::from(Error::forbidden(
            path,
            "must not be specified when labelSelector is not set",
        ));
    }
    let mut errs = ErrorList::new();
    for (i, key) in keys.iter().enumerate() {
        errs.extend_from(validate_label_name(key, &path.index(i)));
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(json: &str) -> Vec<(String, String)> {
        let a: Affinity = serde_json::from_str(json).unwrap();
        validate_affinity(&a, AffinityOptions::default(), &Path::new("a"))
            .iter()
            .map(|e| (e.field.clone(), e.detail.to_string()))
            .collect()
    }

    #[test]
    fn empty_topology_key_is_required_and_not_a_label_name() {
        let got = check(
            r#"{"podAntiAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":[{"topologyKey":""}]}}"#,
        );
        assert_eq!(got.len(), 3);
        assert_eq!(got[0].1, "can not be empty");
        assert!(got.iter().all(|(f, _)| f
            == "a.podAntiAffinity.requiredDuringSchedulingIgnoredDuringExecution[0].topologyKey"));
    }

    #[test]
    fn namespaces_are_reported_at_namespace() {
        let got = check(
            r#"{"podAffinity":{"preferredDuringSchedulingIgnoredDuringExecution":[{"weight":101,"podAffinityTerm":{"topologyKey":"z","namespaces":["Bad"]}}]}}"#,
        );
        let fields: Vec<&str> = got.iter().map(|(f, _)| f.as_str()).collect();
        assert_eq!(
            fields,
            [
                "a.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].weight",
                "a.podAffinity.preferredDuringSchedulingIgnoredDuringExecution[0].podAffinityTerm.namespace",
            ]
        );
    }

    #[test]
    fn match_label_keys_rules() {
        let got = check(
            r#"{"podAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":[{"topologyKey":"z",
                "matchLabelKeys":["k","m"],"mismatchLabelKeys":["m"],
                "labelSelector":{"matchLabels":{"k":"v"},"matchExpressions":[{"key":"k","operator":"Exists"}]}}]}}"#,
        );
        let p = "a.podAffinity.requiredDuringSchedulingIgnoredDuringExecution[0]";
        assert_eq!(
            got,
            [
                (
                    format!("{p}[0]"),
                    "exists in both matchLabelKeys and labelSelector".to_string()
                ),
                (
                    format!("{p}.matchLabelKeys[1]"),
                    "exists in both matchLabelKeys and mismatchLabelKeys".to_string()
                ),
            ]
        );
        let forbidden = check(
            r#"{"podAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":[{"topologyKey":"z","mismatchLabelKeys":["m"]}]}}"#,
        );
        assert_eq!(
            forbidden,
            [(
                format!("{p}.mismatchLabelKeys"),
                "must not be specified when labelSelector is not set".to_string()
            )]
        );
    }

    #[test]
    fn node_affinity_required_needs_terms() {
        let got = check(
            r#"{"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{"nodeSelectorTerms":[]}}}"#,
        );
        assert_eq!(
            got,
            [(
                "a.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms"
                    .to_string(),
                "must have at least one node selector term".to_string()
            )]
        );
    }
}
