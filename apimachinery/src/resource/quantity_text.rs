//! `QuantityText`: the value of a `resource.Quantity` field as the request
//! carried it, compared as `apiequality.Semantic` compares quantities.
//!
//! Kubernetes decodes a quantity into a number and compares two quantities
//! with `Cmp` (apimachinery `pkg/api/equality/semantic.go`, commit
//! eed236ceee2c19c2753a3d93ac0631dc20750454: "Ignore formatting, only care
//! that numeric value stayed the same"), so `1Gi` equals `1073741824` and
//! `0.5` equals `500m`. The harness keeps the text as received, so that
//! objects serialise back byte for byte and error values print the text;
//! equality is by value.
//!
//! A text that does not parse is a decode error in Kubernetes (the request
//! never reaches validation). Such text is kept as it is, as before, and two
//! such texts compare as text (a parseable and an unparseable text are
//! never equal).

use super::quantity::{Quantity, parse_quantity};
use crate::text_eq::{TextEq, str_eq};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A quantity field's value: the text (from a JSON string or a bare JSON
/// number, as Kubernetes accepts both), its value when it parses, and
/// whether it was a number (so that it serialises back the same way).
///
/// ```
/// use apimachinery::resource::QuantityText;
/// let gi: QuantityText = serde_json::from_str(r#""1Gi""#).unwrap();
/// let bytes: QuantityText = serde_json::from_str("1073741824").unwrap();
/// assert_eq!(gi, bytes);
/// assert_eq!(gi.as_str(), "1Gi");
/// assert_eq!(serde_json::to_string(&bytes).unwrap(), "1073741824");
/// assert_ne!(gi, QuantityText::from("1G"));
/// assert_eq!(QuantityText::from("1.5x"), QuantityText::from("1.5x"));
/// assert_ne!(QuantityText::from("1.5x"), QuantityText::from("1.50x"));
/// ```
#[derive(Debug, Clone)]
pub struct QuantityText {
    text: String,
    number: bool,
    value: Option<Quantity>,
}

impl QuantityText {
    /// A quantity written as a JSON string.
    ///
    /// ```
    /// let q = apimachinery::resource::QuantityText::new("500m");
    /// assert_eq!(q.value().map(ToString::to_string).as_deref(), Some("500m"));
    /// ```
    pub fn new(text: impl Into<String>) -> QuantityText {
        QuantityText::with_form(text.into(), false)
    }

    fn with_form(text: String, number: bool) -> QuantityText {
        let value = parse_quantity(&text).ok();
        QuantityText {
            text,
            number,
            value,
        }
    }

    /// The text as received.
    ///
    /// ```
    /// assert_eq!(apimachinery::resource::QuantityText::new("0.5").as_str(), "0.5");
    /// ```
    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// The value as Kubernetes' decoder reads the text (surrounding spaces
    /// trimmed), or `None` when it does not parse.
    ///
    /// ```
    /// use apimachinery::resource::QuantityText;
    /// assert!(QuantityText::new("1Ki").value().is_some());
    /// assert!(QuantityText::new("1Kb").value().is_none());
    /// ```
    pub fn value(&self) -> Option<&Quantity> {
        self.value.as_ref()
    }

    /// Whether the value was a bare JSON number.
    ///
    /// ```
    /// use apimachinery::resource::QuantityText;
    /// assert!(serde_json::from_str::<QuantityText>("2").unwrap().is_number());
    /// assert!(!QuantityText::new("2").is_number());
    /// ```
    pub fn is_number(&self) -> bool {
        self.number
    }
}

impl std::ops::Deref for QuantityText {
    type Target = str;

    fn deref(&self) -> &str {
        &self.text
    }
}

impl std::fmt::Display for QuantityText {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text)
    }
}

/// The text as received (a string), as the ports print a quantity.
///
/// ```
/// use apimachinery::{field::BadValue, resource::QuantityText};
/// assert_eq!(BadValue::from(&QuantityText::new("1Gi")).render(), r#""1Gi""#);
/// ```
impl From<&QuantityText> for crate::field::BadValue {
    fn from(q: &QuantityText) -> crate::field::BadValue {
        crate::field::BadValue::from(q.as_str())
    }
}

impl From<&str> for QuantityText {
    fn from(text: &str) -> QuantityText {
        QuantityText::new(text)
    }
}

impl From<String> for QuantityText {
    fn from(text: String) -> QuantityText {
        QuantityText::new(text)
    }
}

/// `apiequality.Semantic`: equal values are equal quantities, whatever the
/// notation; texts that do not parse compare as text.
impl PartialEq for QuantityText {
    fn eq(&self, other: &QuantityText) -> bool {
        match (&self.value, &other.value) {
            (Some(a), Some(b)) => a == b,
            (None, None) => str_eq(&self.text, &other.text),
            _ => false,
        }
    }
}

impl Eq for QuantityText {}

impl TextEq for QuantityText {
    #[inline]
    fn text_eq(&self, other: &QuantityText) -> bool {
        self == other
    }
}

impl Serialize for QuantityText {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.number
            && let Ok(n) = self.text.parse::<serde_json::Number>()
        {
            return n.serialize(s);
        }
        s.serialize_str(&self.text)
    }
}

#[derive(Deserialize)]
#[serde(untagged)]
enum Form {
    Text(String),
    Number(serde_json::Number),
}

impl<'de> Deserialize<'de> for QuantityText {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<QuantityText, D::Error> {
        Ok(match Form::deserialize(d)? {
            Form::Text(text) => QuantityText::with_form(text, false),
            Form::Number(n) => QuantityText::with_form(n.to_string(), true),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(s: &str) -> QuantityText {
        QuantityText::new(s)
    }

    #[test]
    fn equal_values_in_other_notations_are_equal() {
        for (a, b) in [
            ("1Gi", "1073741824"),
            ("0.5", "500m"),
            ("1k", "1000"),
            ("1e3", "1k"),
            ("0", "0Gi"),
            ("-0", "0"),
            (" 1Gi ", "1Gi"),
            ("100Mi", "104857600"),
        ] {
            assert_eq!(q(a), q(b), "{a} {b}");
            assert!(q(a).text_eq(&q(b)), "{a} {b}");
        }
    }

    #[test]
    fn different_values_differ() {
        for (a, b) in [("1Gi", "1G"), ("1", "1001m"), ("-1", "1"), ("1Gi", "x")] {
            assert_ne!(q(a), q(b), "{a} {b}");
            assert!(!q(a).text_eq(&q(b)), "{a} {b}");
        }
    }

    #[test]
    fn json_round_trips_byte_for_byte() {
        for text in [r#""1Gi""#, "1", "0.5", r#""0.50""#, r#""bad""#, "-3"] {
            let v: QuantityText = serde_json::from_str(text).unwrap();
            assert_eq!(serde_json::to_string(&v).unwrap(), text);
        }
        assert!(serde_json::from_str::<QuantityText>("true").is_err());
        assert!(serde_json::from_str::<QuantityText>("{}").is_err());
    }

    #[test]
    fn keeps_the_text() {
        let v = q("1073741824");
        assert_eq!(&*v, "1073741824");
        assert_eq!(v.to_string(), "1073741824");
        let gi = q("1Gi");
        assert_eq!(v.value(), gi.value());
        assert_eq!(gi.value().map(ToString::to_string).as_deref(), Some("1Gi"));
    }
}
