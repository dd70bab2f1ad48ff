//! Kubernetes' `runtime.RawExtension` (`k8s.io/apimachinery/pkg/runtime`,
//! `types.go` and `extension.go`, apimachinery at
//! `eed236ceee2c19c2753a3d93ac0631dc20750454`): a member of an API object
//! whose JSON is kept as the bytes the client sent.
//!
//! An API server decoding a JSON request body hands `RawExtension`'s
//! `UnmarshalJSON` the member's bytes exactly as they appear in the body
//! (the value itself, without the whitespace around it; whitespace inside
//! it included) and keeps them; only the literal `null` leaves `Raw` empty.
//! Validation then measures `len(Raw)` (`validateRawExtension` in
//! `pkg/apis/resource/validation`) and compares stored and updated objects
//! with `apiequality.Semantic.DeepEqual`, which compares `Raw` byte for
//! byte: `{"a": 1}` and `{"a":1}` are different values of the same size
//! class only by their whitespace.
//!
//! [`RawExtension`] keeps that text (`serde_json::value::RawValue`).
//! Deserialised from JSON text it holds the member's bytes as written;
//! deserialised from a `serde_json::Value` (a generated object, a Go-`null`
//! reading) it holds the value's compact text, which is what a client
//! writing that value sends. It serialises back byte-identically into JSON
//! text (`serde_json::to_string`); into a `serde_json::Value` it becomes the
//! parsed value (a `Value` keeps no whitespace). Go's empty `Raw` (member
//! missing or `null`) is an `Option<RawExtension>` that is `None`.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use serde_json::value::RawValue;

/// The JSON text of a `runtime.RawExtension` member, as received (module
/// doc). Equality compares the bytes, as Kubernetes' `DeepEqual` does.
///
/// ```
/// use apimachinery::runtime::RawExtension;
/// #[derive(serde::Deserialize, serde::Serialize)]
/// struct Opaque { parameters: Option<RawExtension> }
/// let text = r#"{"parameters": {"str": "x"}}"#;
/// let o: Opaque = serde_json::from_str(text).unwrap();
/// let raw = o.parameters.as_ref().unwrap();
/// assert_eq!(raw.get(), r#"{"str": "x"}"#);
/// assert_eq!(raw.len(), 12);
/// assert_ne!(raw, &RawExtension::from_text(r#"{"str":"x"}"#).unwrap());
/// assert_eq!(serde_json::to_string(&o).unwrap(), r#"{"parameters":{"str": "x"}}"#);
/// ```
#[derive(Clone)]
pub struct RawExtension(Box<RawValue>);

impl RawExtension {
    /// The extension holding `text`, which must be one JSON value; the
    /// whitespace around it is dropped (a decoder never hands it over),
    /// the whitespace inside it kept.
    ///
    /// ```
    /// use apimachinery::runtime::RawExtension;
    /// assert_eq!(RawExtension::from_text(" {\"a\": 1} ").unwrap().get(), "{\"a\": 1}");
    /// assert!(RawExtension::from_text("{").is_err());
    /// assert!(RawExtension::from_text("1 2").is_err());
    /// ```
    pub fn from_text(text: &str) -> Result<RawExtension, serde_json::Error> {
        RawValue::from_string(text.trim_matches([' ', '\t', '\n', '\r']).to_string())
            .map(RawExtension)
    }

    /// The extension holding `value`'s compact JSON text.
    ///
    /// ```
    /// use apimachinery::runtime::RawExtension;
    /// let raw = RawExtension::from_value(&serde_json::json!({"a": [1, "b"]}));
    /// assert_eq!(raw.get(), r#"{"a":[1,"b"]}"#);
    /// ```
    pub fn from_value(value: &Value) -> RawExtension {
        // A `Value` always serialises to one valid JSON value, so this
        // never takes the `null` arm (which only keeps the type total).
        serde_json::value::to_raw_value(value)
            .map(RawExtension)
            .unwrap_or_else(|_| RawExtension(RawValue::NULL.to_owned()))
    }

    /// The JSON text, as received.
    pub fn get(&self) -> &str {
        self.0.get()
    }

    /// The number of bytes of the text (Go's `len(raw.Raw)`).
    #[allow(clippy::len_without_is_empty)]
    pub fn len(&self) -> usize {
        self.0.get().len()
    }

    /// The text parsed (Go's `json.Unmarshal` into `any`).
    ///
    /// ```
    /// use apimachinery::runtime::RawExtension;
    /// let raw = RawExtension::from_text("[1, 2]").unwrap();
    /// assert_eq!(raw.value().unwrap(), serde_json::json!([1, 2]));
    /// ```
    pub fn value(&self) -> Result<Value, serde_json::Error> {
        serde_json::from_str(self.0.get())
    }

