//! Pod-level resources (`spec.resources`, the `PodLevelResources` gate):
//! Kubernetes' `validatePodResources`, `validatePodResourceRequirements`,
//! `validatePodResourceName` and `validatePodResourceConsistency`
//! (`pkg/apis/core/validation/validation.go`, read at 000f2605), with the
//! container aggregation of `component-helpers/resource`
//! (`AggregateContainerRequests`, `IsSupportedPodLevelResource`, read at
//! c4b5de20).
//!
//! A quantity that does not parse is a decoding error in Kubernetes; here
//! it takes no part in the sums and comparisons.

use super::pod_resource_claim::validate_resource_claim_names;
use super::quantity::Quantity;
use super::resources::{validate_resource_name, validate_resource_requirements};
use apimachinery::field::{Error, ErrorList, Path};
use apimachinery::resource::QuantityText;
use declarative::api::core::v1::{Container, PodSpec};
use std::cmp::Ordering;
use std::collections::{BTreeMap, BTreeSet};

/// `SupportedPodLevelResources()` as listed in the `NotSupported` detail.
const SUPPORTED_POD_LEVEL_RESOURCES: &[&str] = &["cpu", "hugepages-", "memory"];

/// `IsSupportedPodLevelResource`: cpu, memory and huge pages.
///
/// ```
/// use handwritten::core::v1::pod_resources::is_supported_pod_level_resource;
/// assert!(is_supported_pod_level_resource("hugepages-2Mi"));
/// assert!(!is_supported_pod_level_resource("ephemeral-storage"));
/// ```
pub fn is_supported_pod_level_resource(name: &str) -> bool {
    name == "cpu" || name == "memory" || name.starts_with("hugepages-")
}

/// `validatePodResourceName`: a valid resource name that pod-level
/// resources support.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::core::v1::pod_resources::validate_pod_resource_name;
/// let errs = validate_pod_resource_name("ephemeral-storage", &Path::new("r"));
/// assert_eq!(errs[0].to_string(),
///     r#"r: Unsupported value: "ephemeral-storage": supported values: "cpu", "hugepages-", "memory""#);
/// ```
pub fn validate_pod_resource_name(name: &str, path: &Path<'_>) -> ErrorList {
    let errs = validate_resource_name(name, path);
    if !errs.is_empty() {
        return errs;
    }
    if !is_supported_pod_level_resource(name) {
        return ErrorList::from(Error::not_supported(
            path,
            name,
            SUPPORTED_POD_LEVEL_RESOURCES,
        ));
    }
    errs
}

/// `validatePodResources`: nothing without `spec.resources`; otherwise no
/// `claims`, the requirements (names, quantities, requests within limits,
/// claim references) and their consistency with the containers';
/// `allow_indivisible_huge_pages` is `AllowIndivisibleHugePagesValues`.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::PodSpec;
/// use handwritten::core::v1::pod_resources::validate_pod_resources;
/// let spec: PodSpec = serde_json::from_str(r#"{"resources":{"requests":{"cpu":"1"}},
///     "containers":[{"name":"c","resources":{"requests":{"cpu":"2"}}}]}"#).unwrap();
/// let errs = validate_pod_resources(&spec, &Default::default(), false, &Path::new("resources"));
/// assert_eq!(errs[0].to_string(),
///     r#"resources.requests[cpu]: Invalid value: "1": must be greater than or equal to aggregate container requests of 2"#);
/// ```
pub fn validate_pod_resources(
    spec: &PodSpec,
    pod_claim_names: &BTreeSet<String>,
    allow_indivisible_huge_pages: bool,
    path: &Path<'_>,
) -> ErrorList {
    let Some(resources) = &spec.resources else {
        return ErrorList::new();
    };
    let mut errs = ErrorList::new();
    let claims = path.child("claims");
    if resources.claims.is_some() {
        errs.push(Error::forbidden(
            &claims,
            "claims cannot be set for Resources at pod-level",
        ));
    }
    errs.extend_from(validate_resource_requirements(
        resources,
        validate_pod_resource_name,
        allow_indivisible_huge_pages,
        path,
    ));
    errs.extend_from(validate_resource_claim_names(
        resources.claims(),
        pod_claim_names,
        &claims,
    ));
    errs.extend_from(validate_pod_resource_consistency(spec, path));
    errs
}

type ResourceList = BTreeMap<String, Quantity>;

fn parsed(list: &BTreeMap<String, QuantityText>) -> ResourceList {
    list.iter()
        .filter_map(|(k, v)| v.value().map(|q| (k.clone(), q.clone())))
        .collect()
}

/// `addResourceList`.
fn add_resource_list(list: &mut ResourceList, new: &ResourceList) {
    for (name, q) in new {
        let sum = match list.get(name) {
            Some(value) => value.add(q),
            None => q.clone(),
        };
        list.insert(name.clone(), sum);
    }
}

/// `maxResourceList`.
fn max_resource_list(list: &mut ResourceList, new: &ResourceList) {
    for (name, q) in new {
        let larger = list
            .get(name)
            .is_none_or(|value| q.cmp_value(value) == Ordering::Greater);
        if larger {
            list.insert(name.clone(), q.clone());
        }
    }
}

