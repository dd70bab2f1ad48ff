//! `CertificateSigningRequest` (`certificates.k8s.io/v1`), with its `+k8s:`
//! tags as Kubernetes' `staging/src/k8s.io/api/certificates/v1/types.go`
//! (master) has them.
//!
//! Byte fields (`spec.request`, `status.certificate`) are base64 strings in
//! JSON, as Go writes `[]byte`; timestamps are kept as their RFC 3339 text.

use super::base64_bytes;
use crate::api::meta::v1::{ObjectMeta, Time};
use apimachinery::Validate;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;

/// A request for an x509 certificate: a PKCS#10 request that a signer
/// approves (or denies) and issues asynchronously.
///
/// +k8s:supportsSubresource="/status"
/// +k8s:supportsSubresource="/approval"
///
/// ```
/// use declarative::api::certificates::v1::{CertificateSigningRequest, KeyUsage};
/// let csr: CertificateSigningRequest = serde_json::from_str(r#"{
///     "apiVersion": "certificates.k8s.io/v1",
///     "kind": "CertificateSigningRequest",
///     "metadata": {"name": "my-csr"},
///     "spec": {"request": "aGk=", "signerName": "example.com/signer", "usages": ["client auth"]}
/// }"#).unwrap();
/// assert_eq!(csr.spec.request, b"hi");
/// assert_eq!(csr.spec.usages, vec![KeyUsage::from(KeyUsage::CLIENT_AUTH)]);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
pub struct CertificateSigningRequest {
    /// The API version (`certificates.k8s.io/v1`), from `TypeMeta`.
    #[serde(
        rename = "apiVersion",
        default,
        skip_serializing_if = "String::is_empty"
    )]
    pub api_version: String,

    /// The kind (`CertificateSigningRequest`), from `TypeMeta`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub kind: String,

    /// Standard object metadata.
    ///
    /// +optional
    #[serde(default)]
    pub metadata: ObjectMeta,

    /// The certificate request; immutable after creation.
    #[serde(default)]
    pub spec: CertificateSigningRequestSpec,

    /// Approval conditions and the issued certificate.
    ///
    /// +optional
    #[serde(default)]
    pub status: CertificateSigningRequestStatus,
}

/// The certificate request itself and the identity of its requester.
///
/// ```
/// use declarative::api::certificates::v1::CertificateSigningRequestSpec;
/// let spec = CertificateSigningRequestSpec { signer_name: "example.com/s".into(), ..Default::default() };
/// assert_eq!(serde_json::to_string(&spec).unwrap(), r#"{"request":"","signerName":"example.com/s"}"#);
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct CertificateSigningRequestSpec {
    /// A PEM "CERTIFICATE REQUEST" block (PKCS#10); base64 in JSON.
    ///
    /// +listType=atomic
    #[serde(with = "base64_bytes", default)]
    pub request: Vec<u8>,

    /// The requested signer, a qualified name such as
    /// `kubernetes.io/kube-apiserver-client`.
    #[serde(default)]
    pub signer_name: String,

    /// The requested validity of the issued certificate, in seconds.
    ///
    /// +optional
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expiration_seconds: Option<i32>,

    /// The key usages requested in the issued certificate.
    ///
    /// +listType=atomic
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub usages: Vec<KeyUsage>,

    /// The name of the requesting user (set by the API server).
    ///
    /// +optional
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub username: String,

    /// The UID of the requesting user (set by the API server).
    ///
    /// +optional
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub uid: String,

    /// The groups of the requesting user (set by the API server).
    ///
    /// +listType=atomic
    /// +optional
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub groups: Vec<String>,

    /// Extra attributes of the requesting user (set by the API server).
    ///
    /// +optional
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub extra: BTreeMap<String, Vec<String>>,
}

/// Conditions (Approved / Denied / Failed) and the issued certificate.
///
/// ```
/// use declarative::api::certificates::v1::CertificateSigningRequestStatus;
/// let s = CertificateSigningRequestStatus::default();
/// assert_eq!(serde_json::to_string(&s).unwrap(), "{}");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct CertificateSigningRequestStatus {
    /// Conditions applied to the request. Known conditions are "Approved",
    /// "Denied", and "Failed".
    ///
    /// +listType=map
    /// +listMapKey=type
    /// +optional
    /// +k8s:beta(since: "1.37")=+k8s:listType=map
    /// +k8s:beta(since: "1.37")=+k8s:listMapKey=type
    /// +k8s:beta(since: "1.37")=+k8s:customUnique
    /// +k8s:beta(since: "1.37")=+k8s:optional
    /// +k8s:beta(since: "1.37")=+k8s:item(type: "Approved")=+k8s:zeroOrOneOfMember
    /// +k8s:beta(since: "1.37")=+k8s:item(type: "Denied")=+k8s:zeroOrOneOfMember
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<CertificateSigningRequestCondition>,

    /// The issued certificate chain, PEM "CERTIFICATE" blocks; base64 in JSON.
    ///
    /// +listType=atomic
    /// +optional
    #[serde(with = "base64_bytes", default, skip_serializing_if = "Vec::is_empty")]
    pub certificate: Vec<u8>,
}

