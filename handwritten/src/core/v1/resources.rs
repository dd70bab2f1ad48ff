//! Container resource requirements: resource names and quantities, a port
//! of `validateResourceRequirements`, `validateContainerResourceName`,
//! `ValidateResourceQuantityValue` and the `core/helper` predicates they use
//! (`pkg/apis/core/validation/validation.go` read at 000f2605,
//! `pkg/apis/core/helper/helpers.go` at 00010901).
//!
//! A quantity that does not parse is a decoding error in Kubernetes (the
//! request never reaches validation); here its checks are skipped.

use super::quantity::{Quantity, parse_quantity};
use super::visit_containers::all_containers;
use crate::meta::v1::generic::IS_NEGATIVE_ERROR_MSG;
use apimachinery::content::is_qualified_name;
use apimachinery::field::{Error, ErrorList, Path};
use apimachinery::resource::QuantityText;
use declarative::api::core::v1::{PodSpec, ResourceRequirements};
use std::cmp::Ordering;
use std::collections::BTreeMap;

const HUGE_PAGES_PREFIX: &str = "hugepages-";

/// `helper.IsHugePageResourceName`.
///
/// ```
/// assert!(handwritten::core::v1::resources::is_huge_page_resource_name("hugepages-2Mi"));
/// ```
pub fn is_huge_page_resource_name(name: &str) -> bool {
    name.starts_with(HUGE_PAGES_PREFIX)
}

/// `helper.IsNativeResource`: unprefixed, or in the `kubernetes.io/` domain.
///
/// ```
/// use handwritten::core::v1::resources::is_native_resource;
/// assert!(is_native_resource("cpu"));
/// assert!(!is_native_resource("example.com/gpu"));
/// ```
pub fn is_native_resource(name: &str) -> bool {
    !name.contains('/') || name.contains("kubernetes.io/")
}

/// `helper.IsExtendedResourceName`: a non-native name that is a valid
/// qualified name once prefixed with `requests.`.
///
/// ```
/// use handwritten::core::v1::resources::is_extended_resource_name;
/// assert!(is_extended_resource_name("example.com/gpu"));
/// assert!(!is_extended_resource_name("cpu"));
/// ```
pub fn is_extended_resource_name(name: &str) -> bool {
    if is_native_resource(name) || name.starts_with("requests.") {
        return false;
    }
    is_qualified_name(&format!("requests.{name}")).is_empty()
}

/// `helper.IsOvercommitAllowed`: native resources other than huge pages.
///
/// ```
/// use handwritten::core::v1::resources::is_overcommit_allowed;
/// assert!(is_overcommit_allowed("cpu"));
/// assert!(!is_overcommit_allowed("example.com/gpu"));
/// ```
pub fn is_overcommit_allowed(name: &str) -> bool {
    is_native_resource(name) && !is_huge_page_resource_name(name)
}

/// `helper.IsIntegerResourceName`: object counts and extended resources.
///
/// ```
/// use handwritten::core::v1::resources::is_integer_resource_name;
/// assert!(is_integer_resource_name("pods"));
/// assert!(!is_integer_resource_name("cpu"));
/// ```
pub fn is_integer_resource_name(name: &str) -> bool {
    const INTEGER: &[&str] = &[
        "pods",
        "services",
        "replicationcontrollers",
        "resourcequotas",
        "secrets",
        "configmaps",
        "persistentvolumeclaims",
        "services.nodeports",
        "services.loadbalancers",
    ];
    INTEGER.contains(&name) || is_extended_resource_name(name)
}

/// `helper.IsStandardResourceName`.
fn is_standard_resource_name(name: &str) -> bool {
    const STANDARD: &[&str] = &[
        "cpu",
        "memory",
        "ephemeral-storage",
        "requests.cpu",
        "requests.memory",
        "requests.ephemeral-storage",
        "limits.cpu",
        "limits.memory",
        "limits.ephemeral-storage",
        "pods",
        "services",
        "replicationcontrollers",
        "resourcequotas",
        "secrets",
        "configmaps",
        "persistentvolumeclaims",
        "storage",
        "requests.storage",
        "services.nodeports",
        "services.loadbalancers",
    ];
    STANDARD.contains(&name)
        || is_huge_page_resource_name(name)
        || name.starts_with("requests.hugepages-")
}

