//! A container's security context: a port of `ValidateSecurityContext`
//! (Kubernetes' `pkg/apis/core/validation/validation.go`, read at 000f2605):
//! `privileged`, `runAsUser`, `runAsGroup`, `procMount` (with `hostUsers`),
//! `seccompProfile`, `allowPrivilegeEscalation` with `privileged` and
//! `capabilities.add`, `windowsOptions` and `appArmorProfile`.
//! `seLinuxOptions`, `runAsNonRoot`, `readOnlyRootFilesystem` and the
//! capability names have no checks; the OS-specific checks of `spec.os` are
//! in [`super::os_fields`].

use super::security_profiles::{validate_app_armor_profile_field, validate_seccomp_profile_field};
use super::windows_options::validate_windows_security_context_options;
use apimachinery::content::{is_valid_group_id, is_valid_user_id};
use apimachinery::field::{BadValue, Error, ErrorList, Path};
use declarative::api::core::v1::SecurityContext;

/// `capabilities.Get().AllowPrivileged`: whether the cluster allows
/// privileged containers. kube-apiserver's `--allow-privileged` flag sets it
/// and defaults to false, as does `capabilities.Get()` when nothing
/// initialised it; this port has no flag and keeps that default.
pub const ALLOW_PRIVILEGED: bool = false;

/// `ValidateSecurityContext`; `host_users` is whether the pod runs in the
/// host's user namespace (then `procMount: Unmasked` is invalid).
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::SecurityContext;
/// use handwritten::core::v1::security_context::validate_security_context;
/// let sc = SecurityContext { privileged: Some(true), ..Default::default() };
/// let errs = validate_security_context(Some(&sc), &Path::new("securityContext"), true);
/// assert_eq!(errs[0].to_string(), "securityContext.privileged: Forbidden: disallowed by cluster policy");
/// ```
pub fn validate_security_context(
    sc: Option<&SecurityContext>,
    path: &Path<'_>,
    host_users: bool,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let Some(sc) = sc else {
        return errs;
    };
    let privileged = sc.privileged == Some(true);
    if privileged && !ALLOW_PRIVILEGED {
        errs.push(Error::forbidden(
            &path.child("privileged"),
            "disallowed by cluster policy",
        ));
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
    if let Some(proc_mount) = &sc.proc_mount {
        let p = path.child("procMount");
        if !PROC_MOUNT_TYPES.contains(&proc_mount.as_str()) {
            errs.push(Error::not_supported(
                &p,
                proc_mount.as_str(),
                PROC_MOUNT_TYPES,
            ));
        }
        if host_users && proc_mount == "Unmasked" {
            errs.push(Error::invalid(
                &p,
                proc_mount.as_str(),
                "`hostUsers` must be false to use `Unmasked`",
            ));
        }
    }
    errs.extend_from(validate_seccomp_profile_field(
        sc.seccomp_profile.as_ref(),
        &path.child("seccompProfile"),
    ));
    if sc.allow_privilege_escalation == Some(false) {
        let whole = || {
            serde_json::to_value(sc)
                .map(BadValue::from)
                .unwrap_or_default()
        };
        if privileged {
            errs.push(Error::invalid(
                path,
                whole(),
                "cannot set `allowPrivilegeEscalation` to false and `privileged` to true",
            ));
        }
        if let Some(caps) = &sc.capabilities {
            for cap in &caps.add {
                if cap == "CAP_SYS_ADMIN" {
                    errs.push(Error::invalid(
                        path,
                        whole(),
                        "cannot set `allowPrivilegeEscalation` to false and `capabilities.Add` CAP_SYS_ADMIN",
                    ));
                }
            }
        }
    }
    errs.extend_from(validate_windows_security_context_options(
        sc.windows_options.as_ref(),
        &path.child("windowsOptions"),
    ));
    errs.extend_from(validate_app_armor_profile_field(
        sc.app_armor_profile.as_ref(),
        &path.child("appArmorProfile"),
    ));
    errs
}

/// The `procMount` values, in the order Kubernetes lists them.
const PROC_MOUNT_TYPES: &[&str] = &["Default", "Unmasked"];

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorType;

    fn check(json: &str) -> Vec<(ErrorType, String)> {
        let sc: SecurityContext = serde_json::from_str(json).unwrap();
        validate_security_context(Some(&sc), &Path::new("sc"), true)
            .iter()
            .map(|e| (e.error_type, e.field.clone()))
            .collect()
    }

    #[test]
    fn valid_contexts_pass() {
        assert!(check(r#"{"privileged":false,"runAsUser":0,"runAsGroup":2147483647}"#).is_empty());
        assert!(
            check(r#"{"allowPrivilegeEscalation":false,"capabilities":{"add":["NET_ADMIN"]}}"#)
                .is_empty()
        );
        assert!(validate_security_context(None, &Path::new("sc"), true).is_empty());
    }

    #[test]
    fn invalid_contexts() {
        assert_eq!(
            check(r#"{"runAsUser":-1,"runAsGroup":-1}"#),
            [
                (ErrorType::Invalid, "sc.runAsUser".into()),
                (ErrorType::Invalid, "sc.runAsGroup".into()),
            ]
        );
        assert_eq!(
            check(
                r#"{"privileged":true,"allowPrivilegeEscalation":false,"capabilities":{"add":["CAP_SYS_ADMIN"]}}"#
            ),
            [
                (ErrorType::Forbidden, "sc.privileged".into()),
                (ErrorType::Invalid, "sc".into()),
                (ErrorType::Invalid, "sc".into()),
            ]
        );
    }

    #[test]
    fn proc_mount_profiles_and_windows_options() {
        assert_eq!(
            check(r#"{"procMount":"Unmasked"}"#),
            [(ErrorType::Invalid, "sc.procMount".into())]
        );
        let sc: SecurityContext = serde_json::from_str(r#"{"procMount":"Unmasked"}"#).unwrap();
        assert!(validate_security_context(Some(&sc), &Path::new("sc"), false).is_empty());
        assert_eq!(
            check(
                r#"{"procMount":"x","seccompProfile":{"type":""},"windowsOptions":{"gmsaCredentialSpec":""},"appArmorProfile":{"type":"y"}}"#
            ),
            [
                (ErrorType::NotSupported, "sc.procMount".into()),
                (ErrorType::Required, "sc.seccompProfile.type".into()),
                (
                    ErrorType::Invalid,
                    "sc.windowsOptions.gmsaCredentialSpec".into()
                ),
                (ErrorType::NotSupported, "sc.appArmorProfile.type".into()),
            ]
        );
    }
}