/// One condition of a request.
///
/// ```
/// use declarative::api::certificates::v1::{CertificateSigningRequestCondition, RequestConditionType};
/// let c: CertificateSigningRequestCondition =
///     serde_json::from_str(r#"{"type":"Approved","status":"True","reason":"AutoApproved"}"#).unwrap();
/// assert_eq!(c.condition_type, RequestConditionType::from(RequestConditionType::APPROVED));
/// assert_eq!(c.status, "True");
/// ```
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Default, Validate)]
#[serde(rename_all = "camelCase")]
pub struct CertificateSigningRequestCondition {
    /// The condition type: "Approved", "Denied", "Failed" or another value.
    #[serde(rename = "type", default)]
    pub condition_type: RequestConditionType,

    /// The condition status (core/v1 `ConditionStatus`): "True", "False" or "Unknown".
    #[serde(default)]
    pub status: String,

    /// A brief reason for the request state.
    ///
    /// +optional
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,

    /// A human-readable message about the request state.
    ///
    /// +optional
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub message: String,

    /// When this condition was last updated (RFC 3339).
    ///
    /// +optional
    #[serde(default, skip_serializing_if = "Time::is_null")]
    pub last_update_time: Time,

    /// When this condition last changed status (RFC 3339).
    ///
    /// +optional
    #[serde(default, skip_serializing_if = "Time::is_null")]
    pub last_transition_time: Time,
}

