//! `spec.request` checking: Kubernetes' `validateCSR` — the PEM block must be
//! a `CERTIFICATE REQUEST` holding a PKCS#10 request whose self-signature
//! verifies (Go's `x509.ParseCertificateRequest` + `CheckSignature`).
//!
//! Signature algorithms verified, as Go's `crypto/x509`: RSA PKCS#1 v1.5 with
//! SHA-1/256/384/512, RSA-PSS with SHA-256/384/512 (MGF1 with the same hash,
//! salt length equal to the hash size), ECDSA on P-256/P-384/P-521 with
//! SHA-1/256/384/512, and Ed25519. Error texts are Go's.

use super::pem;
use der::asn1::{AnyRef, BitStringRef, IntRef, ObjectIdentifier};
use der::{Decode, Encode, Reader, SliceReader};
use rsa::{BigUint, Pkcs1v15Sign, Pss, RsaPublicKey};
use sha1::Sha1;
use sha2::{Digest, Sha256, Sha384, Sha512};
use spki::AlgorithmIdentifierOwned;
use thiserror::Error;

/// Why a `spec.request` was rejected; `Display` is Go's error text, which
/// Kubernetes puts in the error detail.
///
/// ```
/// use handwritten::certificates::v1::pkcs10::{validate_csr, CsrError};
/// assert_eq!(validate_csr(b"junk"), Err(CsrError::NotCertificateRequest));
/// assert_eq!(CsrError::NotCertificateRequest.to_string(), "PEM block type must be CERTIFICATE REQUEST");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CsrError {
    /// No PEM block, or the first block is not a `CERTIFICATE REQUEST`.
    #[error("PEM block type must be CERTIFICATE REQUEST")]
    NotCertificateRequest,
    /// The PKCS#10 structure does not parse.
    #[error("asn1: structure error: {0}")]
    Malformed(String),
    /// Bytes follow the PKCS#10 structure.
    #[error("asn1: syntax error: trailing data")]
    TrailingData,
    /// The subject public key does not parse (Go's `parsePublicKey` texts).
    #[error("{0}")]
    PublicKey(&'static str),
    /// The signature algorithm is unknown or not implemented.
    #[error("x509: cannot verify signature: algorithm unimplemented")]
    UnsupportedAlgorithm,
    /// The signature algorithm uses MD5.
    #[error("x509: cannot verify signature: insecure algorithm {0}")]
    InsecureAlgorithm(&'static str),
    /// The signature algorithm names a different key type than the key's.
    #[error(
        "x509: signature algorithm specifies an {expected} public key, but have public key of type {actual}"
    )]
    KeyMismatch {
        /// The key type the signature algorithm requires (`RSA`, `ECDSA`, `Ed25519`).
        expected: &'static str,
        /// Go's `%T` of the key (`*rsa.PublicKey`, ...).
        actual: &'static str,
    },
    /// An RSA key Go's `crypto/rsa` refuses, or an RSA signature mismatch.
    #[error("crypto/rsa: {0}")]
    Rsa(String),
    /// An ECDSA signature mismatch.
    #[error("x509: ECDSA verification failure")]
    EcdsaVerification,
    /// The subject or the requested extensions are malformed
    /// (Go's `asn1` / `x509` texts).
    #[error("{0}")]
    Content(String),
    /// An Ed25519 signature mismatch.
    #[error("x509: Ed25519 verification failure")]
    Ed25519Verification,
}

/// Kubernetes' `validateCSR`: parse the first PEM block of `request` as a
/// PKCS#10 request and check its signature.
///
/// ```
/// use handwritten::certificates::v1::pkcs10::validate_csr;
/// assert!(validate_csr(b"-----BEGIN CERTIFICATE-----\nAA==\n-----END CERTIFICATE-----\n").is_err());
/// ```
pub fn validate_csr(request: &[u8]) -> Result<(), CsrError> {
    let block = match pem::decode(request) {
        Some((block, _)) if block.block_type == "CERTIFICATE REQUEST" => block,
        _ => return Err(CsrError::NotCertificateRequest),
    };
    let parsed = parse(&block.bytes)?;
    check_signature(&parsed)
}

