//! `ResourceClaim` with its device requests, constraints, configuration and
//! status (allocation, consumers, device status), carrying the `+k8s:` tags
//! of Kubernetes' `resource/v1/types.go` (master).
//!
//! Fields this project does not validate are kept as JSON values: the core
//! `NodeSelector` (as a [`NodeSelectorJson`], which compares like the Go
//! value: nil and empty lists alike) and quantities.
//!
//! The Go string enums `DeviceAllocationMode`, `DeviceTolerationOperator`,
//! `DeviceTaintEffect` and `AllocationConfigSource` carry
//! `+k8s:beta(since: "1.37")=+k8s:enum` on their type and metav1's
//! `ConditionStatus` `+k8s:alpha(since: "1.37")=+k8s:enum`; they are
//! declared with `k8s_enum!` (serialised as plain strings).

use super::device_class::{DeviceSelector, OpaqueDeviceConfiguration};
use crate::api::core::v1::NodeSelectorJson;
use crate::api::meta::v1::{ObjectMeta, Time};
use apimachinery::Validate;
use apimachinery::resource::QuantityText;
use apimachinery::runtime::RawExtension;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

apimachinery::k8s_enum! {
    /// Kubernetes' `resource/v1` `DeviceAllocationMode`: how devices are
    /// allocated for a request.
    ///
    /// +enum
    /// +k8s:beta(since: "1.37")=+k8s:enum
    pub enum DeviceAllocationMode {
        /// A specific number of devices (`count`).
        ExactCount = "ExactCount",
        /// All matching devices.
        All = "All",
    }
}

apimachinery::k8s_enum! {
    /// Kubernetes' `resource/v1` `DeviceTolerationOperator`.
    ///
    /// +enum
    /// +k8s:beta(since: "1.37")=+k8s:enum
    pub enum DeviceTolerationOperator {
        /// The taint exists, whatever its value.
        Exists = "Exists",
        /// The taint's value equals the toleration's.
        Equal = "Equal",
    }
}

apimachinery::k8s_enum! {
    /// Kubernetes' `resource/v1` `DeviceTaintEffect`.
    ///
    /// +enum
    /// +k8s:beta(since: "1.37")=+k8s:enum
    pub enum DeviceTaintEffect {
        /// No effect, the taint is informational.
        None = "None",
        /// New pods that do not tolerate the taint are not scheduled.
        NoSchedule = "NoSchedule",
        /// Running pods that do not tolerate the taint are evicted.
        NoExecute = "NoExecute",
    }
}

apimachinery::k8s_enum! {
    /// Kubernetes' `resource/v1` `AllocationConfigSource`: where an
    /// allocated configuration came from.
    ///
    /// +enum
    /// +k8s:beta(since: "1.37")=+k8s:enum
    pub enum AllocationConfigSource {
        /// From the device class.
        FromClass = "FromClass",
        /// From the claim.
        FromClaim = "FromClaim",
    }
}

apimachinery::k8s_enum! {
    /// Kubernetes' `metav1.ConditionStatus`.
    ///
    /// +enum
    /// +k8s:alpha(since: "1.37")=+k8s:enum
    pub enum ConditionStatus {
        /// The condition holds.
        True = "True",
        /// The condition does not hold.
        False = "False",
        /// It is not known whether the condition holds.
        Unknown = "Unknown",
    }
}

apimachinery::k8s_enum! {
    /// Kubernetes' `resource/v1` `SkipNodeOperation`: a node-local resource
    /// operation (kubelet gRPC call) that may be skipped.
    ///
    /// +enum
    /// +k8s:enum
    pub enum SkipNodeOperation {
        /// `NodePrepareResources` calls are skipped.
        NodePrepareResources = "NodePrepareResources",
        /// `NodeUnprepareResources` calls are skipped.
        NodeUnprepareResources = "NodeUnprepareResources",
        /// All node-local operations are skipped.
        All = "*",
    }
}

