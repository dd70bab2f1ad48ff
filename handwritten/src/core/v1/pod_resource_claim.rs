//! Pod resource claims (Kubernetes' `pkg/apis/core/validation/validation.go`,
//! read at 000f2605): `validatePodResourceClaims` for `spec.resourceClaims`,
//! `gatherPodResourceClaimNames`, and `validateResourceClaimNames` for the
//! `resources.claims` of containers (and of the pod level) that refer to
//! them.
//!
//! Kubernetes checks a container's `resources.claims` inside
//! `validateContainerCommon`; [`validate_container_resource_claims`] walks
//! the regular, init and ephemeral containers with the same paths, which
//! gives the same errors. The pod-template path has no pod metadata, so the
//! "final ResourceClaim name" check of older versions does not arise (000f2605
//! has none either).

use super::visit_containers::ContainerList;
use super::volume::validate_dns1123_label;
use apimachinery::content::name_is_dns_subdomain;
use apimachinery::field::{BadValue, Error, ErrorList, Path};
use declarative::api::core::v1::{PodResourceClaim, PodSpec, ResourceClaim};
use std::collections::BTreeSet;

/// `gatherPodResourceClaimNames`: the non-empty names of `spec.resourceClaims`.
///
/// ```
/// use declarative::api::core::v1::PodResourceClaim;
/// use handwritten::core::v1::pod_resource_claim::gather_pod_resource_claim_names;
/// let c = |n: &str| PodResourceClaim { name: n.into(), ..Default::default() };
/// let names = gather_pod_resource_claim_names(&[c("a"), c(""), c("b")]);
/// assert_eq!(names.into_iter().collect::<Vec<_>>(), ["a", "b"]);
/// ```
pub fn gather_pod_resource_claim_names(claims: &[PodResourceClaim]) -> BTreeSet<String> {
    claims
        .iter()
        .filter(|c| !c.name.is_empty())
        .map(|c| c.name.clone())
        .collect()
}

fn claim_value(claim: &PodResourceClaim) -> BadValue {
    serde_json::to_value(claim).map_or(BadValue::Omitted, BadValue::Value)
}

/// `validatePodResourceClaims`: each claim has a unique DNS-label name and
/// exactly one of `resourceClaimName` / `resourceClaimTemplateName`, a valid
/// object name.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::PodResourceClaim;
/// use handwritten::core::v1::pod_resource_claim::validate_pod_resource_claims;
/// let c = PodResourceClaim { name: "gpu".into(), ..Default::default() };
/// let errs = validate_pod_resource_claims(&[c], &Path::new("resourceClaims"));
/// assert_eq!(errs[0].detail, "must specify one of: `resourceClaimName`, `resourceClaimTemplateName`");
/// ```
pub fn validate_pod_resource_claims(claims: &[PodResourceClaim], path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut seen = BTreeSet::new();
    for (i, claim) in claims.iter().enumerate() {
        let at = path.index(i);
        let name = at.child("name");
        if claim.name.is_empty() {
            errs.push(Error::required(&name, ""));
        } else if seen.contains(claim.name.as_str()) {
            errs.push(Error::duplicate(&name, claim.name.as_str()));
        } else {
            errs.extend_from(validate_dns1123_label(&claim.name, &name));
            seen.insert(claim.name.as_str());
        }
        match (&claim.resource_claim_name, &claim.resource_claim_template_name) {
            (Some(_), Some(_)) => errs.push(Error::invalid(
                &at,
                claim_value(claim),
                "at most one of `resourceClaimName` or `resourceClaimTemplateName` may be specified",
            )),
            (None, None) => errs.push(Error::invalid(
                &at,
                claim_value(claim),
                "must specify one of: `resourceClaimName`, `resourceClaimTemplateName`",
            )),
            _ => {}
        }
        if let Some(target) = &claim.resource_claim_name {
            let p = at.child("resourceClaimName");
            for msg in name_is_dns_subdomain(target, false) {
                errs.push(Error::invalid(&p, target.as_str(), msg));
            }
        }
        if let Some(target) = &claim.resource_claim_template_name {
            let p = at.child("resourceClaimTemplateName");
            for msg in name_is_dns_subdomain(target, false) {
                errs.push(Error::invalid(&p, target.as_str(), msg));
            }
        }
    }
    errs
}

