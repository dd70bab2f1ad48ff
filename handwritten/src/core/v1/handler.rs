//! Probe and lifecycle handlers: a port of `validateHandler` (exactly one
//! action), the actions (`validateExecAction`, `validateHTTPGetAction`,
//! `validateTCPSocketAction`, `validateGRPCAction`, `validateSleepAction`,
//! `ValidatePortNumOrName`) and `validateLifecycle`.

use super::container::PodValidationOptions;
use apimachinery::content::{is_http_header_name, is_valid_port_name, is_valid_port_num};
use apimachinery::field::{Error, ErrorList, Path};
use declarative::api::core::v1::{
    ExecAction, GRPCAction, HTTPGetAction, Lifecycle, LifecycleHandler, Probe, SleepAction,
    TCPSocketAction,
};
use declarative::api::networking::v1::IntOrString;

/// Kubernetes' `commonHandler`: the actions of a probe or a lifecycle hook
/// (a probe has no `sleep`, a hook no `grpc`).
#[derive(Debug, Clone, Copy, Default)]
pub struct CommonHandler<'h> {
    /// Run a command.
    pub exec: Option<&'h ExecAction>,
    /// Send an HTTP GET.
    pub http_get: Option<&'h HTTPGetAction>,
    /// Open a TCP connection.
    pub tcp_socket: Option<&'h TCPSocketAction>,
    /// Call a gRPC health check.
    pub grpc: Option<&'h GRPCAction>,
    /// Sleep.
    pub sleep: Option<&'h SleepAction>,
}

impl<'h> From<&'h Probe> for CommonHandler<'h> {
    /// `handlerFromProbe`.
    fn from(p: &'h Probe) -> Self {
        CommonHandler {
            exec: p.exec.as_ref(),
            http_get: p.http_get.as_ref(),
            tcp_socket: p.tcp_socket.as_ref(),
            grpc: p.grpc.as_ref(),
            sleep: None,
        }
    }
}

impl<'h> From<&'h LifecycleHandler> for CommonHandler<'h> {
    /// `handlerFromLifecycle`.
    fn from(h: &'h LifecycleHandler) -> Self {
        CommonHandler {
            exec: h.exec.as_ref(),
            http_get: h.http_get.as_ref(),
            tcp_socket: h.tcp_socket.as_ref(),
            grpc: None,
            sleep: h.sleep.as_ref(),
        }
    }
}

const MORE_THAN_ONE: &str = "may not specify more than 1 handler type";

/// `validateHandler`: exactly one action; the first one set is validated,
/// each later one is `Forbidden`; none is `Required` at `path`.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::core::v1::handler::{validate_handler, CommonHandler};
/// let errs = validate_handler(CommonHandler::default(), Some(30), &Path::new("h"), Default::default());
/// assert_eq!(errs[0].to_string(), "h: Required value: must specify a handler type");
/// ```
pub fn validate_handler(
    handler: CommonHandler<'_>,
    grace_period: Option<i64>,
    path: &Path<'_>,
    opts: PodValidationOptions,
) -> ErrorList {
    let mut errs = ErrorList::new();
    let mut count = 0;
    let mut one = |name: &str, errs: &mut ErrorList, check: &dyn Fn(&Path<'_>) -> ErrorList| {
        let child = path.child(name);
        if count > 0 {
            errs.push(Error::forbidden(&child, MORE_THAN_ONE));
        } else {
            count += 1;
            errs.extend_from(check(&child));
        }
    };
    if let Some(exec) = handler.exec {
        one("exec", &mut errs, &|p| validate_exec_action(exec, p));
    }
    if let Some(http) = handler.http_get {
        one("httpGet", &mut errs, &|p| validate_http_get_action(http, p));
    }
    if let Some(tcp) = handler.tcp_socket {
        one("tcpSocket", &mut errs, &|p| {
            validate_port_num_or_name(&tcp.port, &p.child("port"))
        });
    }
    if let Some(grpc) = handler.grpc {
        one("grpc", &mut errs, &|p| {
            validate_port_num_or_name(&IntOrString::Int(grpc.port), &p.child("port"))
        });
    }
    if let Some(sleep) = handler.sleep {
        one("sleep", &mut errs, &|p| {
            validate_sleep_action(sleep, grace_period, p, opts)
        });
    }
    if count == 0 {
        errs.push(Error::required(path, "must specify a handler type"));
    }
    errs
}

