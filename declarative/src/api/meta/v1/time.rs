//! `Time`: Go's non-pointer `metav1.Time`, kept as its RFC 3339 text and
//! compared as an instant ([`apimachinery::time::Time`]).

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// Kubernetes' `metav1.Time` as a value field: the zero time is `null` in
/// JSON, any other instant its RFC 3339 text. Equality is
/// `apiequality.Semantic`'s: the same instant in any zone is equal, and
/// `null` equals `0001-01-01T00:00:00Z` (both decode to the zero time).
///
/// ```
/// use declarative::api::meta::v1::Time;
/// let t: Time = serde_json::from_str(r#""2024-01-01T00:00:00Z""#).unwrap();
/// assert_eq!(t.as_str(), Some("2024-01-01T00:00:00Z"));
/// assert_eq!(t, Time::from("2024-01-01T02:00:00+02:00"));
/// let zero: Time = serde_json::from_str("null").unwrap();
/// assert!(zero.is_zero());
/// assert_eq!(zero, Time::from("0001-01-01T00:00:00Z"));
/// assert_eq!(serde_json::to_string(&zero).unwrap(), "null");
/// ```
#[derive(Debug, Clone, Eq, Default)]
pub struct Time(pub Option<apimachinery::time::Time>);

impl PartialEq for Time {
    fn eq(&self, other: &Time) -> bool {
        match (&self.0, &other.0) {
            (Some(a), Some(b)) => a == b,
            _ => self.is_zero() && other.is_zero(),
        }
    }
}

impl apimachinery::text_eq::TextEq for Time {
    #[inline]
    fn text_eq(&self, other: &Time) -> bool {
        self == other
    }
}

impl Time {
    /// Whether this is the zero time (Go's `IsZero`): `null`, absent, or
    /// `0001-01-01T00:00:00Z`.
    ///
    /// ```
    /// use declarative::api::meta::v1::Time;
    /// assert!(Time::default().is_zero());
    /// assert!(Time::from("0001-01-01T00:00:00Z").is_zero());
    /// assert!(!Time::from("2024-01-01T00:00:00Z").is_zero());
    /// ```
    pub fn is_zero(&self) -> bool {
        self.0
            .as_ref()
            .is_none_or(apimachinery::time::Time::is_zero)
    }

    /// Whether the value is `null` or absent (then it is not serialised).
    ///
    /// ```
    /// use declarative::api::meta::v1::Time;
    /// assert!(Time::default().is_null());
    /// assert!(!Time::from("0001-01-01T00:00:00Z").is_null());
    /// ```
    pub fn is_null(&self) -> bool {
        self.0.is_none()
    }

    /// The RFC 3339 text, or `None` for `null`.
    ///
    /// ```
    /// use declarative::api::meta::v1::Time;
    /// assert_eq!(Time::from("x").as_str(), Some("x"));
    /// ```
    pub fn as_str(&self) -> Option<&str> {
        self.0.as_ref().map(apimachinery::time::Time::as_str)
    }
}

/// The text, or `null` for the zero time written as `null`.
///
/// ```
/// use apimachinery::field::BadValue;
/// use declarative::api::meta::v1::Time;
/// assert_eq!(BadValue::from(&Time::default()).render(), "null");
/// assert_eq!(BadValue::from(&Time::from("x")).render(), r#""x""#);
/// ```
impl From<&Time> for apimachinery::field::BadValue {
    fn from(t: &Time) -> apimachinery::field::BadValue {
        apimachinery::field::BadValue::from(t.as_str())
    }
}

impl From<&str> for Time {
    fn from(text: &str) -> Time {
        Time(Some(apimachinery::time::Time::new(text)))
    }
}

impl Serialize for Time {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl<'de> Deserialize<'de> for Time {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Time, D::Error> {
        Ok(Time(Option::<apimachinery::time::Time>::deserialize(d)?))
    }
}
