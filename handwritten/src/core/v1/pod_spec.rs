//! Pod template and pod spec validation: a port of `ValidatePodTemplateSpec`,
//! `ValidatePodSpecificAnnotations`, `ValidatePodSpec` and
//! `ValidateTolerations` for the modelled fields (Kubernetes'
//! `pkg/apis/core/validation/validation.go`, read at 000f2605).
//!
//! Ported with their own modules: host aliases ([`super::host_alias`]),
//! readiness and scheduling gates ([`super::pod_readiness_gate`],
//! [`super::pod_scheduling_gate`]), the OS name ([`super::pod_os`]), topology
//! spread ([`super::topology_spread_constraint`]) and the `dnsConfig` search
//! format ([`super::dns_search`]); here: nameserver IPs,
//! `runtimeClassName`, `preemptionPolicy` and `overhead`; affinity in
//! [`super::affinity`]; the pod security context, host-network ports and
//! `hostUsers` in [`super::pod_security_context`], HostProcess pods in
//! [`super::windows_options`], the fields `spec.os` forbids in
//! [`super::os_fields`]. `imagePullSecrets`
//! is modelled but has no reachable check: Kubernetes rejects an entry with
//! fields besides `name`, and v1's `LocalObjectReference` has no others.
//!
//! Resource claims ([`super::pod_resource_claim`]: `spec.resourceClaims` and
//! the containers' `resources.claims`) and pod-level resources
//! ([`super::pod_resources`], when `PodLevelResources` is on) have their own
//! modules too. `setHostnameAsFQDN` and `hostnameOverride` are modelled but
//! not checked: 000f2605's `ValidatePodSpec` reads neither.
//!
//! The update-time tolerances `AllowInvalidTopologySpreadConstraintLabelSelector`,
//! `AllowInvalidLabelValueInSelector` and
//! `AllowInvalidLabelValueInRequiredNodeAffinity` come in through
//! [`PodValidationOptions`] (derived from the stored template by the RC
//! strategy's `pod_validation_options`).

use super::affinity::{AffinityOptions, validate_affinity};
use super::container::{
    PodValidationOptions, validate_containers, validate_ephemeral_containers,
    validate_init_containers,
};
use super::dns_search::validate_dns_searches;
use super::host_alias::validate_host_aliases;
use super::os_fields::{validate_linux, validate_windows};
use super::pod_os::validate_os;
use super::pod_readiness_gate::validate_readiness_gates;
use super::pod_resource_claim::{
    gather_pod_resource_claim_names, validate_container_resource_claims,
    validate_pod_resource_claims,
};
use super::pod_resources::validate_pod_resources;
use super::pod_scheduling_gate::validate_scheduling_gates;
use super::pod_security_context::{
    validate_host_users, validate_pod_host_network_deps, validate_pod_spec_security_context,
};
use super::resources::validate_container_resource_requirements;
use super::security_profiles::{
    validate_app_armor_annotations_and_fields, validate_seccomp_annotations_and_fields,
};
use super::topology_spread_constraint::validate_topology_spread_constraints;
use super::visit_containers::all_containers;
use super::volume::{validate_dns1123_label, validate_local_descending_path, validate_volumes};
use super::windows_options::validate_windows_host_process_pod;
use crate::meta::v1::labels::{validate_label_name, validate_labels};
use crate::meta::v1::object_meta::validate_annotations;
use crate::networking::ip::is_valid_ip_for_legacy_field;
use apimachinery::content::{inclusive_range_error, is_label_value, name_is_dns_subdomain};
use apimachinery::field::{BadValue, Error, ErrorList, Path};
use declarative::api::core::v1::{
    PodDNSConfig, PodSpec, PodTemplateSpec, ResourceRequirements, Toleration,
};
use std::collections::BTreeMap;

