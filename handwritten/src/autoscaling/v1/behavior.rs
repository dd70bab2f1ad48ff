//! Ports of `validateBehavior`, `validateScalingRules` and
//! `validateScalingPolicy` from `pkg/apis/autoscaling/validation/validation.go`
//! (kubernetes/kubernetes, newest stored 0fec7b0f), on the internal behavior
//! of [`super::annotation_behavior`].
//!
//! Each of `scaleUp` and `scaleDown`, when set: a stabilization window in
//! `0..=3600`, a select policy among `Disabled`, `Max`, `Min`, at least one
//! policy, and each policy of type `Pods` or `Percent` with a positive value
//! and a period in `1..=1800`. The errors carry no origin (none is set in
//! Kubernetes) and are hand-written only: the behavior travels in an
//! annotation, which declarative validation does not read.
//!
//! Not ported: a check on `tolerance`. The stored validation.go predates
//! the field; k8s.io/api documents it as "greater than or equal to zero",
//! but the rule's text (error type and detail) was not available to read.

use super::annotation_behavior::{Behavior, ScalingPolicy, ScalingRules};
use apimachinery::field::{Error, ErrorList, Path};

/// `MaxPeriodSeconds`: the longest policy period.
///
/// ```
/// assert_eq!(handwritten::autoscaling::v1::behavior::MAX_PERIOD_SECONDS, 1800);
/// ```
pub const MAX_PERIOD_SECONDS: i32 = 1800;

/// `MaxStabilizationWindowSeconds`: the longest stabilization window.
///
/// ```
/// assert_eq!(handwritten::autoscaling::v1::behavior::MAX_STABILIZATION_WINDOW_SECONDS, 3600);
/// ```
pub const MAX_STABILIZATION_WINDOW_SECONDS: i32 = 3600;

/// The select policies, sorted (the `NotSupported` list).
pub const SELECT_POLICIES: &[&str] = &["Disabled", "Max", "Min"];

/// The policy types, sorted (the `NotSupported` list).
pub const POLICY_TYPES: &[&str] = &["Percent", "Pods"];

/// `validateBehavior`: the scale-up rules, then the scale-down rules.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::autoscaling::v1::annotation_behavior::parse;
/// use handwritten::autoscaling::v1::behavior::validate_behavior;
/// let b = parse(r#"{"ScaleUp":{"SelectPolicy":"Min"}}"#).unwrap();
/// let errs = validate_behavior(&b, &Path::new("spec").child("behavior"));
/// assert_eq!(errs[0].to_string(),
///     "spec.behavior.scaleUp.policies: Required value: must specify at least one Policy");
/// ```
pub fn validate_behavior(behavior: &Behavior, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(rules) = &behavior.scale_up {
        errs.extend_from(validate_scaling_rules(rules, &path.child("scaleUp")));
    }
    if let Some(rules) = &behavior.scale_down {
        errs.extend_from(validate_scaling_rules(rules, &path.child("scaleDown")));
    }
    errs
}

/// `validateScalingRules`: the stabilization window, the select policy,
/// the policy list and each policy.
fn validate_scaling_rules(rules: &ScalingRules, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(window) = rules.stabilization_window_seconds {
        let field = path.child("stabilizationWindowSeconds");
        if window < 0 {
            errs.push(Error::invalid(
                &field,
                window,
                "must be greater than or equal to zero",
            ));
        }
        if window > MAX_STABILIZATION_WINDOW_SECONDS {
            errs.push(Error::invalid(
                &field,
                window,
                format!("must be less than or equal to {MAX_STABILIZATION_WINDOW_SECONDS}"),
            ));
        }
    }
    if let Some(select) = &rules.select_policy
        && !SELECT_POLICIES.contains(&select.as_str())
    {
        errs.push(Error::not_supported(
            &path.child("selectPolicy"),
            select.as_str(),
            SELECT_POLICIES,
        ));
    }
    let policies_path = path.child("policies");
    let policies = rules.policies.as_deref().unwrap_or_default();
    if policies.is_empty() {
        errs.push(Error::required(
            &policies_path,
            "must specify at least one Policy",
        ));
    }
    for (i, policy) in policies.iter().enumerate() {
        errs.extend_from(validate_scaling_policy(policy, &policies_path.index(i)));
    }
    errs
}

