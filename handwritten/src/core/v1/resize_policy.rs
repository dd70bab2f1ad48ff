//! A container's in-place resize policy: a port of `validateResizePolicy`.

use apimachinery::field::{BadValue, Error, ErrorList, Path};
use declarative::api::core::v1::ContainerResizePolicy;
use std::collections::BTreeSet;

const RESOURCES: &[&str] = &["cpu", "memory"];
const POLICIES: &[&str] = &["NotRequired", "RestartContainer"];

/// `validateResizePolicy`: each resource (`cpu` or `memory`) once, each
/// policy `NotRequired` or `RestartContainer`, and only `NotRequired` in a
/// pod whose `restartPolicy` is `Never`. Kubernetes reports all but the
/// duplicate at the list's path.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::ContainerResizePolicy;
/// use handwritten::core::v1::resize_policy::validate_resize_policy;
/// let p = ContainerResizePolicy { resource_name: "cpu".into(), restart_policy: "RestartContainer".into() };
/// let errs = validate_resize_policy(&[p], &Path::new("resizePolicy"), "Never");
/// assert_eq!(errs[0].detail, "must be 'NotRequired' when `restartPolicy` is 'Never'");
/// ```
pub fn validate_resize_policy(
    policies: &[ContainerResizePolicy],
    path: &Path<'_>,
    pod_restart_policy: &str,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut seen = BTreeSet::new();
    for (i, p) in policies.iter().enumerate() {
        if !seen.insert(p.resource_name.as_str()) {
            errs.push(Error::duplicate(&path.index(i), p.resource_name.as_str()));
        }
        match p.resource_name.as_str() {
            "cpu" | "memory" => {}
            "" => errs.push(Error::required(path, "")),
            other => errs.push(Error::not_supported(path, other, RESOURCES)),
        }
        match p.restart_policy.as_str() {
            "NotRequired" | "RestartContainer" => {}
            "" => errs.push(Error::required(path, "")),
            other => errs.push(Error::not_supported(path, other, POLICIES)),
        }
        if pod_restart_policy == "Never" && p.restart_policy != "NotRequired" {
            errs.push(Error::invalid(
                path,
                p.restart_policy.as_str(),
                "must be 'NotRequired' when `restartPolicy` is 'Never'",
            ));
        }
    }
    errs
}

/// The bad value of `initContainers[i].resizePolicy` when a sidecar resize
/// policy is not allowed: the whole list, as JSON.
pub(crate) fn resize_policy_value(policies: &[ContainerResizePolicy]) -> BadValue {
    serde_json::to_value(policies)
        .map(BadValue::from)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorType;

    fn policies(json: &str) -> Vec<ContainerResizePolicy> {
        serde_json::from_str(json).unwrap()
    }

    fn check(json: &str, pod: &str) -> Vec<(ErrorType, String)> {
        validate_resize_policy(&policies(json), &Path::new("f"), pod)
            .iter()
            .map(|e| (e.error_type, e.field.clone()))
            .collect()
    }

    #[test]
    fn valid_policies_pass() {
        let both = r#"[{"resourceName":"cpu","restartPolicy":"NotRequired"},{"resourceName":"memory","restartPolicy":"RestartContainer"}]"#;
        assert!(check(both, "Always").is_empty());
        assert!(check("[]", "Never").is_empty());
    }

    #[test]
    fn invalid_policies() {
        assert_eq!(
            check(
                r#"[{"resourceName":"cpu","restartPolicy":"NotRequired"},{"resourceName":"cpu","restartPolicy":"RestartContainer"}]"#,
                "Always"
            ),
            [(ErrorType::Duplicate, "f[1]".into())]
        );
        assert_eq!(
            check(r#"[{"resourceName":"cpuuu","restartPolicy":""}]"#, "Always"),
            [
                (ErrorType::NotSupported, "f".into()),
                (ErrorType::Required, "f".into()),
            ]
        );
        assert_eq!(
            check(
                r#"[{"resourceName":"memory","restartPolicy":"RestartContainer"}]"#,
                "Never"
            ),
            [(ErrorType::Invalid, "f".into())]
        );
    }
}
