//! A pod's security context and host namespaces: ports of
//! `validatePodSpecSecurityContext` (ids, `shareProcessNamespace` with
//! `hostPID`, sysctls, `fsGroupChangePolicy`, seccomp, Windows options,
//! AppArmor, `supplementalGroupsPolicy`, `seLinuxChangePolicy`),
//! `validateSysctls` with `ValidateHostSysctl`, `validatePodHostNetworkDeps`
//! and `validateHostUsers` (Kubernetes'
//! `pkg/apis/core/validation/validation.go`, read at 000f2605; the sysctl
//! namespaces of `k8s.io/component-helpers/node/util/sysctl`, read at
//! e0a566e7 and 2e090810).
//!
//! In v1 `hostNetwork`, `hostPID`, `hostIPC` and `shareProcessNamespace`
//! sit on the pod spec; Kubernetes' internal type keeps them in the
//! security context, which is why their errors use paths under the spec.
//! `seLinuxOptions` and `runAsNonRoot` have no checks.

use super::container::PodValidationOptions;
use super::security_profiles::{validate_app_armor_profile_field, validate_seccomp_profile_field};
use super::windows_options::validate_windows_security_context_options;
use apimachinery::content::{is_valid_group_id, is_valid_user_id};
use apimachinery::field::{Error, ErrorList, Path};
use declarative::api::core::v1::{PodSecurityContext, PodSpec};
use std::collections::BTreeSet;

/// The longest sysctl name.
const SYSCTL_MAX_LENGTH: usize = 253;
/// The sysctl name expression Kubernetes reports (`SysctlContainSlashFmt`).
const SYSCTL_NAME_REGEX: &str =
    r"^([a-z0-9]([-_a-z0-9]*[a-z0-9])?[\./])*[a-z0-9]([-_a-z0-9]*[a-z0-9])?$";
/// `validFSGroupChangePolicies`, sorted.
const FS_GROUP_CHANGE_POLICIES: &[&str] = &["Always", "OnRootMismatch"];
/// `validSupplementalGroupsPolicies`, sorted.
const SUPPLEMENTAL_GROUPS_POLICIES: &[&str] = &["Merge", "Strict"];
/// `validSELinuxChangePolicies`, sorted.
const SELINUX_CHANGE_POLICIES: &[&str] = &["MountOption", "Recursive"];

/// `IsValidSysctlName`: at most 253 bytes of dot- or slash-separated
/// segments of lowercase alphanumerics, `-` and `_`, each starting and
/// ending alphanumeric.
///
/// ```
/// use handwritten::core::v1::pod_security_context::is_valid_sysctl_name;
/// assert!(is_valid_sysctl_name("net.ipv4.conf.eno2/100.rp_filter"));
/// assert!(!is_valid_sysctl_name("kernel.sem."));
/// ```
pub fn is_valid_sysctl_name(name: &str) -> bool {
    if name.len() > SYSCTL_MAX_LENGTH {
        return false;
    }
    name.split(['.', '/']).all(|segment| {
        let b = segment.as_bytes();
        let edge = |c: &u8| c.is_ascii_lowercase() || c.is_ascii_digit();
        match (b.first(), b.last()) {
            (Some(first), Some(last)) => {
                edge(first) && edge(last) && b.iter().all(|c| edge(c) || *c == b'-' || *c == b'_')
            }
            _ => false,
        }
    })
}

/// The kernel namespace of a sysctl (`utilsysctl.GetNamespace`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum SysctlNamespace {
    Ipc,
    Net,
    Unknown,
}

/// `NormalizeName` (slash form to dot form), cut at the first `*`, then
/// the known names and prefixes.
fn sysctl_namespace(sysctl: &str) -> SysctlNamespace {
    let slash_first = sysctl
        .find(['.', '/'])
        .is_some_and(|i| sysctl.as_bytes()[i] == b'/');
    let normal: String = if slash_first {
        sysctl
            .chars()
            .map(|c| match c {
                '.' => '/',
                '/' => '.',
                c => c,
            })
            .collect()
    } else {
        sysctl.to_string()
    };
    let name = normal.split('*').next().unwrap_or_default();
    const IPC_NAMES: &[&str] = &[
        "kernel.sem",
        "kernel.shmall",
        "kernel.shmmax",
        "kernel.shmmni",
        "kernel.shm_rmid_forced",
        "kernel.shm",
        "kernel.msgmax",
        "kernel.msgmnb",
        "kernel.msgmni",
        "kernel.msg",
    ];
    if IPC_NAMES.contains(&name) {
        SysctlNamespace::Ipc
    } else if name.starts_with("net.") {
        SysctlNamespace::Net
    } else if name.starts_with("fs.mqueue.") {
        SysctlNamespace::Ipc
    } else {
        SysctlNamespace::Unknown
    }
}

