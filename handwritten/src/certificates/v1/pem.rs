//! PEM decoding with the exact behaviour of Go's `encoding/pem.Decode`,
//! which Kubernetes uses for `spec.request` and `status.certificate`:
//! text before a block is skipped, `Key: value` header lines are collected,
//! spaces and tabs inside the base64 body are ignored, and a malformed
//! candidate block is skipped in favour of the next `-----BEGIN `.

use base64::Engine;
use base64::alphabet;
use base64::engine::{GeneralPurpose, GeneralPurposeConfig};
use std::collections::BTreeMap;

/// Go's `base64.StdEncoding` (padded, lenient about trailing bits).
const STD: GeneralPurpose = GeneralPurpose::new(
    &alphabet::STANDARD,
    GeneralPurposeConfig::new().with_decode_allow_trailing_bits(true),
);

const PEM_START: &[u8] = b"\n-----BEGIN ";
const PEM_END: &[u8] = b"\n-----END ";
const PEM_END_OF_LINE: &[u8] = b"-----";

/// One decoded PEM block (Go's `pem.Block`).
///
/// ```
/// use handwritten::certificates::v1::pem::decode;
/// let (block, rest) = decode(b"-----BEGIN X-----\naGk=\n-----END X-----\ntail").unwrap();
/// assert_eq!(block.block_type, "X");
/// assert_eq!(block.bytes, b"hi");
/// assert_eq!(rest, b"tail");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Block {
    /// The type from the `-----BEGIN <type>-----` line.
    pub block_type: String,
    /// Optional `Key: value` headers.
    pub headers: BTreeMap<String, String>,
    /// The decoded body.
    pub bytes: Vec<u8>,
}