/// `validateResourceClaimNames`: every entry names one of the pod's claims
/// (`NotFound` listing them), at most once (a whole claim, or each of its
/// requests, a DNS label, once).
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::ResourceClaim;
/// use handwritten::core::v1::pod_resource_claim::validate_resource_claim_names;
/// use std::collections::BTreeSet;
/// let r = ResourceClaim { name: "gpu".into(), request: String::new() };
/// let errs = validate_resource_claim_names(&[r], &BTreeSet::new(), &Path::new("claims"));
/// assert_eq!(errs[0].to_string(),
///     r#"claims[0]: Not found: "gpu": must be one of the names in pod.spec.resourceClaims which is empty"#);
/// ```
pub fn validate_resource_claim_names(
    claims: &[ResourceClaim],
    pod_claim_names: &BTreeSet<String>,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut keys: BTreeSet<String> = BTreeSet::new();
    for (i, claim) in claims.iter().enumerate() {
        let at = path.index(i);
        let name = claim.name.as_str();
        if name.is_empty() {
            errs.push(Error::required(&at, ""));
            continue;
        }
        if keys.contains(name) {
            // The whole claim is already referenced.
            errs.push(Error::duplicate(&at, name));
        } else {
            let mut key = name.to_string();
            if !claim.request.is_empty() {
                errs.extend_from(validate_dns1123_label(&claim.request, &at.child("request")));
                key = format!("{name}/{}", claim.request);
            }
            if keys.contains(&key) {
                errs.push(Error::duplicate(&at, key.as_str()));
            } else if claim.request.is_empty() {
                // The whole claim after some of its requests: one error
                // per request referenced before.
                for earlier in &keys {
                    if earlier.split_once('/').is_some_and(|(n, _)| n == name) {
                        errs.push(Error::duplicate(&at, name));
                    }
                }
            }
            keys.insert(key);
        }
        if !pod_claim_names.contains(name) {
            let mut e = Error::not_found(&at, name);
            e.detail = if pod_claim_names.is_empty() {
                "must be one of the names in pod.spec.resourceClaims which is empty".into()
            } else {
                let list: Vec<&str> = pod_claim_names.iter().map(String::as_str).collect();
                format!(
                    "must be one of the names in pod.spec.resourceClaims: {}",
                    list.join(", ")
                )
                .into()
            };
            errs.push(e);
        }
    }
    errs
}

/// The `resources.claims` of every regular, init and ephemeral container,
/// checked against the pod's claim names (`validateContainerCommon`'s part).
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::PodSpec;
/// use handwritten::core::v1::pod_resource_claim::{gather_pod_resource_claim_names, validate_container_resource_claims};
/// let spec: PodSpec = serde_json::from_str(r#"{"initContainers":[{"name":"i","resources":{"claims":[{"name":"x"}]}}]}"#).unwrap();
/// let names = gather_pod_resource_claim_names(&spec.resource_claims);
/// let errs = validate_container_resource_claims(&spec, &names, &Path::new("spec"));
/// assert_eq!(errs[0].field, "spec.initContainers[0].resources.claims[0]");
/// ```
pub fn validate_container_resource_claims(
    spec: &PodSpec,
    pod_claim_names: &BTreeSet<String>,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    for list in ContainerList::VALIDATION_ORDER {
        let list_path = path.child(list.field());
        for c in list.containers(spec) {
            let claims = c.view.resources.claims();
            if claims.is_empty() {
                continue;
            }
            let at = list_path.index(c.index);
            let resources_path = at.child("resources");
            errs.extend_from(validate_resource_claim_names(
                claims,
                pod_claim_names,
                &resources_path.child("claims"),
            ));
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorType;

    fn rc(name: &str, request: &str) -> ResourceClaim {
        ResourceClaim {
            name: name.into(),
            request: request.into(),
        }
    }

    fn names(list: &[&str]) -> BTreeSet<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    fn kinds(errs: &ErrorList) -> Vec<(ErrorType, String)> {
        errs.iter()
            .map(|e| (e.error_type, e.field.clone()))
            .collect()
    }

    #[test]
    fn pod_claims_need_one_source_and_unique_names() {
        let list: Vec<PodResourceClaim> = serde_json::from_str(
            r#"[{"name":"a","resourceClaimName":"x"},{"name":"a","resourceClaimName":"y","resourceClaimTemplateName":"z"},{"name":"","resourceClaimTemplateName":"Bad_Name"}]"#,
        )
        .unwrap();
        let got = kinds(&validate_pod_resource_claims(&list, &Path::new("c")));
        assert_eq!(
            got,
            [
                (ErrorType::Duplicate, "c[1].name".to_string()),
                (ErrorType::Invalid, "c[1]".to_string()),
                (ErrorType::Required, "c[2].name".to_string()),
                (
                    ErrorType::Invalid,
                    "c[2].resourceClaimTemplateName".to_string()
                ),
            ]
        );
    }

    #[test]
    fn references_are_unique_per_claim_and_request() {
        let pod = names(&["a", "b"]);
        let p = Path::new("r");
        assert!(validate_resource_claim_names(&[rc("a", "x"), rc("a", "y")], &pod, &p).is_empty());
        let dup = validate_resource_claim_names(&[rc("a", "x"), rc("a", "x")], &pod, &p);
        assert_eq!(kinds(&dup), [(ErrorType::Duplicate, "r[1]".to_string())]);
        assert_eq!(dup[0].bad_value, BadValue::from("a/x"));
        let whole_after = validate_resource_claim_names(&[rc("a", "x"), rc("a", "")], &pod, &p);
        assert_eq!(
            kinds(&whole_after),
            [(ErrorType::Duplicate, "r[1]".to_string())]
        );
        let request_after = validate_resource_claim_names(&[rc("a", ""), rc("a", "x")], &pod, &p);
        assert_eq!(
            kinds(&request_after),
            [(ErrorType::Duplicate, "r[1]".to_string())]
        );
        let bad = validate_resource_claim_names(&[rc("", ""), rc("c", "X")], &pod, &p);
        assert_eq!(
            kinds(&bad),
            [
                (ErrorType::Required, "r[0]".to_string()),
                (ErrorType::Invalid, "r[1].request".to_string()),
                (ErrorType::NotFound, "r[1]".to_string()),
            ]
        );
        assert_eq!(
            bad[2].detail,
            "must be one of the names in pod.spec.resourceClaims: a, b"
        );
    }
}
