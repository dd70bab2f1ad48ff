//! Windows security options: ports of `validateWindowsSecurityContextOptions`
//! (GMSA credential spec name and contents, `runAsUserName`) and
//! `validateWindowsHostProcessPod` (Kubernetes'
//! `pkg/apis/core/validation/validation.go`, read at 000f2605).

use super::security_context::ALLOW_PRIVILEGED;
use super::visit_containers::for_each_container;
use apimachinery::content::util_validation::is_dns1123_subdomain;
use apimachinery::field::{Error, ErrorList, Path};
use declarative::api::core::v1::{PodSpec, WindowsSecurityContextOptions};

/// The largest GMSA credential spec, in KiB.
const MAX_GMSA_CREDENTIAL_SPEC_KIB: usize = 64;
/// The longest domain of a `runAsUserName` is one byte less than this.
const MAX_RUN_AS_USER_NAME_DOMAIN: usize = 256;
/// The longest user of a `runAsUserName`, in bytes.
const MAX_RUN_AS_USER_NAME_USER: usize = 104;

/// `validateWindowsSecurityContextOptions`.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::WindowsSecurityContextOptions;
/// use handwritten::core::v1::windows_options::validate_windows_security_context_options;
/// let o = WindowsSecurityContextOptions { run_as_user_name: Some(String::new()), ..Default::default() };
/// let errs = validate_windows_security_context_options(Some(&o), &Path::new("w"));
/// assert_eq!(errs[0].detail, "runAsUserName cannot be an empty string");
/// ```
pub fn validate_windows_security_context_options(
    options: Option<&WindowsSecurityContextOptions>,
    path: &Path<'_>,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let Some(options) = options else {
        return errs;
    };
    if let Some(name) = &options.gmsa_credential_spec_name {
        let p = path.child("gmsaCredentialSpecName");
        for msg in is_dns1123_subdomain(name) {
            errs.push(Error::invalid(&p, name.as_str(), msg));
        }
    }
    if let Some(spec) = &options.gmsa_credential_spec {
        let p = path.child("gmsaCredentialSpec");
        if spec.is_empty() {
            errs.push(Error::invalid(
                &p,
                spec.as_str(),
                "gmsaCredentialSpec cannot be an empty string",
            ));
        } else if spec.len() > MAX_GMSA_CREDENTIAL_SPEC_KIB * 1024 {
            errs.push(Error::invalid(
                &p,
                spec.as_str(),
                format!("gmsaCredentialSpec size must be under {MAX_GMSA_CREDENTIAL_SPEC_KIB} KiB"),
            ));
        }
    }
    if let Some(name) = &options.run_as_user_name {
        let p = path.child("runAsUserName");
        for msg in run_as_user_name_errors(name) {
            errs.push(Error::invalid(&p, name.as_str(), msg));
        }
    }
    errs
}

/// The messages Kubernetes gives for a `runAsUserName`, in its order.
fn run_as_user_name_errors(name: &str) -> Vec<String> {
    if name.is_empty() {
        return vec!["runAsUserName cannot be an empty string".into()];
    }
    // Go's `[[:cntrl:]]` is ASCII only.
    if name.chars().any(|c| c.is_ascii_control()) {
        return vec!["runAsUserName cannot contain control characters".into()];
    }
    let parts: Vec<&str> = name.split('\\').collect();
    let (domain, user) = match parts.as_slice() {
        [user] => (None, *user),
        [domain, user] => (Some(*domain), *user),
        _ => return vec!["runAsUserName cannot contain more than one backslash".into()],
    };
    let mut msgs = Vec::new();
    if domain.map_or(0, str::len) >= MAX_RUN_AS_USER_NAME_DOMAIN {
        msgs.push(format!(
            "runAsUserName's Domain length must be under {MAX_RUN_AS_USER_NAME_DOMAIN} characters"
        ));
    }
    if let Some(domain) = domain
        && !(is_netbios_domain(domain) || is_dns_domain(domain))
    {
        msgs.push("runAsUserName's Domain doesn't match the NetBios nor the DNS format".into());
    }
    if user.is_empty() {
        msgs.push("runAsUserName's User cannot be empty".into());
    } else if user.len() > MAX_RUN_AS_USER_NAME_USER {
        msgs.push(format!(
            "runAsUserName's User length must not be longer than {MAX_RUN_AS_USER_NAME_USER} characters"
        ));
    }
    if !user.is_empty() && user.chars().all(|c| c == '.' || c == ' ') {
        msgs.push("runAsUserName's User cannot contain only periods or spaces".into());
    }
    if user.chars().any(|c| "\"/\\:;|=,+*?<>@[]".contains(c)) {
        msgs.push(
            r#"runAsUserName's User cannot contain the following characters: "/\:;|=,+*?<>@[]"#
                .into(),
        );
    }
    msgs
}

/// A NetBIOS domain: 1 to 15 characters without `\ / : * ? " < > |`, not
/// starting with a dot.
fn is_netbios_domain(domain: &str) -> bool {
    const BAD: &str = "\\/:*?\"<>|";
    let mut chars = domain.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    if BAD.contains(first) || first == '.' {
        return false;
    }
    let rest: Vec<char> = chars.collect();
    rest.len() <= 14 && rest.iter().all(|c| !BAD.contains(*c))
}

