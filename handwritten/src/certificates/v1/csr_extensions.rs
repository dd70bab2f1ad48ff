//! The parts of Go's `x509.ParseCertificateRequest` that read a request's
//! subject and requested extensions (the `extensionRequest` attribute,
//! including subject alternative names). Errors carry Go's texts.
//!
//! Not modelled: URI SANs are checked for ASCII only (Go also runs
//! `url.Parse` and a domain check), and subject attribute values are
//! checked for the string types only (PrintableString, IA5String,
//! UTF8String, NumericString, BMPString).

use der::asn1::{AnyRef, ObjectIdentifier};
use der::{Reader, SliceReader, Tag, TagNumber, Tagged};

const OID_EXTENSION_REQUEST: &str = "1.2.840.113549.1.9.14";
const OID_SUBJECT_ALT_NAME: &str = "2.5.29.17";

fn structure_error(e: impl std::fmt::Display) -> String {
    format!("asn1: structure error: {e}")
}

fn read_any<'a>(reader: &mut SliceReader<'a>) -> Result<AnyRef<'a>, String> {
    reader.decode().map_err(structure_error)
}

fn elements(contents: &[u8]) -> Result<Vec<AnyRef<'_>>, String> {
    let mut reader = SliceReader::new(contents).map_err(structure_error)?;
    let mut out = Vec::new();
    while !reader.is_finished() {
        out.push(read_any(&mut reader)?);
    }
    Ok(out)
}

fn expect(any: &AnyRef<'_>, tag: Tag) -> Result<(), String> {
    if any.tag() == tag {
        Ok(())
    } else {
        Err(structure_error(format!(
            "tags don't match (expected {tag}, found {})",
            any.tag()
        )))
    }
}

/// Go's `asn1.Unmarshal` of the subject into a `pkix.RDNSequence`: a
/// SEQUENCE of SETs of (OID, value) SEQUENCEs, string values checked.
///
/// ```
/// use handwritten::certificates::v1::csr_extensions::check_subject;
/// // SEQUENCE { SET { SEQUENCE { OID 2.5.4.3, PrintableString "a" } } }
/// let ok = [0x30, 0x0c, 0x31, 0x0a, 0x30, 0x08, 0x06, 0x03, 0x55, 0x04, 0x03, 0x13, 0x01, b'a'];
/// assert_eq!(check_subject(&ok), Ok(()));
/// let bad = [0x30, 0x0c, 0x31, 0x0a, 0x30, 0x08, 0x06, 0x03, 0x55, 0x04, 0x03, 0x13, 0x01, b'@'];
/// assert_eq!(check_subject(&bad).unwrap_err(), "asn1: syntax error: PrintableString contains invalid character");
/// ```
pub fn check_subject(full: &[u8]) -> Result<(), String> {
    let mut reader = SliceReader::new(full).map_err(structure_error)?;
    let rdns = read_any(&mut reader)?;
    expect(&rdns, Tag::Sequence)?;
    for rdn in elements(rdns.value())? {
        expect(&rdn, Tag::Set)?;
        for atv in elements(rdn.value())? {
            expect(&atv, Tag::Sequence)?;
            let mut fields = SliceReader::new(atv.value()).map_err(structure_error)?;
            let _oid: ObjectIdentifier = fields.decode().map_err(structure_error)?;
            let value = read_any(&mut fields)?;
            check_string_value(&value)?;
        }
    }
    Ok(())
}

