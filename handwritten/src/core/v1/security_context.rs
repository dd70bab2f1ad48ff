//! A container's security context: a port of `ValidateSecurityContext` for
//! the modelled fields (`privileged`, `runAsUser`, `runAsGroup`,
//! `allowPrivilegeEscalation` with `privileged` and `capabilities.add`).
//!
//! Not ported: `procMount`, `seccompProfile`, `appArmorProfile` and
//! `windowsOptions` (not in the modelled type), and the OS-specific checks
//! `validateLinux` / `validateWindows` run for a pod's `spec.os`.

use apimachinery::content::{is_valid_group_id, is_valid_user_id};
use apimachinery::field::{BadValue, Error, ErrorList, Path};
use declarative::api::core::v1::SecurityContext;

/// `capabilities.Get().AllowPrivileged`: whether the cluster allows
/// privileged containers. kube-apiserver's `--allow-privileged` flag sets it
/// and defaults to false, as does `capabilities.Get()` when nothing
/// initialised it; this port has no flag and keeps that default.
pub const ALLOW_PRIVILEGED: bool = false;

/// `ValidateSecurityContext` for the modelled fields.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::SecurityContext;
/// use handwritten::core::v1::security_context::validate_security_context;
/// let sc = SecurityContext { privileged: Some(true), ..Default::default() };
/// let errs = validate_security_context(Some(&sc), &Path::new("securityContext"));
/// assert_eq!(errs[0].to_string(), "securityContext.privileged: Forbidden: disallowed by cluster policy");
/// ```
pub fn validate_security_context(sc: Option<&SecurityContext>, path: &Path<'_>) -> ErrorList {
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
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorType;

    fn check(json: &str) -> Vec<(ErrorType, String)> {
        let sc: SecurityContext = serde_json::from_str(json).unwrap();
        validate_security_context(Some(&sc), &Path::new("sc"))
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
        assert!(validate_security_context(None, &Path::new("sc")).is_empty());
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
}