/// `helper.IsStandardContainerResourceName`.
fn is_standard_container_resource_name(name: &str) -> bool {
    matches!(name, "cpu" | "memory" | "ephemeral-storage") || is_huge_page_resource_name(name)
}

/// `validateResourceName`: a qualified name, and unprefixed names must be standard.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::core::v1::resources::validate_resource_name;
/// assert!(validate_resource_name("example.com/gpu", &Path::new("r")).is_empty());
/// assert_eq!(validate_resource_name("gpu", &Path::new("r"))[0].detail,
///            "must be a standard resource type or fully qualified");
/// ```
pub fn validate_resource_name(name: &str, path: &Path<'_>) -> ErrorList {
    let errs: ErrorList = is_qualified_name(name)
        .into_iter()
        .map(|msg| Error::invalid(path, name, msg))
        .collect();
    if !errs.is_empty() {
        return errs;
    }
    if !name.contains('/') && !is_standard_resource_name(name) {
        return ErrorList::from(Error::invalid(
            path,
            name,
            "must be a standard resource type or fully qualified",
        ));
    }
    errs
}

/// `validateContainerResourceName`.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::core::v1::resources::validate_container_resource_name;
/// assert!(validate_container_resource_name("cpu", &Path::new("r")).is_empty());
/// assert_eq!(validate_container_resource_name("pods", &Path::new("r"))[0].detail,
///            "must be a standard resource for containers");
/// ```
pub fn validate_container_resource_name(name: &str, path: &Path<'_>) -> ErrorList {
    let mut errs = validate_resource_name(name, path);
    if !name.contains('/') {
        if !is_standard_container_resource_name(name) {
            errs.push(Error::invalid(
                path,
                name,
                "must be a standard resource for containers",
            ));
        }
    } else if !is_native_resource(name) && !is_extended_resource_name(name) {
        errs.push(Error::invalid(
            path,
            name,
            "doesn't follow extended resource name standard",
        ));
    }
    errs
}

/// `ValidateResourceQuantityValue`: not negative, and whole for integer resources.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::core::v1::resources::validate_resource_quantity_value;
/// let q = "-1".parse().unwrap();
/// assert_eq!(validate_resource_quantity_value("cpu", &q, &Path::new("r"))[0].detail,
///            "must be greater than or equal to 0");
/// ```
pub fn validate_resource_quantity_value(
    name: &str,
    value: &Quantity,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if value.is_negative() {
        errs.push(Error::invalid(
            path,
            value.to_string(),
            IS_NEGATIVE_ERROR_MSG,
        ));
    }
    if is_integer_resource_name(name) && !value.milli_value_is_whole() {
        errs.push(Error::invalid(
            path,
            value.to_string(),
            "must be an integer",
        ));
    }
    errs
}

/// `helper.IsHugePageResourceValueDivisible`.
fn is_huge_page_value_divisible(name: &str, value: &Quantity) -> bool {
    let Some(size) = name.strip_prefix(HUGE_PAGES_PREFIX) else {
        return false;
    };
    let Ok(page) = parse_quantity(size) else {
        return false;
    };
    if page.is_negative() || page.is_zero() || !page.milli_value_is_whole() {
        return false;
    }
    match page.value() {
        Some(p) if p > 0 => value.value_rem(p as u64) == 0,
        _ => false,
    }
}

/// `validateResourceQuantityHugePageValue`: a huge pages quantity must be a
/// whole number of pages unless `allow_indivisible` (Kubernetes'
/// `AllowIndivisibleHugePagesValues`) is set.
fn huge_page_value_errors(
    name: &str,
    value: &Quantity,
    allow_indivisible: bool,
    path: &Path<'_>,
) -> Option<Error> {
    if is_huge_page_resource_name(name)
        && !allow_indivisible
        && !is_huge_page_value_divisible(name, value)
    {
        return Some(Error::invalid(
            path,
            value.to_string(),
            format!("{value} is not positive integer multiple of {name}"),
        ));
    }
    None
}