/// `core.MirrorPodAnnotationKey`.
pub const MIRROR_POD_ANNOTATION_KEY: &str = "kubernetes.io/config.mirror";
/// `core.TolerationsAnnotationKey`.
pub const TOLERATIONS_ANNOTATION_KEY: &str = "scheduler.alpha.kubernetes.io/tolerations";
/// `core.PodDeletionCost`.
pub const POD_DELETION_COST: &str = "controller.kubernetes.io/pod-deletion-cost";
/// `core.SeccompPodAnnotationKey`.
pub const SECCOMP_POD_ANNOTATION_KEY: &str = "seccomp.security.alpha.kubernetes.io/pod";
/// `core.SeccompContainerAnnotationKeyPrefix`.
pub const SECCOMP_CONTAINER_ANNOTATION_KEY_PREFIX: &str =
    "container.seccomp.security.alpha.kubernetes.io/";
/// `v1.DeprecatedAppArmorBetaContainerAnnotationKeyPrefix`.
pub const APPARMOR_CONTAINER_ANNOTATION_KEY_PREFIX: &str =
    "container.apparmor.security.beta.kubernetes.io/";

/// `ValidatePodTemplateSpec`: labels (reported at `<path>.labels`),
/// annotations, pod-specific annotations, the pod spec, seccomp and AppArmor
/// annotations agreeing with their fields, and no ephemeral containers.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::PodTemplateSpec;
/// use handwritten::core::v1::pod_spec::validate_pod_template_spec;
/// let t: PodTemplateSpec = serde_json::from_str(r#"{"spec":{"containers":[]}}"#).unwrap();
/// let errs = validate_pod_template_spec(&t, &Path::new("template"), Default::default());
/// assert!(errs.iter().any(|e| e.field == "template.spec.containers"));
/// ```
pub fn validate_pod_template_spec(
    template: &PodTemplateSpec,
    path: &Path<'_>,
    opts: PodValidationOptions,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let meta = &template.metadata;
    errs.extend_from(validate_labels(&meta.labels, &path.child("labels")));
    let annotations = path.child("annotations");
    errs.extend_from(validate_annotations(&meta.annotations, &annotations));
    errs.extend_from(validate_pod_specific_annotations(
        &meta.annotations,
        &template.spec,
        &annotations,
        opts,
    ));
    let spec = path.child("spec");
    errs.extend_from(validate_pod_spec(&template.spec, &spec, opts));
    errs.extend_from(validate_seccomp_annotations_and_fields(
        &meta.annotations,
        &template.spec,
        &spec,
    ));
    errs.extend_from(validate_app_armor_annotations_and_fields(
        &meta.annotations,
        &template.spec,
        &spec,
    ));
    if !template.spec.ephemeral_containers.is_empty() {
        errs.push(Error::forbidden(
            &spec.child("ephemeralContainers"),
            "ephemeral containers not allowed in pod template",
        ));
    }
    errs
}

/// Go's `helper.GetDeletionCostFromPodAnnotations` succeeds: absent, or a
/// 32-bit integer without `+` or leading zeros.
///
/// ```
/// use handwritten::core::v1::pod_spec::is_valid_pod_deletion_cost;
/// assert!(is_valid_pod_deletion_cost("-5"));
/// assert!(!is_valid_pod_deletion_cost("007"));
/// assert!(!is_valid_pod_deletion_cost("4294967296"));
/// ```
pub fn is_valid_pod_deletion_cost(value: &str) -> bool {
    let first_ok = match value.as_bytes().first() {
        None => false,
        Some(b'-') => true,
        Some(b'0') => value == "0",
        Some(c) => c.is_ascii_digit(),
    };
    first_ok && value.parse::<i32>().is_ok()
}