/// The string checks Go's `encoding/asn1` applies when it parses a value
/// into an `any`.
fn check_string_value(value: &AnyRef<'_>) -> Result<(), String> {
    let bytes = value.value();
    let syntax = |what: &str| Err(format!("asn1: syntax error: {what}"));
    let printable = |b: &u8| b.is_ascii_alphanumeric() || b" '()+,-./:=?*&".contains(b);
    match value.tag() {
        Tag::PrintableString if !bytes.iter().all(printable) => {
            syntax("PrintableString contains invalid character")
        }
        Tag::Ia5String if !bytes.is_ascii() => syntax("IA5String contains invalid character"),
        Tag::Utf8String if std::str::from_utf8(bytes).is_err() => syntax("invalid UTF-8 string"),
        Tag::NumericString if !bytes.iter().all(|b| b.is_ascii_digit() || *b == b' ') => {
            syntax("NumericString contains invalid character")
        }
        Tag::BmpString if bytes.len() % 2 != 0 => Err("pkcs12: odd-length BMP string".into()),
        _ => Ok(()),
    }
}

/// Go's `parseCSRExtensions` and the subject-alternative-name parsing that
/// follows it, over the contents of the request's `[0]` attributes:
/// attributes that do not parse are ignored; an `extensionRequest` whose
/// first value is not a list of extensions, a repeated extension, or a
/// malformed SAN is an error.
///
/// ```
/// use handwritten::certificates::v1::csr_extensions::check_requested_extensions;
/// assert_eq!(check_requested_extensions(&[]), Ok(()));
/// ```
pub fn check_requested_extensions(attributes: &[u8]) -> Result<(), String> {
    let mut extensions = Vec::new();
    for raw in elements(attributes)? {
        let Some((oid, first_value)) = parse_attribute(&raw) else {
            continue;
        };
        if oid != OID_EXTENSION_REQUEST {
            continue;
        }
        let parsed = parse_extensions(&first_value)?;
        let mut seen = std::collections::HashSet::new();
        for (id, _) in &parsed {
            if !seen.insert(id.clone()) {
                return Err(
                    "x509: certificate request contains duplicate requested extensions".into(),
                );
            }
        }
        extensions.extend(parsed);
    }
    for (id, value) in &extensions {
        if id == OID_SUBJECT_ALT_NAME {
            check_subject_alt_names(value)?;
        }
    }
    Ok(())
}

/// A `pkcs10Attribute` (OID, SET of values): its OID and the full DER of
/// its first value, or `None` when Go would skip it.
fn parse_attribute(raw: &AnyRef<'_>) -> Option<(String, Vec<u8>)> {
    if raw.tag() != Tag::Sequence {
        return None;
    }
    let mut fields = SliceReader::new(raw.value()).ok()?;
    let oid: ObjectIdentifier = fields.decode().ok()?;
    let values: AnyRef<'_> = fields.decode().ok()?;
    if values.tag() != Tag::Set {
        return None;
    }
    let values = elements(values.value()).ok()?;
    let first = values.first()?;
    Some((oid.to_string(), der::Encode::to_der(first).ok()?))
}

/// `[]pkix.Extension`: each (OID, optional BOOLEAN critical, OCTET STRING).
fn parse_extensions(full: &[u8]) -> Result<Vec<(String, Vec<u8>)>, String> {
    let mut reader = SliceReader::new(full).map_err(structure_error)?;
    let list = read_any(&mut reader)?;
    expect(&list, Tag::Sequence)?;
    let mut out = Vec::new();
    for ext in elements(list.value())? {
        expect(&ext, Tag::Sequence)?;
        let mut fields = SliceReader::new(ext.value()).map_err(structure_error)?;
        let oid: ObjectIdentifier = fields.decode().map_err(structure_error)?;
        let mut next = read_any(&mut fields)?;
        if next.tag() == Tag::Boolean {
            if !matches!(next.value(), [0x00] | [0xff]) {
                return Err("asn1: syntax error: invalid boolean".into());
            }
            next = read_any(&mut fields)?;
        }
        expect(&next, Tag::OctetString)?;
        out.push((oid.to_string(), next.value().to_vec()));
    }
    Ok(out)
}

