//! `Probe`: a liveness, readiness or startup check of a container, its
//! handler (Go's embedded `ProbeHandler`, inline in JSON) and its timing.

use super::handler_actions::{ExecAction, GRPCAction, HTTPGetAction, TCPSocketAction};
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Kubernetes' `core/v1` `Probe`, the `ProbeHandler` fields inline.
///
/// ```
/// use declarative::api::core::v1::Probe;
/// let p: Probe = serde_json::from_str(r#"{"exec":{"command":["true"]},"periodSeconds":10}"#).unwrap();
/// assert_eq!(p.period_seconds, 10);
/// assert!(p.http_get.is_none());
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Probe {
    /// Run a command.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exec: Option<ExecAction>,
    /// Send an HTTP GET.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub http_get: Option<HTTPGetAction>,
    /// Open a TCP connection.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tcp_socket: Option<TCPSocketAction>,
    /// Call a gRPC health check.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grpc: Option<GRPCAction>,
    /// Seconds after the container starts before the first probe.
    #[serde(default, skip_serializing_if = "is_zero_i32")]
    pub initial_delay_seconds: i32,
    /// Seconds before a probe times out.
    #[serde(default, skip_serializing_if = "is_zero_i32")]
    pub timeout_seconds: i32,
    /// Seconds between probes.
    #[serde(default, skip_serializing_if = "is_zero_i32")]
    pub period_seconds: i32,
    /// Consecutive successes that count as success.
    #[serde(default, skip_serializing_if = "is_zero_i32")]
    pub success_threshold: i32,
    /// Consecutive failures that count as failure.
    #[serde(default, skip_serializing_if = "is_zero_i32")]
    pub failure_threshold: i32,
    /// The grace period when this probe fails (overrides the pod's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub termination_grace_period_seconds: Option<i64>,
}

fn is_zero_i32(v: &i32) -> bool {
    *v == 0
}
