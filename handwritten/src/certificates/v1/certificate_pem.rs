//! `status.certificate` checking: Kubernetes' `validateCertificate` — empty,
//! or one or more header-less `CERTIFICATE` PEM blocks, each holding one or
//! more DER X.509 certificates. Text around the blocks is allowed.

use super::pem;
use apimachinery::field::go_quote;
use der::{Decode, Encode, Reader, SliceReader};
use thiserror::Error;
use x509_cert::Certificate;

/// Why a `status.certificate` was rejected; `Display` is Go's error text.
///
/// ```
/// use handwritten::certificates::v1::certificate_pem::CertificateError;
/// assert_eq!(CertificateError::NoBlocks.to_string(), "must contain at least one CERTIFICATE PEM block");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CertificateError {
    /// A PEM block of another type.
    #[error("only CERTIFICATE PEM blocks are allowed, found {}", go_quote(.0))]
    WrongBlockType(String),
    /// A block with `Key: value` headers.
    #[error("no PEM block headers are permitted")]
    Headers,
    /// A `CERTIFICATE` block with no bytes.
    #[error("found CERTIFICATE PEM block containing 0 certificates")]
    EmptyBlock,
    /// A `CERTIFICATE` block whose bytes are not X.509 certificates.
    #[error("x509: malformed certificate")]
    Malformed,
    /// Non-empty data without any PEM block.
    #[error("must contain at least one CERTIFICATE PEM block")]
    NoBlocks,
}

/// Kubernetes' `validateCertificate`.
///
/// ```
/// use handwritten::certificates::v1::certificate_pem::{validate_certificate, CertificateError};
/// assert_eq!(validate_certificate(b""), Ok(()));
/// assert_eq!(validate_certificate(b"not pem"), Err(CertificateError::NoBlocks));
/// ```
pub fn validate_certificate(pem_data: &[u8]) -> Result<(), CertificateError> {
    if pem_data.is_empty() {
        return Ok(());
    }
    let mut rest = pem_data;
    let mut blocks = 0;
    while let Some((block, remaining)) = pem::decode(rest) {
        if block.block_type != "CERTIFICATE" {
            return Err(CertificateError::WrongBlockType(block.block_type));
        }
        if !block.headers.is_empty() {
            return Err(CertificateError::Headers);
        }
        blocks += 1;
        if parse_certificates(&block.bytes)? == 0 {
            return Err(CertificateError::EmptyBlock);
        }
        rest = remaining;
    }
    if blocks == 0 {
        return Err(CertificateError::NoBlocks);
    }
    Ok(())
}

/// Go's `x509.ParseCertificates`: concatenated DER certificates; returns how many.
fn parse_certificates(mut der_bytes: &[u8]) -> Result<usize, CertificateError> {
    let mut count = 0;
    while !der_bytes.is_empty() {
        let mut reader = SliceReader::new(der_bytes).map_err(|_| CertificateError::Malformed)?;
        let element: der::asn1::AnyRef<'_> =
            reader.decode().map_err(|_| CertificateError::Malformed)?;
        let encoded = element.to_der().map_err(|_| CertificateError::Malformed)?;
        Certificate::from_der(&encoded).map_err(|_| CertificateError::Malformed)?;
        der_bytes = &der_bytes[encoded.len()..];
        count += 1;
    }
    Ok(count)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CERT: &str = include_str!("testdata/cert.pem");
    const CSR: &str = include_str!("testdata/rsa.csr");

    #[test]
    fn certificate_chain_with_explanatory_text_is_valid() {
        let chain = format!("leaf:\n{CERT}intermediate:\n{CERT}trailer");
        assert_eq!(validate_certificate(chain.as_bytes()), Ok(()));
    }

    #[test]
    fn other_block_types_are_rejected() {
        assert_eq!(
            validate_certificate(CSR.as_bytes()),
            Err(CertificateError::WrongBlockType(
                "CERTIFICATE REQUEST".into()
            ))
        );
        assert_eq!(
            CertificateError::WrongBlockType("CERTIFICATE REQUEST".into()).to_string(),
            r#"only CERTIFICATE PEM blocks are allowed, found "CERTIFICATE REQUEST""#
        );
    }

    #[test]
    fn headers_empty_and_garbage_blocks_are_rejected() {
        let with_headers = CERT.replacen("-----\n", "-----\nProc-Type: 4,ENCRYPTED\n\n", 1);
        assert_eq!(
            validate_certificate(with_headers.as_bytes()),
            Err(CertificateError::Headers)
        );
        assert_eq!(
            validate_certificate(b"-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n"),
            Err(CertificateError::EmptyBlock)
        );
        assert_eq!(
            validate_certificate(b"-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n"),
            Err(CertificateError::Malformed)
        );
    }

    #[test]
    fn two_certificates_in_one_block_parse() {
        let (block, _) = pem::decode(CERT.as_bytes()).unwrap();
        let mut two = block.bytes.clone();
        two.extend_from_slice(&block.bytes);
        assert_eq!(parse_certificates(&two), Ok(2));
    }
}
