//! Lowercase UUIDs in the 8-4-4-4-12 form, as Kubernetes' `format=k8s-uuid`
//! checks them (`validate.UUID`; the `content` package has no UUID check).

/// The only message of [`is_uuid`].
///
/// ```
/// assert_eq!(apimachinery::content::UUID_ERROR_MESSAGE, "must be a lowercase UUID in 8-4-4-4-12 format");
/// ```
pub const UUID_ERROR_MESSAGE: &str = "must be a lowercase UUID in 8-4-4-4-12 format";

/// A 36-byte string with `-` at offsets 8, 13, 18 and 23 and lowercase
/// hexadecimal digits everywhere else; any other value gets the single
/// message [`UUID_ERROR_MESSAGE`].
///
/// ```
/// use apimachinery::content::is_uuid;
/// assert!(is_uuid("123e4567-e89b-12d3-a456-426614174000").is_empty());
/// assert_eq!(is_uuid("123E4567-E89B-12D3-A456-426614174000"), vec!["must be a lowercase UUID in 8-4-4-4-12 format"]);
/// ```
pub fn is_uuid(value: &str) -> Vec<String> {
    if matches_lowercase_uuid(value.as_bytes()) {
        Vec::new()
    } else {
        vec![UUID_ERROR_MESSAGE.to_string()]
    }
}

fn matches_lowercase_uuid(value: &[u8]) -> bool {
    value.len() == 36
        && value.iter().enumerate().all(|(i, &b)| match i {
            8 | 13 | 18 | 23 => b == b'-',
            _ => b.is_ascii_digit() || (b'a'..=b'f').contains(&b),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "123e4567-e89b-12d3-a456-426614174000";

    #[test]
    fn valid() {
        assert!(is_uuid(GOOD).is_empty());
        assert!(is_uuid("00000000-0000-0000-0000-000000000000").is_empty());
        assert!(is_uuid("ffffffff-ffff-ffff-ffff-ffffffffffff").is_empty());
    }

    #[test]
    fn invalid() {
        for bad in [
            "",
            "not-a-uuid",
            "123E4567-E89B-12D3-A456-426614174000",
            "urn:uuid:123e4567-e89b-12d3-a456-426614174000",
            "123e4567e89b12d3a456426614174000",
            "123e4567-e89b-12d3-a456-42661417400",
            "123e4567-e89b-12d3-a456-4266141740000",
            "123e4567-e89b-12d3-a456-42661417400g",
            "123e4567-e89b-12d3-a4564-26614174000",
            "{123e4567-e89b-12d3-a456-426614174000}",
            "123e4567-e89b-12d3-a456-42661417400é",
            "123e4567_e89b-12d3-a456-426614174000",
        ] {
            assert_eq!(is_uuid(bad), vec![UUID_ERROR_MESSAGE], "{bad:?}");
        }
    }

    #[test]
    fn every_single_position_mutation_is_caught() {
        for i in 0..GOOD.len() {
            for c in ['-', 'g', 'A', 'F', '0', 'a'] {
                let mut s: Vec<u8> = GOOD.bytes().collect();
                s[i] = c as u8;
                let s = String::from_utf8(s).unwrap();
                let dash_slot = matches!(i, 8 | 13 | 18 | 23);
                let ok = if dash_slot {
                    c == '-'
                } else {
                    c.is_ascii_digit() || ('a'..='f').contains(&c)
                };
                assert_eq!(is_uuid(&s).is_empty(), ok, "{s:?}");
            }
        }
    }
}
