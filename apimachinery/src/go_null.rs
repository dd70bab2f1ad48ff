//! JSON `null` read as Go's `encoding/json` reads it into a Kubernetes
//! object.
//!
//! Go decodes `null` into a pointer, slice, map or interface as nil and
//! leaves a value of any other type as it was (in a freshly decoded object:
//! its zero value). So `"finalizers": null`, `"containers": null`,
//! `"labels": null` or `"name": null` mean the same to an API server as the
//! member being absent; `["a", null]` is a list of `"a"` and `""`. Go's own
//! `json.Marshal` writes `null` for a nil slice or map without `omitempty`
//! (`containers`, for one), so objects taken from Go tests carry it.
//!
//! serde's derived types reject `null` for a `Vec`, a map, a `String`, a
//! number, a bool and a struct. [`GoNull`] is a deserializer over a
//! `serde_json::Value` that answers what the type asks for: `null` gives an
//! empty sequence or map, `""`, zero, `false`, a struct from no members
//! (its defaults), `None` for an `Option`; a type that takes any JSON (a
//! `serde_json::Value`) gets the `null` itself, as Go keeps raw bytes; a
//! raw member (`apimachinery::runtime::RawExtension`) gets the `Value`'s
//! compact text, `null`s inside it kept: on this fallback reading the
//! whitespace a client wrote inside a raw member is lost (the plain
//! reading of the text keeps it). Everything that is not `null`
//! deserialises exactly as from the `Value`, children through `GoNull`
//! again.
//!
//! Hand-written because it must match Go's decoder exactly. The harness
//! engine uses it for what comes from outside (case files, request objects,
//! `/scale` bodies, the unknown-key check), and only after the plain
//! deserialisation failed, so a document without such a `null` is read as
//! before and at the same cost. Generated objects keep the plain reading:
//! the generator's repair writes `null` for a missing field to learn its
//! type from the error. API types that keep a member as JSON and decode it
//! later (`resource/v1`'s allocation node selector) read it through
//! [`GoNull`] too, so there is one reading of Go's `null` in the workspace.

use serde::de::value::BorrowedStrDeserializer;
use serde::de::{
    DeserializeOwned, DeserializeSeed, Deserializer, IntoDeserializer, MapAccess, SeqAccess,
    Visitor,
};
use serde_json::Value;

/// The newtype name through which `serde_json::value::RawValue` asks a
/// deserializer for raw text (serde_json's private token; the test
/// `raw_values_are_read_through_the_value` fails if it changes).
const RAW_VALUE_TOKEN: &str = "$serde_json::private::RawValue";

/// A deserializer over a JSON value that reads `null` as Go does (module doc).
///
/// ```
/// use apimachinery::go_null::GoNull;
/// use serde::Deserialize;
/// #[derive(Deserialize, Debug, PartialEq)]
/// struct Meta {
///     #[serde(default)]
///     name: String,
///     #[serde(default)]
///     finalizers: Vec<String>,
///     #[serde(default)]
///     labels: std::collections::BTreeMap<String, String>,
///     #[serde(default)]
///     generation: Option<i64>,
/// }
/// let v = serde_json::json!({"name": null, "finalizers": ["a", null], "labels": null, "generation": null});
/// let m = Meta::deserialize(GoNull(&v)).unwrap();
/// assert_eq!(m.finalizers, ["a", ""]);
/// assert!(m.name.is_empty() && m.labels.is_empty() && m.generation.is_none());
/// // a type that takes any JSON keeps the null
/// let raw = serde_json::Value::deserialize(GoNull(&serde_json::json!({"a": null}))).unwrap();
/// assert_eq!(raw, serde_json::json!({"a": null}));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct GoNull<'de>(pub &'de Value);

/// Deserialises `T` from `value` reading `null` as Go does; on failure the
/// error names the JSON path (`serde_path_to_error`).
///
/// ```
/// let v = serde_json::json!({"a": null, "b": "x"});
/// #[derive(serde::Deserialize)]
/// struct S { #[serde(default)] a: Vec<i32>, b: i32 }
/// let e = apimachinery::go_null::from_value::<S>(&v).err().unwrap();
/// assert_eq!(e.path().to_string(), "b");
/// ```
pub fn from_value<T: DeserializeOwned>(
    value: &Value,
) -> Result<T, serde_path_to_error::Error<serde_json::Error>> {
    serde_path_to_error::deserialize(GoNull(value))
}