/// `validateExecAction`: a command is required.
fn validate_exec_action(exec: &ExecAction, path: &Path<'_>) -> ErrorList {
    if exec.command.is_empty() {
        return ErrorList::from(Error::required(&path.child("command"), ""));
    }
    ErrorList::new()
}

const HTTP_SCHEMES: &[&str] = &["HTTP", "HTTPS"];

/// `validateHTTPGetAction`: a path, a valid port, scheme `HTTP` or `HTTPS`,
/// valid header names (reported at `httpHeaders`, not at the header).
fn validate_http_get_action(http: &HTTPGetAction, path: &Path<'_>) -> ErrorList {
    let mut errs = ErrorList::new();
    if http.path.is_empty() {
        errs.push(Error::required(&path.child("path"), ""));
    }
    errs.extend_from(validate_port_num_or_name(&http.port, &path.child("port")));
    if !HTTP_SCHEMES.contains(&http.scheme.as_str()) {
        errs.push(Error::not_supported(
            &path.child("scheme"),
            http.scheme.as_str(),
            HTTP_SCHEMES,
        ));
    }
    let headers = path.child("httpHeaders");
    for header in &http.http_headers {
        for msg in is_http_header_name(&header.name) {
            errs.push(Error::invalid(&headers, header.name.as_str(), msg));
        }
    }
    errs
}

/// `ValidatePortNumOrName`: a number in 1-65535 or an IANA service name.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::networking::v1::IntOrString;
/// use handwritten::core::v1::handler::validate_port_num_or_name;
/// assert_eq!(validate_port_num_or_name(&IntOrString::Int(0), &Path::new("port")).len(), 1);
/// assert!(validate_port_num_or_name(&IntOrString::String("http".into()), &Path::new("port")).is_empty());
/// ```
pub fn validate_port_num_or_name(port: &IntOrString, path: &Path<'_>) -> ErrorList {
    match port {
        IntOrString::Int(n) => is_valid_port_num(i64::from(*n))
            .into_iter()
            .map(|msg| Error::invalid(path, *n, msg))
            .collect(),
        IntOrString::String(name) => is_valid_port_name(name)
            .into_iter()
            .map(|msg| Error::invalid(path, name.as_str(), msg))
            .collect(),
    }
}

/// `validateSleepAction`: with a grace period, the seconds must lie in
/// 0 (or 1 without `AllowPodLifecycleSleepActionZeroValue`) up to the grace
/// period; without one (the pod's is missing, reported elsewhere), anything goes.
fn validate_sleep_action(
    sleep: &SleepAction,
    grace_period: Option<i64>,
    path: &Path<'_>,
    opts: PodValidationOptions,
) -> ErrorList {
    let Some(grace) = grace_period else {
        return ErrorList::new();
    };
    let low = if opts.allow_pod_lifecycle_sleep_action_zero_value {
        0
    } else {
        1
    };
    if sleep.seconds >= low && sleep.seconds <= grace {
        return ErrorList::new();
    }
    let detail = if opts.allow_pod_lifecycle_sleep_action_zero_value {
        format!("must be non-negative and less than terminationGracePeriodSeconds ({grace})")
    } else {
        format!(
            "must be greater than 0 and less than terminationGracePeriodSeconds ({grace}). Enable AllowPodLifecycleSleepActionZeroValue feature gate for zero sleep."
        )
    };
    ErrorList::from(Error::invalid(path, sleep.seconds, detail))
}