macro_rules! string_type {
    ($(#[$doc:meta])* $name:ident { $($(#[$cdoc:meta])* $konst:ident = $value:literal,)* }) => {
        $(#[$doc])*
        #[derive(Serialize, Deserialize, Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
        #[serde(transparent)]
        pub struct $name(pub String);

        impl $name {
            $($(#[$cdoc])* pub const $konst: &'static str = $value;)*

            /// Every well-known value, in declaration order.
            pub const KNOWN: &'static [&'static str] = &[$($value),*];

            /// The value as text.
            pub fn as_str(&self) -> &str {
                &self.0
            }
        }

        impl From<&str> for $name {
            fn from(value: &str) -> Self {
                $name(value.to_string())
            }
        }

        impl From<String> for $name {
            fn from(value: String) -> Self {
                $name(value)
            }
        }

        impl AsRef<str> for $name {
            fn as_ref(&self) -> &str {
                &self.0
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.0 == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.0 == *other
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
    };
}

string_type! {
    /// A key usage (RFC 5280 key usage or extended key usage) requested for
    /// the certificate; any string is representable, the constants are the
    /// values Kubernetes knows.
    ///
    /// ```
    /// use declarative::api::certificates::v1::KeyUsage;
    /// let u = KeyUsage::from(KeyUsage::SERVER_AUTH);
    /// assert_eq!(u.as_str(), "server auth");
    /// assert_eq!(KeyUsage::KNOWN.len(), 23);
    /// assert_eq!(serde_json::to_string(&u).unwrap(), r#""server auth""#);
    /// ```
    KeyUsage {
        /// `signing`
        SIGNING = "signing",
        /// `digital signature`
        DIGITAL_SIGNATURE = "digital signature",
        /// `content commitment`
        CONTENT_COMMITMENT = "content commitment",
        /// `key encipherment`
        KEY_ENCIPHERMENT = "key encipherment",
        /// `key agreement`
        KEY_AGREEMENT = "key agreement",
        /// `data encipherment`
        DATA_ENCIPHERMENT = "data encipherment",
        /// `cert sign`
        CERT_SIGN = "cert sign",
        /// `crl sign`
        CRL_SIGN = "crl sign",
        /// `encipher only`
        ENCIPHER_ONLY = "encipher only",
        /// `decipher only`
        DECIPHER_ONLY = "decipher only",
        /// `any`
        ANY = "any",
        /// `server auth`
        SERVER_AUTH = "server auth",
        /// `client auth`
        CLIENT_AUTH = "client auth",
        /// `code signing`
        CODE_SIGNING = "code signing",
        /// `email protection`
        EMAIL_PROTECTION = "email protection",
        /// `s/mime`
        SMIME = "s/mime",
        /// `ipsec end system`
        IPSEC_END_SYSTEM = "ipsec end system",
        /// `ipsec tunnel`
        IPSEC_TUNNEL = "ipsec tunnel",
        /// `ipsec user`
        IPSEC_USER = "ipsec user",
        /// `timestamping`
        TIMESTAMPING = "timestamping",
        /// `ocsp signing`
        OCSP_SIGNING = "ocsp signing",
        /// `microsoft sgc`
        MICROSOFT_SGC = "microsoft sgc",
        /// `netscape sgc`
        NETSCAPE_SGC = "netscape sgc",
    }
}

string_type! {
    /// The type of a [`CertificateSigningRequestCondition`].
    ///
    /// ```
    /// use declarative::api::certificates::v1::RequestConditionType;
    /// assert_eq!(RequestConditionType::KNOWN, &["Approved", "Denied", "Failed"]);
    /// assert!(RequestConditionType::from("Denied") == RequestConditionType::DENIED);
    /// ```
    RequestConditionType {
        /// The request was approved and should be issued by the signer.
        APPROVED = "Approved",
        /// The request was denied and should not be issued by the signer.
        DENIED = "Denied",
        /// The signer failed to issue the certificate.
        FAILED = "Failed",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn full_object_round_trips_with_v1_json_names() {
        let value = json!({
            "apiVersion": "certificates.k8s.io/v1",
            "kind": "CertificateSigningRequest",
            "metadata": {"name": "csr"},
            "spec": {
                "request": "aGk=",
                "signerName": "example.com/signer",
                "expirationSeconds": 600,
                "usages": ["digital signature", "client auth"],
                "username": "alice",
                "uid": "u-1",
                "groups": ["system:authenticated"],
                "extra": {"scopes": ["a", "b"]}
            },
            "status": {
                "conditions": [{
                    "type": "Approved",
                    "status": "True",
                    "reason": "R",
                    "message": "M",
                    "lastUpdateTime": "2024-01-01T00:00:00Z",
                    "lastTransitionTime": "2024-01-01T00:00:00Z"
                }],
                "certificate": "Y2VydA=="
            }
        });
        let csr: CertificateSigningRequest = serde_json::from_value(value.clone()).unwrap();
        assert_eq!(csr.spec.expiration_seconds, Some(600));
        assert_eq!(csr.spec.extra["scopes"], vec!["a", "b"]);
        assert_eq!(csr.status.certificate, b"cert");
        assert_eq!(serde_json::to_value(&csr).unwrap(), value);
    }

    #[test]
    fn empty_optional_fields_are_omitted_like_go() {
        let csr = CertificateSigningRequest::default();
        assert_eq!(
            serde_json::to_value(&csr).unwrap(),
            json!({"metadata": {}, "spec": {"request": "", "signerName": ""}, "status": {}})
        );
    }

    #[test]
    fn null_request_reads_as_empty_and_bad_base64_is_an_error() {
        let csr: CertificateSigningRequest =
            serde_json::from_value(json!({"spec": {"request": null}})).unwrap();
        assert!(csr.spec.request.is_empty());
        let bad = serde_json::from_value::<CertificateSigningRequest>(
            json!({"spec": {"request": "%%%"}}),
        );
        assert!(bad.is_err());
    }

    fn with_conditions(types: &[&str]) -> CertificateSigningRequest {
        let mut csr = CertificateSigningRequest::default();
        for t in types {
            csr.status
                .conditions
                .push(CertificateSigningRequestCondition {
                    condition_type: (*t).into(),
                    status: "True".into(),
                    ..Default::default()
                });
        }
        csr
    }

    #[test]
    fn declarative_approved_and_denied_is_one_beta_zero_or_one_of_error() {
        use apimachinery::Validate;
        use apimachinery::operation::Context;
        let csr = with_conditions(&["Approved", "Denied", "Denied"]);
        let errs = csr.validate(&Context::create(), None);
        assert_eq!(errs.len(), 1);
        assert_eq!(errs[0].field, "status.conditions");
        assert_eq!(errs[0].origin, "zeroOrOneOf");
        assert!(errs[0].is_beta());
        assert!(
            with_conditions(&["Approved", "Failed"])
                .validate(&Context::create(), None)
                .is_empty()
        );
    }

    #[test]
    fn declarative_union_ratchets_on_unchanged_membership() {
        use apimachinery::Validate;
        use apimachinery::operation::Context;
        let csr = with_conditions(&["Approved", "Denied"]);
        let ctx = Context::update().subresource("/approval");
        assert!(csr.validate(&ctx, Some(&csr)).is_empty());
        // The union ratchets on membership: other changes keep it quiet...
        let mut changed = csr.clone();
        changed.status.conditions[0].reason = "changed".into();
        assert!(changed.validate(&ctx, Some(&csr)).is_empty());
        // ...while a newly set member is validated.
        let approved = with_conditions(&["Approved"]);
        assert_eq!(csr.validate(&ctx, Some(&approved)).len(), 1);
    }

    #[test]
    fn declarative_serves_status_and_approval_only() {
        use apimachinery::Validate;
        use apimachinery::field::ErrorType;
        use apimachinery::operation::Context;
        assert_eq!(
            CertificateSigningRequest::supported_subresources(),
            &["/status", "/approval"]
        );
        let csr = CertificateSigningRequest::default();
        let errs = csr.validate(&Context::update().subresource("/scale"), Some(&csr));
        assert_eq!(errs[0].error_type, ErrorType::Internal);
        assert!(
            CertificateSigningRequest::rules()
                .iter()
                .any(|r| r.path == "status.conditions")
        );
    }

    #[test]
    fn unknown_usages_are_representable() {
        let spec: CertificateSigningRequestSpec =
            serde_json::from_value(json!({"usages": ["bogus"]})).unwrap();
        assert_eq!(spec.usages[0].as_str(), "bogus");
        assert!(!KeyUsage::KNOWN.contains(&"bogus"));
    }
}
