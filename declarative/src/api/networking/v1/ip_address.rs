//! `IPAddress` with its spec and parent reference, carrying the `+k8s:` tags
//! of Kubernetes' `networking/v1/types.go` (master).

use crate::api::meta::v1::ObjectMeta;
use apimachinery::Validate;
use serde::{Deserialize, Serialize};

/// Kubernetes' `networking/v1` `IPAddress`: one allocated IP, named by the
/// IP in canonical form.
///
/// ```
/// use declarative::api::networking::v1::IPAddress;
/// let ip: IPAddress = serde_json::from_str(r#"{
///     "apiVersion": "networking.k8s.io/v1", "kind": "IPAddress",
///     "metadata": {"name": "192.168.1.5"},
///     "spec": {"parentRef": {"resource": "services", "namespace": "default", "name": "web"}}
/// }"#).unwrap();
/// assert_eq!(ip.spec.parent_ref.unwrap().resource, "services");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct IPAddress {
    /// `networking.k8s.io/v1`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub api_version: String,
    /// `IPAddress`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,
    /// Standard object metadata; the name is the IP address.
    #[serde(default)]
    pub metadata: ObjectMeta,
    /// The desired state.
    #[serde(default)]
    pub spec: IPAddressSpec,
}

/// Kubernetes' `networking/v1` `IPAddressSpec`.
///
/// ```
/// use declarative::api::networking::v1::IPAddressSpec;
/// assert_eq!(serde_json::to_string(&IPAddressSpec::default()).unwrap(), "{}");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct IPAddressSpec {
    /// The object the address is attached to.
    ///
    /// +required
    /// +k8s:beta(since: "1.37")=+k8s:required
    /// +k8s:beta(since: "1.37")=+k8s:immutable
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent_ref: Option<ParentReference>,
}

/// Kubernetes' `networking/v1` `ParentReference`.
///
/// ```
/// use declarative::api::networking::v1::ParentReference;
/// let p = ParentReference { resource: "services".into(), name: "web".into(), ..Default::default() };
/// assert_eq!(serde_json::to_string(&p).unwrap(), r#"{"resource":"services","name":"web"}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct ParentReference {
    /// The group of the referenced object (empty: the core group).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub group: String,
    /// The resource of the referenced object.
    ///
    /// +required
    /// +k8s:beta(since: "1.37")=+k8s:required
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub resource: String,
    /// The namespace of the referenced object.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub namespace: String,
    /// The name of the referenced object.
    ///
    /// +required
    /// +k8s:beta(since: "1.37")=+k8s:required
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_ignores_unknown_fields() {
        let text = r#"{"apiVersion":"networking.k8s.io/v1","kind":"IPAddress","metadata":{"name":"2001:db8::1"},"spec":{"parentRef":{"group":"g","resource":"services","namespace":"ns","name":"n"}}}"#;
        let ip: IPAddress = serde_json::from_str(text).unwrap();
        assert_eq!(serde_json::to_string(&ip).unwrap(), text);
        let extra: IPAddress =
            serde_json::from_str(r#"{"spec":{"unknown":1},"status":{}}"#).unwrap();
        assert_eq!(extra.spec.parent_ref, None);
    }
}