/// `validateLifecycle`: each hook that is set has a valid handler.
///
/// ```
/// use apimachinery::field::Path;
/// use declarative::api::core::v1::Lifecycle;
/// use handwritten::core::v1::handler::validate_lifecycle;
/// let l: Lifecycle = serde_json::from_str(r#"{"preStop":{"sleep":{"seconds":60}}}"#).unwrap();
/// let errs = validate_lifecycle(&l, Some(30), &Path::new("lifecycle"), Default::default());
/// assert_eq!(errs[0].field, "lifecycle.preStop.sleep");
/// ```
pub fn validate_lifecycle(
    lifecycle: &Lifecycle,
    grace_period: Option<i64>,
    path: &Path<'_>,
    opts: PodValidationOptions,
) -> ErrorList {
    let mut errs = ErrorList::new();
    if let Some(hook) = &lifecycle.post_start {
        errs.extend_from(validate_handler(
            CommonHandler::from(hook),
            grace_period,
            &path.child("postStart"),
            opts,
        ));
    }
    if let Some(hook) = &lifecycle.pre_stop {
        errs.extend_from(validate_handler(
            CommonHandler::from(hook),
            grace_period,
            &path.child("preStop"),
            opts,
        ));
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;
    use apimachinery::field::ErrorType;

    fn probe(json: &str) -> Probe {
        serde_json::from_str(json).unwrap()
    }

    fn check(json: &str) -> Vec<(ErrorType, String)> {
        let p = probe(json);
        validate_handler(
            CommonHandler::from(&p),
            Some(30),
            &Path::new("h"),
            PodValidationOptions::default(),
        )
        .iter()
        .map(|e| (e.error_type, e.field.clone()))
        .collect()
    }

    #[test]
    fn valid_handlers_pass() {
        for json in [
            r#"{"exec":{"command":["echo"]}}"#,
            r#"{"httpGet":{"path":"/","port":1,"scheme":"HTTP"}}"#,
            r#"{"httpGet":{"path":"/","port":"port","scheme":"HTTPS","httpHeaders":[{"name":"X-Forwarded-For","value":"1"}]}}"#,
            r#"{"tcpSocket":{"port":65535}}"#,
            r#"{"grpc":{"port":9000}}"#,
        ] {
            assert!(check(json).is_empty(), "{json}");
        }
    }

    #[test]
    fn invalid_handlers() {
        assert_eq!(check("{}"), [(ErrorType::Required, "h".into())]);
        assert_eq!(
            check(r#"{"exec":{}}"#),
            [(ErrorType::Required, "h.exec.command".into())]
        );
        assert_eq!(
            check(r#"{"httpGet":{"path":"","port":0}}"#),
            [
                (ErrorType::Required, "h.httpGet.path".into()),
                (ErrorType::Invalid, "h.httpGet.port".into()),
                (ErrorType::NotSupported, "h.httpGet.scheme".into()),
            ]
        );
        assert_eq!(
            check(
                r#"{"httpGet":{"path":"/","port":"p","scheme":"HTTP","httpHeaders":[{"name":"Host:"}]}}"#
            ),
            [(ErrorType::Invalid, "h.httpGet.httpHeaders".into())]
        );
        assert_eq!(
            check(r#"{"exec":{"command":["a"]},"tcpSocket":{"port":1},"grpc":{"port":1}}"#),
            [
                (ErrorType::Forbidden, "h.tcpSocket".into()),
                (ErrorType::Forbidden, "h.grpc".into()),
            ]
        );
    }

    #[test]
    fn sleep_bounds_follow_the_option() {
        let l: Lifecycle =
            serde_json::from_str(r#"{"postStart":{"sleep":{"seconds":0}}}"#).unwrap();
        let on = PodValidationOptions::default();
        assert!(validate_lifecycle(&l, Some(30), &Path::new("l"), on).is_empty());
        let off = PodValidationOptions {
            allow_pod_lifecycle_sleep_action_zero_value: false,
            ..on
        };
        let errs = validate_lifecycle(&l, Some(30), &Path::new("l"), off);
        assert_eq!(errs[0].field, "l.postStart.sleep");
        assert!(validate_lifecycle(&l, None, &Path::new("l"), off).is_empty());
    }
}