/// A DNS domain: dot-separated labels of ASCII letters, digits and inner
/// dashes, each 1 to 63 characters.
fn is_dns_domain(domain: &str) -> bool {
    domain.split('.').all(|label| {
        let bytes = label.as_bytes();
        !bytes.is_empty()
            && bytes.len() <= 63
            && bytes
                .iter()
                .all(|b| b.is_ascii_alphanumeric() || *b == b'-')
            && bytes[0] != b'-'
            && bytes[bytes.len() - 1] != b'-'
    })
}

/// `validateWindowsHostProcessPod`: a container's `hostProcess` must equal
/// the pod's when both are set; once any container is a HostProcess
/// container (set or inherited), all must be, `hostNetwork` must be true,
/// and the cluster must allow privileged containers.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::PodSpec;
/// use handwritten::core::v1::windows_options::validate_windows_host_process_pod;
/// let spec: PodSpec = serde_json::from_str(r#"{"containers":[{"name":"a","securityContext":{"windowsOptions":{"hostProcess":true}}}]}"#).unwrap();
/// let fields: Vec<String> = validate_windows_host_process_pod(&spec, &Path::new("spec")).iter().map(|e| e.field.clone()).collect();
/// assert_eq!(fields, ["spec.hostNetwork", "spec"]);
/// ```
pub fn validate_windows_host_process_pod(spec: &PodSpec, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    let pod_host_process = spec
        .security_context
        .as_ref()
        .and_then(|sc| sc.windows_options.as_ref())
        .and_then(|w| w.host_process);
    let mut containers = 0;
    let mut host_process_containers = 0;
    for_each_container(spec, path, |sc, container_path| {
        containers += 1;
        let container_host_process = sc
            .and_then(|sc| sc.windows_options.as_ref())
            .and_then(|w| w.host_process);
        if let (Some(pod), Some(container)) = (pod_host_process, container_host_process)
            && pod != container
        {
            errs.push(Error::invalid(
                &container_path
                    .child("securityContext")
                    .child("windowsOptions")
                    .child("hostProcess"),
                container,
                format!("pod hostProcess value must be identical if both are specified, was {pod}"),
            ));
        }
        if container_host_process.unwrap_or(pod_host_process == Some(true)) {
            host_process_containers += 1;
        }
    });
    if host_process_containers > 0 {
        if host_process_containers != containers {
            errs.push(Error::invalid(
                path,
                "",
                "If pod contains any hostProcess containers then all containers must be HostProcess containers",
            ));
        }
        if !spec.host_network {
            errs.push(Error::invalid(
                &path.child("hostNetwork"),
                false,
                "hostNetwork must be true if pod contains any hostProcess containers",
            ));
        }
        if !ALLOW_PRIVILEGED {
            errs.push(Error::forbidden(
                path,
                "hostProcess containers are disallowed by cluster policy",
            ));
        }
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn user_errs(name: &str) -> Vec<String> {
        run_as_user_name_errors(name)
    }

    #[test]
    fn run_as_user_names() {
        assert!(user_errs("Container. User").is_empty());
        assert!(user_errs("NetBios\\User").is_empty());
        assert!(user_errs("dns.domain.com\\User").is_empty());
        assert_eq!(
            user_errs("a\\b\\c"),
            ["runAsUserName cannot contain more than one backslash"]
        );
        assert_eq!(
            user_errs("a\u{7}b"),
            ["runAsUserName cannot contain control characters"]
        );
        assert_eq!(
            user_errs("Domain\\"),
            ["runAsUserName's User cannot be empty"]
        );
        assert_eq!(
            user_errs(".."),
            ["runAsUserName's User cannot contain only periods or spaces"]
        );
        assert_eq!(user_errs(&"u".repeat(105)).len(), 1);
        assert_eq!(user_errs("u@x").len(), 1);
        let long_domain = format!("{}\\user", "a".repeat(256));
        assert_eq!(
            user_errs(&long_domain),
            [
                "runAsUserName's Domain length must be under 256 characters",
                "runAsUserName's Domain doesn't match the NetBios nor the DNS format"
            ]
        );
        assert_eq!(user_errs(".bad\\user").len(), 1);
        assert!(!is_dns_domain("-a.com"));
        assert!(is_netbios_domain("NETBIOS"));
    }

    #[test]
    fn gmsa_fields() {
        let o = WindowsSecurityContextOptions {
            gmsa_credential_spec_name: Some("Bad_Name".into()),
            gmsa_credential_spec: Some("x".repeat(64 * 1024 + 1)),
            ..Default::default()
        };
        let errs = validate_windows_security_context_options(Some(&o), &Path::new("w"));
        let fields: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["w.gmsaCredentialSpecName", "w.gmsaCredentialSpec"]);
        assert_eq!(
            errs[1].detail,
            "gmsaCredentialSpec size must be under 64 KiB"
        );
    }

    #[test]
    fn host_process_pods() {
        let spec: PodSpec = serde_json::from_str(
            r#"{"hostNetwork":true,"securityContext":{"windowsOptions":{"hostProcess":true}},
              "containers":[{"name":"a"},{"name":"b","securityContext":{"windowsOptions":{"hostProcess":false}}}]}"#,
        )
        .unwrap();
        let errs = validate_windows_host_process_pod(&spec, &Path::new("spec"));
        let fields: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "spec.containers[1].securityContext.windowsOptions.hostProcess",
                "spec",
                "spec"
            ]
        );
        let plain: PodSpec = serde_json::from_str(r#"{"containers":[{"name":"a"}]}"#).unwrap();
        assert!(validate_windows_host_process_pod(&plain, &Path::new("spec")).is_empty());
    }
}