/// The parts of a request the signature check needs.
struct ParsedRequest {
    tbs: Vec<u8>,
    signature_algorithm: SignatureAlgorithm,
    signature: Vec<u8>,
    public_key: PublicKey,
}

/// Go's `x509.PublicKeyAlgorithm` view of a parsed key.
enum PublicKey {
    Rsa {
        n: BigUint,
        e: u64,
    },
    Ecdsa(EcKey),
    Ed25519([u8; 32]),
    /// DSA, X25519 and unknown keys: Go parses (or skips) them, but they can
    /// never verify a request.
    Other,
}

enum EcKey {
    P256(p256::ecdsa::VerifyingKey),
    P384(p384::ecdsa::VerifyingKey),
    P521(p521::ecdsa::VerifyingKey),
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Hash {
    None,
    Md5,
    Sha1,
    Sha256,
    Sha384,
    Sha512,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum KeyAlgorithm {
    Rsa,
    Dsa,
    Ecdsa,
    Ed25519,
}

#[derive(Clone, Copy)]
struct SignatureAlgorithm {
    name: &'static str,
    key: Option<KeyAlgorithm>,
    hash: Hash,
    pss: bool,
}

const UNKNOWN_ALGORITHM: SignatureAlgorithm = SignatureAlgorithm {
    name: "0",
    key: None,
    hash: Hash::None,
    pss: false,
};

const OID_RSA: &str = "1.2.840.113549.1.1.1";
const OID_RSA_PSS: &str = "1.2.840.113549.1.1.10";
const OID_EC: &str = "1.2.840.10045.2.1";
const OID_ED25519: &str = "1.3.101.112";
const OID_X25519: &str = "1.3.101.110";
const OID_MGF1: &str = "1.2.840.113549.1.1.8";
const OID_SHA256: &str = "2.16.840.1.101.3.4.2.1";
const OID_SHA384: &str = "2.16.840.1.101.3.4.2.2";
const OID_SHA512: &str = "2.16.840.1.101.3.4.2.3";

/// Go's `signatureAlgorithmDetails` (without RSA-PSS, which is parameterised).
const SIGNATURE_ALGORITHMS: &[(&str, &str, Option<KeyAlgorithm>, Hash)] = &[
    (
        "1.2.840.113549.1.1.2",
        "MD2-RSA",
        Some(KeyAlgorithm::Rsa),
        Hash::None,
    ),
    (
        "1.2.840.113549.1.1.4",
        "MD5-RSA",
        Some(KeyAlgorithm::Rsa),
        Hash::Md5,
    ),
    (
        "1.2.840.113549.1.1.5",
        "SHA1-RSA",
        Some(KeyAlgorithm::Rsa),
        Hash::Sha1,
    ),
    (
        "1.3.14.3.2.29",
        "SHA1-RSA",
        Some(KeyAlgorithm::Rsa),
        Hash::Sha1,
    ),
    (
        "1.2.840.113549.1.1.11",
        "SHA256-RSA",
        Some(KeyAlgorithm::Rsa),
        Hash::Sha256,
    ),
    (
        "1.2.840.113549.1.1.12",
        "SHA384-RSA",
        Some(KeyAlgorithm::Rsa),
        Hash::Sha384,
    ),
    (
        "1.2.840.113549.1.1.13",
        "SHA512-RSA",
        Some(KeyAlgorithm::Rsa),
        Hash::Sha512,
    ),
    (
        "1.2.840.10040.4.3",
        "DSA-SHA1",
        Some(KeyAlgorithm::Dsa),
        Hash::Sha1,
    ),
    (
        "2.16.840.1.101.3.4.3.2",
        "DSA-SHA256",
        Some(KeyAlgorithm::Dsa),
        Hash::Sha256,
    ),
    (
        "1.2.840.10045.4.1",
        "ECDSA-SHA1",
        Some(KeyAlgorithm::Ecdsa),
        Hash::Sha1,
    ),
    (
        "1.2.840.10045.4.3.2",
        "ECDSA-SHA256",
        Some(KeyAlgorithm::Ecdsa),
        Hash::Sha256,
    ),
    (
        "1.2.840.10045.4.3.3",
        "ECDSA-SHA384",
        Some(KeyAlgorithm::Ecdsa),
        Hash::Sha384,
    ),
    (
        "1.2.840.10045.4.3.4",
        "ECDSA-SHA512",
        Some(KeyAlgorithm::Ecdsa),
        Hash::Sha512,
    ),
    (
        OID_ED25519,
        "Ed25519",
        Some(KeyAlgorithm::Ed25519),
        Hash::None,
    ),
];

/// DER `NULL`.
const NULL_BYTES: &[u8] = &[0x05, 0x00];

fn malformed(e: impl std::fmt::Display) -> CsrError {
    CsrError::Malformed(e.to_string())
}

/// A parsed `AlgorithmIdentifier`: the OID and the parameters' full DER
/// (empty when absent).
struct AlgorithmId {
    oid: String,
    params: Vec<u8>,
}

fn expect_tag(any: &AnyRef<'_>, tag: der::Tag) -> Result<(), CsrError> {
    let found = der::Tagged::tag(any);
    if found == tag {
        Ok(())
    } else {
        Err(CsrError::Malformed(format!(
            "tags don't match (expected {tag}, found {found})"
        )))
    }
}

/// Reads an `AlgorithmIdentifier` SEQUENCE; like Go's `encoding/asn1`,
/// elements after the known fields are ignored.
fn read_algorithm(reader: &mut SliceReader<'_>) -> Result<AlgorithmId, CsrError> {
    let seq: AnyRef<'_> = reader.decode().map_err(malformed)?;
    expect_tag(&seq, der::Tag::Sequence)?;
    let mut inner = SliceReader::new(seq.value()).map_err(malformed)?;
    let oid: ObjectIdentifier = inner.decode().map_err(malformed)?;
    let params = if inner.is_finished() {
        Vec::new()
    } else {
        let p: AnyRef<'_> = inner.decode().map_err(malformed)?;
        p.to_der().map_err(malformed)?
    };
    Ok(AlgorithmId {
        oid: oid.to_string(),
        params,
    })
}

/// Go's `x509.ParseCertificateRequest` (the parts that can fail, plus what
/// the signature check needs). The structure is read as Go's
/// `encoding/asn1` reads `certificateRequest`: trailing elements inside a
/// SEQUENCE are ignored, trailing bytes after it are an error.
fn parse(der_bytes: &[u8]) -> Result<ParsedRequest, CsrError> {
    let mut outer = SliceReader::new(der_bytes).map_err(malformed)?;
    let whole: AnyRef<'_> = outer.decode().map_err(malformed)?;
    expect_tag(&whole, der::Tag::Sequence)?;
    if !outer.is_finished() {
        return Err(CsrError::TrailingData);
    }

    let mut body = SliceReader::new(whole.value()).map_err(malformed)?;
    let tbs: AnyRef<'_> = body.decode().map_err(malformed)?;
    expect_tag(&tbs, der::Tag::Sequence)?;
    let signature_algorithm = read_algorithm(&mut body)?;
    let signature: BitStringRef<'_> = body.decode().map_err(malformed)?;

    let mut fields = SliceReader::new(tbs.value()).map_err(malformed)?;
    let version: IntRef<'_> = fields.decode().map_err(malformed)?;
    if version.as_bytes().len() > 8 {
        return Err(CsrError::Malformed("integer too large".into()));
    }
    let subject: AnyRef<'_> = fields.decode().map_err(malformed)?;
    let spki: AnyRef<'_> = fields.decode().map_err(malformed)?;
    expect_tag(&spki, der::Tag::Sequence)?;
    let mut spki_fields = SliceReader::new(spki.value()).map_err(malformed)?;
    let key_algorithm = read_algorithm(&mut spki_fields)?;
    let key_bits: BitStringRef<'_> = spki_fields.decode().map_err(malformed)?;
    let attributes: AnyRef<'_> = fields.decode().map_err(malformed)?;
    expect_tag(
        &attributes,
        der::Tag::ContextSpecific {
            constructed: true,
            number: der::TagNumber::N0,
        },
    )?;

    let public_key = parse_public_key(&key_algorithm, key_bits.raw_bytes())?;
    super::csr_extensions::check_subject(&subject.to_der().map_err(malformed)?)
        .map_err(CsrError::Content)?;
    super::csr_extensions::check_requested_extensions(attributes.value())
        .map_err(CsrError::Content)?;

    Ok(ParsedRequest {
        tbs: tbs.to_der().map_err(malformed)?,
        signature_algorithm: signature_algorithm_of(&signature_algorithm),
        signature: signature.raw_bytes().to_vec(),
        public_key,
    })
}

fn parameters_der(ai: &AlgorithmIdentifierOwned) -> Vec<u8> {
    ai.parameters
        .as_ref()
        .and_then(|p| p.to_der().ok())
        .unwrap_or_default()
}

/// Go's `getSignatureAlgorithmFromAI`.
fn signature_algorithm_of(ai: &AlgorithmId) -> SignatureAlgorithm {
    let oid = ai.oid.as_str();
    if oid == OID_ED25519 && !ai.params.is_empty() {
        return UNKNOWN_ALGORITHM;
    }
    if oid != OID_RSA_PSS {
        return SIGNATURE_ALGORITHMS
            .iter()
            .find(|(o, ..)| *o == oid)
            .map_or(UNKNOWN_ALGORITHM, |&(_, name, key, hash)| {
                SignatureAlgorithm {
                    name,
                    key,
                    hash,
                    pss: false,
                }
            });
    }
    pss_algorithm(&ai.params).unwrap_or(UNKNOWN_ALGORITHM)
}

/// RSASSA-PSS parameters (RFC 4055), as Go's `pssParameters` reads them.
#[derive(der::Sequence)]
struct PssParameters {
    #[asn1(context_specific = "0", tag_mode = "EXPLICIT")]
    hash: AlgorithmIdentifierOwned,
    #[asn1(context_specific = "1", tag_mode = "EXPLICIT")]
    mgf: AlgorithmIdentifierOwned,
    #[asn1(context_specific = "2", tag_mode = "EXPLICIT")]
    salt_length: u32,
    #[asn1(context_specific = "3", tag_mode = "EXPLICIT", optional = "true")]
    trailer_field: Option<u32>,
}

fn pss_algorithm(params: &[u8]) -> Option<SignatureAlgorithm> {
    let params = PssParameters::from_der(params).ok()?;
    let mgf_hash = AlgorithmIdentifierOwned::from_der(&parameters_der(&params.mgf)).ok()?;
    let null_or_absent = |ai: &AlgorithmIdentifierOwned| {
        let p = parameters_der(ai);
        p.is_empty() || p == NULL_BYTES
    };
    if !null_or_absent(&params.hash)
        || params.mgf.oid.to_string() != OID_MGF1
        || mgf_hash.oid != params.hash.oid
        || !null_or_absent(&mgf_hash)
        || params.trailer_field.unwrap_or(1) != 1
    {
        return None;
    }
    let (name, hash) = match (params.hash.oid.to_string().as_str(), params.salt_length) {
        (OID_SHA256, 32) => ("SHA256-RSAPSS", Hash::Sha256),
        (OID_SHA384, 48) => ("SHA384-RSAPSS", Hash::Sha384),
        (OID_SHA512, 64) => ("SHA512-RSAPSS", Hash::Sha512),
        _ => return None,
    };
    Some(SignatureAlgorithm {
        name,
        key: Some(KeyAlgorithm::Rsa),
        hash,
        pss: true,
    })
}

/// Go's `parsePublicKey` for the key types a request can carry; a key of an
/// unknown algorithm is not parsed (and can never verify).
fn parse_public_key(algorithm: &AlgorithmId, key: &[u8]) -> Result<PublicKey, CsrError> {
    let params = &algorithm.params;
    match algorithm.oid.as_str() {
        OID_RSA => {
            if params != NULL_BYTES {
                return Err(CsrError::PublicKey("x509: RSA key missing NULL parameters"));
            }
            parse_rsa_key(key)
        }
        OID_EC => {
            let curve = ObjectIdentifier::from_der(params)
                .map_err(|_| CsrError::PublicKey("x509: invalid ECDSA parameters"))?;
            parse_ec_point(&curve.to_string(), key).map(PublicKey::Ecdsa)
        }
        OID_ED25519 => {
            if !params.is_empty() {
                return Err(CsrError::PublicKey(
                    "x509: Ed25519 key encoded with illegal parameters",
                ));
            }
            let bytes: [u8; 32] = key
                .try_into()
                .map_err(|_| CsrError::PublicKey("x509: wrong Ed25519 public key size"))?;
            Ok(PublicKey::Ed25519(bytes))
        }
        OID_X25519 if !params.is_empty() => Err(CsrError::PublicKey(
            "x509: X25519 key encoded with illegal parameters",
        )),
        OID_X25519 if key.len() != 32 => {
            Err(CsrError::PublicKey("crypto/ecdh: invalid public key"))
        }
        _ => Ok(PublicKey::Other),
    }
}

/// Go reads the PKCS#1 key with `cryptobyte`: bytes after the SEQUENCE,
/// and after the exponent inside it, are ignored.
fn parse_rsa_key(key: &[u8]) -> Result<PublicKey, CsrError> {
    let invalid = || CsrError::PublicKey("x509: invalid RSA public key");
    let mut outer = SliceReader::new(key).map_err(|_| invalid())?;
    let seq: AnyRef<'_> = outer.decode().map_err(|_| invalid())?;
    if der::Tagged::tag(&seq) != der::Tag::Sequence {
        return Err(invalid());
    }
    let mut fields = SliceReader::new(seq.value()).map_err(|_| invalid())?;
    let n: IntRef<'_> = fields
        .decode()
        .map_err(|_| CsrError::PublicKey("x509: invalid RSA modulus"))?;
    let e: IntRef<'_> = fields
        .decode()
        .map_err(|_| CsrError::PublicKey("x509: invalid RSA public exponent"))?;
    let n_bytes = n.as_bytes();
    if n_bytes.first().is_none_or(|b| b & 0x80 != 0) || n_bytes.iter().all(|b| *b == 0) {
        return Err(CsrError::PublicKey(
            "x509: RSA modulus is not a positive number",
        ));
    }
    let e_bytes = e.as_bytes();
    // Go reads the exponent into an `int`: wider values fail to parse.
    let significant = e_bytes.iter().skip_while(|b| **b == 0).count();
    if significant > 8 || (significant == 8 && e_bytes[e_bytes.len() - 8] & 0x80 != 0) {
        return Err(CsrError::PublicKey("x509: invalid RSA public exponent"));
    }
    if e_bytes.first().is_none_or(|b| b & 0x80 != 0) || e_bytes.iter().all(|b| *b == 0) {
        return Err(CsrError::PublicKey(
            "x509: RSA public exponent is not a positive number",
        ));
    }
    let e = e_bytes
        .iter()
        .fold(0u64, |acc, b| (acc << 8) | u64::from(*b));
    Ok(PublicKey::Rsa {
        n: BigUint::from_bytes_be(n_bytes),
        e,
    })
}

fn parse_ec_point(curve: &str, point: &[u8]) -> Result<EcKey, CsrError> {
    let bad_point = CsrError::PublicKey("x509: failed to unmarshal elliptic curve point");
    // Go's `elliptic.Unmarshal` accepts only the uncompressed form.
    let uncompressed =
        |field_bytes: usize| point.first() == Some(&0x04) && point.len() == 1 + 2 * field_bytes;
    match curve {
        "1.2.840.10045.3.1.7" if uncompressed(32) => {
            p256::ecdsa::VerifyingKey::from_sec1_bytes(point)
                .map(EcKey::P256)
                .map_err(|_| bad_point)
        }
        "1.3.132.0.34" if uncompressed(48) => p384::ecdsa::VerifyingKey::from_sec1_bytes(point)
            .map(EcKey::P384)
            .map_err(|_| bad_point),
        "1.3.132.0.35" if uncompressed(66) => p521::ecdsa::VerifyingKey::from_sec1_bytes(point)
            .map(EcKey::P521)
            .map_err(|_| bad_point),
        "1.2.840.10045.3.1.7" | "1.3.132.0.34" | "1.3.132.0.35" => Err(bad_point),
        _ => Err(CsrError::PublicKey("x509: unsupported elliptic curve")),
    }
}

fn digest(hash: Hash, data: &[u8]) -> Vec<u8> {
    match hash {
        Hash::Sha1 => Sha1::digest(data).to_vec(),
        Hash::Sha256 => Sha256::digest(data).to_vec(),
        Hash::Sha384 => Sha384::digest(data).to_vec(),
        Hash::Sha512 => Sha512::digest(data).to_vec(),
        Hash::None | Hash::Md5 => data.to_vec(),
    }
}

fn key_name(key: KeyAlgorithm) -> &'static str {
    match key {
        KeyAlgorithm::Rsa => "RSA",
        KeyAlgorithm::Dsa => "DSA",
        KeyAlgorithm::Ecdsa => "ECDSA",
        KeyAlgorithm::Ed25519 => "Ed25519",
    }
}

/// Go's `checkSignature` with SHA-1 allowed (as for requests).
fn check_signature(req: &ParsedRequest) -> Result<(), CsrError> {
    let alg = req.signature_algorithm;
    let Some(key_algorithm) = alg.key else {
        return Err(CsrError::UnsupportedAlgorithm);
    };
    match alg.hash {
        Hash::None if key_algorithm != KeyAlgorithm::Ed25519 => {
            return Err(CsrError::UnsupportedAlgorithm);
        }
        Hash::Md5 => return Err(CsrError::InsecureAlgorithm(alg.name)),
        _ => {}
    }
    let signed = digest(alg.hash, &req.tbs);
    let mismatch = |actual| CsrError::KeyMismatch {
        expected: key_name(key_algorithm),
        actual,
    };
    match &req.public_key {
        PublicKey::Rsa { n, e } => {
            if key_algorithm != KeyAlgorithm::Rsa {
                return Err(mismatch("*rsa.PublicKey"));
            }
            verify_rsa(n, *e, alg, &signed, &req.signature)
        }
        PublicKey::Ecdsa(key) => {
            if key_algorithm != KeyAlgorithm::Ecdsa {
                return Err(mismatch("*ecdsa.PublicKey"));
            }
            verify_ecdsa(key, &signed, &req.signature)
        }
        PublicKey::Ed25519(key) => {
            if key_algorithm != KeyAlgorithm::Ed25519 {
                return Err(mismatch("ed25519.PublicKey"));
            }
            verify_ed25519(key, &signed, &req.signature)
        }
        PublicKey::Other => Err(CsrError::UnsupportedAlgorithm),
    }
}

fn verify_rsa(
    n: &BigUint,
    e: u64,
    alg: SignatureAlgorithm,
    hashed: &[u8],
    signature: &[u8],
) -> Result<(), CsrError> {
    let bits = n.bits();
    if bits < 1024 {
        return Err(CsrError::Rsa(format!(
            "{bits}-bit keys are insecure (see https://go.dev/pkg/crypto/rsa#hdr-Minimum_key_size)"
        )));
    }
    // Go's FIPS `checkPublicKey`, run by every verification after the size check.
    if n.trailing_zeros() != Some(0) {
        return Err(CsrError::Rsa("public modulus is even".into()));
    }
    if e < 2 {
        return Err(CsrError::Rsa(
            "public exponent too small or negative".into(),
        ));
    }
    if e & 1 == 0 {
        return Err(CsrError::Rsa("public exponent is even".into()));
    }
    if e > (1 << 31) - 1 {
        return Err(CsrError::Rsa("public exponent too large".into()));
    }
    let verification_error = || CsrError::Rsa("verification error".into());
    let key = RsaPublicKey::new_with_max_size(n.clone(), BigUint::from(e), 16384)
        .map_err(|_| verification_error())?;
    let result = match (alg.pss, alg.hash) {
        (false, Hash::Sha1) => key.verify(Pkcs1v15Sign::new::<Sha1>(), hashed, signature),
        (false, Hash::Sha256) => key.verify(Pkcs1v15Sign::new::<Sha256>(), hashed, signature),
        (false, Hash::Sha384) => key.verify(Pkcs1v15Sign::new::<Sha384>(), hashed, signature),
        (false, Hash::Sha512) => key.verify(Pkcs1v15Sign::new::<Sha512>(), hashed, signature),
        (true, Hash::Sha256) => key.verify(Pss::new_with_salt::<Sha256>(32), hashed, signature),
        (true, Hash::Sha384) => key.verify(Pss::new_with_salt::<Sha384>(48), hashed, signature),
        (true, Hash::Sha512) => key.verify(Pss::new_with_salt::<Sha512>(64), hashed, signature),
        _ => return Err(CsrError::UnsupportedAlgorithm),
    };
    result.map_err(|_| verification_error())
}

fn verify_ecdsa(key: &EcKey, hashed: &[u8], signature: &[u8]) -> Result<(), CsrError> {
    use ecdsa_hazmat::PrehashVerifier;
    let ok = match key {
        EcKey::P256(k) => p256::ecdsa::Signature::from_der(signature)
            .is_ok_and(|s| k.verify_prehash(hashed, &s).is_ok()),
        EcKey::P384(k) => p384::ecdsa::Signature::from_der(signature)
            .is_ok_and(|s| k.verify_prehash(hashed, &s).is_ok()),
        EcKey::P521(k) => p521::ecdsa::Signature::from_der(signature)
            .is_ok_and(|s| k.verify_prehash(hashed, &s).is_ok()),
    };
    if ok {
        Ok(())
    } else {
        Err(CsrError::EcdsaVerification)
    }
}

mod ecdsa_hazmat {
    pub use p256::ecdsa::signature::hazmat::PrehashVerifier;
}

fn verify_ed25519(key: &[u8; 32], message: &[u8], signature: &[u8]) -> Result<(), CsrError> {
    let Ok(key) = ed25519_dalek::VerifyingKey::from_bytes(key) else {
        return Err(CsrError::Ed25519Verification);
    };
    let Ok(signature) = ed25519_dalek::Signature::from_slice(signature) else {
        return Err(CsrError::Ed25519Verification);
    };
    use ed25519_dalek::Verifier;
    key.verify(message, &signature)
        .map_err(|_| CsrError::Ed25519Verification)
}

#[cfg(test)]
mod tests {
    use super::*;

