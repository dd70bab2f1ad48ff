//! `certificates.k8s.io/v1` hand-written validation.

pub mod certificate_pem;
pub mod certificate_signing_request;
pub mod csr_extensions;
pub mod pem;
pub mod pkcs10;
pub mod signer_name;
pub mod time;