/// `ValidateHostSysctl`: a network sysctl with `hostNetwork`, or an IPC one
/// with `hostIPC`.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::PodSpec;
/// use handwritten::core::v1::pod_security_context::validate_host_sysctl;
/// let spec = PodSpec { host_network: true, ..Default::default() };
/// let e = validate_host_sysctl("net.core.somaxconn", &spec, &Path::new("name")).unwrap();
/// assert_eq!(e.detail, "may not be specified when 'hostNetwork' is true");
/// ```
pub fn validate_host_sysctl(sysctl: &str, spec: &PodSpec, path: &Path<'_>) -> Option<Error> {
    match sysctl_namespace(sysctl) {
        SysctlNamespace::Net if spec.host_network => Some(Error::invalid(
            path,
            sysctl,
            "may not be specified when 'hostNetwork' is true",
        )),
        SysctlNamespace::Ipc if spec.host_ipc => Some(Error::invalid(
            path,
            sysctl,
            "may not be specified when 'hostIPC' is true",
        )),
        _ => None,
    }
}

/// Whether `spec` has a sysctl that `ValidateHostSysctl` rejects (what
/// `GetValidationOptionsFromPodTemplate` checks on the stored template).
///
/// ```
/// use declarative::api::core::v1::PodSpec;
/// use handwritten::core::v1::pod_security_context::has_host_namespaced_sysctl;
/// let spec: PodSpec = serde_json::from_str(r#"{"hostIPC":true,"securityContext":{"sysctls":[{"name":"kernel.msgmax","value":"1"}]}}"#).unwrap();
/// assert!(has_host_namespaced_sysctl(&spec));
/// ```
pub fn has_host_namespaced_sysctl(spec: &PodSpec) -> bool {
    spec.security_context.as_ref().is_some_and(|sc| {
        sc.sysctls
            .iter()
            .any(|s| validate_host_sysctl(&s.name, spec, &Path::root()).is_some())
    })
}

/// `validatePodSpecSecurityContext`, with `spec_path` the pod spec's path
/// (`hostPID` with `shareProcessNamespace` is reported at
/// `<spec_path>.securityContext.shareProcessNamespace`, as in Kubernetes).
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::PodSpec;
/// use handwritten::core::v1::pod_security_context::validate_pod_spec_security_context;
/// let spec: PodSpec = serde_json::from_str(r#"{"securityContext":{"fsGroup":-1}}"#).unwrap();
/// let errs = validate_pod_spec_security_context(&spec, &Path::new("spec"), Default::default());
/// assert_eq!(errs[0].field, "spec.securityContext.fsGroup");
/// ```
pub fn validate_pod_spec_security_context(
    spec: &PodSpec,
    spec_path: &Path<'_>,
    opts: PodValidationOptions,
) -> ErrorList {
    let mut errs = ErrorList::new();
    // Converted from v1, Kubernetes' internal pod spec always has a
    // security context (holding `hostPID` and `shareProcessNamespace`).
    let unset = PodSecurityContext::default();
    let sc = spec.security_context.as_ref().unwrap_or(&unset);
    let path = spec_path.child("securityContext");
    if let Some(gid) = sc.fs_group {
        for msg in is_valid_group_id(gid) {
            errs.push(Error::invalid(&path.child("fsGroup"), gid, msg));
        }
    }
    if let Some(uid) = sc.run_as_user {
        for msg in is_valid_user_id(uid) {
            errs.push(Error::invalid(&path.child("runAsUser"), uid, msg));
        }
    }
    if let Some(gid) = sc.run_as_group {
        for msg in is_valid_group_id(gid) {
            errs.push(Error::invalid(&path.child("runAsGroup"), gid, msg));
        }
    }
    let groups = path.child("supplementalGroups");
    for (i, gid) in sc.supplemental_groups.iter().flatten().enumerate() {
        for msg in is_valid_group_id(*gid) {
            errs.push(Error::invalid(&groups.index(i), *gid, msg));
        }
    }
    if spec.share_process_namespace == Some(true) && spec.host_pid {
        errs.push(Error::invalid(
            &path.child("shareProcessNamespace"),
            true,
            "ShareProcessNamespace and HostPID cannot both be enabled",
        ));
    }
    if !sc.sysctls.is_empty() {
        errs.extend_from(validate_sysctls(spec, &path.child("sysctls"), opts));
    }
    if let Some(policy) = &sc.fs_group_change_policy
        && !FS_GROUP_CHANGE_POLICIES.contains(&policy.as_str())
    {
        errs.push(Error::not_supported(
            &path.child("fsGroupChangePolicy"),
            policy.as_str(),
            FS_GROUP_CHANGE_POLICIES,
        ));
    }
    errs.extend_from(validate_seccomp_profile_field(
        sc.seccomp_profile.as_ref(),
        &path.child("seccompProfile"),
    ));
    errs.extend_from(validate_windows_security_context_options(
        sc.windows_options.as_ref(),
        &path.child("windowsOptions"),
    ));
    errs.extend_from(validate_app_armor_profile_field(
        sc.app_armor_profile.as_ref(),
        &path.child("appArmorProfile"),
    ));
    if let Some(policy) = &sc.supplemental_groups_policy
        && !SUPPLEMENTAL_GROUPS_POLICIES.contains(&policy.as_str())
    {
        errs.push(Error::not_supported(
            &path.child("supplementalGroupsPolicy"),
            policy.as_str(),
            SUPPLEMENTAL_GROUPS_POLICIES,
        ));
    }
    if let Some(policy) = &sc.se_linux_change_policy {
        let p = path.child("seLinuxChangePolicy");
        if opts.allow_only_recursive_selinux_change_policy {
            if policy != "Recursive" {
                errs.push(Error::not_supported(&p, policy.as_str(), &["Recursive"]));
            }
        } else if !SELINUX_CHANGE_POLICIES.contains(&policy.as_str()) {
            errs.push(Error::not_supported(
                &p,
                policy.as_str(),
                SELINUX_CHANGE_POLICIES,
            ));
        }
    }
    errs
}