/// `validateScalingPolicy`: a known type, a positive value and a period in
/// `1..=1800`.
fn validate_scaling_policy(policy: &ScalingPolicy, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if !POLICY_TYPES.contains(&policy.type_.as_str()) {
        errs.push(Error::not_supported(
            &path.child("type"),
            policy.type_.as_str(),
            POLICY_TYPES,
        ));
    }
    if policy.value <= 0 {
        errs.push(Error::invalid(
            &path.child("value"),
            policy.value,
            "must be greater than zero",
        ));
    }
    let period = path.child("periodSeconds");
    if policy.period_seconds <= 0 {
        errs.push(Error::invalid(
            &period,
            policy.period_seconds,
            "must be greater than zero",
        ));
    }
    if policy.period_seconds > MAX_PERIOD_SECONDS {
        errs.push(Error::invalid(
            &period,
            policy.period_seconds,
            format!("must be less than or equal to {MAX_PERIOD_SECONDS}"),
        ));
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::autoscaling::v1::annotation_behavior::parse;

    fn check(text: &str) -> Vec<String> {
        let behavior = parse(text).unwrap();
        validate_behavior(&behavior, &Path::new("spec").child("behavior"))
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    #[test]
    fn valid_rules() {
        assert!(check("{}").is_empty());
        assert!(
            check(
                r#"{"ScaleUp":{"StabilizationWindowSeconds":3600,"SelectPolicy":"Min","Policies":[{"Type":"Percent","Value":10,"PeriodSeconds":1}]},
                    "ScaleDown":{"StabilizationWindowSeconds":0,"SelectPolicy":"Disabled","Policies":[{"Type":"Pods","Value":1,"PeriodSeconds":1800}]}}"#
            )
            .is_empty()
        );
    }

    #[test]
    fn stabilization_window_bounds() {
        let one = r#""Policies":[{"Type":"Pods","Value":1,"PeriodSeconds":1}]"#;
        assert_eq!(
            check(&format!(
                r#"{{"ScaleDown":{{"StabilizationWindowSeconds":-1,{one}}}}}"#
            )),
            [
                "spec.behavior.scaleDown.stabilizationWindowSeconds: Invalid value: -1: must be greater than or equal to zero"
            ]
        );
        assert_eq!(
            check(&format!(
                r#"{{"ScaleUp":{{"StabilizationWindowSeconds":3601,{one}}}}}"#
            )),
            [
                "spec.behavior.scaleUp.stabilizationWindowSeconds: Invalid value: 3601: must be less than or equal to 3600"
            ]
        );
    }

    #[test]
    fn select_policy_and_policy_list() {
        assert_eq!(
            check(r#"{"ScaleUp":{"SelectPolicy":"incorrect","Policies":null}}"#),
            [
                r#"spec.behavior.scaleUp.selectPolicy: Unsupported value: "incorrect": supported values: "Disabled", "Max", "Min""#,
                "spec.behavior.scaleUp.policies: Required value: must specify at least one Policy",
            ]
        );
        assert_eq!(
            check(r#"{"ScaleDown":{"Policies":[]}}"#),
            ["spec.behavior.scaleDown.policies: Required value: must specify at least one Policy"]
        );
    }

    #[test]
    fn policy_rules() {
        assert_eq!(
            check(
                r#"{"ScaleUp":{"Policies":[{"Type":"Pods","Value":1,"PeriodSeconds":1},{"Type":"hm","Value":0,"PeriodSeconds":1801},{"Type":"Percent","Value":-1,"PeriodSeconds":0}]}}"#
            ),
            [
                r#"spec.behavior.scaleUp.policies[1].type: Unsupported value: "hm": supported values: "Percent", "Pods""#,
                "spec.behavior.scaleUp.policies[1].value: Invalid value: 0: must be greater than zero",
                "spec.behavior.scaleUp.policies[1].periodSeconds: Invalid value: 1801: must be less than or equal to 1800",
                "spec.behavior.scaleUp.policies[2].value: Invalid value: -1: must be greater than zero",
                "spec.behavior.scaleUp.policies[2].periodSeconds: Invalid value: 0: must be greater than zero",
            ]
        );
    }

    #[test]
    fn tolerance_is_not_checked() {
        assert!(
            check(r#"{"ScaleUp":{"Tolerance":"-1","Policies":[{"Type":"Pods","Value":1,"PeriodSeconds":1}]}}"#)
                .is_empty()
        );
    }
}