/// Kubernetes' `resource/v1` `ResourceClaim`.
///
/// ```
/// use declarative::api::resource::v1::ResourceClaim;
/// let rc: ResourceClaim = serde_json::from_str(r#"{
///     "apiVersion": "resource.k8s.io/v1", "kind": "ResourceClaim",
///     "metadata": {"name": "gpu", "namespace": "default"},
///     "spec": {"devices": {"requests": [{"name": "req-0", "exactly": {"deviceClassName": "gpu.example.com"}}]}}
/// }"#).unwrap();
/// assert_eq!(rc.spec.devices.requests[0].exactly.as_ref().unwrap().device_class_name, "gpu.example.com");
/// ```
///
/// +k8s:supportsSubresource="/status"
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ResourceClaim {
    /// `resource.k8s.io/v1`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub api_version: String,
    /// `ResourceClaim`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
    /// Standard object metadata.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// What is requested; immutable.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:immutable
    #[serde(default)]
    pub spec: ResourceClaimSpec,
    /// The allocation and its consumers.
    #[serde(default, skip_serializing_if = "ResourceClaimStatus::is_empty")]
    pub status: ResourceClaimStatus,
}

/// Kubernetes' `resource/v1` `ResourceClaimSpec`.
///
/// ```
/// use declarative::api::resource::v1::ResourceClaimSpec;
/// assert_eq!(serde_json::to_string(&ResourceClaimSpec::default()).unwrap(), r#"{"devices":{"requests":[]}}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
pub struct ResourceClaimSpec {
    /// The requested devices.
    #[serde(default)]
    pub devices: DeviceClaim,
}

/// Kubernetes' `resource/v1` `DeviceClaim`.
///
/// `requests` has no `omitempty` in Go: an empty list is written as `[]`
/// (Go writes `null` for a nil slice; both read back as empty).
///
/// ```
/// use declarative::api::resource::v1::DeviceClaim;
/// let d: DeviceClaim = serde_json::from_str(r#"{"requests":null}"#).unwrap();
/// assert!(d.requests.is_empty());
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
pub struct DeviceClaim {
    /// The device requests.
    ///
    /// +listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:unique=map
    /// +k8s:beta(since: "1.37")=+k8s:listMapKey=name
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=32
    #[serde(default, deserialize_with = "null_as_default")]
    pub requests: Vec<DeviceRequest>,
    /// Constraints across requests.
    ///
    /// +listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=32
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub constraints: Vec<DeviceConstraint>,
    /// Configuration for the requests.
    ///
    /// +listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=32
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub config: Vec<DeviceClaimConfiguration>,
}

/// Kubernetes' `resource/v1` `DeviceRequest`: exactly one of `exactly` and
/// `firstAvailable`.
///
/// ```
/// use declarative::api::resource::v1::DeviceRequest;
/// let r: DeviceRequest = serde_json::from_str(r#"{"name":"r","firstAvailable":[{"name":"a","deviceClassName":"c"}]}"#).unwrap();
/// assert_eq!(r.first_available[0].name, "a");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct DeviceRequest {
    /// The request's name, a DNS label.
    #[serde(default)]
    pub name: String,
    /// A request for a number of devices of one class.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exactly: Option<ExactDeviceRequest>,
    /// Alternatives, tried in order.
    ///
    /// +listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:unique=map
    /// +k8s:beta(since: "1.37")=+k8s:listMapKey=name
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=8
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub first_available: Vec<DeviceSubRequest>,
}

/// Kubernetes' `resource/v1` `ExactDeviceRequest`.
///
/// ```
/// use declarative::api::resource::v1::ExactDeviceRequest;
/// assert_eq!(serde_json::to_string(&ExactDeviceRequest::default()).unwrap(), r#"{"deviceClassName":""}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ExactDeviceRequest {
    /// The class the devices must belong to.
    #[serde(default)]
    pub device_class_name: String,
    /// Further selectors.
    ///
    /// +listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=32
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub selectors: Vec<DeviceSelector>,
    /// `ExactCount` (default) or `All`.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[serde(default, skip_serializing_if = "is_unset")]
    pub allocation_mode: DeviceAllocationMode,
    /// The number of devices for `ExactCount`.
    #[serde(default, skip_serializing_if = "is_zero_i64")]
    pub count: i64,
    /// Privileged access to devices in use elsewhere.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub admin_access: Option<bool>,
    /// Taints the request tolerates.
    ///
    /// +listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tolerations: Vec<DeviceToleration>,
    /// Consumable capacity wanted per device.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capacity: Option<CapacityRequirements>,
}