/// Whether `list` holds a huge pages quantity that is not a whole number of
/// pages (`checkContainerUseIndivisibleHugePagesValues` for one list).
fn has_indivisible_huge_pages_value(list: &BTreeMap<String, QuantityText>) -> bool {
    list.iter().any(|(name, q)| {
        is_huge_page_resource_name(name)
            && q.value()
                .is_some_and(|value| !is_huge_page_value_divisible(name, value))
    })
}

/// `usesIndivisibleHugePagesValues` (`pkg/api/pod/util.go`): whether a
/// container, init container or ephemeral container of `spec` limits or
/// requests a huge pages quantity that is not a whole number of pages, or
/// the pod's `overhead` holds one. Pod-level `resources` are not looked at,
/// as in Kubernetes. A stored spec for which this holds sets
/// `AllowIndivisibleHugePagesValues` on update.
///
/// ```
/// use declarative::api::core::v1::PodSpec;
/// use handwritten::core::v1::resources::uses_indivisible_huge_pages_values;
/// let spec: PodSpec = serde_json::from_str(
///     r#"{"containers":[{"name":"a","resources":{"limits":{"hugepages-2Mi":"3Mi"}}}]}"#).unwrap();
/// assert!(uses_indivisible_huge_pages_values(&spec));
/// ```
pub fn uses_indivisible_huge_pages_values(spec: &PodSpec) -> bool {
    all_containers(spec).any(|c| {
        let r = c.view.resources;
        has_indivisible_huge_pages_value(&r.limits) || has_indivisible_huge_pages_value(&r.requests)
    }) || has_indivisible_huge_pages_value(&spec.overhead)
}

/// `ValidateContainerResourceRequirements` without its `claims` (checked
/// against the pod's claims by [`super::pod_resource_claim`]): names
/// and quantities of limits and requests, requests no greater than limits
/// (equal for resources that may not be overcommitted), huge pages sizes,
/// and huge pages only alongside cpu or memory. With
/// `allow_indivisible_huge_pages` (`AllowIndivisibleHugePagesValues`, set on
/// update when the stored spec already has such a value, see
/// [`uses_indivisible_huge_pages_values`]) a huge pages quantity need not be
/// a whole number of pages.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::ResourceRequirements;
/// use handwritten::core::v1::resources::validate_container_resource_requirements;
/// use std::collections::BTreeMap;
/// let r = ResourceRequirements {
///     limits: BTreeMap::from([("cpu".into(), "1".into())]),
///     requests: BTreeMap::from([("cpu".into(), "2".into())]),
///     claims: None,
/// };
/// let errs = validate_container_resource_requirements(&r, false, &Path::new("resources"));
/// assert_eq!(errs[0].to_string(),
///     r#"resources.requests: Invalid value: "2": must be less than or equal to cpu limit of 1"#);
/// ```
pub fn validate_container_resource_requirements(
    requirements: &ResourceRequirements,
    allow_indivisible_huge_pages: bool,
    path: &Path<'_>,
) -> ErrorList {
    validate_resource_requirements(
        requirements,
        validate_container_resource_name,
        allow_indivisible_huge_pages,
        path,
    )
}

