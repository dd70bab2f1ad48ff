//! Serde helpers for Go `[]byte` fields: standard base64 (with padding) in
//! JSON, as Go's `encoding/json` writes them. `null` reads as empty.
//!
//! ```
//! #[derive(serde::Serialize, serde::Deserialize)]
//! struct Blob {
//!     #[serde(with = "declarative::api::certificates::v1::base64_bytes", default)]
//!     data: Vec<u8>,
//! }
//! let b: Blob = serde_json::from_str(r#"{"data":"aGk="}"#).unwrap();
//! assert_eq!(b.data, b"hi");
//! assert_eq!(serde_json::to_string(&b).unwrap(), r#"{"data":"aGk="}"#);
//! ```

use base64::Engine;
use base64::alphabet;
use base64::engine::{GeneralPurpose, GeneralPurposeConfig};
use serde::{Deserialize, Deserializer, Serializer};

/// Go's `base64.StdEncoding`: padded standard alphabet; non-zero trailing
/// bits are tolerated when decoding (Go only rejects them in `Strict` mode).
const STANDARD: GeneralPurpose = GeneralPurpose::new(
    &alphabet::STANDARD,
    GeneralPurposeConfig::new().with_decode_allow_trailing_bits(true),
);

/// Writes `bytes` as a standard, padded base64 string.
///
/// ```
/// let mut out = Vec::new();
/// let mut ser = serde_json::Serializer::new(&mut out);
/// declarative::api::certificates::v1::base64_bytes::serialize(&b"hi".to_vec(), &mut ser).unwrap();
/// assert_eq!(out, br#""aGk=""#);
/// ```
pub fn serialize<S: Serializer>(bytes: &[u8], serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(&STANDARD.encode(bytes))
}

/// Reads a base64 string (`null` gives no bytes). Like Go, the decoder is
/// the padded standard alphabet and ignores `\r` and `\n`.
///
/// ```
/// let mut de = serde_json::Deserializer::from_str("null");
/// let v = declarative::api::certificates::v1::base64_bytes::deserialize(&mut de).unwrap();
/// assert!(v.is_empty());
/// ```
pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<u8>, D::Error> {
    let text: Option<String> = Option::deserialize(deserializer)?;
    match text {
        None => Ok(Vec::new()),
        Some(text) => decode(&text).map_err(serde::de::Error::custom),
    }
}

/// Decodes standard base64 the way Go's `base64.StdEncoding` does for JSON:
/// carriage returns and line feeds are skipped, padding is required.
///
/// ```
/// use declarative::api::certificates::v1::base64_bytes::decode;
/// assert_eq!(decode("aG\nk=").unwrap(), b"hi");
/// assert!(decode("aGk").is_err());
/// ```
pub fn decode(text: &str) -> Result<Vec<u8>, base64::DecodeError> {
    if text.contains(['\r', '\n']) {
        let cleaned: String = text.chars().filter(|c| *c != '\r' && *c != '\n').collect();
        STANDARD.decode(cleaned)
    } else {
        STANDARD.decode(text)
    }
}

/// Encodes bytes as standard, padded base64 (the JSON form).
///
/// ```
/// assert_eq!(declarative::api::certificates::v1::base64_bytes::encode(b"hi"), "aGk=");
/// ```
pub fn encode(bytes: &[u8]) -> String {
    STANDARD.encode(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_binary_data() {
        let data: Vec<u8> = (0..=255).collect();
        assert_eq!(decode(&encode(&data)).unwrap(), data);
    }

    #[test]
    fn tolerates_non_zero_trailing_bits_like_go() {
        assert_eq!(decode("aGl=").unwrap(), b"hi");
    }

    #[test]
    fn rejects_non_base64() {
        assert!(decode("not base64!").is_err());
    }
}
