//! `certificates.k8s.io/v1`: [`CertificateSigningRequest`] and its parts.

pub mod base64_bytes;
mod certificate_signing_request;

pub use certificate_signing_request::{
    CertificateSigningRequest, CertificateSigningRequestCondition, CertificateSigningRequestSpec,
    CertificateSigningRequestStatus, KeyUsage, RequestConditionType,
};