/// `AggregateContainerRequests` (no status, no overhead): the regular
/// containers' sum, raised to what any init container needs while it runs
/// next to the restartable init containers started before it.
///
/// ```
/// use declarative::api::core::v1::PodSpec;
/// use handwritten::core::v1::pod_resources::aggregate_container_requests;
/// let spec: PodSpec = serde_json::from_str(r#"{
///     "containers":[{"name":"a","resources":{"requests":{"cpu":"100m"}}}],
///     "initContainers":[{"name":"s","restartPolicy":"Always","resources":{"requests":{"cpu":"200m"}}},
///                       {"name":"i","resources":{"requests":{"cpu":"1"}}}]}"#).unwrap();
/// assert_eq!(aggregate_container_requests(&spec)["cpu"].to_string(), "1200m");
/// ```
pub fn aggregate_container_requests(spec: &PodSpec) -> BTreeMap<String, Quantity> {
    let mut reqs = ResourceList::new();
    for c in &spec.containers {
        add_resource_list(&mut reqs, &parsed(&c.resources.requests));
    }
    let mut restartable = ResourceList::new();
    let mut init = ResourceList::new();
    for c in &spec.init_containers {
        let own = parsed(&c.resources.requests);
        let running = if is_restartable(c) {
            add_resource_list(&mut reqs, &own);
            add_resource_list(&mut restartable, &own);
            restartable.clone()
        } else {
            let mut tmp = ResourceList::new();
            add_resource_list(&mut tmp, &own);
            add_resource_list(&mut tmp, &restartable);
            tmp
        };
        max_resource_list(&mut init, &running);
    }
    max_resource_list(&mut reqs, &init);
    reqs
}

fn is_restartable(c: &Container) -> bool {
    c.restart_policy.as_deref() == Some("Always")
}

/// `validatePodResourceConsistency`: pod-level requests cover the
/// aggregate container requests (a resource the pod level omits counts as
/// zero), and no regular container's limit exceeds the pod-level limit of
/// the same resource.
fn validate_pod_resource_consistency(spec: &PodSpec, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let Some(resources) = &spec.resources else {
        return errs;
    };
    let pod_requests = parsed(&resources.requests);
    let pod_limits = parsed(&resources.limits);
    let zero = Quantity::default();
    let requests = path.child("requests");
    for (name, aggregate) in aggregate_container_requests(spec) {
        let pod = pod_requests.get(&name).unwrap_or(&zero);
        if aggregate.cmp_value(pod) == Ordering::Greater {
            errs.push(Error::invalid(
                &requests.key(&name),
                pod.to_string(),
                format!(
                    "must be greater than or equal to aggregate container requests of {aggregate}"
                ),
            ));
        }
    }
    let containers = path.child("containers");
    for (i, c) in spec.containers.iter().enumerate() {
        let at = containers.index(i);
        for (name, limit) in parsed(&c.resources.limits) {
            let Some(pod) = pod_limits.get(&name) else {
                continue;
            };
            if limit.cmp_value(pod) == Ordering::Greater {
                let keyed = at.key(&name);
                errs.push(Error::invalid(
                    &keyed.child("limits"),
                    limit.to_string(),
                    format!("must be less than or equal to pod limits of {pod}"),
                ));
            }
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorType;

    fn spec(json: &str) -> PodSpec {
        serde_json::from_str(json).unwrap()
    }

    fn check(json: &str) -> Vec<(ErrorType, String, String)> {
        validate_pod_resources(&spec(json), &BTreeSet::new(), false, &Path::new("r"))
            .iter()
            .map(|e| (e.error_type, e.field.clone(), e.detail.to_string()))
            .collect()
    }

    #[test]
    fn absent_resources_are_not_checked() {
        assert!(
            check(r#"{"containers":[{"name":"c","resources":{"requests":{"cpu":"9"}}}]}"#)
                .is_empty()
        );
    }

    #[test]
    fn names_claims_and_limits() {
        let got = check(
            r#"{"resources":{"requests":{"cpu":"1","ephemeral-storage":"1Gi"},"limits":{"cpu":"2"},"claims":[]},
                "containers":[{"name":"c","resources":{"limits":{"cpu":"3"}}}]}"#,
        );
        let fields: Vec<(ErrorType, &str)> = got.iter().map(|(t, f, _)| (*t, f.as_str())).collect();
        assert_eq!(
            fields,
            [
                (ErrorType::Forbidden, "r.claims"),
                (ErrorType::NotSupported, "r.requests[ephemeral-storage]"),
                (ErrorType::Invalid, "r.containers[0][cpu].limits"),
            ]
        );
        assert_eq!(got[2].2, "must be less than or equal to pod limits of 2");
    }

    #[test]
    fn missing_pod_request_counts_as_zero() {
        let got = check(
            r#"{"resources":{"requests":{"cpu":"1"}},
                "containers":[{"name":"c","resources":{"requests":{"memory":"100Mi"}}}]}"#,
        );
        assert_eq!(
            got,
            [(
                ErrorType::Invalid,
                "r.requests[memory]".to_string(),
                "must be greater than or equal to aggregate container requests of 100Mi"
                    .to_string()
            )]
        );
    }

    #[test]
    fn aggregate_takes_the_larger_of_regular_and_init() {
        let s = spec(
            r#"{"containers":[{"name":"a","resources":{"requests":{"memory":"1Gi"}}},{"name":"b","resources":{"requests":{"memory":"1Gi"}}}],
                "initContainers":[{"name":"i","resources":{"requests":{"memory":"3Gi"}}}]}"#,
        );
        assert_eq!(
            aggregate_container_requests(&s)["memory"].to_string(),
            "3Gi"
        );
    }
}