    const RSA: &str = include_str!("testdata/rsa.csr");
    const RSA_PSS: &str = include_str!("testdata/rsapss.csr");
    const RSA_PSS_MAX_SALT: &str = include_str!("testdata/rsapss-maxsalt.csr");
    const P256: &str = include_str!("testdata/p256.csr");
    const P384: &str = include_str!("testdata/p384.csr");
    const ED25519: &str = include_str!("testdata/ed25519.csr");
    const TAMPERED: &str = include_str!("testdata/tampered-rsa.csr");
    const TAMPERED_EC: &str = include_str!("testdata/tampered-p256.csr");
    const CERT: &str = include_str!("testdata/cert.pem");
    const SAN: &str = include_str!("testdata/san-p256.csr");
    const BAD_SAN: &str = include_str!("testdata/bad-san-p256.csr");

    #[test]
    fn openssl_requests_verify() {
        for (name, pem) in [
            ("rsa", RSA),
            ("rsa-pss", RSA_PSS),
            ("p256", P256),
            ("p384", P384),
            ("ed25519", ED25519),
        ] {
            assert_eq!(validate_csr(pem.as_bytes()), Ok(()), "{name}");
        }
    }

    #[test]
    fn requests_with_subject_alt_names_verify_and_malformed_ones_fail_parsing() {
        assert_eq!(validate_csr(SAN.as_bytes()), Ok(()));
        assert_eq!(
            validate_csr(BAD_SAN.as_bytes()),
            Err(CsrError::Content("x509: SAN dNSName is malformed".into()))
        );
    }