/// `ValidatePodSpecificAnnotations`: the mirror-pod, tolerations,
/// deletion-cost, seccomp and AppArmor annotations.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::PodSpec;
/// use handwritten::core::v1::pod_spec::validate_pod_specific_annotations;
/// use std::collections::BTreeMap;
/// let a = BTreeMap::from([("controller.kubernetes.io/pod-deletion-cost".to_string(), "x".to_string())]);
/// let errs = validate_pod_specific_annotations(&a, &PodSpec::default(), &Path::new("annotations"), Default::default());
/// assert_eq!(errs[0].field, "annotations[controller.kubernetes.io/pod-deletion-cost]");
/// ```
pub fn validate_pod_specific_annotations(
    annotations: &BTreeMap<String, String>,
    spec: &PodSpec,
    path: &Path<'_>,
    opts: PodValidationOptions,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(value) = annotations.get(MIRROR_POD_ANNOTATION_KEY)
        && spec.node_name.is_empty()
    {
        errs.push(Error::invalid(
            &path.key(MIRROR_POD_ANNOTATION_KEY),
            value.as_str(),
            "must set spec.nodeName if mirror pod annotation is set",
        ));
    }
    if let Some(text) = annotations.get(TOLERATIONS_ANNOTATION_KEY)
        && !text.is_empty()
    {
        match serde_json::from_str::<Vec<Toleration>>(text) {
            Err(e) => errs.push(Error::invalid(
                path,
                TOLERATIONS_ANNOTATION_KEY,
                e.to_string(),
            )),
            Ok(tolerations) if !tolerations.is_empty() => {
                // The declarative rule on `Toleration.key` covers the key in
                // `spec.tolerations` only: the annotation is JSON text that
                // generated validation never parses, so none of its errors
                // is covered.
                let mut found =
                    validate_tolerations(&tolerations, &path.child(TOLERATIONS_ANNOTATION_KEY));
                for e in found.iter_mut() {
                    e.covered_by_declarative = false;
                }
                errs.extend_from(found);
            }
            Ok(_) => {}
        }
    }
    if !opts.allow_invalid_pod_deletion_cost
        && let Some(value) = annotations.get(POD_DELETION_COST)
        && !is_valid_pod_deletion_cost(value)
    {
        errs.push(Error::invalid(
            &path.key(POD_DELETION_COST),
            value.as_str(),
            "must be a 32bit integer",
        ));
    }
    if let Some(profile) = annotations.get(SECCOMP_POD_ANNOTATION_KEY) {
        errs.extend_from(validate_seccomp_profile(
            profile,
            &path.child(SECCOMP_POD_ANNOTATION_KEY),
        ));
    }
    for (key, profile) in annotations {
        if key.starts_with(SECCOMP_CONTAINER_ANNOTATION_KEY_PREFIX) {
            errs.extend_from(validate_seccomp_profile(profile, &path.child(key)));
        }
    }
    for (key, profile) in annotations {
        let Some(container) = key.strip_prefix(APPARMOR_CONTAINER_ANNOTATION_KEY_PREFIX) else {
            continue;
        };
        let key_path = path.key(key);
        if !pod_spec_has_container(spec, container) {
            errs.push(Error::invalid(&key_path, container, "container not found"));
        }
        if !is_valid_apparmor_profile_format(profile) {
            errs.push(Error::invalid(
                &key_path,
                profile.as_str(),
                format!(
                    "invalid AppArmor profile name: {}",
                    apimachinery::field::go_quote(profile)
                ),
            ));
        }
    }
    errs
}

fn pod_spec_has_container(spec: &PodSpec, name: &str) -> bool {
    all_containers(spec).any(|c| c.view.name == name)
}

fn is_valid_apparmor_profile_format(profile: &str) -> bool {
    profile.is_empty()
        || profile == "runtime/default"
        || profile == "unconfined"
        || profile.starts_with("localhost/")
}

/// `ValidateSeccompProfile` of the deprecated annotations.
fn validate_seccomp_profile(profile: &str, path: &Path<'_>) -> ErrorList {
    match profile {
        "runtime/default" | "docker/default" | "unconfined" => ErrorList::new(),
        _ => match profile.strip_prefix("localhost/") {
            Some(rest) => validate_local_descending_path(rest, path),
            None => ErrorList::from(Error::invalid(
                path,
                profile,
                "must be a valid seccomp profile",
            )),
        },
    }
}

const RESTART_POLICIES: &[&str] = &["Always", "OnFailure", "Never"];
const DNS_POLICIES: &[&str] = &["ClusterFirstWithHostNet", "ClusterFirst", "Default", "None"];

