//! `Time`: Go's non-pointer `metav1.Time`, kept as its RFC 3339 text.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Kubernetes' `metav1.Time` as a value field: the zero time is `null` in
/// JSON, any other instant its RFC 3339 text.
///
/// ```
/// use declarative::api::meta::v1::Time;
/// let t: Time = serde_json::from_str(r#""2024-01-01T00:00:00Z""#).unwrap();
/// assert_eq!(t.as_str(), Some("2024-01-01T00:00:00Z"));
/// let zero: Time = serde_json::from_str("null").unwrap();
/// assert!(zero.is_zero());
/// assert_eq!(serde_json::to_string(&zero).unwrap(), "null");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Time(pub Option<String>);

impl apimachinery::text_eq::TextEq for Time {
    #[inline]
    fn text_eq(&self, other: &Time) -> bool {
        apimachinery::text_eq::TextEq::text_eq(&self.0, &other.0)
    }
}

impl Time {
    /// Whether this is the zero time (Go's `IsZero`).
    ///
    /// ```
    /// assert!(declarative::api::meta::v1::Time::default().is_zero());
    /// ```
    pub fn is_zero(&self) -> bool {
        self.0.is_none()
    }

    /// The RFC 3339 text, or `None` for the zero time.
    ///
    /// ```
    /// use declarative::api::meta::v1::Time;
    /// assert_eq!(Time(Some("x".into())).as_str(), Some("x"));
    /// ```
    pub fn as_str(&self) -> Option<&str> {
        self.0.as_deref()
    }
}

impl From<&str> for Time {
    fn from(text: &str) -> Time {
        Time(Some(text.to_string()))
    }
}

impl Serialize for Time {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Time {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Time, D::Error> {
        Ok(Time(Option::<String>::deserialize(d)?))
    }
}
