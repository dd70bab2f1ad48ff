//! The actions a probe or a lifecycle hook runs: `ExecAction`,
//! `HTTPGetAction` (with its `HTTPHeader`s), `TCPSocketAction`, `GRPCAction`
//! and `SleepAction`.

use crate::api::networking::v1::IntOrString;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Kubernetes' `core/v1` `ExecAction`.
///
/// ```
/// use declarative::api::core::v1::ExecAction;
/// let a: ExecAction = serde_json::from_str(r#"{"command":["echo"]}"#).unwrap();
/// assert_eq!(a.command, ["echo"]);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ExecAction {
    /// The command line to run in the container.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub command: Vec<String>,
}

/// The zero `intstr.IntOrString` (an integer 0), what Go reads for an absent `port`.
fn zero_port() -> IntOrString {
    IntOrString::Int(0)
}

/// Kubernetes' `core/v1` `HTTPGetAction` (`protocol`, newer than the
/// validation this port follows, is not modelled).
///
/// ```
/// use declarative::api::core::v1::HTTPGetAction;
/// use declarative::api::networking::v1::IntOrString;
/// let a: HTTPGetAction = serde_json::from_str(r#"{"path":"/","scheme":"HTTP"}"#).unwrap();
/// assert_eq!(a.port, IntOrString::Int(0));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Validate)]
#[serde(rename_all = "camelCase")]
pub struct HTTPGetAction {
    /// The path to request.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub path: String,
    /// The port: a number or a named container port.
    #[serde(default = "zero_port")]
    pub port: IntOrString,
    /// The host to connect to (default: the pod IP).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub host: String,
    /// `HTTP` or `HTTPS`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub scheme: String,
    /// Request headers.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub http_headers: Vec<HTTPHeader>,
}

impl Default for HTTPGetAction {
    fn default() -> Self {
        HTTPGetAction {
            path: String::new(),
            port: zero_port(),
            host: String::new(),
            scheme: String::new(),
            http_headers: Vec::new(),
        }
    }
}

/// Kubernetes' `core/v1` `HTTPHeader`.
///
/// ```
/// use declarative::api::core::v1::HTTPHeader;
/// let h: HTTPHeader = serde_json::from_str(r#"{"name":"Host","value":"a"}"#).unwrap();
/// assert_eq!(h.name, "Host");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct HTTPHeader {
    /// The header name.
    #[serde(default)]
    pub name: String,
    /// The header value.
    #[serde(default)]
    pub value: String,
}

/// Kubernetes' `core/v1` `TCPSocketAction`.
///
/// ```
/// use declarative::api::core::v1::TCPSocketAction;
/// use declarative::api::networking::v1::IntOrString;
/// let a: TCPSocketAction = serde_json::from_str(r#"{"port":"http"}"#).unwrap();
/// assert_eq!(a.port, IntOrString::String("http".into()));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Validate)]
#[serde(rename_all = "camelCase")]
pub struct TCPSocketAction {
    /// The port: a number or a named container port.
    #[serde(default = "zero_port")]
    pub port: IntOrString,
    /// The host to connect to (default: the pod IP).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub host: String,
}

impl Default for TCPSocketAction {
    fn default() -> Self {
        TCPSocketAction {
            port: zero_port(),
            host: String::new(),
        }
    }
}

/// Kubernetes' `core/v1` `GRPCAction` (`mode`, newer than the validation this
/// port follows, is not modelled).
///
/// ```
/// use declarative::api::core::v1::GRPCAction;
/// let a: GRPCAction = serde_json::from_str(r#"{"port":9000}"#).unwrap();
/// assert_eq!(a.port, 9000);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct GRPCAction {
    /// The port number of the gRPC service.
    #[serde(default)]
    pub port: i32,
    /// The service name for the gRPC health check.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub service: Option<String>,
}

/// Kubernetes' `core/v1` `SleepAction`.
///
/// ```
/// use declarative::api::core::v1::SleepAction;
/// let a: SleepAction = serde_json::from_str(r#"{"seconds":5}"#).unwrap();
/// assert_eq!(a.seconds, 5);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct SleepAction {
    /// How long to sleep.
    #[serde(default)]
    pub seconds: i64,
}