/// `ValidatePodSpec` for the modelled fields.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::PodSpec;
/// use handwritten::core::v1::pod_spec::validate_pod_spec;
/// let errs = validate_pod_spec(&PodSpec::default(), &Path::new("spec"), Default::default());
/// let fields: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
/// assert_eq!(fields, ["spec.terminationGracePeriodSeconds", "spec.containers", "spec.restartPolicy", "spec.dnsPolicy"]);
/// ```
pub fn validate_pod_spec(spec: &PodSpec, path: &Path<'_>, opts: PodValidationOptions) -> ErrorList {
    let mut errs = ErrorList::new();
    let opts = PodValidationOptions {
        host_users: spec.host_users != Some(false),
        ..opts
    };
    if spec.termination_grace_period_seconds.is_none() {
        errs.push(Error::required(
            &path.child("terminationGracePeriodSeconds"),
            "",
        ));
    }
    let (volumes, volume_errs) = validate_volumes(&spec.volumes, &path.child("volumes"), opts);
    errs.extend_from(volume_errs);
    let pod_claim_names = gather_pod_resource_claim_names(&spec.resource_claims);
    errs.extend_from(validate_pod_resource_claims(
        &spec.resource_claims,
        &path.child("resourceClaims"),
    ));
    errs.extend_from(validate_container_resource_claims(
        spec,
        &pod_claim_names,
        path,
    ));
    if opts.pod_level_resources_enabled {
        errs.extend_from(validate_pod_resources(
            spec,
            &pod_claim_names,
            opts.allow_indivisible_huge_pages_values,
            &path.child("resources"),
        ));
    }
    errs.extend_from(validate_containers(
        &spec.containers,
        &volumes,
        spec.termination_grace_period_seconds,
        &spec.restart_policy,
        &path.child("containers"),
        opts,
    ));
    errs.extend_from(validate_init_containers(
        &spec.init_containers,
        &spec.containers,
        &volumes,
        spec.termination_grace_period_seconds,
        &spec.restart_policy,
        &path.child("initContainers"),
        opts,
    ));
    errs.extend_from(validate_ephemeral_containers(
        &spec.ephemeral_containers,
        &spec.containers,
        &spec.init_containers,
        &volumes,
        &spec.restart_policy,
        &path.child("ephemeralContainers"),
        opts,
    ));
    errs.extend_from(validate_pod_host_network_deps(spec, path));
    let restart = path.child("restartPolicy");
    match spec.restart_policy.as_str() {
        "Always" | "OnFailure" | "Never" => {}
        "" => errs.push(Error::required(&restart, "")),
        other => errs.push(Error::not_supported(&restart, other, RESTART_POLICIES)),
    }
    let dns = path.child("dnsPolicy");
    match spec.dns_policy.as_str() {
        "ClusterFirstWithHostNet" | "ClusterFirst" | "Default" | "None" => {}
        "" => errs.push(Error::required(&dns, "")),
        other => errs.push(Error::not_supported(&dns, other, DNS_POLICIES)),
    }
    errs.extend_from(validate_labels(
        &spec.node_selector,
        &path.child("nodeSelector"),
    ));
    errs.extend_from(validate_pod_spec_security_context(spec, path, opts));
    if let Some(affinity) = &spec.affinity {
        let affinity_opts = AffinityOptions {
            allow_invalid_label_value_in_required_node_affinity: opts
                .allow_invalid_label_value_in_required_node_affinity,
            allow_invalid_label_value_in_selector: opts.allow_invalid_label_value_in_selector,
        };
        errs.extend_from(validate_affinity(
            affinity,
            affinity_opts,
            &path.child("affinity"),
        ));
    }
    errs.extend_from(validate_pod_dns_config(
        spec.dns_config.as_ref(),
        &spec.dns_policy,
        &path.child("dnsConfig"),
        opts,
    ));
    errs.extend_from(validate_readiness_gates(
        &spec.readiness_gates,
        &path.child("readinessGates"),
    ));
    errs.extend_from(validate_scheduling_gates(
        &spec.scheduling_gates,
        &path.child("schedulingGates"),
    ));
    errs.extend_from(validate_topology_spread_constraints(
        &spec.topology_spread_constraints,
        &path.child("topologySpreadConstraints"),
        opts.allow_invalid_topology_spread_constraint_label_selector,
    ));
    errs.extend_from(validate_windows_host_process_pod(spec, path));
    errs.extend_from(validate_host_users(spec, path));
    let subdomain_checks = [
        ("serviceAccountName", &spec.service_account_name),
        ("nodeName", &spec.node_name),
    ];
    for (field, value) in subdomain_checks {
        if !value.is_empty() {
            for msg in name_is_dns_subdomain(value, false) {
                errs.push(Error::invalid(&path.child(field), value.as_str(), msg));
            }
        }
    }
    if let Some(value) = spec.active_deadline_seconds
        && !(1..=i64::from(i32::MAX)).contains(&value)
    {
        errs.push(Error::invalid(
            &path.child("activeDeadlineSeconds"),
            value,
            inclusive_range_error(1, i64::from(i32::MAX)),
        ));
    }
    if !spec.hostname.is_empty() {
        errs.extend_from(validate_dns1123_label(
            &spec.hostname,
            &path.child("hostname"),
        ));
    }
    if !spec.subdomain.is_empty() {
        errs.extend_from(validate_dns1123_label(
            &spec.subdomain,
            &path.child("subdomain"),
        ));
    }
    if !spec.tolerations.is_empty() {
        errs.extend_from(validate_tolerations(
            &spec.tolerations,
            &path.child("tolerations"),
        ));
    }
    if !spec.host_aliases.is_empty() {
        errs.extend_from(validate_host_aliases(
            &spec.host_aliases,
            &path.child("hostAliases"),
        ));
    }
    if !spec.priority_class_name.is_empty() {
        for msg in name_is_dns_subdomain(&spec.priority_class_name, false) {
            errs.push(Error::invalid(
                &path.child("priorityClassName"),
                spec.priority_class_name.as_str(),
                msg,
            ));
        }
    }
    if let Some(name) = &spec.runtime_class_name {
        for msg in name_is_dns_subdomain(name, false) {
            errs.push(Error::invalid(
                &path.child("runtimeClassName"),
                name.as_str(),
                msg,
            ));
        }
    }
    if let Some(policy) = &spec.preemption_policy {
        errs.extend(validate_preemption_policy(
            policy,
            &path.child("preemptionPolicy"),
        ));
    }
    if !spec.overhead.is_empty() {
        // Kubernetes checks the overhead as the limits of container
        // requirements, so its errors sit under `overhead.limits[...]`.
        let as_limits = ResourceRequirements {
            limits: spec.overhead.clone(),
            ..Default::default()
        };
        errs.extend_from(validate_container_resource_requirements(
            &as_limits,
            opts.allow_indivisible_huge_pages_values,
            &path.child("overhead"),
        ));
    }
    if let Some(os) = &spec.os {
        let os_errs = validate_os(os, &path.child("os"));
        if !os_errs.is_empty() {
            errs.extend_from(os_errs);
        } else if os.name == "linux" {
            errs.extend_from(validate_linux(spec, path));
        } else if os.name == "windows" {
            errs.extend_from(validate_windows(spec, path));
        }
    }
    errs
}

