//! Kubernetes' `intstr.IntOrString` (`k8s.io/apimachinery/pkg/util/intstr`):
//! a JSON number or a JSON string.
//!
//! Reading is hand-written because it must match Go's decoder: the type
//! has its own `UnmarshalJSON`, which Go calls for a `null` too when the
//! field is not a pointer (`HTTPGetAction.port`, `TCPSocketAction.port`).
//! Text starting with a quote is a string; anything else is read into an
//! `int32`, where `null` leaves the zero value: so `null` is the integer 0.
//! A number with a fraction or an exponent, or outside `int32`, is an error,
//! as Go's `int32` reading is. A `*IntOrString` field is `Option` here and
//! `null` is `None` before this type is asked, as Go leaves the pointer nil.

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Kubernetes' `intstr.IntOrString`: a JSON number or a JSON string.
///
/// ```
/// use declarative::api::networking::v1::IntOrString;
/// assert_eq!(serde_json::from_str::<IntOrString>("80").unwrap(), IntOrString::Int(80));
/// assert_eq!(serde_json::from_str::<IntOrString>(r#""http""#).unwrap(), IntOrString::String("http".into()));
/// // Go calls the type's own reader with `null`, which leaves the integer 0
/// assert_eq!(serde_json::from_str::<IntOrString>("null").unwrap(), IntOrString::Int(0));
/// assert!(serde_json::from_str::<IntOrString>("8.5").is_err());
/// assert!(serde_json::from_str::<IntOrString>("2147483648").is_err());
/// ```
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(untagged)]
pub enum IntOrString {
    /// A number.
    Int(i32),
    /// A string.
    String(String),
}

impl apimachinery::text_eq::TextEq for IntOrString {
    #[inline]
    fn text_eq(&self, other: &IntOrString) -> bool {
        match (self, other) {
            (IntOrString::Int(a), IntOrString::Int(b)) => a == b,
            (IntOrString::String(a), IntOrString::String(b)) => apimachinery::text_eq::str_eq(a, b),
            _ => false,
        }
    }
}

/// Reads what Go's `IntOrString.UnmarshalJSON` accepts (module doc).
struct IntOrStringVisitor;

impl<'de> Visitor<'de> for IntOrStringVisitor {
    type Value = IntOrString;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an int32 or a string")
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<IntOrString, E> {
        i32::try_from(v)
            .map(IntOrString::Int)
            .map_err(|_| E::invalid_value(de::Unexpected::Signed(v), &self))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<IntOrString, E> {
        i32::try_from(v)
            .map(IntOrString::Int)
            .map_err(|_| E::invalid_value(de::Unexpected::Unsigned(v), &self))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<IntOrString, E> {
        Ok(IntOrString::String(v.to_owned()))
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<IntOrString, E> {
        Ok(IntOrString::String(v))
    }

    fn visit_unit<E: de::Error>(self) -> Result<IntOrString, E> {
        Ok(IntOrString::Int(0))
    }

    fn visit_none<E: de::Error>(self) -> Result<IntOrString, E> {
        Ok(IntOrString::Int(0))
    }
}

impl<'de> Deserialize<'de> for IntOrString {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<IntOrString, D::Error> {
        d.deserialize_any(IntOrStringVisitor)
    }
}

#[cfg(test)]
mod tests {
    use super::IntOrString;

    #[test]
    fn non_pointer_null_is_zero_and_pointer_null_is_absent() {
        #[derive(serde::Deserialize)]
        struct Both {
            port: IntOrString,
            pointer: Option<IntOrString>,
        }
        let b: Both = serde_json::from_str(r#"{"port": null, "pointer": null}"#).unwrap();
        assert_eq!(b.port, IntOrString::Int(0));
        assert_eq!(b.pointer, None);
    }

    #[test]
    fn values_go_rejects_are_errors() {
        for text in ["true", "1e2", "-2147483649", "[]", "{}"] {
            assert!(
                serde_json::from_str::<IntOrString>(text).is_err(),
                "{text} must not read"
            );
        }
        assert_eq!(
            serde_json::from_str::<IntOrString>("-2147483648").unwrap(),
            IntOrString::Int(i32::MIN)
        );
    }

    #[test]
    fn writes_back_as_read() {
        for text in ["80", "\"http\"", "\"\""] {
            let v: IntOrString = serde_json::from_str(text).unwrap();
            assert_eq!(serde_json::to_string(&v).unwrap(), text);
        }
    }
}