    /// Whether the text is the JSON literal `null`.
    ///
    /// ```
    /// use apimachinery::runtime::RawExtension;
    /// assert!(RawExtension::from_text("null").unwrap().is_null());
    /// assert!(!RawExtension::from_text("{}").unwrap().is_null());
    /// ```
    pub fn is_null(&self) -> bool {
        self.0.get() == "null"
    }

    /// Whether the text is a JSON object (its first byte opens one: the
    /// text is one valid JSON value).
    ///
    /// ```
    /// use apimachinery::runtime::RawExtension;
    /// assert!(RawExtension::from_text(r#"{"a": 1}"#).unwrap().is_object());
    /// assert!(!RawExtension::from_text("[{}]").unwrap().is_object());
    /// ```
    pub fn is_object(&self) -> bool {
        self.0.get().starts_with('{')
    }
}

impl PartialEq for RawExtension {
    fn eq(&self, other: &RawExtension) -> bool {
        crate::text_eq::str_eq(self.0.get(), other.0.get())
    }
}

impl Eq for RawExtension {}

impl std::hash::Hash for RawExtension {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.0.get().hash(state);
    }
}

impl std::fmt::Debug for RawExtension {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "RawExtension({})", self.0.get())
    }
}

impl std::fmt::Display for RawExtension {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0.get())
    }
}

impl From<Value> for RawExtension {
    fn from(value: Value) -> RawExtension {
        RawExtension::from_value(&value)
    }
}

impl crate::text_eq::TextEq for RawExtension {
    fn text_eq(&self, other: &Self) -> bool {
        self == other
    }
}

impl Serialize for RawExtension {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for RawExtension {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<RawExtension, D::Error> {
        Box::<RawValue>::deserialize(deserializer).map(RawExtension)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Deserialize, Serialize, Debug, PartialEq)]
    struct Opaque {
        #[serde(default)]
        parameters: Option<RawExtension>,
    }

    #[test]
    fn keeps_inner_whitespace_and_drops_outer() {
        let text = "{\"parameters\" :\n  {\"a\" : [1 , 2],\n \"b\": null}  \n}";
        let o: Opaque = serde_json::from_str(text).unwrap();
        let raw = o.parameters.unwrap();
        assert_eq!(raw.get(), "{\"a\" : [1 , 2],\n \"b\": null}");
        assert_eq!(raw.len(), 27);
    }

    #[test]
    fn null_and_missing_are_none() {
        let o: Opaque = serde_json::from_str(r#"{"parameters": null}"#).unwrap();
        assert!(o.parameters.is_none());
        let o: Opaque = serde_json::from_str("{}").unwrap();
        assert!(o.parameters.is_none());
    }

    #[test]
    fn serialises_the_bytes_back() {
        let text = r#"{"parameters":{"b": 1,  "a":"x"}}"#;
        let o: Opaque = serde_json::from_str(text).unwrap();
        assert_eq!(serde_json::to_string(&o).unwrap(), text);
        // into a `Value` the text is parsed (a `Value` keeps no whitespace)
        assert_eq!(
            serde_json::to_value(&o).unwrap(),
            serde_json::json!({"parameters": {"b": 1, "a": "x"}})
        );
    }

    #[test]
    fn equality_is_by_bytes() {
        let a = RawExtension::from_text(r#"{"a": 1}"#).unwrap();
        let b = RawExtension::from_text(r#"{"a":1}"#).unwrap();
        assert_ne!(a, b);
        assert_eq!(a.value().unwrap(), b.value().unwrap());
        assert_eq!(a, a.clone());
        use crate::text_eq::TextEq;
        assert!(!a.text_eq(&b) && a.text_eq(&a.clone()));
    }

    #[test]
    fn from_a_value_is_the_compact_text() {
        let value = serde_json::json!({"parameters": {"a": [1, {"b": "c"}]}});
        let o: Opaque = serde_json::from_value(value.clone()).unwrap();
        assert_eq!(o.parameters.unwrap().get(), r#"{"a":[1,{"b":"c"}]}"#);
        let o: Opaque = Opaque::deserialize(&value).unwrap();
        assert_eq!(o.parameters.unwrap().get(), r#"{"a":[1,{"b":"c"}]}"#);
    }

    #[test]
    fn a_literal_null_inside_a_value_is_kept() {
        let raw: RawExtension = serde_json::from_str("null").unwrap();
        assert!(raw.is_null() && !raw.is_object());
        assert_eq!(raw.len(), 4);
    }

    #[test]
    fn non_ascii_is_measured_in_bytes() {
        let raw = RawExtension::from_text(r#"{"k":"é"}"#).unwrap();
        assert_eq!(raw.len(), 10);
    }
}
