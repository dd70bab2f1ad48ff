//! `DeviceClass` with its spec, selectors and opaque configuration, carrying
//! the `+k8s:` tags of Kubernetes' `resource/v1/types.go` (master).
//! `DeviceSelector` and `DeviceConfiguration` are shared with `ResourceClaim`.

use crate::api::meta::v1::ObjectMeta;
use apimachinery::Validate;
use apimachinery::runtime::RawExtension;
use serde::{Deserialize, Serialize};

/// Kubernetes' `resource/v1` `DeviceClass` (cluster-scoped).
///
/// ```
/// use declarative::api::resource::v1::DeviceClass;
/// let dc: DeviceClass = serde_json::from_str(r#"{
///     "apiVersion": "resource.k8s.io/v1", "kind": "DeviceClass",
///     "metadata": {"name": "gpu.example.com"},
///     "spec": {"selectors": [{"cel": {"expression": "device.driver == \"gpu.example.com\""}}]}
/// }"#).unwrap();
/// assert_eq!(dc.spec.selectors.len(), 1);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct DeviceClass {
    /// `resource.k8s.io/v1`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub api_version: String,
    /// `DeviceClass`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
    /// Standard object metadata.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:subfield(name)=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:subfield(name)=+k8s:format=k8s-long-name
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// What devices the class selects and how they are configured.
    #[serde(default)]
    pub spec: DeviceClassSpec,
}

/// Kubernetes' `resource/v1` `DeviceClassSpec`.
///
/// ```
/// use declarative::api::resource::v1::DeviceClassSpec;
/// assert_eq!(serde_json::to_string(&DeviceClassSpec::default()).unwrap(), "{}");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct DeviceClassSpec {
    /// Selectors every device of the class must satisfy.
    ///
    /// +listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=32
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub selectors: Vec<DeviceSelector>,
    /// Configuration passed to the drivers of allocated devices.
    ///
    /// +listType=atomic
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:maxItems=32
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub config: Vec<DeviceClassConfiguration>,
    /// The extended resource name the class's devices are advertised as.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:format=k8s-extended-resource-name
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub extended_resource_name: Option<String>,
}

/// Kubernetes' `resource/v1` `DeviceClassConfiguration`: an embedded
/// `DeviceConfiguration`, whose single member `opaque` is written inline
/// here (the tag engine names fields by their JSON name, so the embedding
/// is spelled out).
///
/// ```
/// use declarative::api::resource::v1::DeviceClassConfiguration;
/// let c: DeviceClassConfiguration = serde_json::from_str(r#"{"opaque":{"driver":"d.example.com","parameters":{"a":1}}}"#).unwrap();
/// assert_eq!(c.opaque.unwrap().driver, "d.example.com");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
pub struct DeviceClassConfiguration {
    /// Driver-specific parameters (from `DeviceConfiguration`).
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opaque: Option<OpaqueDeviceConfiguration>,
}

/// Kubernetes' `resource/v1` `DeviceSelector`.
///
/// ```
/// use declarative::api::resource::v1::DeviceSelector;
/// assert_eq!(serde_json::to_string(&DeviceSelector::default()).unwrap(), "{}");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
pub struct DeviceSelector {
    /// A CEL expression over the device.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cel: Option<CELDeviceSelector>,
}

/// Kubernetes' `resource/v1` `CELDeviceSelector`.
///
/// ```
/// use declarative::api::resource::v1::CELDeviceSelector;
/// assert_eq!(serde_json::to_string(&CELDeviceSelector::default()).unwrap(), r#"{"expression":""}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
pub struct CELDeviceSelector {
    /// The expression; it must evaluate to a bool.
    #[serde(default)]
    pub expression: String,
}

/// Kubernetes' `resource/v1` `DeviceConfiguration`: one of the
/// configuration kinds (only `opaque` exists). The configuration structs
/// that embed it in Go carry its `opaque` field directly.
///
/// ```
/// use declarative::api::resource::v1::DeviceConfiguration;
/// assert_eq!(serde_json::to_string(&DeviceConfiguration::default()).unwrap(), "{}");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
pub struct DeviceConfiguration {
    /// Driver-specific parameters.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opaque: Option<OpaqueDeviceConfiguration>,
}

/// Kubernetes' `resource/v1` `OpaqueDeviceConfiguration`.
///
/// `parameters` is a `runtime.RawExtension`, kept as the bytes received:
/// `None` is Go's empty raw value (the field missing or `null`).
///
/// ```
/// use declarative::api::resource::v1::OpaqueDeviceConfiguration;
/// let o: OpaqueDeviceConfiguration = serde_json::from_str(r#"{"driver":"d.io","parameters":null}"#).unwrap();
/// assert!(o.parameters.is_none());
/// let o: OpaqueDeviceConfiguration = serde_json::from_str(r#"{"driver":"d.io","parameters":{"a": 1}}"#).unwrap();
/// assert_eq!(o.parameters.unwrap().get(), r#"{"a": 1}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
pub struct OpaqueDeviceConfiguration {
    /// The driver the parameters are for.
    ///
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:format=k8s-long-name-caseless
    /// +k8s:beta(since: "1.37")=+k8s:maxLength=63
    #[serde(default)]
    pub driver: String,
    /// The driver's parameters, a JSON object (`runtime.RawExtension`).
    #[serde(default)]
    pub parameters: Option<RawExtension>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_a_class() {
        let text = r#"{"apiVersion":"resource.k8s.io/v1","kind":"DeviceClass","metadata":{"name":"c"},"spec":{"selectors":[{"cel":{"expression":"true"}}],"config":[{"opaque":{"driver":"d.io","parameters":{"k":"v"}}}],"extendedResourceName":"example.com/gpu"}}"#;
        let dc: DeviceClass = serde_json::from_str(text).unwrap();
        assert_eq!(serde_json::to_string(&dc).unwrap(), text);
    }
}
