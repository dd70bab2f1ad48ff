//! `Time`: the value of a `metav1.Time` (or `metav1.MicroTime`) field as
//! the request carried it, compared as `apiequality.Semantic` compares
//! times.
//!
//! Kubernetes decodes a time with `time.Parse(time.RFC3339, ..)` and
//! compares two times by `UTC()` (apimachinery
//! `pkg/api/equality/semantic.go`, commit
//! eed236ceee2c19c2753a3d93ac0631dc20750454), so
//! `2024-01-01T01:00:00+01:00` equals `2024-01-01T00:00:00Z`: the same
//! instant, to the nanosecond. `MicroTime` has the same equality. The
//! harness keeps the text as received, so that objects serialise back byte
//! for byte and error values print the text; equality is by instant.
//!
//! A text that does not parse is a decode error in Kubernetes (the request
//! never reaches validation). Such text is kept as it is, as before, and two
//! such texts compare as text (a parseable and an unparseable text are
//! never equal).

use super::rfc3339::{ZERO_TIME_UNIX, parse_rfc3339};
use crate::text_eq::{TextEq, str_eq};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A time field's value: the RFC 3339 text and, when it parses, its
/// instant (Unix seconds and nanoseconds).
///
/// ```
/// use apimachinery::time::Time;
/// let utc: Time = serde_json::from_str(r#""2024-01-01T00:00:00Z""#).unwrap();
/// let cet = Time::new("2024-01-01T01:00:00+01:00");
/// assert_eq!(utc, cet);
/// assert_eq!(cet.as_str(), "2024-01-01T01:00:00+01:00");
/// assert_eq!(serde_json::to_string(&cet).unwrap(), r#""2024-01-01T01:00:00+01:00""#);
/// assert_ne!(utc, Time::new("2024-01-01T00:00:00.5Z"));
/// assert_eq!(Time::new("soon"), Time::new("soon"));
/// ```
#[derive(Debug, Clone)]
pub struct Time {
    text: String,
    instant: Option<(i64, u32)>,
}

impl Time {
    /// A time from its text.
    ///
    /// ```
    /// let t = apimachinery::time::Time::new("1970-01-01T00:00:01Z");
    /// assert_eq!(t.instant(), Some((1, 0)));
    /// ```
    pub fn new(text: impl Into<String>) -> Time {
        let text = text.into();
        let instant = parse_rfc3339(&text);
        Time { text, instant }
    }

    /// The text as received.
    ///
    /// ```
    /// assert_eq!(apimachinery::time::Time::new("x").as_str(), "x");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// Unix seconds and nanoseconds, or `None` when the text does not parse.
    ///
    /// ```
    /// assert_eq!(apimachinery::time::Time::new("yesterday").instant(), None);
    /// ```
    pub fn instant(&self) -> Option<(i64, u32)> {
        self.instant
    }

    /// Whether this is Go's zero time (`0001-01-01T00:00:00Z`, `IsZero`).
    ///
    /// ```
    /// use apimachinery::time::Time;
    /// assert!(Time::new("0001-01-01T00:00:00Z").is_zero());
    /// assert!(!Time::new("2024-01-01T00:00:00Z").is_zero());
    /// ```
    pub fn is_zero(&self) -> bool {
        self.instant == Some((ZERO_TIME_UNIX, 0))
    }
}

impl std::ops::Deref for Time {
    type Target = str;

    fn deref(&self) -> &str {
        &self.text
    }
}

impl std::fmt::Display for Time {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// The text, as the ports print a time (a string).
///
/// ```
/// use apimachinery::{field::BadValue, time::Time};
/// assert_eq!(BadValue::from(&Time::new("2024-01-01T00:00:00Z")).render(), r#""2024-01-01T00:00:00Z""#);
/// ```
impl From<&Time> for crate::field::BadValue {
    fn from(t: &Time) -> crate::field::BadValue {
        crate::field::BadValue::from(t.as_str())
    }
}

impl From<&str> for Time {
    fn from(text: &str) -> Time {
        Time::new(text)
    }
}

impl From<String> for Time {
    fn from(text: String) -> Time {
        Time::new(text)
    }
}

/// `apiequality.Semantic`: the same instant is the same time, whatever the
/// zone; texts that do not parse compare as text.
impl PartialEq for Time {
    fn eq(&self, other: &Time) -> bool {
        match (self.instant, other.instant) {
            (Some(a), Some(b)) => a == b,
            (None, None) => str_eq(&self.text, &other.text),
            _ => false,
        }
    }
}

impl Eq for Time {}

impl TextEq for Time {
    #[inline]
    fn text_eq(&self, other: &Time) -> bool {
        self == other
    }
}

impl Serialize for Time {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.text)
    }
}

impl<'de> Deserialize<'de> for Time {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Time, D::Error> {
        Ok(Time::new(String::deserialize(d)?))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_instant_in_other_zones_is_equal() {
        let utc = Time::new("2024-01-01T00:00:00Z");
        for t in [
            "2024-01-01T01:00:00+01:00",
            "2023-12-31T19:00:00-05:00",
            "2024-01-01T00:00:00.000Z",
            "2024-01-01T0:00:00Z",
        ] {
            assert_eq!(Time::new(t), utc, "{t}");
            assert!(Time::new(t).text_eq(&utc), "{t}");
        }
    }

    #[test]
    fn other_instants_differ() {
        let utc = Time::new("2024-01-01T00:00:00Z");
        for t in [
            "2024-01-01T00:00:00+01:00",
            "2024-01-01T00:00:00.000000001Z",
            "2024-01-01T00:00:01Z",
            "2024-01-01 00:00:00Z",
        ] {
            assert_ne!(Time::new(t), utc, "{t}");
            assert!(!Time::new(t).text_eq(&utc), "{t}");
        }
        assert_ne!(Time::new("a"), Time::new("b"));
    }

    #[test]
    fn json_round_trips_byte_for_byte() {
        for text in [r#""2024-01-01T01:00:00+01:00""#, r#""not a time""#] {
            let t: Time = serde_json::from_str(text).unwrap();
            assert_eq!(serde_json::to_string(&t).unwrap(), text);
        }
        assert!(serde_json::from_str::<Time>("1").is_err());
    }
}