/// Go's `parseSANExtension` (via `forEachSAN`).
fn check_subject_alt_names(value: &[u8]) -> Result<(), String> {
    let invalid = || "x509: invalid subject alternative names".to_string();
    let mut reader = SliceReader::new(value).map_err(|_| invalid())?;
    let seq: AnyRef<'_> = reader.decode().map_err(|_| invalid())?;
    if seq.tag() != Tag::Sequence {
        return Err(invalid());
    }
    let names =
        elements(seq.value()).map_err(|_| "x509: invalid subject alternative name".to_string())?;
    for name in names {
        let Tag::ContextSpecific {
            constructed: false,
            number,
        } = name.tag()
        else {
            continue;
        };
        let data = name.value();
        match number {
            TagNumber::N1 if !data.is_ascii() => {
                return Err("x509: SAN rfc822Name is malformed".into());
            }
            TagNumber::N2 if !data.is_ascii() => {
                return Err("x509: SAN dNSName is malformed".into());
            }
            TagNumber::N6 if !data.is_ascii() => {
                return Err("x509: SAN uniformResourceIdentifier is malformed".into());
            }
            TagNumber::N7 if data.len() != 4 && data.len() != 16 => {
                return Err(format!(
                    "x509: cannot parse IP address of length {}",
                    data.len()
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// DER of an extensionRequest attribute holding `exts` (already-encoded extensions).
    fn extension_request(exts: &[Vec<u8>]) -> Vec<u8> {
        let list = tlv(0x30, &exts.concat());
        let set = tlv(0x31, &list);
        let oid = [
            0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x09, 0x0e,
        ];
        tlv(0x30, &[&oid[..], &set].concat())
    }

    fn tlv(tag: u8, content: &[u8]) -> Vec<u8> {
        assert!(content.len() < 128);
        [&[tag, content.len() as u8][..], content].concat()
    }

    fn san(names: &[u8]) -> Vec<u8> {
        let oid = [0x06, 0x03, 0x55, 0x1d, 0x11];
        tlv(0x30, &[&oid[..], &tlv(0x04, &tlv(0x30, names))].concat())
    }

    #[test]
    fn valid_sans_pass() {
        let names = [tlv(0x82, b"example.com"), tlv(0x87, &[10, 0, 0, 1])].concat();
        assert_eq!(
            check_requested_extensions(&extension_request(&[san(&names)])),
            Ok(())
        );
    }

    #[test]
    fn bad_ip_length_and_non_ascii_dns_fail() {
        let ip = tlv(0x87, &[1, 2, 3]);
        assert_eq!(
            check_requested_extensions(&extension_request(&[san(&ip)])),
            Err("x509: cannot parse IP address of length 3".into())
        );
        let dns = tlv(0x82, "é.com".as_bytes());
        assert_eq!(
            check_requested_extensions(&extension_request(&[san(&dns)])),
            Err("x509: SAN dNSName is malformed".into())
        );
    }

    #[test]
    fn duplicate_extensions_fail() {
        let one = san(&tlv(0x82, b"a"));
        assert_eq!(
            check_requested_extensions(&extension_request(&[one.clone(), one])),
            Err("x509: certificate request contains duplicate requested extensions".into())
        );
    }

    #[test]
    fn unparseable_attributes_are_ignored() {
        let junk = tlv(0x30, &[0x05, 0x00]);
        assert_eq!(check_requested_extensions(&junk), Ok(()));
    }

    #[test]
    fn subject_must_be_a_sequence_of_sets() {
        assert!(check_subject(&tlv(0x31, &[])).is_err());
        assert_eq!(check_subject(&tlv(0x30, &[])), Ok(()));
        let utf8 = tlv(
            0x30,
            &tlv(
                0x31,
                &tlv(
                    0x30,
                    &[&[0x06, 0x03, 0x55, 0x04, 0x03][..], &tlv(0x0c, &[0xff])].concat(),
                ),
            ),
        );
        assert_eq!(
            check_subject(&utf8),
            Err("asn1: syntax error: invalid UTF-8 string".into())
        );
    }
}