/// `validateSysctls`: names required, well formed and unique; a name in a
/// namespace the pod shares with the host is invalid unless the stored
/// template already had one.
fn validate_sysctls(spec: &PodSpec, path: &Path<'_>, opts: PodValidationOptions) -> ErrorList {
    let mut errs = ErrorList::new();
    let Some(sc) = &spec.security_context else {
        return errs;
    };
    let mut names = BTreeSet::new();
    for (i, s) in sc.sysctls.iter().enumerate() {
        let entry = path.index(i);
        let name_path = entry.child("name");
        if s.name.is_empty() {
            errs.push(Error::required(&name_path, ""));
        } else if !is_valid_sysctl_name(&s.name) {
            errs.push(Error::invalid(
                &name_path,
                s.name.as_str(),
                format!(
                    "must have at most {SYSCTL_MAX_LENGTH} characters and match regex {SYSCTL_NAME_REGEX}"
                ),
            ));
        } else if names.contains(s.name.as_str()) {
            errs.push(Error::duplicate(&name_path, s.name.as_str()));
        }
        if !opts.allow_namespaced_sysctls_for_host_net_and_host_ipc
            && let Some(e) = validate_host_sysctl(&s.name, spec, &name_path)
        {
            errs.push(e);
        }
        names.insert(s.name.as_str());
    }
    errs
}

/// `validatePodHostNetworkDeps` for a pod template (`ResourceIsPod` false):
/// with `hostNetwork`, a regular container's non-zero `hostPort` must equal
/// its `containerPort`.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::PodSpec;
/// use handwritten::core::v1::pod_security_context::validate_pod_host_network_deps;
/// let spec: PodSpec = serde_json::from_str(r#"{"hostNetwork":true,"containers":[{"name":"a","ports":[{"containerPort":80,"hostPort":81}]}]}"#).unwrap();
/// let errs = validate_pod_host_network_deps(&spec, &Path::new("spec"));
/// assert_eq!(errs[0].field, "spec.containers[0].ports[0].hostPort");
/// ```
pub fn validate_pod_host_network_deps(spec: &PodSpec, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if !spec.host_network {
        return errs;
    }
    let containers = path.child("containers");
    for (i, c) in spec.containers.iter().enumerate() {
        let container = containers.index(i);
        let ports = container.child("ports");
        for (j, port) in c.ports.iter().enumerate() {
            if port.host_port != 0 && port.host_port != port.container_port {
                errs.push(Error::invalid(
                    &ports.index(j).child("hostPort"),
                    port.host_port,
                    "must match `containerPort` when `hostNetwork` is true",
                ));
            }
        }
    }
    errs
}