    #[test]
    fn tampered_signatures_fail_with_go_messages() {
        assert_eq!(
            validate_csr(TAMPERED.as_bytes()).unwrap_err().to_string(),
            "crypto/rsa: verification error"
        );
        assert_eq!(
            validate_csr(TAMPERED_EC.as_bytes()),
            Err(CsrError::EcdsaVerification)
        );
    }

    #[test]
    fn wrong_block_type_and_garbage_are_rejected() {
        assert_eq!(
            validate_csr(CERT.as_bytes()),
            Err(CsrError::NotCertificateRequest)
        );
        assert_eq!(validate_csr(b""), Err(CsrError::NotCertificateRequest));
        let bad = b"-----BEGIN CERTIFICATE REQUEST-----\nAAAA\n-----END CERTIFICATE REQUEST-----\n";
        assert!(matches!(validate_csr(bad), Err(CsrError::Malformed(_))));
    }

    #[test]
    fn pss_with_a_salt_longer_than_the_hash_is_unimplemented_as_in_go() {
        assert_eq!(
            validate_csr(RSA_PSS_MAX_SALT.as_bytes()),
            Err(CsrError::UnsupportedAlgorithm)
        );
    }

    #[test]
    fn text_before_the_block_is_skipped() {
        let text = format!("some explanation\n{RSA}");
        assert_eq!(validate_csr(text.as_bytes()), Ok(()));
    }