/// `validateResourceRequirements` without its `claims`, with `name_check`
/// for every resource name (containers' or the pod level's) and
/// `allow_indivisible_huge_pages` for `AllowIndivisibleHugePagesValues`.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::ResourceRequirements;
/// use handwritten::core::v1::resources::{validate_resource_name, validate_resource_requirements};
/// let r: ResourceRequirements = serde_json::from_str(r#"{"requests":{"example.com/gpu":"1"}}"#).unwrap();
/// let errs = validate_resource_requirements(&r, validate_resource_name, false, &Path::new("r"));
/// assert_eq!(errs[0].to_string(), "r.limits: Required value: Limit must be set for non overcommitable resources");
/// ```
pub fn validate_resource_requirements(
    requirements: &ResourceRequirements,
    name_check: fn(&str, &Path<'_>) -> ErrorList,
    allow_indivisible_huge_pages: bool,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let lim_path = path.child("limits");
    let req_path = path.child("requests");
    let mut lim_cpu_or_memory = false;
    let mut req_cpu_or_memory = false;
    let mut lim_huge_pages = false;
    let mut req_huge_pages = false;
    for (name, text) in &requirements.limits {
        let entry = lim_path.key(name);
        errs.extend_from(name_check(name, &entry));
        if let Ok(value) = parse_quantity(text) {
            errs.extend_from(validate_resource_quantity_value(name, &value, &entry));
            if is_huge_page_resource_name(name) {
                lim_huge_pages = true;
                errs.extend(huge_page_value_errors(
                    name,
                    &value,
                    allow_indivisible_huge_pages,
                    &entry,
                ));
            }
        }
        if name == "cpu" || name == "memory" {
            lim_cpu_or_memory = true;
        }
    }
    for (name, text) in &requirements.requests {
        let entry = req_path.key(name);
        errs.extend_from(name_check(name, &entry));
        let value = parse_quantity(text).ok();
        if let Some(value) = &value {
            errs.extend_from(validate_resource_quantity_value(name, value, &entry));
        }
        match requirements.limits.get(name) {
            Some(limit_text) => {
                if let (Some(value), Ok(limit)) = (&value, parse_quantity(limit_text)) {
                    let order = value.cmp_value(&limit);
                    if order != Ordering::Equal && !is_overcommit_allowed(name) {
                        errs.push(Error::invalid(
                            &req_path,
                            value.to_string(),
                            format!("must be equal to {name} limit of {limit}"),
                        ));
                    } else if order == Ordering::Greater {
                        errs.push(Error::invalid(
                            &req_path,
                            value.to_string(),
                            format!("must be less than or equal to {name} limit of {limit}"),
                        ));
                    }
                }
            }
            None if !is_overcommit_allowed(name) => errs.push(Error::required(
                &lim_path,
                "Limit must be set for non overcommitable resources",
            )),
            None => {}
        }
        if is_huge_page_resource_name(name) {
            req_huge_pages = true;
            if let Some(value) = &value {
                errs.extend(huge_page_value_errors(
                    name,
                    value,
                    allow_indivisible_huge_pages,
                    &entry,
                ));
            }
        }
        if name == "cpu" || name == "memory" {
            req_cpu_or_memory = true;
        }
    }
    if !lim_cpu_or_memory && !req_cpu_or_memory && (req_huge_pages || lim_huge_pages) {
        errs.push(Error::forbidden(path, "HugePages require cpu or memory"));
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorType;

    fn reqs(limits: &[(&str, &str)], requests: &[(&str, &str)]) -> ResourceRequirements {
        let map = |pairs: &[(&str, &str)]| {
            pairs
                .iter()
                .map(|(k, v)| (k.to_string(), QuantityText::new(*v)))
                .collect::<BTreeMap<_, _>>()
        };
        ResourceRequirements {
            limits: map(limits),
            requests: map(requests),
            claims: None,
        }
    }

    fn check(r: &ResourceRequirements) -> Vec<(ErrorType, String)> {
        validate_container_resource_requirements(r, false, &Path::new("r"))
            .iter()
            .map(|e| (e.error_type, e.field.clone()))
            .collect()
    }

    #[test]
    fn valid_requirements() {
        assert!(
            check(&reqs(
                &[("cpu", "1"), ("memory", "1Gi")],
                &[("cpu", "500m")]
            ))
            .is_empty()
        );
        assert!(
            check(&reqs(
                &[("example.com/gpu", "1")],
                &[("example.com/gpu", "1")]
            ))
            .is_empty()
        );
        assert!(check(&reqs(&[("memory", "1Gi"), ("hugepages-2Mi", "4Mi")], &[])).is_empty());
    }

    #[test]
    fn bad_names_and_values() {
        assert_eq!(
            check(&reqs(&[("pods", "1")], &[])),
            [(ErrorType::Invalid, "r.limits[pods]".to_string())]
        );
        assert_eq!(
            check(&reqs(&[("cpu", "-1")], &[])),
            [(ErrorType::Invalid, "r.limits[cpu]".to_string())]
        );
        assert_eq!(
            check(&reqs(&[("example.com/gpu", "500m")], &[])),
            [(ErrorType::Invalid, "r.limits[example.com/gpu]".to_string())]
        );
    }

    #[test]
    fn standard_resource_names_include_object_counts() {
        // `helper.IsStandardResourceName` lists `configmaps` with the other
        // object counts: not a container resource, but standard.
        let names = |r: &str| {
            validate_container_resource_name(r, &Path::new("r"))
                .iter()
                .map(|e| e.detail.to_string())
                .collect::<Vec<_>>()
        };
        for name in ["configmaps", "resourcequotas", "services.nodeports"] {
            assert!(
                validate_resource_name(name, &Path::new("r")).is_empty(),
                "{name}"
            );
            assert_eq!(
                names(name),
                ["must be a standard resource for containers"],
                "{name}"
            );
        }
        assert_eq!(
            names("limits.storage"),
            [
                "must be a standard resource type or fully qualified",
                "must be a standard resource for containers"
            ]
        );
    }

    #[test]
    fn non_overcommitable_resources() {
        assert_eq!(
            check(&reqs(&[], &[("example.com/gpu", "1")])),
            [(ErrorType::Required, "r.limits".to_string())]
        );
        assert_eq!(
            check(&reqs(
                &[("example.com/gpu", "2")],
                &[("example.com/gpu", "1")]
            )),
            [(ErrorType::Invalid, "r.requests".to_string())]
        );
    }

    #[test]
    fn huge_pages_rules() {
        assert_eq!(
            check(&reqs(&[("hugepages-2Mi", "4Mi")], &[])),
            [(ErrorType::Forbidden, "r".to_string())]
        );
        assert_eq!(
            check(&reqs(&[("cpu", "1"), ("hugepages-2Mi", "3Mi")], &[])),
            [(ErrorType::Invalid, "r.limits[hugepages-2Mi]".to_string())]
        );
    }

    #[test]
    fn indivisible_huge_pages_allowed_by_the_option() {
        let r = reqs(
            &[("cpu", "1"), ("hugepages-2Mi", "3Mi")],
            &[("hugepages-2Mi", "3Mi")],
        );
        assert_eq!(
            validate_container_resource_requirements(&r, false, &Path::new("r")).len(),
            2
        );
        assert!(validate_container_resource_requirements(&r, true, &Path::new("r")).is_empty());
        // The option does not lift the "cpu or memory" rule.
        let alone = reqs(&[("hugepages-2Mi", "3Mi")], &[]);
        let errs = validate_container_resource_requirements(&alone, true, &Path::new("r"));
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].error_type, ErrorType::Forbidden);
    }

    #[test]
    fn indivisible_huge_pages_in_use() {
        let spec = |json: &str| -> PodSpec { serde_json::from_str(json).unwrap() };
        assert!(!uses_indivisible_huge_pages_values(&spec("{}")));
        assert!(!uses_indivisible_huge_pages_values(&spec(
            r#"{"containers":[{"name":"a","resources":{"limits":{"hugepages-2Mi":"4Mi"}}}]}"#
        )));
        assert!(uses_indivisible_huge_pages_values(&spec(
            r#"{"initContainers":[{"name":"a","resources":{"requests":{"hugepages-2Mi":"3Mi"}}}]}"#
        )));
        assert!(uses_indivisible_huge_pages_values(&spec(
            r#"{"ephemeralContainers":[{"name":"a","resources":{"limits":{"hugepages-1Gi":"1.5Gi"}}}]}"#
        )));
        assert!(uses_indivisible_huge_pages_values(&spec(
            r#"{"overhead":{"hugepages-2Mi":"1Mi"}}"#
        )));
        // Pod-level resources are not looked at, as in Kubernetes.
        assert!(!uses_indivisible_huge_pages_values(&spec(
            r#"{"resources":{"limits":{"hugepages-2Mi":"3Mi"}}}"#
        )));
        // Not a huge pages resource.
        assert!(!uses_indivisible_huge_pages_values(&spec(
            r#"{"containers":[{"name":"a","resources":{"limits":{"memory":"3Mi"}}}]}"#
        )));
    }
}