const PREEMPTION_POLICIES: &[&str] = &["PreemptLowerPriority", "Never"];

/// `ValidatePreemptionPolicy`: `PreemptLowerPriority` or `Never`.
fn validate_preemption_policy(policy: &str, path: &Path<'_>) -> Option<Error> {
    match policy {
        "PreemptLowerPriority" | "Never" => None,
        "" => Some(Error::required(path, "")),
        other => Some(Error::not_supported(path, other, PREEMPTION_POLICIES)),
    }
}

/// `validatePodDNSConfig`.
fn validate_pod_dns_config(
    config: Option<&PodDNSConfig>,
    policy: &str,
    path: &Path<'_>,
    opts: PodValidationOptions,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if policy == "None" {
        let Some(config) = config else {
            errs.push(Error::required(
                path,
                "must provide `dnsConfig` when `dnsPolicy` is None",
            ));
            return errs;
        };
        if config.nameservers.is_empty() {
            errs.push(Error::required(
                &path.child("nameservers"),
                "must provide at least one DNS nameserver when `dnsPolicy` is None",
            ));
            return errs;
        }
    }
    let Some(config) = config else {
        return errs;
    };
    if config.nameservers.len() > 3 {
        errs.push(Error::invalid(
            &path.child("nameservers"),
            BadValue::of(&config.nameservers),
            "must not have more than 3 nameservers",
        ));
    }
    let nameservers = path.child("nameservers");
    for (i, nameserver) in config.nameservers.iter().enumerate() {
        // The sloppy `IsValidIP` of this version: see `super::host_alias`.
        errs.extend_from(is_valid_ip_for_legacy_field(
            &nameservers.index(i),
            nameserver,
            false,
            &[],
        ));
    }
    let searches = path.child("searches");
    if config.searches.len() > 32 {
        errs.push(Error::invalid(
            &searches,
            BadValue::of(&config.searches),
            "must not have more than 32 search paths",
        ));
    }
    if config.searches.join(" ").len() > 2048 {
        errs.push(Error::invalid(
            &searches,
            BadValue::of(&config.searches),
            "must not have more than 2048 characters (including spaces) in the search list",
        ));
    }
    errs.extend_from(validate_dns_searches(
        &config.searches,
        opts.allow_relaxed_dns_search_validation,
        &searches,
    ));
    let options = path.child("options");
    for (i, option) in config.options.iter().enumerate() {
        if option.name.is_empty() {
            errs.push(Error::required(&options.index(i), "must not be empty"));
        }
    }
    errs
}