    #[test]
    fn trailing_der_bytes_are_rejected() {
        let (block, _) = pem::decode(RSA.as_bytes()).unwrap();
        let mut der = block.bytes;
        der.push(0);
        assert_eq!(parse(&der).err(), Some(CsrError::TrailingData));
    }

    #[test]
    fn rsa_key_checks_follow_go_in_order() {
        let sha256 = SignatureAlgorithm {
            name: "SHA256-RSA",
            key: Some(KeyAlgorithm::Rsa),
            hash: Hash::Sha256,
            pss: false,
        };
        let odd = (BigUint::from(1u8) << 1024usize) + BigUint::from(1u8);
        let even = BigUint::from(1u8) << 1024usize;
        let small = BigUint::from(0xffffu32);
        let message = |n: &BigUint, e: u64| {
            verify_rsa(n, e, sha256, &[0; 32], &[1; 129])
                .unwrap_err()
                .to_string()
        };
        assert!(message(&small, 2).ends_with(
            "16-bit keys are insecure (see https://go.dev/pkg/crypto/rsa#hdr-Minimum_key_size)"
        ));
        assert_eq!(message(&even, 1), "crypto/rsa: public modulus is even");
        assert_eq!(
            message(&odd, 1),
            "crypto/rsa: public exponent too small or negative"
        );
        assert_eq!(message(&odd, 2), "crypto/rsa: public exponent is even");
        assert_eq!(
            message(&odd, 1 << 31),
            "crypto/rsa: public exponent is even"
        );
        assert_eq!(
            message(&odd, (1 << 31) + 1),
            "crypto/rsa: public exponent too large"
        );
        assert_eq!(message(&odd, 3), "crypto/rsa: verification error");
    }

    #[test]
    fn pss_parameters_must_match_go_buckets() {
        // SHA-256 with a 20-byte salt is not one of Go's three PSS buckets.
        let params = PssParameters {
            hash: AlgorithmIdentifierOwned {
                oid: ObjectIdentifier::new_unwrap(OID_SHA256),
                parameters: None,
            },
            mgf: AlgorithmIdentifierOwned {
                oid: ObjectIdentifier::new_unwrap(OID_MGF1),
                parameters: Some(
                    der::Any::from_der(
                        &AlgorithmIdentifierOwned {
                            oid: ObjectIdentifier::new_unwrap(OID_SHA256),
                            parameters: None,
                        }
                        .to_der()
                        .unwrap(),
                    )
                    .unwrap(),
                ),
            },
            salt_length: 20,
            trailer_field: None,
        };
        let der = params.to_der().unwrap();
        assert!(pss_algorithm(&der).is_none());
        let ok = PssParameters {
            salt_length: 32,
            ..params
        };
        assert!(pss_algorithm(&ok.to_der().unwrap()).is_some_and(|a| a.pss));
    }
}