/// Kubernetes' `resource/v1` `DeviceSubRequest` (one `firstAvailable` entry).
///
/// ```
/// use declarative::api::resource::v1::DeviceSubRequest;
/// assert_eq!(serde_json::to_string(&DeviceSubRequest::default()).unwrap(), r#"{"name":"","deviceClassName":""}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct DeviceSubRequest {
    /// The subrequest's name, a DNS label.
    #[serde(default)]
    pub name: String,
    /// The class the devices must belong to.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:format=k8s-long-name
    #[serde(default)]
    pub device_class_name: String,
    /// Further selectors.
    ///
    /// +listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=32
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub selectors: Vec<DeviceSelector>,
    /// `ExactCount` (default) or `All`.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[serde(default, skip_serializing_if = "is_unset")]
    pub allocation_mode: DeviceAllocationMode,
    /// The number of devices for `ExactCount`.
    #[serde(default, skip_serializing_if = "is_zero_i64")]
    pub count: i64,
    /// Taints the subrequest tolerates.
    ///
    /// +listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tolerations: Vec<DeviceToleration>,
    /// Consumable capacity wanted per device.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub capacity: Option<CapacityRequirements>,
}

/// Kubernetes' `resource/v1` `CapacityRequirements` (quantities kept as written, compared by value).
///
/// ```
/// use declarative::api::resource::v1::CapacityRequirements;
/// assert_eq!(serde_json::to_string(&CapacityRequirements::default()).unwrap(), "{}");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
pub struct CapacityRequirements {
    /// Minimum capacity per qualified capacity name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub requests: BTreeMap<String, QuantityText>,
}

/// Kubernetes' `resource/v1` `DeviceConstraint`.
///
/// ```
/// use declarative::api::resource::v1::DeviceConstraint;
/// let c: DeviceConstraint = serde_json::from_str(r#"{"matchAttribute":"example.com/numa"}"#).unwrap();
/// assert_eq!(c.match_attribute.as_deref(), Some("example.com/numa"));
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct DeviceConstraint {
    /// The requests (or `request/subrequest`) it applies to; empty: all.
    ///
    /// +listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:unique=set
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=32
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub requests: Vec<String>,
    /// An attribute all devices must share.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:format=k8s-resource-fully-qualified-name
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub match_attribute: Option<String>,
    /// An attribute all devices must differ in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub distinct_attribute: Option<String>,
}

/// Kubernetes' `resource/v1` `DeviceClaimConfiguration`.
///
/// ```
/// use declarative::api::resource::v1::DeviceClaimConfiguration;
/// let c: DeviceClaimConfiguration = serde_json::from_str(r#"{"requests":["r"],"opaque":{"driver":"d.io","parameters":{}}}"#).unwrap();
/// assert!(c.opaque.is_some());
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
pub struct DeviceClaimConfiguration {
    /// The requests it applies to; empty: all.
    ///
    /// +listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:unique=set
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=32
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub requests: Vec<String>,
    /// Driver-specific parameters (from the embedded `DeviceConfiguration`).
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opaque: Option<OpaqueDeviceConfiguration>,
}

/// Kubernetes' `resource/v1` `DeviceToleration`.
///
/// ```
/// use declarative::api::resource::v1::{DeviceToleration, DeviceTolerationOperator};
/// let t: DeviceToleration = serde_json::from_str(r#"{"key":"k","operator":"Exists","effect":"NoSchedule"}"#).unwrap();
/// assert_eq!(t.operator, DeviceTolerationOperator::Exists);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct DeviceToleration {
    /// The taint key (empty: all keys).
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:format=k8s-label-key
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub key: String,
    /// `Exists` or `Equal`.
    ///
    /// +default="Equal"
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[serde(default, skip_serializing_if = "is_unset")]
    pub operator: DeviceTolerationOperator,
    /// The taint value for `Equal`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub value: String,
    /// `NoSchedule`, `NoExecute` or `None` (empty: all effects).
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[serde(default, skip_serializing_if = "is_unset")]
    pub effect: DeviceTaintEffect,
    /// How long a `NoExecute` taint is tolerated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub toleration_seconds: Option<i64>,
}

