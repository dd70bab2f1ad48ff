//! `validateTopologySpreadConstraints` (Kubernetes'
//! `pkg/apis/core/validation/validation.go`, read at 000f2605): per
//! constraint, `maxSkew`, `topologyKey`, `whenUnsatisfiable`, no repeated
//! `{topologyKey, whenUnsatisfiable}` pair, `minDomains`, the node inclusion
//! policies, `matchLabelKeys` against the selector, and the label selector.
//!
//! `AllowInvalidTopologySpreadConstraintLabelSelector` (set by
//! `GetValidationOptionsFromPodTemplate` on update when the stored template
//! already has an invalid selector, [`has_invalid_label_selector`]) is a
//! parameter here, derived by the RC strategy port from the stored template.

use crate::meta::v1::labels::validate_label_name;
use crate::networking::label_selector::{LabelSelectorOptions, validate_label_selector};
use apimachinery::field::{Error, ErrorList, Path};
use declarative::api::core::v1::TopologySpreadConstraint;
use declarative::api::networking::v1::LabelSelector;
use std::collections::HashSet;

/// `isNotPositiveErrorMsg`.
const NOT_POSITIVE: &str = "must be greater than zero";
/// `supportedScheduleActions`, sorted.
const SCHEDULE_ACTIONS: &[&str] = &["DoNotSchedule", "ScheduleAnyway"];
/// `supportedPodTopologySpreadNodePolicies`, sorted.
const NODE_POLICIES: &[&str] = &["Honor", "Ignore"];

/// `validateTopologySpreadConstraints`.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::TopologySpreadConstraint;
/// use handwritten::core::v1::topology_spread_constraint::validate_topology_spread_constraints;
/// let c = TopologySpreadConstraint { max_skew: 1, when_unsatisfiable: "DoNotSchedule".into(), ..Default::default() };
/// let errs = validate_topology_spread_constraints(&[c], &Path::new("t"), false);
/// assert_eq!(errs[0].to_string(), "t[0].topologyKey: Required value: can not be empty");
/// ```
pub fn validate_topology_spread_constraints(
    constraints: &[TopologySpreadConstraint],
    path: &Path<'_>,
    allow_invalid_label_selector: bool,
) -> ErrorList {
    let mut errs = ErrorList::new();
    for (i, c) in constraints.iter().enumerate() {
        let idx = path.index(i);
        if c.max_skew <= 0 {
            errs.push(Error::invalid(
                &idx.child("maxSkew"),
                i64::from(c.max_skew),
                NOT_POSITIVE,
            ));
        }
        if c.topology_key.is_empty() {
            errs.push(Error::required(
                &idx.child("topologyKey"),
                "can not be empty",
            ));
        }
        if !SCHEDULE_ACTIONS.contains(&c.when_unsatisfiable.as_str()) {
            errs.push(Error::not_supported(
                &idx.child("whenUnsatisfiable"),
                c.when_unsatisfiable.as_str(),
                SCHEDULE_ACTIONS,
            ));
        }
        let repeated = constraints[i + 1..].iter().any(|rest| {
            rest.topology_key == c.topology_key && rest.when_unsatisfiable == c.when_unsatisfiable
        });
        if repeated {
            errs.push(Error::duplicate(
                &idx.child("{topologyKey, whenUnsatisfiable}"),
                format!("{{{}, {}}}", c.topology_key, c.when_unsatisfiable),
            ));
        }
        if let Some(min) = c.min_domains {
            let min_path = idx.child("minDomains");
            if min <= 0 {
                errs.push(Error::invalid(&min_path, i64::from(min), NOT_POSITIVE));
            }
            if c.when_unsatisfiable != "DoNotSchedule" {
                errs.push(Error::invalid(
                    &min_path,
                    i64::from(min),
                    format!(
                        "can only use minDomains if whenUnsatisfiable=DoNotSchedule, not {}",
                        c.when_unsatisfiable
                    ),
                ));
            }
        }
        let policies = [
            ("nodeAffinityPolicy", &c.node_affinity_policy),
            ("nodeTaintsPolicy", &c.node_taints_policy),
        ];
        for (field, policy) in policies {
            if let Some(policy) = policy
                && !NODE_POLICIES.contains(&policy.as_str())
            {
                errs.push(Error::not_supported(
                    &idx.child(field),
                    policy.as_str(),
                    NODE_POLICIES,
                ));
            }
        }
        errs.extend_from(validate_match_label_keys(
            &c.match_label_keys,
            c.label_selector.as_ref(),
            &idx.child("matchLabelKeys"),
        ));
        if !allow_invalid_label_selector {
            errs.extend_from(validate_label_selector(
                c.label_selector.as_ref(),
                LabelSelectorOptions::default(),
                &idx.child("labelSelector"),
            ));
        }
    }
    errs
}

