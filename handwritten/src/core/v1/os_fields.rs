//! The fields a pod's `spec.os` forbids: ports of `validateLinux` (no
//! Windows options) and `validateWindows` (no Linux-only pod or container
//! security settings, host PID/IPC namespaces or `hostUsers`) from
//! Kubernetes' `pkg/apis/core/validation/validation.go`, read at 000f2605.
//! `ValidatePodSpec` runs them once `validateOS` found the name valid.

use super::visit_containers::for_each_container;
use apimachinery::field::{Error, ErrorList, Path};
use declarative::api::core::v1::{PodSecurityContext, PodSpec};

const WINDOWS_DETAIL: &str = "cannot be set for a windows pod";
const LINUX_DETAIL: &str = "windows options cannot be set for a linux pod";

/// `validateLinux`: `windowsOptions` is forbidden in the pod's and every
/// container's security context.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::PodSpec;
/// use handwritten::core::v1::os_fields::validate_linux;
/// let spec: PodSpec = serde_json::from_str(r#"{"securityContext":{"windowsOptions":{}}}"#).unwrap();
/// assert_eq!(validate_linux(&spec, &Path::new("spec"))[0].field, "spec.securityContext.windowsOptions");
/// ```
pub fn validate_linux(spec: &PodSpec, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if spec
        .security_context
        .as_ref()
        .is_some_and(|sc| sc.windows_options.is_some())
    {
        errs.push(Error::forbidden(
            &path.child("securityContext").child("windowsOptions"),
            LINUX_DETAIL,
        ));
    }
    for_each_container(spec, path, |sc, container_path| {
        if sc.is_some_and(|sc| sc.windows_options.is_some()) {
            errs.push(Error::forbidden(
                &container_path
                    .child("securityContext")
                    .child("windowsOptions"),
                LINUX_DETAIL,
            ));
        }
    });
    errs
}

/// `validateWindows`: the Linux-only pod security fields, `hostUsers`,
/// `hostPID`, `hostIPC` and `shareProcessNamespace`; then the Linux-only
/// fields of each container's security context.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::PodSpec;
/// use handwritten::core::v1::os_fields::validate_windows;
/// let spec: PodSpec = serde_json::from_str(r#"{"hostPID":true,"securityContext":{"runAsUser":1}}"#).unwrap();
/// let fields: Vec<String> = validate_windows(&spec, &Path::new("spec")).iter().map(|e| e.field.clone()).collect();
/// assert_eq!(fields, ["spec.hostPID", "spec.securityContext.runAsUser"]);
/// ```
pub fn validate_windows(spec: &PodSpec, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    // Converted from v1, Kubernetes' internal pod spec always has a
    // security context (it holds the host namespace fields), so these
    // checks run whether or not the v1 object has one.
    let unset = PodSecurityContext::default();
    let sc = spec.security_context.as_ref().unwrap_or(&unset);
    let sc_path = path.child("securityContext");
    let checks = [
        (
            sc.app_armor_profile.is_some(),
            sc_path.child("appArmorProfile"),
        ),
        (
            sc.se_linux_options.is_some(),
            sc_path.child("seLinuxOptions"),
        ),
        (spec.host_users.is_some(), path.child("hostUsers")),
        (spec.host_pid, path.child("hostPID")),
        (spec.host_ipc, path.child("hostIPC")),
        (
            sc.seccomp_profile.is_some(),
            sc_path.child("seccompProfile"),
        ),
        (sc.fs_group.is_some(), sc_path.child("fsGroup")),
        (
            sc.fs_group_change_policy.is_some(),
            sc_path.child("fsGroupChangePolicy"),
        ),
        (!sc.sysctls.is_empty(), sc_path.child("sysctls")),
        (
            spec.share_process_namespace.is_some(),
            path.child("shareProcessNamespace"),
        ),
        (sc.run_as_user.is_some(), sc_path.child("runAsUser")),
        (sc.run_as_group.is_some(), sc_path.child("runAsGroup")),
        (
            sc.supplemental_groups.is_some(),
            sc_path.child("supplementalGroups"),
        ),
        (
            sc.supplemental_groups_policy.is_some(),
            sc_path.child("supplementalGroupsPolicy"),
        ),
        (
            sc.se_linux_change_policy.is_some(),
            sc_path.child("seLinuxChangePolicy"),
        ),
    ];
    for (set, field) in checks {
        if set {
            errs.push(Error::forbidden(&field, WINDOWS_DETAIL));
        }
    }
    for_each_container(spec, path, |sc, container_path| {
        let Some(sc) = sc else {
            return;
        };
        let sc_path = container_path.child("securityContext");
        let checks = [
            (sc.app_armor_profile.is_some(), "appArmorProfile"),
            (sc.se_linux_options.is_some(), "seLinuxOptions"),
            (sc.seccomp_profile.is_some(), "seccompProfile"),
            (sc.capabilities.is_some(), "capabilities"),
            (
                sc.read_only_root_filesystem.is_some(),
                "readOnlyRootFilesystem",
            ),
            (sc.privileged.is_some(), "privileged"),
            (
                sc.allow_privilege_escalation.is_some(),
                "allowPrivilegeEscalation",
            ),
            (sc.proc_mount.is_some(), "procMount"),
            (sc.run_as_user.is_some(), "runAsUser"),
            (sc.run_as_group.is_some(), "runAsGroup"),
        ];
        for (set, field) in checks {
            if set {
                errs.push(Error::forbidden(&sc_path.child(field), WINDOWS_DETAIL));
            }
        }
    });
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(errs: &ErrorList) -> Vec<String> {
        errs.iter().map(|e| e.field.clone()).collect()
    }

    #[test]
    fn windows_forbids_linux_fields() {
        let spec: PodSpec = serde_json::from_str(
            r#"{"hostIPC":true,"hostUsers":true,"shareProcessNamespace":false,
              "securityContext":{"seLinuxOptions":{},"sysctls":[{"name":"a","value":"b"}],"supplementalGroups":[]},
              "initContainers":[{"name":"i","securityContext":{"procMount":"Default"}}],
              "containers":[{"name":"c","securityContext":{"privileged":false,"capabilities":{}}}]}"#,
        )
        .unwrap();
        assert_eq!(
            fields(&validate_windows(&spec, &Path::new("spec"))),
            [
                "spec.securityContext.seLinuxOptions",
                "spec.hostUsers",
                "spec.hostIPC",
                "spec.securityContext.sysctls",
                "spec.shareProcessNamespace",
                "spec.securityContext.supplementalGroups",
                "spec.initContainers[0].securityContext.procMount",
                "spec.containers[0].securityContext.capabilities",
                "spec.containers[0].securityContext.privileged",
            ]
        );
        // Without a pod security context the host namespaces still count.
        let bare: PodSpec = serde_json::from_str(r#"{"hostPID":true}"#).unwrap();
        assert_eq!(
            fields(&validate_windows(&bare, &Path::new("spec"))),
            ["spec.hostPID"]
        );
    }

    #[test]
    fn linux_forbids_windows_options() {
        let spec: PodSpec = serde_json::from_str(
            r#"{"containers":[{"name":"c","securityContext":{"windowsOptions":{"runAsUserName":"u"}}}]}"#,
        )
        .unwrap();
        assert_eq!(
            fields(&validate_linux(&spec, &Path::new("spec"))),
            ["spec.containers[0].securityContext.windowsOptions"]
        );
    }
}