/// Kubernetes' `resource/v1` `ResourceClaimStatus`.
///
/// ```
/// use declarative::api::resource::v1::ResourceClaimStatus;
/// assert!(ResourceClaimStatus::default().is_empty());
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ResourceClaimStatus {
    /// The allocation, once made.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:update=NoModify
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allocation: Option<AllocationResult>,
    /// The consumers of the claim.
    ///
    /// +listType=map
    /// +listMapKey=uid
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:listType=map
    /// +k8s:beta(since: "1.37")=+k8s:listMapKey=uid
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=256
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reserved_for: Vec<ResourceClaimConsumerReference>,
    /// Driver-reported status of allocated devices.
    ///
    /// +listType=map
    /// +listMapKey=driver
    /// +listMapKey=device
    /// +listMapKey=pool
    /// +listMapKey=shareID
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:listType=map
    /// +k8s:beta(since: "1.37")=+k8s:listMapKey=driver
    /// +k8s:beta(since: "1.37")=+k8s:listMapKey=device
    /// +k8s:beta(since: "1.37")=+k8s:listMapKey=pool
    /// +k8s:beta(since: "1.37")=+k8s:listMapKey=shareID
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub devices: Vec<AllocatedDeviceStatus>,
}

impl ResourceClaimStatus {
    /// Whether nothing is set (Go's zero value).
    ///
    /// ```
    /// use declarative::api::resource::v1::ResourceClaimStatus;
    /// assert!(ResourceClaimStatus::default().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self == &ResourceClaimStatus::default()
    }
}

/// Kubernetes' `resource/v1` `ResourceClaimConsumerReference`.
///
/// ```
/// use declarative::api::resource::v1::ResourceClaimConsumerReference;
/// assert_eq!(serde_json::to_string(&ResourceClaimConsumerReference::default()).unwrap(), r#"{"resource":"","name":"","uid":""}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq, Hash, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ResourceClaimConsumerReference {
    /// The consumer's API group (empty: core).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub api_group: String,
    /// The consumer's resource, e.g. `pods`.
    #[serde(default)]
    pub resource: String,
    /// The consumer's name.
    #[serde(default)]
    pub name: String,
    /// The consumer's UID.
    #[serde(default)]
    pub uid: String,
}

/// Kubernetes' `resource/v1` `AllocationResult`.
///
/// ```
/// use declarative::api::resource::v1::AllocationResult;
/// assert_eq!(serde_json::to_string(&AllocationResult::default()).unwrap(), r#"{"devices":{}}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct AllocationResult {
    /// The allocated devices.
    #[serde(default)]
    pub devices: DeviceAllocationResult,
    /// The nodes the allocation is usable on (a core `NodeSelector`, as
    /// JSON, compared as Kubernetes compares the decoded selector).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub node_selector: Option<NodeSelectorJson>,
    /// When the allocation was made (RFC 3339).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub allocation_timestamp: Option<apimachinery::time::Time>,
}

/// Kubernetes' `resource/v1` `DeviceAllocationResult`.
///
/// ```
/// use declarative::api::resource::v1::DeviceAllocationResult;
/// assert_eq!(serde_json::to_string(&DeviceAllocationResult::default()).unwrap(), "{}");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
pub struct DeviceAllocationResult {
    /// One entry per allocated device.
    ///
    /// +listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=32
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub results: Vec<DeviceRequestAllocationResult>,
    /// The configuration from the class and the claim.
    ///
    /// +listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=64
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub config: Vec<DeviceAllocationConfiguration>,
}

/// Kubernetes' `resource/v1` `DeviceRequestAllocationResult`.
///
/// ```
/// use declarative::api::resource::v1::DeviceRequestAllocationResult;
/// let r: DeviceRequestAllocationResult = serde_json::from_str(r#"{"request":"r","driver":"d.io","pool":"p","device":"gpu-0"}"#).unwrap();
/// assert_eq!(r.device, "gpu-0");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct DeviceRequestAllocationResult {
    /// The request (or `request/subrequest`) satisfied.
    #[serde(default)]
    pub request: String,
    /// The driver of the device.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:format=k8s-long-name-caseless
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:maxLength=63
    #[serde(default)]
    pub driver: String,
    /// The pool of the device.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:format=k8s-resource-pool-name
    #[serde(default)]
    pub pool: String,
    /// The device's name within the pool.
    #[serde(default)]
    pub device: String,
    /// Admin access was requested.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub admin_access: Option<bool>,
    /// The tolerations that allowed the allocation.
    ///
    /// +listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tolerations: Vec<DeviceToleration>,
    /// Conditions that must hold before binding.
    ///
    /// +listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=4
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub binding_conditions: Vec<String>,
    /// Conditions that make binding fail.
    ///
    /// +listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=4
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub binding_failure_conditions: Vec<String>,
    /// The share of a multi-allocatable device.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:format=k8s-uuid
    #[serde(default, rename = "shareID", skip_serializing_if = "Option::is_none")]
    pub share_id: Option<String>,
    /// Capacity consumed from the device (quantities kept as written, compared by value).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub consumed_capacity: BTreeMap<String, QuantityText>,
    /// Node operations the kubelet skips for this device.
    ///
    /// +listType=set
    /// +k8s:listType=set
    /// +k8s:optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skip_node_operations: Vec<SkipNodeOperation>,
}