/// Whether a constraint's label selector fails strict label selector
/// validation (Kubernetes' `hasInvalidTopologySpreadConstraintLabelSelector`
/// in `pkg/api/pod/util.go`): the stored-template test behind
/// `AllowInvalidTopologySpreadConstraintLabelSelector`.
///
/// ```
/// use declarative::api::core::v1::TopologySpreadConstraint;
/// use handwritten::core::v1::topology_spread_constraint::has_invalid_label_selector;
/// let c: TopologySpreadConstraint = serde_json::from_str(r#"{"maxSkew":1,"topologyKey":"k",
///   "whenUnsatisfiable":"DoNotSchedule","labelSelector":{"matchLabels":{"a":"-x"}}}"#).unwrap();
/// assert!(has_invalid_label_selector(&[c]));
/// assert!(!has_invalid_label_selector(&[]));
/// ```
pub fn has_invalid_label_selector(constraints: &[TopologySpreadConstraint]) -> bool {
    constraints.iter().any(|c| {
        !validate_label_selector(
            c.label_selector.as_ref(),
            LabelSelectorOptions::default(),
            &Path::root(),
        )
        .is_empty()
    })
}

/// `validateMatchLabelKeysInTopologySpread`: keys need a selector, must be
/// label names, and must not already be keys of the selector.
fn validate_match_label_keys(
    keys: &[String],
    selector: Option<&LabelSelector>,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if keys.is_empty() {
        return errs;
    }
    let mut selector_keys: HashSet<&str> = HashSet::new();
    match selector {
        Some(s) => {
            selector_keys.extend(s.match_labels.keys().map(String::as_str));
            selector_keys.extend(s.match_expressions.iter().map(|e| e.key.as_str()));
        }
        None => errs.push(Error::forbidden(
            path,
            "must not be specified when labelSelector is not set",
        )),
    }
    for (i, key) in keys.iter().enumerate() {
        let at = path.index(i);
        errs.extend_from(validate_label_name(key, &at));
        if selector_keys.contains(key.as_str()) {
            errs.push(Error::invalid(
                &at,
                key.as_str(),
                "exists in both matchLabelKeys and labelSelector",
            ));
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorType;

    fn parse(json: &str) -> Vec<TopologySpreadConstraint> {
        serde_json::from_str(json).unwrap()
    }

    fn summary(errs: &ErrorList) -> Vec<(ErrorType, String, String)> {
        errs.iter()
            .map(|e| (e.error_type, e.field.clone(), e.detail.to_string()))
            .collect()
    }

    #[test]
    fn negative_min_domains_with_schedule_anyway_breaks_both_rules() {
        let c = parse(
            r#"[{"maxSkew":1,"topologyKey":"k8s.io/zone","whenUnsatisfiable":"ScheduleAnyway","minDomains":-1}]"#,
        );
        let got = summary(&validate_topology_spread_constraints(
            &c,
            &Path::new("f"),
            false,
        ));
        assert_eq!(
            got,
            [
                (
                    ErrorType::Invalid,
                    "f[0].minDomains".into(),
                    NOT_POSITIVE.into()
                ),
                (
                    ErrorType::Invalid,
                    "f[0].minDomains".into(),
                    "can only use minDomains if whenUnsatisfiable=DoNotSchedule, not ScheduleAnyway"
                        .into()
                ),
            ]
        );
    }

    #[test]
    fn only_the_first_of_a_repeated_pair_is_reported() {
        let c = parse(
            r#"[{"maxSkew":1,"topologyKey":"z","whenUnsatisfiable":"DoNotSchedule"},
                {"maxSkew":2,"topologyKey":"z","whenUnsatisfiable":"DoNotSchedule"}]"#,
        );
        let errs = validate_topology_spread_constraints(&c, &Path::new("f"), false);
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].field, "f[0].{topologyKey, whenUnsatisfiable}");
        assert_eq!(errs[0].error_type, ErrorType::Duplicate);
    }

    #[test]
    fn match_label_keys_rules() {
        let no_selector = parse(
            r#"[{"maxSkew":1,"topologyKey":"z","whenUnsatisfiable":"DoNotSchedule","matchLabelKeys":["foo"]}]"#,
        );
        let got = summary(&validate_topology_spread_constraints(
            &no_selector,
            &Path::new("f"),
            false,
        ));
        assert_eq!(
            got,
            [(
                ErrorType::Forbidden,
                "f[0].matchLabelKeys".into(),
                "must not be specified when labelSelector is not set".into()
            )]
        );
        let both = parse(
            r#"[{"maxSkew":1,"topologyKey":"z","whenUnsatisfiable":"DoNotSchedule","matchLabelKeys":["foo"],
                 "labelSelector":{"matchExpressions":[{"key":"foo","operator":"NotIn","values":["a"]}]}}]"#,
        );
        let errs = validate_topology_spread_constraints(&both, &Path::new("f"), false);
        assert_eq!(errs[0].field, "f[0].matchLabelKeys[0]");
        assert_eq!(
            errs[0].detail,
            "exists in both matchLabelKeys and labelSelector"
        );
    }

    #[test]
    fn invalid_selector_is_tolerated_only_when_allowed() {
        let c = parse(
            r#"[{"maxSkew":1,"topologyKey":"z","whenUnsatisfiable":"DoNotSchedule","labelSelector":{"matchLabels":{"a b":"c"}}}]"#,
        );
        assert_eq!(
            validate_topology_spread_constraints(&c, &Path::new("f"), false).len(),
            1
        );
        assert!(validate_topology_spread_constraints(&c, &Path::new("f"), true).is_empty());
    }
}