const TAINT_EFFECTS: &[&str] = &["NoSchedule", "PreferNoSchedule", "NoExecute"];

/// `ValidateTolerations`. A bad key is `Invalid` with origin
/// `format=k8s-label-key`, covered by the (alpha) declarative rule on
/// `Toleration.key`.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::Toleration;
/// use handwritten::core::v1::pod_spec::validate_tolerations;
/// let t = Toleration { key: "bad key".into(), operator: "Exists".into(), ..Default::default() };
/// let errs = validate_tolerations(&[t], &Path::new("tolerations"));
/// assert_eq!(errs[0].field, "tolerations[0].key");
/// assert!(errs[0].covered_by_declarative);
/// ```
pub fn validate_tolerations(tolerations: &[Toleration], path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    for (i, t) in tolerations.iter().enumerate() {
        let idx = path.index(i);
        if !t.key.is_empty() {
            errs.extend_from(
                validate_label_name(&t.key, &idx.child("key")).mark_covered_by_declarative(),
            );
        }
        let operator = idx.child("operator");
        if t.key.is_empty() && t.operator != "Exists" {
            errs.push(Error::invalid(
                &operator,
                t.operator.as_str(),
                "operator must be Exists when `key` is empty, which means \"match all values and all keys\"",
            ));
        }
        let effect = idx.child("effect");
        if t.toleration_seconds.is_some() && t.effect != "NoExecute" {
            errs.push(Error::invalid(
                &effect,
                t.effect.as_str(),
                "effect must be 'NoExecute' when `tolerationSeconds` is set",
            ));
        }
        match t.operator.as_str() {
            "Equal" | "" => {
                let msgs = is_label_value(&t.value);
                if !msgs.is_empty() {
                    errs.push(Error::invalid(&operator, t.value.as_str(), msgs.join(";")));
                }
            }
            "Exists" => {
                if !t.value.is_empty() {
                    errs.push(Error::invalid(
                        &operator,
                        t.value.as_str(),
                        "value must be empty when `operator` is 'Exists'",
                    ));
                }
            }
            other => errs.push(Error::not_supported(&operator, other, &["Equal", "Exists"])),
        }
        if !t.effect.is_empty() && !TAINT_EFFECTS.contains(&t.effect.as_str()) {
            errs.push(Error::not_supported(
                &effect,
                t.effect.as_str(),
                TAINT_EFFECTS,
            ));
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorType;

    fn summary(errs: &ErrorList) -> Vec<(ErrorType, String)> {
        errs.iter()
            .map(|e| (e.error_type, e.field.clone()))
            .collect()
    }

    #[test]
    fn toleration_rules() {
        let t: Vec<Toleration> = serde_json::from_str(
            r#"[{"operator":"Equal","value":"v"},
                {"key":"k","operator":"Exists","value":"v"},
                {"key":"k","operator":"In"},
                {"key":"k","effect":"NoSchedule","tolerationSeconds":5},
                {"key":"k","effect":"Bad"}]"#,
        )
        .unwrap();
        assert_eq!(
            summary(&validate_tolerations(&t, &Path::new("t"))),
            [
                (ErrorType::Invalid, "t[0].operator".into()),
                (ErrorType::Invalid, "t[1].operator".into()),
                (ErrorType::NotSupported, "t[2].operator".into()),
                (ErrorType::Invalid, "t[3].effect".into()),
                (ErrorType::NotSupported, "t[4].effect".into()),
            ]
        );
    }

    #[test]
    fn toleration_key_is_covered_in_the_spec_only() {
        let bad: Vec<Toleration> =
            serde_json::from_str(r#"[{"key":"-bad-","operator":"Exists"}]"#).unwrap();
        let in_spec = validate_tolerations(&bad, &Path::new("tolerations"));
        assert!(in_spec[0].covered_by_declarative);
        let annotations = BTreeMap::from([(
            TOLERATIONS_ANNOTATION_KEY.to_string(),
            r#"[{"key":"-bad-","operator":"Exists"}]"#.to_string(),
        )]);
        let in_annotation = validate_pod_specific_annotations(
            &annotations,
            &PodSpec::default(),
            &Path::new("annotations"),
            PodValidationOptions::default(),
        );
        assert_eq!(
            summary(&in_annotation),
            [(
                ErrorType::Invalid,
                format!("annotations.{TOLERATIONS_ANNOTATION_KEY}[0].key")
            )]
        );
        assert!(!in_annotation[0].covered_by_declarative);
    }

    #[test]
    fn pod_spec_scalar_rules() {
        let spec: PodSpec = serde_json::from_str(
            r#"{"containers":[{"name":"a","image":"i","terminationMessagePolicy":"File","imagePullPolicy":"Always"}],
                "restartPolicy":"Sometimes","dnsPolicy":"None","terminationGracePeriodSeconds":30,
                "activeDeadlineSeconds":0,"hostname":"Host","nodeName":"-n","nodeSelector":{"a b":"c"}}"#,
        )
        .unwrap();
        assert_eq!(
            summary(&validate_pod_spec(
                &spec,
                &Path::new("s"),
                PodValidationOptions::default()
            )),
            [
                (ErrorType::NotSupported, "s.restartPolicy".into()),
                (ErrorType::Invalid, "s.nodeSelector".into()),
                (ErrorType::Required, "s.dnsConfig".into()),
                (ErrorType::Invalid, "s.nodeName".into()),
                (ErrorType::Invalid, "s.activeDeadlineSeconds".into()),
                (ErrorType::Invalid, "s.hostname".into()),
            ]
        );
    }

    #[test]
    fn pod_specific_annotations() {
        let annotations: BTreeMap<String, String> = [
            (MIRROR_POD_ANNOTATION_KEY, "x"),
            (SECCOMP_POD_ANNOTATION_KEY, "bogus"),
            (
                "container.apparmor.security.beta.kubernetes.io/missing",
                "runtime/default",
            ),
            (TOLERATIONS_ANNOTATION_KEY, "not json"),
        ]
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        let errs = validate_pod_specific_annotations(
            &annotations,
            &PodSpec::default(),
            &Path::new("a"),
            PodValidationOptions::default(),
        );
        assert_eq!(
            summary(&errs),
            [
                (ErrorType::Invalid, "a[kubernetes.io/config.mirror]".into()),
                (ErrorType::Invalid, "a".into()),
                (
                    ErrorType::Invalid,
                    "a.seccomp.security.alpha.kubernetes.io/pod".into()
                ),
                (
                    ErrorType::Invalid,
                    "a[container.apparmor.security.beta.kubernetes.io/missing]".into()
                ),
            ]
        );
    }

    #[test]
    fn deletion_cost_values() {
        for ok in ["0", "-1", "2147483647", "-2147483648"] {
            assert!(is_valid_pod_deletion_cost(ok), "{ok}");
        }
        for bad in ["", "+1", "01", "2147483648", "1.5"] {
            assert!(!is_valid_pod_deletion_cost(bad), "{bad}");
        }
    }
}