/// `validateHostUsers`: with `hostUsers: false`, the pod may not share the
/// host's network, PID or IPC namespace (the last two reported at
/// `HostPID` / `HostIPC`, capitalised, as in Kubernetes).
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::PodSpec;
/// use handwritten::core::v1::pod_security_context::validate_host_users;
/// let spec = PodSpec { host_users: Some(false), host_pid: true, ..Default::default() };
/// assert_eq!(validate_host_users(&spec, &Path::new("spec"))[0].field, "spec.HostPID");
/// ```
pub fn validate_host_users(spec: &PodSpec, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if spec.host_users != Some(false) {
        return errs;
    }
    let checks = [
        (spec.host_network, "hostNetwork"),
        (spec.host_pid, "HostPID"),
        (spec.host_ipc, "HostIPC"),
    ];
    for (set, field) in checks {
        if set {
            errs.push(Error::forbidden(
                &path.child(field),
                "when `pod.Spec.HostUsers` is false",
            ));
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorType;

    fn check(json: &str, opts: PodValidationOptions) -> Vec<(ErrorType, String)> {
        let spec: PodSpec = serde_json::from_str(json).unwrap();
        validate_pod_spec_security_context(&spec, &Path::new("spec"), opts)
            .iter()
            .map(|e| (e.error_type, e.field.clone()))
            .collect()
    }

    #[test]
    fn sysctl_names_and_namespaces() {
        assert!(is_valid_sysctl_name("kernel.shm_rmid_forced"));
        assert!(is_valid_sysctl_name("net/ipv4/ip_local_port_range"));
        assert!(!is_valid_sysctl_name("foo-"));
        assert!(!is_valid_sysctl_name("Kernel.x"));
        assert!(!is_valid_sysctl_name(&"a".repeat(254)));
        assert_eq!(
            sysctl_namespace("net/ipv4/conf/eno2.100/rp_filter"),
            SysctlNamespace::Net
        );
        assert_eq!(
            sysctl_namespace("kernel.shm_rmid_forced"),
            SysctlNamespace::Ipc
        );
        assert_eq!(sysctl_namespace("fs.mqueue.msg_max"), SysctlNamespace::Ipc);
        assert_eq!(sysctl_namespace("kernel.shmx"), SysctlNamespace::Unknown);
        assert_eq!(sysctl_namespace("net"), SysctlNamespace::Unknown);
    }

    #[test]
    fn sysctls() {
        let json = r#"{"hostNetwork":true,"hostIPC":true,"securityContext":{"sysctls":[
            {"name":""},{"name":"Bad"},{"name":"net.core.somaxconn"},{"name":"net.core.somaxconn"},
            {"name":"kernel.msgmax"}]}}"#;
        assert_eq!(
            check(json, Default::default()),
            [
                (
                    ErrorType::Required,
                    "spec.securityContext.sysctls[0].name".into()
                ),
                (
                    ErrorType::Invalid,
                    "spec.securityContext.sysctls[1].name".into()
                ),
                (
                    ErrorType::Invalid,
                    "spec.securityContext.sysctls[2].name".into()
                ),
                (
                    ErrorType::Duplicate,
                    "spec.securityContext.sysctls[3].name".into()
                ),
                (
                    ErrorType::Invalid,
                    "spec.securityContext.sysctls[3].name".into()
                ),
                (
                    ErrorType::Invalid,
                    "spec.securityContext.sysctls[4].name".into()
                ),
            ]
        );
        let tolerant = PodValidationOptions {
            allow_namespaced_sysctls_for_host_net_and_host_ipc: true,
            ..Default::default()
        };
        assert_eq!(check(json, tolerant).len(), 3);
    }

    #[test]
    fn ids_policies_and_share_process_namespace() {
        let json = r#"{"hostPID":true,"shareProcessNamespace":true,"securityContext":{
            "runAsUser":-1,"runAsGroup":-1,"fsGroup":2147483648,"supplementalGroups":[1,-1],
            "fsGroupChangePolicy":"x","supplementalGroupsPolicy":"y","seLinuxChangePolicy":"MountOption"}}"#;
        let sc = "spec.securityContext";
        assert_eq!(
            check(json, Default::default()),
            [
                (ErrorType::Invalid, format!("{sc}.fsGroup")),
                (ErrorType::Invalid, format!("{sc}.runAsUser")),
                (ErrorType::Invalid, format!("{sc}.runAsGroup")),
                (ErrorType::Invalid, format!("{sc}.supplementalGroups[1]")),
                (ErrorType::Invalid, format!("{sc}.shareProcessNamespace")),
                (ErrorType::NotSupported, format!("{sc}.fsGroupChangePolicy")),
                (
                    ErrorType::NotSupported,
                    format!("{sc}.supplementalGroupsPolicy")
                ),
                (ErrorType::NotSupported, format!("{sc}.seLinuxChangePolicy")),
            ]
        );
        let all = PodValidationOptions {
            allow_only_recursive_selinux_change_policy: false,
            ..Default::default()
        };
        assert_eq!(check(json, all).len(), 7);
    }

    #[test]
    fn host_network_ports_and_host_users() {
        let spec: PodSpec = serde_json::from_str(
            r#"{"hostNetwork":true,"hostIPC":true,"hostUsers":false,"containers":[{"name":"a","ports":[{"containerPort":80},{"containerPort":80,"hostPort":80}]}]}"#,
        )
        .unwrap();
        assert!(validate_pod_host_network_deps(&spec, &Path::new("spec")).is_empty());
        let fields: Vec<String> = validate_host_users(&spec, &Path::new("spec"))
            .iter()
            .map(|e| e.field.clone())
            .collect();
        assert_eq!(fields, ["spec.hostNetwork", "spec.HostIPC"]);
    }
}