/// Kubernetes' `resource/v1` `DeviceAllocationConfiguration`.
///
/// ```
/// use declarative::api::resource::v1::DeviceAllocationConfiguration;
/// let c: DeviceAllocationConfiguration = serde_json::from_str(r#"{"source":"FromClaim","opaque":{"driver":"d.io","parameters":{}}}"#).unwrap();
/// assert_eq!(c.source, "FromClaim");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
pub struct DeviceAllocationConfiguration {
    /// `FromClass` or `FromClaim`.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    #[serde(default)]
    pub source: AllocationConfigSource,
    /// The requests it applies to; empty: all.
    ///
    /// +listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:unique=set
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=32
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub requests: Vec<String>,
    /// Driver-specific parameters (from the embedded `DeviceConfiguration`).
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opaque: Option<OpaqueDeviceConfiguration>,
}

/// Kubernetes' `resource/v1` `AllocatedDeviceStatus`.
///
/// ```
/// use declarative::api::resource::v1::AllocatedDeviceStatus;
/// let s: AllocatedDeviceStatus = serde_json::from_str(r#"{"driver":"d.io","pool":"p","device":"gpu-0"}"#).unwrap();
/// assert!(s.conditions.is_empty());
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct AllocatedDeviceStatus {
    /// The driver of the device.
    #[serde(default)]
    pub driver: String,
    /// The pool of the device.
    #[serde(default)]
    pub pool: String,
    /// The device's name within the pool.
    #[serde(default)]
    pub device: String,
    /// The share of a multi-allocatable device.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:format=k8s-uuid
    #[serde(default, rename = "shareID", skip_serializing_if = "Option::is_none")]
    pub share_id: Option<String>,
    /// `metav1.Condition`s of the device.
    ///
    /// +listType=map
    /// +listMapKey=type
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:listType=map
    /// +k8s:alpha(since: "1.37")=+k8s:listMapKey=type
    #[serde(default, deserialize_with = "null_as_default")]
    pub conditions: Vec<Condition>,
    /// Driver-specific data, a JSON object (`*runtime.RawExtension`, kept
    /// as the bytes received).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<RawExtension>,
    /// Network interface data.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub network_data: Option<NetworkDeviceData>,
}

/// Kubernetes' `metav1.Condition`, as `AllocatedDeviceStatus` uses it, with
/// the `+k8s:` tags of `meta/v1/types.go` (master), including the
/// `+k8s:customValidation` of `lastTransitionTime`
/// ([`Condition::validate_custom_last_transition_time`]).
///
/// ```
/// use declarative::api::resource::v1::Condition;
/// let c: Condition = serde_json::from_str(r#"{"type":"Ready","status":"True","lastTransitionTime":"2026-01-01T00:00:00Z","reason":"Up","message":""}"#).unwrap();
/// assert_eq!(c.type_, "Ready");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct Condition {
    /// The condition type.
    ///
    /// +required
    /// +k8s:alpha(since: "1.37")=+k8s:required
    #[serde(default, rename = "type")]
    pub type_: String,
    /// `True`, `False` or `Unknown`.
    ///
    /// +required
    /// +k8s:alpha(since: "1.37")=+k8s:required
    #[serde(default)]
    pub status: ConditionStatus,
    /// The generation the condition was set for.
    ///
    /// +optional
    /// +k8s:alpha(since: "1.37")=+k8s:optional
    /// +k8s:alpha(since: "1.37")=+k8s:minimum=0
    #[serde(default, skip_serializing_if = "is_zero_i64")]
    pub observed_generation: i64,
    /// When the status last changed (RFC 3339).
    ///
    /// +required
    /// +k8s:alpha(since: "1.37")=+k8s:customValidation
    #[serde(default)]
    pub last_transition_time: Time,
    /// A machine-readable reason.
    ///
    /// +required
    /// +k8s:alpha(since: "1.37")=+k8s:required
    /// +k8s:alpha(since: "1.37")=+k8s:maxBytes=1024
    #[serde(default)]
    pub reason: String,
    /// A human-readable message.
    #[serde(default)]
    pub message: String,
}