/// Finds the next PEM block in `data`; returns it and the bytes after it,
/// or `None` if no complete block is present (Go returns `nil, data`).
///
/// This follows Go 1.25's linear-time algorithm: find the first
/// `\n-----END `, then the last `-----BEGIN ` (at the start of a line)
/// before it; a candidate that does not form a valid block is skipped.
///
/// ```
/// use handwritten::certificates::v1::pem::decode;
/// assert!(decode(b"no pem here").is_none());
/// let (b, _) = decode(b"junk\n-----BEGIN A-----\nK: V\n\nAA==\n-----END A-----").unwrap();
/// assert_eq!(b.headers.get("K").map(String::as_str), Some("V"));
/// assert_eq!(b.bytes, [0]);
/// ```
pub fn decode(data: &[u8]) -> Option<(Block, &[u8])> {
    let mut rest = data;
    let mut end_trailer_index: isize = 0;
    loop {
        // Skip past the END line of a rejected candidate.
        rest = rest.get(usize::try_from(end_trailer_index).ok()?..)?;

        let mut end_index = find(rest, PEM_END)? as isize;
        end_trailer_index = end_index + PEM_END.len() as isize;
        let Some(begin_index) = rfind(&rest[..end_index as usize], &PEM_START[1..]) else {
            continue;
        };
        if begin_index > 0 && rest[begin_index - 1] != b'\n' {
            continue;
        }
        let skipped = (begin_index + PEM_START.len() - 1) as isize;
        rest = &rest[skipped as usize..];
        end_index -= skipped;
        end_trailer_index -= skipped;

        let (type_line, after_type, consumed) = get_line(rest);
        rest = after_type;
        let Some(block_type) = type_line.strip_suffix(PEM_END_OF_LINE) else {
            continue;
        };
        end_index -= consumed as isize;
        end_trailer_index -= consumed as isize;

        let mut block = Block {
            block_type: String::from_utf8_lossy(block_type).into_owned(),
            ..Block::default()
        };

        loop {
            if rest.is_empty() {
                return None;
            }
            let (line, next, consumed) = get_line(rest);
            let Some(colon) = line.iter().position(|&b| b == b':') else {
                break;
            };
            let key = trim_space(&line[..colon]);
            let val = trim_space(&line[colon + 1..]);
            block.headers.insert(
                String::from_utf8_lossy(key).into_owned(),
                String::from_utf8_lossy(val).into_owned(),
            );
            rest = next;
            end_index -= consumed as isize;
            end_trailer_index -= consumed as isize;
        }

        if !block.headers.is_empty() && end_index < 0 {
            continue;
        }

        // Go would panic on an index outside `rest` here; no valid block can start there.
        let end_trailer = rest.get(usize::try_from(end_trailer_index).ok()?..)?;
        let end_trailer_len = block_type.len() + PEM_END_OF_LINE.len();
        if end_trailer.len() < end_trailer_len {
            continue;
        }
        let rest_of_end_line = &end_trailer[end_trailer_len..];
        let end_trailer = &end_trailer[..end_trailer_len];
        if !end_trailer.starts_with(block_type) || !end_trailer.ends_with(PEM_END_OF_LINE) {
            continue;
        }
        if !get_line(rest_of_end_line).0.is_empty() {
            continue;
        }

        if end_index > 0 {
            let body: Vec<u8> = rest[..end_index as usize]
                .iter()
                .copied()
                .filter(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'))
                .collect();
            let Ok(bytes) = STD.decode(&body) else {
                continue;
            };
            block.bytes = bytes;
        }

        let after_end = usize::try_from(end_index + PEM_END.len() as isize - 1).ok()?;
        let (_, after, _) = get_line(rest.get(after_end..)?);
        return Some((block, after));
    }
}

/// Go's `getLine`: the first line without its `\n` / `\r\n` and trailing
/// spaces and tabs, the remainder after the newline, and how many bytes
/// were consumed.
fn get_line(data: &[u8]) -> (&[u8], &[u8], usize) {
    let (mut end, next) = match data.iter().position(|&b| b == b'\n') {
        Some(i) => (i, i + 1),
        None => (data.len(), data.len()),
    };
    if next != end && end > 0 && data[end - 1] == b'\r' {
        end -= 1;
    }
    let mut line = &data[..end];
    while let [head @ .., b' ' | b'\t'] = line {
        line = head;
    }
    (line, &data[next..], next)
}

/// Go's `bytes.TrimSpace` for ASCII white space.
fn trim_space(s: &[u8]) -> &[u8] {
    let is_space = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c);
    let start = s.iter().position(|b| !is_space(b)).unwrap_or(s.len());
    let end = s
        .iter()
        .rposition(|b| !is_space(b))
        .map_or(start, |e| e + 1);
    &s[start..end]
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn rfind(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).rposition(|w| w == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_consecutive_blocks_with_crlf_and_surrounding_text() {
        let data = b"intro text\r\n-----BEGIN A-----\r\nAQI=\r\n-----END A-----\r\nbetween\n-----BEGIN B-----\nAw==\n-----END B-----\n";
        let (a, rest) = decode(data).unwrap();
        assert_eq!(
            (a.block_type.as_str(), a.bytes.as_slice()),
            ("A", &[1u8, 2][..])
        );
        let (b, rest) = decode(rest).unwrap();
        assert_eq!(
            (b.block_type.as_str(), b.bytes.as_slice()),
            ("B", &[3u8][..])
        );
        assert!(rest.is_empty());
        assert!(decode(rest).is_none());
    }

    #[test]
    fn mismatched_end_type_is_skipped() {
        assert!(decode(b"-----BEGIN A-----\nAA==\n-----END B-----\n").is_none());
    }

    #[test]
    fn invalid_base64_is_skipped_in_favour_of_a_later_block() {
        let data =
            b"-----BEGIN A-----\n%%%%\n-----END A-----\n-----BEGIN C-----\nAA==\n-----END C-----\n";
        let (c, _) = decode(data).unwrap();
        assert_eq!(c.block_type, "C");
    }

    #[test]
    fn trailing_text_on_end_line_is_rejected() {
        assert!(decode(b"-----BEGIN A-----\nAA==\n-----END A----- x\n").is_none());
    }

    #[test]
    fn spaces_and_tabs_in_body_are_ignored() {
        let (a, _) = decode(b"-----BEGIN A-----\nA A\t==\n-----END A-----").unwrap();
        assert_eq!(a.bytes, [0]);
    }

    #[test]
    fn a_begin_without_end_is_skipped_for_the_last_begin_before_the_end() {
        let data = b"-----BEGIN A-----\n-----BEGIN B-----\nAA==\n-----END B-----\n";
        let (b, _) = decode(data).unwrap();
        assert_eq!(b.block_type, "B");
    }

    #[test]
    fn begin_must_start_a_line() {
        assert!(decode(b"x-----BEGIN A-----\nAA==\n-----END A-----\n").is_none());
    }

    #[test]
    fn colon_in_type_cannot_make_decode_panic() {
        assert!(decode(b"-----BEGIN A:B-----\n-----END A:B-----").is_none());
        assert!(decode(b"-----BEGIN A:B-----\nAA==\n-----END A:B-----\n").is_some());
    }

    #[test]
    fn end_without_leading_newline_is_not_found() {
        assert!(decode(b"-----BEGIN A----------END A-----").is_none());
    }

    #[test]
    fn empty_body_block_decodes() {
        let (a, _) = decode(b"-----BEGIN A-----\n-----END A-----\n").unwrap();
        assert!(a.bytes.is_empty());
    }
}