/// Whether `value` holds a `null` anywhere (the only documents [`GoNull`]
/// reads differently from the plain `Value`).
///
/// ```
/// use apimachinery::go_null::has_null;
/// assert!(has_null(&serde_json::json!({"a": [1, {"b": null}]})));
/// assert!(!has_null(&serde_json::json!({"a": [1, {"b": 2}]})));
/// ```
pub fn has_null(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Array(items) => items.iter().any(has_null),
        Value::Object(members) => members.values().any(has_null),
        _ => false,
    }
}

/// The elements of an array (or of `null`: none), each through [`GoNull`].
struct Elements<'de>(std::slice::Iter<'de, Value>);

impl<'de> SeqAccess<'de> for Elements<'de> {
    type Error = serde_json::Error;

    fn next_element_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<Option<S::Value>, Self::Error> {
        match self.0.next() {
            Some(value) => seed.deserialize(GoNull(value)).map(Some),
            None => Ok(None),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.0.len())
    }
}

/// The members of an object (or of `null`: none), values through [`GoNull`].
struct Members<'de> {
    members: Option<serde_json::map::Iter<'de>>,
    value: Option<&'de Value>,
}

impl<'de> MapAccess<'de> for Members<'de> {
    type Error = serde_json::Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Self::Error> {
        let Some((key, value)) = self.members.as_mut().and_then(Iterator::next) else {
            return Ok(None);
        };
        self.value = Some(value);
        seed.deserialize(BorrowedStrDeserializer::<serde_json::Error>::new(key))
            .map(Some)
    }

    fn next_value_seed<S: DeserializeSeed<'de>>(
        &mut self,
        seed: S,
    ) -> Result<S::Value, Self::Error> {
        match self.value.take() {
            Some(value) => seed.deserialize(GoNull(value)),
            None => Err(serde::de::Error::custom(
                "a map value was asked for before its key",
            )),
        }
    }

    fn size_hint(&self) -> Option<usize> {
        self.members.as_ref().map(ExactSizeIterator::len)
    }
}

impl<'de> GoNull<'de> {
    fn elements(self) -> Option<Elements<'de>> {
        match self.0 {
            Value::Null => Some(Elements([].iter())),
            Value::Array(items) => Some(Elements(items.iter())),
            _ => None,
        }
    }

    fn members(self) -> Option<Members<'de>> {
        match self.0 {
            Value::Null => Some(Members {
                members: None,
                value: None,
            }),
            Value::Object(members) => Some(Members {
                members: Some(members.iter()),
                value: None,
            }),
            _ => None,
        }
    }
}

/// `deserialize_<scalar>`: `null` is the zero value, anything else as the `Value` reads it.
macro_rules! zero_on_null {
    ($($method:ident => $visit:ident($zero:expr);)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
                match self.0 {
                    Value::Null => visitor.$visit($zero),
                    other => other.$method(visitor),
                }
            }
        )*
    };
}

impl<'de> Deserializer<'de> for GoNull<'de> {
    type Error = serde_json::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        match self.0 {
            Value::Array(items) => visitor.visit_seq(Elements(items.iter())),
            Value::Object(members) => visitor.visit_map(Members {
                members: Some(members.iter()),
                value: None,
            }),
            other => other.deserialize_any(visitor),
        }
    }

    zero_on_null! {
        deserialize_bool => visit_bool(false);
        deserialize_i8 => visit_i8(0);
        deserialize_i16 => visit_i16(0);
        deserialize_i32 => visit_i32(0);
        deserialize_i64 => visit_i64(0);
        deserialize_i128 => visit_i128(0);
        deserialize_u8 => visit_u8(0);
        deserialize_u16 => visit_u16(0);
        deserialize_u32 => visit_u32(0);
        deserialize_u64 => visit_u64(0);
        deserialize_u128 => visit_u128(0);
        deserialize_f32 => visit_f32(0.0);
        deserialize_f64 => visit_f64(0.0);
        deserialize_str => visit_borrowed_str("");
        deserialize_string => visit_borrowed_str("");
        deserialize_bytes => visit_borrowed_bytes(&[]);
        deserialize_byte_buf => visit_borrowed_bytes(&[]);
    }

    fn deserialize_char<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        self.0.deserialize_char(visitor)
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        match self.0 {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        self.0.deserialize_unit(visitor)
    }

    fn deserialize_unit_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        self.0.deserialize_unit_struct(name, visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        // A raw JSON member (`RawValue`, a `runtime.RawExtension`) asks
        // through this name for its text, which only the `Value`'s own
        // deserializer gives (its compact text: the fallback loses the
        // member's whitespace).
        if name == RAW_VALUE_TOKEN {
            return self.0.deserialize_newtype_struct(name, visitor);
        }
        visitor.visit_newtype_struct(self)
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        match self.elements() {
            Some(elements) => visitor.visit_seq(elements),
            None => self.0.deserialize_seq(visitor),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        match self.0 {
            Value::Array(items) => visitor.visit_seq(Elements(items.iter())),
            other => other.deserialize_tuple(len, visitor),
        }
    }

    fn deserialize_tuple_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        len: usize,
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        match self.0 {
            Value::Array(items) => visitor.visit_seq(Elements(items.iter())),
            other => other.deserialize_tuple_struct(name, len, visitor),
        }
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        match self.members() {
            Some(members) => visitor.visit_map(members),
            None => self.0.deserialize_map(visitor),
        }
    }

    fn deserialize_struct<V: Visitor<'de>>(
        self,
        name: &'static str,
        fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        match self.members() {
            Some(members) => visitor.visit_map(members),
            None => self.0.deserialize_struct(name, fields, visitor),
        }
    }

    fn deserialize_enum<V: Visitor<'de>>(
        self,
        name: &'static str,
        variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Self::Error> {
        self.0.deserialize_enum(name, variants, visitor)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        self.0.deserialize_identifier(visitor)
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Self::Error> {
        visitor.visit_unit()
    }
}