impl Condition {
    /// The hand-written check behind `lastTransitionTime`'s
    /// `+k8s:customValidation`: Kubernetes' metav1 condition validation
    /// requires a non-zero time (`LastTransitionTime.IsZero()` reports
    /// `Required`).
    ///
    /// ```
    /// use apimachinery::{field::Path, operation::Context};
    /// use declarative::api::{meta::v1::Time, resource::v1::Condition};
    /// let p = Path::new("lastTransitionTime");
    /// let t = Time::from("2026-01-01T00:00:00Z");
    /// assert!(Condition::validate_custom_last_transition_time(&Context::create(), &p, Some(&t), None).is_empty());
    /// let errs = Condition::validate_custom_last_transition_time(&Context::create(), &p, Some(&Time::default()), None);
    /// assert_eq!(errs[0].to_string(), "lastTransitionTime: Required value");
    /// ```
    pub fn validate_custom_last_transition_time(
        _ctx: &apimachinery::operation::Context,
        path: &apimachinery::field::Path<'_>,
        value: Option<&Time>,
        _old: Option<&Time>,
    ) -> apimachinery::field::ErrorList {
        match value {
            Some(v) if !v.is_zero() => apimachinery::field::ErrorList::new(),
            _ => {
                apimachinery::field::ErrorList::from(apimachinery::field::Error::required(path, ""))
            }
        }
    }
}

/// Kubernetes' `resource/v1` `NetworkDeviceData`.
///
/// ```
/// use declarative::api::resource::v1::NetworkDeviceData;
/// assert_eq!(serde_json::to_string(&NetworkDeviceData::default()).unwrap(), "{}");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct NetworkDeviceData {
    /// The interface name inside the pod.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:maxBytes=256
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub interface_name: String,
    /// Interface addresses in CIDR form.
    ///
    /// +listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:unique=set
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=16
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub ips: Vec<String>,
    /// The hardware (MAC) address.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:maxBytes=128
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub hardware_address: String,
}

fn is_zero_i64(v: &i64) -> bool {
    *v == 0
}

/// An enum field at its zero value (`""`), omitted like Go's `omitempty`.
fn is_unset<T: AsRef<str>>(v: &T) -> bool {
    v.as_ref().is_empty()
}

/// Reads a JSON `null` as the type's default (Go's nil slice).
fn null_as_default<'de, D, T>(deserializer: D) -> Result<T, D::Error>
where
    D: serde::Deserializer<'de>,
    T: Default + Deserialize<'de>,
{
    Ok(Option::<T>::deserialize(deserializer)?.unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_a_claim_with_status() {
        let text = r#"{"apiVersion":"resource.k8s.io/v1","kind":"ResourceClaim","metadata":{"name":"c","namespace":"ns"},"spec":{"devices":{"requests":[{"name":"r","exactly":{"deviceClassName":"gpu","allocationMode":"ExactCount","count":2,"tolerations":[{"key":"k","operator":"Exists"}]}}],"constraints":[{"requests":["r"],"matchAttribute":"example.com/numa"}],"config":[{"requests":["r"],"opaque":{"driver":"d.io","parameters":{"a":1}}}]}},"status":{"allocation":{"devices":{"results":[{"request":"r","driver":"d.io","pool":"p","device":"gpu-0"}],"config":[{"source":"FromClaim","opaque":{"driver":"d.io","parameters":{}}}]}},"reservedFor":[{"resource":"pods","name":"p","uid":"u"}],"devices":[{"driver":"d.io","pool":"p","device":"gpu-0","conditions":[]}]}}"#;
        let rc: ResourceClaim = serde_json::from_str(text).unwrap();
        assert_eq!(serde_json::to_string(&rc).unwrap(), text);
    }

    #[test]
    fn empty_status_is_omitted() {
        let rc = ResourceClaim::default();
        assert_eq!(
            serde_json::to_string(&rc).unwrap(),
            r#"{"metadata":{},"spec":{"devices":{"requests":[]}}}"#
        );
    }
}
