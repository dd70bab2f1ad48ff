//! `Lifecycle`: the hooks run after a container starts and before it stops.

use super::handler_actions::{ExecAction, HTTPGetAction, SleepAction, TCPSocketAction};
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Kubernetes' `core/v1` `Lifecycle`.
///
/// ```
/// use declarative::api::core::v1::Lifecycle;
/// let l: Lifecycle = serde_json::from_str(r#"{"preStop":{"sleep":{"seconds":1}}}"#).unwrap();
/// assert_eq!(l.pre_stop.unwrap().sleep.unwrap().seconds, 1);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Lifecycle {
    /// Run right after the container is created.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub post_start: Option<LifecycleHandler>,
    /// Run before the container is terminated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pre_stop: Option<LifecycleHandler>,
    /// The signal that stops the container (not validated by the
    /// `validateLifecycle` this port follows).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop_signal: Option<String>,
}

/// Kubernetes' `core/v1` `LifecycleHandler`.
///
/// ```
/// use declarative::api::core::v1::LifecycleHandler;
/// let h: LifecycleHandler = serde_json::from_str(r#"{"exec":{"command":["x"]}}"#).unwrap();
/// assert!(h.exec.is_some());
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct LifecycleHandler {
    /// Run a command.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exec: Option<ExecAction>,
    /// Send an HTTP GET.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub http_get: Option<HTTPGetAction>,
    /// Open a TCP connection.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tcp_socket: Option<TCPSocketAction>,
    /// Sleep.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sleep: Option<SleepAction>,
}