impl<'de> IntoDeserializer<'de, serde_json::Error> for GoNull<'de> {
    type Deserializer = GoNull<'de>;

    fn into_deserializer(self) -> Self::Deserializer {
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use std::collections::BTreeMap;

    #[derive(Deserialize, Debug, PartialEq, Default)]
    #[serde(rename_all = "camelCase")]
    struct Port {
        #[serde(default)]
        name: String,
        #[serde(default)]
        container_port: i32,
        #[serde(default)]
        host_ip: Option<String>,
    }

    #[derive(Deserialize, Debug, PartialEq, Default)]
    struct Container {
        #[serde(default)]
        ports: Vec<Port>,
        #[serde(default)]
        port: Port,
        #[serde(default)]
        env: BTreeMap<String, String>,
        #[serde(default)]
        privileged: bool,
        #[serde(default)]
        raw: Option<Value>,
    }

    #[test]
    fn null_is_the_zero_value_of_every_non_nilable_type() {
        let v = serde_json::json!({
            "ports": [null, {"name": null, "containerPort": null, "hostIp": null}],
            "port": null,
            "env": {"A": null},
            "privileged": null,
        });
        let c = Container::deserialize(GoNull(&v)).unwrap();
        assert_eq!(c.ports, vec![Port::default(), Port::default()]);
        assert_eq!(c.port, Port::default());
        assert_eq!(c.env.get("A").map(String::as_str), Some(""));
        assert!(!c.privileged);
        // the same document is rejected by the plain reading
        assert!(Container::deserialize(&v).is_err());
    }

    #[test]
    fn documents_without_null_read_as_the_value_reads_them() {
        let v = serde_json::json!({"ports": [{"name": "a", "containerPort": 80}], "env": {"A": "b"},
            "raw": {"x": [1, null]}});
        let plain = Container::deserialize(&v).unwrap();
        assert_eq!(Container::deserialize(GoNull(&v)).unwrap(), plain);
        assert_eq!(plain.raw, Some(serde_json::json!({"x": [1, null]})));
        assert!(!has_null(&serde_json::json!({"ports": []})));
    }

    #[test]
    fn raw_values_are_read_through_the_value() {
        #[derive(Deserialize)]
        struct Opaque {
            #[serde(default)]
            name: String,
            #[serde(default)]
            parameters: Option<crate::runtime::RawExtension>,
            #[serde(default)]
            boxed: Option<Box<serde_json::value::RawValue>>,
        }
        let v: Value = serde_json::from_str(
            r#"{"name": null, "parameters": {"a": [1, null]}, "boxed": [ true ]}"#,
        )
        .unwrap();
        let o = Opaque::deserialize(GoNull(&v)).unwrap();
        assert!(o.name.is_empty());
        assert_eq!(o.parameters.unwrap().get(), r#"{"a":[1,null]}"#);
        assert_eq!(o.boxed.unwrap().get(), "[true]");
        let v = serde_json::json!({"parameters": null});
        assert!(
            Opaque::deserialize(GoNull(&v))
                .unwrap()
                .parameters
                .is_none()
        );
    }

    #[test]
    fn type_errors_stay_errors_with_their_path() {
        let v = serde_json::json!({"ports": [null, {"containerPort": "eighty"}]});
        let e = from_value::<Container>(&v).err().unwrap();
        assert_eq!(e.path().to_string(), "ports[1].containerPort");
        assert!(e.inner().to_string().contains("invalid type: string"));
    }
}
